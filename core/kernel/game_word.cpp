#include "kernel/game_word.h"

namespace rutland {

namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The next blank-separated token of `line` from `*at` (empty at the end); `*at` moves past it.
std::string_view NextToken(std::string_view line, size_t* at) {
    size_t begin = *at;
    while (begin < line.size() && IsBlank(line[begin])) ++begin;
    size_t end = begin;
    while (end < line.size() && !IsBlank(line[end])) ++end;
    *at = end;
    return line.substr(begin, end - begin);
}

bool IsGameKeyword(std::string_view token) {
    // The table languages read keywords in any case (`GAME players=...` is a header too).
    if (token.size() != 4) return false;
    const std::string_view game = "game";
    for (size_t i = 0; i < 4; ++i) {
        const char c = token[i] >= 'A' && token[i] <= 'Z' ? char(token[i] - 'A' + 'a') : token[i];
        if (c != game[i]) return false;
    }
    return true;
}

} // namespace

std::optional<std::string_view> HeaderGameWord(std::string_view header_line) {
    size_t at = 0;
    if (!IsGameKeyword(NextToken(header_line, &at))) return std::nullopt;
    const std::string_view word = NextToken(header_line, &at);
    if (word.empty() || word.front() == '#' || word.find('=') != std::string_view::npos) return std::nullopt;
    return word;
}

} // namespace rutland
