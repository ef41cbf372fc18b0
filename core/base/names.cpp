#include "base/names.h"

#include <cstdint>
#include <cstdlib>

#include <memory>

#include <fmt/format.h>
#include <unicode/uchar.h>
#include <unicode/uspoof.h>
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

std::optional<std::string> TypedNameProblem(std::string_view name) {
    if (std::optional<std::string> problem = NameProblem(name)) return problem;
    std::optional<std::string> problem;
    int32_t first = -1, last = -1;
    ForEachChar(name, [&](int32_t cp, std::string_view) {
        if (first < 0) first = cp;
        last = cp;
        if (!problem && u_hasBinaryProperty(cp, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
            problem = fmt::format("U+{:04X}, an invisible character", cp);
    });
    if (problem) return problem;
    if (first >= 0 && u_isUWhiteSpace(first)) return fmt::format("U+{:04X}, a space at its start", first);
    if (last >= 0 && u_isUWhiteSpace(last)) return fmt::format("U+{:04X}, a space at its end", last);
    return std::nullopt;
}

namespace {

struct SpoofCloser {
    void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};

// One checker for the process, made on first use (thread-safe); getting a skeleton changes nothing in it.
const USpoofChecker* SpoofChecker() {
    static const std::unique_ptr<USpoofChecker, SpoofCloser> checker = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker* made = uspoof_open(&status);
        if (U_FAILURE(status)) made = nullptr;
        return std::unique_ptr<USpoofChecker, SpoofCloser>(made);
    }();
    return checker.get();
}

// The non-ASCII characters of a name as code points ("U+0421"), for a message that must show what
// the eye cannot.
std::string NonAsciiCodePoints(std::string_view name) {
    std::string out;
    ForEachChar(name, [&](int32_t cp, std::string_view) {
        if (cp >= 0x80) out += fmt::format("{}U+{:04X}", out.empty() ? "" : " ", cp);
    });
    return out;
}

std::string Shown(std::string_view name) {
    const std::string codes = NonAsciiCodePoints(name);
    return "'" + ShowName(name) + "'" + (codes.empty() ? "" : " (" + codes + ")");
}

} // namespace

namespace {

// ICU's skeleton of `text` (the text itself if ICU refuses it).
std::string Skeleton(const std::string& text) {
    const USpoofChecker* checker = SpoofChecker();
    if (!checker || text.size() > (1u << 20)) return text;
    UErrorCode status = U_ZERO_ERROR;
    const int32_t length = static_cast<int32_t>(text.size());
    const int32_t needed = uspoof_getSkeletonUTF8(checker, 0, text.data(), length, nullptr, 0, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return text;
    std::string out(static_cast<size_t>(needed), '\0');
    status = U_ZERO_ERROR;
    uspoof_getSkeletonUTF8(checker, 0, text.data(), length, out.data(), needed, &status);
    if (U_FAILURE(status)) return text;
    return out;
}

} // namespace

std::string NameSkeleton(std::string_view name) {
    // Folded again after: the confusable of a capital may be one ("Α" Greek folds to "α", whose
    // skeleton is "a").
    return FoldName(Skeleton(FoldName(name)));
}

bool NamesClash(std::string_view a, std::string_view b) {
    if (SameName(a, b)) return true;
    // Both as typed and folded: folding loses "I" (capital i) against "l", which look alike as typed.
    return Skeleton(NormalizeName(a)) == Skeleton(NormalizeName(b)) || NameSkeleton(a) == NameSkeleton(b);
}

std::optional<NameClash> FirstNameClash(std::span<const std::string> names) {
    for (size_t j = 1; j < names.size(); ++j)
        for (size_t i = 0; i < j; ++i)
            if (NamesClash(names[i], names[j])) return NameClash{i, j, SameName(names[i], names[j])};
    return std::nullopt;
}

std::string NameClashWords(std::string_view earlier, std::string_view later, bool same) {
    if (same)
        return fmt::format("{} and {} are one player's name (names that differ only by case or by how an accent is "
                           "typed are one player): give another name", Shown(earlier), Shown(later));
    return fmt::format("{} looks like {}, another player's name (Unicode's confusable characters, TR39): two players "
                       "whose names look alike cannot be told apart at the table, give another name",
                       Shown(later), Shown(earlier));
}

std::string ShowName(std::string_view name) {
    std::string out;
    ForEachChar(name, [&](int32_t cp, std::string_view bytes) {
        if (CharProblem(cp) || u_hasBinaryProperty(cp, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
            out += fmt::format("<U+{:04X}>", cp);
        else
            out += bytes;
    });
    return out;
}

} // namespace rutland
