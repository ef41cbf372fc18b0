// Flutter's broker's instructions (flutter_tables.h DrawTokensPanel): for the entry shown and for the
// last settlement, company by company in lane order as Rule 11 advises ("attend to each company
// separately"), who hands what to whom: the money as the tokens to count out (U-2: £100, £50, £20,
// £10, £5, drawn as chips) and the certificates. The steps are report/table_view.h's, from the
// entry's effects; an undo's are its commands' steps the other way round.
#include <string>

#include "host/flutter_shown.h"
#include "lang/table_language.h"
#include "panels/flutter_colours.h"
#include "panels/flutter_table_start.h"
#include "panels/flutter_tables.h"
#include "report/table_view.h"

namespace rutland::flutter {

namespace {

// A token's chip colour, as a box's tokens are told apart at a glance.
ImU32 TokenColour(int64_t value) {
    switch (value) {
        case 100: return IM_COL32(70, 140, 80, 255);
        case 50: return IM_COL32(60, 110, 190, 255);
        case 20: return IM_COL32(190, 70, 60, 255);
        case 10: return IM_COL32(200, 140, 40, 255);
        default: return IM_COL32(130, 130, 130, 255);
    }
}

// The tokens as chips ("£100" on its colour) with their counts, on the current line, wrapping.
void TokenChips(const Tokens& tokens) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float h = ImGui::GetTextLineHeight();
    for (size_t i = 0; i < kTokenValues.size(); ++i) {
        const int64_t n = tokens.count[i];
        if (n == 0) continue;
        const std::string face = "£" + std::to_string(kTokenValues[i]);
        const std::string times = n > 1 ? " x" + std::to_string(n) : "";
        const ImVec2 text = ImGui::CalcTextSize(face.c_str());
        const float w = text.x + h * 0.6f + ImGui::CalcTextSize(times.c_str()).x;
        ImGui::SameLine();
        if (ImGui::GetCursorPosX() + w > ImGui::GetContentRegionMax().x) ImGui::NewLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const ImVec2 end(at.x + text.x + h * 0.6f, at.y + h);
        draw->AddRectFilled(at, end, TokenColour(kTokenValues[i]), h * 0.5f);
        draw->AddText(ImVec2(at.x + h * 0.3f, at.y), IM_COL32(255, 255, 255, 255), face.c_str());
        if (!times.empty()) draw->AddText(ImVec2(end.x + 2.0f, at.y), ImGui::GetColorU32(ImGuiCol_Text), times.c_str());
        ImGui::Dummy(ImVec2(w + 2.0f, h));
    }
}

std::string Certificates(int64_t n, const Lane& lane) {
    return std::to_string(n) + " " + lane.colour + (n == 1 ? " certificate" : " certificates");
}

void DrawStep(const dash::GamePanelView& v, const GameState& names, const Step& s) {
    const Lane* lane = s.company >= 0 ? &names.board->lanes.at(static_cast<size_t>(s.company)) : nullptr;
    const std::string who = s.player >= 0 ? names.players.at(static_cast<size_t>(s.player)).name : std::string("the broker");
    // A trade is two steps at once: the money one way, the certificates the other.
    const bool money = s.money > Pounds();
    std::string text;
    switch (s.kind) {
        case Step::Kind::Buy:
        case Step::Kind::Sell: {
            const bool pays = s.to_player ? false : true;  // the player pays the money
            text = pays ? who + " hands the broker " + FormatPounds(s.money) + ", gets " + Certificates(s.certificates, *lane)
                        : "the broker pays " + who + " " + FormatPounds(s.money) + ", gets " + Certificates(s.certificates, *lane);
            break;
        }
        case Step::Kind::Dividend:
        case Step::Kind::BonusCash:
            text = s.reversed ? who + " hands the broker back " + FormatPounds(s.money) + (s.kind == Step::Kind::Dividend ? ", the dividend undone" : ", the bonus in cash undone")
                              : "the broker pays " + who + " " + FormatPounds(s.money) + (s.kind == Step::Kind::Dividend ? " dividend" : " for bonus shares");
            break;
        case Step::Kind::BonusShares:
            text = s.reversed ? who + " hands back " + Certificates(s.certificates, *lane) + " (bonus)"
                              : "the broker gives " + who + " " + Certificates(s.certificates, *lane) + " free (bonus)";
            break;
        case Step::Kind::Lost:
            text = s.reversed ? "the broker gives " + who + " back " + Certificates(s.certificates, *lane)
                              : who + " hands the broker " + Certificates(s.certificates, *lane) + " (worthless)";
            break;
        case Step::Kind::StockLost:
            text = s.reversed ? "the broker takes " + Certificates(s.certificates, *lane) + " back out of the box"
                              : "the broker puts " + Certificates(s.certificates, *lane) + " back in the box (worthless)";
            break;
    }
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextUnformatted(text.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(%s)", s.rule.c_str());
    if (money) {
        ImGui::Indent();
        ImGui::TextDisabled("tokens:");
        TokenChips(s.tokens);
        ImGui::Unindent();
    }
    (void)v;
}

void DrawGroups(const dash::GamePanelView& v, const GameState& names, const std::vector<CompanySteps>& groups) {
    if (groups.empty()) {
        ImGui::TextDisabled("Nothing changes hands.");
        return;
    }
    for (const CompanySteps& g : groups) {
        if (g.company >= 0) {
            const Lane& lane = names.board->lanes.at(static_cast<size_t>(g.company));
            CompanyChip(lane.letter, lane.Key());
            ImGui::SameLine();
            ImGui::TextUnformatted(lane.name.c_str());
        }
        ImGui::Indent();
        for (const Step& s : g.steps) DrawStep(v, names, s);
        ImGui::Unindent();
    }
}

} // namespace

void DrawTokensPanel(const dash::GamePanelView& v, dash::DeskOutbox& out) {
    (void)out;  // shows only
    const std::optional<FlutterShown> read = ShownOrSay(v, true);
    if (!read) return;
    const GameState* state = read->state;
    const ShownTables* tables = read->tables;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::PushFont(v.large);
    ImGui::TextColored(v.accent, "%s entry %d", v.game.ShownEntry() ? "The entry looked at:" : "The last entry:", tables->entry);
    ImGui::PopFont();
    ImGui::TextUnformatted(v.game.Line(tables->entry).c_str());
    const bool undone = !tables->entry_steps.empty() && !tables->entry_steps.front().steps.empty() && tables->entry_steps.front().steps.front().reversed;
    if (undone) ImGui::TextColored(v.warn, "Undone: the table gives back what it did, the newest first (L-2)");
    DrawGroups(v, *state, tables->entry_steps);
    if (tables->last && tables->last->seq != tables->entry) {
        ImGui::Spacing();
        ImGui::PushFont(v.large);
        ImGui::TextColored(v.accent, "The last settlement: round %d (entry %d)", tables->last->settlement.round, tables->last->seq);
        ImGui::PopFont();
        DrawGroups(v, *state, tables->last_steps);
    }
    ImGui::PopTextWrapPos();
}

} // namespace rutland::flutter
