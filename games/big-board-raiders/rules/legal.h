// What may be entered now. The dashboard enables only these, and the random legal-game
// generator draws from them. Each candidate is tried with Apply on a copy of the state, so this
// list can never disagree with the rules.
#pragma once

#include <vector>

#include "lang/command.h"
#include "model/state.h"

namespace rutland::bbr {

struct LegalNow {
    bool roll = false;  // the current player may roll (T-1)
    bool end = false;   // ...or end the turn
    bool count = false;  // a table's count may be entered: the game is not won and nobody owes the bank (S-6)
    // Every accepted trade of each lot size on the landed space (5k..20k shares, $10,000 of
    // bonds, one directorship), and while someone owes the bank, that player's sales.
    std::vector<Command> trades;
    // Everything else that may be entered now with no numbers to type: a Time card with no effect
    // (T-4), conversions of one lot (C-1..C-3), exercising each option held (O-4, O-5), escrow
    // switches and giving up (E-2), declaring (W-1), the year end (Y-1).
    std::vector<Command> other;
};

LegalNow Legal(const GameState& state);

// True when Apply would accept the command (the state is not changed).
bool IsLegal(const GameState& state, const Command& command);

} // namespace rutland::bbr
