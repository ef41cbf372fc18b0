#include "text_wrap.h"

#include <algorithm>
#include <string>

namespace rutland::dash {

void TextWrappedWords(std::string_view text, const ImVec4* colour) {
    // Leading spaces indent every line of the text (the explanation's nested lines).
    const size_t lead = std::min(text.find_first_not_of(' '), text.size());
    if (lead > 0) {
        const float indent = ImGui::CalcTextSize(" ").x * static_cast<float>(lead);
        ImGui::Indent(indent);
        TextWrappedWords(text.substr(lead), colour);
        ImGui::Unindent(indent);
        return;
    }
    // A group keeps every line at the x where the first one starts (after a SameLine label).
    ImGui::BeginGroup();
    const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
    auto emit = [colour, width](const std::string& line) {
        // One word wider than the region (a hash): ImGui's own wrapping, which cuts inside it.
        const bool too_wide = ImGui::CalcTextSize(line.c_str()).x > width;
        if (too_wide) ImGui::PushTextWrapPos(0.0f);
        if (colour)
            ImGui::PushStyleColor(ImGuiCol_Text, *colour);
        ImGui::TextUnformatted(line.c_str());
        if (colour) ImGui::PopStyleColor();
        if (too_wide) ImGui::PopTextWrapPos();
    };
    std::string line;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find(' ', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(pos, end - pos);
        const std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
        if (!line.empty() && ImGui::CalcTextSize(candidate.c_str()).x > width) {
            emit(line);
            line = std::string(word);
        } else {
            line = candidate;
        }
        pos = end + 1;
    }
    if (!line.empty()) emit(line);
    ImGui::EndGroup();
}

} // namespace rutland::dash
