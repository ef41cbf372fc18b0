#include "base/names.h"

#include <cstdint>
#include <cstdlib>

#include <fmt/format.h>
#include <utf8proc.h>

#include "base/safe_text.h"
#include "base/text.h"

namespace rutland {

namespace {

bool IsAscii(std::string_view text) {
    for (char ch : text)
        if (static_cast<unsigned char>(ch) >= 0x80) return false;
    return true;
}

std::string Map(std::string_view text, int options) {
    utf8proc_uint8_t* out = nullptr;
    const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                            static_cast<utf8proc_ssize_t>(text.size()), &out,
                                            static_cast<utf8proc_option_t>(options));
    if (n < 0) return std::string(text);  // not UTF-8: the parser refused it before it got here
    std::string result(reinterpret_cast<const char*>(out), static_cast<size_t>(n));
    std::free(out);
    return result;
}

// What is wrong with one character (rule 2), or nullptr.
const char* CharProblem(int32_t cp) {
    if (IsBidiControl(static_cast<char32_t>(cp))) return "a bidi control character, which changes the order text reads in";
    switch (utf8proc_category(cp)) {
        case UTF8PROC_CATEGORY_CC: return "a control character";
        case UTF8PROC_CATEGORY_ZL:
        case UTF8PROC_CATEGORY_ZP: return "a line break";
        case UTF8PROC_CATEGORY_CF: return "an invisible formatting character";
        default: return nullptr;
    }
}

// Calls f(code point, its bytes) for each character; stops at bytes that are not UTF-8.
template <typename F>
void ForEachChar(std::string_view text, F&& f) {
    size_t i = 0;
    while (i < text.size()) {
        utf8proc_int32_t cp = 0;
        const utf8proc_ssize_t n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + i),
                                                    static_cast<utf8proc_ssize_t>(text.size() - i), &cp);
        if (n <= 0) return;
        f(cp, text.substr(i, static_cast<size_t>(n)));
        i += static_cast<size_t>(n);
    }
}

} // namespace

std::string NormalizeName(std::string_view name) {
    if (IsAscii(name)) return std::string(name);
    return Map(name, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
}

std::string FoldName(std::string_view name) {
    if (IsAscii(name)) return Lower(name);
    return Map(name, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD);
}

bool SameName(std::string_view a, std::string_view b) {
    if (IsAscii(a) && IsAscii(b)) return SameIgnoringCase(a, b);
    return FoldName(a) == FoldName(b);
}

std::optional<std::string> NameProblem(std::string_view name) {
    std::optional<std::string> problem;
    ForEachChar(name, [&](int32_t cp, std::string_view) {
        if (problem) return;
        if (const char* what = CharProblem(cp)) problem = fmt::format("U+{:04X}, {}", cp, what);
    });
    return problem;
}

std::string ShowName(std::string_view name) {
    std::string out;
    ForEachChar(name, [&](int32_t cp, std::string_view bytes) {
        if (CharProblem(cp))
            out += fmt::format("<U+{:04X}>", cp);
        else
            out += bytes;
    });
    return out;
}

} // namespace rutland
