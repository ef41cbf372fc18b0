// Flutter's board panel (flutter_board.h): the board of the game shown (model/board.h, the game's
// own, as its file carries it) with the pegs of its state (model/state.h), read through Flutter's
// adapter (host/flutter_shown.h).
//
// Drawn straight into the window's draw list, row by row from TOP down to the bottom level:
//   [label] [W] [R] [B] [price] [G] [Y] [K] [label]
// The cost of a frame is the draw list's own: no allocation here (numbers are written into a
// buffer on the stack, names are the board's own strings), whatever the number of holes.
#include "panels/flutter_board.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "host/flutter_shown.h"
#include "panels/flutter_colours.h"
#include "model/board.h"
#include "model/state.h"

namespace rutland::flutter {

namespace {

std::string_view LabelText(Label label) {
    switch (label) {
        case Label::News: return "MARKET NEWS";
        case Label::Slump: return "SLUMP";
        case Label::Five: return "5%";
        case Label::Ten: return "10%";
        case Label::Top: return "TOP";
        case Label::None: break;
    }
    return "";
}

// The board's words are drawn at `size` pixels: the font's own, or smaller when the rows are
// lower than a line (a small window, a large font), so the levels never overlap.
struct Pen {
    ImDrawList* draw;
    ImFont* font;
    float size;
    ImVec2 Measure(std::string_view text) const {
        return font->CalcTextSizeA(size, 1e9f, 0.0f, text.data(), text.data() + text.size());
    }
    void Text(ImVec2 at, ImU32 colour, std::string_view text) const {
        draw->AddText(font, size, at, colour, text.data(), text.data() + text.size());
    }
    // `text` centred in the cell [x0, x1] on the row at `y` of height `h`.
    void Centred(float x0, float x1, float y, float h, ImU32 colour, std::string_view text) const {
        const ImVec2 extent = Measure(text);
        Text(ImVec2(x0 + std::max(0.0f, (x1 - x0 - extent.x) * 0.5f), y + (h - extent.y) * 0.5f), colour, text);
    }
};

} // namespace

void DrawBoardPanel(const dash::GamePanelView& v, dash::DeskOutbox& out) {
    (void)out;  // the board only shows: every change is a line typed at the entry line
    const GameState* state = ShownState(v.game);
    if (!state) {
        ImGui::TextDisabled("No board: this is not a Flutter game.");
        return;
    }
    const Board& board = *state->board;
    const ImU32 amber = ImGui::GetColorU32(v.warn);
    const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 muted = ImGui::GetColorU32(v.muted);
    const ImU32 hole_colour = ImGui::GetColorU32(ImGuiCol_FrameBgActive);
    const ImU32 news_line = ImGui::GetColorU32(v.accent);

    if (const std::optional<int> shown = v.game.ShownEntry())
        ImGui::TextColored(v.warn, "As it was after entry %d", *shown);
    ImGui::Text("Board: %s", board.name.c_str());
    if (!board.Verified()) {  // wrapped in a narrow slot (the players' window, a small window)
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(v.warn, "(facts outlined in amber are provisional: BD-5, BD-7)");
        ImGui::PopTextWrapPos();
    }

    // The legend's two lines go under the board; the board takes the rest.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int rows = board.Top() + 1;
    // A row is never lower than 12 px: with less room (a large font, a small window) the slot scrolls.
    const float board_height = std::max(0.0f, avail.y - line * 4.5f);
    const float row_h = std::clamp(board_height / static_cast<float>(std::max(1, rows)), 12.0f, line * 1.4f);
    const float header = std::min(line, row_h * 1.5f);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const Pen pen{draw, ImGui::GetFont(), std::min(ImGui::GetFontSize(), row_h * 0.95f)};
    // The side labels take at most a fifth of the width each: "NEWS" for MARKET NEWS when narrow.
    const bool short_news = (pen.Measure("MARKET NEWS").x + 8.0f) * 2.0f > avail.x * 0.4f;
    const float label_w = std::min(avail.x * 0.2f, pen.Measure(short_news ? "SLUMP" : "MARKET NEWS").x + 8.0f);
    const float price_w = pen.Measure("000").x + 10.0f;
    const float lane_w = std::max(4.0f, (avail.x - 2 * label_w - price_w) / static_cast<float>(kCompanies));
    const float radius = std::max(2.0f, std::min(row_h, lane_w) * 0.42f);

    // Columns: left label, three lanes, the price column, three lanes, right label.
    float lane_x[kCompanies];
    float x = origin.x + label_w;
    for (int c = 0; c < kCompanies; ++c) {
        if (c == kCompanies / 2) x += price_w;
        lane_x[c] = x;
        x += lane_w;
    }
    const float price_x0 = lane_x[kCompanies / 2 - 1] + lane_w;
    const float right_label_x = lane_x[kCompanies - 1] + lane_w;

    // The lanes' headings: letter and colour, a provisional lane (its M holes, its name) outlined.
    for (int c = 0; c < kCompanies; ++c) {
        const Lane& lane = board.lanes[static_cast<size_t>(c)];
        const Company& company = state->companies[static_cast<size_t>(c)];
        const ImU32 colour = PegColour(lane.Key());
        const float x0 = lane_x[c], x1 = x0 + lane_w;
        draw->AddRectFilled(ImVec2(x0 + 2, origin.y + 1), ImVec2(x1 - 2, origin.y + header - 1), colour, 3.0f);
        pen.Centred(x0, x1, origin.y, header, RimOf(colour), lane.letter);
        if (company.bankrupt)
            draw->AddLine(ImVec2(x0 + 2, origin.y + header - 2), ImVec2(x1 - 2, origin.y + 2), ImGui::GetColorU32(v.bad), 2.0f);
        if (!lane.verified)
            draw->AddRect(ImVec2(x0 + 1, origin.y), ImVec2(x1 - 1, origin.y + header), amber, 3.0f, 0, 2.0f);
        if (ImGui::IsMouseHoveringRect(ImVec2(x0, origin.y), ImVec2(x1, origin.y + header))) {
            ImGui::BeginTooltip();
            ImGui::Text("%s (%s, %s)", lane.name.c_str(), lane.letter.c_str(), lane.colour.c_str());
            ImGui::Text("parent at level %d, traveller at level %d%s", company.parent, company.traveller,
                        company.bankrupt ? "; bankrupt" : "");
            if (!lane.verified) ImGui::TextColored(v.warn, "Its M holes and name are provisional (BD-5, BD-7)");
            ImGui::EndTooltip();
        }
    }
    pen.Centred(price_x0, price_x0 + price_w, origin.y, header, muted, "£");

    // The rows, TOP first.
    const float top_y = origin.y + header;
    const int news = board.News();
    char price_text[24];
    for (int level = board.Top(); level >= 0; --level) {
        const Level& fact = board.levels[static_cast<size_t>(level)];
        const float y = top_y + static_cast<float>(board.Top() - level) * row_h;
        const float cy = y + row_h * 0.5f;
        if (level == news)  // the line between the priced levels and the labelled ones
            draw->AddLine(ImVec2(origin.x, y + row_h), ImVec2(right_label_x + label_w, y + row_h), news_line, 1.0f);
        // The fact of the level: a price in the centre column, or a label at both sides.
        if (fact.price) {
            std::snprintf(price_text, sizeof price_text, "%lld", static_cast<long long>(fact.price->value));
            pen.Centred(price_x0, price_x0 + price_w, y, row_h, text_colour, price_text);
            if (!fact.verified)
                draw->AddRect(ImVec2(price_x0 + 2, y + 1), ImVec2(price_x0 + price_w - 2, y + row_h - 1), amber, 2.0f, 0, 2.0f);
        } else {
            const std::string_view label = short_news && fact.label == Label::News ? "NEWS" : LabelText(fact.label);
            const ImU32 label_colour = fact.label == Label::Slump ? ImGui::GetColorU32(v.bad) : ImGui::GetColorU32(v.accent);
            pen.Centred(origin.x, origin.x + label_w, y, row_h, label_colour, label);
            pen.Centred(right_label_x, right_label_x + label_w, y, row_h, label_colour, label);
            if (!fact.verified) {
                draw->AddRect(ImVec2(origin.x + 1, y + 1), ImVec2(origin.x + label_w - 1, y + row_h - 1), amber, 2.0f, 0, 2.0f);
                draw->AddRect(ImVec2(right_label_x + 1, y + 1), ImVec2(right_label_x + label_w - 1, y + row_h - 1), amber, 2.0f, 0, 2.0f);
            }
        }
        // The holes of each lane, an M hole marked, then the company's pegs on theirs.
        for (int c = 0; c < kCompanies; ++c) {
            const Lane& lane = board.lanes[static_cast<size_t>(c)];
            const Company& company = state->companies[static_cast<size_t>(c)];
            const ImVec2 centre(lane_x[c] + lane_w * 0.5f, cy);
            const bool m_hole = std::binary_search(lane.m_holes.begin(), lane.m_holes.end(), level);
            if (m_hole) {
                draw->AddRectFilled(ImVec2(centre.x - radius, centre.y - radius), ImVec2(centre.x + radius, centre.y + radius),
                                    hole_colour, 2.0f);
                pen.Centred(centre.x - radius, centre.x + radius, y, row_h, muted, "M");
                if (!lane.verified)
                    draw->AddRect(ImVec2(centre.x - radius - 2, centre.y - radius - 2),
                                  ImVec2(centre.x + radius + 2, centre.y + radius + 2), amber, 2.0f, 0, 2.0f);
            } else {
                draw->AddCircleFilled(centre, radius * 0.45f, hole_colour, 8);
            }
            if (company.bankrupt) continue;
            const ImU32 colour = PegColour(lane.Key());
            if (company.parent == level) {  // the parent: a square peg
                const float r = radius * 0.9f;
                draw->AddRectFilled(ImVec2(centre.x - r, centre.y - r), ImVec2(centre.x + r, centre.y + r), colour, 1.0f);
                draw->AddRect(ImVec2(centre.x - r, centre.y - r), ImVec2(centre.x + r, centre.y + r), RimOf(colour), 1.0f);
            }
            if (company.traveller == level) {  // the traveller: a round peg (on its parent's hole, beside it)
                const ImVec2 at = company.parent == level ? ImVec2(centre.x + radius * 0.9f, centre.y) : centre;
                draw->AddCircleFilled(at, radius, colour, 16);
                draw->AddCircle(at, radius, RimOf(colour), 16, 1.5f);
            }
        }
    }
    ImGui::Dummy(ImVec2(avail.x, header + row_h * static_cast<float>(rows)));

    // The legend.
    const Pen words{draw, ImGui::GetFont(), ImGui::GetFontSize()};
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float r = ImGui::GetFontSize() * 0.3f;
    const ImU32 white = PegColour("white");
    float lx = at.x + r;
    const float ly = at.y + line * 0.5f;
    draw->AddRectFilled(ImVec2(lx - r, ly - r), ImVec2(lx + r, ly + r), white, 1.0f);
    lx += r * 2;
    words.Text(ImVec2(lx, at.y), text_colour, " parent   ");
    lx += ImGui::CalcTextSize(" parent   ").x + r;
    draw->AddCircleFilled(ImVec2(lx, ly), r, white, 12);
    lx += r * 2;
    words.Text(ImVec2(lx, at.y), text_colour, " traveller   ");
    lx += ImGui::CalcTextSize(" traveller   ").x;
    draw->AddRectFilled(ImVec2(lx, ly - r), ImVec2(lx + 2 * r, ly + r), hole_colour, 2.0f);
    lx += r * 2;
    words.Text(ImVec2(lx, at.y), text_colour, " M hole   ");
    ImGui::Dummy(ImVec2(avail.x, line));
    // The amber outline's meaning on lines of its own (wrapped in a narrow slot).
    const ImVec2 below = ImGui::GetCursorScreenPos();
    draw->AddRect(ImVec2(below.x, below.y + line * 0.5f - r), ImVec2(below.x + 2 * r, below.y + line * 0.5f + r), amber, 2.0f, 0, 2.0f);
    ImGui::SetCursorScreenPos(ImVec2(below.x + 3 * r, below.y));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(v.warn, "provisional: not yet confirmed at the table (BD-5, BD-7)");
    ImGui::PopTextWrapPos();
}

} // namespace rutland::flutter
