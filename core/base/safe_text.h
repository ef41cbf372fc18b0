// Text from outside the rules (stamps: who typed a line, when, its command id) checked where it
// enters a game file, and any stored text made safe where it leaves one: a terminal, a spreadsheet,
// a JSON reader. Files written before stamps were checked (basic_store.h invariant 14) may hold invalid
// UTF-8 and control characters; the readers here never pass them on raw.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rutland {

// RFC 3629 UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool IsValidUtf8(std::string_view text);

// True for the code points that would change how a line reads rather than add to it: C0 and C1
// controls, DEL, the line and paragraph separators, and the bidirectional controls that reorder
// text on screen (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069).
bool IsControlCodePoint(char32_t code_point);
// The bidirectional controls alone (names refuse them too: names.h).
bool IsBidiControl(char32_t code_point);

// The longest a stamp field (who typed a line, its command id) may be, in bytes: a name or a file's
// path and a counter are far shorter, and a stamp is stored with its entry and shown by every
// /view.json, so a 7 MB `who` would make every fetch of the page 7 MB.
inline constexpr size_t kMaxStampFieldBytes = 1024;

// Why `text` cannot be a stamp field ("is not valid UTF-8 text", "has a control character in it
// (U+000A)", "is empty", "is 7,000,000 bytes long, over ... (kMaxStampFieldBytes)"), or nullopt when it can.
std::optional<std::string> StampTextProblem(std::string_view text);

// Why `text` cannot be free text a game keeps and shows (a note, a label, a company's name), or
// nullopt: it holds a character that changes how the text reads rather than adding to it
// (IsControlCodePoint: a control character, a line or paragraph separator, a bidi control), named
// as names.h NameProblem names one: "U+202E, a bidi control character, which changes the order text
// reads in". A tab passes when `tab_ok` (a note may be laid out with one).
std::optional<std::string> FreeTextProblem(std::string_view text, bool tab_ok = false);

// At most `max_bytes` of `text` (cut at a character), PrintableText, and when it was cut "... (N
// bytes in all)": what a refusal may quote of a refused input, so that a 7 MB field is not echoed
// whole nor a control character raw.
std::string ShortText(std::string_view text, size_t max_bytes = 60);

// 1234567 as "1,234,567": the sizes a refusal names.
std::string GroupedNumber(uint64_t n);

// "2026-11-22T01:15:14Z": ISO 8601 in UTC to the second, as the CLI and the dashboard write it,
// and a real moment (month 1-12, the month's days, 29 February only in a leap year, 00:00:00 to
// 23:59:59).
bool IsUtcTime(std::string_view text);

// One line for a terminal whatever the bytes: each control character (IsControlCodePoint) as an
// escape (\n, \r, \t, else \u{1b}), each byte that is not UTF-8 as \xff. Printable text passes
// unchanged, so a clean file prints exactly as before.
std::string PrintableText(std::string_view text);

// Text on its way to a terminal, escaped as it is written, piece by piece: rutland-cli's standard
// output and error both pass through one (app/cli/escaped_output.cpp), so no label, name, note,
// stamp or refused input it prints, nor any message quoting one, reaches a terminal raw. Like
// PrintableText, except that a line break and a tab pass (they lay the output out), and each other
// control character (IsControlCodePoint) becomes \uXXXX: JSON's own escape, so a --json document
// stays the same document. A UTF-8 sequence split between two pieces is held until its end; a byte
// that is not UTF-8 becomes \xff. Printable text passes unchanged, byte for byte.
class TerminalEscaper {
public:
    // Appends to *out what `piece` adds to the output.
    void Feed(std::string_view piece, std::string* out);
    // Appends to *out the bytes held of a sequence that never ended (as \xNN).
    void Finish(std::string* out);

private:
    std::string m_held;  // the start of a UTF-8 sequence the last piece ended inside
};

// A JSON document (nlohmann's dump(), which escapes only C0 controls) with every other character
// IsControlCodePoint names (C1 controls, U+2028, U+2029, the bidi controls) written as \uXXXX:
// the same document to a JSON reader, and a text holding U+202E from a file written before such
// text was refused (or a stamp) reaches no page raw. They can stand only inside strings, where
// \uXXXX is their own escape. A document without them is returned unchanged.
std::string JsonEscapedControls(std::string json);

// `text` as valid UTF-8: every byte that is not part of a UTF-8 sequence becomes U+FFFD (what
// nlohmann's dump() does with error_handler_t::replace). Valid text passes unchanged.
std::string ValidUtf8(std::string_view text);

// One CSV cell of text, safe to open in a spreadsheet: PrintableText (one line, valid UTF-8),
// then a cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a
// carriage return) gets a leading ' (the OWASP CSV-injection rule), then RFC 4180 quoting when it
// holds a comma or a quote (no line break is left: PrintableText escaped them). Only for text:
// numeric columns (seq, money) are written as numbers, so -500.00 stays a number.
std::string CsvTextCell(std::string_view text);

} // namespace rutland
