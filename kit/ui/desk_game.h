// A game's registration at the desk (kit/host/registration.h invariant 2): what the dashboard needs
// of a game beyond its GameDefinition. One constant object a game, `rutland::registered_desk::<id>`,
// defined in the game's panels part and found through the shell's one list of games.
#pragma once

#include <span>
#include <string_view>

#include "desk_panel.h"
#include "game_screen.h"

namespace rutland::dash {

struct DeskGame {
    std::string_view game;              // GameDefinition::name
    std::span<const GamePanel> panels;  // its panels at the desk (desk_panel.h), in their slots' order
    // A screen of its own instead of the desk, with its new-game form (game_screen.h), or nullptr.
    const GameScreenMaker* screen = nullptr;
};

} // namespace rutland::dash

// Declares the desk of game `id`: in the game's panels part and, for every game of the list that has
// one, in app/dashboard/desk_games.cpp.
#define RUTLAND_DECLARE_DESK(id)                                  \
    namespace rutland::registered_desk {                          \
    extern const ::rutland::dash::DeskGame id;                    \
    }
