// Checked and printable text (core/base/safe_text.h, issue 14 point 7): what a stamp may hold, and how
// any stored text is printed to a terminal, a spreadsheet or JSON.
#include <doctest/doctest.h>

#include "base/safe_text.h"

using namespace rutland;

TEST_CASE("safe_text: UTF-8 is checked as RFC 3629 says") {
    CHECK(IsValidUtf8("Éva 東京 🎲"));
    CHECK_FALSE(IsValidUtf8("\xff"));
    CHECK_FALSE(IsValidUtf8("\xc3"));              // cut short
    CHECK_FALSE(IsValidUtf8("\xc0\xaf"));          // overlong '/'
    CHECK_FALSE(IsValidUtf8("\xed\xa0\x80"));      // a surrogate
    CHECK_FALSE(IsValidUtf8("\xf4\x90\x80\x80"));  // beyond U+10FFFF
}

TEST_CASE("safe_text: a stamp field is non-empty text without control characters") {
    CHECK_FALSE(StampTextProblem("Dee").has_value());
    CHECK_FALSE(StampTextProblem("Éva").has_value());
    CHECK(StampTextProblem("") == "is empty");
    CHECK(StampTextProblem("a\nb") == "has a control character in it (U+000A)");
    CHECK(StampTextProblem("a\tb") == "has a control character in it (U+0009)");
    CHECK(StampTextProblem("a\x7f") == "has a control character in it (U+007F)");
    CHECK(StampTextProblem("a\xc2\x85") == "has a control character in it (U+0085)");      // NEL (C1)
    CHECK(StampTextProblem("a\xe2\x80\xae") == "has a control character in it (U+202E)");  // RLO
    CHECK(StampTextProblem("a\xe2\x81\xa6") == "has a control character in it (U+2066)");  // LRI
    CHECK(StampTextProblem("ab\xff") == "is not valid UTF-8 text (byte 2 is 0xFF)");
}

TEST_CASE("safe_text: a time is ISO 8601 UTC to the second and a real moment") {
    CHECK(IsUtcTime("2026-11-22T01:15:14Z"));
    CHECK(IsUtcTime("2028-02-29T00:00:00Z"));   // a leap year
    CHECK(IsUtcTime("2000-02-29T23:59:59Z"));   // divisible by 400
    CHECK_FALSE(IsUtcTime("1900-02-29T00:00:00Z"));  // divisible by 100, not 400
    CHECK_FALSE(IsUtcTime("2026-02-29T00:00:00Z"));
    CHECK_FALSE(IsUtcTime("2026-04-31T00:00:00Z"));
    CHECK_FALSE(IsUtcTime("2026-13-01T00:00:00Z"));
    CHECK_FALSE(IsUtcTime("2026-00-01T00:00:00Z"));
    CHECK_FALSE(IsUtcTime("2026-11-00T00:00:00Z"));
    CHECK_FALSE(IsUtcTime("2026-11-22T24:00:00Z"));
    CHECK_FALSE(IsUtcTime("2026-11-22T23:60:00Z"));
    CHECK_FALSE(IsUtcTime("2026-11-22T23:59:60Z"));
    CHECK_FALSE(IsUtcTime("2026-11-22T01:15:14"));
    CHECK_FALSE(IsUtcTime("2026-11-22 01:15:14Z"));
    CHECK_FALSE(IsUtcTime("2026-11-22T01:15:14+00:00"));
    CHECK_FALSE(IsUtcTime("2026-11-22T01:15:14.5Z"));
    CHECK_FALSE(IsUtcTime("2026-1-22T01:15:14Z "));
    CHECK_FALSE(IsUtcTime("5"));
    CHECK_FALSE(IsUtcTime(""));
}

TEST_CASE("safe_text: printable text is one line of valid UTF-8, and clean text is unchanged") {
    CHECK(PrintableText("buy B 10k  | Éva pays $500") == "buy B 10k  | Éva pays $500");
    CHECK(PrintableText("Eve\n  99  fake") == "Eve\\n  99  fake");
    CHECK(PrintableText("a\r\tb") == "a\\r\\tb");
    CHECK(PrintableText("\x1b[2J") == "\\u{1b}[2J");
    CHECK(PrintableText("x\xe2\x80\xaey") == "x\\u{202e}y");
    CHECK(PrintableText("\xff\xfe") == "\\xff\\xfe");
    CHECK(PrintableText("\xc3") == "\\xc3");
    CHECK(ValidUtf8("Éva") == "Éva");
    CHECK(ValidUtf8("a\xff" "b") == "a\xef\xbf\xbd" "b");
    CHECK(IsValidUtf8(ValidUtf8("\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80")));
}

TEST_CASE("safe_text: a CSV text cell never starts a spreadsheet formula") {
    // The OWASP CSV-injection rule: a cell starting with = + - @ (or a tab or CR) is prefixed with '.
    CHECK(CsvTextCell("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
    CHECK(CsvTextCell("+SUM(A1)") == "'+SUM(A1)");
    CHECK(CsvTextCell("-2+3") == "'-2+3");
    CHECK(CsvTextCell("@cmd") == "'@cmd");
    CHECK(CsvTextCell("\tx") == "\\tx");  // escaped first: a tab cannot reach the spreadsheet
    CHECK(CsvTextCell("note x=1") == "note x=1");
    CHECK(CsvTextCell("a, b") == "\"a, b\"");
    CHECK(CsvTextCell("Eve\nfake") == "Eve\\nfake");  // one row per line, always
    CHECK(CsvTextCell("") == "");
}

namespace {

// What a terminal receives when `pieces` are written one after another.
std::string Escaped(std::initializer_list<std::string_view> pieces) {
    TerminalEscaper escaper;
    std::string out;
    for (std::string_view piece : pieces) escaper.Feed(piece, &out);
    escaper.Finish(&out);
    return out;
}

} // namespace

TEST_CASE("safe_text: text on its way to a terminal has no control or bidi character left, split where it may be") {
    // The review's label, a forged line and a terminal title: escaped, the rest unchanged.
    CHECK(Escaped({"Br\u202eada\u0007\u001b[2J"}) == "Br\\u202eada\\u0007\\u001b[2J");
    CHECK(Escaped({"Eve\r99: saved\n"}) == "Eve\\u000d99: saved\n");
    CHECK(Escaped({"\x1b]0;title\x07"}) == "\\u001b]0;title\\u0007");
    CHECK(Escaped({"a\xc2\x85" "b\xe2\x80\xa8" "c\xe2\x81\xa6"}) == "a\\u0085b\\u2028c\\u2066");
    // Line breaks and tabs lay the output out; printable text passes byte for byte.
    CHECK(Escaped({"buy B 10k\t| \u00c9va pays $500\n\u674e\u5a1c\n"}) == "buy B 10k\t| \u00c9va pays $500\n\u674e\u5a1c\n");
    // A character split between two writes is held until its end, and judged whole.
    CHECK(Escaped({"x\xe2\x80", "\xaey"}) == "x\\u202ey");
    CHECK(Escaped({"\xc3", "\xa9t\xc3", "\xa9"}) == "\u00e9t\u00e9");
    CHECK(Escaped({"\xf0\x9f", "\x98", "\x80!"}) == "\U0001F600!");
    // Bytes that are not UTF-8, and a sequence that never ends, as \xNN.
    CHECK(Escaped({"\xff\xfe"}) == "\\xff\\xfe");
    CHECK(Escaped({"ok\xe2\x80"}) == "ok\\xe2\\x80");
    CHECK(Escaped({"\xe2\x80", "A"}) == "\\xe2\\x80A");
    // A JSON document stays the same document: the escape is JSON's own.
    CHECK(Escaped({"{\"note\": \"Br\u202eada\"}"}) == "{\"note\": \"Br\\u202eada\"}");
}
