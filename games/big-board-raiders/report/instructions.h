// The broker's instructions: what the people at the table physically do for an accepted command.
// The effects say what changed in the ledger's accounts; the instructions say which
// bills, certificates, notes, markers, rings and pawns move, and between whom.
//
// They are read off the effects' generic fields (from/to/amount; player/company/security/quantity/
// to_player; from_ticks/to_ticks; space), not off each rule, so a new rule that moves cash or
// certificates through the usual effects gets its instructions for free. An effect kind with
// nothing physical to move (Info, Turn, Board, Obligation, and any kind added later) passes its
// text through unchanged.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "model/effects.h"
#include "model/money.h"
#include "model/state.h"

namespace rutland::bbr {

// `count` pieces of one size: a bill (in cents), a share certificate (shares) or a bond
// certificate (dollars of face).
struct Pieces {
    int64_t size = 0;
    int64_t count = 0;
    bool operator==(const Pieces&) const = default;
};

// An amount as the fewest pieces, largest first, and what no piece covers.
struct Breakdown {
    std::vector<Pieces> pieces;  // only the sizes used
    int64_t rest = 0;            // smaller than the smallest size; the table settles it by agreement
    int64_t Count() const;       // how many pieces in all
    bool operator==(const Breakdown&) const = default;
};

// Largest first, as many of each as fit. That is the fewest pieces whenever each size divides the
// next larger one, as it does for D-18's bills and U-3's certificates (tests check it by brute
// force). `sizes` must be positive and in decreasing order; a negative amount counts as its size.
Breakdown Greedy(int64_t amount, std::span<const int64_t> sizes);

// D-18: $10,000 $5,000 $1,000 $500 $100 $50; the rest is in cents (under $50).
Breakdown FewestBills(Money amount);
// U-3: 10,000-share certificates, then one 5,000; the rest is in shares (under 5,000).
Breakdown FewestShareCertificates(int64_t shares);
// U-3: $10,000 bond and debenture certificates; `face` and the rest in whole dollars.
Breakdown FewestBondCertificates(int64_t face);

// "2 x $10,000 + 1 x $5,000"; with a rest: "..., and $25 in change the tray cannot make: round by
// agreement"; "no bills" for nothing.
std::string BillsText(const Breakdown& bills);

// One plain sentence per physical step, in the order the effects happened, e.g.
//   "Ann pays the broker $42,000: 4 x $10,000 + 2 x $1,000"
//   "the broker gives Ann 2 x 10,000 Yellow certificates from the tray"
//   "move the Yellow marker from $2.10 to $2.30"
// Cash going either way between the same two accounts is netted into one handover, placed where
// the last of them happened (by then every earlier receipt is in hand) and listing what it nets.
// `after` is the state once the command is applied: it names players and spaces, and gives the
// counts still held (rings on a pawn, notes in a margin account) by backing out later effects.
std::vector<std::string> BrokerInstructions(const Effects& effects, const GameState& after);

// What the table does to take commands back: the effects of the commands undone,
// newest first and each reversed (cash and certificates go back the other way, markers back to
// where they were, rings back on or off, short notes rewritten or torn up), said as
// BrokerInstructions says them, then what has no physical piece (a market event, a year end, the
// turn). `after` is the state once they are undone: it names the pawns' spaces and the counts held.
std::vector<std::string> ReversalInstructions(const std::vector<const Effects*>& undone_newest_first, const GameState& after);

// The reversal of the last `count` commands in effect (an `undo count`); empty when there are not
// that many.
std::vector<std::string> UndoInstructions(const Ledger& ledger, int count);

} // namespace rutland::bbr
