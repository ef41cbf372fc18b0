// Wrapped text that breaks lines at spaces only. ImGui's own wrapping also breaks after a comma,
// which splits money and counts ("$53,|000"): on a broker's screen a number must never be cut.
#pragma once

#include <string_view>

#include <imgui.h>

namespace rutland::dash {

// Draws `text` wrapped to the space left on the current line (the first line) and the region's
// width (the following lines, which start where the first one did). `colour` null: the text colour.
void TextWrappedWords(std::string_view text, const ImVec4* colour = nullptr);

} // namespace rutland::dash
