// Board: the 40 spaces in ring order with their facts (kind, place, arrows, Ask or Bids), every fact
// nobody has checked against the physical board in the warning colour (D-2), and the correction
// of a space in place: the broker reads the space off the physical board, ticks what was checked
// and records a `board` command (built and previewed by games/big-board-raiders/view/board_view.h). Recording a fact
// with the value it already has is how a provisional fact becomes verified.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

constexpr const char* kUnverifiedTip =
    "D-2: %s comes from the provisional board and has not been checked against the physical board.\n"
    "Select the space and record what the physical board shows.";

void RefreshFacts(const AppView& v, BoardUi& ui) {
    if (ui.facts_version == v.version && ui.facts_only_unverified == ui.only_unverified && !ui.facts.rows.empty()) return;
    ui.facts = view::ListBoard(v.state, ui.only_unverified);
    ui.facts_version = v.version;
    ui.facts_only_unverified = ui.only_unverified;
}

// The mark of a fact nobody has checked against the physical board: a "?" in the warning colour,
// with the D-2 tooltip on the whole fact.
void UnverifiedMark(const char* what) {
    ImGui::SameLine(0, 1.0f);
    ImGui::TextColored(Theme::Warn(), "?");
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip(kUnverifiedTip, what);
}

// A fact's text: plain when verified; in the warning colour with the mark when not.
void Fact(const std::string& text, bool verified, const char* what) {
    if (verified) {
        ImGui::TextUnformatted(text.c_str());
        return;
    }
    ImGui::BeginGroup();
    ImGui::TextColored(Theme::Warn(), "%s", text.c_str());
    UnverifiedMark(what);
}

// Company letters in their colours ("B R G"), or "none" (BD-3: the set this space shows).
void SetFact(CompanySet set, bool verified, const char* what) {
    ImGui::BeginGroup();
    if (set.Count() == 0) ImGui::TextDisabled("none");
    bool first = true;
    for (Company c : kCompanies) {
        if (!set.Has(c)) continue;
        if (!first) ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
        first = false;
        const char letter[2] = {GetProspectus(c).letter, '\0'};
        CompanyText(c, letter);
    }
    if (!verified) {
        UnverifiedMark(what);
        return;
    }
    ImGui::EndGroup();
}

// The four arrows (BD-2), Yellow, Blue, Red, Green, each in its company's colour.
void TrendFact(const Trends& trend, bool verified) {
    ImGui::BeginGroup();
    for (Company c : kCompanies) {
        if (c != Company::Yellow) ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
        const bool up = trend[static_cast<size_t>(Index(c))] == Trend::Up;
        CompanyText(c, up ? "\u2191" : "\u2193");
    }
    if (!verified) {
        UnverifiedMark("the arrows");
        return;
    }
    ImGui::EndGroup();
}

void DrawTable(BoardUi& ui, ImVec2 size) {
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##board-spaces", 7, flags, size)) return;
    const float gap = ImGui::GetFontSize() * 0.3f;
    const float sets_w = ImGui::CalcTextSize("YBRG?").x + gap * 3;
    float label_w = 0;
    for (const view::BoardRow& r : ui.facts.rows) label_w = std::max(label_w, ImGui::CalcTextSize(r.label.c_str()).x);
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Pos", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00?").x);
    ImGui::TableSetupColumn("Space", ImGuiTableColumnFlags_WidthFixed, label_w + ImGui::CalcTextSize(" \u2713").x);
    ImGui::TableSetupColumn("Kind", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("subsidiary?").x);
    const float arrows_w = ImGui::CalcTextSize("\u2191\u2193\u2191\u2193?").x + gap * 3 + 1.0f;
    ImGui::TableSetupColumn("Arrows", ImGuiTableColumnFlags_WidthFixed, std::max(arrows_w, ImGui::CalcTextSize("Arrows").x));
    ImGui::TableSetupColumn("Ask", ImGuiTableColumnFlags_WidthFixed, sets_w);
    ImGui::TableSetupColumn("Bids", ImGuiTableColumnFlags_WidthFixed, sets_w);
    ImGui::TableSetupColumn("Pawns", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();

    // The arrow keys move the selection while the table has the keyboard.
    const int n = static_cast<int>(ui.facts.rows.size());
    if (ImGui::IsWindowFocused() && n > 0) {
        int at = -1;
        for (int i = 0; i < n; ++i)
            if (ui.facts.rows[static_cast<size_t>(i)].space == ui.selected) at = i;
        int to = at;
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) to = at < 0 ? n - 1 : at - 1;
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) to = at + 1;
        if (to != at) ui.selected = ui.facts.rows[static_cast<size_t>(std::clamp(to, 0, n - 1))].space;
    }

    for (const view::BoardRow& r : ui.facts.rows) {
        ImGui::TableNextRow();
        if (r.in_use) {
            ImVec4 mark = Theme::Accent();
            mark.w = 0.16f;
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ToU32(mark));
        }
        ImGui::TableSetColumnIndex(0);
        char id[16];
        std::snprintf(id, sizeof id, "##space%d", r.space);
        if (ImGui::Selectable(id, r.space == ui.selected, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
            ui.selected = r.space;
            ui.scrolled_to = r.space;  // clicked: it is in view
        }
        if (r.space == ui.selected && ui.scrolled_to != ui.selected) {
            // Selected from elsewhere (the keys, "Check ..."): bring it into view.
            const float top = ImGui::GetItemRectMin().y, bottom = ImGui::GetItemRectMax().y;
            const float view_top = ImGui::GetWindowPos().y + ImGui::GetFrameHeight(), view_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
            if (top < view_top || bottom > view_bottom) ImGui::SetScrollHereY(0.5f);
            ui.scrolled_to = ui.selected;
        }
        ImGui::SameLine(0, 0);
        Fact(std::to_string(r.position), r.position_verified, "the place of this space on the ring");
        ImGui::TableSetColumnIndex(1);
        if (r.company && (r.subsidiary || r.kind == SpaceKind::Preferred))
            CompanyText(*r.company, r.label.c_str());
        else
            ImGui::TextUnformatted(r.label.c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s (@%s): %s%s%s", r.label.c_str(), r.name.c_str(), std::string(SpaceKindName(r.kind)).c_str(),
                              r.company ? fmt::format(" of {}", GetProspectus(*r.company).name).c_str() : "",
                              r.in_use ? "\nThis turn's transactions happen here (T-6)." : "");
        if (r.fully_verified) {
            ImGui::SameLine();
            ImGui::TextColored(Theme::Good(), "\u2713");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every fact of this space checked against the physical board");
        }
        ImGui::TableSetColumnIndex(2);
        Fact(std::string(SpaceKindName(r.kind)), r.kind_verified, "the kind of this space");
        ImGui::TableSetColumnIndex(3);
        TrendFact(r.trend, r.trend_verified);
        // BD-3: a subsidiary shows an Ask and no Bids, any other space Bids and no Ask. The set it
        // shows carries the mark while either is unchecked (they are recorded together).
        const bool sets_verified = r.ask_verified && r.bid_verified;
        ImGui::TableSetColumnIndex(4);
        if (r.subsidiary)
            SetFact(r.ask, sets_verified, r.ask_verified ? "that this space shows no Bids" : "the Ask");
        else
            ImGui::TextDisabled("\u2013");
        ImGui::TableSetColumnIndex(5);
        if (!r.subsidiary)
            SetFact(r.bid, sets_verified, r.bid_verified ? "that this space shows no Ask" : "the Bids");
        else
            ImGui::TextDisabled("\u2013");
        ImGui::TableSetColumnIndex(6);
        std::string pawns;
        for (const std::string& p : r.pawns) pawns += (pawns.empty() ? "" : ", ") + p;
        ImGui::TextUnformatted(pawns.c_str());
    }
    if (ui.facts.rows.empty()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(Theme::Good(), "every space is verified");
    }
    ImGui::EndTable();
}

float BoardButtonWidth(const char* label) { return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2; }

// A tick for "I checked this on the physical board" in front of each fact.
bool Tick(const char* id, bool* ticked) {
    const bool changed = ImGui::Checkbox(id, ticked);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Ticked: recorded as read off the physical board (verified), even if unchanged.");
    ImGui::SameLine();
    return changed;
}

void DrawEditor(const AppView& v, BoardUi& ui, Outbox& out) {
    const GameState& live = v.session.Live();
    if (ui.selected < 0 || ui.selected >= live.board->SpaceCount()) {
        ImGui::TextWrapped("Select a space to correct it from the physical board: set what it shows, tick each fact you "
                           "checked, and record the correction (a 'board' command in the ledger). Recording a fact "
                           "unchanged verifies it.");
        // The space this turn uses is the one worth checking first.
        for (const view::BoardRow& r : ui.facts.rows)
            if (r.in_use && !r.fully_verified) {
                ImGui::Spacing();
                if (ImGui::Button(fmt::format("Check {}", r.label).c_str())) ui.selected = r.space;
                ImGui::SameLine();
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextColored(Theme::Warn(), "in use this turn; not yet checked: %s", r.unverified.c_str());
                ImGui::PopTextWrapPos();
            }
        return;
    }
    if (v.viewing || v.read_only) {
        const Space& sp = v.state.board->At(ui.selected);
        ImGui::TextColored(Theme::Accent(), "%s", sp.label.c_str());
        ImGui::TextColored(Theme::Warn(), "%s", v.viewing ? "Viewing an old entry: return to now (Esc) to correct the board."
                                                          : "This game is open read-only: nothing can be recorded.");
        return;
    }
    if (ui.edit.space != ui.selected) ui.edit = view::StartBoardEdit(live, ui.selected);
    view::BoardEdit& e = ui.edit;
    const Space& sp = live.board->At(ui.selected);
    const bool subsidiary = sp.kind.value == SpaceKind::Subsidiary;

    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(Theme::Accent(), "%s", sp.label.c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Set what the physical board shows and tick each fact you checked: a ticked fact is recorded\n"
                          "as verified, changed or not (D-2).");
    ImGui::SameLine();
    ImGui::TextDisabled("@%s, %s%s", sp.name.c_str(), std::string(SpaceKindName(sp.kind.value)).c_str(),
                        sp.company ? fmt::format(" of {}", GetProspectus(*sp.company).name).c_str() : "");
    // The buttons on the title line, right-aligned when there is room: the facts below need the height.
    const float buttons_w = BoardButtonWidth("Tick all") + BoardButtonWidth("Start again") + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x > buttons_w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - buttons_w);
    else ImGui::NewLine();
    if (ImGui::Button("Tick all")) view::TickAll(live, e);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The whole space checked against the physical board.");
    ImGui::SameLine();
    if (ImGui::Button("Start again")) e = view::StartBoardEdit(live, ui.selected);

    const float label_w = ImGui::CalcTextSize("Position__").x;
    auto label = [&](const char* text) {
        const float x = ImGui::GetCursorPosX();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(text);
        ImGui::SameLine(x + label_w);
    };

    // Arrows (BD-2): one button per company, click flips.
    Tick("##trend", &e.with_trend);
    label("Arrows");
    for (Company c : kCompanies) {
        Trend& t = e.trend[static_cast<size_t>(Index(c))];
        const std::string text = fmt::format("{} {}##trend{}", GetProspectus(c).letter, t == Trend::Up ? "\u2191" : "\u2193", Index(c));
        ImGui::PushStyleColor(ImGuiCol_Text, CompanyColour(c));
        if (ImGui::Button(text.c_str())) {
            t = t == Trend::Up ? Trend::Down : Trend::Up;
            e.with_trend = true;
        }
        ImGui::PopStyleColor();
        ImGui::SameLine();
    }
    if (!sp.trend.verified)
        ProvisionalFlag("the arrows");
    else
        ImGui::NewLine();

    // Ask of a subsidiary, Bids of any other space (BD-3).
    Tick("##set", &e.with_set);
    label(subsidiary ? "Ask" : "Bids");
    for (Company c : kCompanies) {
        bool has = e.set.Has(c);
        const char letter[2] = {GetProspectus(c).letter, '\0'};
        ImGui::PushStyleColor(ImGuiCol_Text, CompanyColour(c));
        const std::string id = fmt::format("{}##set{}", letter, Index(c));
        if (ImGui::Checkbox(id.c_str(), &has)) {
            e.set.bits = static_cast<uint8_t>(has ? e.set.bits | (1u << Index(c)) : e.set.bits & ~(1u << Index(c)));
            e.with_set = true;
        }
        ImGui::PopStyleColor();
        ImGui::SameLine();
    }
    if (!(subsidiary ? sp.ask.verified && sp.bid.verified : sp.bid.verified && sp.ask.verified))
        ProvisionalFlag(subsidiary ? "the Ask (and that there are no Bids)" : "the Bids (and that there is no Ask)");
    else
        ImGui::NewLine();

    // Position on the ring (BD-1): the space standing there swaps with this one.
    Tick("##pos", &e.with_position);
    label("Position");
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("000").x + ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().ItemInnerSpacing.x * 2);
    if (ImGui::InputInt("##position", &e.position)) e.with_position = true;
    ImGui::SameLine();
    ImGui::TextDisabled("0-%d", live.board->SpaceCount() - 1);
    if (!sp.position.verified) ProvisionalFlag("this space's place on the ring");

    // Kind: only a Time space and a market space may be corrected to the other (BD-1).
    if (view::KindCorrectable(live, ui.selected)) {
        Tick("##kind", &e.with_kind);
        label("Kind");
        for (SpaceKind k : {SpaceKind::Time, SpaceKind::Market}) {
            if (ImGui::RadioButton(std::string(SpaceKindName(k)).c_str(), e.kind == k)) {
                e.kind = k;
                e.with_kind = true;
            }
            ImGui::SameLine();
        }
        if (!sp.kind.verified)
            ProvisionalFlag("the kind of this space");
        else
            ImGui::NewLine();
    }

    // The command and whether the game would take it, before the button is enabled.
    const std::string line = view::BoardFixLine(live, e);
    if (ui.preview_for != line || ui.preview_version != v.version) {
        ui.preview = view::PreviewBoardFix(live, e);
        ui.preview_for = line;
        ui.preview_version = v.version;
    }
    const bool ok = ui.preview.kind == view::Preview::Kind::Accepted;
    ImGui::BeginDisabled(!ok);
    if (ImGui::Button("Record correction")) {
        out.Submit(line);
        e.space = -1;  // start afresh from the corrected board next frame
    }
    ImGui::EndDisabled();
    // Beside the button: why it is disabled, else the command it records; what it does below.
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::AlignTextToFramePadding();
    if (line.empty())
        ImGui::TextDisabled("tick at least one fact to record");
    else if (ui.preview.kind == view::Preview::Kind::Rejected)
        ImGui::TextColored(Theme::Bad(), "Would be rejected: %s (%s)", ui.preview.text.c_str(), ui.preview.rule.c_str());
    else
        ImGui::TextUnformatted(line.c_str());
    if (ok) ImGui::TextColored(Theme::Good(), "%s", ui.preview.text.c_str());
    if (ui.preview.kind == view::Preview::Kind::Rejected) ImGui::TextDisabled("%s", line.c_str());
    ImGui::PopTextWrapPos();
}

} // namespace

void DrawBoard(const AppView& v, UiState& u, Outbox& out) {
    BoardUi& ui = u.board;
    RefreshFacts(v, ui);
    const int unverified = ui.facts.spaces - ui.facts.verified_spaces;
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(unverified == 0 ? Theme::Good() : Theme::Warn(), "%d of %d spaces fully verified", ui.facts.verified_spaces,
                       ui.facts.spaces);
    ImGui::SameLine();
    ImGui::Checkbox("only unverified", &ui.only_unverified);
    ImGui::SameLine(0, ImGui::GetFontSize());
    ImGui::TextColored(Theme::Warn(), "?");
    ImGui::SameLine(0, 4.0f);
    ImGui::TextDisabled("not yet checked against the physical board (D-2)");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("D-2: the picture of the board is lost. Facts marked '?' come from the provisional board and\n"
                          "nobody has checked them against the physical board yet.\n"
                          "Pos is the place on the ring as 'board @space pos=N' takes it (0-%d).",
                          ui.facts.spaces - 1);
    RefreshFacts(v, ui);

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const bool side = avail.x >= 900.0f;
    const float table_w = side ? std::floor(avail.x * 0.58f) : avail.x;
    const float table_h = side ? avail.y : std::floor(avail.y * 0.55f);
    DrawTable(ui, ImVec2(table_w, table_h));
    if (side) ImGui::SameLine();
    ImGui::BeginChild("##board-editor", ImVec2(0, 0), true);
    DrawEditor(v, ui, out);
    ImGui::EndChild();
}

} // namespace rutland::bbr::dash
