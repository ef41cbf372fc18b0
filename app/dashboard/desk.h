// The desk of any game (view/host_desk.h, over kit/host/open_game.h): what a game that is not Big
// Board Raiders is played on, with the game's own panels, if it brings any, in their slots
// (desk_panel.h, listed in desk_games.cpp: Flutter's board in a side column, its tables as tabs of
// the right column beside the ledger's), the screen (desk_screen.h) of any game without one of its
// own (desk_games.h: Big Board Raiders has its own). This desk is the shell's part every game gets: the entry line, the ledger, the instructions, the
// game's state, the questions (undo/redo confirm, the game's AskFirst, a line the game moved under),
// time travel and the rule window. Each panel is its own file (panel_desk_*.cpp), a function of the
// desk that asks for changes through the DeskOutbox, applied by desk.cpp after the frame.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "fonts.h"
#include "desk_panel.h"
#include "host_desk.h"
#include "game_screen.h"  // kEntryBytes
#include "rule_text_draw.h"

namespace rutland::dash {

// The outbox (DeskOutbox, DeskAction) is desk_panel.h's: a game's own panels ask through it too.

// The desk's own UI state, kept by the app between frames.
struct DeskUi {
    std::array<char, kEntryBytes> buffer{};
    int generation = 0;          // part of the field's id: bumped when the app empties or replaces the line
    bool just_activated = false; // the field was not active before this frame (caret to the end)
    std::string rule_open;       // the rule whose words are in the rule window ("" none)
    std::string rule_hovered;    // the rule ID under the mouse this frame
    RuleHook rules;              // the game's rule IDs in the shell's wrapped words (DeskScreen::Rules)
    bool rule_request = false;   // F1 (or --f1)
    bool clear_entry = false;    // Esc or an Enter that took the line: emptied after the frame
    bool scroll_to_end = true;   // the ledger follows new entries
    std::string tab_request;     // a tab of the right column to bring to the front next frame (--tab, F2...)
};

struct DeskView {
    view::HostDesk& desk;        // its caches fill as the panels read (host_desk.h invariant 4)
    const Fonts& fonts;
};

// The panels (one file each).
void DrawDeskEntry(DeskView& v, DeskUi& ui, DeskOutbox& out);         // panel_desk_entry.cpp
void DrawDeskLedger(DeskView& v, DeskUi& ui, DeskOutbox& out);        // panel_desk_ledger.cpp
void DrawDeskInstructions(DeskView& v, DeskUi& ui, DeskOutbox& out);  // panel_desk_instructions.cpp
void DrawDeskState(DeskView& v, DeskUi& ui, DeskOutbox& out);         // panel_desk_state.cpp
void DrawDeskStrip(DeskView& v, DeskUi& ui, DeskOutbox& out);         // panel_desk_strip.cpp
// The players' strip's height in a band of that width (0: the game shows no players' money).
float DeskStripHeight(DeskView& v, float width);

// The words of a rule shown in the desk: under the mouse, `id` shows its words in a tooltip and
// is the one F1 opens (desk.cpp).
void DeskRuleHover(DeskView& v, DeskUi& ui, const std::string& id);
// Its tooltip: the ID and the game's words for it (none when the game has no such rule).
void DeskRuleTooltip(DeskView& v, const std::string& id);

// The whole desk in the current window: the top bar, the panels, the status line, the question
// box and the rule window; `panel` ("" all) draws one panel filling the window (--panel).
void DrawDesk(DeskView& v, DeskUi& ui, DeskOutbox& out, const std::string& panel);
// The keys of the desk (Esc, PgUp/PgDn, Ctrl+Z/Y, F1), before the panels.
void DeskKeys(DeskView& v, DeskUi& ui, DeskOutbox& out);
// A panel of the desk --panel can name: entry, instructions, state, ledger, or a game's own
// (desk_games.h: Flutter's board, players, round-end, tokens, claims).
bool IsDeskPanel(const std::string& name);
// Applies what the panels asked for, after the frame.
void DeskApply(view::HostDesk& desk, DeskUi& ui, DeskOutbox& out);
// The players' window (F11) of a desk game: the game's panels marked for it (desk_panel.h
// GamePanel::players_window) side by side, large; a game with none: its state's words, large.
void DrawDeskPlayers(DeskView& v);

} // namespace rutland::dash
