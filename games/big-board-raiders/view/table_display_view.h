// What the table display shows the players (F11, `--table-display`), without a window: whose
// turn, the last command in words, what is still owed, the year end due and the winner. The big
// board beside it is big_board_view.h. Words only the table needs: no rule lawyering beyond the
// rule ID in brackets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "model/state.h"

namespace rutland::bbr {

class EntryWindow;  // entry_window.h

inline constexpr size_t kTurnEntriesShown = 8;

struct TableDisplay {
    std::string headline;             // "Year 2: Ann's turn", or "Cy wins!"
    bool won = false;
    std::string detail;               // "Time cards 2 of 4 this year · rolled, on Haszard"
    std::string winner;               // "Cy has won the game (W-1)"
    int last_entry = 0;               // the entry shown as the last command
    std::string last_line;            // "roll 1 3 2"
    std::string last_words;           // "Ann rolls 1+3 ...; Blue -> $3.00; ..."
    // What was done this turn, oldest first, the last entry included: the commands since the
    // turn before ended (after an `end`, the turn it ended), at most kTurnEntriesShown.
    struct TurnEntry {
        int seq = 0;
        std::string line;             // "buy Y 10k"
        std::string words;            // its effects' gist
    };
    std::vector<TurnEntry> this_turn;
    struct Owed {
        std::string headline;         // "Ann owes the bank $12,000 (M-4)"
        std::string detail;           // "for covering 30,000 Blue at $3.00 (...); she sells assets..."
    };
    std::vector<Owed> pending;
    std::string declaring;            // "Cy's claim waits for his margin call to be paid (W-1)"
    std::string year_end;             // "Year end at the end of this turn (Y-1)" or ""
    std::string volatility;           // "High volatility: the red die (1 to 6)" or ""
    std::string viewing;              // "the table as it stood after entry 83" while time travelling
};

// `state` is the state shown; `viewing` the entry being viewed (time travel), else now.
TableDisplay MakeTableDisplay(const GameState& state, const Ledger& ledger, std::optional<int> viewing);
// The same from the shared page's window on a streamed store (entry_window.h).
TableDisplay MakeTableDisplay(const GameState& state, const EntryWindow& window, std::optional<int> viewing);

} // namespace rutland::bbr
