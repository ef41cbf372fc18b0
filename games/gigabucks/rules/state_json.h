// RULES.md section 18: the state as JSON (`rutland-cli play SCRIPT --json`). Its keys and their
// meanings are a contract: keys may be added, never changed.
#pragma once

#include <nlohmann/json.hpp>

#include "model/state.h"

namespace rutland::gigabucks {

nlohmann::ordered_json ToJson(const GameState& state);

} // namespace rutland::gigabucks
