#include "display_text.h"

#include <cstdint>

namespace rutland::view {

namespace {

bool IsContinuation(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }

} // namespace

std::string GroupedCount(uint64_t n) {
    std::string digits = std::to_string(n);
    for (size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, 1, ',');
    return digits;
}

size_t CountChars(std::string_view text) {
    size_t n = 0;
    for (char ch : text)
        if (!IsContinuation(ch)) ++n;
    return n;
}

std::string CutForDisplay(std::string_view text, size_t max_chars) {
    const size_t total = CountChars(text);
    if (total <= max_chars) return std::string(text);
    // The byte where character max_chars starts.
    size_t cut = 0;
    for (size_t chars = 0; cut < text.size(); ++cut) {
        if (!IsContinuation(text[cut]) && chars++ == max_chars) break;
    }
    // A word is not split when a space is within the last 40 characters kept.
    const size_t space = text.rfind(' ', cut);
    if (space != std::string_view::npos && space > 0 && CountChars(text.substr(space, cut - space)) <= 40) cut = space;
    return std::string(text.substr(0, cut)) + "\u2026 (" + GroupedCount(total) +
           " characters: select its entry in the Ledger tab, or run rutland-cli explain, to see it whole)";
}

} // namespace rutland::view
