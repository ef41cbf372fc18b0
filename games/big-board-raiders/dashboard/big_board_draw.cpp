#include "big_board_draw.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

const view::BigBoard& CachedBigBoard(const AppView& v, BigBoardUi& ui) {
    if (!ui.board || ui.version != v.version) {
        ui.board = view::MakeBigBoard(v.state, v.ledger, v.viewing);
        ui.version = v.version;
    }
    return *ui.board;
}

namespace {

constexpr float kCalc = 0.88f;  // the calculator's figures, a little smaller than the prices

ImU32 Rgba(float r, float g, float b, float a = 1.0f) { return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, a)); }
ImU32 WithAlpha(ImVec4 c, float a) {
    c.w = a;
    return ImGui::ColorConvertFloat4ToU32(c);
}

// Text at any size from the three fonts of the app: the smallest one at least that big, scaled
// down, so the text stays crisp (normal is regular, large and huge are bold).
class Painter {
public:
    Painter(ImDrawList* dl, const Fonts& fonts) : m_dl(dl), m_fonts(fonts) {}

    const ImFont* Pick(float px, bool bold) const {
        if (!bold && px <= m_fonts.normal->FontSize + 0.5f) return m_fonts.normal;
        if (px <= m_fonts.large->FontSize + 0.5f) return m_fonts.large;
        return m_fonts.huge;
    }
    ImVec2 Measure(const std::string& s, float px, bool bold = false) const {
        return Pick(px, bold)->CalcTextSizeA(px, FLT_MAX, 0.0f, s.c_str());
    }
    // The size at most `px` at which `s` fits in `width`.
    float Fit(const std::string& s, float px, float width, bool bold = false) const {
        const float w = Measure(s, px, bold).x;
        return w <= width ? px : std::floor(px * width / w);
    }
    // `s` in [x0, x1] (align 0 left, 0.5 centre, 1 right), centred vertically on `cy`; shrunk to fit.
    void Text(float x0, float x1, float cy, const std::string& s, float px, ImU32 col, float align = 0.5f, bool bold = false) const {
        if (s.empty() || x1 <= x0) return;
        px = Fit(s, px, x1 - x0, bold);
        if (px < 5.0f) return;  // unreadable: leave it to the tooltip
        const ImVec2 sz = Measure(s, px, bold);
        const float x = x0 + (x1 - x0 - sz.x) * align;
        m_dl->AddText(Pick(px, bold), px, ImVec2(std::round(x), std::round(cy - sz.y * 0.5f)), col, s.c_str());
    }

private:
    ImDrawList* m_dl;
    const Fonts& m_fonts;
};

// A triangle pointing up or down with its tip at (x, y).
void ArrowHead(ImDrawList* dl, float x, float y, bool up, float size, ImU32 col) {
    const float dy = up ? size : -size;
    dl->AddTriangleFilled(ImVec2(x, y), ImVec2(x - size * 0.6f, y + dy), ImVec2(x + size * 0.6f, y + dy), col);
}

void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash) {
    const float len = std::hypot(b.x - a.x, b.y - a.y);
    if (len < 1.0f) return;
    const ImVec2 d((b.x - a.x) / len, (b.y - a.y) / len);
    for (float t = 0; t < len; t += dash * 2)
        dl->AddLine(ImVec2(a.x + d.x * t, a.y + d.y * t), ImVec2(a.x + d.x * std::min(len, t + dash), a.y + d.y * std::min(len, t + dash)),
                    col, thickness);
}

// The volatility die: its colour is the point (yellow or red), its faces the allowed values.
void Die(ImDrawList* dl, ImVec2 p, float size, bool high) {
    const ImU32 fill = high ? Rgba(0.86f, 0.16f, 0.14f) : Rgba(0.97f, 0.82f, 0.18f);
    const ImU32 pip = high ? Rgba(1, 1, 1) : Rgba(0.1f, 0.1f, 0.1f);
    dl->AddRectFilled(p, ImVec2(p.x + size, p.y + size), fill, size * 0.18f);
    dl->AddRect(p, ImVec2(p.x + size, p.y + size), Rgba(0, 0, 0, 0.6f), size * 0.18f, 0, 1.0f);
    // Three pips on the diagonal: the face every die has.
    const float r = size * 0.09f;
    for (int i = 0; i < 3; ++i) {
        const float f = 0.25f + 0.25f * static_cast<float>(i);
        dl->AddCircleFilled(ImVec2(p.x + size * f, p.y + size * f), r, pip);
    }
}

std::string MarkWord(const std::string& mark) {
    std::string s = mark;
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

ImU32 MarkBand(const std::string& mark, float alpha) {
    if (mark == "Split") return Rgba(0.20f, 0.50f, 0.28f, alpha);
    if (mark == "Issue") return Rgba(0.30f, 0.38f, 0.55f, alpha);
    return Rgba(0.62f, 0.20f, 0.18f, alpha);  // Roll Back, Bankruptcy
}

ImVec4 MarkText(const std::string& mark) {
    if (mark == "Split") return ImVec4(0.55f, 0.92f, 0.60f, 1.0f);
    if (mark == "Issue") return ImVec4(0.70f, 0.82f, 1.0f, 1.0f);
    return ImVec4(1.0f, 0.55f, 0.50f, 1.0f);
}

std::string MarkMeaning(const std::string& mark, bool left) {
    if (mark == "Split") return "Split: the marker goes back to Issue, holders are paid $1 a share, shorts are margin-called at this price (M-4)";
    if (mark == "Issue") return left ? "Issue: where Yellow and Blue start and return after a market event (D-1)"
                                     : "Issue: where Red and Green start and return after a market event (D-1)";
    if (mark == "Roll Back") return "Roll Back: common holdings are halved, shorts covered at $1.00, marker back to Issue (M-5)";
    return "Bankruptcy: common shares and debentures go back unpaid, shorts covered at $0, marker back to Issue (M-6)";
}

} // namespace

void DrawBigBoardCanvas(const view::BigBoard& b, ImVec2 size, float text_px, const Fonts& fonts, const char* id) {
    size.x = std::max(size.x, 120.0f);
    size.y = std::max(size.y, 120.0f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Painter paint(dl, fonts);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    // A big font in a small region would leave no room for the rungs: the region caps the size.
    const float T = std::max(8.0f, std::min({text_px, size.x / 22.0f, size.y / 16.0f}));
    const float pad = std::round(T * 0.3f);
    const int rows = static_cast<int>(b.rows.size());
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 muted = ToU32(Theme::Muted());

    // The board keeps a board's proportions: in a wide region it is centred, not stretched.
    const float board_w = std::floor(std::min(size.x, std::max(size.y * 1.3f, T * 24.0f)));
    const float x0 = std::floor(origin.x + (size.x - board_w) * 0.5f);
    const float x1 = x0 + board_w;

    // [The die and the volatility]
    const float die = std::round(T * 1.4f);
    float y = origin.y;
    Die(dl, ImVec2(x0, y), die, b.high_volatility);
    paint.Text(x0 + die + pad * 1.5f, x1, y + die * 0.5f, b.volatility_brief, b.high_volatility ? T * 1.05f : T * 0.9f,
               b.high_volatility ? ToU32(Theme::Bad()) : text, 0.0f, b.high_volatility);
    const ImVec2 die_min(x0, y), die_max(x1, y + die);
    y += die + pad;

    // [The header's height]
    const float name_px = T * 0.9f, price_px = T * 1.3f, brief_px = T * 0.78f;
    // The lanes' width does not depend on the header's height: measure the header's text at the
    // width the lanes will have, and give the header only the height that text needs.
    const float lane_guess = (board_w - 2.0f * (paint.Measure("$15,000", T * 0.7f).x + paint.Measure("$3.00", T * 0.7f, true).x)) / 4.0f;
    float name_fit = name_px, price_fit = price_px, brief_fit = brief_px;
    for (const view::Ladder& l : b.ladders) {
        name_fit = std::min(name_fit, paint.Fit(l.name, name_px, lane_guess - 4.0f, true));
        price_fit = std::min(price_fit, paint.Fit(l.price, price_px, lane_guess - 4.0f, true));
        brief_fit = std::min(brief_fit, paint.Fit(l.listed ? l.last.brief : "DELISTED", brief_px, lane_guess - 4.0f, !l.listed));
    }
    bool letters = name_fit < name_px * 0.7f;  // too narrow for the names: Y B R G
    if (letters) name_fit = name_px;
    const float header_h = name_fit * 1.2f + price_fit * 1.15f + brief_fit * 1.25f;
    const float grid_top = std::round(y + header_h + pad * 0.5f);
    const float grid_bottom = std::floor(origin.y + size.y - 2.0f);
    const float row_h = std::max(2.0f, (grid_bottom - grid_top) / static_cast<float>(rows));
    // [Columns] the rungs' labels as big as the rungs allow, on every k-th rung (k divides 20, so
    // Issue and both levels always carry their price).
    const float min_label = std::max(10.0f, T * 0.72f);
    int k = 20;
    for (int cand : {1, 2, 4, 5, 10, 20})
        if (static_cast<float>(cand) * row_h * 0.9f >= min_label) {
            k = cand;
            break;
        }
    float label_px = std::max(7.0f, std::min(T * 0.82f, static_cast<float>(k) * row_h * 0.9f));
    const float gap = std::max(2.0f, std::round(T * 0.15f));
    // The lanes come first: the side columns' text shrinks (to 10 px) to leave each lane room for
    // a marker that reads at a glance; below that the lanes give way.
    const float lane_target = T * 3.2f;
    auto side_width = [&](float px) { return paint.Measure("$15,000", px * kCalc).x + paint.Measure("$3.00", px, true).x + 2.0f * pad + gap; };
    const float side_room = (board_w - 4.0f * lane_target) * 0.5f;
    if (side_width(label_px) > side_room)
        label_px = std::max(std::min(label_px, 10.0f), std::floor(label_px * std::max(0.0f, side_room - 2.0f * pad - gap) /
                                                                  (side_width(label_px) - 2.0f * pad - gap)));
    const float calc_w = paint.Measure("$15,000", label_px * kCalc).x + pad;
    const float price_w = paint.Measure("$3.00", label_px, true).x + pad;
    const float lanes_x0 = x0 + calc_w + price_w + gap;
    const float lanes_x1 = x1 - calc_w - price_w - gap;
    const float lane_w = (lanes_x1 - lanes_x0) / 4.0f;
    auto lane_x = [&](int i) { return lanes_x0 + lane_w * static_cast<float>(i); };
    auto row_y = [&](int step) { return grid_bottom - (static_cast<float>(step) + 0.5f) * row_h; };  // centre
    // The lanes came out narrower than guessed: one size for the four lanes' header text still.
    for (const view::Ladder& l : b.ladders)
        if (paint.Fit(l.name, name_px, lane_w - 4.0f, true) < name_px * 0.7f) letters = true;
    if (letters) name_fit = name_px;
    for (const view::Ladder& l : b.ladders) {
        if (!letters) name_fit = std::min(name_fit, paint.Fit(l.name, name_px, lane_w - 4.0f, true));
        price_fit = std::min(price_fit, paint.Fit(l.price, price_px, lane_w - 4.0f, true));
        brief_fit = std::min(brief_fit, paint.Fit(l.listed ? l.last.brief : "DELISTED", brief_px, lane_w - 4.0f, !l.listed));
    }

    // [The lane headers] name, price, last move, each at one size for the four lanes; greyed
    // when delisted
    for (int i = 0; i < 4; ++i) {
        const view::Ladder& l = b.ladders[static_cast<size_t>(i)];
        const ImVec4 colour = l.listed ? CompanyColour(l.company) : CompanyColourDim(l.company);
        const float lx0 = lane_x(i) + 1.0f, lx1 = lane_x(i + 1) - 1.0f;
        float hy = y;
        paint.Text(lx0, lx1, hy + name_fit * 0.6f, letters ? l.name.substr(0, 1) : l.name, name_fit, ToU32(colour), 0.5f, true);
        hy += name_fit * 1.2f;
        paint.Text(lx0, lx1, hy + price_fit * 0.57f, l.price, price_fit, l.listed ? text : muted, 0.5f, true);
        hy += price_fit * 1.15f;
        const std::string brief = l.listed ? l.last.brief : "DELISTED";
        ImU32 brief_col = muted;
        if (l.listed && !l.last.event.empty())
            brief_col = ToU32(Theme::Warn());
        else if (l.listed && l.last.to_ticks > l.last.from_ticks)
            brief_col = ToU32(Theme::Good());
        else if (l.listed && l.last.to_ticks < l.last.from_ticks)
            brief_col = ToU32(Theme::Bad());
        paint.Text(lx0, lx1, hy + brief_fit * 0.6f, brief, brief_fit, brief_col, 0.5f, !l.listed);
    }

    // [The rungs] background, alternate shading, the marks' bands with their words, grid lines
    const float mark_px = std::max(9.0f, std::min(label_px * 1.05f, row_h * 1.05f));
    dl->AddRectFilled(ImVec2(x0, grid_top), ImVec2(x1, grid_bottom), Rgba(0.07f, 0.08f, 0.09f));
    for (int s = 0; s < rows; ++s) {
        const float top = grid_bottom - static_cast<float>(s + 1) * row_h, bottom = top + row_h;
        const view::LadderRung& r = b.rows[static_cast<size_t>(s)];
        if (!r.left_mark.empty()) {
            // At least tall enough for its word (it then overlaps the rungs beside it; the
            // markers are drawn on top), and kept inside the board.
            const float band = std::max(row_h, mark_px + 2.0f);
            const float b0 = std::clamp(top + (row_h - band) * 0.5f, grid_top, grid_bottom - band);
            dl->AddRectFilled(ImVec2(lanes_x0, b0), ImVec2(lane_x(2), b0 + band), MarkBand(r.left_mark, 0.8f));
            dl->AddRectFilled(ImVec2(lane_x(2), b0), ImVec2(lanes_x1, b0 + band), MarkBand(r.right_mark, 0.8f));
            paint.Text(lanes_x0 + 2, lane_x(2) - 2, b0 + band * 0.5f, MarkWord(r.left_mark), mark_px, Rgba(1, 1, 1, 0.85f), 0.5f, true);
            paint.Text(lane_x(2) + 2, lanes_x1 - 2, b0 + band * 0.5f, MarkWord(r.right_mark), mark_px, Rgba(1, 1, 1, 0.85f), 0.5f, true);
        } else if (s % 2 == 1) {
            dl->AddRectFilled(ImVec2(lanes_x0, top), ImVec2(lanes_x1, bottom), Rgba(1, 1, 1, 0.035f));
        }
        if (s % k == 0 && row_h * static_cast<float>(k) >= 6.0f)
            dl->AddLine(ImVec2(x0, std::round(top + row_h * 0.5f) + 0.5f), ImVec2(lanes_x0 - gap, std::round(top + row_h * 0.5f) + 0.5f),
                        Rgba(1, 1, 1, 0.10f));
    }
    // Delisted lanes: greyed and hatched (M-7: frozen until the new year).
    for (int i = 0; i < 4; ++i) {
        if (b.ladders[static_cast<size_t>(i)].listed) continue;
        const float lx0 = lane_x(i), lx1 = lane_x(i + 1);
        dl->AddRectFilled(ImVec2(lx0, grid_top), ImVec2(lx1, grid_bottom), Rgba(0.25f, 0.25f, 0.25f, 0.55f));
        dl->PushClipRect(ImVec2(lx0, grid_top), ImVec2(lx1, grid_bottom), true);
        const float step = std::max(8.0f, T * 0.8f);
        for (float d = -(lx1 - lx0); d < grid_bottom - grid_top; d += step)
            dl->AddLine(ImVec2(lx0, grid_top + d), ImVec2(lx1, grid_top + d + (lx1 - lx0)), Rgba(1, 1, 1, 0.07f), 1.0f);
        dl->PopClipRect();
    }
    // Lane separators: the middle one divides the two ladders' pairs.
    for (int i = 0; i <= 4; ++i) {
        const float x = std::round(lane_x(i)) + 0.5f;
        dl->AddLine(ImVec2(x, grid_top), ImVec2(x, grid_bottom), i == 2 ? Rgba(1, 1, 1, 0.35f) : Rgba(1, 1, 1, 0.12f), i == 2 ? 2.0f : 1.0f);
    }
    dl->AddRect(ImVec2(x0, grid_top), ImVec2(x1, grid_bottom), Rgba(1, 1, 1, 0.25f));

    // [The labels] prices beside the lanes, the calculator outside them
    for (int s = 0; s < rows; s += k) {
        const view::LadderRung& r = b.rows[static_cast<size_t>(s)];
        const float cy = row_y(s);
        const ImU32 left_col = r.left_mark.empty() ? text : ToU32(MarkText(r.left_mark));
        const ImU32 right_col = r.right_mark.empty() ? text : ToU32(MarkText(r.right_mark));
        paint.Text(x0 + calc_w, x0 + calc_w + price_w - pad * 0.5f, cy, r.left_price, label_px, left_col, 1.0f, true);
        paint.Text(x1 - calc_w - price_w + pad * 0.5f, x1 - calc_w, cy, r.right_price, label_px, right_col, 0.0f, true);
        paint.Text(x0 + 2.0f, x0 + calc_w - pad * 0.5f, cy, r.left_lot, label_px * kCalc, muted, 1.0f);
        paint.Text(x1 - calc_w + pad * 0.5f, x1 - 2.0f, cy, r.right_lot, label_px * kCalc, muted, 0.0f);
    }

    // [The markers] the last move first (faint), then the marker itself
    const float pill_w = std::round(std::min(lane_w * 0.72f, T * 5.0f));
    const float arrow_room = std::min(lane_w - pill_w, T * 1.6f);
    const float pill_px = std::min(T * 0.95f, paint.Fit("$0.00", T * 0.95f, pill_w - 4.0f, true));
    const float pill_h = std::max(row_h, pill_px + 4.0f);
    const float thick = std::max(1.5f, T * 0.1f);
    const float head = std::max(4.0f, T * 0.32f);
    std::array<ImVec4, 4> marker_rects{};  // for hovering: x0, y0, x1, y1
    for (int i = 0; i < 4; ++i) {
        const view::Ladder& l = b.ladders[static_cast<size_t>(i)];
        const ImVec4 colour = l.listed ? CompanyColour(l.company) : CompanyColourDim(l.company);
        // The marker and its arrow, centred in the lane together.
        const float px0 = std::round(lane_x(i) + (lane_w - pill_w - arrow_room) * 0.5f);
        const float arrow_x = std::round(px0 + pill_w + arrow_room * 0.5f);
        auto pill_at = [&](int ticks) {
            const float cy = row_y(ticks - l.floor_ticks);
            return ImVec4(px0, std::round(cy - pill_h * 0.5f), px0 + pill_w, std::round(cy + pill_h * 0.5f));
        };
        const view::LastMove& m = l.last;
        if (l.listed && m.entry >= 0 && (m.from_ticks != m.to_ticks || m.event_ticks)) {
            // The previous position, faint, and an arrow from it to where the move went.
            const ImVec4 prev = pill_at(m.from_ticks);
            dl->AddRectFilled(ImVec2(prev.x, prev.y), ImVec2(prev.z, prev.w), WithAlpha(colour, 0.14f), pill_h * 0.3f);
            dl->AddRect(ImVec2(prev.x, prev.y), ImVec2(prev.z, prev.w), WithAlpha(colour, 0.55f), pill_h * 0.3f, 0, 1.0f);
            // Its price only where the marker does not cover it (a move of a tick or two).
            if (std::abs(m.to_ticks - m.from_ticks) * row_h >= pill_h)
                paint.Text(prev.x, prev.z, (prev.y + prev.w) * 0.5f, FormatPrice(m.from_ticks), pill_px * 0.9f, WithAlpha(colour, 0.6f), 0.5f);
            const int target = m.event_ticks.value_or(m.to_ticks);
            const float ya = row_y(m.from_ticks - l.floor_ticks), yb = row_y(target - l.floor_ticks);
            const bool up = target > m.from_ticks;
            const ImU32 arrow_col = WithAlpha(colour, 0.9f);
            if (std::abs(yb - ya) > head * 1.2f) dl->AddLine(ImVec2(arrow_x, ya), ImVec2(arrow_x, up ? yb + head : yb - head), arrow_col, thick);
            ArrowHead(dl, arrow_x, yb, up, head, arrow_col);
            if (m.event_ticks) {
                // The level the event fired at, then back to Issue (dashed).
                dl->AddCircle(ImVec2(arrow_x, yb), head * 0.9f, ToU32(Theme::Warn()), 12, thick);
                const float yc = row_y(m.to_ticks - l.floor_ticks);
                DashedLine(dl, ImVec2(arrow_x, yb), ImVec2(arrow_x, yc), WithAlpha(Theme::Warn(), 0.8f), thick * 0.8f, head * 0.6f);
                ArrowHead(dl, arrow_x, yc, m.to_ticks > target, head * 0.8f, WithAlpha(Theme::Warn(), 0.9f));
            }
        }
        const ImVec4 now = pill_at(l.ticks);
        marker_rects[static_cast<size_t>(i)] = now;
        dl->AddRectFilled(ImVec2(now.x + 2, now.y + 2), ImVec2(now.z + 2, now.w + 2), Rgba(0, 0, 0, 0.45f), pill_h * 0.3f);  // shadow
        dl->AddRectFilled(ImVec2(now.x, now.y), ImVec2(now.z, now.w), ToU32(colour), pill_h * 0.3f);
        dl->AddRect(ImVec2(now.x, now.y), ImVec2(now.z, now.w), Rgba(0, 0, 0, 0.7f), pill_h * 0.3f, 0, 1.0f);
        paint.Text(now.x, now.z, (now.y + now.w) * 0.5f, l.price, pill_px, l.listed ? Rgba(0.05f, 0.05f, 0.05f) : Rgba(0.85f, 0.85f, 0.85f),
                   0.5f, true);
    }

    // [Hovering] one item for the whole board; the tooltip explains what is under the mouse.
    ImGui::InvisibleButton(id, size);
    if (!ImGui::IsItemHovered()) return;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (mouse.y >= die_min.y && mouse.y < die_max.y) {
        ImGui::SetTooltip("%s\nT-2: each Market Open moves every listed price by the volatility die.", b.volatility.c_str());
        return;
    }
    int lane = -1;
    for (int i = 0; i < 4; ++i)
        if (mouse.x >= lane_x(i) && mouse.x < lane_x(i + 1)) lane = i;
    if (lane >= 0) {
        const ImVec4 r = marker_rects[static_cast<size_t>(lane)];
        if (mouse.y < grid_top || (mouse.y >= r.y && mouse.y < r.w)) {
            const view::Ladder& l = b.ladders[static_cast<size_t>(lane)];
            std::string tip = fmt::format("{} at {}: 5,000 shares are worth {}", l.name, l.price, l.lot_value);
            if (l.last.entry >= 0)
                tip += fmt::format("\nLast move: {} (entry {}: {})", l.last.text, l.last.entry, l.last.line);
            else
                tip += "\nAt Issue since the game began";
            if (!l.status.empty()) tip += "\n" + l.status;
            ImGui::SetTooltip("%s", tip.c_str());
            return;
        }
    }
    if (mouse.y >= grid_top && mouse.y < grid_bottom) {
        const int s = std::clamp(static_cast<int>((grid_bottom - mouse.y) / row_h), 0, rows - 1);
        const view::LadderRung& r = b.rows[static_cast<size_t>(s)];
        std::string tip = fmt::format("Yellow, Blue at {}: 5,000 shares = {}\nRed, Green at {}: 5,000 shares = {}", r.left_price, r.left_lot,
                                      r.right_price, r.right_lot);
        // Appended piece by piece: `"\n" + string` trips GCC 12's -Wrestrict false positive.
        if (!r.left_mark.empty()) tip.append("\n").append(MarkMeaning(r.left_mark, true));
        if (!r.right_mark.empty() && r.right_mark != r.left_mark) tip.append("\n").append(MarkMeaning(r.right_mark, false));
        ImGui::SetTooltip("%s", tip.c_str());
    }
}

} // namespace rutland::bbr::dash
