// Corporate Gigabucks behind the shell's facade (kit/host/open_game.h): its GameDefinition, which
// app/host/registry.cpp lists through app/games.cmake; unlisted until its desk panels come (its
// files open everywhere). The OpenGame itself is gigabucks_game.cpp.
#pragma once

#include "host/registration.h"

RUTLAND_DECLARE_GAME(gigabucks)

namespace rutland::host {

// The game's registration (kit/host/registration.h), under its own name too.
inline constexpr const GameDefinition& kGigabucksGame = registered::gigabucks;

} // namespace rutland::host
