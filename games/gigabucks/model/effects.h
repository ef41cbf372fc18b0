// What an accepted command did, as data (never a sentence: lang/effect_text.cpp is the one renderer
// of words). Each effect cites its rule; the game file stores and hashes these fields
// (store/store.h item 1). A player is his seat (-1: none, or the remainders waiting for a transfer).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rutland::gigabucks {

enum class EffectKind : uint8_t {
    Started,          // n0 players, n1 cash each (G-1, G-2)
    Placed,           // player's PlTo put on space (T-2)
    Moved,            // player's PlTo to space; n0 the roll, n1 where the desk would have put it (T-5, T-6)
    AuctionDue,       // n0 the auction (AuctionKind) due for space (CH-1, CH-4)
    RoyaltyFigured,   // player (payer) owes other (owner) n0 for landing on space (RY-2)
    RoyaltyDue,       // player short of n0 owed to other by n1: InLiAus due (IN-1)
    Paid,             // player (-1: the remainders) pays other (-1: the remainders) n0
    Chartered,        // player wins space's charter at n0 (CH-2, CH-4)
    NobodyBid,        // n0 the auction (AuctionKind); space when it has one (CH-3, DI-3, VO-1, IN-5)
    LinesAdded,       // n0 lines on player's space (DI-3)
    CorporationSold,  // space from other (the seller) to player (VO-2, IN-3, IN-5)
    Bankrupt,         // player retires bankrupt (BK-1, IN-5)
    Resigned,         // player resigns (RS-1)
    ResignationHeld,  // player's resignation held until the turn ends (RS-5)
    MadeInactive,     // space inactive, keeping its lines (RS-3)
    RemainderWaits,   // n0 G wait (RS-4)
    TokenLeft,        // player's PlTo leaves the board (BK-2)
    TurnEnded,        // player's turn ends (T-9, T-10)
    TurnPassed,       // the CuPlTo to player (T-1, X-3)
    GameWon,          // player wins (W-1)
    SpaceFixed,       // space: other the owner (-1 none, -2 inactive), n0 lines
    TokenFixed,       // player's PlTo on space, n0 turns begun
    CashFixed,        // player's cash n0 -> n1
    PoolFixed,        // the remainders waiting n0 -> n1 in all
    TotalFixed,       // the money total n0 -> n1
    BoardResized,     // the ring n0 -> n1 spaces (BD-3)
    Noted,            // text (section 17 `note`)
    Undone,           // L-2: n0 first, n1 last, n2 count; text the line(s)
    Redone,
};

enum class AuctionKind : uint8_t { Charter, Reactivation, Diversify, Voluntary, Involuntary };

struct Effect {
    EffectKind kind = EffectKind::Noted;
    std::string rule;
    int player = -1;
    int other = -1;
    int space = -1;
    std::array<int64_t, 3> n{};
    std::string text;  // a note's text, an undone line: the table's words, never the desk's
    bool operator==(const Effect&) const = default;
};

using Effects = std::vector<Effect>;

} // namespace rutland::gigabucks
