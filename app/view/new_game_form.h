// The start screen's new-game form for a listed game with no form of its own (every game but Big
// Board Raiders, whose form is start_view.h's), without a window: the players' names, who enters
// the lines (the broker), and the game's header options (open_game.h HeaderOption), composed into
// the header line and checked by the game itself (GameDefinition::read, then in_memory: its
// rejection with its rule), so the form says what `rutland-cli play` would say of the same line.
//
// Invariants:
//  1. The header line is composed only from what was typed: a blank option is left out (the game's
//     default holds) and the options keep the game's order, so the same form gives the same line.
//  2. Start is offered only when the game itself accepts the line (Ok()); every problem is said in
//     words beside its field, or the game's own rejection with its rule under the form.
#pragma once

#include <string>
#include <vector>

#include "host/open_game.h"

namespace rutland::view {

struct HostGameForm {
    std::string players;               // "Ann, Bob, Cy" in turn order (commas or spaces)
    std::string broker;                // who enters the lines (each entry's stamp); blank: the game's own
    std::vector<std::string> options;  // one per GameDefinition::header_options, as typed
};

struct HostGameCheck {
    std::vector<std::string> players;  // as read from the form
    std::string players_error;         // beside the players' field
    std::vector<std::string> option_errors;  // beside each option (a space or `=` in a value)
    std::string form_error;            // the game's own rejection of the header, with its rule
    std::string header_line;           // "game flutter players=Ann,Bob cash=250"
    host::ReadLine header;             // Kind::Header when Ok()
    bool Ok() const { return header.kind == host::ReadLine::Kind::Header && form_error.empty(); }
};

HostGameCheck CheckHostGame(const host::GameDefinition& game, const HostGameForm& form);

} // namespace rutland::view
