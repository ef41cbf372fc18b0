// The players' strip (layout_model.h invariant 5): every player's cash and net worth always in
// view, one line a player, at the top of the lower row whatever tab is in front; the whole
// Players table is a tab under it, as room allows.
#include <algorithm>

#include <imgui.h>
#include <imgui_internal.h>  // the window's clip rectangle, for the layout probe

#include "panels.h"
#include "theme.h"

namespace rutland::bbr::dash {

const view::PlayersView& PlayersViewNow(const AppView& v, UiState& ui) {
    PlayersUi& pu = ui.players;
    if (!pu.valid || pu.version != v.version) {
        pu.view = view::MakePlayersView(v.state);
        pu.version = v.version;
        pu.valid = true;
    }
    return pu.view;
}

float PlayersStripCellWidth(const AppView& v, UiState& ui, bool narrow) {
    float widest = 0;
    for (view::StripCell c : view::MakePlayersStrip(PlayersViewNow(v, ui))) {
        if (narrow) c.net_worth.clear();
        widest = std::max(widest, ImGui::CalcTextSize(view::StripCellText(c).c_str()).x);
    }
    return widest;
}

void DrawPlayersStrip(const AppView& v, UiState& ui, Outbox&) {
    const std::vector<view::StripCell> cells = view::MakePlayersStrip(PlayersViewNow(v, ui));
    if (cells.empty()) return;
    const int columns = std::max(1, ui.layout.strip_columns);
    LayoutProbe& probe = ui.probe;
    const ImRect clip = ImGui::GetCurrentWindow()->InnerClipRect;
    probe.lower_clip_bottom = clip.Max.y;
    probe.lower_clip_right = clip.Max.x;
    probe.strip_cells = 0;
    probe.strip_right = 0;
    if (!ImGui::BeginTable("##players-strip", columns, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_NoPadOuterX)) return;
    for (const view::StripCell& c : cells) {
        ImGui::TableNextColumn();
        // The marker's room is kept in every cell (StripCellText), so the names line up.
        if (c.current)
            ImGui::TextColored(Theme::Accent(), "\u25B6 %s", c.name.c_str());
        else
            ImGui::Text("%s %s", "  ", c.name.c_str());
        ImGui::SameLine(0, ImGui::CalcTextSize("  ").x);
        ImGui::TextUnformatted(c.cash.c_str());
        if (!ui.layout.strip_narrow) {
            ImGui::SameLine(0, ImGui::CalcTextSize("  ").x);
            ImGui::TextDisabled("%s", c.net_worth.c_str());
        }
        if (!c.owes.empty()) {
            ImGui::SameLine(0, ImGui::CalcTextSize("  ").x);
            ImGui::TextColored(Theme::Bad(), "%s", c.owes.c_str());
        }
        ++probe.strip_cells;
        probe.strip_right = std::max(probe.strip_right, ImGui::GetItemRectMax().x);
        probe.strip_bottom = ImGui::GetItemRectMax().y;
    }
    ImGui::EndTable();
    ImGui::Separator();
}

} // namespace rutland::bbr::dash
