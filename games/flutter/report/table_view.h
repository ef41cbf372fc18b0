// What Flutter's desk panels show (games/flutter/panels/), as typed data made from the state and the
// effects (model/state.h, model/effects.h): the players and the broker (W-1, G-3), the round end if
// it came now and the last one (RE-1..RE-6, BN-1..BN-3, BK-1), the broker's instructions in tokens
// (U-2, Rule 11) and the claims (W-1..W-5). No ImGui and no words: the panels say it, so these are
// tested without a window (tests/flutter/test_table_view.cpp).
//
// Invariants:
//  1. Nothing here changes the game: the round end "if it ended now" is applied to a copy.
//  2. Every figure is the rules engine's (rules/rules.h) or the state's own (GameState::Price,
//     Capital), never recomputed from a rule's table here; the settlements are read from the
//     effects the rules emitted, never from their words.
//  3. The broker's steps are grouped company by company in lane order, as Rule 11 advises (RE-7:
//     the order changes no figure), the steps that concern no company (a `count` of cash) last.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "model/effects.h"
#include "model/state.h"

namespace rutland::flutter {

// [SECTION] Tokens (U-2)

// The tokens of the game, the largest first (Rule 3).
inline constexpr std::array<int64_t, 5> kTokenValues = {100, 50, 20, 10, 5};

// An amount as tokens, the largest first (the fewest tokens): £385 = 3 x £100, £50, £20, £10, £5.
// Amounts are in £5 (U-1); anything under £5 is left out, as lang/effect_text.h TokensFor does.
struct Tokens {
    std::array<int64_t, kTokenValues.size()> count{};
    Pounds Total() const;
};
Tokens TokensOf(Pounds amount);

// [SECTION] Players and the broker

struct Holding {
    int64_t certificates = 0;
    Pounds value;  // at today's price (BD-2): certificates x GameState::Price
};

struct PlayerLine {
    int seat = 0;
    std::array<Holding, kCompanies> holdings{};
    Pounds cash, shares, capital;  // capital = cash + shares (W-1)
    bool current = false;          // who trades and throws now
};

struct CompanyLine {
    Pounds price;                  // 0 when bankrupt (BK-3)
    int64_t stock = 0, reserve = 0;  // the broker's sale stock (TR-4) and the reserve (G-3, BN-2)
    bool bankrupt = false, anti_slump = false;
};

struct TableLines {
    std::vector<PlayerLine> players;  // in seating order
    std::array<CompanyLine, kCompanies> companies{};
    Pending pending;                  // a Market News card to type (N-1), a re-throw due
};
TableLines TableOf(const GameState& state);

// [SECTION] Round end

struct SettlementCompany {
    int company = 0;
    Position at = Position::Parent;
    int64_t dividend = 0;  // per certificate, on the £100 par (RE-2)
    int move = 0;          // what RE-3 ordered: 2, 1, 0, -1, -2
    int parent_from = 0, parent_to = 0;  // levels; parent_to is PAR 100 after a bonus (BN-1)
    Pounds price_from, price_to;
    SettledCompany::Bonus bonus = SettledCompany::Bonus::None;
    bool bankrupt = false;
    bool provisional = false;  // rests on a fact of the board not yet confirmed (BD-7)
};

// What one player receives (or loses) at a settlement, company by company.
struct SettlementPlayer {
    int seat = 0;
    std::array<Pounds, kCompanies> dividends{};       // RE-2
    std::array<int64_t, kCompanies> bonus_shares{};   // BN-2
    std::array<Pounds, kCompanies> bonus_cash{};      // BN-3
    std::array<int64_t, kCompanies> lost{};           // BK-1: certificates worth nothing now
    Pounds Cash() const;                              // dividends + bonus cash
};

struct Settlement {
    int round = 0;
    int ended_by = -1;          // the seat whose throw ended it
    int company_at_top = -1;    // the company whose traveller reached TOP
    std::vector<SettlementCompany> companies;  // in lane order (F-D12), bankrupt ones left out
    std::vector<SettlementPlayer> players;     // every player, in seating order
};

// The settlement the effects of an entry hold (from its RoundEnded on), or nullopt when they hold none.
std::optional<Settlement> SettlementOf(const Effects& effects, int players);

// "If the round ended now": the traveller nearest TOP (the first in lane order on a tie) reaching
// it with the next throw, settled on a copy of the state (invariant 1). `effects` are the
// settlement's own, from RoundEnded to NewRound; `after` is the copy once settled (for their names).
struct RoundEndNow {
    int company = -1;
    Settlement settlement;
    Effects effects;
    GameState after;
};
// nullopt when no throw can be made now: a card pending, a re-throw due, every company bankrupt.
std::optional<RoundEndNow> IfRoundEndedNow(const GameState& state);

// The last settlement up to the state after entry `upto` (the entry shown): the entry in effect
// whose command ended a round, its settlement and its seq; nullopt before the first round end (or
// when that entry is no longer held by a streamed ledger).
struct LastSettlement {
    int seq = -1;
    Settlement settlement;
};
std::optional<LastSettlement> LastSettlementOf(const Ledger& ledger, int upto);

// [SECTION] The broker's instructions (U-2, Rule 11)

// One thing handed over at the table: money, certificates, or both ways (a trade).
struct Step {
    enum class Kind : uint8_t { Buy, Sell, Dividend, BonusShares, BonusCash, Lost, StockLost } kind = Kind::Dividend;
    int player = -1;   // -1: the broker alone (StockLost: his sale stock or reserve back in the box)
    int company = -1;
    int64_t certificates = 0;  // handed over (to the player: Buy, BonusShares; to the broker: Sell, Lost)
    Pounds money;              // handed over (to the broker: Buy; to the player: Sell, Dividend, BonusCash)
    Tokens tokens;             // TokensOf(money)
    bool reversed = false;     // taken back by an undo: the other way round
    bool to_player = true;     // which way the money goes (reversed included); certificates go the other way on a trade
    std::string rule;
};

struct CompanySteps {
    int company = -1;  // -1: steps of no company
    std::vector<Step> steps;
};

// What the table hands over for entry `seq`: its effects' steps (a redo's included); for an undo, the
// steps of the commands it undoes, each the other way round, the last undone first. Grouped by
// company in lane order (invariant 3).
std::vector<CompanySteps> StepsOf(const Ledger& ledger, int seq);
// The same for a list of effects (a settlement's, or the round end if it came now).
std::vector<CompanySteps> StepsOf(const Effects& effects);

// [SECTION] Claims (W-1..W-5)

struct ClaimLine {
    int seat = 0;
    Pounds capital;         // W-1, now
    Pounds short_by;        // target - capital when below it, else 0
    bool claimed = false;   // a valid claim of this stoppage (W-4)
    bool may_claim = false; // at a stoppage, not claimed, capital at least the target (W-2..W-4)
    std::string line;       // what the broker would type for him: "claim Ann" (W-2: never typed by the app)
};

struct Claims {
    Pounds target;
    bool stoppage = false;  // W-2: claims are taken now
    bool over = false;      // a valid claim ended the game (W-5)
    bool pending = false;   // a card or a re-throw is due first (N-1)
    std::vector<ClaimLine> players;  // in seating order
    std::vector<int> winners;        // seats, in claim order (W-4; several only on a tie)
};
Claims ClaimsOf(const GameState& state);

} // namespace rutland::flutter
