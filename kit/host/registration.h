// How a game is registered: the one constant object its host part defines, found by the shell's one
// list of games (app/games.cmake, made into the shell's generated game_list.h) with no header of the
// game included. The game of folder games/<folder>/ is registered under the C identifier of its
// folder's name (big-board-raiders: big_board_raiders).
//
// Invariants:
//  1. A game's definition (kit/host/open_game.h GameDefinition: its name, rules version, OpenGame
//     factory, board kit, players' page, rule book) is `rutland::registered::<id>`, defined once, by
//     the game's host part, as constant data (constinit: nothing runs before main()).
//  2. Its desk (kit/ui/desk_game.h DeskGame: its panels, its questions' hooks, its new-game form) is
//     `rutland::registered_desk::<id>`, defined by the game's panels part, which only the dashboard
//     links (rutland-cli links no ImGui). A game without one is played on the desk's own panels.
//  3. Both are declared by these macros alone, so the game's definition and the shell's declaration
//     cannot disagree on the type.
#pragma once

#include "host/open_game.h"

// Declares the definition of game `id` (invariant 1): in the game's host header and, for every game
// of the list, in app/host/registry.cpp.
#define RUTLAND_DECLARE_GAME(id)                                  \
    namespace rutland::registered {                               \
    extern const ::rutland::host::GameDefinition id;              \
    }
