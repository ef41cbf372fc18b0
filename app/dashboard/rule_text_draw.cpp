#include "rule_text_draw.h"

#include <cfloat>
#include <string>
#include <vector>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "rule_mentions.h"
#include "games.h"
#include "text_wrap.h"
#include "theme.h"
#include "ui_state.h"

namespace rutland::dash {

namespace {

// The rule under the mouse in this frame, like ImGui's own hovered item: set while the panels (and
// the rule window) draw, read by DrawRuleWindow at the end of the same frame and cleared there.
// It carries the frame and the ImGui context it was set in (the players' window draws with its
// own), so nothing is read in another frame or window. The rule lives as long as the program.
struct Hovered {
    const RuleText* rule = nullptr;
    const ImGuiContext* context = nullptr;
    int frame = -1;
};
Hovered g_hovered;

const RuleText* TakeHovered() {
    const Hovered h = g_hovered;
    g_hovered = Hovered{};
    return h.context == ImGui::GetCurrentContext() && h.frame == ImGui::GetFrameCount() ? h.rule : nullptr;
}

bool RuleTextKeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }

float RuleWidth() { return ImGui::GetFontSize() * 32.0f; }

// The heading, where the rule is in RULES.md, and its words a paragraph at a time.
void DrawRuleBody(const RuleText& rule) {
    const ImVec4 accent = Theme::Accent();
    TextWrappedWords(view::RuleHeading(rule), &accent, SIZE_MAX);
    const std::string where = view::RuleWhere(rule);
    if (!where.empty()) ImGui::TextDisabled("%s", where.c_str());
    ImGui::Separator();
    size_t pos = 0;
    const std::string_view text = rule.text;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        TextWrappedWords(text.substr(pos, end - pos), nullptr, SIZE_MAX);
        pos = end + 1;
    }
}

void DrawRuleTooltip(const RuleText& rule) {
    ImGui::SetNextWindowSizeConstraints(ImVec2(RuleWidth(), 0.0f), ImVec2(RuleWidth(), FLT_MAX));
    ImGui::BeginTooltip();
    DrawRuleBody(rule);
    ImGui::TextDisabled("F1: keep it open");
    ImGui::EndTooltip();
}

// The rule the entry line shows now, as panel_entry.cpp draws it: the line just rejected, else the
// preview's rejection, its first warning, or the provisional board's D-2.
std::string EntryRule(const EntryUi& e) {
    const std::string text(e.buffer.data());
    if (!e.rejection.empty() && (text.empty() || text == e.rejected_text)) return e.refused ? "" : e.rejection_rule;
    if (e.preview.typed != text) return "";
    if (e.preview.kind == view::Preview::Kind::Rejected) return e.preview.rule;
    if (e.preview.kind == view::Preview::Kind::Accepted) {
        if (!e.preview.warnings.empty()) return e.preview.warnings.front().rule;
        if (e.preview.provisional) return "D-2";
    }
    return "";
}

} // namespace

void RuleHoverLastItem(std::string_view text) {
    const std::vector<view::RuleMention> mentions = view::FindRuleMentions(text);
    if (mentions.empty()) return;
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    // Not under a popup, another window or a modal; the entry line, which always has the keys (an
    // active item), must not hide the tooltips.
    const bool window_hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    ImVec4 colour = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    for (const view::RuleMention& m : mentions) {
        const float x0 = min.x + ImGui::CalcTextSize(text.data(), text.data() + m.begin).x;
        const float x1 = x0 + ImGui::CalcTextSize(text.data() + m.begin, text.data() + m.begin + m.size).x;
        const bool hovered = window_hovered && ImGui::IsMouseHoveringRect(ImVec2(x0, min.y), ImVec2(x1, max.y));
        // Underlined: the ID can be read (faint; full strength under the mouse).
        colour.w = hovered ? 1.0f : 0.45f;
        ImGui::GetWindowDrawList()->AddLine(ImVec2(x0, max.y - 1.0f), ImVec2(x1, max.y - 1.0f), ImGui::GetColorU32(colour), 1.0f);
        // The tooltip itself is drawn by DrawRuleWindow, at the end of the frame: here the
        // panel's own text colour may be pushed.
        if (hovered) g_hovered = Hovered{m.rule, ImGui::GetCurrentContext(), ImGui::GetFrameCount()};
    }
}

void DrawRuleWindow(UiState& ui) {
    const RuleText* hovered = TakeHovered();
    // The board-saving box is a modal of its own and has the keys: one at a time. (A question, the
    // undo's confirm or the board check, is not modal: the entry line keeps the keys, question.h.)
    if (ui.learn_modal) {
        ui.rule.request = false;
        return;
    }
    if (hovered && ui.rule.open.empty()) DrawRuleTooltip(*hovered);
    const bool f1 = RuleTextKeyPressed(GLFW_KEY_F1) || ui.rule.request;
    ui.rule.request = false;
    if (ui.rule.open.empty() && f1) {
        const std::string entry_rule = EntryRule(ui.entry);
        if (const RuleText* rule = hovered ? hovered : FindRule(entry_rule))
            ui.rule.open = rule->id;
        else
            ui.status = "F1 reads a rule: point at a rule ID, or press it while the entry line shows a rejection or a warning";
    }
    if (ui.rule.open.empty()) return;
    const RuleText* rule = FindRule(ui.rule.open);
    if (!rule) {
        ui.rule.open.clear();
        return;
    }
    // A modal: the entry line lets go of the keys (its text stays) and takes them back on Esc.
    // One window whatever the rule ("###": the ID is the part after it), titled with the rule's ID.
    const std::string title = "Rule " + rule->id + "###rule_text";
    if (!ImGui::IsPopupOpen("###rule_text")) ImGui::OpenPopup("###rule_text");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    const float width = RuleWidth() + ImGui::GetStyle().WindowPadding.x * 2.0f;
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, ImGui::GetMainViewport()->Size.y * 0.9f));
    bool open = true;
    if (ImGui::BeginPopupModal(title.c_str(), &open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        DrawRuleBody(*rule);
        ImGui::Spacing();
        if (ImGui::Button("Close (Esc)") || RuleTextKeyPressed(GLFW_KEY_ESCAPE)) open = false;
        ImGui::SameLine();
        ImGui::TextDisabled("F1 on a rule ID above opens it");
        // An ID in the rule's own words: its tooltip, and on F1 its rule in the same window.
        if (const RuleText* inner = TakeHovered(); inner && inner != rule) {
            DrawRuleTooltip(*inner);
            if (f1) ui.rule.open = inner->id;
        }
        if (!open) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    } else {
        open = false;
    }
    if (!open) ui.rule.open.clear();
}

} // namespace rutland::dash
