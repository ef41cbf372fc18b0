// JSON checked before it is parsed (json_guard.h).
#include "base/json_guard.h"

#include <set>
#include <vector>

#include <fmt/format.h>

#include "base/names.h"
#include "base/safe_text.h"

namespace rutland {

namespace {

void AppendUtf8(char32_t cp, std::string* out) {
    if (cp < 0x80) {
        *out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        *out += static_cast<char>(0xC0 | (cp >> 6));
        *out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *out += static_cast<char>(0xE0 | (cp >> 12));
        *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        *out += static_cast<char>(0xF0 | (cp >> 18));
        *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

int HexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The four hex digits at text[at], or -1.
long Hex4(std::string_view text, size_t at) {
    if (at + 4 > text.size()) return -1;
    long v = 0;
    for (size_t k = 0; k < 4; ++k) {
        const int d = HexDigit(text[at + k]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

// The string starting at the quotation mark text[*i], as JSON reads it, into *out; *i left on its
// closing mark (or at the end of a string never closed). An escape JSON does not have is kept as
// written: the parser refuses it.
void ReadString(std::string_view text, size_t* i, std::string* out) {
    size_t k = *i + 1;
    while (k < text.size() && text[k] != '"') {
        if (text[k] != '\\' || k + 1 >= text.size()) {
            *out += text[k++];
            continue;
        }
        const char e = text[k + 1];
        k += 2;
        switch (e) {
            case 'b': *out += '\b'; break;
            case 'f': *out += '\f'; break;
            case 'n': *out += '\n'; break;
            case 'r': *out += '\r'; break;
            case 't': *out += '\t'; break;
            case 'u': {
                long cp = Hex4(text, k);
                if (cp < 0) {
                    *out += "\\u";
                    break;
                }
                k += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF && k + 1 < text.size() && text[k] == '\\' && text[k + 1] == 'u') {
                    const long low = Hex4(text, k + 2);
                    if (low >= 0xDC00 && low <= 0xDFFF) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00), k += 6;
                }
                AppendUtf8(static_cast<char32_t>(cp), out);
                break;
            }
            default: *out += e; break;  // \" \\ \/ (and what the parser will refuse)
        }
    }
    *i = k;
}

struct Frame {
    bool object = false;
    bool expect_key = false;
    std::set<std::string> keys;
};

} // namespace

std::optional<std::string> JsonGuardProblem(std::string_view text, const JsonBounds& b) {
    if (text.size() > b.max_bytes)
        return fmt::format("{} is {} bytes, over the limit of {} bytes for {} ({}); nothing of it was read", b.subject,
                           GroupedNumber(text.size()), GroupedNumber(b.max_bytes), b.for_what, b.bytes_name);
    std::vector<Frame> frames;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (ch == '"') {
            std::string s;
            ReadString(text, &i, &s);
            if (!frames.empty() && frames.back().object && frames.back().expect_key) {
                frames.back().expect_key = false;
                if (!frames.back().keys.insert(s).second)
                    return fmt::format("the key \"{}\" is given twice in one object: {} gives each key once",
                                       ShortText(ShowName(s)), b.subject);
            }
        } else if (ch == '{' || ch == '[') {
            if (static_cast<int>(frames.size()) >= b.max_depth)
                return fmt::format("{} nests arrays and objects more than {} deep (byte {}), over the limit for {} ({}); "
                                   "nothing of it was read", b.subject, b.max_depth, GroupedNumber(i), b.for_what,
                                   b.depth_name);
            frames.push_back(Frame{ch == '{', ch == '{', {}});
        } else if (ch == '}' || ch == ']') {
            if (!frames.empty()) frames.pop_back();
        } else if (ch == ',') {
            if (!frames.empty() && frames.back().object) frames.back().expect_key = true;
        }
    }
    return std::nullopt;
}

} // namespace rutland
