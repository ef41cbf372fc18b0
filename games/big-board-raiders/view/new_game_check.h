// Big Board Raiders' new-game form on the start screen, without a window: each field checked in
// plain words beside it, and the header line it makes (RULES.md section 14, G-3); and a recent game
// of Big Board Raiders read straight from its file (opened read-only, verified), with its players
// and year. The start screen's game-free parts are the shell's (kit/view/start_view.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/vocabulary.h"
#include "start_view.h"

namespace rutland::bbr {

using view::RecentGame;

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

RecentGame ReadRecentGame(const std::string& path);

} // namespace rutland::bbr
