// Case folding for the table language. ASCII only: std::tolower depends on the locale, and
// player names may hold UTF-8 bytes that must pass through unchanged.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rutland {

inline std::string Lower(std::string_view text) {
    std::string out(text);
    for (char& ch : out)
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    return out;
}

inline bool SameIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

// The keys of one line (`count Ann cash=5`, `board W name="a"`): a key given twice in one line is a
// slip, never "the last one wins", in every game's language (as in a header). Compared ignoring
// ASCII case, as the languages read their keys.
class LineKeys {
public:
    // True when `key` was given before in this line; remembers it otherwise.
    bool Twice(std::string_view key) {
        for (const std::string& seen : m_seen)
            if (SameIgnoringCase(seen, key)) return true;
        m_seen.emplace_back(key);
        return false;
    }

private:
    std::vector<std::string> m_seen;
};

} // namespace rutland
