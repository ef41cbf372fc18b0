#include "qr_draw.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

namespace rutland::dash {

void DrawQrCode(const view::QrCode& code, float side) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(side, side));
    if (code.Empty()) return;
    constexpr int kQuiet = 4;
    const int span = code.size + 2 * kQuiet;
    float module = side / static_cast<float>(span);
    if (module >= 1.0f) module = std::floor(module);
    const float drawn = module * static_cast<float>(span);
    const ImVec2 origin(std::floor(at.x + (side - drawn) / 2), std::floor(at.y + (side - drawn) / 2));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(origin, ImVec2(origin.x + drawn, origin.y + drawn), IM_COL32(255, 255, 255, 255));
    // One rectangle per run of dark modules in a row: a version-10 code is ~1,500 rects, not 3,000.
    for (int y = 0; y < code.size; ++y) {
        for (int x = 0; x < code.size;) {
            if (!code.Dark(x, y)) {
                ++x;
                continue;
            }
            int end = x;
            while (end < code.size && code.Dark(end, y)) ++end;
            const float x0 = origin.x + static_cast<float>(x + kQuiet) * module;
            const float y0 = origin.y + static_cast<float>(y + kQuiet) * module;
            dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + static_cast<float>(end - x) * module, y0 + module), IM_COL32(0, 0, 0, 255));
            x = end;
        }
    }
}

} // namespace rutland::dash
