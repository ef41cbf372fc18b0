// The box a question is drawn in: see question_draw.h.
#include "question_draw.h"

#include <algorithm>
#include <cfloat>

#include <imgui.h>

namespace rutland::dash {

bool BeginQuestionWindow(const char* title, std::optional<QuestionPlace> place, float clear_below) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowBgAlpha(1.0f);  // the panels behind must not show through
    if (clear_below > 0.0f) {
        // Placed: from its top down to the line; in the middle: as far below the centre as above it.
        const float top = place ? place->at.y : viewport->GetCenter().y;
        const float room = std::max(ImGui::GetFontSize() * 4.0f, (clear_below - top) * (place ? 1.0f : 2.0f));
        ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, room));
    }
    if (place) {
        ImGui::SetNextWindowPos(place->at, ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(place->width, 0.0f), ImGuiCond_Always);
    } else {
        ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
        // A width of its own (wrapped words need one), the height of what it holds.
        ImGui::SetNextWindowSize(ImVec2(std::min(900.0f, viewport->Size.x * 0.6f), 0.0f), ImGuiCond_Always);
    }
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoCollapse |
                                            ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
}

void EndQuestionWindow() { ImGui::End(); }

} // namespace rutland::dash
