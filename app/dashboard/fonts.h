// The dashboard's fonts and style, shared by the window (main.cpp) and the headless frame
// benchmark (bench/), so both draw with the same glyphs at the same sizes.
#pragma once

#include "app_view.h"

namespace rutland::dash {

// (Re)builds the font atlas of the current ImGui context at `size` pixels: DejaVu Sans, bold at
// 1.5x and 2.6x. Falls back to ImGui's default font (fonts.dejavu false) when fonts-dejavu-core is
// missing. The caller uploads the atlas to its renderer, if it has one.
void LoadFonts(Fonts& fonts, float size);

// The dashboard's colours and spacing for text of `size` pixels.
void ApplyStyle(float size);

} // namespace rutland::dash
