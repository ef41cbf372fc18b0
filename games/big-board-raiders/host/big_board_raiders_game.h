// Big Board Raiders behind the shell's facade (app/host/open_game.h): its GameDefinition, which
// app/host/registry.cpp lists first. The OpenGame itself (big_board_raiders_game.cpp) is a class
// over the game's session (games/big-board-raiders/view/session.h) or its read-only store, and says what rutland-cli
// printed of a game of Big Board Raiders before games had a registry, byte for byte.
#pragma once

#include "host/open_game.h"

namespace rutland::host {

extern const GameDefinition kBigBoardRaidersGame;

} // namespace rutland::host
