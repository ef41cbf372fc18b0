// The games' own panels at the desk (desk_panel.h): one constant list, desk_games.cpp, the one
// file of the dashboard that includes a game's panels (tests/check_layers.cmake rule 6), as
// app/host/registry.cpp is the one file of the shell that includes a game's host part. A game
// with no entry there (the toy) is played on the desk's own panels alone.
#pragma once

#include <span>
#include <string_view>

#include "desk_panel.h"

namespace rutland::dash {

// The panels the game of that name (GameDefinition::name) brings to the desk; empty for none.
std::span<const GamePanel> GamePanelsOf(std::string_view game);
// The game's panel that --panel NAME names, or nullptr.
const GamePanel* FindGamePanel(std::string_view game, std::string_view name);
// True when some game brings a panel of that name (--panel is checked before a game is open).
bool AnyGameHasPanel(std::string_view name);

} // namespace rutland::dash
