// What the desk (desk.h) lends a game's own panels (games/<name>/panels/): the outbox they may ask
// through, the view they read, and the desk's colours. Game-free and free of the rest of the
// dashboard (no theme.h), so a game's panels compile against their own game's include root and the
// kit alone (tests/check_layers.cmake rule 4). A game lists its panels in its registration's desk
// half (kit/ui/desk_game.h), which the dashboard finds through the one list of games.
//
// Invariants:
//  1. A game's panel changes nothing itself: it reads the open game (and, through its own game's
//     adapter, its typed state) and asks for changes only through the DeskOutbox, which desk.cpp
//     applies after the frame (DeskApply), exactly as for the desk's own panels.
//  2. A panel keeps no state between frames of its own (no function-local statics): what it shows
//     is a function of the open game and the view.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <imgui.h>

#include "host/open_game.h"

namespace rutland::dash {

// [SECTION] What the desk's panels may ask for (applied after the frame, DeskApply)
struct DeskEnter { std::string text; };            // Enter in the entry line
struct DeskAnswer { bool yes = true; };            // a question's button
struct DeskConfirm { bool redo = false; };         // ask to undo / redo
struct DeskViewAt { std::optional<int> seq; };     // time travel, or back to now
struct DeskEscape { bool line_empty = true; };     // Esc (host_desk.h HostDesk::Escape)
using DeskAction = std::variant<DeskEnter, DeskAnswer, DeskConfirm, DeskViewAt, DeskEscape>;
struct DeskOutbox {
    std::vector<DeskAction> actions;
    template <class T>
    void Push(T action) { actions.emplace_back(std::in_place_type<T>, std::move(action)); }
};

// [SECTION] A game's own panels
// What a game's panel reads: the open game (the entry shown while time travelling included) and
// the desk's fonts and colours.
struct GamePanelView {
    const host::OpenGame& game;
    ImFont* normal = nullptr;
    ImFont* large = nullptr;
    ImVec4 accent, warn, bad, good, muted;  // the theme's (theme.h), as the desk's panels use them
};

// Where the desk puts a game's panel.
enum class DeskSlot {
    Side,  // a column of its own between the left column (instructions, state) and the ledger
    Tab,   // a tab of the right column, before the ledger's own tab (F2, F3, ... bring them to the front)
};

struct GamePanel {
    const char* name;   // --panel NAME (and --tab NAME for a Tab); unique among the desk's panels and the game's
    const char* title;  // the region's heading (a Tab's label)
    DeskSlot slot;
    void (*draw)(const GamePanelView&, DeskOutbox&);
    // Shown in the players' window too (F11), side by side in the order listed, in the large font,
    // taking this share of its width (the shares of a game's panels adding up to 1); 0: not shown.
    // What the players at the table read from two metres. A game with none shows its state's words there.
    float players_window = 0.0f;
};

} // namespace rutland::dash
