// A rule ID shown anywhere in the dashboard can be read where it is shown: its words (the rules
// reference compiled in, report/rule_book.h) in a tooltip under the mouse, and in a window on F1.
// The IDs are found in the words by the view (view/rule_mentions.h); the panels change by a call.
#pragma once

#include <string_view>

namespace rutland::dash {

struct UiState;

// After a one-line text item that drew exactly `text` (TextWrappedWords does it for every line it
// draws): each rule ID in it is underlined, and the one under the mouse shows its words in a
// tooltip and is the one F1 opens (DrawRuleWindow).
void RuleHoverLastItem(std::string_view text);

// Once a frame, after the panels. F1 opens the rule under the mouse, else the one the entry line
// shows (its rejection, the preview's rejection or first warning); `ui.rule.request` does the same
// (the screenshot's --f1). The window shows the rule's words until Esc or Close; an ID in them
// opens its own rule on F1 too.
void DrawRuleWindow(UiState& ui);

} // namespace rutland::dash
