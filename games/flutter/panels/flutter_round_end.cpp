// Flutter's round end (flutter_tables.h DrawRoundEndPanel): the settlement if the round ended now
// and the statement of the last one, each as two tables, company by company in lane order (F-D12)
// and player by player. The data is report/table_view.h's, made from the rules' own effects (the
// preview of OpenGame::Settlement() is the same settlement in words), once per Version().
#include <string>

#include "host/flutter_shown.h"
#include "lang/effect_text.h"
#include "lang/table_language.h"
#include "panels/flutter_colours.h"
#include "panels/flutter_table_start.h"
#include "panels/flutter_tables.h"
#include "report/table_view.h"

namespace rutland::flutter {

namespace {

// RE-3's row of the table, as the rule book says the traveller's position.
const char* PositionText(Position at) {
    switch (at) {
        case Position::Top: return "TOP";
        case Position::Ten: return "10%";
        case Position::Five: return "5%";
        case Position::Slump: return "SLUMP";
        case Position::News: return "MARKET NEWS";
        case Position::Below: return "below NEWS";
        case Position::Parent: return "on parent";
    }
    return "";
}

void SettlementTables(const dash::GamePanelView& v, const GameState& names, const Settlement& s, const char* id) {
    ImGui::PushTextWrapPos(-1.0f);  // no wrapping inside the cells: each column as wide as its widest text
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_NoSavedSettings | ImGuiTableFlags_NoHostExtendX;
    ImGui::PushID(id);
    if (ImGui::BeginTable("##companies", 5, flags)) {
        ImGui::TableSetupColumn("Company");
        ImGui::TableSetupColumn("Traveller");
        ImGui::TableSetupColumn("Dividend");
        ImGui::TableSetupColumn("Parent (price)");
        ImGui::TableSetupColumn("Then");
        ImGui::TableHeadersRow();
        for (const SettlementCompany& c : s.companies) {
            const Lane& lane = names.board->lanes.at(static_cast<size_t>(c.company));
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            CompanyChip(lane.letter, lane.Key());
            ImGui::SameLine();
            ImGui::TextUnformatted(lane.colour.c_str());
            ImGui::TableSetColumnIndex(1);
            ImGui::TextUnformatted(PositionText(c.at));
            if (c.provisional) {
                ImGui::SameLine();
                ImGui::TextColored(v.warn, "?");
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("rests on a fact of the board not yet confirmed at the table (BD-7)");
            }
            ImGui::TableSetColumnIndex(2);
            if (c.dividend > 0)
                ImGui::TextColored(v.good, "%s each", FormatPounds(Pounds(c.dividend)).c_str());
            else
                ImGui::TextDisabled("-");
            ImGui::TableSetColumnIndex(3);
            if (c.move == 0)
                ImGui::Text("stays: %s -> %s", FormatPounds(c.price_from).c_str(), FormatPounds(c.price_to).c_str());
            else
                ImGui::Text("%+d: %s -> %s", c.move, FormatPounds(c.price_from).c_str(), FormatPounds(c.price_to).c_str());
            ImGui::TableSetColumnIndex(4);
            if (c.bankrupt)
                ImGui::TextColored(v.bad, "bankrupt (BK-1)");
            else if (c.bonus == SettledCompany::Bonus::Shares)
                ImGui::TextColored(v.good, "bonus shares (BN-2)");
            else if (c.bonus == SettledCompany::Bonus::Cash)
                ImGui::TextColored(v.warn, "bonus in cash (BN-3)");
            else
                ImGui::TextDisabled("-");
        }
        ImGui::EndTable();
    }
    // Per player: what each receives, company by company, and the cash in all.
    if (ImGui::BeginTable("##players", 2 + static_cast<int>(s.companies.size()), flags)) {
        ImGui::TableSetupColumn("Player");
        for (const SettlementCompany& c : s.companies)
            ImGui::TableSetupColumn(names.board->lanes.at(static_cast<size_t>(c.company)).letter.c_str());
        ImGui::TableSetupColumn("Cash in all");
        ImGui::TableHeadersRow();
        for (const SettlementPlayer& p : s.players) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(names.players.at(static_cast<size_t>(p.seat)).name.c_str());
            int column = 1;
            for (const SettlementCompany& c : s.companies) {
                ImGui::TableSetColumnIndex(column++);
                const size_t k = static_cast<size_t>(c.company);
                bool any = false;
                if (p.dividends[k] > Pounds()) ImGui::TextColored(v.good, "%s", FormatPounds(p.dividends[k]).c_str()), any = true;
                if (p.bonus_shares[k] > 0) ImGui::TextColored(v.good, "+%lld cert.", static_cast<long long>(p.bonus_shares[k])), any = true;
                if (p.bonus_cash[k] > Pounds()) ImGui::TextColored(v.warn, "%s bonus", FormatPounds(p.bonus_cash[k]).c_str()), any = true;
                if (p.lost[k] > 0) ImGui::TextColored(v.bad, "-%lld cert.", static_cast<long long>(p.lost[k])), any = true;
                if (!any) ImGui::TextDisabled("-");
            }
            ImGui::TableSetColumnIndex(column);
            ImGui::Text("%s", FormatPounds(p.Cash()).c_str());
        }
        ImGui::EndTable();
    }
    ImGui::PopID();
    ImGui::PopTextWrapPos();
}

} // namespace

void DrawRoundEndPanel(const dash::GamePanelView& v, dash::DeskOutbox& out) {
    (void)out;  // shows only
    const std::optional<FlutterShown> read = ShownOrSay(v, true);
    if (!read) return;
    const GameState* state = read->state;
    const ShownTables* tables = read->tables;
    ImGui::PushTextWrapPos(0.0f);
    if (const std::optional<int> shown = v.game.ShownEntry()) ImGui::TextColored(v.warn, "As it was after entry %d", *shown);
    ImGui::PushFont(v.large);
    ImGui::TextColored(v.accent, "If the round ended now");
    ImGui::PopFont();
    if (tables->if_ended_now) {
        const RoundEndNow& now = *tables->if_ended_now;
        ImGui::TextDisabled("%s's traveller, the nearest, reaching TOP (RE-1..RE-6); dividends on the £100 par (RE-2)",
                            state->board->lanes.at(static_cast<size_t>(now.company)).colour.c_str());
        SettlementTables(v, *state, now.settlement, "now");
    } else {
        ImGui::TextDisabled("%s", state->pending.kind != Pending::Kind::None ? "Nothing to settle until the card or re-throw due is typed (N-1)."
                                  : state->Over()                               ? "The game is won: no more throws (W-5)."
                                                                                : "No company left to end a round (BK-2).");
    }
    ImGui::Spacing();
    ImGui::PushFont(v.large);
    ImGui::TextColored(v.accent, "The last settlement");
    ImGui::PopFont();
    if (tables->last) {
        const Settlement& s = tables->last->settlement;
        ImGui::TextDisabled("Round %d, ended by %s's throw (entry %d): what each received, company by company", s.round,
                            state->players.at(static_cast<size_t>(s.ended_by)).name.c_str(), tables->last->seq);
        SettlementTables(v, *state, s, "last");
    } else {
        ImGui::TextDisabled("No round has ended yet.");
    }
    ImGui::PopTextWrapPos();
}

} // namespace rutland::flutter
