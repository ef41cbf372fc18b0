// The big board drawn with ImDrawList, shared by the Big Board panel and the table display: the
// rungs with their prices and the calculator columns, the Split / Issue / Roll Back / Bankruptcy
// marks, the markers with their last move, delisted companies greyed out and the volatility die.
// What it shows comes from view::MakeBigBoard (games/big-board-raiders/view/big_board_view.h); this only draws it.
#pragma once

#include <imgui.h>

#include "app_view.h"
#include "view/big_board_view.h"
#include "bbr_dash.h"
#include "ui_state.h"

namespace rutland::bbr::dash {

// The board for what the AppView shows, made once per version.
const view::BigBoard& CachedBigBoard(const AppView& v, BigBoardUi& ui);

// Draws the board into the next `size` pixels of the current window as one item (hovering a rung,
// a marker or the die explains it). `text_px` is the size of ordinary text on the board: the
// dashboard passes the broker's font size, the table display a bigger one; everything scales
// from it and from the space given.
void DrawBigBoardCanvas(const view::BigBoard& board, ImVec2 size, float text_px, const Fonts& fonts, const char* id);

} // namespace rutland::bbr::dash
