// The broker's instructions: what the table physically does for the last command (bills,
// certificates, markers, rings, pawns, margin notes), one large checkable line each, from
// BrokerInstructions (instructions.h): the same words `rutland-cli play --explain` prints. What is
// only said (a provisional fact used, the turn passing, a note) follows, folded
// (instructions_view.h), so it never pushes the money below the fold.
#include <fmt/format.h>
#include <imgui.h>

#include "report/instructions.h"
#include "bbr_dash.h"
#include "panels.h"
#include "text_wrap.h"
#include "theme.h"

namespace rutland::bbr::dash {

void DrawInstructions(const AppView& v, UiState& ui, Outbox&) {
    InstructionsUi& in = ui.instructions;
    const view::InstructionsView& iv = InstructionsViewNow(v, ui);
    ImGui::TextDisabled("%s", in.line.c_str());
    if (iv.steps.empty()) ImGui::TextDisabled("Nothing to hand over for this entry.");
    // The money and certificates first, large and checkable; the notes after them, folded.
    // Large for the table to read, unless the layout needs the room (layout_model.h).
    ImGui::PushFont(ui.layout.large_steps ? v.fonts.large : v.fonts.normal);
    // Tick boxes as tall as the text: a step takes one line (layout_model.cpp InstructionsHeight).
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0));
    for (size_t i = 0; i < iv.steps.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        bool done = in.done[i] != 0;
        if (ImGui::Checkbox("##done", &done)) in.done[i] = done ? 1 : 0;
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, done ? Theme::Muted() : ImGui::GetStyle().Colors[ImGuiCol_Text]);
        ImGui::BeginGroup();
        TextWrappedWords(iv.steps[i]);
        ImGui::EndGroup();
        ImGui::PopStyleColor();
        ImGui::PopID();
    }
    ImGui::PopStyleVar();
    ImGui::PopFont();
    if (!iv.notes.empty()) {
        const std::string label = fmt::format("Notes ({})###notes", iv.notes.size());
        if (ImGui::CollapsingHeader(label.c_str())) {
            for (const std::string& note : iv.notes) TextWrappedWords(note);
        }
    }
}

} // namespace rutland::bbr::dash
