// A rule ID shown anywhere in the dashboard can be read where it is shown: underlined, its words in
// a tooltip under the mouse, and in a window on F1. Which words are the open game's rule IDs, and
// what each says, is the game's: its screen lends the shell a RuleHook (GameScreen::Rules), which
// App makes the frame's for as long as the screen draws (RuleHookScope). The shell draws the
// underline and records the ID under the mouse; the screen's own rule window (Big Board Raiders':
// games/big-board-raiders/dashboard/rule_window.h; the desk's: desk.cpp) takes it at the end of
// the frame and shows its words, with DrawRuleTooltip and DrawRuleBody below.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rule_ids.h"

struct ImGuiContext;

namespace rutland::dash {

// Where words cite one of the open game's rules: bytes [begin, begin + size) name `id` (the ID the
// game's rule book knows it by, whatever the words' spelling). A game known only through the
// facade finds them with view::FindRuleIds (rule_ids.h).
using RuleMention = view::RuleIdAt;

// What a screen lends the shell's text for a frame. `find` finds the game's rule IDs in words (no
// GUI, no state); `found` keeps what it found, so each text is searched once, when it changes, not
// once a frame (rule_ids.h RuleIdCache). The rest is the frame's: the rule under the mouse, with the
// frame and the ImGui context it was set in (the players' window draws with its own), so nothing is
// read in another frame or window.
struct RuleHook {
    std::function<std::vector<RuleMention>(std::string_view)> find;
    view::RuleIdCache found;
    std::string hovered;
    const ImGuiContext* context = nullptr;
    int frame = -1;
};

// While one lives, `hook` is the frame's (null: no game's rules, nothing is underlined); App makes
// one around a screen's Draw and its players' window. The previous one comes back after it.
class RuleHookScope {
public:
    explicit RuleHookScope(RuleHook* hook);
    ~RuleHookScope();
    RuleHookScope(const RuleHookScope&) = delete;
    RuleHookScope& operator=(const RuleHookScope&) = delete;

private:
    RuleHook* m_previous;
};

// After a one-line text item that drew exactly `text` (TextWrappedWords does it for every line it
// draws): each of the frame's game's rule IDs in it is underlined, and the one under the mouse is
// recorded in the hook for the screen's rule window to show (TakeHoveredRule).
void RuleHoverLastItem(std::string_view text);

// The rule under the mouse in this frame and ImGui context ("" none); the hook forgets it.
std::string TakeHoveredRule(RuleHook& hook);

// A rule as its tooltip and window show it: a heading in the accent colour, where it is in the
// game's reference (may be ""), then its words a paragraph a line ('\n' between paragraphs).
struct RuleWords {
    std::string heading;
    std::string where;
    std::string text;
};

// The width both are drawn at: 32 ems.
float RuleWidth();
void DrawRuleBody(const RuleWords& rule);
// The body in a tooltip at the mouse, with "F1: keep it open" under it.
void DrawRuleTooltip(const RuleWords& rule);

} // namespace rutland::dash
