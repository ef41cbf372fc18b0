// The start screen without a window, for every game: what the recent games list says about each
// file, the games offered and the keyboard's stops. Big Board Raiders' own new-game form, checked
// field by field, and its recent games read straight from the file are the game's
// (games/big-board-raiders/view/new_game_check.h).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "host/open_game.h"

namespace rutland::view {

// One line of the recent games list, read from the file (opened read-only, verified).
struct RecentGame {
    std::string path;
    std::string game;                  // the game's title ("Big Board Raiders"), "" when it cannot be read
    std::string error;                 // could not be read: why (the rest is empty)
    std::vector<std::string> players;
    int year = 0;                      // the year, or the round of a game counted in rounds (Flutter's)
    int entries = 0;
    std::string last_played;           // the last entry's time, "2026-11-24 09:31" (UTC)
    std::string fingerprint;
};
// A recent game of any game, read through its own definition (opened to
// be read, every entry verified): its title, players, year or round (OpenGame::Summary), entries,
// last entry's time and fingerprint.
RecentGame ReadRecentGame(const std::string& path, const host::GameDefinition& game);

// The games the start screen offers: the registry's listed ones (registry.h Games(); a test game
// such as the toy is not listed), in its order. The first is the one chosen when the screen opens.
std::vector<const host::GameDefinition*> ListedGames(std::span<const host::GameDefinition* const> games);

// What the start screen says Rutland is, under its title: a desk for every game it offers, by
// title ("the broker's desk for Big Board Raiders and Flutter"), whichever game's form is shown.
std::string DeskFor(std::span<const host::GameDefinition* const> listed);

// The start screen's keyboard focus (kit/ui/key_focus.h): the stop after `at` (`step` +1,
// Tab) or before it (-1, Shift+Tab) among `count` stops, round from the last to the first.
int NextStop(int at, int step, int count);

} // namespace rutland::view
