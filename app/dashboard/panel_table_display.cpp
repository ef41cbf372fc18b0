// Table display: what the players watch (F11, --table-display, --panel table), readable from two
// metres: the big board on the left (the same drawing as the Big Board panel, bigger), and on the
// right whose turn, the year end due, what is owed (before the last command: it needs acting on),
// the last command in words and the winner (view::MakeTableDisplay). The fingerprint small at the bottom, so anyone can check the file.
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "big_board_draw.h"
#include "panels.h"
#include "text_wrap.h"
#include "theme.h"

namespace rutland::dash {

namespace {

void Wrapped(ImFont* font, const ImVec4& colour, const std::string& text) {
    ImGui::PushFont(font);
    TextWrappedWords(text, &colour);
    ImGui::PopFont();
}

} // namespace

void DrawTableDisplay(const AppView& v, UiState& ui, Outbox&) {
    TableDisplayUi& t = ui.table;
    if (!t.words || t.version != v.version) {
        t.words = view::MakeTableDisplay(v.state, v.ledger, v.viewing);
        t.version = v.version;
    }
    const view::TableDisplay& d = *t.words;
    const view::BigBoard& board = CachedBigBoard(v, ui.big_board);

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImGuiWindowFlags still = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    // The board takes the height and a little more than half the width; its text grows with it.
    const float board_w = std::floor(std::min(avail.x * 0.56f, avail.y * 1.15f));
    const float board_px = std::clamp(avail.y / 30.0f, v.fonts.size, v.fonts.size * 2.2f);
    ImGui::BeginChild("##table-board", ImVec2(board_w, avail.y), false, still);
    DrawBigBoardCanvas(board, ImGui::GetContentRegionAvail(), board_px, v.fonts, "##table-board-canvas");
    ImGui::EndChild();
    ImGui::SameLine(0.0f, std::round(v.fonts.size * 1.2f));

    ImGui::BeginChild("##table-words", ImVec2(0, avail.y), false, still);
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    const float line_gap = std::round(v.fonts.size * 0.6f);
    if (!d.viewing.empty()) Wrapped(v.fonts.large, Theme::Accent(), d.viewing);

    Wrapped(v.fonts.huge, d.won ? Theme::Good() : text, d.headline);
    if (d.won) Wrapped(v.fonts.large, Theme::Good(), d.winner);
    Wrapped(v.fonts.large, Theme::Muted(), d.detail);
    if (!d.year_end.empty()) Wrapped(v.fonts.large, Theme::Warn(), d.year_end);
    if (!d.volatility.empty()) Wrapped(v.fonts.large, Theme::Bad(), d.volatility);

    if (!d.declaring.empty() || !d.pending.empty()) {
        ImGui::Dummy(ImVec2(0, line_gap));
        Wrapped(v.fonts.normal, Theme::Muted(), "Still owed");
        if (!d.declaring.empty()) Wrapped(v.fonts.large, Theme::Warn(), d.declaring);
        for (const view::TableDisplay::Owed& o : d.pending) {
            Wrapped(v.fonts.large, Theme::Bad(), o.headline);
            Wrapped(v.fonts.normal, text, o.detail);
        }
    }

    ImGui::Dummy(ImVec2(0, line_gap));
    Wrapped(v.fonts.normal, Theme::Muted(), "Last entry");
    Wrapped(v.fonts.large, Theme::Accent(), std::to_string(d.last_entry) + ": " + d.last_line);
    Wrapped(v.fonts.large, text, d.last_words);

    // The fingerprint, small, at the bottom of the column.
    const std::string fingerprint =
        v.viewing ? "fingerprint after entry " + std::to_string(*v.viewing) + ": " + v.session.GetStore().FingerprintAt(*v.viewing)
                  : "fingerprint " + v.session.Fingerprint();
    const float bottom = ImGui::GetWindowHeight() - ImGui::GetTextLineHeight() - ImGui::GetStyle().WindowPadding.y;
    ImGui::SetCursorPosY(bottom);
    ImGui::TextDisabled("%s", fingerprint.c_str());
    ImGui::EndChild();
}

} // namespace rutland::dash
