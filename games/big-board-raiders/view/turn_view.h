// What the Turn panel says, without a window: whose turn and who is next (a
// doubles bonus turn marked, T-5), the Time count, the roll, pending margin calls, the landed space
// (the panel draws its arrows, Asks and Bids in colour from the state) and the commands legal now,
// most likely first. The layout (layout_model.h) sizes the panel from these same lines.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "rules/legal.h"

namespace rutland::bbr {

struct TurnView {
    std::string heading;          // "Year 4 — Cy's turn", "Cy has won the game (W-1)"
    bool won = false;
    std::string time_cards;       // "Time cards drawn this year: 0 of 4"
    bool year_end_due = false;
    std::string roll;             // "Not rolled yet", "Rolled doubles: another turn follows (T-5)"
    bool bonus = false;           // this turn is the bonus turn of a doubles roll (T-5)
    std::string next;             // "Next: Dee", "Next: Cy again (doubles, T-5)"; "" once won
    std::vector<std::string> pending;  // margin calls and other debts, each a sentence (S-6)
    std::string declaring;        // a W-1 claim waiting for its margin call
    std::vector<int> spaces;      // the landed space, then the Time card's when it differs (T-6)
    // The same spaces in words, three lines each (name, kind and place; the arrows; the Asks or
    // Bids; "(provisional)" where a fact is unverified, D-2): the panel draws them in colour and
    // wraps them in a narrow column, and the layout measures these to give them their room.
    std::vector<std::string> space_lines;
    std::string pawn;             // no landed space yet: where the pawn is, or how to say it
    std::vector<std::string> legal;  // most likely first (LegalLines)
};

// The commands legal now as lines, most likely first: what must come first (a Time card on a Time
// space, a debtor's sales), the roll, the trades of the landed space (buys, then directorships,
// then sales and shorts), the end of the turn, then the rest (conversions, options, escrow,
// declaring, the year end).
std::vector<std::string> LegalLines(const LegalNow& legal, const GameState& state);

// True when the turn in progress is the bonus turn of doubles (T-5): the last turn closed in
// `ledger` up to entry `seq` (the latest when nullopt) was closed by doubles of the current player.
bool IsBonusTurn(const Ledger& ledger, std::optional<int> seq, const GameState& state);

// By entry number: 1 for the commands in effect entered during a bonus turn of doubles (T-5), for
// the ledger's mark; 0 otherwise (undone entries, the header, undo and redo entries).
std::vector<char> BonusTurnEntries(const Ledger& ledger);

// The landed space's kind and position are provisional only where the board check reads them
// (board_check.h): a Time or market space's kind. Once its arrows and Ask or Bids are checked, a
// subsidiary or any other space is provisional in nothing.
bool LandingProvisional(const Space& sp);

TurnView MakeTurnView(const GameState& state, const LegalNow& legal, bool bonus);

} // namespace rutland::bbr
