// The broker's instructions: what the table physically does for the last command (bills,
// certificates, markers, rings, pawns, margin notes), one large checkable line each, from
// BrokerInstructions (instructions.h): the same words `rutland-cli play --explain` prints.
#include <fmt/format.h>
#include <imgui.h>

#include "report/instructions.h"
#include "panels.h"
#include "text_wrap.h"
#include "theme.h"

namespace rutland::dash {

void DrawInstructions(const AppView& v, UiState& ui, Outbox&) {
    InstructionsUi& in = ui.instructions;
    const int seq = v.viewing ? *v.viewing : v.session.LastEntry();
    if (in.seq != seq || in.version != v.version) {
        const Entry& e = v.ledger.At(seq);
        const bool latest = seq == v.ledger.Size() - 1;
        const GameState after = latest ? v.session.Live() : v.ledger.StateAt(seq);
        std::vector<std::string> steps = BrokerInstructions(e.effects, after);
        if (in.seq != seq) in.done.assign(steps.size(), 0);
        in.done.resize(steps.size(), 0);
        in.steps = std::move(steps);
        in.seq = seq;
        in.version = v.version;
        in.line = fmt::format("Entry {}: {}", seq, view::CutForDisplay(e.line, view::kOneLineChars));
    }
    ImGui::TextDisabled("%s", in.line.c_str());
    if (in.steps.empty()) {
        ImGui::TextDisabled("Nothing to hand over for this entry.");
        return;
    }
    ImGui::PushFont(v.fonts.large);
    for (size_t i = 0; i < in.steps.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        bool done = in.done[i] != 0;
        if (ImGui::Checkbox("##done", &done)) in.done[i] = done ? 1 : 0;
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, done ? Theme::Muted() : ImGui::GetStyle().Colors[ImGuiCol_Text]);
        ImGui::BeginGroup();
        TextWrappedWords(in.steps[i]);
        ImGui::EndGroup();
        ImGui::PopStyleColor();
        ImGui::PopID();
    }
    ImGui::PopFont();
}

} // namespace rutland::dash
