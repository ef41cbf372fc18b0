#include "company_colours.h"

#include "theme.h"

namespace rutland::bbr::dash {

ImVec4 CompanyColour(bbr::Company c) {
    switch (c) {
        case bbr::Company::Yellow: return {0.98f, 0.86f, 0.20f, 1.0f};
        case bbr::Company::Blue: return {0.35f, 0.60f, 1.00f, 1.0f};
        case bbr::Company::Red: return {0.95f, 0.30f, 0.28f, 1.0f};
        case bbr::Company::Green: return {0.30f, 0.80f, 0.40f, 1.0f};
    }
    return {1, 1, 1, 1};
}

ImVec4 CompanyColourDim(bbr::Company c) {
    ImVec4 v = CompanyColour(c);
    const float grey = (v.x + v.y + v.z) / 3.0f;
    return {grey * 0.55f, grey * 0.55f, grey * 0.55f, 1.0f};
}

void ProvisionalFlag(const char* what) {
    SameLineIfFits("(provisional)");
    ImGui::TextColored(Theme::Warn(), "(provisional)");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("D-2: %s comes from the provisional board and has not been checked against the physical board.\n"
                          "Correct it in the Board tab (records a 'board' command).",
                          what);
}

void CompanyText(bbr::Company c, const char* text) { ImGui::TextColored(CompanyColour(c), "%s", text); }

} // namespace rutland::bbr::dash
