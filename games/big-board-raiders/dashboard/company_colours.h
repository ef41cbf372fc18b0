// Big Board Raiders' own colours on the dashboard: the companies' (Yellow, Blue, Red, Green as on
// the board), and the provisional-fact flag (D-2). The colours every game's panels share are the
// shell's (theme.h).
#pragma once

#include <imgui.h>

#include "model/company.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

ImVec4 CompanyColour(bbr::Company c);     // Yellow, Blue, Red, Green as on the board
ImVec4 CompanyColourDim(bbr::Company c);  // greyed (delisted)

// Text in a company's colour ("Blue").
void CompanyText(bbr::Company c, const char* text);

// "(provisional)" in the warning colour with a tooltip naming D-2: a board fact nobody verified.
void ProvisionalFlag(const char* what = "this board fact");

} // namespace rutland::bbr::dash
