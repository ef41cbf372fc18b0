// The toy game behind the shell's facade (kit/host/open_game.h): its GameDefinition, which
// app/host/registry.cpp lists after Big Board Raiders, unlisted (a test game: offered on no start
// screen, but its files open everywhere). The OpenGame itself is toy_game.cpp.
#pragma once

#include "host/registration.h"

RUTLAND_DECLARE_GAME(toy)

namespace rutland::host {

// The game's registration (kit/host/registration.h), under its own name too.
inline constexpr const GameDefinition& kToyGame = registered::toy;

} // namespace rutland::host
