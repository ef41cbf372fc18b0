// The colours Flutter's desk panels paint a company in: its lane's colour word (model/board.h
// Lane::colour), as the table's pegs and certificates are painted (Rule 2).
#pragma once

#include <algorithm>
#include <string_view>

#include <imgui.h>

namespace rutland::flutter {

// A colour word this panel does not know is drawn grey (a table's own board may name any colour, BD-6).
inline ImU32 PegColour(std::string_view key) {
    struct Known { std::string_view key; ImU32 colour; };
    static constexpr Known kKnown[] = {
        {"white", IM_COL32(245, 245, 240, 255)}, {"red", IM_COL32(225, 45, 45, 255)},
        {"blue", IM_COL32(40, 110, 235, 255)},   {"green", IM_COL32(40, 170, 70, 255)},
        {"yellow", IM_COL32(240, 210, 40, 255)}, {"black", IM_COL32(20, 20, 20, 255)},
        {"orange", IM_COL32(240, 140, 30, 255)}, {"purple", IM_COL32(150, 70, 200, 255)},
        {"pink", IM_COL32(240, 130, 180, 255)},  {"brown", IM_COL32(140, 90, 50, 255)},
        {"grey", IM_COL32(140, 140, 140, 255)},  {"gray", IM_COL32(140, 140, 140, 255)},
    };
    for (const Known& k : kKnown) {
        if (k.key.size() != key.size()) continue;
        bool same = true;
        for (size_t i = 0; i < key.size() && same; ++i)
            same = (key[i] | 0x20) == k.key[i];  // the colour's words are letters (BD-6)
        if (same) return k.colour;
    }
    return IM_COL32(140, 140, 140, 255);
}

// A peg's rim (and the letter on a company's chip): light on the dark colours (Black) so they
// show on the dark desk, dark on the others.
inline ImU32 RimOf(ImU32 colour) {
    const int r = static_cast<int>(colour & 0xFF), g = static_cast<int>((colour >> 8) & 0xFF),
              b = static_cast<int>((colour >> 16) & 0xFF);
    return r + g + b < 200 ? IM_COL32(200, 200, 200, 255) : IM_COL32(10, 10, 10, 255);
}

// A company's letter on a chip of its colour, as an item the size of a line's height (a table
// heading, the start of a step).
inline void CompanyChip(std::string_view letter, std::string_view colour_key) {
    const ImU32 colour = PegColour(colour_key);
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 text = ImGui::CalcTextSize(letter.data(), letter.data() + letter.size());
    const float w = std::max(h, text.x + 8.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(at, ImVec2(at.x + w, at.y + h), colour, 3.0f);
    draw->AddRect(at, ImVec2(at.x + w, at.y + h), RimOf(colour), 3.0f);
    draw->AddText(ImVec2(at.x + (w - text.x) * 0.5f, at.y), RimOf(colour), letter.data(), letter.data() + letter.size());
    ImGui::Dummy(ImVec2(w, h));
}

} // namespace rutland::flutter
