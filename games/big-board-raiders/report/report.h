// Plain-text reports for the broker (the CLI prints these; the dashboard has its own panels).
#pragma once

#include <string>
#include <vector>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::bbr {

// Prices, each player's cash, holdings and net worth, pending obligations.
std::string BrokerSummary(const GameState& state);

// One line per effect, indented, with its rule: "    [B-1] Ann pays the bank $21,000 ...".
// Each effect as "    [rule] words\n" (the words: effect_text.h, with the game's names).
std::string DescribeEffects(const Effects& effects, const GameState& state);

// One difference between two states, by the state JSON's paths with players keyed by name
// ("players.Ann.cash"); values as the table reads them ("$21,000", "10,000"), "(none)" when absent.
struct StateChange {
    std::string path;
    std::string before;
    std::string after;
};
// Every path whose value differs, sorted by path (`rutland-cli diff`, the dashboard's "diff to now").
std::vector<StateChange> DiffStates(const GameState& before, const GameState& after);

} // namespace rutland::bbr
