// Where a game's words cite its rules, for a game the shell knows only through the facade
// (kit/host/open_game.h: OpenGame::RuleText says whether an ID is one of its rules). The dashboard
// underlines each such ID in the words it wraps and shows its words on hover and F1
// (kit/ui/rule_text_draw.h). A game with a finder of its own (Big Board Raiders' "RULES.md
// section 2", games/big-board-raiders/view/rule_mentions.h) gives the dashboard that one instead.
// No GUI here.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
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

// The IDs a finder found in each text, kept so a text drawn in every frame is searched once, when it
// first appears, not once a frame (a finder asks the game's rule book of every candidate). Bounded:
// past kMaxTexts distinct texts it forgets them all and starts again, so a long game's changing
// lines (the entry line's preview, the ledger's rows) cannot grow it without end.
class RuleIdCache {
public:
    static constexpr size_t kMaxTexts = 4096;
    using Finder = std::function<std::vector<RuleIdAt>(std::string_view)>;
    // The IDs in `words`, found by `find` the first time these words are asked for.
    const std::vector<RuleIdAt>& Find(std::string_view words, const Finder& find);
    // Every text forgotten (the finder changed: another game, another rule book).
    void Clear() { m_found.clear(); }
    size_t Size() const { return m_found.size(); }

private:
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, std::vector<RuleIdAt>, Hash, std::equal_to<>> m_found;
};

} // namespace rutland::view
