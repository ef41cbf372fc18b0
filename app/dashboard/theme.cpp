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

void ProvisionalFlag(const char* what) {
    ImGui::SameLine();
    ImGui::TextColored(Theme::Warn(), "(provisional)");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("D-2: %s comes from the provisional board and has not been checked against the physical board.\n"
                          "Correct it in the Board tab (records a 'board' command).",
                          what);
}

void CompanyText(rutland::Company c, const char* text) { ImGui::TextColored(Theme::Company(c), "%s", text); }

void TextWrappedAtSpaces(std::string_view text) {
    const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
    const float space = ImGui::CalcTextSize(" ").x;
    size_t line_start = 0;
    size_t line_end = 0;  // end of the last word that fits on the line
    float line_width = 0.0f;
    size_t i = 0;
    while (i <= text.size()) {
        size_t word_end = text.find(' ', i);
        if (word_end == std::string_view::npos) word_end = text.size();
        const std::string_view word = text.substr(i, word_end - i);
        const float w = ImGui::CalcTextSize(word.data(), word.data() + word.size()).x;
        const float needed = line_end > line_start ? line_width + space + w : w;
        if (needed > width && line_end > line_start) {
            ImGui::TextUnformatted(text.data() + line_start, text.data() + line_end);
            line_start = i;
            line_width = w;
        } else {
            line_width = needed;
        }
        line_end = word_end;
        i = word_end + 1;
    }
    if (line_end > line_start || text.empty()) ImGui::TextUnformatted(text.data() + line_start, text.data() + line_end);
}

void TextRight(const char* text) {
    const float w = ImGui::CalcTextSize(text).x;
    const float avail = ImGui::GetContentRegionAvail().x;
    if (avail > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - w);
    ImGui::TextUnformatted(text);
}

} // namespace rutland::dash
