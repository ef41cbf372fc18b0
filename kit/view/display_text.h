// Long text on the dashboard. A note can hold any number of characters in an old game
// file (and 1,000 in a new one, COMMANDS.md), and Dear ImGui 1.86 from Debian indexes vertices in
// 16 bits: one text draw of more than ~16,000 glyphs overflows and aborts. So the panels show at
// most kShownChars of any text, say how long it is and where to read it whole (the entry selected in
// the Ledger tab, or rutland-cli explain), and the dashboard draws wrapped text one line at a time
// (text_wrap.h), so no single draw holds more than a line's worth of glyphs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rutland::view {

// About eight lines of a panel: a longer note (a new game takes up to 1,000 characters, an old file
// any number) is cut there, and read whole where its entry is selected.
inline constexpr size_t kShownChars = 400;
// Where an entry's line is one line of a label, a tooltip or the status bar (a window that sizes
// itself to its text would otherwise grow thousands of pixels wide).
inline constexpr size_t kOneLineChars = 120;

// "32,000": a count as the table reads one, grouped by thousands. The shell's own, so these views
// name no game (tests/check_layers.cmake rule 4); Big Board Raiders' model/money.h FormatCount writes
// the same for its counts.
std::string GroupedCount(uint64_t n);
// Characters (code points) of UTF-8 text; the ledger only holds valid UTF-8.
size_t CountChars(std::string_view text);

// `text` when it has at most max_chars characters; otherwise its first max_chars characters (cut at a
// space when one is near, never inside a character) and "… (32,000 characters: select its entry in
// the Ledger tab, or rutland-cli explain, to see it whole)".
std::string CutForDisplay(std::string_view text, size_t max_chars = kShownChars);

} // namespace rutland::view
