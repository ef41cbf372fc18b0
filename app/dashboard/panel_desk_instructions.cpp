// The desk's instructions (desk.h): what the table does after the last entry (or the entry being
// looked at), in the game's words (OpenGame::Explain), large enough to read out across the table.
#include <imgui.h>

#include "desk.h"
#include "theme.h"

namespace rutland::dash {

void DrawDeskInstructions(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    (void)ui;
    (void)out;
    view::HostDesk& desk = v.desk;
    const std::optional<int> shown = desk.Game().ShownEntry();
    const int seq = shown.value_or(desk.Game().Size() - 1);
    ImGui::TextDisabled("After entry %d%s", seq, shown ? " (looking back)" : "");
    const std::string& words = desk.ExplainNow();
    ImGui::PushFont(v.fonts.large);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(words.empty() ? "Nothing for the table to do." : words.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
}

} // namespace rutland::dash
