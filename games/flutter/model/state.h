// Flutter's state: the table now. Copyable plain data; the rules (rules/rules.h) change it and
// CheckConservation says it adds up:
//  1. Cash: the players' cash is their starting cash plus what the bank paid them less what they
//     paid it (bank_paid), to the pound; nothing else creates or destroys money (U-2, F-D14).
//  2. Certificates: per company, the players' holdings + the broker's sale stock + the reserve =
//     issued (the box, G-3), and issued is 0 once the company is bankrupt (BK-1); none negative.
//  3. Pegs: a live company's parent is strictly between the bottom and the £200 level and its
//     traveller on or above it, below TOP, except while a round is being settled (RE-1).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/shared_value.h"
#include "model/board.h"
#include "model/command.h"
#include "model/effects.h"
#include "model/money.h"

namespace rutland::flutter {

struct Company {
    int parent = 0;     // level of the parent peg
    int traveller = 0;  // level of the traveller peg
    bool bankrupt = false;
    bool anti_slump = false;  // N-4
    int64_t stock = 0;    // the broker's sale stock (G-3, TR-4, TR-6)
    int64_t reserve = 0;  // kept for bonus issues, never sold (G-3, BN-2)
    int64_t issued = 0;   // the box (G-3); 0 after bankruptcy
    bool operator==(const Company&) const = default;
};

struct Player {
    std::string name;
    Pounds cash;
    std::array<int64_t, kCompanies> certificates{};
    bool operator==(const Player&) const = default;
};

// What must be typed before play goes on (section 16's `pending`).
struct Pending {
    enum class Kind : uint8_t { None, News, Rethrow };
    Kind kind = Kind::None;
    int company = -1;
    int player = -1;
    bool operator==(const Pending&) const = default;
};

struct LastThrow {
    int player = 0, company = 0, number = 0;
    bool operator==(const LastThrow&) const = default;
};

struct SettledCompany {
    int company = 0;
    Position at = Position::Parent;
    int64_t dividend = 0;
    int move = 0;
    enum class Bonus : uint8_t { None, Shares, Cash };
    Bonus bonus = Bonus::None;
    bool bankrupt = false;
    bool operator==(const SettledCompany&) const = default;
};

struct LastRound {
    int round = 0;
    int ended_by = 0;
    std::vector<SettledCompany> companies;  // in lane order; companies bankrupt before it left out
    bool operator==(const LastRound&) const = default;
};

struct ClaimRecord {
    int player = 0;
    Pounds capital;
    bool operator==(const ClaimRecord&) const = default;
};

struct GameState {
    // What rarely changes is shared by the ledger's copies of the state (base/shared_value.h): the
    // ledger copies the state before every command (kernel/basic_ledger.h invariant 6), and copying
    // the header's names and the board's labels string by string was a fifth of a replay.
    SharedValue<Header> header;
    SharedValue<Board> board;  // changed only by `board` lines (BD-6) and the opening (G-1)
    std::array<Company, kCompanies> companies{};
    std::vector<Player> players;
    int round = 1;
    int current = 0;        // seat of who trades and throws now
    bool stoppage = false;  // W-2: from a settlement until the next trade or throw
    bool thrown = false;    // a throw has been made (C-1: colours and letters are fixed from then)
    Pending pending;
    std::optional<LastThrow> last_throw;
    std::optional<LastRound> last_round;
    std::vector<ClaimRecord> claims;  // the valid claims of this stoppage (W-4)
    Pounds bank_paid;  // invariant 1: what the bank has paid the players, net

    bool operator==(const GameState&) const = default;

    bool Over() const { return !claims.empty(); }  // W-5
    Pounds Price(int company) const;               // BD-2, BK-3
    Pounds Capital(int player) const;              // W-1
    Position PositionOf(int company) const;        // BD-3
    int PlayerNamed(std::string_view name) const;  // -1: no such player
};

} // namespace rutland::flutter
