#include "theme.h"

#include <algorithm>

namespace rutland::dash {

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

void TextRight(const char* text) {
    const float w = ImGui::CalcTextSize(text).x;
    const float avail = ImGui::GetContentRegionAvail().x;
    if (avail > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - w);
    ImGui::TextUnformatted(text);
}

} // namespace rutland::dash
