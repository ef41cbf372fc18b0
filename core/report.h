// Plain-text reports for the broker (the CLI prints these; the dashboard has its own panels).
#pragma once

#include <string>

#include "effects.h"
#include "state.h"

namespace rutland {

// Prices, each player's cash, holdings and net worth, pending obligations.
std::string BrokerSummary(const GameState& state);

// One line per effect, indented, with its rule: "    [B-1] Ann pays the bank $21,000 ...".
std::string DescribeEffects(const Effects& effects);

} // namespace rutland
