// What may be entered now in a Flutter game. Each candidate is tried with Apply on a copy of the
// state, so this can never disagree with the rules; the random legal-game generator of
// tests/flutter/ draws from it.
#pragma once

#include <vector>

#include "model/command.h"
#include "model/state.h"

namespace rutland::flutter {

struct LegalNow {
    bool news = false;    // a Market News card is pending (N-1): only `news` plays on
    bool throws = false;  // the current player may throw (T-1)
    bool trade = false;   // ...and trade before it (TR-1, TR-2)
    bool claim = false;   // a stoppage: claims are taken (W-2)
    bool corrections = false;  // `peg`, `count`, `player` are taken (N-1, W-5)
    // Every accepted command of these shapes: each throw (company x 1-6), buying one certificate
    // of each company and as many as the player can pay for, selling one and all held of each,
    // each player's claim, and while a card is pending, a set of cards (each effect kind once).
    std::vector<Command> commands;
};

LegalNow Legal(const GameState& state);

// True when Apply would accept the command (the state is not changed).
bool IsLegal(const GameState& state, const Command& command);

} // namespace rutland::flutter
