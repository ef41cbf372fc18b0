// The state as JSON, exactly as RULES.md section 16 specifies (`rutland-cli play SCRIPT --json`):
// money in whole pounds, holdings in certificates, companies keyed by their lower-case colours.
// The keys are a contract; extra keys may be added, never these changed. Equal states give equal
// text (the game file's snapshot, store/store.h).
#pragma once

#include <nlohmann/json.hpp>

#include "model/state.h"

namespace rutland::flutter {

nlohmann::ordered_json ToJson(const GameState& state);

} // namespace rutland::flutter
