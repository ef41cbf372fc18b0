// "Diff to now" in the ledger tab in words a player understands: what changed
// between the state after an entry and now, one row per thing on the table ("Ann's cash",
// "Yellow's price", "whose turn"), then and now in the table's words, read from the two states'
// fields (not from the state JSON's paths, which stay rutland-cli diff's contract).
#pragma once

#include <string>
#include <vector>

#include "model/state.h"

namespace rutland::bbr {

struct ChangeInWords {
    std::string what;  // "Ann's cash", "Cy's Blue common shares", "whose turn"
    std::string then;  // "$20,000", "35,000", "Dee"
    std::string now;   // "$3,500", "none", "Ann"
    std::string Sentence() const { return what + ": " + then + " then, " + now + " now"; }
};

// The game first (year, Time cards, turn, prices, listing, what is owed, the winner), then each
// player in turn order (cash, holdings, shorts, directorships, escrow, proxies, pawn, options).
std::vector<ChangeInWords> DiffInWords(const GameState& then, const GameState& now);

} // namespace rutland::bbr
