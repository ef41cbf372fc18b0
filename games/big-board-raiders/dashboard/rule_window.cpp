#include "rule_window.h"

#include <string>
#include <vector>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "view/rule_mentions.h"
#include "ui_state.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

namespace {

bool RuleTextKeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }

// The rule book's entry as the shell draws it (rule_text_draw.h): "S-6  Margin calls ...",
// "RULES.md section 8. Selling and shorting", its words.
RuleWords WordsOf(const RuleText& rule) { return RuleWords{view::RuleHeading(rule), view::RuleWhere(rule), rule.text}; }

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

RuleHook BbrRuleHook() {
    RuleHook hook;
    hook.find = [](std::string_view words) {
        std::vector<dash::RuleMention> out;
        for (const view::RuleMention& m : view::FindRuleMentions(words)) out.push_back(dash::RuleMention{m.begin, m.size, m.rule->id});
        return out;
    };
    return hook;
}

void DrawRuleWindow(RuleHook& rules, UiState& ui) {
    const RuleText* hovered = FindRule(TakeHoveredRule(rules));
    // The board-saving box is a modal of its own and has the keys: one at a time. (A question, the
    // undo's confirm or the board check, is not modal: the entry line keeps the keys, question.h.)
    if (ui.learn_modal) {
        ui.rule.request = false;
        return;
    }
    if (hovered && ui.rule.open.empty()) DrawRuleTooltip(WordsOf(*hovered));
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
        DrawRuleBody(WordsOf(*rule));
        ImGui::Spacing();
        if (ImGui::Button("Close (Esc)") || RuleTextKeyPressed(GLFW_KEY_ESCAPE)) open = false;
        ImGui::SameLine();
        ImGui::TextDisabled("F1 on a rule ID above opens it");
        // An ID in the rule's own words: its tooltip, and on F1 its rule in the same window.
        if (const RuleText* inner = FindRule(TakeHoveredRule(rules)); inner && inner != rule) {
            DrawRuleTooltip(WordsOf(*inner));
            if (f1) ui.rule.open = inner->id;
        }
        if (!open) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    } else {
        open = false;
    }
    if (!open) ui.rule.open.clear();
}

} // namespace rutland::bbr::dash
