// The desk's players' strip (desk.h): every player's money, and what he is worth where the game has
// such a figure, in one band under the panels that no question covers, so the table sees every
// player's cash at every moment (OpenGame::PlayersStrip, at the entry shown). The player to act is
// in the accent colour, a player out of the game dimmed. When the band is too narrow for every player
// whole, it drops the worth first, then takes a second row.
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "desk.h"
#include "theme.h"

namespace rutland::dash {

namespace {

std::string StripText(const host::StripPlayer& p, bool worth) {
    std::string text = p.name + "  " + p.money;
    if (worth && !p.worth.empty()) text += "  " + p.worth;
    return text;
}

// How the strip's players fit `width`: whether each shows its worth, and how many a row.
struct StripFit {
    bool worth = true;
    int per_row = 1;
};

StripFit FitStrip(const std::vector<host::StripPlayer>& players, float width) {
    const float gap = ImGui::GetFontSize() * 1.5f;
    for (const bool worth : {true, false}) {
        float widest = 0.0f;
        for (const host::StripPlayer& p : players) widest = std::max(widest, ImGui::CalcTextSize(StripText(p, worth).c_str()).x);
        const int per_row = std::max(1, static_cast<int>(std::floor((width + gap) / (widest + gap))));
        if (per_row >= static_cast<int>(players.size()) || !worth) return {worth, std::max(1, per_row)};
    }
    return {};
}

} // namespace

float DeskStripHeight(DeskView& v, float width) {
    const std::vector<host::StripPlayer>& players = v.desk.Strip();
    if (players.empty()) return 0.0f;
    const StripFit fit = FitStrip(players, width - ImGui::GetStyle().WindowPadding.x * 2);
    const int rows = (static_cast<int>(players.size()) + fit.per_row - 1) / fit.per_row;
    return static_cast<float>(rows) * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().WindowPadding.y * 2;
}

void DrawDeskStrip(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    (void)ui;
    (void)out;
    const std::vector<host::StripPlayer>& players = v.desk.Strip();
    if (players.empty()) return;
    const float width = ImGui::GetContentRegionAvail().x;
    const StripFit fit = FitStrip(players, width);
    const float column = width / static_cast<float>(fit.per_row);
    for (size_t i = 0; i < players.size(); ++i) {
        const host::StripPlayer& p = players[i];
        const int col = static_cast<int>(i) % fit.per_row;
        if (col > 0) ImGui::SameLine(static_cast<float>(col) * column + ImGui::GetStyle().WindowPadding.x);
        const ImVec4 name_colour = p.out ? Theme::Muted() : p.current ? Theme::Accent() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TextColored(name_colour, "%s", p.name.c_str());
        ImGui::SameLine();
        ImGui::TextColored(p.out ? Theme::Muted() : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", p.money.c_str());
        if (fit.worth && !p.worth.empty()) {
            ImGui::SameLine();
            ImGui::TextColored(Theme::Muted(), "%s", p.worth.c_str());
        }
    }
}

} // namespace rutland::dash
