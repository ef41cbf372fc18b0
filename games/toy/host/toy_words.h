// The toy game's words: the one renderer of its typed effects (toy.h ToyEffect) into sentences, what
// the table does for each, and its rules' text (docs/RULES.md, compiled in by kit/embed_rules.cmake).
// Nothing durable or hashed depends on these words: the game file stores the effects as data
// (Toy::Encode).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "toy.h"

namespace rutland::toy {

// "Ann adds 3 to her counter (T-3)" without the rule: "Ann adds 3", "Ann gives 2", "Bob receives 2",
// "takes back 1 entry: add Ann 3".
std::string EffectText(const ToyEffect& effect);
// One effect in a few characters, for a log line or a CSV cell: "Ann +3", "undo 1".
std::string EffectShort(const ToyEffect& effect);
// What the table does for it: "put 3 counters on Ann's pile", "Ann hands Bob 2 counters".
std::string TableStep(const ToyEffect& effect);

// docs/RULES.md as compiled in (kit/embed_rules.cmake).
std::string_view RulesText();
// A rule's words from RULES.md: "T-1" (its list item), "TOY.md" (the language's section); "" for
// no such rule.
std::string RuleWords(std::string_view id);

} // namespace rutland::toy
