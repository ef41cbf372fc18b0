// Flutter's words for the shell, beyond its effects' (lang/effect_text.h, the one renderer of
// them): the state for a terminal, an entry's effects in short, and its rules' text
// (docs/RULES.md, compiled in by the CMake of games/flutter/). Nothing durable or hashed depends on
// these words.
#pragma once

#include <string>
#include <string_view>

#include "ledger/ledger.h"
#include "model/state.h"

namespace rutland::flutter {

// The state for a terminal: the round, whose turn, the board, the six lanes and the players.
std::string StateWords(const GameState& state);
// An entry's effects in one line, "; " apart (a log line, a CSV cell, the ledger's summary).
std::string ShortEffects(const Entry& entry, const GameState& state);
// docs/RULES.md as compiled in.
std::string_view RulesText();
// A rule's words from RULES.md: the list item "- ID ..." (up to the next item or a blank line);
// "" for no such rule.
std::string RuleWords(std::string_view id);
// Every rule ID RULES.md lists, in its order.
std::vector<std::string> RuleIds();

} // namespace rutland::flutter
