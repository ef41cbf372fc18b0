// The one renderer of Corporate Gigabucks' effects (model/effects.h) in words. Nothing durable or
// hashed depends on these words: rewording one changes no file and no fingerprint.
#pragma once

#include <string>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::gigabucks {

// "Bob pays 4 to Ann (CH-2)" without the rule; names from `state` (any state of the game: the
// players never change).
std::string EffectText(const Effect& effect, const GameState& state);
// "[CH-2] Bob pays 4 to Ann".
std::string EffectLine(const Effect& effect, const GameState& state);

} // namespace rutland::gigabucks
