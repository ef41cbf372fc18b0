// Ledger: every entry (number, time, who, command, effects in short) with filters by player,
// company and rule; the selected entry's full explanation, the state at that entry (read-only time
// travel) and the changes from it to now; undo and redo showing what they will undo. The game's
// fingerprint is always in the header. What it shows comes from games/big-board-raiders/view/ledger_view.h, the same
// functions rutland-cli log / explain / diff print.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "view/turn_view.h"
#include "bbr_dash.h"
#include "base/safe_text.h"
#include "rule_text_draw.h"
#include "text_wrap.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

// A filter, the cache of the rows passing it (ledger_view.h FilterEntries) and which were undone.
void RefreshRows(const AppView& v, LedgerUi& ui) {
    const std::string key = fmt::format("{}\x1f{}\x1f{}", ui.player.data(), ui.company.data(), ui.rule.data());
    if (ui.rows_version == v.version && ui.rows_key == key) return;
    ui.rows_key = key;
    ui.rows_version = v.version;
    std::string error;
    const std::optional<view::LedgerFilter> filter =
        view::ParseLedgerFilter(v.ledger.State(), ui.player.data(), ui.company.data(), ui.rule.data(), &error);
    ui.filter_error = filter ? "" : error;
    ui.rows = filter ? view::FilterEntries(v.ledger, *filter) : std::vector<int>{};
    ui.undone = view::UndoneEntries(v.ledger);
    ui.bonus = view::BonusTurnEntries(v.ledger);
}

void RefreshSelection(const AppView& v, LedgerUi& ui) {
    if (ui.selected < 0 || ui.selected >= v.ledger.Size()) return;
    if (ui.explained != ui.selected || ui.explained_version != v.version) {
        ui.explanation = view::ExplainEntry(v.session.GetStore(), ui.selected);
        ui.undone_by = view::UndoneBy(v.ledger, ui.selected);
        ui.explained = ui.selected;
        ui.explained_version = v.version;
    }
    if (ui.diffed != ui.selected || ui.diff_version != v.version) {
        ui.diff = view::DiffInWords(v.ledger.StateAt(ui.selected), v.ledger.State());
        ui.diffed = ui.selected;
        ui.diff_version = v.version;
    }
}

void LedgerCopyTo(std::array<char, 32>& buffer, const std::string& text) {
    std::snprintf(buffer.data(), buffer.size(), "%s", text.c_str());
}

// Continues the line when `width` more fits, else starts a new one (the header wraps on narrow windows).
void LedgerSameLineIfFits(float width) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

float ButtonWidth(const char* label) { return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2; }

void UndoRedoButton(const AppView& v, Outbox& out, bool redo) {
    const int target = redo ? v.ledger.NextRedo() : v.ledger.NextUndo();
    std::string label = view::UndoRedoLabel(v.ledger, redo);
    if (label.size() > 48) label = label.substr(0, 45) + "...";
    label += redo ? "##redo" : "##undo";
    LedgerSameLineIfFits(ButtonWidth(label.c_str()));
    ImGui::BeginDisabled(target < 0 || v.viewing.has_value() || v.read_only);
    if (ImGui::Button(label.c_str())) out.actions.emplace_back(AskUndo{redo});
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        if (v.viewing)
            ImGui::SetTooltip("Return to now (Esc) to %s.", redo ? "redo" : "undo");
        else if (target >= 0)
            ImGui::SetTooltip("%s (%s): shows what it will %s first; recorded as a new entry, nothing is deleted.",
                              redo ? "Redo" : "Undo", redo ? "Ctrl+Shift+Z or Ctrl+Y" : "Ctrl+Z", redo ? "redo" : "undo");
    }
}

// Text in a table cell, with the whole of it in a tooltip when the column cuts it off.
// A long note is cut (display_text.h): the tooltip's ImGui wrapping draws every glyph at once.
void CellText(const std::string& whole, const ImVec4* colour = nullptr) {
    const std::string text = view::CutForDisplay(whole);
    if (colour)
        ImGui::TextColored(*colour, "%s", text.c_str());
    else
        ImGui::TextUnformatted(text.c_str());
    RuleHoverLastItem(text);  // an effect's [S-6]: its words on hover and F1
    if (ImGui::IsItemHovered() && ImGui::CalcTextSize(text.c_str()).x > ImGui::GetColumnWidth()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void DrawHeader(const AppView& v, LedgerUi& ui, Outbox& out) {
    const Store& store = v.session.GetStore();
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Fingerprint");
    ImGui::SameLine();
    ImGui::TextColored(Theme::Accent(), "%s", store.Fingerprint().c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The first 16 hex digits (64 bits) of the last entry's hash, in groups of 4 to read aloud:\n"
                          "two copies of the game agree when their fingerprints agree (rutland-cli verify prints the same).");
    if (v.viewing) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), "viewing %d (%s)", *v.viewing, store.FingerprintAt(*v.viewing).c_str());
    }
    UndoRedoButton(v, out, false);
    UndoRedoButton(v, out, true);

    // Filters: what `rutland-cli log --player --company --rule` takes.
    const float arrow = ImGui::GetFrameHeight() + style.FramePadding.x * 2;
    float player_w = ImGui::CalcTextSize("anyone").x;
    for (const PlayerState& p : v.state.players) player_w = std::max(player_w, ImGui::CalcTextSize(p.name.c_str()).x);
    player_w += arrow;
    const float company_w = ImGui::CalcTextSize("Yellow").x + arrow;
    const float rule_w = ImGui::CalcTextSize("e.g. S-4__").x;
    const float gap = ImGui::GetFontSize();
    LedgerSameLineIfFits(gap + ImGui::CalcTextSize("Player").x + player_w + style.ItemSpacing.x * 2);
    if (ImGui::GetCursorPosX() > style.WindowPadding.x + 1.0f) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + gap);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Player");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(player_w);
    if (ImGui::BeginCombo("##player", *ui.player.data() ? ui.player.data() : "anyone")) {
        if (ImGui::Selectable("anyone", !*ui.player.data())) ui.player.fill('\0');
        for (const PlayerState& p : v.state.players)
            if (ImGui::Selectable(p.name.c_str(), p.name == ui.player.data())) LedgerCopyTo(ui.player, p.name);
        ImGui::EndCombo();
    }
    LedgerSameLineIfFits(ImGui::CalcTextSize("Company").x + company_w + style.ItemSpacing.x * 2);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Company");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(company_w);
    if (ImGui::BeginCombo("##company", *ui.company.data() ? ui.company.data() : "any")) {
        if (ImGui::Selectable("any", !*ui.company.data())) ui.company.fill('\0');
        for (Company c : kCompanies) {
            const std::string name(GetProspectus(c).name);
            ImGui::PushStyleColor(ImGuiCol_Text, CompanyColour(c));
            if (ImGui::Selectable(name.c_str(), name == ui.company.data())) LedgerCopyTo(ui.company, name);
            ImGui::PopStyleColor();
        }
        ImGui::EndCombo();
    }
    LedgerSameLineIfFits(ImGui::CalcTextSize("Rule").x + rule_w + style.ItemSpacing.x * 2);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Rule");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(rule_w);
    ImGui::InputTextWithHint("##rule", "e.g. S-4", ui.rule.data(), ui.rule.size(), ImGuiInputTextFlags_AutoSelectAll);
    const bool filtered = *ui.player.data() || *ui.company.data() || *ui.rule.data();
    if (filtered) {
        LedgerSameLineIfFits(ButtonWidth("Clear"));
        if (ImGui::Button("Clear")) {
            ui.player.fill('\0');
            ui.company.fill('\0');
            ui.rule.fill('\0');
        }
    }
    RefreshRows(v, ui);
    const std::string count =
        filtered ? fmt::format("{} of {} entries", ui.rows.size(), v.ledger.Size()) : fmt::format("{} entries", v.ledger.Size());
    if (!ui.filter_error.empty()) {
        LedgerSameLineIfFits(ImGui::CalcTextSize(ui.filter_error.c_str()).x);
        ImGui::TextColored(Theme::Bad(), "%s", ui.filter_error.c_str());
    } else {
        LedgerSameLineIfFits(ImGui::CalcTextSize(count.c_str()).x);
        ImGui::TextDisabled("%s", count.c_str());
    }
}

// A line through the last item: an undone entry stays in the ledger, visibly out of effect.
void StrikeLastItem(const ImVec4& colour) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float y = std::floor((a.y + b.y) * 0.5f) + 1.0f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), ToU32(colour), 1.0f);
}

// Moves the selection with the keys while the list has the keyboard.
void KeyboardSelection(LedgerUi& ui, int page) {
    if (ui.rows.empty() || !ImGui::IsWindowFocused()) return;
    auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true); };
    const int n = static_cast<int>(ui.rows.size());
    // The selection's row, or (filtered out) the first row after it.
    const auto at = std::lower_bound(ui.rows.begin(), ui.rows.end(), ui.selected);
    const bool found = at != ui.rows.end() && *at == ui.selected;
    const int index = static_cast<int>(at - ui.rows.begin());
    std::optional<int> to;
    if (pressed(ImGuiKey_UpArrow)) to = ui.selected < 0 ? n - 1 : index - 1;
    if (pressed(ImGuiKey_DownArrow)) to = ui.selected < 0 ? 0 : found ? index + 1 : index;
    if (pressed(ImGuiKey_PageUp)) to = ui.selected < 0 ? n - 1 : index - page;
    if (pressed(ImGuiKey_PageDown)) to = ui.selected < 0 ? 0 : index + page;
    if (pressed(ImGuiKey_Home)) to = 0;
    if (pressed(ImGuiKey_End)) to = n - 1;
    if (to) ui.selected = ui.rows[static_cast<size_t>(std::clamp(*to, 0, n - 1))];
}

void DrawTable(const AppView& v, LedgerUi& ui, Outbox& out, ImVec2 size) {
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##ledger-entries", 5, flags, size)) return;
    // The stamp's `who`: the person at the keyboard (the broker), not the player who acted, which
    // the command and its effects name; "Who" alone was read as the latter at the table.
    float who_w = ImGui::CalcTextSize("Entered by").x;
    for (const PlayerState& p : v.state.players) who_w = std::max(who_w, ImGui::CalcTextSize(p.name.c_str()).x);
    char last_number[16];
    std::snprintf(last_number, sizeof last_number, "%d", std::max(v.ledger.Size() - 1, 100));
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize(last_number).x);
    ImGui::TableSetupColumn("Time", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00:00:00").x);
    ImGui::TableSetupColumn("Entered by", ImGuiTableColumnFlags_WidthFixed, who_w);
    // Most commands are short ("buy B 20k"); the effects are what a wide window is for.
    ImGui::TableSetupColumn("Command", ImGuiTableColumnFlags_WidthStretch, 0.55f);
    ImGui::TableSetupColumn("Effects", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableHeadersRow();
    const float header_bottom = ImGui::GetItemRectMax().y;
    const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
    const float view_top = ImGui::GetWindowPos().y, view_bottom = view_top + ImGui::GetWindowHeight();
    KeyboardSelection(ui, std::max(1, static_cast<int>((view_bottom - header_bottom) / row_h) - 1));
    if (ImGui::IsWindowFocused() && ui.selected >= 0 &&
        (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)))
        out.View(ui.selected);

    // Bring a new selection into view (a click, the keys, --select) once; the newest entry after
    // each accepted line otherwise.
    int bring = -1;
    if (ui.selected != ui.scrolled_to) {
        const auto at = std::lower_bound(ui.rows.begin(), ui.rows.end(), ui.selected);
        if (at != ui.rows.end() && *at == ui.selected) bring = static_cast<int>(at - ui.rows.begin());
        ui.scrolled_to = ui.selected;
        if (bring >= 0) ui.scroll_to_end = false;
    }
    const Store& store = v.session.GetStore();
    const GameState& names = v.ledger.State();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(ui.rows.size()), row_h);
    if (bring >= 0) clipper.ForceDisplayRangeByIndices(bring, bring + 1);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const int seq = ui.rows[static_cast<size_t>(i)];
            const Entry& e = v.ledger.At(seq);
            const EntryRecord& rec = store.Record(seq);
            const bool undone = ui.undone[static_cast<size_t>(seq)] != 0;
            const bool later = v.viewing && seq > *v.viewing;  // not yet happened in the state shown
            ImGui::TableNextRow();
            if (v.viewing && seq == *v.viewing) {
                ImVec4 mark = Theme::Warn();
                mark.w = 0.28f;
                ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ToU32(mark));
            }
            const ImVec4 text = undone || later ? Theme::Muted() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
            ImGui::PushStyleColor(ImGuiCol_Text, text);
            ImGui::TableSetColumnIndex(0);
            char number[16];
            std::snprintf(number, sizeof number, "%d", seq);
            if (ImGui::Selectable(number, seq == ui.selected, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
                ui.selected = seq;
                ui.scrolled_to = seq;  // clicked: it is in view
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) out.View(seq);
            }
            if (i == bring) {
                // Far away (a jump): centred. Just out of view (the arrow keys): the least scroll.
                const float top = ImGui::GetItemRectMin().y, bottom = ImGui::GetItemRectMax().y;
                if (bottom <= header_bottom || top >= view_bottom)
                    ImGui::SetScrollY(ImGui::GetScrollY() + top - (header_bottom + view_bottom) * 0.5f);
                else if (top < header_bottom)
                    ImGui::SetScrollY(ImGui::GetScrollY() - (header_bottom - top));
                else if (bottom > view_bottom)
                    ImGui::SetScrollY(ImGui::GetScrollY() + (bottom - view_bottom));
            }
            ImGui::TableSetColumnIndex(1);
            // Stamps through PrintableText: a file an older Rutland wrote may hold a newline or bytes
            // that are not UTF-8 in them (basic_store.h invariant 14).
            ImGui::TextUnformatted(PrintableText(view::ClockTime(rec.stamp.time)).c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", PrintableText(rec.stamp.time).c_str());
            ImGui::TableSetColumnIndex(2);
            ImGui::TextUnformatted(PrintableText(rec.stamp.who).c_str());
            ImGui::TableSetColumnIndex(3);
            const bool undo_redo = e.kind == EntryKind::Undo || e.kind == EntryKind::Redo;
            const ImVec4 warn = Theme::Warn();
            if (static_cast<size_t>(seq) < ui.bonus.size() && ui.bonus[static_cast<size_t>(seq)]) {
                // A bonus turn of doubles (T-5): marked, so the same player twice in a row reads right.
                ImGui::TextColored(Theme::Accent(), "\u21bb");
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("entered in a bonus turn: the same player rolled doubles (T-5)");
                ImGui::SameLine();
            }
            const std::string_view correction = view::CorrectionMark(e);  // X-3: a count shows as a correction
            CellText(correction.empty() ? e.line : std::string(correction) + e.line,
                     (undo_redo || !correction.empty()) && !later ? &warn : nullptr);
            if (undone) StrikeLastItem(text);
            ImGui::TableSetColumnIndex(4);
            const std::string effects = view::ShortEffects(e, names);
            CellText(effects);
            if (undone && !effects.empty()) StrikeLastItem(text);
            ImGui::PopStyleColor();
        }
    }
    if (ui.scroll_to_end) {
        ImGui::SetScrollHereY(1.0f);
        ui.scroll_to_end = false;
    }
    if (ui.rows.empty()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(3);
        ImGui::TextDisabled("no entry passes the filters");
    }
    ImGui::EndTable();
}

void DrawDetails(const AppView& v, LedgerUi& ui, Outbox& out) {
    const int last = v.ledger.Size() - 1;
    if (ui.selected < 0 || ui.selected > last) {
        ImGui::TextDisabled("Select an entry (click it, or the arrow keys in the list) to see its full explanation,\n"
                            "the state at that entry and what has changed since.");
        return;
    }
    RefreshSelection(v, ui);
    const int seq = ui.selected;
    const int undone_by = ui.undone_by;

    // The state at this entry: time travel, read-only (Esc returns).
    if (v.viewing == seq) {
        if (ImGui::Button("Back to now (Esc)")) out.View(std::nullopt);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every panel shows the state after entry %d, read-only.", seq);
    } else if (seq == last) {
        ImGui::BeginDisabled();
        ImGui::Button("View the state at this entry");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::TextDisabled("the latest entry: its state is now");
    } else {
        if (ImGui::Button("View the state at this entry")) out.View(seq);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Every panel shows the game as it stood after entry %d, read-only; Esc returns to now.\n"
                              "(Double-click a row or press Enter in the list does the same.)", seq);
    }

    // Wrapped at spaces only: the explanation is money arithmetic, and a number must never be cut.
    // Here a long note is read whole (SIZE_MAX: not cut), a line at a time in this scrolling pane.
    const ImVec4 muted = Theme::Muted(), accent = Theme::Accent(), warn = Theme::Warn();
    const ImVec4 disabled = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    for (const view::ExplainLine& line : ui.explanation) {
        switch (line.kind) {
            case view::ExplainLine::Kind::Title:
                TextWrappedWords(line.text, undone_by >= 0 ? &muted : &accent, SIZE_MAX);
                if (undone_by >= 0) ImGui::TextColored(warn, "  undone by entry %d: no longer in effect", undone_by);
                break;
            case view::ExplainLine::Kind::About: TextWrappedWords(line.text, &disabled, SIZE_MAX); break;
            case view::ExplainLine::Kind::Effect: TextWrappedWords(line.text, nullptr, SIZE_MAX); break;
            case view::ExplainLine::Kind::Arithmetic: TextWrappedWords(line.text, &accent, SIZE_MAX); break;
        }
    }

    ImGui::Spacing();
    ImGui::Separator();
    if (seq == last) {
        ImGui::TextDisabled("Nothing has changed since: this is the latest entry.");
        return;
    }
    ImGui::Text("What has changed on the table since entry %d (now: entry %d):", seq, last);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu", ui.diff.size());
    if (ui.diff.empty()) {
        ImGui::TextDisabled("none: the state is the same");
        return;
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    float what_w = ImGui::CalcTextSize("What").x;
    for (const view::ChangeInWords& c : ui.diff) what_w = std::max(what_w, ImGui::CalcTextSize(c.what.c_str()).x);
    what_w = std::min(what_w, ImGui::GetContentRegionAvail().x * 0.45f);
    if (ImGui::BeginTable("##diff", 3, flags)) {
        ImGui::TableSetupColumn("What", ImGuiTableColumnFlags_WidthFixed, what_w);
        ImGui::TableSetupColumn(fmt::format("At {}", seq).c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("Now", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(ui.diff.size()));
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const view::ChangeInWords& c = ui.diff[static_cast<size_t>(i)];
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                CellText(c.what);
                ImGui::TableSetColumnIndex(1);
                const ImVec4 muted = Theme::Muted();
                CellText(c.then, &muted);
                ImGui::TableSetColumnIndex(2);
                CellText(c.now);
            }
        ImGui::EndTable();
    }
}

} // namespace

void DrawLedger(const AppView& v, UiState& u, Outbox& out) {
    LedgerUi& ui = u.ledger;
    // Time travel started anywhere (a panel, --at) lands the list on the entry viewed.
    if (v.viewing != ui.viewed) {
        ui.viewed = v.viewing;
        if (v.viewing) ui.selected = *v.viewing;
    }
    DrawHeader(v, ui, out);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // Side by side when there is room for both; the list above the details otherwise.
    const bool side = avail.x >= 900.0f;
    const float list_w = side ? std::floor(avail.x * 0.6f) : avail.x;
    const float list_h = side ? avail.y : std::floor(avail.y * 0.55f);
    DrawTable(v, ui, out, ImVec2(list_w, list_h));
    if (side) ImGui::SameLine();
    ImGui::BeginChild("##ledger-details", ImVec2(0, 0), true);
    DrawDetails(v, ui, out);
    ImGui::EndChild();
}

} // namespace rutland::bbr::dash
