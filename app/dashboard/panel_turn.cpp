// Turn: the year, the Time cards drawn, whose turn, doubles; the landed space with its arrows,
// Asks and Bids (provisional facts flagged, D-2); and what this player may enter now, straight from
// the core's Legal() (clicking one puts it in the entry line).
#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "theme.h"

namespace rutland::dash {

namespace {

void SpaceFacts(const AppView& v, int index, const char* heading) {
    const Space& sp = v.state.board->At(index);
    ImGui::Text("%s %s", heading, sp.label.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(%s, position %d)", std::string(SpaceKindName(sp.kind.value)).c_str(), sp.position.value);
    if (!sp.kind.verified || !sp.position.verified) ProvisionalFlag("this space's kind or place on the ring");
    ImGui::TextUnformatted("Arrows:");
    for (Company c : kCompanies) {
        ImGui::SameLine();
        const bool up = sp.trend.value[static_cast<size_t>(Index(c))] == Trend::Up;
        CompanyText(c, fmt::format("{} {}", GetProspectus(c).letter, up ? "\u2191 up" : "\u2193 down").c_str());
    }
    if (!sp.trend.verified) ProvisionalFlag("the arrows");
    const bool subsidiary = sp.kind.value == SpaceKind::Subsidiary;
    const CompanySet set = subsidiary ? sp.ask.value : sp.bid.value;
    ImGui::TextUnformatted(subsidiary ? "Asks (buy here):" : "Bids (sell here):");
    if (set.Count() == 0) {
        ImGui::SameLine();
        ImGui::TextDisabled("none");
    }
    for (Company c : kCompanies)
        if (set.Has(c)) {
            ImGui::SameLine();
            CompanyText(c, std::string(GetProspectus(c).name).c_str());
        }
    if (!(subsidiary ? sp.ask.verified : sp.bid.verified)) ProvisionalFlag(subsidiary ? "the Asks" : "the Bids");
}

void LegalButton(const std::string& line, UiState& ui) {
    if (ImGui::SmallButton(line.c_str())) {
        std::snprintf(ui.entry.buffer.data(), ui.entry.buffer.size(), "%s", line.c_str());
        ui.entry.focus = true;
    }
}

} // namespace

void DrawTurn(const AppView& v, UiState& ui, Outbox&) {
    const GameState& s = v.state;
    const PlayerState& p = s.players[static_cast<size_t>(s.current)];
    ImGui::PushFont(v.fonts.large);
    if (s.winner)
        ImGui::TextColored(Theme::Good(), "%s has won the game (W-1)", s.players[static_cast<size_t>(*s.winner)].name.c_str());
    else
        ImGui::Text("Year %d  \u2014  %s's turn", s.year, p.name.c_str());
    ImGui::PopFont();
    ImGui::Text("Time cards drawn this year: %d of %d", s.time_cards_drawn, s.year_cards);
    if (s.year_end_due) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), " year end due at this turn's end (Y-1)");
    }
    ImGui::Text("%s", !s.rolled ? "Not rolled yet" : s.doubles ? "Rolled doubles: another turn follows (T-5)" : "Rolled");
    if (s.declaring) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), " %s's claim waits for a margin call (W-1)", s.players[static_cast<size_t>(*s.declaring)].name.c_str());
    }
    if (s.turn_space) {
        SpaceFacts(v, *s.turn_space, "Landed on");
        if (s.time_space && *s.time_space != *s.turn_space) SpaceFacts(v, *s.time_space, "The Time card moved the pawn to");
    } else if (p.space) {
        ImGui::TextDisabled("Pawn on %s", s.board->At(*p.space).label.c_str());
    } else {
        ImGui::TextDisabled("Pawn position not known yet: give the landed space with the roll (roll 3 4 2 @fulwell)");
    }
    if (v.viewing) return;
    ImGui::Separator();
    if (s.winner) {
        ImGui::TextDisabled("The game is over (W-1): only undo is accepted now (notes too).");
        return;
    }
    if (!s.pending.empty()) {
        const Obligation& o = s.pending.front();
        ImGui::TextColored(Theme::Warn(), "%s owes the bank %s (%s): only %s's sales are accepted until it is paid (S-6)",
                           s.players[static_cast<size_t>(o.player)].name.c_str(), FormatMoney(o.amount).c_str(), o.rule.c_str(),
                           s.players[static_cast<size_t>(o.player)].name.c_str());
    }
    ImGui::TextDisabled("%s may enter now:", p.name.c_str());
    const LegalNow& legal = v.legal;
    if (legal.roll) {
        ImGui::SameLine();
        LegalButton("roll", ui);
    }
    constexpr size_t kMaxButtons = 24;
    const size_t total = legal.trades.size() + legal.other.size();
    size_t shown = 0;
    for (const std::vector<Command>* list : {&legal.trades, &legal.other})
        for (const Command& c : *list) {
            if (shown == kMaxButtons) break;
            ++shown;
            ImGui::SameLine();
            if (ImGui::GetContentRegionAvail().x < 90.0f) ImGui::NewLine();
            LegalButton(PrintCommand(c), ui);
        }
    if (legal.end) {
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < 60.0f) ImGui::NewLine();
        LegalButton("end", ui);
    }
    if (total > shown) ImGui::TextDisabled("and %zu more (Tab in the entry line lists them)", total - shown);
}

} // namespace rutland::dash
