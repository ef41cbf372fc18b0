// The game state: everything on the table that the rules read. It is derived data: the ledger is
// the truth and a state is always a replay of it from the game header.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board.h"
#include "command.h"
#include "company.h"
#include "money.h"

namespace rutland {

// Decisions a game may switch at setup (RULES.md section 14).
struct Variants {
    bool rollback_odd_lot_level = false;  // D-6 `rollback-odd-lot=level`
    bool rollback_cover_half = false;     // D-7 `rollback-cover=0.50`
    bool delist_cover_market = false;     // D-10 `delist-cover=market`
    bool shorts_carry_over = false;       // D-13 `shorts-carry-over`
    bool put_cash_needs_ask = false;      // D-16 `put-cash-needs-ask`
    bool uptick = false;                  // D-21 / M-8 `uptick`
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
    bool operator==(const PlayerState&) const = default;

    int64_t VotingShares(Company c) const { return common[c] + preferred[c]; }
    bool HasProxy(int space_index) const { return (proxies >> space_index) & 1u; }
};

struct GameState {
    GameHeader header;
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

    bool operator==(const GameState& other) const;

    // Lookups the rules and the views share.
    std::optional<int> FindPlayer(std::string_view name) const;  // case-insensitive
    Money MarginHeld(Company c) const;                            // total in that margin account
    int64_t ShortShares(int player, Company c) const;
    Money ShortProceeds(int player, Company c) const;
    Money NetWorth(int player) const;
    // S-4 / D-12: cash + long shares at market + bonds/debentures at face (margin accounts excluded).
    Money MarginAssets(int player) const;
    Money ShortExposure(int player) const;  // all short positions at current prices
};

} // namespace rutland
