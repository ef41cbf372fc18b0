// Turn: the year, the Time cards drawn, whose turn, doubles; the landed space with its arrows,
// Asks and Bids (provisional facts flagged, D-2); and what this player may enter now, straight from
// the core's Legal() (clicking one puts it in the entry line).
#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "text_wrap.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

void SpaceFacts(const AppView& v, int index, const char* heading) {
    // Each word goes beside the last when it fits, else on the next line: a narrow Turn wraps the
    // arrows, Asks and Bids instead of cutting them at its edge.
    const Space& sp = v.state.board->At(index);
    ImGui::Text("%s %s", heading, sp.label.c_str());
    const std::string where = fmt::format("({}, position {})", SpaceKindName(sp.kind.value), sp.position.value);
    SameLineIfFits(where.c_str());
    ImGui::TextDisabled("%s", where.c_str());
    if (view::LandingProvisional(sp)) ProvisionalFlag("this space's kind");
    ImGui::TextUnformatted("Arrows:");
    for (Company c : kCompanies) {
        const bool up = sp.trend.value[static_cast<size_t>(Index(c))] == Trend::Up;
        const std::string arrow = fmt::format("{} {}", GetProspectus(c).letter, up ? "\u2191 up" : "\u2193 down");
        SameLineIfFits(arrow.c_str());
        CompanyText(c, arrow.c_str());
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
            const std::string name(GetProspectus(c).name);
            SameLineIfFits(name.c_str());
            CompanyText(c, name.c_str());
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
    const view::TurnView& t = TurnViewNow(v, ui);
    const GameState& s = v.state;
    ImGui::PushFont(v.fonts.large);
    if (t.won) ImGui::TextColored(Theme::Good(), "%s", t.heading.c_str());
    else ImGui::TextUnformatted(t.heading.c_str());
    ImGui::PopFont();
    if (t.bonus) {
        // Beside the heading when it fits there, else on its own line: never cut at the edge.
        constexpr const char* kBonus = " bonus turn (doubles, T-5)";
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(kBonus).x) ImGui::NewLine();
        ImGui::TextColored(Theme::Accent(), "%s", kBonus);
    }
    ImGui::TextUnformatted(t.time_cards.c_str());
    if (t.year_end_due) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), " year end due at this turn's end (Y-1)");
    }
    ImGui::TextUnformatted(t.roll.c_str());
    if (!t.next.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("   %s", t.next.c_str());
    }
    // Pending margin calls before anything else: only the debtor's sales are accepted (S-6).
    const ImVec4 warn = Theme::Warn();
    for (const std::string& p : t.pending) TextWrappedWords(p, &warn);
    if (!t.declaring.empty()) TextWrappedWords(t.declaring, &warn);
    for (size_t i = 0; i < t.spaces.size(); ++i) SpaceFacts(v, t.spaces[i], i == 0 ? "Landed on" : "The Time card moved the pawn to");
    if (!t.pawn.empty()) TextWrappedWords(t.pawn, &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    if (v.viewing) return;
    ImGui::Separator();
    if (t.won) {
        TextWrappedWords("The game is over (W-1): only undo is accepted now (notes too).", &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        return;
    }
    ImGui::TextDisabled("%s may enter now:", s.players[static_cast<size_t>(s.current)].name.c_str());
    size_t shown = 0;
    for (const std::string& line : t.legal) {
        if (shown == view::kMaxLegalShown) break;
        ++shown;
        ImGui::SameLine();
        const float w = ImGui::CalcTextSize(line.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
        if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
        LegalButton(line, ui);
    }
    if (t.legal.size() > shown) ImGui::TextDisabled("and %zu more (Tab in the entry line lists them)", t.legal.size() - shown);
}

} // namespace rutland::bbr::dash
