// The start screen without a window: the new-game form checked field by field in
// plain words, and what the recent games list says about each file.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "host/open_game.h"

#include "model/vocabulary.h"
#include "games.h"

namespace rutland::view {

// Who runs the bank or enforces the rules: one of the players, or someone who does not play.
struct RolePick {
    int player = -1;        // index into the players typed; -1: nobody (optional), or `other`
    bool other = false;     // someone who does not play: `name`
    std::string name;
};

struct NewGameForm {
    std::string players;     // "Ann, Bob, Cy, Dee" in turn order (commas or spaces)
    std::string cash;        // dollars
    RolePick broker, sec;
    std::string year_cards;  // blank: the default (D-4)
    std::vector<std::string> variants;  // header variant names (RULES.md section 14)
    std::string board = "standard";     // board=NAME (a built-in board or one of the table's)
    // Where the pawns start (start=@space,...): blank, and each player's first roll names its space
    // (COMMANDS.md `roll ... @space`); one space for every player; or one per player in turn order.
    std::string start;
};

// Each field's problem in plain words, beside that field; `header_line` and `header` only when
// there is none (the core's parser had the last word: `form_error` is what it said otherwise).
struct NewGameCheck {
    std::vector<std::string> players;  // as read from the form, in turn order
    std::string players_error, cash_error, broker_error, sec_error, year_cards_error, start_error, form_error;
    std::string header_line;
    std::optional<GameHeader> header;
    bool Ok() const { return header.has_value(); }
};
NewGameCheck CheckNewGame(const NewGameForm& form);

// One line of the recent games list, read from the file (opened read-only, verified).
struct RecentGame {
    std::string path;
    std::string game;                  // the game's title ("Big Board Raiders"), "" when it cannot be read
    std::string error;                 // could not be read: why (the rest is empty)
    std::vector<std::string> players;
    int year = 0;
    int entries = 0;
    std::string last_played;           // the last entry's time, "2026-11-24 09:31" (UTC)
    std::string fingerprint;
};
RecentGame ReadRecentGame(const std::string& path);
// A recent game of another game than Big Board Raiders, read through its own definition (opened to
// be read, every entry verified): its title, entries, last entry's time and fingerprint (its players
// are the game's business: left empty).
RecentGame ReadRecentGame(const std::string& path, const host::GameDefinition& game);

// The games the start screen offers: the registry's listed ones (registry.h Games(); a test game
// such as the toy is not listed), in its order. The first is the one chosen when the screen opens.
std::vector<const host::GameDefinition*> ListedGames(std::span<const host::GameDefinition* const> games);

// The start screen's keyboard focus (app/dashboard/key_focus.h): the stop after `at` (`step` +1,
// Tab) or before it (-1, Shift+Tab) among `count` stops, round from the last to the first.
int NextStop(int at, int step, int count);

} // namespace rutland::view
