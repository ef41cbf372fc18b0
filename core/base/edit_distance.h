// How far apart two words are, for "did you mean": the entry line's names and spaces
// (games/big-board-raiders/view/entry_model.cpp), the start screen's players (kit/view/start_view.cpp) and
// `rutland-cli rule` (games/big-board-raiders/report/rule_book.cpp). ASCII case is ignored, as
// everywhere in the table language (text.h); other bytes (UTF-8 in names) compare as they are.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

namespace rutland {

// Letters to change, add or remove to turn a into b (Levenshtein, one row at a time).
inline size_t EditDistanceIgnoringCase(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

} // namespace rutland
