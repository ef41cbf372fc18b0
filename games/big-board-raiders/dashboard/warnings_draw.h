// The amber warnings before Enter (view/warnings.h) as every panel draws them: one wrapped line
// each, "! " and the rule last, in the warning colour; and the undo's steps as a numbered list.
#pragma once

#include <string>
#include <vector>

#include "view/warnings.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

void DrawWarnings(const std::vector<view::Warning>& warnings);

// "The table gives back:" and one wrapped line per step, at most `max_steps` (then "and N more").
void DrawUndoSteps(const std::vector<std::string>& steps, size_t max_steps = 12);

} // namespace rutland::bbr::dash
