// Corporate Gigabucks' words for a terminal: the state, an entry's effects in short, and its rules'
// text, which is games/gigabucks/docs/RULES.md compiled in (kit/embed_rules.cmake).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ledger/ledger.h"
#include "model/state.h"

namespace rutland::gigabucks {

// The state in words; without `cash` (the players' window of a game without open-money, DS-6) no
// player's cash is shown.
std::string StateWords(const GameState& state, bool cash = true);
std::string ShortEffects(const Entry& entry, const GameState& state);
std::string_view RulesText();
std::string RuleWords(std::string_view id);
std::vector<std::string> RuleIds();

} // namespace rutland::gigabucks
