// Colours and small drawing helpers shared by the panels: the companies' colours, good / warning /
// bad, and the provisional-fact flag (D-2), so every panel marks the same things the same way.
#pragma once

#include <string_view>

#include <imgui.h>

#include "model/company.h"
#include "games.h"

namespace rutland::dash {

struct Theme {
    static ImVec4 Company(rutland::Company c);      // Yellow, Blue, Red, Green as on the board
    static ImVec4 CompanyDim(rutland::Company c);   // greyed (delisted)
    static ImVec4 Good() { return {0.45f, 0.85f, 0.45f, 1.0f}; }
    static ImVec4 Warn() { return {1.0f, 0.72f, 0.25f, 1.0f}; }
    static ImVec4 Bad() { return {1.0f, 0.38f, 0.35f, 1.0f}; }
    static ImVec4 Accent() { return {0.55f, 0.80f, 1.0f, 1.0f}; }
    static ImVec4 Muted() { return {0.60f, 0.60f, 0.60f, 1.0f}; }
};

ImU32 ToU32(const ImVec4& c);

// A panel's heading line.
void PanelTitle(const char* title);

// "(provisional)" in the warning colour with a tooltip naming D-2: a board fact nobody verified.
// ImGui::SameLine() when `text` still fits on this line beside the last item; else the next item
// starts a new line (so a narrow panel wraps a row of words instead of cutting it at its edge).
void SameLineIfFits(const char* text);
void ProvisionalFlag(const char* what = "this board fact");

// Text in a company's colour ("Blue").
void CompanyText(rutland::Company c, const char* text);

// Right-aligned text in the current column or line width (for money columns).
void TextRight(const char* text);

} // namespace rutland::dash
