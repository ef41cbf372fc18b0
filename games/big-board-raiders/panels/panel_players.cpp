// Players: one row per player in turn order (the current one highlighted): cash, net worth, per
// company the holdings at market, directorships, escrow, shorts with their margin and a short bar
// toward the voting majority (W-1); the 6x4 proxy grid; options held. What to show comes from
// view::MakePlayersView (games/big-board-raiders/view/players_view.h), cached on the session's version.
#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "text_wrap.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

ImVec4 PlayersWithAlpha(ImVec4 c, float a) { return {c.x, c.y, c.z, a}; }

// Continues the line when `text` fits in what is left of the cell, else starts a new one.
void PlayersSameLineIfFits(const std::string& text) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text.c_str()).x) ImGui::NewLine();
}

// W-1 at a glance: the escrow square (filled when held, filled by sixths with the proxies while
// nobody holds it, crossed when another player does), one square per directorship needed, and a
// bar of the voting shares against the majority. Exact counts in the tooltip.
void MajorityBar(const view::MajorityProgress& m, bool listed) {
    const float h = std::round(ImGui::GetTextLineHeight() * 0.72f);
    const float gap = std::round(h * 0.35f);
    const float bar_w = std::round(h * 3.5f);
    const ImVec4 colour = listed ? CompanyColour(m.company) : CompanyColourDim(m.company);
    const ImU32 fill = ToU32(colour);
    const ImU32 empty = ToU32(ImVec4(0.30f, 0.31f, 0.34f, 1.0f));
    const ImU32 outline = ToU32(PlayersWithAlpha(colour, 0.8f));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float y = start.y + (ImGui::GetTextLineHeight() - h) * 0.5f;
    float x = start.x;

    // Escrow.
    dl->AddRectFilled(ImVec2(x, y), ImVec2(x + h, y + h), empty, 2.0f);
    if (m.escrow) {
        dl->AddRectFilled(ImVec2(x, y), ImVec2(x + h, y + h), fill, 2.0f);
    } else if (m.escrow_holder) {
        dl->AddLine(ImVec2(x + 2, y + 2), ImVec2(x + h - 2, y + h - 2), ToU32(Theme::Muted()), 1.5f);
        dl->AddLine(ImVec2(x + h - 2, y + 2), ImVec2(x + 2, y + h - 2), ToU32(Theme::Muted()), 1.5f);
    } else if (m.proxies > 0) {
        const float part = h * static_cast<float>(m.proxies) / 6.0f;
        dl->AddRectFilled(ImVec2(x, y + h - part), ImVec2(x + h, y + h), ToU32(PlayersWithAlpha(colour, 0.55f)), 2.0f);
    }
    dl->AddRect(ImVec2(x, y), ImVec2(x + h, y + h), outline, 2.0f);
    x += h + gap;

    // Common directorships: one square each, as many as the majority needs (more held: all full).
    const float d = std::round(h * 0.75f);
    for (int i = 0; i < m.need_directorships; ++i) {
        const float top = y + (h - d) * 0.5f;
        dl->AddRectFilled(ImVec2(x, top), ImVec2(x + d, top + d), i < m.directorships ? fill : empty, 1.0f);
        x += d + 2.0f;
    }
    x += gap;

    // Voting shares against the majority.
    const float frac = m.need_shares > 0 ? static_cast<float>(std::min(m.shares, m.need_shares)) / static_cast<float>(m.need_shares) : 1.0f;
    const float top = y + h * 0.2f, bottom = y + h * 0.8f;
    dl->AddRectFilled(ImVec2(x, top), ImVec2(x + bar_w, bottom), empty, 2.0f);
    if (frac > 0.0f) dl->AddRectFilled(ImVec2(x, top), ImVec2(x + bar_w * frac, bottom), fill, 2.0f);
    x += bar_w;

    ImGui::Dummy(ImVec2(x - start.x, ImGui::GetTextLineHeight()));
    if (ImGui::IsItemHovered()) {
        const std::string lacks = m.Lacks();
        ImGui::SetTooltip("%s\n%s", m.Summary().c_str(), lacks.empty() ? "Holds the majority." : ("Lacks " + lacks + ".").c_str());
    }
    // The counts beside the bar when the cell has room for them.
    const std::string counts = fmt::format("{}/{} {}/{}", m.directorships, m.need_directorships, view::ShortCount(m.shares),
                                           view::ShortCount(m.need_shares));
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(counts.c_str()).x)
        ImGui::TextDisabled("%s", counts.c_str());
    else
        ImGui::NewLine();
}

// The 6x4 proxy grid: a row per company, a square per subsidiary, filled when earned (E-1).
void ProxyGrid(const view::PlayerView& p, const view::PlayersView& all) {
    // Four rows of squares in the height of two lines of text, so the grid never makes a row taller.
    const float gap = 2.0f;
    const float cell = std::floor((2.0f * ImGui::GetTextLineHeightWithSpacing() - ImGui::GetStyle().ItemSpacing.y - 3.0f * gap) / 4.0f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    for (size_t row = 0; row < p.companies.size(); ++row) {
        const view::CompanyHoldings& h = p.companies[row];
        // A delisted company's proxies still count (E-1, E-2): earned ones keep the company's full
        // colour; only the empty squares are dimmed, and crossed, to say it is delisted (M-7).
        const bool listed = all.listed[row];
        const ImVec4 colour = CompanyColour(h.company);
        const ImVec4 empty = listed ? PlayersWithAlpha(colour, 0.45f) : PlayersWithAlpha(CompanyColourDim(h.company), 0.6f);
        for (size_t k = 0; k < h.proxies.size(); ++k) {
            const ImVec2 a(start.x + static_cast<float>(k) * (cell + gap), start.y + static_cast<float>(row) * (cell + gap));
            const ImVec2 b(a.x + cell, a.y + cell);
            if (h.proxies[k].earned) {
                dl->AddRectFilled(a, b, ToU32(colour), 1.0f);
            } else {
                dl->AddRect(a, b, ToU32(empty), 1.0f);
                if (!listed) dl->AddLine(a, b, ToU32(empty));
            }
        }
    }
    ImGui::Dummy(ImVec2(6 * (cell + gap), 4 * (cell + gap)));
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::Text("%s's proxies (E-1): %d of 24", p.name.c_str(), p.proxy_count);
        for (const view::CompanyHoldings& h : p.companies) {
            std::string line;
            int earned = 0;
            for (const view::ProxyCell& c : h.proxies) {
                line += fmt::format("{}{}{}", line.empty() ? "" : "  ", c.earned ? "\u25A0 " : "\u25A1 ", c.label);
                earned += c.earned;
            }
            CompanyText(h.company, fmt::format("{} {}/6: {}", GetProspectus(h.company).name, earned, line).c_str());
        }
        ImGui::EndTooltip();
    }
}

bool Fits(const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x <= ImGui::GetContentRegionAvail().x; }

void CompanyCell(const view::CompanyHoldings& h, bool listed) {
    const ImVec4 colour = listed ? CompanyColour(h.company) : CompanyColourDim(h.company);
    const bool holds = h.common + h.preferred + h.bonds > 0;
    if (holds) {
        // Full numbers when they fit the cell, else the short forms (exact ones in the tooltip).
        const bool shares = h.common + h.preferred > 0;  // bonds alone are worth their face, already shown
        const std::string full = h.HoldingText(), brief = h.HoldingText(true);
        // append, not " " + string: GCC 12 warns falsely (-Wrestrict) on the latter at -O2.
        const std::string value = shares ? std::string(" ").append(FormatMoney(h.value)) : "",
                          brief_value = shares ? std::string(" ").append(FormatMoney(h.value)) : "";
        const std::string* text = &full;
        const std::string* worth = &value;
        if (!Fits(full + value)) text = &brief;
        if (!Fits(*text + value)) worth = &brief_value;
        ImGui::TextUnformatted(text->c_str());
        const bool hovered = ImGui::IsItemHovered();
        // The value only where it fits beside the holdings (rows stay two lines; the net worth
        // column and the tooltip have it anyway).
        ImGui::SameLine(0, 0);
        if (!worth->empty() && Fits(*worth)) {
            ImGui::TextDisabled("%s", worth->c_str());
        } else {
            ImGui::NewLine();
        }
        if (hovered || ImGui::IsItemHovered())
            ImGui::SetTooltip("%s: %s, worth %s (shares at today's price, bonds at face)", std::string(GetProspectus(h.company).name).c_str(),
                              full.c_str(), FormatMoney(h.value).c_str());
    }
    if (h.short_shares > 0) {
        // S-4: the proceeds sit in the margin account; covering now costs the shares at market.
        const bool losing = h.cover_cost > h.short_held;
        ImGui::TextColored(losing ? Theme::Bad() : Theme::Warn(), "short %s", view::ShortCount(h.short_shares).c_str());
        const bool hovered = ImGui::IsItemHovered();
        const std::string margin = fmt::format("{} held, {} cover", FormatMoney(h.short_held), FormatMoney(h.cover_cost));
        PlayersSameLineIfFits(margin);
        TextWrappedWords(margin, &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        if (hovered || ImGui::IsItemHovered())
            ImGui::SetTooltip("S-4: short %s %s; %s of proceeds held in the margin account; covering now costs %s", FormatCount(h.short_shares).c_str(),
                              std::string(GetProspectus(h.company).name).c_str(), FormatMoney(h.short_held).c_str(),
                              FormatMoney(h.cover_cost).c_str());
    }
    // The majority bar where the player has something toward it besides proxies (the grid shows
    // those); it shows the escrow and directorships too.
    const bool toward = h.majority.shares > 0 || h.majority.directorships > 0 || h.majority.escrow;
    if (toward) MajorityBar(h.majority, listed);
    if (const std::string ex = h.ExDividendText(); !ex.empty()) {
        TextWrappedWords(ex, &colour);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("B-5: bought after the year-ending draw, so not paid at this year end");
    }
    if (!holds && h.short_shares == 0 && !toward) ImGui::TextDisabled("\u2014");
}

} // namespace

void DrawPlayers(const AppView& v, UiState& ui, Outbox& out) {
    const view::PlayersView& pv = PlayersViewNow(v, ui);
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX;
    const float em = ImGui::GetFontSize();
    if (!ImGui::BeginTable("##players", 9, flags)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthFixed, em * 5.5f);
    ImGui::TableSetupColumn("Cash", ImGuiTableColumnFlags_WidthFixed, em * 6.4f);
    ImGui::TableSetupColumn("Net worth", ImGuiTableColumnFlags_WidthFixed, em * 5.4f);
    for (Company c : kCompanies) ImGui::TableSetupColumn(std::string(GetProspectus(c).name).c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Proxies", ImGuiTableColumnFlags_WidthFixed, em * 5.0f);
    ImGui::TableSetupColumn("Options", ImGuiTableColumnFlags_WidthStretch, 0.7f);

    // Headings: the companies in their colours with today's price (delisted greyed, M-7).
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int col = 0; col < 9; ++col) {
        ImGui::TableSetColumnIndex(col);
        if (col >= 3 && col <= 6) {
            const size_t i = static_cast<size_t>(col - 3);
            const Company c = kCompanies[i];
            const std::string head = fmt::format("{} {}", GetProspectus(c).name, FormatPrice(pv.price[i]));
            ImGui::TextColored(pv.listed[i] ? CompanyColour(c) : Theme::Muted(), "%s", head.c_str());
            if (!pv.listed[i]) {
                ImGui::TextColored(Theme::Muted(), "delisted (M-7)");
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("M-7: the price is frozen until the new year; nothing of it may be traded");
            }
        } else {
            ImGui::TextDisabled("%s", ImGui::TableGetColumnName(col));
        }
    }

    for (const view::PlayerView& p : pv.players) {
        ImGui::TableNextRow();
        ImGui::PushID(p.index);
        if (p.current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ToU32(ImVec4(0.20f, 0.30f, 0.45f, 0.55f)));
        if (p.could_declare) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ToU32(ImVec4(0.20f, 0.42f, 0.22f, 0.55f)));

        ImGui::TableSetColumnIndex(0);
        if (p.current)
            ImGui::TextColored(Theme::Accent(), "\u25B6 %s", p.name.c_str());
        else
            ImGui::TextUnformatted(p.name.c_str());
        if (v.state.winner && *v.state.winner == p.index) ImGui::TextColored(Theme::Good(), "won (W-1)");
        if (v.legal.count && !v.viewing && ImGui::SmallButton("count")) {  // record what the table shows
            ui.count.whole_table = false;
            ui.count.player = p.index;
            out.Push(ShowPanel{"count"});
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Count %s's holdings on the table (X-1): a correction, in the ledger", p.name.c_str());
        if (v.state.declaring == p.index) {
            ImGui::TextColored(Theme::Warn(), "declaring");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("W-1: the claim is decided once the margin call is paid");
        } else if (p.could_declare) {
            ImGui::TextColored(Theme::Good(), "may declare");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("W-1: %s holds the %s escrow and its voting majority and may declare on their turn", p.name.c_str(),
                                  std::string(GetProspectus(*p.could_declare).name).c_str());
        } else if (p.escrow) {
            CompanyText(*p.escrow, fmt::format("escrow {}", GetProspectus(*p.escrow).letter).c_str());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s holds the %s escrow directorship (E-2)", p.name.c_str(), std::string(GetProspectus(*p.escrow).name).c_str());
        }

        ImGui::TableSetColumnIndex(1);
        TextRight(FormatMoney(p.cash).c_str());
        if (p.owed > Money()) {
            ImGui::PushStyleColor(ImGuiCol_Text, Theme::Bad());
            const std::string owes = "owes " + FormatMoney(p.owed);
            if (Fits(owes)) {
                TextRight(owes.c_str());
            } else {
                TextRight("owes");
                TextRight(FormatMoney(p.owed).c_str());
            }
            ImGui::PopStyleColor();
        }

        ImGui::TableSetColumnIndex(2);
        TextRight(FormatMoney(p.net_worth).c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Net worth: cash %s + holdings %s at market (bonds at face), shorts as if covered now%s",
                              FormatMoney(p.cash).c_str(), FormatMoney(p.long_value).c_str(),
                              p.owed > Money() ? (", less " + FormatMoney(p.owed) + " owed").c_str() : "");

        for (size_t i = 0; i < p.companies.size(); ++i) {
            ImGui::TableSetColumnIndex(3 + static_cast<int>(i));
            ImGui::PushID(static_cast<int>(i));
            CompanyCell(p.companies[i], pv.listed[i]);
            ImGui::PopID();
        }

        ImGui::TableSetColumnIndex(7);
        ProxyGrid(p, pv);

        ImGui::TableSetColumnIndex(8);
        if (p.options.empty()) ImGui::TextDisabled("\u2014");
        for (const view::OptionHeld& o : p.options) {
            const std::string worth = !o.exercisable ? "next turn" : o.value_now > Money() ? std::string("+").append(FormatMoney(o.value_now)) : "$0";
            const bool one_line = Fits(o.short_text + "  " + worth);
            if (one_line)
                ImGui::TextUnformatted(o.short_text.c_str());
            else
                TextWrappedWords(o.short_text);
            const bool hovered = ImGui::IsItemHovered();
            if (one_line) ImGui::SameLine();
            if (o.exercisable && o.value_now > Money())
                ImGui::TextColored(Theme::Warn(), "%s in the money", worth.c_str());  // it expires at the year end (Y-3)
            else
                ImGui::TextDisabled("%s", worth.c_str());
            if (hovered || ImGui::IsItemHovered())
                ImGui::SetTooltip("%s\ncash value now %s%s", o.text.c_str(), FormatMoney(o.value_now).c_str(),
                                  o.exercisable ? "" : "\nexercisable from a later turn (O-2)");
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

} // namespace rutland::bbr::dash
