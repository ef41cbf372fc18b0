#include "text_wrap.h"

#include <algorithm>
#include <string>

#include "rule_text_draw.h"

namespace rutland::dash {

namespace {

// Each line's rule IDs can be read on hover and F1 (rule_text_draw.h).
void DrawLine(std::string_view line) {
    ImGui::TextUnformatted(line.data(), line.data() + line.size());
    RuleHoverLastItem(line);
}

// A word wider than the region (a hash, a pasted run of letters) is cut into pieces that fit,
// where ImGui itself would cut it, but each piece is drawn as a line of its own.
void DrawLongWord(std::string_view word, float width) {
    ImFont* font = ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font->FontSize;
    const char* p = word.data();
    const char* const end = word.data() + word.size();
    while (p < end) {
        const char* cut = font->CalcWordWrapPositionA(scale, p, end, width);
        if (cut <= p) {  // not even one character fits: one anyway
            cut = p + 1;
            while (cut < end && (static_cast<unsigned char>(*cut) & 0xC0) == 0x80) ++cut;
        }
        DrawLine(std::string_view(p, static_cast<size_t>(cut - p)));
        p = cut;
    }
}

} // namespace

void TextWrappedWords(std::string_view whole, const ImVec4* colour, size_t max_chars) {
    const std::string cut = view::CutForDisplay(whole, max_chars);
    std::string_view text = cut;
    // Leading spaces indent every line of the text (the explanation's nested lines).
    const size_t lead = std::min(text.find_first_not_of(' '), text.size());
    if (lead > 0) {
        const float indent = ImGui::CalcTextSize(" ").x * static_cast<float>(lead);
        ImGui::Indent(indent);
        TextWrappedWords(text.substr(lead), colour, SIZE_MAX);
        ImGui::Unindent(indent);
        return;
    }
    // A group keeps every line at the x where the first one starts (after a SameLine label).
    ImGui::BeginGroup();
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
    const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
    auto emit = [width](const std::string& line) {
        if (ImGui::CalcTextSize(line.data(), line.data() + line.size()).x > width)
            DrawLongWord(line, width);
        else
            DrawLine(line);
    };
    std::string line;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find(' ', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(pos, end - pos);
        const std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
        if (!line.empty() && ImGui::CalcTextSize(candidate.data(), candidate.data() + candidate.size()).x > width) {
            emit(line);
            line = std::string(word);
        } else {
            line = candidate;
        }
        pos = end + 1;
    }
    if (!line.empty()) emit(line);
    if (colour) ImGui::PopStyleColor();
    ImGui::EndGroup();
}

void KeyHints(std::initializer_list<const char*> hints) {
    ImGui::SameLine();
    const float room = ImGui::GetWindowContentRegionMax().x - ImGui::GetCursorPosX() - ImGui::GetStyle().ItemSpacing.x;
    std::string keys;
    for (const char* hint : hints) {
        const std::string longer = keys.empty() ? std::string(hint) : keys + "  " + hint;
        if (ImGui::CalcTextSize(longer.c_str()).x > room) break;
        keys = longer;
    }
    if (!keys.empty()) {
        ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(keys.c_str()).x);
        ImGui::TextDisabled("%s", keys.c_str());
    } else {
        ImGui::NewLine();
    }
}

} // namespace rutland::dash
