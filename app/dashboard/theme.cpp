#include "theme.h"

#include <algorithm>

namespace rutland::dash {

ImVec4 Theme::Company(rutland::Company c) {
    switch (c) {
        case rutland::Company::Yellow: return {0.98f, 0.86f, 0.20f, 1.0f};
        case rutland::Company::Blue: return {0.35f, 0.60f, 1.00f, 1.0f};
        case rutland::Company::Red: return {0.95f, 0.30f, 0.28f, 1.0f};
        case rutland::Company::Green: return {0.30f, 0.80f, 0.40f, 1.0f};
    }
    return {1, 1, 1, 1};
}

ImVec4 Theme::CompanyDim(rutland::Company c) {
    ImVec4 v = Company(c);
    const float grey = (v.x + v.y + v.z) / 3.0f;
    return {grey * 0.55f, grey * 0.55f, grey * 0.55f, 1.0f};
}

ImU32 ToU32(const ImVec4& c) { return ImGui::ColorConvertFloat4ToU32(c); }

void PanelTitle(const char* title) {
    ImGui::TextColored(Theme::Accent(), "%s", title);
    ImGui::Separator();
}

void SameLineIfFits(const char* text) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    const float next = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
    if (next + ImGui::CalcTextSize(text).x <= right) ImGui::SameLine();
}

void ProvisionalFlag(const char* what) {
    SameLineIfFits("(provisional)");
    ImGui::TextColored(Theme::Warn(), "(provisional)");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("D-2: %s comes from the provisional board and has not been checked against the physical board.\n"
                          "Correct it in the Board tab (records a 'board' command).",
                          what);
}

void CompanyText(rutland::Company c, const char* text) { ImGui::TextColored(Theme::Company(c), "%s", text); }

void TextRight(const char* text) {
    const float w = ImGui::CalcTextSize(text).x;
    const float avail = ImGui::GetContentRegionAvail().x;
    if (avail > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - w);
    ImGui::TextUnformatted(text);
}

} // namespace rutland::dash
