// What the Big Board panel shows, without a window: the four price ladders as one board of rungs
// (the manual's big board: Yellow and Blue from $1.00 to $3.00 beside Red and Green from $0.00 to
// $2.00, so one row holds a rung of every ladder), the calculator columns (5,000 shares at each
// price), the markers with their last move, delistings and the volatility die. The panel
// (games/big-board-raiders/panels/panel_big_board.cpp) and the table display draw it with dashboard/big_board_draw.h.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "model/state.h"

namespace rutland::bbr {

class EntryWindow;  // entry_window.h

// The last entry in effect that moved a company's marker, read off its Price effects.
struct LastMove {
    int entry = -1;                  // -1: the marker has not moved since the game began
    std::string line;                // that entry's line ("roll 1 3 2")
    int from_ticks = 0;              // the price before the entry
    int to_ticks = 0;                // and after it
    std::optional<int> event_ticks;  // the level a market event fired at (Split, Roll Back, Bankruptcy)
    std::string event;               // "Split", "Roll Back", "Bankruptcy", "Listed again" or ""
    std::string event_rule;          // "M-4", "M-5", "M-6", "D-9"
    std::string text;                // "up $0.10 from $2.70", "Split at $3.00, back to Issue"
    std::string brief;               // for a glance under the price: "\u2191 $0.10", "Split", ""
};

struct Ladder {
    Company company = Company::Yellow;
    std::string name;                // "Yellow"
    int ticks = 0;                   // the marker
    int floor_ticks = 0, issue_ticks = 0, split_ticks = 0;
    std::string floor_name;          // "Roll Back" (Yellow, Blue) or "Bankruptcy" (Red, Green)
    bool listed = true;
    std::string price;               // "$2.80"
    std::string lot_value;           // "$14,000": 5,000 shares at the marker (the calculator)
    LastMove last;
    std::string status;              // "delisted (M-7): frozen at $1.80 until the new year" or ""
    int Step() const { return ticks - floor_ticks; }  // rung above the floor
};

// One row of the board: a rung of every ladder, the floor at row 0, Split at the top.
struct LadderRung {
    int step = 0;
    int left_ticks = 0, right_ticks = 0;   // Yellow/Blue and Red/Green prices on this row
    std::string left_price, right_price;   // "$2.10", "$1.10"
    std::string left_lot, right_lot;       // "$10,500", "$5,500": 5,000 shares (the calculator)
    std::string left_mark, right_mark;     // "Split", "Issue", "Roll Back" / "Bankruptcy", or ""
};

struct BigBoard {
    std::array<Ladder, 4> ladders;   // Yellow, Blue, Red, Green
    std::vector<LadderRung> rows;      // rows[0] is the floor, rows.back() is Split
    bool high_volatility = false;
    int die_max = 3;                 // D-5: the yellow die 1-3, the red die 1-6
    std::string volatility;          // "Normal volatility: yellow die, 1 to 3 ticks (D-5)"
    std::string volatility_brief;    // "Normal volatility: yellow die 1\u20133"
};

// The board for `state` (the state shown); the last moves come from the commands in effect right
// after `viewing` (time travel), or now.
BigBoard MakeBigBoard(const GameState& state, const Ledger& ledger, std::optional<int> viewing);
// The same from the shared page's window on a streamed store (entry_window.h).
BigBoard MakeBigBoard(const GameState& state, const EntryWindow& window, std::optional<int> viewing);

// "up $0.10 from $2.70" and the like, and the brief form ("\u2193 $0.10", "Roll Back").
std::string DescribeMove(const LastMove& move);
std::string BriefMove(const LastMove& move);

} // namespace rutland::bbr
