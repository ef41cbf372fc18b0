// The state as JSON, exactly as COMMANDS.md shows it (its keys and meanings are a contract;
// extra keys are allowed and marked as such below).
#pragma once

#include <nlohmann/json.hpp>

#include "model/state.h"

namespace rutland::bbr {

nlohmann::json StateToJson(const GameState& state);

} // namespace rutland::bbr
