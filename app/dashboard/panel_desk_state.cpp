// The desk's state of the game (desk.h): the game as it stands now, or after the entry being
// looked at, in the game's own words for a screen (OpenGame::StateText), and what settling now
// would give when the game has such a thing (OpenGame::Settlement).
#include <imgui.h>

#include "desk.h"
#include "theme.h"

namespace rutland::dash {

void DrawDeskState(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    (void)ui;
    (void)out;
    view::HostDesk& desk = v.desk;
    if (const std::optional<int> shown = desk.Game().ShownEntry())
        ImGui::TextColored(Theme::Warn(), "As it was after entry %d", *shown);
    ImGui::PushFont(v.fonts.large);
    ImGui::PushTextWrapPos(0.0f);  // a long line wraps in a narrow window rather than being cut
    ImGui::TextUnformatted(desk.StateNow().c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    const std::string settlement = desk.Game().Settlement();
    if (!settlement.empty()) {
        ImGui::Separator();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(settlement.c_str());
        ImGui::PopTextWrapPos();
    }
}

} // namespace rutland::dash
