// The tray: per company what the broker still has to sell (common, preferred, bonds or
// debentures), the common directorships taken of 6 or 8, the escrow pawn's holder and the shorts
// in the margin account, from view::MakeTray (games/big-board-raiders/view/tray_view.h).
#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

void DrawTray(const AppView& v, UiState& ui, Outbox&) {
    TrayUi& t = ui.tray;
    if (!t.valid || t.version != v.version) {
        t.rows = view::MakeTray(v.state);
        t.version = v.version;
        t.valid = true;
    }
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp |
                                      ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("##tray", 7, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"Company", "Common left", "Preferred left", "Bonds / debentures left", "Common directorships",
                          "Escrow directorship", "Shorts (margin account)"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const view::TrayRow& r : t.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        CompanyText(r.company, std::string(GetProspectus(r.company).name).c_str());
        if (!r.listed) {
            ImGui::SameLine();
            ImGui::TextDisabled("delisted (M-7)");
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.Common().c_str());
        ImGui::TableNextColumn();
        if (r.preferred_issued == 0) ImGui::TextDisabled("%s", r.Preferred().c_str());
        else ImGui::TextUnformatted(r.Preferred().c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%s %s", r.Bonds().c_str(), r.debt_name.c_str());
        ImGui::TableNextColumn();
        // One box a directorship: filled for each taken.
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const float box = ImGui::GetTextLineHeight() * 0.8f;
        ImVec2 at = ImGui::GetCursorScreenPos();
        at.y += (ImGui::GetTextLineHeight() - box) * 0.5f;
        for (int i = 0; i < r.directorships; ++i) {
            const ImVec2 a(at.x + static_cast<float>(i) * (box + 3), at.y), b(a.x + box, a.y + box);
            if (i < r.directorships_taken) dl->AddRectFilled(a, b, ToU32(CompanyColour(r.company)), 2.0f);
            else dl->AddRect(a, b, ToU32(CompanyColourDim(r.company)), 2.0f);
        }
        ImGui::Dummy(ImVec2(static_cast<float>(r.directorships) * (box + 3), ImGui::GetTextLineHeight()));
        ImGui::SameLine();
        ImGui::TextUnformatted(r.Directorships().c_str());
        ImGui::TableNextColumn();
        if (r.escrow_holder) ImGui::TextUnformatted(r.escrow.c_str());
        else ImGui::TextDisabled("%s", r.escrow.c_str());
        ImGui::TableNextColumn();
        if (r.short_shares == 0) ImGui::TextDisabled("none");
        else ImGui::Text("%s shares, %s held", FormatCount(r.short_shares).c_str(), FormatMoney(r.margin_held).c_str());
    }
    ImGui::EndTable();
}

} // namespace rutland::bbr::dash
