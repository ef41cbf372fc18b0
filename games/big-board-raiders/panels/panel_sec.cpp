// SEC guy: what is owed now and how it can be raised (S-6), a claim waiting for its margin call
// (W-1), the forced events of this turn with their rules, who could declare and what the others
// still lack, and the unverified board facts (D-2) the game has relied on, with the way to the
// Board tab to correct them. What to show comes from view::MakeSecView (games/big-board-raiders/view/sec_view.h),
// cached on the session's version. A narrow column: every line wraps (at spaces, never in a number).
#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "view/board_files.h"
#include "bbr_dash.h"
#include "panels.h"
#include "text_wrap.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

constexpr size_t kFactsShown = 6;  // the most used unverified facts before "show all"
constexpr size_t kNearestShown = 3;  // players nearest a majority (the Players tab has everyone)

void Heading(const std::string& text, const ImVec4& colour) {
    ImGui::Spacing();
    ImGui::TextColored(colour, "%s", text.c_str());
}

void Rule(const std::string& rule) {
    ImGui::TextDisabled("[%s]", rule.c_str());
    ImGui::SameLine();
}

const ImVec4* SecMuted() { return &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]; }

void Wrapped(const std::string& text, ImVec4 colour) { TextWrappedWords(text, &colour); }

} // namespace

void DrawSec(const AppView& v, UiState& ui, Outbox& out) {
    SecUi& su = ui.sec;
    if (su.version != v.version) {
        su.view = view::MakeSecView(v.ledger, v.state, v.viewing.value_or(v.ledger.Size() - 1));
        su.version = v.version;
    }
    const view::SecView& sv = su.view;
    const GameState& s = v.state;

    // What is owed: the most urgent thing at the table.
    if (sv.pending.empty() && !sv.declaring) Wrapped("Nothing owed: no margin call or obligation pending.", Theme::Good());
    for (const view::PendingLine& p : sv.pending) {
        ImGui::PushFont(v.fonts.large);
        ImGui::TextColored(Theme::Bad(), "%s owes %s", p.name.c_str(), FormatMoney(p.amount).c_str());
        ImGui::PopFont();
        Rule(p.rule);
        TextWrappedWords(p.reason, SecMuted());
        if (p.can_sell.empty()) {
            Wrapped(fmt::format("Cash {} and nothing to sell.", FormatMoney(p.cash)), Theme::Bad());
        } else {
            std::string assets;
            for (const std::string& a : p.can_sell) assets += (assets.empty() ? "" : ", ") + a;
            TextWrappedWords(fmt::format("Cash {}. May sell (S-6, no Bid needed): {} \u2014 {} in all.", FormatMoney(p.cash), assets,
                                         FormatMoney(p.sellable)));
            if (!p.example.empty()) {
                ImGui::TextDisabled("Enter a forced sale, e.g.");
                ImGui::SameLine();
                ImGui::TextColored(Theme::Accent(), "%s", p.example.c_str());
            }
        }
    }
    if (sv.declaring) Wrapped(*sv.declaring, Theme::Warn());

    // Forced events of this turn.
    Heading(sv.events_from >= 0 && sv.events_from < sv.seq ? fmt::format("Forced this turn (entries {}\u2013{})", sv.events_from, sv.seq)
                                                           : fmt::format("Forced in entry {}", sv.seq),
            Theme::Accent());
    if (sv.events.empty()) TextWrappedWords("No market event, forfeit, margin call or forced sale.", SecMuted());
    int shown_seq = -1;
    for (const view::ForcedEvent& e : sv.events) {
        if (e.seq != shown_seq) {
            ImGui::TextDisabled("%d: %s", e.seq, view::CutForDisplay(e.line, view::kOneLineChars).c_str());
            shown_seq = e.seq;
        }
        ImGui::Indent();
        Rule(e.rule);
        TextWrappedWords(e.text);
        ImGui::Unindent();
    }

    // W-1.
    Heading("Who could declare (W-1)", Theme::Accent());
    if (sv.winner) {
        Wrapped(fmt::format("{} has won the game.", s.players[static_cast<size_t>(*sv.winner)].name), Theme::Good());
    } else {
        for (const std::string& c : sv.could_declare) Wrapped(c, Theme::Good());
        if (sv.could_declare.empty()) TextWrappedWords("Nobody holds an escrow and its majority. Nearest first:", SecMuted());
        for (size_t i = 0; i < std::min(sv.nearest.size(), kNearestShown); ++i) {
            const view::NearMajority& n = sv.nearest[i];
            ImGui::TextUnformatted(n.name.c_str());
            ImGui::SameLine();
            CompanyText(n.progress.company, std::string(GetProspectus(n.progress.company).name).c_str());
            ImGui::SameLine();
            TextWrappedWords("lacks " + n.progress.Lacks(), SecMuted());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", n.progress.Summary().c_str());
        }
        if (sv.nearest.size() > kNearestShown)
            ImGui::TextDisabled("and %zu more further away (Players tab)", sv.nearest.size() - kNearestShown);
    }

    // the counts of this year are corrections, shown as such.
    // Nothing to look at when there is none: one muted line, so the D-2 list keeps its room.
    if (sv.counts.empty())
        TextWrappedWords(fmt::format("No count in year {} (X-3): the ledger has not been corrected to the table.", sv.year), SecMuted());
    else
        Heading(fmt::format("Counts this year (corrections, X-3): {}", sv.counts.size()), Theme::Warn());
    for (const view::CountMade& c : sv.counts)
        Wrapped(fmt::format("{}: {} ({})", c.seq, view::CutForDisplay(c.line, view::kOneLineChars),
                            c.changes == 0 ? std::string("the ledger already agreed")
                                           : fmt::format("{} quantit{} changed", c.changes, c.changes == 1 ? "y" : "ies")),
                Theme::Warn());

    // D-2.
    Heading("Unverified board facts used (D-2)", Theme::Warn());
    size_t still = 0;
    for (const view::UnverifiedUse& u : sv.used) still += !u.verified_now;
    if (sv.uses == 0)
        TextWrappedWords("The game has used no unverified board fact.", SecMuted());
    else if (still == sv.used.size())
        TextWrappedWords(fmt::format("The rules read {} facts nobody has checked on the physical board, {} times in all.", sv.used.size(), sv.uses));
    else
        TextWrappedWords(fmt::format("The rules read {} facts nobody had checked on the physical board, {} times in all; {} are verified since, "
                                     "{} still unchecked.",
                                     sv.used.size(), sv.uses, sv.used.size() - still, still));
    const size_t limit = su.all_facts ? sv.used.size() : std::min(sv.used.size(), kFactsShown);
    for (size_t i = 0; i < limit; ++i) {
        const view::UnverifiedUse& u = sv.used[i];
        const std::string what = u.space.empty() ? u.fact : fmt::format("{}: {}", u.space, u.fact);
        if (u.verified_now)
            TextWrappedWords(fmt::format("\u2713 {} \u00d7{} (verified since)", what, u.times), SecMuted());
        else
            TextWrappedWords(fmt::format("\u2022 {} \u00d7{}", what, u.times));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("used %d time%s, last in entry %d", u.times, u.times == 1 ? "" : "s", u.last_seq);
    }
    if (sv.used.size() > kFactsShown) {
        if (ImGui::SmallButton(su.all_facts ? "Show the most used only" : fmt::format("Show all {}", sv.used.size()).c_str()))
            su.all_facts = !su.all_facts;
    }
    // Which board (the game file carries its board: basic_store.h invariant 19, store.h item 5), and whether the game file carries it or it was found by name.
    const std::string source = v.session.InFile() ? view::GameBoardSource(v.session.GetStore()) : "not saved in a file";
    TextWrappedWords(fmt::format("The board ({}, {}) has {} unverified facts on {} of {} spaces.", s.board->Name(), source,
                                 sv.unverified_facts, sv.unverified_spaces,
                                 s.board->SpaceCount()),
                     SecMuted());
    if (ImGui::Button("Check them in the Board tab")) out.actions.push_back(ShowPanel{"board"});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("D-2: read the space off the physical board and correct it there (records a 'board' command)");
}

} // namespace rutland::bbr::dash
