// The desk of any game: its frame, keys and outbox (desk.h). The panels are panel_desk_*.cpp.
#include "desk.h"

#include <algorithm>
#include <filesystem>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "desk_games.h"
#include "question_draw.h"
#include "theme.h"

namespace rutland::dash {

namespace {

bool DeskKeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }

struct DeskPanel {
    const char* name;   // --panel NAME
    const char* title;
    void (*draw)(DeskView&, DeskUi&, DeskOutbox&);
};
constexpr DeskPanel kDeskPanels[] = {
    {"entry", "Entry", DrawDeskEntry},
    {"instructions", "What the table does now", DrawDeskInstructions},
    {"state", "The game", DrawDeskState},
    {"ledger", "Ledger", DrawDeskLedger},
    {"strip", "Players' money", DrawDeskStrip},
};

void Region(const char* id, const char* title, ImVec2 size, DeskView& v, DeskUi& ui, DeskOutbox& out,
            void (*draw)(DeskView&, DeskUi&, DeskOutbox&)) {
    if (ImGui::BeginChild(id, size, true)) {
        ImGui::TextColored(Theme::Accent(), "%s", title);
        draw(v, ui, out);
    }
    ImGui::EndChild();
}

void DrawTopBar(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    (void)ui;
    const host::OpenGame& g = v.desk.Game();
    ImGui::PushFont(v.fonts.large);
    ImGui::TextUnformatted("Rutland");
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextDisabled("%s", std::filesystem::path(g.Path()).filename().string().c_str());
    ImGui::SameLine();
    const std::string title(g.Definition().title);
    ImGui::Text(" %s  |  %d entries  |  fingerprint ", title.c_str(), g.Size());
    ImGui::SameLine(0, 0);
    ImGui::TextColored(Theme::Accent(), "%s", g.Fingerprint().c_str());
    if (!g.ReadOnlyReason().empty()) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Bad(), "  READ-ONLY: %s", g.ReadOnlyReason().c_str());
    }
    if (const std::optional<int> shown = g.ShownEntry()) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), "  Viewing entry %d: read-only", *shown);
        ImGui::SameLine();
        if (ImGui::SmallButton("Back to now (Esc)")) out.Push(DeskViewAt{std::nullopt});
    }
    KeyHints({"Esc clear", "Ctrl+Z undo", "F1 rule", "PgUp/PgDn time travel", "Ctrl+Q quit", "Ctrl+W close", "F11 players' window",
              "F12 screenshot"});
}

// `over`: the region the box covers (its top-left and width), or nullopt for the middle of the
// window. A game with panels of its own keeps them in sight: the box covers the right column.
void DrawQuestion(DeskView& v, DeskUi& ui, DeskOutbox& out, std::optional<QuestionPlace> over = std::nullopt,
                  float clear_below = 0.0f) {
    const view::DeskQuestion& q = v.desk.Question();
    if (!q.Open()) return;
    if (BeginQuestionWindow(q.title.c_str(), over, clear_below)) {
        ImGui::PushTextWrapPos(0.0f);
        switch (q.kind) {
            case view::DeskQuestion::Kind::Ask:
                ImGui::PushFont(v.fonts.large);
                ImGui::TextUnformatted(q.text.c_str());
                ImGui::PopFont();
                if (!q.rule.empty()) {
                    ImGui::TextDisabled("(%s)", q.rule.c_str());
                    DeskRuleHover(v, ui, q.rule);
                }
                if (!q.line.empty()) ImGui::Text("Then: %s", q.line.c_str());
                if (q.answers.empty() && !q.field.empty())  // no default answer (host_desk.h invariant 6)
                    ImGui::TextColored(Theme::Warn(), "Type the answer in the entry line: '%s...'", q.field.c_str());
                break;
            case view::DeskQuestion::Kind::Confirm: {
                const host::LinePreview& p = q.preview;
                ImGui::PushFont(v.fonts.large);
                if (p.kind == host::LinePreview::Kind::Accepted)
                    ImGui::TextUnformatted((std::string(q.redo ? "Redo: " : "Undo: ") + p.text).c_str());
                else
                    ImGui::TextColored(Theme::Bad(), "%s", (std::string("Nothing to ") + (q.redo ? "redo" : "undo") + ": " + p.text).c_str());
                ImGui::PopFont();
                for (const host::Note& w : p.warnings) {
                    ImGui::TextColored(Theme::Warn(), "! %s", (w.text + (w.rule.empty() ? "" : " (" + w.rule + ")")).c_str());
                    if (!w.rule.empty()) DeskRuleHover(v, ui, w.rule);
                }
                if (!p.hand_over.empty()) ImGui::TextDisabled("The table gives back:");
                for (const std::string& step : p.hand_over) ImGui::TextUnformatted(("  " + step).c_str());
                ImGui::TextDisabled("%s is recorded as a new entry; nothing is deleted.", q.redo ? "Redo" : "Undo");
                break;
            }
            case view::DeskQuestion::Kind::Moved: {
                ImGui::PushFont(v.fonts.large);
                ImGui::Text("'%s' was not recorded", q.line.c_str());
                ImGui::PopFont();
                ImGui::TextUnformatted(q.text.c_str());
                const host::LinePreview& p = q.preview;
                if (p.kind == host::LinePreview::Kind::Accepted)
                    ImGui::TextColored(Theme::Good(), "%s", ("On the game as it is now, Enter: " + p.text).c_str());
                else if (p.kind == host::LinePreview::Kind::Rejected)
                    ImGui::TextColored(Theme::Warn(), "%s",
                                       ("On the game as it is now it would be rejected: " + p.text + " (" + p.rule + ")").c_str());
                break;
            }
            case view::DeskQuestion::Kind::None: break;
        }
        ImGui::PopTextWrapPos();
        const std::string waiting = v.desk.WaitingText();
        if (!waiting.empty()) ImGui::TextColored(Theme::Warn(), "%s (after this, in order)", waiting.c_str());
        const bool nothing = q.kind == view::DeskQuestion::Kind::Confirm && q.preview.kind != host::LinePreview::Kind::Accepted;
        const char* yes = nothing ? "Close (Enter)"
                          : q.kind == view::DeskQuestion::Kind::Confirm ? (q.redo ? "Redo (Enter)" : "Undo (Enter)")
                          : q.kind == view::DeskQuestion::Kind::Moved   ? "Record it now (Enter)"
                                                                        : "Yes (Enter)";
        const bool typed_only = q.kind == view::DeskQuestion::Kind::Ask && q.answers.empty() && !q.field.empty();
        if (!typed_only && ImGui::Button(yes)) out.Push(DeskAnswer{true});
        if (!nothing) {
            if (!typed_only) ImGui::SameLine();
            if (ImGui::Button(q.kind == view::DeskQuestion::Kind::Moved ? "Drop it (Esc; Up brings it back)" : "No (Esc)"))
                out.Push(DeskAnswer{false});
        }
    }
    EndQuestionWindow();
}

// F1's window: the words of a rule, as the game has them (OpenGame::RuleText).
void DrawRuleWindow(DeskView& v, DeskUi& ui) {
    // An ID the shell underlined in wrapped words (rule_text_draw.h), under the mouse: as an item's.
    if (const std::string id = TakeHoveredRule(ui.rules); !id.empty() && ui.rule_hovered.empty()) {
        ui.rule_hovered = id;
        if (ui.rule_open.empty()) DeskRuleTooltip(v, id);
    }
    if (ui.rule_request) {
        ui.rule_request = false;
        std::string id = ui.rule_hovered;
        const std::string text(ui.buffer.data());
        if (id.empty() && !text.empty()) {
            const host::LinePreview& p = v.desk.PreviewOf(text);
            id = !p.rule.empty() ? p.rule : !p.warnings.empty() ? p.warnings.front().rule : std::string();
        }
        if (id.empty()) id = v.desk.RejectionRule();
        if (!id.empty()) ui.rule_open = id;
    }
    ui.rule_hovered.clear();
    if (ui.rule_open.empty()) return;
    const std::string words = v.desk.Game().RuleText(ui.rule_open);
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(800.0f, viewport->Size.x * 0.6f), 0.0f), ImGuiCond_Appearing);
    bool open = true;
    const std::string title = "Rule " + ui.rule_open + "###desk-rule";
    if (ImGui::Begin(title.c_str(), &open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::PushFont(v.fonts.large);
        ImGui::TextColored(Theme::Accent(), "%s", ui.rule_open.c_str());
        ImGui::PopFont();
        ImGui::TextUnformatted(words.empty() ? "This game has no rule of that name." : words.c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::Button("Close (Esc)") || DeskKeyPressed(GLFW_KEY_ESCAPE)) open = false;
    }
    ImGui::End();
    if (!open) ui.rule_open.clear();
}

// What a game's own panel reads (desk_panel.h): the open game, the desk's fonts and colours.
GamePanelView GameViewOf(const DeskView& v) {
    return GamePanelView{v.desk.Game(), v.fonts.normal, v.fonts.large, Theme::Accent(), Theme::Warn(), Theme::Bad(),
                         Theme::Good(), Theme::Muted()};
}

void GameRegion(const char* id, const GamePanel& panel, ImVec2 size, DeskView& v, DeskOutbox& out) {
    if (ImGui::BeginChild(id, size, true)) {
        ImGui::TextColored(Theme::Accent(), "%s", panel.title);
        panel.draw(GameViewOf(v), out);
    }
    ImGui::EndChild();
}

// The right column of a game with Tab panels: the game's tabs, then the ledger's.
void DrawTabs(DeskView& v, DeskUi& ui, DeskOutbox& out, std::span<const GamePanel> own) {
    if (!ImGui::BeginTabBar("##desk-tab-bar")) return;
    // Each tab says its key (F2, F3, ...) when the column has the room for every label whole.
    float whole = ImGui::CalcTextSize("Ledger (F9)").x;
    for (const GamePanel& p : own)
        if (p.slot == DeskSlot::Tab) whole += ImGui::CalcTextSize(p.title).x + ImGui::CalcTextSize(" (F9)").x;
    const ImGuiStyle& style = ImGui::GetStyle();
    whole += static_cast<float>(own.size() + 1) * (style.FramePadding.x * 2 + style.ItemInnerSpacing.x);
    const bool keys = whole <= ImGui::GetContentRegionAvail().x;
    const auto key_text = [keys](int key) { return keys ? " (F" + std::to_string(2 + key) + ")" : std::string(); };
    int key = 0;
    for (const GamePanel& p : own) {
        if (p.slot != DeskSlot::Tab) continue;
        const std::string label = std::string(p.title) + key_text(key++) + "###" + p.name;
        if (ImGui::BeginTabItem(label.c_str(), nullptr, ui.tab_request == p.name ? ImGuiTabItemFlags_SetSelected : 0)) {
            if (ImGui::BeginChild(p.name)) p.draw(GameViewOf(v), out);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
    }
    const std::string ledger = "Ledger" + key_text(key) + "###ledger";
    if (ImGui::BeginTabItem(ledger.c_str(), nullptr, ui.tab_request == "ledger" ? ImGuiTabItemFlags_SetSelected : 0)) {
        DrawDeskLedger(v, ui, out);
        ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
}

} // namespace

bool IsDeskPanel(const std::string& name) {
    for (const DeskPanel& p : kDeskPanels)
        if (name == p.name) return true;
    return AnyGameHasPanel(name);
}

void DeskRuleHover(DeskView& v, DeskUi& ui, const std::string& id) {
    if (!ImGui::IsItemHovered()) return;
    ui.rule_hovered = id;
    DeskRuleTooltip(v, id);
}

void DeskRuleTooltip(DeskView& v, const std::string& id) {
    const std::string words = v.desk.Game().RuleText(id);
    if (words.empty()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextColored(Theme::Accent(), "%s", id.c_str());
    ImGui::TextUnformatted(words.c_str());
    ImGui::TextDisabled("F1: keep it open");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void DeskKeys(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    const ImGuiIO& io = ImGui::GetIO();
    if (DeskKeyPressed(GLFW_KEY_F1)) ui.rule_request = true;
    if (!ui.rule_open.empty()) return;  // the rule window's Esc closes it
    if (DeskKeyPressed(GLFW_KEY_ESCAPE)) {
        // Esc empties a line typed; on an empty line it answers a question no, or comes back to now.
        out.Push(DeskEscape{ui.buffer[0] == '\0'});
        ui.clear_entry = true;
    }
    if (v.desk.Question().Open()) return;
    const int last = v.desk.Game().Size() - 1;
    if (DeskKeyPressed(GLFW_KEY_PAGE_UP) && last > 0) {
        const std::optional<int> shown = v.desk.Game().ShownEntry();
        out.Push(DeskViewAt{std::max(0, shown.value_or(last) - 1)});
    }
    if (DeskKeyPressed(GLFW_KEY_PAGE_DOWN)) {
        if (const std::optional<int> shown = v.desk.Game().ShownEntry())
            out.Push(DeskViewAt{*shown + 1 >= last ? std::nullopt : std::optional<int>(*shown + 1)});
    }
    // F2, F3, ...: the right column's tabs, the game's first, then the ledger (as Big Board Raiders'
    // lower row).
    int key = 0;
    for (const GamePanel& p : GamePanelsOf(v.desk.Game().Definition().name)) {
        if (p.slot != DeskSlot::Tab) continue;
        if (DeskKeyPressed(GLFW_KEY_F2 + key)) ui.tab_request = p.name;
        ++key;
    }
    if (key > 0 && DeskKeyPressed(GLFW_KEY_F2 + key)) ui.tab_request = "ledger";
    if (io.KeyCtrl && DeskKeyPressed(GLFW_KEY_Z)) out.Push(DeskConfirm{io.KeyShift});
    if (io.KeyCtrl && DeskKeyPressed(GLFW_KEY_Y)) out.Push(DeskConfirm{true});
}

void DrawDesk(DeskView& v, DeskUi& ui, DeskOutbox& out, const std::string& panel) {
    for (const DeskPanel& p : kDeskPanels) {
        if (panel.empty() || panel != p.name) continue;
        ImGui::TextColored(Theme::Accent(), "%s", p.title);
        p.draw(v, ui, out);
        DrawQuestion(v, ui, out);
        DrawRuleWindow(v, ui);
        return;
    }
    const std::string_view game_name = v.desk.Game().Definition().name;
    if (const GamePanel* own = panel.empty() ? nullptr : FindGamePanel(game_name, panel)) {
        ImGui::TextColored(Theme::Accent(), "%s", own->title);
        own->draw(GameViewOf(v), out);
        DrawQuestion(v, ui, out);
        DrawRuleWindow(v, ui);
        return;
    }
    DrawTopBar(v, ui, out);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float status_height = line + style.ItemSpacing.y;
    // The entry line's region: its field and the lines under it (the preview, warnings, what is handed over).
    const float entry_height = std::min(avail.y * 0.3f, ImGui::GetFontSize() * 1.5f + style.FramePadding.y * 2 + line * 7.0f);
    Region("##desk-entry-region", "Entry", ImVec2(0, entry_height), v, ui, out, DrawDeskEntry);
    // The players' strip (panel_desk_strip.cpp): every player's money, under the panels, never covered.
    const float strip_height = DeskStripHeight(v, ImGui::GetContentRegionAvail().x);
    const float rest = ImGui::GetContentRegionAvail().y - status_height - (strip_height > 0 ? strip_height + style.ItemSpacing.y : 0.0f);
    // The game's own side panels (desk_games.h) take a column each between the left column and the
    // ledger; with them the left column and the ledger narrow to make room.
    const std::span<const GamePanel> own = GamePanelsOf(game_name);
    int sides = 0, tabs = 0;
    for (const GamePanel& p : own) {
        sides += p.slot == DeskSlot::Side ? 1 : 0;
        tabs += p.slot == DeskSlot::Tab ? 1 : 0;
    }
    const float width = ImGui::GetContentRegionAvail().x;
    // With tabs of the game's (its tables: players, holdings) the right column takes the most room.
    const float left = sides == 0 ? std::max(320.0f, width * 0.42f)
                       : tabs == 0 ? std::max(280.0f, width * 0.30f)
                                   : std::max(260.0f, width * 0.25f);
    const float side = sides == 0 ? 0.0f : std::max(300.0f, (tabs == 0 ? width * 0.36f : width * 0.31f) / static_cast<float>(sides));
    ImGui::BeginGroup();
    Region("##desk-instructions", "What the table does now", ImVec2(left, rest * 0.45f), v, ui, out, DrawDeskInstructions);
    Region("##desk-state", "The game", ImVec2(left, rest * 0.55f - style.ItemSpacing.y), v, ui, out, DrawDeskState);
    ImGui::EndGroup();
    ImGui::SameLine();
    for (const GamePanel& p : own) {
        if (p.slot != DeskSlot::Side) continue;
        ImGui::PushID(p.name);
        GameRegion("##desk-game-side", p, ImVec2(side, rest), v, out);
        ImGui::PopID();
        ImGui::SameLine();
    }
    if (tabs == 0) {
        Region("##desk-ledger", "Ledger", ImVec2(0, rest), v, ui, out, DrawDeskLedger);
    } else {
        if (ImGui::BeginChild("##desk-tabs", ImVec2(0, rest), true)) DrawTabs(v, ui, out, own);
        ImGui::EndChild();
        ui.tab_request.clear();
    }
    // The question box covers the right column when the game has panels of its own (its board in
    // the side column stays in sight: Flutter's board question is about a hole of it), else the middle.
    std::optional<QuestionPlace> over;
    if (sides + tabs > 0) over = QuestionPlace{ImGui::GetItemRectMin(), ImGui::GetItemRectSize().x};
    float strip_top = 0.0f;
    if (strip_height > 0) {
        strip_top = ImGui::GetCursorScreenPos().y;
        if (ImGui::BeginChild("##desk-strip", ImVec2(0, strip_height), true, ImGuiWindowFlags_NoScrollbar)) DrawDeskStrip(v, ui, out);
        ImGui::EndChild();
    }
    ImGui::TextUnformatted(v.desk.Status().c_str());
    DrawQuestion(v, ui, out, over, strip_top);
    DrawRuleWindow(v, ui);
}

void DeskApply(view::HostDesk& desk, DeskUi& ui, DeskOutbox& out) {
    for (DeskAction& action : out.actions) {
        if (const auto* a = std::get_if<DeskEnter>(&action)) {
            const int before = desk.Game().Size();
            if (desk.Enter(a->text)) ui.clear_entry = true;
            if (desk.Game().Size() != before) ui.scroll_to_end = true;
        } else if (const auto* b = std::get_if<DeskAnswer>(&action)) {
            const int before = desk.Game().Size();
            desk.Answer(b->yes);
            if (desk.Game().Size() != before) ui.scroll_to_end = true;
        } else if (const auto* c = std::get_if<DeskConfirm>(&action)) {
            desk.AskConfirm(c->redo);
        } else if (const auto* d = std::get_if<DeskViewAt>(&action)) {
            desk.View(d->seq);
        } else if (const auto* e = std::get_if<DeskEscape>(&action)) {
            desk.Escape(e->line_empty);
        }
    }
    out.actions.clear();
    if (ui.clear_entry) {
        ui.buffer.fill('\0');
        ++ui.generation;
        ui.clear_entry = false;
    }
}

void DrawDeskPlayers(DeskView& v) {
    const host::OpenGame& g = v.desk.Game();
    ImGui::PushFont(v.fonts.huge);
    ImGui::TextUnformatted(std::string(g.Definition().title).c_str());
    ImGui::PopFont();
    if (const std::optional<int> shown = g.ShownEntry()) ImGui::TextColored(Theme::Warn(), "As it was after entry %d", *shown);
    // The game's panels for the table (GamePanel::players_window), side by side, a size up: the
    // broker's own fonts one step larger (normal as large, large as huge).
    int shown_panels = 0;
    float shares = 0.0f;
    for (const GamePanel& p : GamePanelsOf(g.Definition().name)) {
        shown_panels += p.players_window > 0.0f ? 1 : 0;
        shares += std::max(0.0f, p.players_window);
    }
    if (shown_panels > 0) {
        const GamePanelView view{g, v.fonts.large, v.fonts.huge, Theme::Accent(), Theme::Warn(), Theme::Bad(), Theme::Good(), Theme::Muted()};
        const float spacing = ImGui::GetStyle().ItemSpacing.x;
        const float room = ImGui::GetContentRegionAvail().x - spacing * static_cast<float>(shown_panels - 1);
        const float height = ImGui::GetContentRegionAvail().y;
        DeskOutbox ignored;  // the players' window asks for nothing
        int i = 0;
        ImGui::PushFont(v.fonts.large);
        for (const GamePanel& p : GamePanelsOf(g.Definition().name)) {
            if (p.players_window <= 0.0f) continue;
            if (i++ > 0) ImGui::SameLine();
            ImGui::PushID(p.name);
            if (ImGui::BeginChild("##players-panel", ImVec2(room * p.players_window / shares, height), true)) {
                ImGui::TextColored(Theme::Accent(), "%s", p.title);
                p.draw(view, ignored);
            }
            ImGui::EndChild();
            ImGui::PopID();
        }
        ImGui::PopFont();
        return;
    }
    ImGui::PushFont(v.fonts.huge);
    ImGui::TextUnformatted(v.desk.PlayersNow()  /* what the rule book lets the table see */.c_str());
    ImGui::PopFont();
    ImGui::PushFont(v.fonts.large);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(v.desk.ExplainNow().c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
}

} // namespace rutland::dash
