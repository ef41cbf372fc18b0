// Big Board Raiders behind the shell's facade (kit/host/open_game.h): its GameDefinition, which
// app/host/registry.cpp lists first. The OpenGame itself (big_board_raiders_game.cpp) is a class
// over the game's session (games/big-board-raiders/view/session.h) or its read-only store, and says what rutland-cli
// printed of a game of Big Board Raiders before games had a registry, byte for byte.
#pragma once

#include "host/registration.h"

RUTLAND_DECLARE_GAME(big_board_raiders)

namespace rutland::host {

// The game's registration (kit/host/registration.h), under its own name too.
inline constexpr const GameDefinition& kBigBoardRaidersGame = registered::big_board_raiders;

} // namespace rutland::host
