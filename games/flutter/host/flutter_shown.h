// Flutter's own typed state behind the shell's facade, for Flutter's own code above host/ (its
// desk panels, games/flutter/panels/): the state the open game shows. The shell itself never calls
// this; it reads the game through OpenGame alone (app/host/open_game.h).
#pragma once

#include "host/open_game.h"
#include "model/state.h"

namespace rutland::flutter {

// The state `game` shows (after the entry looked at while time travelling, else now), or nullptr
// when `game` is not a Flutter game opened by host/flutter_game.cpp. Valid until the game changes.
const GameState* ShownState(const host::OpenGame& game);

} // namespace rutland::flutter
