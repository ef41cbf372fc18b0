// The box a question (games/big-board-raiders/view/question.h) is drawn in: over the panels, in the middle, not modal
// (the entry line behind it keeps the keyboard and answers it), never taking the focus.
#pragma once

namespace rutland::dash {

// Begin/End pair like ImGui::Begin (always call EndQuestionWindow).
bool BeginQuestionWindow(const char* title);
void EndQuestionWindow();

} // namespace rutland::dash
