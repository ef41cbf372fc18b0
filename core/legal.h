// What may be entered now. The dashboard enables only these, and the random legal-game
// generator draws from them. Each candidate is tried with Apply on a copy of the state, so this
// list can never disagree with the rules.
#pragma once

#include <vector>

#include "command.h"
#include "state.h"

namespace rutland {

struct LegalNow {
    bool roll = false;  // the current player may roll (T-1)
    bool end = false;   // ...or end the turn
    // Every accepted trade of each lot size on the landed space (5k..20k shares, $10,000 of
    // bonds, one directorship), and while someone owes the bank, that player's sales.
    std::vector<Command> trades;
};

LegalNow Legal(const GameState& state);

// True when Apply would accept the command (the state is not changed).
bool IsLegal(const GameState& state, const Command& command);

} // namespace rutland
