// Big Board: the four price ladders as the table's big board (big_board_draw.h), filling the
// region it is given; what it shows is view::MakeBigBoard, made once per version.
#include <algorithm>

#include <imgui.h>

#include "big_board_draw.h"
#include "panels.h"

namespace rutland::bbr::dash {

void DrawBigBoard(const AppView& v, UiState& ui, Outbox&) {
    const view::BigBoard& board = CachedBigBoard(v, ui.big_board);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // The broker's text size, a little bigger when the board has the room (a full window).
    const float text_px = std::max(v.fonts.size, std::min(avail.y / 38.0f, v.fonts.size * 1.5f));
    DrawBigBoardCanvas(board, avail, text_px, v.fonts, "##big-board");
}

} // namespace rutland::bbr::dash
