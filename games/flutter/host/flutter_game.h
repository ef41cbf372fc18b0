// Flutter's GameDefinition (app/host/open_game.h), which the registry (app/host/registry.cpp) lists:
// its OpenGame is the shared adapter (app/host/basic_open_game.h) with Flutter's words
// (host/flutter_game.cpp), its ServedGame the page's (host/flutter_page.h).
#pragma once

#include "host/open_game.h"

namespace rutland::host {

extern const GameDefinition kFlutterGame;

} // namespace rutland::host
