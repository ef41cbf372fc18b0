// Flutter's players and the broker (flutter_tables.h DrawPlayersPanel): one row a player, one
// column a company after the capital and cash (its letter on its colour, today's price under it), each cell the certificates
// held and their value at that price; then the broker's two rows. Figures are report/table_view.h's.
#include <algorithm>
#include <array>
#include <string>

#include "host/flutter_shown.h"
#include "lang/table_language.h"
#include "panels/flutter_colours.h"
#include "panels/flutter_table_start.h"
#include "panels/flutter_tables.h"
#include "report/table_view.h"

namespace rutland::flutter {

void DrawPlayersPanel(const dash::GamePanelView& v, dash::DeskOutbox& out) {
    (void)out;  // shows only
    const std::optional<FlutterShown> read = ShownOrSay(v, false);
    if (!read) return;
    const GameState* state = read->state;
    const TableLines t = TableOf(*state);
    if (const std::optional<int> shown = v.game.ShownEntry()) ImGui::TextColored(v.warn, "As it was after entry %d", *shown);
    ImGui::PushTextWrapPos(0.0f);
    const std::string& current = state->players.at(static_cast<size_t>(state->current)).name;
    ImGui::Text("Round %d: %s trades and throws%s", state->round, current.c_str(),
                state->stoppage ? " (a stoppage: claims are taken, W-2)" : "");
    if (t.pending.kind == Pending::Kind::News) {
        const Lane& lane = state->board->lanes.at(static_cast<size_t>(t.pending.company));
        ImGui::TextColored(v.warn, "Market News card pending for %s (drawn by %s): type its `news` line (N-1)", lane.name.c_str(),
                           state->players.at(static_cast<size_t>(t.pending.player)).name.c_str());
    } else if (t.pending.kind == Pending::Kind::Rethrow) {
        ImGui::TextColored(v.warn, "%s throws again (T-7)", state->players.at(static_cast<size_t>(t.pending.player)).name.c_str());
    } else {
        ImGui::TextDisabled("No Market News card pending.");
    }
    ImGui::PopTextWrapPos();

    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_NoSavedSettings;
    if (!ImGui::BeginTable("##flutter-players", kCompanies + 3, flags)) return;
    ImGui::TableSetupScrollFreeze(2, 2);
    // Each column as wide as its widest figure (a narrow slot keeps every company in sight); the
    // players' names as the longest.
    const auto width = [](const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; };
    float name_w = width("Broker sells"), capital_w = width("Capital"), cash_w = width("Cash");
    for (const PlayerLine& p : t.players) {
        name_w = std::max(name_w, width("> " + state->players[static_cast<size_t>(p.seat)].name));
        capital_w = std::max(capital_w, width(FormatPounds(p.capital)));
        cash_w = std::max(cash_w, width(FormatPounds(p.cash)));
    }
    std::array<float, kCompanies> company_w{};
    for (int c = 0; c < kCompanies; ++c) {
        const CompanyLine& co = t.companies[static_cast<size_t>(c)];
        float w = std::max({width("bust"), width(FormatPounds(co.price) + (co.anti_slump ? " AS" : "")),
                            ImGui::GetTextLineHeight() + 8.0f, width(std::to_string(std::max(co.stock, co.reserve)))});
        for (const PlayerLine& p : t.players) w = std::max(w, width(FormatPounds(p.holdings[static_cast<size_t>(c)].value)));
        company_w[static_cast<size_t>(c)] = w;
    }
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthFixed, name_w);
    // Capital first: what a player reads to know whether to claim (W-1); the holdings scroll in a narrow window.
    ImGui::TableSetupColumn("Capital", ImGuiTableColumnFlags_WidthFixed, capital_w);
    ImGui::TableSetupColumn("Cash", ImGuiTableColumnFlags_WidthFixed, cash_w);
    for (int c = 0; c < kCompanies; ++c)
        ImGui::TableSetupColumn(state->board->lanes[static_cast<size_t>(c)].letter.c_str(), ImGuiTableColumnFlags_WidthFixed,
                                company_w[static_cast<size_t>(c)]);
    // Two heading rows: the names, then each company's chip and today's price (BD-2).
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted("Player");
    ImGui::TableSetColumnIndex(2);
    ImGui::TextUnformatted("Cash");
    for (int c = 0; c < kCompanies; ++c) {
        const Lane& lane = state->board->lanes[static_cast<size_t>(c)];
        ImGui::TableSetColumnIndex(3 + c);
        CompanyChip(lane.letter, lane.Key());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", lane.name.c_str(), lane.colour.c_str());
    }
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted("Capital");
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("price");
    for (int c = 0; c < kCompanies; ++c) {
        const CompanyLine& co = t.companies[static_cast<size_t>(c)];
        ImGui::TableSetColumnIndex(3 + c);
        if (co.bankrupt)
            ImGui::TextColored(v.bad, "bust");
        else
            ImGui::Text("%s%s", FormatPounds(co.price).c_str(), co.anti_slump ? " AS" : "");
        if (co.anti_slump && ImGui::IsItemHovered()) ImGui::SetTooltip("holds the anti-slump card (N-4, SL-3)");
    }
    ImGui::TableSetColumnIndex(1);
    ImGui::TextDisabled("W-1");

    for (const PlayerLine& p : t.players) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        const std::string& name = state->players[static_cast<size_t>(p.seat)].name;
        if (p.current)
            ImGui::TextColored(v.accent, "> %s", name.c_str());
        else
            ImGui::Text("  %s", name.c_str());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(FormatPounds(p.cash).c_str());
        for (int c = 0; c < kCompanies; ++c) {
            const Holding& h = p.holdings[static_cast<size_t>(c)];
            ImGui::TableSetColumnIndex(3 + c);
            if (h.certificates == 0) {
                ImGui::TextDisabled("-");
                continue;
            }
            ImGui::Text("%lld", static_cast<long long>(h.certificates));
            ImGui::TextColored(v.muted, "%s", FormatPounds(h.value).c_str());
        }
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(v.good, "%s", FormatPounds(p.capital).c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("cash %s + certificates %s at today's prices (W-1)", FormatPounds(p.cash).c_str(), FormatPounds(p.shares).c_str());
    }
    // The broker's rows: what he can sell (TR-4) and what he keeps for bonus issues (G-3, BN-2).
    const char* broker_rows[] = {"Broker sells", "Reserve"};
    for (int row = 0; row < 2; ++row) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextColored(v.accent, "%s", broker_rows[row]);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(row == 0 ? "The broker's sale stock: he sells only these (TR-4); bought-back certificates join it (TR-6)"
                                       : "Kept for bonus issues, never sold (G-3, BN-2)");
        for (int c = 0; c < kCompanies; ++c) {
            const CompanyLine& co = t.companies[static_cast<size_t>(c)];
            ImGui::TableSetColumnIndex(3 + c);
            const int64_t n = row == 0 ? co.stock : co.reserve;
            if (co.bankrupt)
                ImGui::TextDisabled("-");
            else if (n == 0 && row == 0)
                ImGui::TextColored(v.warn, "0");
            else
                ImGui::Text("%lld", static_cast<long long>(n));
        }
    }
    ImGui::EndTable();
}

} // namespace rutland::flutter
