// Colours and small drawing helpers shared by every game's panels: good / warning / bad, the
// accent, muted text, a panel's heading, so every panel marks the same things the same way. A
// game's own colours are its own (Big Board Raiders' companies: its dashboard/company_colours.h).
#pragma once

#include <string_view>

#include <imgui.h>


namespace rutland::dash {

struct Theme {
    static ImVec4 Good() { return {0.45f, 0.85f, 0.45f, 1.0f}; }
    static ImVec4 Warn() { return {1.0f, 0.72f, 0.25f, 1.0f}; }
    static ImVec4 Bad() { return {1.0f, 0.38f, 0.35f, 1.0f}; }
    static ImVec4 Accent() { return {0.55f, 0.80f, 1.0f, 1.0f}; }
    static ImVec4 Muted() { return {0.60f, 0.60f, 0.60f, 1.0f}; }
};

ImU32 ToU32(const ImVec4& c);

// A panel's heading line.
void PanelTitle(const char* title);

// ImGui::SameLine() when `text` still fits on this line beside the last item; else the next item
// starts a new line (so a narrow panel wraps a row of words instead of cutting it at its edge).
void SameLineIfFits(const char* text);

// Right-aligned text in the current column or line width (for money columns).
void TextRight(const char* text);

} // namespace rutland::dash
