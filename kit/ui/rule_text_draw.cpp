#include "rule_text_draw.h"

#include <cfloat>
#include <utility>
#include <string>
#include <vector>

#include <imgui.h>

#include "text_wrap.h"
#include "theme.h"

namespace rutland::dash {

namespace {

// The frame's hook (RuleHookScope): set by App around the open screen's drawing, null otherwise.
// Constant-initialised, so nothing runs before main.
RuleHook* g_hook = nullptr;

} // namespace

RuleHookScope::RuleHookScope(RuleHook* hook) : m_previous(g_hook) { g_hook = hook; }

RuleHookScope::~RuleHookScope() { g_hook = m_previous; }

void RuleHoverLastItem(std::string_view text) {
    if (!g_hook || !g_hook->find) return;
    const std::vector<RuleMention>& mentions = g_hook->found.Find(text, g_hook->find);
    if (mentions.empty()) return;
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    // Not under a popup, another window or a modal; the entry line, which always has the keys (an
    // active item), must not hide the tooltips.
    const bool window_hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    ImVec4 colour = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    for (const RuleMention& m : mentions) {
        const float x0 = min.x + ImGui::CalcTextSize(text.data(), text.data() + m.begin).x;
        const float x1 = x0 + ImGui::CalcTextSize(text.data() + m.begin, text.data() + m.begin + m.size).x;
        const bool hovered = window_hovered && ImGui::IsMouseHoveringRect(ImVec2(x0, min.y), ImVec2(x1, max.y));
        // Underlined: the ID can be read (faint; full strength under the mouse).
        colour.w = hovered ? 1.0f : 0.45f;
        ImGui::GetWindowDrawList()->AddLine(ImVec2(x0, max.y - 1.0f), ImVec2(x1, max.y - 1.0f), ImGui::GetColorU32(colour), 1.0f);
        // The tooltip itself is drawn by the screen's rule window, at the end of the frame: here
        // the panel's own text colour may be pushed.
        if (hovered) {
            g_hook->hovered = m.id;
            g_hook->context = ImGui::GetCurrentContext();
            g_hook->frame = ImGui::GetFrameCount();
        }
    }
}

std::string TakeHoveredRule(RuleHook& hook) {
    std::string id = std::move(hook.hovered);
    const bool now = hook.context == ImGui::GetCurrentContext() && hook.frame == ImGui::GetFrameCount();
    hook.hovered.clear();
    hook.context = nullptr;
    hook.frame = -1;
    return now ? id : std::string();
}

float RuleWidth() { return ImGui::GetFontSize() * 32.0f; }

// The heading, where the rule is in the game's reference, and its words a paragraph at a time.
void DrawRuleBody(const RuleWords& rule) {
    const ImVec4 accent = Theme::Accent();
    TextWrappedWords(rule.heading, &accent, SIZE_MAX);
    if (!rule.where.empty()) ImGui::TextDisabled("%s", rule.where.c_str());
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

void DrawRuleTooltip(const RuleWords& rule) {
    ImGui::SetNextWindowSizeConstraints(ImVec2(RuleWidth(), 0.0f), ImVec2(RuleWidth(), FLT_MAX));
    ImGui::BeginTooltip();
    DrawRuleBody(rule);
    ImGui::TextDisabled("F1: keep it open");
    ImGui::EndTooltip();
}

} // namespace rutland::dash
