// Year end: before the year ends, the preview of the coming payouts (who gets what and why: Y-2
// payouts, margin calls and covers, net); after one, the statement of the last year end; the two
// switchable, each exportable as CSV and printable HTML (the app writes the file next to the game).
// The statements come from games/big-board-raiders/report/year_end_report.h, the same that `rutland-cli year-end` prints,
// cached on the session's version; view::MakeYearEndView decides what is shown.
#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "rule_text_draw.h"
#include "text_wrap.h"
#include "theme.h"
#include "warnings_draw.h"

namespace rutland::bbr::dash {

namespace {

void MoneyCell(const std::string& text, bool negative) {
    if (text.empty()) return;
    if (negative) ImGui::PushStyleColor(ImGuiCol_Text, Theme::Bad());
    TextRight(text.c_str());
    if (negative) ImGui::PopStyleColor();
}

} // namespace

void DrawYearEnd(const AppView& v, UiState& ui, Outbox& out) {
    YearEndUi& yu = ui.year_end;
    if (yu.version != v.version) {
        view::YearEndStatements st = view::ComputeYearEnd(v.ledger, v.state, v.viewing.value_or(v.ledger.Size() - 1), &yu.last);
        yu.preview = std::move(st.preview);
        yu.last = std::move(st.last);
        yu.warnings = std::move(st.preview_warnings);
        yu.version = v.version;
    }
    const view::YearEndView ye = view::MakeYearEndView(v.state, view::YearEndStatements{yu.preview, yu.last, yu.warnings}, yu.mode);

    // The line of context and the controls.
    ImGui::TextUnformatted(ye.context.c_str());
    if (ye.due) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), "\u2014 the year's last Time card is drawn: the year ends at this turn's end (Y-1)");
    }
    // The controls follow on the same line unless the due warning took the room.
    if (!ye.due) ImGui::SameLine(0, ImGui::GetFontSize() * 2.0f);
    ImGui::BeginDisabled(!ye.can_preview);
    if (ImGui::RadioButton("Preview", ye.showing_preview)) yu.mode = view::YearEndMode::Preview;
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!ye.can_last);
    if (ImGui::RadioButton(yu.last ? fmt::format("Last statement (Year {})", yu.last->year).c_str() : "Last statement", !ye.showing_preview))
        yu.mode = view::YearEndMode::Last;
    ImGui::EndDisabled();
    ImGui::SameLine(0, ImGui::GetFontSize() * 2.0f);
    const bool exportable = !ye.rows.empty();
    ImGui::BeginDisabled(!exportable);
    // Built in place: a UiAction temporary pushed back makes GCC 12 -O2 warn -Wmaybe-uninitialized
    // about the strings of the other alternatives (a false positive bbr_screen.cpp still shows).
    if (ImGui::Button("Export CSV")) out.actions.emplace_back(std::in_place_type<ExportYearEnd>, false, ye.showing_preview);
    ImGui::SameLine();
    if (ImGui::Button("Export HTML")) out.actions.emplace_back(std::in_place_type<ExportYearEnd>, true, ye.showing_preview);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::SmallButton("Expand all")) yu.expand = 1;
    ImGui::SameLine();
    if (ImGui::SmallButton("Collapse all")) yu.expand = -1;
    if (!yu.message.empty()) ImGui::TextColored(yu.message.starts_with("Saved") ? Theme::Good() : Theme::Bad(), "%s", yu.message.c_str());
    if (!ye.due_note.empty()) {
        const ImVec4 warn = Theme::Warn();
        TextWrappedWords(ye.due_note, &warn);
    }

    if (!ye.empty_note.empty()) {
        ImGui::TextDisabled("%s", ye.empty_note.c_str());
        return;
    }
    ImGui::PushFont(v.fonts.large);
    ImGui::TextColored(ye.showing_preview ? Theme::Accent() : Theme::Good(), "%s", ye.heading.c_str());
    ImGui::PopFont();
    if (!ye.counts.empty()) {  // a year with counts says so
        ImGui::TextColored(Theme::Warn(), "This year had %d count%s (corrections to the table, X-3):",
                           static_cast<int>(ye.counts.size()), ye.counts.size() == 1 ? "" : "s");
        for (const std::string& c : ye.counts) ImGui::BulletText("%s", c.c_str());
    }
    DrawWarnings(ye.warnings);  // an option in the money that would expire, a call, a debt left

    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
    const float em = ImGui::GetFontSize();
    if (!ImGui::BeginTable("##year-end", 5, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthFixed, em * 7.5f);
    ImGui::TableSetupColumn("Payouts (Y-2)", ImGuiTableColumnFlags_WidthFixed, em * 7.0f);
    ImGui::TableSetupColumn("Margin calls, covers", ImGuiTableColumnFlags_WidthFixed, em * 9.5f);
    ImGui::TableSetupColumn("Net", ImGuiTableColumnFlags_WidthFixed, em * 6.5f);
    ImGui::TableSetupColumn("Why", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    // A statement gets its own tree ids, so each new one opens with the defaults.
    ImGui::PushID(fmt::format("{}-{}-{}", ye.showing_preview, ye.heading, v.version).c_str());
    size_t all_lines = 0;
    for (const view::YearEndViewRow& r : ye.rows) all_lines += r.lines.size();
    for (const view::YearEndViewRow& r : ye.rows) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        if (yu.expand != 0) ImGui::SetNextItemOpen(yu.expand > 0);
        ImGuiTreeNodeFlags tf = ImGuiTreeNodeFlags_SpanFullWidth;
        if (all_lines <= 10) tf |= ImGuiTreeNodeFlags_DefaultOpen;  // a short statement reads best open
        if (r.lines.empty()) tf |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
        const bool open = ImGui::TreeNodeEx(r.name.c_str(), tf) && !r.lines.empty();
        ImGui::TableSetColumnIndex(1);
        TextRight(r.payouts.c_str());
        ImGui::TableSetColumnIndex(2);
        MoneyCell(r.other, r.other.starts_with("-"));
        ImGui::TableSetColumnIndex(3);
        MoneyCell(r.net, r.net_negative);
        ImGui::TableSetColumnIndex(4);
        if (r.lines.empty())
            ImGui::TextDisabled("nothing this year end");
        else if (!open)
            ImGui::TextDisabled("%s", r.summary.empty() ? fmt::format("{} line{}, no cash", r.lines.size(), r.lines.size() == 1 ? "" : "s").c_str()
                                                        : r.summary.c_str());
        if (!open) continue;
        // One row per effect: its cash under payouts (Y-2) or under margin calls and covers, so
        // the lines add up to the totals above them.
        for (const view::YearEndViewLine& l : r.lines) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Indent();
            ImGui::TextDisabled("[%s]", l.rule.c_str());
            RuleHoverLastItem("[" + l.rule + "]");
            ImGui::Unindent();
            ImGui::TableSetColumnIndex(l.rule == "Y-2" ? 1 : 2);
            MoneyCell(l.cash, l.negative);
            ImGui::TableSetColumnIndex(4);
            TextWrappedWords(l.text);
        }
        ImGui::TreePop();
    }
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted("Paid out");
    ImGui::TableSetColumnIndex(1);
    TextRight(ye.total.c_str());
    ImGui::TableSetColumnIndex(4);
    ImGui::TextDisabled("the broker pays out %s in all", ye.total.c_str());
    if (!ye.calls.empty()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(4);
        constexpr std::string_view kCalls = "Margin calls, in the order they are covered (S-6)";
        ImGui::TextColored(Theme::Accent(), "%s", kCalls.data());
        RuleHoverLastItem(kCalls);
        for (const view::YearEndView::Call& c : ye.calls) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            if (c.number > 0) ImGui::Text("%d. [%s]", c.number, c.line.rule.c_str());
            else ImGui::TextDisabled("   [%s]", c.line.rule.c_str());
            RuleHoverLastItem(c.number > 0 ? fmt::format("{}. [{}]", c.number, c.line.rule) : "   [" + c.line.rule + "]");
            ImGui::TableSetColumnIndex(4);
            if (c.number > 0) TextWrappedWords(c.line.text);
            else TextWrappedWords(c.line.text, &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        }
    }
    for (const view::YearEndViewLine& l : ye.general) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextDisabled("[%s]", l.rule.c_str());
        RuleHoverLastItem("[" + l.rule + "]");
        ImGui::TableSetColumnIndex(4);
        TextWrappedWords(l.text, &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    }
    ImGui::PopID();
    ImGui::EndTable();
    yu.expand = 0;
}

} // namespace rutland::bbr::dash
