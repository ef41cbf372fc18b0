#include "text_wrap.h"

#include <algorithm>
#include <string>

namespace rutland::dash {

void TextWrappedWords(std::string_view text, const ImVec4* colour) {
    // A group keeps every line at the x where the first one starts (after a SameLine label).
    ImGui::BeginGroup();
    const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
    auto emit = [colour](const std::string& line) {
        if (colour)
            ImGui::TextColored(*colour, "%s", line.c_str());
        else
            ImGui::TextUnformatted(line.c_str());
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
