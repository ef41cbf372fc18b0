// The toy game behind the shell's facade (app/host/open_game.h): its GameDefinition, which
// app/host/registry.cpp lists after Big Board Raiders, unlisted (a test game: offered on no start
// screen, but its files open everywhere). The OpenGame itself is toy_game.cpp.
#pragma once

#include "host/open_game.h"

namespace rutland::host {

extern const GameDefinition kToyGame;

} // namespace rutland::host
