// Checked and printable text (safe_text.h).
#include "base/safe_text.h"

#include <fmt/format.h>

namespace rutland {

namespace {

// The UTF-8 sequence at text[i]: its length and code point, or length 0 when the byte there does
// not start a valid sequence (RFC 3629).
struct Decoded {
    size_t length = 0;
    char32_t code_point = 0;
};

Decoded DecodeAt(std::string_view text, size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) return {1, lead};
    size_t extra = 0;
    unsigned char low = 0x80, high = 0xBF;  // the allowed range of the first continuation byte
    char32_t cp = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        extra = 1, cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        extra = 2, cp = lead & 0x0F;
        if (lead == 0xE0) low = 0xA0;   // overlong
        if (lead == 0xED) high = 0x9F;  // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        extra = 3, cp = lead & 0x07;
        if (lead == 0xF0) low = 0x90;   // overlong
        if (lead == 0xF4) high = 0x8F;  // beyond U+10FFFF
    } else {
        return {};
    }
    if (text.size() - i <= extra) return {};
    for (size_t k = 1; k <= extra; ++k) {
        const auto cont = static_cast<unsigned char>(text[i + k]);
        if (cont < (k == 1 ? low : 0x80) || cont > (k == 1 ? high : 0xBF)) return {};
        cp = (cp << 6) | (cont & 0x3F);
    }
    return {extra + 1, cp};
}

} // namespace

bool IsValidUtf8(std::string_view text) {
    for (size_t i = 0; i < text.size();) {
        const Decoded d = DecodeAt(text, i);
        if (d.length == 0) return false;
        i += d.length;
    }
    return true;
}

bool IsBidiControl(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool IsControlCodePoint(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 || IsBidiControl(c);
}

std::string GroupedNumber(uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string ShortText(std::string_view text, size_t max_bytes) {
    if (text.size() <= max_bytes) return PrintableText(text);
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    return PrintableText(text.substr(0, cut)) + "... (" + GroupedNumber(text.size()) + " bytes in all)";
}

std::string JsonEscapedControls(std::string json) {
    size_t i = 0;
    while (i < json.size()) {  // the first such character, if any: most documents have none
        const auto byte = static_cast<unsigned char>(json[i]);
        if (byte >= 0xC2) {
            const Decoded d = DecodeAt(json, i);
            if (d.length > 1 && IsControlCodePoint(d.code_point)) break;
            i += d.length ? d.length : 1;
        } else {
            ++i;
        }
    }
    if (i == json.size()) return json;
    std::string out = json.substr(0, i);
    while (i < json.size()) {
        const Decoded d = DecodeAt(json, i);
        if (d.length > 1 && IsControlCodePoint(d.code_point)) {
            out += fmt::format("\\u{:04x}", static_cast<uint32_t>(d.code_point));
            i += d.length;
        } else {
            const size_t n = d.length ? d.length : 1;
            out.append(json, i, n);
            i += n;
        }
    }
    return out;
}

std::optional<std::string> FreeTextProblem(std::string_view text, bool tab_ok) {
    for (size_t i = 0; i < text.size();) {
        const Decoded d = DecodeAt(text, i);
        if (d.length == 0) return fmt::format("byte 0x{:02X}, which is not UTF-8 text", static_cast<unsigned char>(text[i]));
        const char32_t c = d.code_point;
        if (IsControlCodePoint(c) && !(tab_ok && c == '\t')) {
            const char* what = IsBidiControl(c)               ? "a bidi control character, which changes the order text reads in"
                               : (c == 0x2028 || c == 0x2029) ? "a line break"
                                                              : "a control character";
            return fmt::format("U+{:04X}, {}", static_cast<uint32_t>(c), what);
        }
        i += d.length;
    }
    return std::nullopt;
}

std::optional<std::string> StampTextProblem(std::string_view text) {
    if (text.empty()) return "is empty";
    if (text.size() > kMaxStampFieldBytes)
        return fmt::format("is {} bytes long, over the limit of {} bytes for a stamp field (kMaxStampFieldBytes)",
                           GroupedNumber(text.size()), GroupedNumber(kMaxStampFieldBytes));
    for (size_t i = 0; i < text.size();) {
        const Decoded d = DecodeAt(text, i);
        if (d.length == 0)
            return fmt::format("is not valid UTF-8 text (byte {} is 0x{:02X})", i, static_cast<unsigned char>(text[i]));
        if (IsControlCodePoint(d.code_point))
            return fmt::format("has a control character in it (U+{:04X})", static_cast<uint32_t>(d.code_point));
        i += d.length;
    }
    return std::nullopt;
}

bool IsUtcTime(std::string_view t) {
    // YYYY-MM-DDTHH:MM:SSZ
    if (t.size() != 20 || t[4] != '-' || t[7] != '-' || t[10] != 'T' || t[13] != ':' || t[16] != ':' || t[19] != 'Z')
        return false;
    auto number = [&](size_t at, size_t digits, int* out) {
        int v = 0;
        for (size_t k = at; k < at + digits; ++k) {
            if (t[k] < '0' || t[k] > '9') return false;
            v = v * 10 + (t[k] - '0');
        }
        *out = v;
        return true;
    };
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!number(0, 4, &year) || !number(5, 2, &month) || !number(8, 2, &day) || !number(11, 2, &hour) ||
        !number(14, 2, &minute) || !number(17, 2, &second))
        return false;
    if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

std::string PrintableText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const Decoded d = DecodeAt(text, i);
        if (d.length == 0) {
            out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
            ++i;
            continue;
        }
        if (!IsControlCodePoint(d.code_point)) {
            out.append(text.substr(i, d.length));
        } else if (d.code_point == '\n') {
            out += "\\n";
        } else if (d.code_point == '\r') {
            out += "\\r";
        } else if (d.code_point == '\t') {
            out += "\\t";
        } else {
            out += fmt::format("\\u{{{:x}}}", static_cast<uint32_t>(d.code_point));
        }
        i += d.length;
    }
    return out;
}

namespace {

// The length of the UTF-8 sequence a lead byte starts (2-4), or 0 when it starts none.
size_t SequenceLength(unsigned char lead) {
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

void Escape(std::string_view text, bool at_end, std::string* held, std::string* out) {
    size_t i = 0;
    while (i < text.size()) {
        size_t run = i;  // plain ASCII (and line breaks, tabs) in bulk
        while (run < text.size()) {
            const auto byte = static_cast<unsigned char>(text[run]);
            if ((byte >= 0x20 && byte < 0x7F) || byte == '\n' || byte == '\t') ++run;
            else break;
        }
        out->append(text.substr(i, run - i));
        i = run;
        if (i == text.size()) break;
        const auto lead = static_cast<unsigned char>(text[i]);
        const Decoded d = DecodeAt(text, i);
        if (d.length == 0) {
            const size_t need = SequenceLength(lead);
            bool prefix = need > 0 && text.size() - i < need && !at_end;
            for (size_t k = i + 1; prefix && k < text.size(); ++k)
                prefix = (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80;
            if (prefix) {  // the sequence goes on in the next piece
                held->assign(text.substr(i));
                return;
            }
            *out += fmt::format("\\x{:02x}", lead);
            ++i;
            continue;
        }
        if (IsControlCodePoint(d.code_point))
            *out += fmt::format("\\u{:04x}", static_cast<uint32_t>(d.code_point));
        else
            out->append(text.substr(i, d.length));
        i += d.length;
    }
}

} // namespace

void TerminalEscaper::Feed(std::string_view piece, std::string* out) {
    if (m_held.empty()) {
        Escape(piece, false, &m_held, out);
        return;
    }
    std::string joined = std::move(m_held);
    m_held.clear();
    joined.append(piece);
    Escape(joined, false, &m_held, out);
}

void TerminalEscaper::Finish(std::string* out) {
    std::string held = std::move(m_held);
    m_held.clear();
    Escape(held, true, &m_held, out);
}

std::string ValidUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const Decoded d = DecodeAt(text, i);
        if (d.length == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD
            ++i;
            continue;
        }
        out.append(text.substr(i, d.length));
        i += d.length;
    }
    return out;
}

std::string CsvTextCell(std::string_view text) {
    std::string cell = PrintableText(text);
    if (!cell.empty() && (cell[0] == '=' || cell[0] == '+' || cell[0] == '-' || cell[0] == '@' || cell[0] == '\t' ||
                          cell[0] == '\r'))
        cell.insert(cell.begin(), '\'');
    if (cell.find_first_of(",\"") == std::string::npos) return cell;
    std::string quoted = "\"";
    for (char ch : cell) {
        if (ch == '"') quoted += '"';
        quoted += ch;
    }
    return quoted + "\"";
}

} // namespace rutland
