// What the table has now (RULES.md sections 2-14). Copyable: the ledger keeps copies for undo and
// time travel. Invariants (checked by rules/rules.h CheckConservation):
//  1. every player's cash plus the remainders waiting is money_total (U-3), which only a
//     `count ... total=` changes;
//  2. a chartered corporation has an owner in the game; an unchartered one has no lines;
//  3. no two PlTos on one space, none of a player out of the game (P-3, BK-2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/command.h"
#include "model/effects.h"
#include "model/money.h"

namespace rutland::gigabucks {

enum class PlayerStatus : uint8_t { Active, Bankrupt, Resigned };
enum class CorpStatus : uint8_t { Unchartered, Chartered, Inactive };
enum class Phase : uint8_t { Start, Due, Open, Over };
enum class Landed : uint8_t { Placed, Unchartered, Inactive, Own, Opponent };
enum class Outcome : uint8_t { None, Paid, Due, Bankrupt, Assets };
enum class VoluntaryDone : uint8_t { No, Sold, Unmet };

struct Player {
    std::string name;
    Money cash = 0;
    PlayerStatus status = PlayerStatus::Active;
    int space = -1;  // his PlTo's space, -1 off the board
    int turns = 0;   // turns begun (T-2)
    bool operator==(const Player&) const = default;
};

struct Corporation {
    CorpStatus status = CorpStatus::Unchartered;
    int owner = -1;  // chartered only
    int lines = 0;
    bool operator==(const Corporation&) const = default;
};

struct Turn {
    bool flexible = false;
    std::optional<int> roll;
    int space = -1;
    Landed landed = Landed::Placed;
    bool diversified = false;                   // T-9: one DiAu a turn
    VoluntaryDone voluntary = VoluntaryDone::No;  // VO-4
    Money unmet_min = 1;                    // VO-4: the min= of the VoLiAu just unmet
    bool reoffer_open = false;                  // VO-4: no auction result since the unmet one
    bool operator==(const Turn&) const = default;
};

struct Due {
    enum class Kind : uint8_t { None, Charter, Reactivation, Royalty };
    Kind kind = Kind::None;
    int space = -1;
    int to = -1;           // royalty: the owner
    Money amount = 0;  // royalty
    bool operator==(const Due&) const = default;
};

struct RoyaltyRecord {  // section 18 `last_royalty`
    int payer = -1, owner = -1, space = -1;
    RoyaltyRule rule = RoyaltyRule::Minimum;
    Money amount = 0;
    std::vector<std::pair<int, Money>> parts;  // per conglomerate space, in ring order
    Money paid = 0;
    Outcome outcome = Outcome::None;
    bool operator==(const RoyaltyRecord&) const = default;
};

struct AuctionRecord {  // section 18 `last_auction`
    AuctionKind kind = AuctionKind::Charter;
    int caller = -1;
    int winner = -1;  // -1: nobody bid
    Money bid = 0;
    std::vector<int> spaces;
    int lines = 0;
    std::optional<Money> each;
    Money total = 0;
    std::optional<Money> min;
    bool operator==(const AuctionRecord&) const = default;
};

struct GameState {
    Header header;
    std::vector<Player> players;
    std::vector<Corporation> corporations;  // one per space, header.spaces of them
    int current = 0;                        // who holds the CuPlTo (T-1)
    Phase phase = Phase::Start;
    std::optional<Turn> turn;
    Due due;
    std::vector<int> pending;               // held resignations, in the order typed (RS-5)
    std::vector<Money> remainders;      // waiting (RS-4), in the order they arose
    Money money_total = 0;              // U-3
    std::optional<RoyaltyRecord> last_royalty;
    std::optional<AuctionRecord> last_auction;
    int winner = -1;

    int Spaces() const { return static_cast<int>(corporations.size()); }
    bool InGame(int p) const { return p >= 0 && p < static_cast<int>(players.size()) && players[static_cast<size_t>(p)].status == PlayerStatus::Active; }
    int InGameCount() const;
    Money Pool() const;
    int TokenAt(int space) const;  // the player whose PlTo stands there, or -1
    bool Held(int p) const;
    bool OwnsAny(int p) const;
    bool operator==(const GameState&) const = default;
};

} // namespace rutland::gigabucks
