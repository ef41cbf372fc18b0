// Flutter's tables at the desk, beside its board (flutter_board.h): each a tab of the desk's right
// column (desk_panel.h DeskSlot::Tab), listed in panels/flutter_desk_game.cpp. Each reads the state
// and what report/table_view.h makes of it through Flutter's adapter (host/flutter_shown.h, made
// once per OpenGame::Version()), draws it and asks nothing: every change is a line typed at the
// entry line.
#pragma once

#include "desk_panel.h"

namespace rutland::flutter {

// flutter_players.cpp: each player's cash, certificates per company (count, value at today's
// price) and capital (W-1); the broker's sale stock and reserve per company (G-3, TR-4); the
// Market News card to type (N-1) or a re-throw due.
void DrawPlayersPanel(const dash::GamePanelView& v, dash::DeskOutbox& out);
// flutter_round_end.cpp: the round end if it came now, per company (dividend on par, the parent's
// move, a bonus, a bankruptcy) and per player; then the last settlement's statement (RE-1..RE-6).
void DrawRoundEndPanel(const dash::GamePanelView& v, dash::DeskOutbox& out);
// flutter_tokens.cpp: what the broker hands over for the entry shown and for the last settlement,
// company by company (Rule 11), in tokens (U-2) and certificates.
void DrawTokensPanel(const dash::GamePanelView& v, dash::DeskOutbox& out);
// flutter_claims.cpp: each player's capital against the target, who may claim now and the line
// the broker would type for him (W-1..W-5; the app never claims: W-2).
void DrawClaimsPanel(const dash::GamePanelView& v, dash::DeskOutbox& out);

} // namespace rutland::flutter
