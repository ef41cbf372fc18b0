// Wrapped text that breaks lines at spaces only. ImGui's own wrapping also breaks after a comma,
// which splits money and counts ("$53,|000"): on a broker's screen a number must never be cut.
//
// Every line is its own draw: ImGui 1.86 with 16-bit indices aborts on one text draw of
// more than ~16,000 glyphs, and its wrapped text draws every glyph, those scrolled out of view too.
// A line holds at most a region's width of glyphs, and lines out of view are not drawn at all.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string_view>

#include <imgui.h>

#include "display_text.h"

namespace rutland::dash {

// Draws `text` wrapped to the space left on the current line (the first line) and the region's
// width (the following lines, which start where the first one did). `colour` null: the text colour.
// Text longer than max_chars is cut with a note of its length (view::CutForDisplay); the ledger's
// explanation of the selected entry, where a note is read whole, passes SIZE_MAX.
void TextWrappedWords(std::string_view text, const ImVec4* colour = nullptr, size_t max_chars = view::kShownChars);

// The top bar's key hints, right-aligned after what the line already holds: as many of `hints`
// as fit, the first (the most used) kept first; a new line when none fits.
void KeyHints(std::initializer_list<const char*> hints);

} // namespace rutland::dash
