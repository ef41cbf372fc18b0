// Big Board Raiders' rule IDs in the shell's words, and its F1 window. The IDs are found by the
// game's view (view/rule_mentions.h) and read from its rule book (report/rule_book.h); the shell
// underlines them in any wrapped text and records the one under the mouse (rule_text_draw.h),
// through the hook BbrScreen lends it (GameScreen::Rules).
#pragma once

#include "rule_text_draw.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

struct UiState;

// A hook finding the game's rule IDs (every one the rules reference has: "S-6", "COMMANDS.md",
// "RULES.md section 2").
RuleHook BbrRuleHook();

// Once a frame, after the panels. F1 opens the rule under the mouse, else the one the entry line
// shows (its rejection, the preview's rejection or first warning); `ui.rule.request` does the same
// (the screenshot's --f1). The window shows the rule's words until Esc or Close; an ID in them
// opens its own rule on F1 too.
void DrawRuleWindow(RuleHook& rules, UiState& ui);

} // namespace rutland::bbr::dash
