// The table display: what the players watch in their own window (F11 opens it, Shift+F11 takes it
// full screen on the monitor it is on; main.cpp, players_window.h), readable from two metres. The
// parts and where they go are view::MakePlayersWindow and view::LayOutPlayersWindow
// (players_window_view.h); this only draws them: the Big Board, whose turn and who is next with
// the landed space's arrows and its Asks or Bids, what is owed and the last command in words, the
// standings, and the shared game's address as a QR code (qr_draw.h).
// The fonts are the window's own, sized to it (PlayersWindow rebuilds them as it is resized).
#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>
#include <imgui.h>

#include "big_board_draw.h"
#include "panels.h"
#include "qr_draw.h"
#include "text_wrap.h"
#include "company_colours.h"
#include "theme.h"

// [SECTION] Index
//  - The parts: turn and landed space, what is owed and the last command, the standings
//  - The shared game's address
//  - The window

namespace rutland::bbr::dash {

namespace {

void Wrapped(ImFont* font, const ImVec4& colour, const std::string& text) {
    ImGui::PushFont(font);
    TextWrappedWords(text, &colour);
    ImGui::PopFont();
}

// The next word of a line, on this line when it fits, else on the next.
void TableSameLineIfFits(const char* text) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text).x) ImGui::NewLine();
}

// Small print of the standings (the headings, net worth, the majority's counts): 80% of their text.
void Small(const std::string& text, float scale, const ImVec4& colour = Theme::Muted()) {
    ImGui::SetWindowFontScale(0.8f * scale);
    TextWrappedWords(text, &colour);  // "owes $12,000" breaks before the sum, never inside it
    ImGui::SetWindowFontScale(scale);
}

// [SECTION] The parts: turn and landed space, what is owed and the last command, the standings

void DrawTurnPart(const AppView& v, const view::PlayersWindowView& p) {
    const view::TableDisplay& d = p.words;
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    if (!d.viewing.empty()) Wrapped(v.fonts.large, Theme::Accent(), d.viewing);
    Wrapped(v.fonts.huge, d.won ? Theme::Good() : text, p.turn);
    if (!p.next.empty()) Wrapped(v.fonts.large, text, p.next);
    Wrapped(v.fonts.large, Theme::Muted(), fmt::format("Year {} \u00b7 {}", v.state.year, p.time_cards));
    if (!d.year_end.empty()) Wrapped(v.fonts.normal, Theme::Warn(), d.year_end);
    if (!d.volatility.empty()) Wrapped(v.fonts.normal, Theme::Bad(), d.volatility);
    ImGui::Spacing();
    for (const view::LandedSpace& s : p.spaces) {
        Wrapped(v.fonts.large, text, s.heading);
        ImGui::TextUnformatted("Arrows");
        for (Company c : kCompanies) {
            const std::string arrow = fmt::format("{} {}", GetProspectus(c).letter, s.up[static_cast<size_t>(Index(c))] ? "\u2191" : "\u2193");
            TableSameLineIfFits(arrow.c_str());
            CompanyText(c, arrow.c_str());
        }
        ImGui::TextUnformatted(s.asks ? "Asks (buy here)" : "Bids (sell here)");
        bool any = false;
        for (Company c : kCompanies)
            if (s.market[static_cast<size_t>(Index(c))]) {
                const std::string name(GetProspectus(c).name);
                TableSameLineIfFits(name.c_str());
                CompanyText(c, name.c_str());
                any = true;
            }
        if (!any) {
            ImGui::SameLine();
            ImGui::TextDisabled("none");
        }
        if (s.provisional) Wrapped(v.fonts.normal, Theme::Warn(), "not yet checked on the board (D-2)");
    }
    if (!p.pawn.empty()) Wrapped(v.fonts.normal, Theme::Muted(), p.pawn);
}

void DrawLastPart(const AppView& v, const view::PlayersWindowView& p) {
    const view::TableDisplay& d = p.words;
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    if (d.won) Wrapped(v.fonts.large, Theme::Good(), d.winner);
    // What is owed first: it needs acting on before anything else (S-6).
    if (!d.declaring.empty() || !p.margin_calls.empty()) {
        Wrapped(v.fonts.normal, Theme::Muted(), "Margin calls");
        for (const view::TableDisplay::Owed& o : d.pending) Wrapped(v.fonts.large, Theme::Bad(), o.headline);
        if (!d.declaring.empty()) Wrapped(v.fonts.normal, Theme::Warn(), d.declaring);
        ImGui::Spacing();
    }
    Wrapped(v.fonts.normal, Theme::Muted(), "Last entry");
    Wrapped(v.fonts.large, Theme::Accent(), std::to_string(d.last_entry) + ": " + d.last_line);
    Wrapped(v.fonts.normal, text, d.last_words);
    // The fingerprint, small, at the bottom: anyone can check the file.
    const std::string fingerprint =
        v.viewing ? "fingerprint after entry " + std::to_string(*v.viewing) + ": " + v.session.GetStore().FingerprintAt(*v.viewing)
                  : "fingerprint " + v.session.Fingerprint();
    ImGui::SetWindowFontScale(0.8f);
    const float bottom = ImGui::GetWindowHeight() - ImGui::GetTextLineHeightWithSpacing() *
                                                        (ImGui::CalcTextSize(fingerprint.c_str()).x > ImGui::GetContentRegionAvail().x ? 2.0f : 1.0f);
    if (ImGui::GetCursorPosY() < bottom) ImGui::SetCursorPosY(bottom);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", fingerprint.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetWindowFontScale(1.0f);
}

void DrawStandings(const AppView& v, const view::PlayersWindowView& p, float& scale) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    ImGui::SetWindowFontScale(scale);
    const float room = ImGui::GetContentRegionAvail().y;
    const float top = ImGui::GetCursorPosY();
    if (!ImGui::BeginTable("##standings", 7, flags)) return;
    // Widths by what they hold: a name, two sums of money, a holding per company, the majority.
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_None, 0.8f);
    ImGui::TableSetupColumn("Cash / net worth", ImGuiTableColumnFlags_None, 1.3f);  // the cash in large text
    for (Company c : kCompanies) ImGui::TableSetupColumn(std::string(GetProspectus(c).name).c_str(), ImGuiTableColumnFlags_None, 1.2f);
    ImGui::TableSetupColumn("Nearest majority (W-1)", ImGuiTableColumnFlags_None, 1.8f);
    // The heading row by hand: the companies in their colours.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableNextColumn();
    Small("Player", scale);
    ImGui::TableNextColumn();
    Small("Cash / net worth", scale);
    for (Company c : kCompanies) {
        ImGui::TableNextColumn();
        ImGui::PushFont(v.fonts.large);
        CompanyText(c, std::string(GetProspectus(c).name).c_str());
        ImGui::PopFont();
    }
    ImGui::TableNextColumn();
    Small("Nearest majority (W-1)", scale);
    const ImU32 current_bg = ToU32(ImVec4(0.18f, 0.30f, 0.45f, 1.0f));
    for (const view::Standing& s : p.standings) {
        ImGui::TableNextRow();
        if (s.current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, current_bg);
        ImGui::TableNextColumn();
        ImGui::PushFont(v.fonts.large);
        ImGui::TextUnformatted(s.name.c_str());
        ImGui::PopFont();
        if (!s.owed.empty()) Small(s.owed, scale, Theme::Bad());
        else if (s.current) Small("to play", scale, Theme::Accent());
        else if (s.next) Small("next", scale);
        ImGui::TableNextColumn();
        // The money is what the table reads from across the room: the cash as large as the name,
        // the net worth at the body size (at small print it was ~17 px on a 1080p TV).
        ImGui::PushFont(v.fonts.large);
        const bool large_fits = ImGui::CalcTextSize(s.cash.c_str()).x <= ImGui::GetContentRegionAvail().x;
        if (!large_fits) ImGui::PopFont();  // a narrow column: the body size, never cut
        ImGui::TextUnformatted(s.cash.c_str());
        if (large_fits) ImGui::PopFont();
        const ImVec4 muted = Theme::Muted();
        TextWrappedWords(s.net_worth, &muted);
        for (size_t c = 0; c < 4; ++c) {
            ImGui::TableNextColumn();
            // Wrapped: a long holding takes a third line (the layout leaves room for a few).
            if (!s.holdings[c].empty()) TextWrappedWords(s.holdings[c]);
            const ImVec4 colour = CompanyColour(kCompanies[c]);
            if (!s.directorships[c].empty()) TextWrappedWords(s.directorships[c], &colour);
        }
        ImGui::TableNextColumn();
        const ImVec4 colour = s.holds_majority ? Theme::Good() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TextColored(colour, "%s", s.majority.c_str());
        TableSameLineIfFits(s.majority_shares.c_str());
        Small(s.majority_shares, scale);
        Small(s.majority_counts, scale);
    }
    ImGui::EndTable();
    // Next frame's scale: as much as this frame's table needed of its room (damped: a change of
    // a few percent would only move a wrap back and forth).
    const float used = ImGui::GetCursorPosY() - top;
    const float ratio = used > 0 ? room / used : 1.0f;
    if (ratio < 0.99f || ratio > 1.06f) scale = std::clamp(scale * (ratio < 1.0f ? ratio * 0.98f : std::min(ratio, 1.03f)), 0.7f, 1.0f);
    ImGui::SetWindowFontScale(1.0f);
}

// [SECTION] The shared game's address

// The square where the shared game's address is drawn as a QR code for the players' phones: it is
// laid out only while an address is given; with none, its room goes to the last command.
// The shared page's QR code and its address under it, as large as the square allows: the
// players read it from their seats with a phone (the broker turned sharing on: panel_share.cpp).
void DrawSharedAddress(const ShareUi& share, ImVec2 size) {
    const float line = ImGui::GetTextLineHeightWithSpacing();
    // One line under the code says what it is; the address itself is on the broker's Share panel.
    const float side = std::max(0.0f, std::min(size.x, size.y - line));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (size.x - side) * 0.5f);
    DrawQrCode(share.qr, side);
    const ImVec4 muted = Theme::Muted();
    const char* caption = ImGui::CalcTextSize("Scan to follow the game").x <= size.x ? "Scan to follow the game" : "Scan to follow";
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (size.x - ImGui::CalcTextSize(caption).x) * 0.5f));
    ImGui::TextColored(muted, "%s", caption);
}

} // namespace

// [SECTION] The window

void DrawTableDisplay(const AppView& v, UiState& ui, Outbox&) {
    PlayersWindowUi& w = ui.players_window;
    if (!w.view || w.version != v.version) {
        w.view = view::MakePlayersWindow(v.state, v.ledger, v.viewing);
        w.version = v.version;
    }
    const view::PlayersWindowView& p = *w.view;
    const view::BigBoard& board = CachedBigBoard(v, ui.big_board);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const view::PlayersWindowLayout l =
        view::LayOutPlayersWindow(avail.x, avail.y, static_cast<int>(v.state.players.size()), SharedWithPhones(ui.share));
    const ImGuiWindowFlags still = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    auto region = [&](const char* id, const view::Rect& r, bool background, auto&& draw) {
        ImGui::SetCursorScreenPos(ImVec2(origin.x + r.x, origin.y + r.y));
        if (!background) ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0, 0, 0, 0));
        if (ImGui::BeginChild(id, ImVec2(r.w, r.h), false, still)) draw();
        ImGui::EndChild();
        if (!background) ImGui::PopStyleColor();
    };
    region("##players-board", l.board, false, [&] {
        DrawBigBoardCanvas(board, ImGui::GetContentRegionAvail(), v.fonts.size, v.fonts, "##players-board-canvas");
    });
    region("##players-turn", l.turn, true, [&] { DrawTurnPart(v, p); });
    region("##players-last", l.last, true, [&] { DrawLastPart(v, p); });
    region("##players-standings", l.standings, true, [&] { DrawStandings(v, p, w.standings_scale); });
    if (!l.address.Empty())
        region("##players-address", l.address, false, [&] { DrawSharedAddress(ui.share, ImVec2(l.address.w, l.address.h)); });
}

} // namespace rutland::bbr::dash
