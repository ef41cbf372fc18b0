// Amber warnings before Enter: what a broker should stop and think about before
// a line is saved, read off the effects the line would make (the preview applies it to a copy of
// the state) and the state before it, never off the effects' words.
//
// Each warning names its rule and says the consequence in the table's words (the sentence comes
// from the one renderer, effect_text.h, where the effect has one).
#pragma once

#include <string>
#include <vector>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::bbr {

enum class WarningKind : uint8_t {
    DirectorshipForfeited,  // S-3, M-6: rings come off a pawn
    MarginCall,             // M-4, D-7, M-6, D-10, D-13, W-1: a short covered by force
    ForcedSale,             // S-6: a sale made to pay a debt
    MarketEvent,            // M-4, M-5, M-6: a Split, Roll Back or Bankruptcy fires
    BoardOrder,             // D-2: the landed space is not where the board order goes
    EarlyYearEnd,           // Y-1: year-end before the year's last Time card
    OptionInTheMoney,       // Y-3: an option worth money expires
    ObligationLeft,         // S-6: a payment leaves something owed
};

struct Warning {
    WarningKind kind = WarningKind::MarketEvent;
    std::string rule;
    std::string text;  // "Ann forfeits 1 Red common directorship: 75,000 voting shares back only 1"
};

// The warnings for a command whose effects are `effects`, applied to `before`. In the order the
// effects happen; each situation once.
std::vector<Warning> WarningsFor(const GameState& before, const Effects& effects);

// The money an option would pay if exercised for cash now (O-4, O-5): zero when out of the money.
Money OptionValueNow(const OptionCard& option, const GameState& state);

} // namespace rutland::bbr
