// The game state: everything on the table that the rules read. It is derived data: the ledger is
// the truth and a state is always a replay of it from the game header.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/shared_value.h"
#include "model/board.h"
#include "model/vocabulary.h"
#include "model/company.h"
#include "model/money.h"

namespace rutland::bbr {

// Decisions a game may switch at setup (RULES.md section 14).
struct Variants {
    bool rollback_odd_lot_level = false;  // D-6 `rollback-odd-lot=level`
    bool rollback_cover_half = false;     // D-7 `rollback-cover=0.50`
    bool delist_cover_market = false;     // D-10 `delist-cover=market`
    bool shorts_carry_over = false;       // D-13 `shorts-carry-over`
    bool put_cash_needs_ask = false;      // D-16 `put-cash-needs-ask`
    bool uptick = false;                  // D-21 / M-8 `uptick`
    bool strict_year_end_buys = false;    // D-24 `strict-year-end-buys`
    bool operator==(const Variants&) const = default;
};

enum class Volatility : uint8_t { Normal, High };

// A short seller's note in a company's margin account (S-4): who owes how many shares, and the
// sale proceeds clipped to it. Notes are kept in the order written; a cover takes back the oldest
// first (a partly covered note keeps the rest of its shares and proceeds).
struct ShortNote {
    int player = 0;
    int64_t shares = 0;
    Money proceeds;
    bool operator==(const ShortNote&) const = default;
};

// Something a player still owes that the table must settle (shown under "pending").
struct Obligation {
    int player = 0;
    Money amount;        // cash still owed to the bank
    std::string rule;    // e.g. "M-4"
    std::string reason;  // plain words
    bool operator==(const Obligation&) const = default;
};

// An option card a player accepted (O-1). Ids count up from 1 in order of acceptance within the
// game and are never reused.
struct OptionCard {
    int id = 0;
    int holder = 0;
    OptionKind kind = OptionKind::Call;
    Company company = Company::Yellow;
    int64_t shares = 0;
    Money strike_total;
    Money cost;
    int drawn_turn = 0;  // GameState::turn when accepted: exercise only on a later turn (O-2)
    bool operator==(const OptionCard&) const = default;
};

// What a Time card does (D-19): the broker types it when the card is drawn and the game's card list
// remembers it by card id.
struct TimeEffect {
    bool high_volatility = false;
    std::optional<std::string> space;  // the board's space name
    std::optional<Company> delist;
    bool operator==(const TimeEffect&) const = default;
    bool None() const { return !high_volatility && !space && !delist; }
};

struct Tray {
    int64_t common = 0;
    int64_t preferred = 0;
    int64_t bonds = 0;  // face, whole dollars
    bool operator==(const Tray&) const = default;
};

struct PlayerState {
    std::string name;
    Money cash;
    PerCompany<int64_t> common;
    PerCompany<int64_t> preferred;
    PerCompany<int64_t> bonds;   // face, whole dollars (debentures for Red and Green)
    PerCompany<int> directorships;  // common directorships (B-4)
    std::optional<Company> escrow;  // E-2
    uint64_t proxies = 0;           // bit per board space index (E-1)
    std::optional<int> space;       // pawn position (board space index); nullopt until first known
    // B-5: bought on the year-ending turn after the draw, so not paid at this year end.
    PerCompany<int> ex_directorships;
    PerCompany<int64_t> ex_preferred;
    PerCompany<int64_t> ex_bonds;
    bool operator==(const PlayerState&) const = default;

    int64_t VotingShares(Company c) const { return common[c] + preferred[c]; }
    bool HasProxy(int space_index) const { return (proxies >> space_index) & 1u; }
};

struct GameState {
    SharedValue<GameHeader> header;  // as the game started; shared by every copy of the state
    Variants variants;
    int year_cards = 0;  // Time cards per year (D-4)
    std::shared_ptr<const Board> board;

    std::vector<PlayerState> players;
    PerCompany<int> price;  // ticks
    PerCompany<bool> listed;
    PerCompany<Tray> tray;
    PerCompany<std::vector<ShortNote>> margin;  // the margin accounts (S-4)
    Money bank;  // the bank's account; starts at minus the players' starting cash

    Volatility volatility = Volatility::Normal;
    int year = 1;
    int time_cards_drawn = 0;  // this year
    int current = 0;           // whose turn (player index)
    bool rolled = false;       // the current player has rolled this turn (T-1)
    bool doubles = false;      // that roll was doubles (T-5)
    std::optional<int> turn_space;  // where this turn's transactions happen (T-6)
    std::vector<Obligation> pending;
    std::optional<int> winner;

    int turn = 0;                   // turns ended so far in the game (O-2 "a later turn")
    bool time_drawn = false;        // the current player drew a Time card this turn (T-4)
    std::optional<int> time_space;  // where that card moved the pawn: its offers are usable too (T-6)
    bool rights_taken = false;      // a Rights Offering card accepted this turn
    bool option_taken = false;      // an option card accepted this turn (O-1)
    bool year_end_due = false;      // the year's last Time card is drawn: settle at this turn's end (Y-1)
    std::optional<int> year_ender;  // who drew it (O-2, B-5, Y-2 order)
    std::optional<int> declaring;   // W-1: a claim waiting for its margin call to be paid
    std::vector<OptionCard> options;
    int next_option_id = 1;
    std::vector<int> expired_options;  // ids of options that expired at a year end (Y-3), in order
    SharedValue<std::vector<std::pair<std::string, TimeEffect>>> card_list;  // D-19, in order first saved

    bool operator==(const GameState& other) const;

    // Lookups the rules and the views share.
    std::optional<int> FindPlayer(std::string_view name) const;  // names.h rule 1
    Money MarginHeld(Company c) const;                            // total in that margin account
    int64_t ShortShares(int player, Company c) const;
    Money ShortProceeds(int player, Company c) const;
    Money NetWorth(int player) const;
    // S-4 / D-12: cash + long shares at market + bonds/debentures at face (margin accounts excluded).
    Money MarginAssets(int player) const;
    Money ShortExposure(int player) const;  // all short positions at current prices
};

} // namespace rutland::bbr
