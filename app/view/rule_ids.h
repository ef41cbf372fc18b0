// Where a game's words cite its rules, for a game the shell knows only through the facade
// (app/host/open_game.h: OpenGame::RuleText says whether an ID is one of its rules). The dashboard
// underlines each such ID in the words it wraps and shows its words on hover and F1
// (app/dashboard/rule_text_draw.h). A game with a finder of its own (Big Board Raiders' "RULES.md
// section 2", games/big-board-raiders/view/rule_mentions.h) gives the dashboard that one instead.
// No GUI here.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rutland::view {

// Bytes [begin, begin + size) of the words name the rule `id`.
struct RuleIdAt {
    size_t begin = 0;
    size_t size = 0;
    std::string id;
};

// The IDs in `words` that `known` knows, in order: one to three capitals, a dash and digits (as
// "B-1", in parentheses or brackets too), standing as a word of its own: not inside "T-04x" or
// "0..N-1", not followed by another dash ("B-1-2").
std::vector<RuleIdAt> FindRuleIds(std::string_view words, const std::function<bool(std::string_view)>& known);

} // namespace rutland::view
