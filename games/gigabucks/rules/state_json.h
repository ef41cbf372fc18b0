// RULES.md section 18: the state as JSON (`rutland-cli play SCRIPT --json`). Its keys and their
// meanings are a contract: keys may be added, never changed.
#pragma once

#include <nlohmann/json.hpp>

#include "model/state.h"

namespace rutland::gigabucks {

nlohmann::ordered_json ToJson(const GameState& state);

// DS-6, CG-D20: the state as the players may see it (their window, the shared page): section 18's
// JSON without any player's cash, bid limits or shortfall (`cash`, `max_bid`, `due.short`) unless
// the header says variants=open-money; ownership, lines, tokens, payments, the remainders and the
// money total stay.
nlohmann::ordered_json PublicJson(const GameState& state);

} // namespace rutland::gigabucks
