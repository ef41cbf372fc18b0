// The box a question (games/big-board-raiders/view/question.h) is drawn in: over the panels, in the middle, not modal
// (the entry line behind it keeps the keyboard and answers it), never taking the focus.
#pragma once

#include <optional>

#include <imgui.h>

namespace rutland::dash {

// Where a question box goes instead of the middle: its top-left corner (screen pixels) and width,
// over a region the desk can spare (a game's own panels stay in sight: desk.cpp).
struct QuestionPlace {
    ImVec2 at;
    float width = 0.0f;
};

// Begin/End pair like ImGui::Begin (always call EndQuestionWindow). `clear_below`: a screen y the box
// never reaches (the desk's players' strip, which no question covers; 0: none): past it, it scrolls.
bool BeginQuestionWindow(const char* title, std::optional<QuestionPlace> place = std::nullopt, float clear_below = 0.0f);
void EndQuestionWindow();

} // namespace rutland::dash
