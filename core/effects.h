// What an accepted command did, item by item. Every cash movement is a transfer between two
// accounts (the bank, a player, a company's margin account), every certificate movement goes
// between a player and the broker's tray, and each item carries the rule that caused it. This
// list is what explains any ledger entry later ("why did Bob pay $5,000?").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "command.h"
#include "company.h"
#include "money.h"

namespace rutland {

enum class AccountKind : uint8_t { Bank, Player, Margin };

struct Account {
    AccountKind kind = AccountKind::Bank;
    int index = 0;  // player index, or company index for a margin account
    static Account Bank() { return {AccountKind::Bank, 0}; }
    static Account Player(int p) { return {AccountKind::Player, p}; }
    static Account Margin(Company c) { return {AccountKind::Margin, Index(c)}; }
    bool operator==(const Account&) const = default;
};

enum class EffectKind : uint8_t {
    Cash,          // amount moved from -> to
    Certificates,  // quantity of company/security moved between player and tray
    ShortNote,     // a short note written (quantity > 0) or taken back (quantity < 0)
    Price,         // company's marker moved from_ticks -> to_ticks
    MarketEvent,   // Split, Roll Back, Bankruptcy (text says which)
    Pawn,          // player's pawn moved to space
    Proxy,         // player earned a subsidiary's proxy (space)
    Escrow,        // player gains (quantity 1) or gives up (quantity -1) the escrow directorship of company
    Option,        // option card option_id: taken (quantity = shares), exercised, transferred, expired
    Listing,       // company delisted (M-7) or listed again (D-9)
    Year,          // the year end and the new year (Y-1..Y-5), the Time count, volatility
    Directorship,  // quantity common directorships of company bought (> 0) or forfeited (< 0)
    Turn,          // whose turn it is changed, doubles, etc.
    Board,         // a board correction
    Obligation,    // something is still owed (listed under "pending")
    Info,          // anything else worth telling the table (unverified facts used, notes)
};

struct Effect {
    EffectKind kind = EffectKind::Info;
    std::string rule;  // RULES.md ID, e.g. "B-1"
    std::string text;  // plain words for the table

    // Cash
    Account from, to;
    Money amount;
    // Certificates / ShortNote / Directorship
    int player = -1;
    Company company = Company::Yellow;
    Security security = Security::Common;
    int64_t quantity = 0;  // shares; bond face in whole dollars; directorship count
    bool to_player = false;  // Certificates: tray -> player (true) or player -> tray (false)
    // Price
    int from_ticks = 0, to_ticks = 0;
    // Pawn / Proxy
    int space = -1;
    // Option
    int option_id = 0;
};

using Effects = std::vector<Effect>;

} // namespace rutland
