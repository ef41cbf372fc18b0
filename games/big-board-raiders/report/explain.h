// Effects explained for a dispute (rutland-cli explain / log, the dashboard's ledger view): each
// effect's own words plus the arithmetic behind it, worked out from the state before the entry,
// and a one-line short form. Reads effects only; never changes a state.
#pragma once

#include <string>
#include <vector>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::bbr {

// For each effect, in order, the arithmetic it implies, or "" when there is none:
//   "Cy's cash: $100,000 - $44,000 = $56,000", "Cy's Blue: 0 + 20,000 = 20,000",
//   "up 4 ticks x $0.05 = $0.20: $2.20 + $0.20 = $2.40".
// `before` is the state just before the entry; running balances carry from effect to effect.
std::vector<std::string> EffectArithmetic(const Effects& effects, const GameState& before);

// "Cy->bank $44,000 (B-1)", "Cy +20,000 Blue (B-1)", "Blue $2.20->$2.40 (M-1)"; other kinds: the
// first few words of the text. `names` gives player names and the board.
std::string ShortEffect(const Effect& effect, const GameState& names);

// True when the effect moves cash to or from the player, or the player's certificates, notes,
// directorships, pawn... (for `log --player`).
bool EffectInvolvesPlayer(const Effect& effect, int player);
// True when the effect is about the company (its certificates, price, margin account...).
bool EffectInvolvesCompany(const Effect& effect, Company company);

} // namespace rutland::bbr
