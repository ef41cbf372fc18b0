// The games at the desk: what each game of the one list (app/games.cmake) registers for the dashboard
// (kit/ui/desk_game.h DeskGame: its panels in their slots, or a screen of its own), expanded from
// game_list.h in desk_games.cpp. No file of the dashboard includes a game's header
// (tests/check_layers.cmake rule 7). A game that registers no desk (the toy) is played on the desk's
// own panels alone.
#pragma once

#include <span>
#include <string_view>

#include "desk_game.h"

namespace rutland::dash {

// The panels the game of that name (GameDefinition::name) brings to the desk; empty for none.
std::span<const GamePanel> GamePanelsOf(std::string_view game);
// The game's panel that --panel NAME names, or nullptr.
const GamePanel* FindGamePanel(std::string_view game, std::string_view name);
// True when some game brings a panel of that name (--panel is checked before a game is open).
bool AnyGameHasPanel(std::string_view name);

// The screen of its own of the game of that name, or nullptr: the desk.
const GameScreenMaker* ScreenMakerOf(std::string_view game);
// True when some game's own screen has a panel of that name.
bool AnyScreenHasPanel(std::string_view name);
// Each game's `prepare` (GameScreenMaker::prepare), in the list's order, before any file opens.
void PrepareGames();

} // namespace rutland::dash
