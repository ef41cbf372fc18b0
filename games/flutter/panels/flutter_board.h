// Flutter's board at the desk (BD-1..BD-7): the board drawn as the table sees it. Listed in the
// dashboard's one list of games' panels (panels/flutter_desk_game.cpp, its registration at the desk).
#pragma once

#include "desk_panel.h"

namespace rutland::flutter {

// Six lanes of holes with their companies' parent and traveller pegs, the centre column of prices
// below MARKET NEWS, the side labels from MARKET NEWS up, each lane's M holes, and every fact not
// yet confirmed at the table (BD-5, BD-7) outlined in amber, with a legend. Reads only; asks nothing.
void DrawBoardPanel(const dash::GamePanelView& v, dash::DeskOutbox& out);

} // namespace rutland::flutter
