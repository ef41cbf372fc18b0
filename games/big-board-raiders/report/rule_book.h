// The rules reference as Rutland shows it: every rule ID it cites ("S-6", "BD-1", "D-24"), the
// table language ("COMMANDS.md") and a section of the rules ("RULES.md section 2"), each with its
// words. The words are the project's reference itself, games/big-board-raiders/docs/RULES.md and
// COMMANDS.md, compiled in at build time (embed_rules.cmake) and read here: one source.
//
// Invariants:
//  1. Every ID of RULES.md (an ID opening a list item, or a decision's row in section 14) is one
//     entry, in the order RULES.md first gives it; tests/rule_ids.txt lists the same IDs
//     (tests/check_rule_coverage.cmake), and a test checks every one of them resolves here.
//  2. An entry's words are RULES.md's, with only the Markdown marks (`*`, backticks) taken out and
//     the continuation lines joined: nothing is reworded, so what Rutland shows is what the
//     reference says. A decision with a list item of its own (D-2) keeps it, followed by its row.
//  3. Nothing durable or hashed depends on these words (they are a view, like effect_text.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rutland::bbr {

struct RuleText {
    std::string id;       // "S-6", "D-24", "COMMANDS.md", "RULES.md section 8"
    std::string section;  // "8. Selling and shorting" (the section of RULES.md it is in)
    std::string title;    // a short name: the rule's first clause, a decision's question
    std::string text;     // the whole rule, plain text; '\n' between paragraphs
};

// The reference files' bytes as compiled in (embed_rules.cmake writes them).
std::string_view RulesReferenceText();
std::string_view CommandsReferenceText();

// Every rule and decision of RULES.md in the reference's order (invariant 1); then the sections
// and the table language, which rejections cite too.
const std::vector<RuleText>& AllRules();

// The entry for `id` ("S-6", "s-6", " D-24 ", "COMMANDS.md", "RULES.md section 2"), or null.
const RuleText* FindRule(std::string_view id);

// For an ID that does not resolve: the known IDs it is nearest to (a typo, a missing dash, the
// wrong number of a letter that exists), at most `most`, the nearest first.
std::vector<std::string> NearestRuleIds(std::string_view id, size_t most = 3);

// Parses a reference in RULES.md's form (exposed for the tests: the compiled-in one is AllRules).
std::vector<RuleText> ParseRulesReference(std::string_view rules_md, std::string_view commands_md);

} // namespace rutland::bbr
