// A game's rules reference as its docs/RULES.md has it, compiled in (kit/embed_rules.cmake, rutland_embed_rules):
// a rule is a list item `- ID words...` (its words run on over indented lines, a table after it and
// a paragraph after the table included) or a row `| ID | ... |` of a decisions table. Every game
// whose rules reference is written so reads its rules' words and IDs here (OpenGame::RuleText,
// GameDefinition::rule_text and rule_ids), so `rutland-cli rule`, the tooltips and F1 show what the
// file says. No GUI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rutland::view {

// The words of rule `id` in `text` ("" when it has no such rule).
std::string RuleBookWords(std::string_view text, std::string_view id);
// Every rule ID of `text`, in the order they first stand.
std::vector<std::string> RuleBookIds(std::string_view text);

} // namespace rutland::view
