// Where the words Rutland shows cite a rule (report/rule_book.h): "rejected: no Ask for Yellow at
// Fulwell (B-1)", "! Bob's 10,000 Red short is called at market (D-13)", "[Y-2]", "(COMMANDS.md)",
// "(BD-1, RULES.md section 2)". The dashboard draws a tooltip and F1 over each such place
// (dashboard/rule_window.h); the shared page taps on them (games/big-board-raiders/web/page_model.h). No GUI here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "report/rule_book.h"

namespace rutland::bbr {

struct RuleMention {
    size_t begin = 0;  // bytes into the words
    size_t size = 0;
    const RuleText* rule = nullptr;  // never null: only IDs the rules reference has are mentions
};

// Every rule the words cite, in order: an ID standing as a word of its own (not "T-04", a Time
// card; not "N-1" inside "0..N-1", which is no rule), "COMMANDS.md", "RULES.md section N".
std::vector<RuleMention> FindRuleMentions(std::string_view words);

// The tooltip's and the F1 window's heading: "S-6  Margin calls cover a player's whole position
// in that company", and under it "RULES.md section 8. Selling and shorting" (none for a section
// or COMMANDS.md, whose heading says it).
std::string RuleHeading(const RuleText& rule);
std::string RuleWhere(const RuleText& rule);

} // namespace rutland::bbr
