// Count: the table's count (RULES.md section 15). "Start from the table" on the new-game screen
// opens it with a form for the Big Board and one per player (a game picked up in progress); "count"
// on the Players tab opens it for one player (a table that drifted from the ledger). Each form
// starts as the ledger holds things; what the broker changes becomes a `count` line (count_view.h),
// previewed by the rules (X-2 says why a count is refused) and recorded through the outbox.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
#include "text_wrap.h"
#include "company_colours.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

const ImVec4* Muted() { return &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]; }

// A price as the table says it, in dollars ("$2.10"), held in cents (count_view.h); the buttons
// step one tick (5 cents). What is typed is rounded to the cent at once: no money stays a double.
void PriceInDollars(const char* id, int& cents, float width) {
    ImGui::TextUnformatted("$");
    ImGui::SameLine(0, 2);
    ImGui::SetNextItemWidth(width);
    double dollars = cents / 100.0;
    if (ImGui::InputDouble(id, &dollars, kTickCents / 100.0, 0.25, "%.2f")) cents = static_cast<int>(std::lround(dollars * 100));
}

// The preview of `line`, cached on the session's version.
const view::Preview& PreviewOf(CountPreviewUi& ui, const AppView& v, const std::string& line) {
    if (ui.preview_for != line || ui.preview_version != v.version) {
        ui.preview = view::PreviewCount(v.state, line);
        ui.preview_for = line;
        ui.preview_version = v.version;
    }
    return ui.preview;
}

// The line a form writes, what it would do, and the button that records it. False: nothing to record.
bool LineAndRecord(const AppView& v, const std::string& line, const view::Preview& p, bool can_write, const char* button, Outbox& out) {
    if (line.empty()) {
        ImGui::TextDisabled("As the ledger has it: nothing to record.");
        return false;
    }
    ImGui::TextColored(Theme::Accent(), "%s", line.c_str());
    if (p.kind == view::Preview::Kind::Rejected) {
        const ImVec4 bad = Theme::Bad();
        TextWrappedWords(fmt::format("refused: {} ({})", p.text, p.rule), &bad);
    } else if (p.kind == view::Preview::Kind::Accepted) {
        TextWrappedWords(p.text, Muted());
    }
    ImGui::BeginDisabled(!can_write || p.kind != view::Preview::Kind::Accepted);
    if (ImGui::Button(button)) out.Submit(line);
    ImGui::EndDisabled();
    (void)v;
    return p.kind == view::Preview::Kind::Accepted;
}

void MarketForm(const AppView& v, CountUi& cu, bool can_write, Outbox& out) {
    const GameState& s = v.state;
    const view::MarketCount now = view::StartMarketCount(s);
    if (!cu.market || cu.market_base != now) {
        if (cu.market && *cu.market != *cu.market_base && *cu.market != now)
            cu.restarted = "The market's form started again: the ledger changed under it.";
        cu.market = cu.market_base = now;
    }
    view::MarketCount& m = *cu.market;
    ImGui::PushID("market");
    const float em = ImGui::GetFontSize();
    if (ImGui::BeginTable("##prices", 4, ImGuiTableFlags_SizingStretchSame)) {
        for (Company c : kCompanies) {
            const size_t k = static_cast<size_t>(Index(c));
            ImGui::TableNextColumn();
            ImGui::PushID(static_cast<int>(k));
            ImGui::TextColored(CompanyColour(c), "%s", std::string(GetProspectus(c).name).c_str());
            PriceInDollars("##price", m.price_cents[k], em * 6.0f);
            ImGui::Checkbox("delisted", &m.delisted[k]);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::Checkbox("high volatility (the red die)", &m.high_volatility);
    ImGui::SetNextItemWidth(em * 6.0f);
    ImGui::InputInt("year", &m.year);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 6.0f);
    ImGui::InputInt(fmt::format("Time cards drawn this year (of {})", s.year_cards).c_str(), &m.cards);
    ImGui::SetNextItemWidth(em * 8.0f);
    const std::string& turn = s.players[static_cast<size_t>(std::clamp(m.turn, 0, static_cast<int>(s.players.size()) - 1))].name;
    if (ImGui::BeginCombo("to roll next", turn.c_str())) {
        for (size_t i = 0; i < s.players.size(); ++i)
            if (ImGui::Selectable(s.players[i].name.c_str(), m.turn == static_cast<int>(i))) m.turn = static_cast<int>(i);
        ImGui::EndCombo();
    }
    const std::string line = view::CountMarketLine(s, m);
    LineAndRecord(v, line, PreviewOf(cu.market_preview, v, line), can_write, "Record the market's count", out);
    ImGui::SameLine();
    if (ImGui::Button("As the ledger has it")) cu.market = now;
    ImGui::PopID();
}

void PlayerForm(const AppView& v, CountUi& cu, int player, bool can_write, Outbox& out) {
    const GameState& s = v.state;
    std::optional<view::PlayerCount>& slot = cu.players[static_cast<size_t>(player)];
    std::optional<view::PlayerCount>& base = cu.player_bases[static_cast<size_t>(player)];
    const view::PlayerCount now = view::StartPlayerCount(s, player);
    if (!slot || !base || view::LedgerMoved(*base, now)) {
        if (slot && base && view::LedgerMoved(*base, *slot) && view::LedgerMoved(now, *slot))
            cu.restarted = fmt::format("{}'s form started again: the ledger changed under it.", s.players[static_cast<size_t>(player)].name);
        slot = base = now;
    }
    view::PlayerCount& f = *slot;
    const float em = ImGui::GetFontSize();
    ImGui::PushID(player);
    ImGui::SetNextItemWidth(em * 8.0f);
    const int64_t step = 50, fast = 1000;  // D-18: the smallest bill is $50
    ImGui::InputScalar("cash ($)", ImGuiDataType_S64, &f.cash_dollars, &step, &fast);
    if (ImGui::BeginTable("##holdings", 5, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, em * 11.0f);
        for (Company c : kCompanies) ImGui::TableSetupColumn(std::string(GetProspectus(c).name).c_str());
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        for (Company c : kCompanies) {
            ImGui::TableNextColumn();
            ImGui::TextColored(CompanyColour(c), "%s", std::string(GetProspectus(c).name).c_str());
        }
        const int64_t lot = kBoardLot, ten = 2 * kBoardLot, bond = kBondCertificate;
        struct Row {
            const char* label;
            std::array<int64_t, 4>* values;
            const int64_t* step;
            bool (*applies)(Company);
        };
        const Row rows[] = {
            {"common shares", &f.common, &lot, [](Company) { return true; }},
            {"preferred shares", &f.preferred, &lot, [](Company c) { return GetProspectus(c).preferred_shares > 0; }},
            {"bonds, debentures ($)", &f.bonds, &bond, [](Company) { return true; }},
            {"short shares", &f.short_shares, &lot, [](Company) { return true; }},
        };
        for (const Row& r : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.label);
            for (Company c : kCompanies) {
                const size_t k = static_cast<size_t>(Index(c));
                ImGui::TableNextColumn();
                if (!r.applies(c)) {
                    ImGui::TextDisabled("\u2014");
                    continue;
                }
                ImGui::PushID(fmt::format("{}{}", r.label, k).c_str());
                ImGui::SetNextItemWidth(-1);
                ImGui::InputScalar("##v", ImGuiDataType_S64, &(*r.values)[k], r.step, &ten);
                ImGui::PopID();
            }
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("short sold at ($ a share)");
        for (size_t k = 0; k < 4; ++k) {
            ImGui::TableNextColumn();
            ImGui::PushID(fmt::format("price{}", k).c_str());
            PriceInDollars("##v", f.short_price_cents[k], -1);
            ImGui::PopID();
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("common directorships");
        for (size_t k = 0; k < 4; ++k) {
            ImGui::TableNextColumn();
            ImGui::PushID(fmt::format("dir{}", k).c_str());
            ImGui::SetNextItemWidth(-1);
            ImGui::InputInt("##v", &f.directorships[k]);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::SetNextItemWidth(em * 8.0f);
    const char* escrows[] = {"none", "Yellow", "Blue", "Red", "Green"};
    ImGui::Combo("escrow directorship", &f.escrow, escrows, 5);
    ImGui::TextDisabled("Proxy sheet (E-1):");
    if (ImGui::BeginTable("##proxies", 6, ImGuiTableFlags_SizingStretchSame)) {
        for (const auto& [space, label] : view::SubsidiarySpaces(s)) {
            ImGui::TableNextColumn();
            bool held = (f.proxies >> space) & 1u;
            if (ImGui::Checkbox(label.c_str(), &held)) f.proxies = held ? f.proxies | (uint64_t{1} << space) : f.proxies & ~(uint64_t{1} << space);
        }
        ImGui::EndTable();
    }
    const std::string line = view::CountPlayerLine(s, f);
    const std::string button = fmt::format("Record {}'s count", s.players[static_cast<size_t>(player)].name);
    LineAndRecord(v, line, PreviewOf(cu.player_previews[static_cast<size_t>(player)], v, line), can_write, button.c_str(), out);
    ImGui::SameLine();
    if (ImGui::Button("As the ledger has it")) slot = now;
    ImGui::PopID();
}

} // namespace

void DrawCount(const AppView& v, UiState& ui, Outbox& out) {
    CountUi& cu = ui.count;
    const GameState& s = v.state;
    cu.players.resize(s.players.size());
    cu.player_bases.resize(s.players.size());
    cu.player_previews.resize(s.players.size());
    TextWrappedWords("The table's count (X-1): enter what the table shows. Each form starts as the ledger has it; only what you "
                     "change is recorded, the differences move through the bank, the tray and the margin accounts, and nothing "
                     "else happens. A count is a correction and shows as one (X-3).",
                     Muted());
    const bool can_write = !v.viewing && !v.read_only && v.legal.count;
    if (!cu.restarted.empty()) {
        ImGui::TextColored(Theme::Warn(), "%s", cu.restarted.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("OK")) cu.restarted.clear();
    }
    if (v.viewing) ImGui::TextColored(Theme::Warn(), "Viewing an earlier entry: go back to now to count.");
    else if (v.read_only) ImGui::TextColored(Theme::Warn(), "The game file is read-only.");
    else if (!v.legal.count) ImGui::TextColored(Theme::Warn(), "No count now: the game is won, or someone owes the bank (S-6).");
    // A game with nothing but its header is a table being picked up: the whole table.
    if (!cu.whole_table && cu.player < 0 && v.ledger.Size() == 1) cu.whole_table = true;
    if (!cu.whole_table && cu.player < 0) {
        ImGui::TextDisabled("Choose what to count:");
        ImGui::SameLine();
        // Alt+0 to Alt+8 choose by keyboard (bbr_screen.cpp HandleKeys).
        if (ImGui::SmallButton("the whole table (Alt+0)")) cu.whole_table = true;
        for (size_t i = 0; i < s.players.size(); ++i) {
            ImGui::SameLine();
            const std::string label = i < 8 ? fmt::format("{} (Alt+{})##{}", s.players[i].name, i + 1, i) : s.players[i].name;
            if (ImGui::SmallButton(label.c_str())) cu.player = static_cast<int>(i);
        }
        return;
    }
    if (ImGui::SmallButton(cu.whole_table ? "Count one player only" : "Count the whole table")) {
        cu.whole_table = !cu.whole_table;
        if (!cu.whole_table && cu.player < 0) cu.player = s.current;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Year-end payouts now")) out.Push(ShowPanel{"year-end"});
    if (cu.whole_table) {
        if (ImGui::CollapsingHeader("The Big Board and the calendar", ImGuiTreeNodeFlags_DefaultOpen)) MarketForm(v, cu, can_write, out);
        for (size_t i = 0; i < s.players.size(); ++i)
            if (ImGui::CollapsingHeader(s.players[i].name.c_str(), ImGuiTreeNodeFlags_DefaultOpen))
                PlayerForm(v, cu, static_cast<int>(i), can_write, out);
        // Every form at once, the market first (it names whose turn it is), then the players in order.
        std::vector<std::string> lines;
        if (cu.market) lines.push_back(view::CountMarketLine(s, *cu.market));
        for (const auto& f : cu.players)
            if (f) lines.push_back(view::CountPlayerLine(s, *f));
        std::erase(lines, std::string());
        ImGui::Separator();
        ImGui::BeginDisabled(!can_write || lines.empty());
        if (ImGui::Button(fmt::format("Record every count ({})", lines.size()).c_str()))
            for (std::string& line : lines) out.Submit(std::move(line));
        ImGui::EndDisabled();
        return;
    }
    const int p = std::clamp(cu.player, 0, static_cast<int>(s.players.size()) - 1);
    ImGui::PushFont(v.fonts.large);
    ImGui::TextUnformatted(fmt::format("{}'s holdings as counted on the table", s.players[static_cast<size_t>(p)].name).c_str());
    ImGui::PopFont();
    PlayerForm(v, cu, p, can_write, out);
}

} // namespace rutland::bbr::dash
