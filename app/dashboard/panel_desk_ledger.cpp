// The desk's ledger (desk.h): every entry as the game words it (OpenGame::Rows), newest at the
// bottom and followed as lines are recorded; entries taken back by an undo are greyed. A click
// selects an entry: its effects, each with its rule, show under the table, with a button to look at
// the game as it was after it (time travel; PgUp/PgDn step, Esc comes back).
#include <algorithm>

#include <imgui.h>

#include "desk.h"
#include "theme.h"

namespace rutland::dash {

void DrawDeskLedger(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    view::HostDesk& desk = v.desk;
    const std::vector<host::Row>& rows = desk.RowsNow();
    const std::optional<int> shown = desk.Game().ShownEntry();
    const int selected = desk.SelectedRow();
    const bool has_selection = selected >= 0 && selected < static_cast<int>(rows.size());
    // The selected entry's effects take the panel's lower part, at most a third of it.
    const float detail = has_selection ? std::min(ImGui::GetContentRegionAvail().y / 3.0f,
                                                  ImGui::GetTextLineHeightWithSpacing() *
                                                      static_cast<float>(rows[static_cast<size_t>(selected)].effects.size() + 3))
                                       : 0.0f;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("##desk-ledger", 4, flags, ImVec2(0.0f, -detail))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00000").x);
        ImGui::TableSetupColumn("Line", ImGuiTableColumnFlags_WidthStretch, 2.0f);
        ImGui::TableSetupColumn("What it did", ImGuiTableColumnFlags_WidthStretch, 3.0f);
        // Who and when whole where there is room; in a narrow window every column gives way.
        const float when_width = ImGui::CalcTextSize("broker, 2026-11-26 14:06 ").x;
        if (ImGui::GetContentRegionAvail().x > 2.5f * when_width)
            ImGui::TableSetupColumn("Who, when (UTC)", ImGuiTableColumnFlags_WidthFixed, when_width);
        else
            ImGui::TableSetupColumn("Who, when (UTC)", ImGuiTableColumnFlags_WidthStretch, 1.5f);
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(rows.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const host::Row& r = rows[static_cast<size_t>(i)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                const bool dim = r.undone || (shown && r.seq > *shown);  // taken back, or after the entry viewed
                if (dim) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
                const std::string label = std::to_string(r.seq) + "##desk-row";
                if (ImGui::Selectable(label.c_str(), r.seq == selected || (shown && r.seq == *shown),
                                      ImGuiSelectableFlags_SpanAllColumns))
                    desk.Select(r.seq);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.line.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted((r.undone ? "(undone) " + r.summary : r.summary).c_str());
                ImGui::TableNextColumn();
                // ISO 8601 (2026-11-24T09:31:17Z) to the minute, as the start screen's recent games show it.
                const std::string when = r.time.size() >= 16 ? r.time.substr(0, 10) + " " + r.time.substr(11, 5) : r.time;
                ImGui::TextUnformatted((r.who + (r.who.empty() || when.empty() ? "" : ", ") + when).c_str());
                if (dim) ImGui::PopStyleColor();
            }
        }
        if (ui.scroll_to_end) {
            ImGui::SetScrollHereY(1.0f);
            ui.scroll_to_end = false;
        }
        ImGui::EndTable();
    }
    if (!has_selection) return;
    const host::Row& r = rows[static_cast<size_t>(selected)];
    ImGui::Separator();
    ImGui::Text("Entry %d: %s", r.seq, r.line.c_str());
    ImGui::SameLine();
    if (shown && *shown == r.seq) {
        if (ImGui::SmallButton("Back to now (Esc)")) out.Push(DeskViewAt{std::nullopt});
    } else if (ImGui::SmallButton("Look at the game after it")) {
        out.Push(DeskViewAt{r.seq});
    }
    for (const host::Note& e : r.effects) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(("  " + e.text + (e.rule.empty() ? "" : " (" + e.rule + ")")).c_str());
        ImGui::PopTextWrapPos();
        if (!e.rule.empty()) DeskRuleHover(v, ui, e.rule);
    }
}

} // namespace rutland::dash
