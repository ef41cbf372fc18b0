// The Board panel's logic: the 40 spaces in ring order with their facts and which of them nobody
// has checked against the physical board (D-2), and the `board` correction the broker records from
// the physical board (BD-1..BD-4), built and previewed here so the panel only draws.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/board.h"
#include "view/entry_model.h"
#include "ledger/ledger.h"
#include "model/state.h"

namespace rutland::bbr {

// [SECTION] The spaces and their facts

struct BoardRow {
    int space = -1;             // index in the board
    int position = 0;           // 0..39, as `board pos=` takes it
    bool position_verified = false;
    std::string name;           // "fulwell": what `board @...` takes
    std::string label;          // "Fulwell"
    SpaceKind kind = SpaceKind::Market;
    bool kind_verified = false;
    std::optional<Company> company;  // a subsidiary's parent, a preferred space's company
    Trends trend{};
    std::string trend_text;     // "DUUD", Yellow, Blue, Red, Green order (BD-2)
    bool trend_verified = false;
    // BD-3: a subsidiary shows an Ask, every other space Bids; the other set is empty.
    bool subsidiary = false;
    CompanySet ask, bid;
    bool ask_verified = false, bid_verified = false;
    bool fully_verified = false;
    std::string unverified;     // "position, arrows, Ask, empty Bids": the facts not yet checked
    std::vector<std::string> pawns;  // players whose pawn stands here
    bool in_use = false;        // this turn's transactions happen here (T-6): its facts matter now
};

struct BoardFacts {
    std::vector<BoardRow> rows;  // by position around the ring
    int spaces = 0;
    int verified_spaces = 0;     // fully verified (every fact checked)
};

// Every space (or only those with an unverified fact), in ring order.
BoardFacts ListBoard(const GameState& state, bool only_unverified);

// "BRG", or "none" for an empty set.
std::string SetLetters(CompanySet set);

// [SECTION] A correction from the physical board

// What the broker reads off one space. Each fact is recorded only when ticked; recording a fact
// with its provisional value is how the broker confirms it (D-2: the fact becomes verified).
struct BoardEdit {
    int space = -1;
    Trends trend{};
    bool with_trend = false;
    // The Ask of a subsidiary, the Bids of any other space (BD-3). The other set is empty by BD-3
    // and is recorded ("bid=-" or "ask=-") together with this one, so one correction can verify
    // every fact of the space.
    CompanySet set;
    bool with_set = false;
    SpaceKind kind = SpaceKind::Market;  // only a Time or market space may change kind (BD-1)
    bool with_kind = false;
    int position = 0;
    bool with_position = false;
};

// The space's facts as the board has them now, nothing ticked.
BoardEdit StartBoardEdit(const GameState& state, int space);
// Ticks every fact (the whole space checked against the physical board).
void TickAll(const GameState& state, BoardEdit& edit);
// Whether this space's kind may be corrected at all (Time and market spaces, BD-1).
bool KindCorrectable(const GameState& state, int space);

// "board @fulwell trend=DUUD ask=BRG bid=-", or "" when nothing is ticked.
std::string BoardFixLine(const GameState& state, const BoardEdit& edit);

// Whether the live game would accept the correction now, and what it would say (the entry line's
// preview, on a copy of the state: nothing changes).
Preview PreviewBoardFix(const GameState& state, const BoardEdit& edit);

} // namespace rutland::bbr
