#include "warnings_draw.h"

#include <fmt/format.h>
#include <imgui.h>

#include "text_wrap.h"
#include "theme.h"

namespace rutland::bbr::dash {

void DrawWarnings(const std::vector<view::Warning>& warnings) {
    const ImVec4 warn = Theme::Warn();
    for (const view::Warning& w : warnings) TextWrappedWords(fmt::format("! {} ({})", w.text, w.rule), &warn);
}

void DrawUndoSteps(const std::vector<std::string>& steps, size_t max_steps) {
    if (steps.empty()) return;
    ImGui::TextDisabled("The table puts it back:");
    for (size_t i = 0; i < steps.size() && i < max_steps; ++i) TextWrappedWords(fmt::format("{}. {}", i + 1, steps[i]));
    if (steps.size() > max_steps)
        ImGui::TextDisabled("and %zu more step%s", steps.size() - max_steps, steps.size() - max_steps == 1 ? "" : "s");
}

} // namespace rutland::bbr::dash
