// The dashboard's fonts and style, shared by the window (main.cpp) and the headless frame
// benchmark (bench/), so both draw with the same glyphs at the same sizes.
#pragma once

#include <string>

struct ImFont;

namespace rutland::dash {

struct Fonts {
    ImFont* normal = nullptr;  // DejaVu Sans at the user's size (Ctrl +/-)
    ImFont* large = nullptr;   // instructions, the turn header: 1.5x
    ImFont* huge = nullptr;    // the table display, readable from two metres: 2.5x
    bool dejavu = false;       // false: ImGui's default font (fonts-dejavu-core missing)
    float size = 18.0f;        // pixel size of `normal`
};

inline constexpr const char* kDejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr const char* kDejaVuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

// (Re)builds the font atlas of the current ImGui context at `size` pixels: `regular`, and `bold`
// at 1.33x and 2.6x. Falls back to ImGui's default font (fonts.dejavu false) when the regular
// font is missing. The caller uploads the atlas to its renderer, if it has one.
void LoadFonts(Fonts& fonts, float size, const std::string& regular = kDejaVu, const std::string& bold = kDejaVuBold);

// The dashboard's colours and spacing for text of `size` pixels.
void ApplyStyle(float size);

} // namespace rutland::dash
