// Flutter's GameDefinition (kit/host/open_game.h), which the registry (app/host/registry.cpp) lists:
// its OpenGame is the shared adapter (kit/host/basic_open_game.h) with Flutter's words
// (host/flutter_game.cpp), its ServedGame the page's (host/flutter_page.h).
#pragma once

#include "host/registration.h"

RUTLAND_DECLARE_GAME(flutter)

namespace rutland::host {

// The game's registration (kit/host/registration.h), under its own name too.
inline constexpr const GameDefinition& kFlutterGame = registered::flutter;

} // namespace rutland::host
