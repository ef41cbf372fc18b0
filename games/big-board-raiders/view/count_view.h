// The count forms' logic (RULES.md section 15, X-1): what the table shows, entered per player and
// for the market, turned into `count` lines with only the quantities the broker changed, and
// previewed on a copy of the state. The panel (games/big-board-raiders/panels/panel_count.cpp) only draws the forms.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "view/entry_model.h"
#include "model/state.h"

namespace rutland::bbr {

// One player's holdings as the form holds them; money in cents, bond face in dollars.
struct PlayerCount {
    int player = -1;
    int64_t cash_dollars = 0;
    std::array<int64_t, 4> common{}, preferred{}, bonds{};
    std::array<int64_t, 4> short_shares{};
    std::array<int, 4> short_price_cents{};  // per share, the price the short was sold at
    std::array<int, 4> directorships{};
    int escrow = 0;  // 0: none; 1 + the company index
    uint64_t proxies = 0;  // bit per board space (subsidiaries only)
    bool operator==(const PlayerCount&) const = default;
};

// The Big Board and the calendar as the form holds them.
struct MarketCount {
    std::array<int, 4> price_cents{};
    bool high_volatility = false;
    std::array<bool, 4> delisted{};
    int year = 1;
    int cards = 0;
    int turn = 0;  // player index
    bool operator==(const MarketCount&) const = default;
};

// The forms filled in with what the ledger holds now (nothing changed yet). A short held on
// several notes shows their average price (cents, rounded down).
PlayerCount StartPlayerCount(const GameState& state, int player);
MarketCount StartMarketCount(const GameState& state);

// Whether the ledger moved under a form: `now` (StartPlayerCount of the state now) holds something
// else than `base` (what the form started from). The price offered for a short not held (today's
// price) is not a holding, so a Market Open or a market count alone changes nothing here. A form
// whose ledger moved starts again: its old values would undo what happened since.
bool LedgerMoved(const PlayerCount& base, const PlayerCount& now);

// "count Ann cash=54000 Y=20k": only the quantities that differ from the ledger's (the keys the
// count sets, X-1), or "" when the form still says what the ledger holds.
std::string CountPlayerLine(const GameState& state, const PlayerCount& form);
std::string CountMarketLine(const GameState& state, const MarketCount& form);

// What recording the line would do (or why X-2 refuses it), on a copy of the state; Empty for "".
Preview PreviewCount(const GameState& state, const std::string& line);

// The subsidiary spaces, in board order, for the proxy sheet's checkboxes: (index, label).
std::vector<std::pair<int, std::string>> SubsidiarySpaces(const GameState& state);

} // namespace rutland::bbr
