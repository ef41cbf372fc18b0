// The players' window, without a window: what the table watches on a second
// monitor, projector or TV while the broker keeps typing in the main window, and where each part
// goes at the window's size. Readable from two metres: the text size follows the window's height.
//
// What is shown (MakePlayersWindow): whose turn and who is next, the Time cards drawn of N, the
// landed space with its arrows and its Asks or Bids, the last command in words (the table
// display's words, table_display_view.h), pending margin calls, and the standings: per player cash,
// net worth, holdings by company (with directorships and the escrow), and progress to a majority
// (W-1). The Big Board beside it is big_board_view.h.
//
// Where (LayOutPlayersWindow): invariants the tests check at 16:9 and 4:3, 720 to 2160 pixels high:
//   1. Every region lies inside the window and no two overlap.
//   2. The standings hold a header and two lines per player (up to six) at the body text size.
//   3. Wide windows (16:9) put the board down the whole left side and the standings under the
//      turn; squarer ones (4:3) put the board top left and the standings across the bottom.
//   4. The address region (the shared game's QR code) exists only when asked for
//      and is a square at the top right; without it its room goes to the last command.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "model/state.h"
#include "view/table_display_view.h"

namespace rutland::bbr {

// The landed space (or the Time card's), as the table reads it off the physical board.
struct LandedSpace {
    std::string heading;             // "Landed on Colfax", "The Time card moved the pawn to Haszard"
    std::string kind;                // "subsidiary", "preferred", ...
    std::array<bool, 4> up{};        // the arrows, by company: up (true) or down
    bool asks = false;               // a subsidiary's Asks (buy here); else the space's Bids (sell here)
    std::array<bool, 4> market{};    // which companies ask or bid here
    bool provisional = false;        // a fact not yet checked against the board (D-2)
};

struct Standing {
    std::string name;
    bool current = false;            // whose turn
    bool next = false;               // who is next
    std::string cash;                // "$100,000"
    std::string net_worth;
    std::array<std::string, 4> holdings;       // by company: "35k + 10k pref + $20,000 bonds", "" none
    std::array<std::string, 4> directorships;  // by company: "2 dir, escrow, short 10k", "" none
    std::string majority;            // nearest majority (W-1): "Blue 83%"
    std::string majority_shares;     // its voting shares of those needed: "115k/120k"
    std::string majority_counts;     // the escrow (or proxies towards it) and directorships: "escrow \u2713, 2/3 dir"
    bool holds_majority = false;     // W-1 holds: may declare
    std::string owed;                // "owes $12,000" or ""
};

struct PlayersWindowView {
    TableDisplay words;              // the headline, the detail, the last command, what is owed, the winner
    std::string turn;                // "Ann's turn" (or the winner's headline)
    std::string next;                // "Next: Bob", "" once won
    std::string time_cards;          // "Time cards 2 of 4"
    std::vector<LandedSpace> spaces; // the landed space, then the Time card's when it differs (T-6)
    std::string pawn;                // no landed space yet: where the pawn is
    std::vector<Standing> standings; // in turn order as seated (G-2)
    std::vector<std::string> margin_calls;  // pending obligations, one sentence each (S-6)
};

// `state` is the state shown; `viewing` the entry being viewed (time travel), else now.
PlayersWindowView MakePlayersWindow(const GameState& state, const Ledger& ledger, std::optional<int> viewing);

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    bool Empty() const { return w <= 0 || h <= 0; }
    bool Overlaps(const Rect& o) const { return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h; }
};

struct PlayersWindowLayout {
    bool wide = false;               // 16:9 and wider: the board down the whole left side (invariant 3)
    float text_px = 0;               // body text; headings are larger (fonts.cpp: 1.33x and 2.6x)
    Rect board;                      // the Big Board
    Rect turn;                       // whose turn, who is next, the Time cards, the landed space
    Rect last;                       // the last command in words and the margin calls
    Rect standings;                  // the standings table
    Rect address;                    // the shared game's QR code (empty unless `with_address`)
};

// Text at least this many pixels per 1000 pixels of window height reads from two metres on a
// typical 40" screen (a 1080-line TV: 27 px, about 1.5 cm a line).
inline constexpr float kMinTextPerMille = 25.0f;

PlayersWindowLayout LayOutPlayersWindow(float width, float height, int players, bool with_address);

} // namespace rutland::bbr
