// Price history: a chart per company over the game (x = the ledger entry, y = the price), from the
// Price effects of the commands in effect (view::MakePriceHistory, made once per version), with
// the market events marked, the Split / Issue / floor levels, the years, the red die's stretches
// and the delistings shaded. Hover for the entry and its price; click to view the table then.
#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>

#include <fmt/format.h>
#include <imgui.h>

#include "display_text.h"
#include "panels.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

ImU32 HistoryRgba(float r, float g, float b, float a = 1.0f) { return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, a)); }

// A round step for the entry axis: labels at least `min_gap` pixels apart.
int EntryStep(int last_entry, float width, float min_gap) {
    for (int step : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000})
        if (width * static_cast<float>(step) / static_cast<float>(std::max(1, last_entry)) >= min_gap) return step;
    return 100000;
}

void MarkSymbol(ImDrawList* dl, ImVec2 c, view::PriceMarkKind kind, float r) {
    using K = view::PriceMarkKind;
    switch (kind) {
        case K::Split:
            dl->AddTriangleFilled(ImVec2(c.x, c.y - r), ImVec2(c.x - r, c.y + r * 0.7f), ImVec2(c.x + r, c.y + r * 0.7f), ToU32(Theme::Good()));
            dl->AddTriangle(ImVec2(c.x, c.y - r), ImVec2(c.x - r, c.y + r * 0.7f), ImVec2(c.x + r, c.y + r * 0.7f), HistoryRgba(0, 0, 0, 0.8f));
            break;
        case K::RollBack:
            dl->AddTriangleFilled(ImVec2(c.x, c.y + r), ImVec2(c.x - r, c.y - r * 0.7f), ImVec2(c.x + r, c.y - r * 0.7f), ToU32(Theme::Bad()));
            dl->AddTriangle(ImVec2(c.x, c.y + r), ImVec2(c.x - r, c.y - r * 0.7f), ImVec2(c.x + r, c.y - r * 0.7f), HistoryRgba(0, 0, 0, 0.8f));
            break;
        case K::Bankruptcy:
            dl->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), ToU32(Theme::Bad()), 3.0f);
            dl->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), ToU32(Theme::Bad()), 3.0f);
            break;
        case K::Delisted:
            dl->AddRectFilled(ImVec2(c.x - r * 0.8f, c.y - r * 0.8f), ImVec2(c.x + r * 0.8f, c.y + r * 0.8f), HistoryRgba(0.6f, 0.6f, 0.6f));
            dl->AddRect(ImVec2(c.x - r * 0.8f, c.y - r * 0.8f), ImVec2(c.x + r * 0.8f, c.y + r * 0.8f), HistoryRgba(0, 0, 0, 0.8f));
            break;
        case K::Listed:
            dl->AddCircleFilled(c, r * 0.8f, HistoryRgba(0.85f, 0.85f, 0.85f));
            dl->AddCircle(c, r * 0.8f, HistoryRgba(0, 0, 0, 0.8f));
            break;
    }
}

struct Chart {
    ImVec2 min, max;  // the plot area
    int last_entry = 1;   // the x axis' end (at least 1, for the scale)
    int max_entry = 0;    // the ledger's last entry: nothing past it can be hovered
    int floor_ticks = 0, split_ticks = 1;
    float X(int entry) const { return min.x + (max.x - min.x) * static_cast<float>(entry) / static_cast<float>(std::max(1, last_entry)); }
    float Y(int ticks) const {
        return max.y - (max.y - min.y) * static_cast<float>(ticks - floor_ticks) / static_cast<float>(std::max(1, split_ticks - floor_ticks));
    }
    int EntryAt(float x) const {
        const float f = (x - min.x) / std::max(1.0f, max.x - min.x);
        return std::clamp(static_cast<int>(std::lround(f * static_cast<float>(last_entry))), 0, max_entry);
    }
};

// One company's chart in the rectangle [p0, p0 + size); returns the entry clicked, or -1.
int DrawChart(const AppView& v, const view::PriceHistory& h, const view::PriceSeries& s, const std::vector<view::PricePoint>& drawn,
              ImVec2 p0, ImVec2 size, int index) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImFont* font = v.fonts.normal;
    const float px = v.fonts.size;
    const float small = std::round(px * 0.78f);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 muted = ToU32(Theme::Muted());
    const ImVec4 colour = CompanyColour(s.company);

    // Title: the company and its price now (and at the entry viewed, while time travelling).
    std::string price_now = FormatPrice(s.points.back().ticks);
    if (v.viewing)
        price_now = fmt::format("{} after entry {} (now {})", FormatPrice(s.points[static_cast<size_t>(std::max(0, view::PointAt(s, *v.viewing)))].ticks),
                                *v.viewing, price_now);
    dl->AddText(v.fonts.large, px * 1.05f, p0, ToU32(colour), s.name.c_str());
    const float name_w = v.fonts.large->CalcTextSizeA(px * 1.05f, FLT_MAX, 0, s.name.c_str()).x;
    dl->AddText(font, px, ImVec2(p0.x + name_w + px * 0.5f, p0.y + px * 0.05f), text, price_now.c_str());

    const float label_w = font->CalcTextSizeA(small, FLT_MAX, 0, "$0.00").x + px * 0.4f;
    Chart c;
    c.min = ImVec2(std::round(p0.x + label_w), std::round(p0.y + px * 1.5f));
    c.max = ImVec2(std::round(p0.x + size.x - px * 0.4f), std::round(p0.y + size.y - small * 1.4f));
    c.last_entry = std::max(1, h.last_entry);
    c.max_entry = h.last_entry;
    c.floor_ticks = s.floor_ticks;
    c.split_ticks = s.split_ticks;
    if (c.max.y - c.min.y < 20.0f || c.max.x - c.min.x < 40.0f) return -1;

    dl->AddRectFilled(c.min, c.max, HistoryRgba(0.07f, 0.08f, 0.09f));
    // The red die's stretches, the delistings.
    for (const view::Span& sp : h.high_volatility)
        dl->AddRectFilled(ImVec2(c.X(sp.from), c.min.y), ImVec2(c.X(sp.to), c.max.y), HistoryRgba(0.85f, 0.15f, 0.12f, 0.10f));
    for (const view::Span& sp : s.delisted) {
        dl->AddRectFilled(ImVec2(c.X(sp.from), c.min.y), ImVec2(c.X(sp.to), c.max.y), HistoryRgba(0.5f, 0.5f, 0.5f, 0.22f));
        const char* word = "delisted";
        const float w = font->CalcTextSizeA(small, FLT_MAX, 0, word).x;
        if (c.X(sp.to) - c.X(sp.from) > w + 4)
            dl->AddText(font, small, ImVec2((c.X(sp.from) + c.X(sp.to) - w) * 0.5f, c.max.y - small * 1.2f), muted, word);
    }
    // The levels: Split, Issue, the floor, with their prices.
    const std::array<std::pair<int, ImVec4>, 3> levels = {{{s.split_ticks, ImVec4(0.45f, 0.85f, 0.5f, 1)},
                                                          {s.issue_ticks, ImVec4(0.6f, 0.75f, 1.0f, 1)},
                                                          {s.floor_ticks, ImVec4(1.0f, 0.5f, 0.45f, 1)}}};
    for (const auto& [ticks, col] : levels) {
        const float y = std::round(c.Y(ticks)) + 0.5f;
        ImVec4 faint = col;
        faint.w = 0.35f;
        dl->AddLine(ImVec2(c.min.x, y), ImVec2(c.max.x, y), ToU32(faint), 1.0f);
        const std::string label = FormatPrice(ticks);
        const ImVec2 sz = font->CalcTextSizeA(small, FLT_MAX, 0, label.c_str());
        dl->AddText(font, small, ImVec2(c.min.x - sz.x - px * 0.25f, std::clamp(y - sz.y * 0.5f, c.min.y - sz.y * 0.5f, c.max.y - sz.y * 0.5f)),
                    ToU32(col), label.c_str());
    }
    // The years: a line where each began, and its number.
    for (const auto& [entry, year] : h.years) {
        const float x = std::round(c.X(entry)) + 0.5f;
        if (entry > 0) dl->AddLine(ImVec2(x, c.min.y), ImVec2(x, c.max.y), HistoryRgba(1, 1, 1, 0.25f), 1.0f);
        const std::string label = fmt::format("Year {}", year);
        const float w = font->CalcTextSizeA(small, FLT_MAX, 0, label.c_str()).x;
        // Right of its line, or left of it near the chart's end.
        dl->AddText(font, small, ImVec2(x + 3 + w < c.max.x ? x + 3 : x - 3 - w, c.min.y + 1), muted, label.c_str());
    }
    // The entry axis.
    const int step = EntryStep(h.last_entry, c.max.x - c.min.x, px * 3.5f);
    for (int e = 0; e <= h.last_entry; e += step) {
        const std::string label = std::to_string(e);
        const float w = font->CalcTextSizeA(small, FLT_MAX, 0, label.c_str()).x;
        const float x = c.X(e);
        dl->AddLine(ImVec2(x, c.max.y), ImVec2(x, c.max.y + 3), muted);
        dl->AddText(font, small, ImVec2(std::min(x - w * 0.5f, c.max.x - w), c.max.y + 2), muted, label.c_str());
    }

    // The price: a step line (the price holds until the entry that moves it).
    std::vector<ImVec2> line;
    line.reserve(drawn.size() * 2 + 2);
    for (size_t i = 0; i < drawn.size(); ++i) {
        const ImVec2 p(c.X(drawn[i].entry), c.Y(drawn[i].ticks));
        if (i > 0) line.emplace_back(p.x, line.back().y);
        line.push_back(p);
    }
    line.emplace_back(c.max.x, line.back().y);
    dl->PushClipRect(ImVec2(c.min.x - 1, c.min.y - 6), ImVec2(c.max.x + 1, c.max.y + 6), true);
    dl->AddPolyline(line.data(), static_cast<int>(line.size()), ToU32(colour), ImDrawFlags_None, std::max(1.5f, px * 0.1f));
    dl->PopClipRect();
    // The market events.
    const float r = std::max(4.0f, px * 0.33f);
    for (const view::PriceMark& m : s.marks) MarkSymbol(dl, ImVec2(c.X(m.entry), c.Y(m.ticks)), m.kind, r);
    // The entry being viewed (time travel).
    if (v.viewing) {
        const float x = std::round(c.X(*v.viewing)) + 0.5f;
        dl->AddLine(ImVec2(x, c.min.y), ImVec2(x, c.max.y), ToU32(Theme::Accent()), 2.0f);
    }
    dl->AddRect(c.min, c.max, HistoryRgba(1, 1, 1, 0.2f));

    // Hovering: the entry under the mouse and the price after it; a mark near the mouse.
    ImGui::SetCursorScreenPos(c.min);
    ImGui::PushID(index);
    const bool clicked = ImGui::InvisibleButton("##chart", ImVec2(c.max.x - c.min.x, c.max.y - c.min.y));
    ImGui::PopID();
    if (!ImGui::IsItemHovered()) return -1;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int entry = c.EntryAt(mouse.x);
    const int at = view::PointAt(s, entry);
    const view::PricePoint& point = s.points[static_cast<size_t>(std::max(0, at))];
    dl->AddLine(ImVec2(std::round(c.X(entry)) + 0.5f, c.min.y), ImVec2(std::round(c.X(entry)) + 0.5f, c.max.y), HistoryRgba(1, 1, 1, 0.4f));
    dl->AddCircleFilled(ImVec2(c.X(entry), c.Y(point.ticks)), r * 0.8f, ToU32(colour));
    std::string tip = fmt::format("{} {} after entry {}", s.name, FormatPrice(point.ticks), entry);
    auto entry_line = [&](int seq) { return view::CutForDisplay(v.ledger.At(seq).line, view::kOneLineChars); };  // a tooltip is one line wide
    if (entry > 0) tip += fmt::format("\nEntry {}: {}", entry, entry_line(entry));
    if (point.entry != entry && point.entry > 0) tip += fmt::format("\n(last moved by entry {}: {})", point.entry, entry_line(point.entry));
    for (const view::PriceMark& m : s.marks)
        if (std::abs(c.X(m.entry) - mouse.x) <= r * 1.5f) tip += fmt::format("\n[{}] {}", m.rule, m.text);
    tip += "\nClick to view the table after this entry";
    ImGui::SetTooltip("%s", tip.c_str());
    return clicked ? entry : -1;
}

} // namespace

void DrawPriceHistory(const AppView& v, UiState& ui, Outbox& out) {
    PriceHistoryUi& p = ui.prices;
    if (p.version != v.version || p.history.series[0].points.empty()) {
        p.history = view::MakePriceHistory(v.ledger);
        p.version = v.version;
    }
    const view::PriceHistory& h = p.history;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Price after each entry in effect (undone entries left out).  \u25b2 Split (M-4)   \u25bc Roll Back (M-5)   "
                       "\u00d7 Bankruptcy (M-6)   \u25a0 delisted (M-7)   \u25cf listed again (D-9)   red shade: high volatility");
    ImGui::PopStyleColor();

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float gap = std::round(v.fonts.size * 0.8f);
    // Two by two; in a short region (a big font) the four side by side, each the full height.
    const bool row = (avail.y - gap) * 0.5f < v.fonts.size * 7.5f;
    const int per_row = row ? 4 : 2;
    const ImVec2 cell(std::floor((avail.x - gap * static_cast<float>(per_row - 1)) / static_cast<float>(per_row)),
                      row ? avail.y : std::floor((avail.y - gap) * 0.5f));
    const int columns = std::max(1, static_cast<int>(cell.x));
    if (p.drawn_version != p.version || p.drawn_columns != columns) {
        for (size_t i = 0; i < 4; ++i) p.drawn[i] = view::Decimate(h.series[i].points, 0, h.last_entry, columns);
        p.drawn_version = p.version;
        p.drawn_columns = columns;
    }
    int clicked = -1;
    for (int i = 0; i < 4; ++i) {
        const ImVec2 p0(origin.x + static_cast<float>(i % per_row) * (cell.x + gap), origin.y + static_cast<float>(i / per_row) * (cell.y + gap));
        const int c = DrawChart(v, h, h.series[static_cast<size_t>(i)], p.drawn[static_cast<size_t>(i)], p0, cell, i);
        if (c >= 0) clicked = c;
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(avail);
    if (clicked >= 0) out.View(clicked);
}

} // namespace rutland::bbr::dash
