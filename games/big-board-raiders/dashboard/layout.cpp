// The dashboard's regions as layout_model.h decides them: measured metrics and the middle's content
// in, sizes out; this file only places the panels there.
#include <cmath>

#include <fmt/format.h>
#include <imgui.h>

#include "display_text.h"
#include "panels.h"
#include "rule_text_draw.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

view::Metrics MeasuredMetrics(const Fonts& fonts) {
    const ImGuiStyle& style = ImGui::GetStyle();
    view::Metrics m;
    m.font = ImGui::GetFontSize();
    // The average glyph of the panels' sentences (letters, digits, money, spaces).
    constexpr const char* kSample = "Ann pays the broker $42,000: 4 x $10,000; move the Yellow marker from $2.10 to $2.30";
    m.char_w = ImGui::CalcTextSize(kSample).x / static_cast<float>(std::char_traits<char>::length(kSample));
    ImGui::PushFont(fonts.large);  // the broker's instructions' steps
    m.large_char_w = ImGui::CalcTextSize(kSample).x / static_cast<float>(std::char_traits<char>::length(kSample));
    ImGui::PopFont();
    m.line = ImGui::GetTextLineHeightWithSpacing();
    m.frame = ImGui::GetFrameHeightWithSpacing();
    m.padding = style.WindowPadding.x;
    m.spacing = style.ItemSpacing.x;
    return m;
}

} // namespace

const view::TurnView& TurnViewNow(const AppView& v, UiState& ui) {
    if (!ui.turn.valid || ui.turn.version != v.version) {
        ui.turn.view = view::MakeTurnView(v.state, v.legal, view::IsBonusTurn(v.ledger, v.viewing, v.state));
        ui.turn.version = v.version;
        ui.turn.valid = true;
    }
    return ui.turn.view;
}

const view::InstructionsView& InstructionsViewNow(const AppView& v, UiState& ui) {
    InstructionsUi& in = ui.instructions;
    const int seq = v.viewing ? *v.viewing : v.session.LastEntry();
    if (in.seq != seq || in.version != v.version) {
        const Entry& e = v.ledger.At(seq);
        const bool latest = seq == v.ledger.Size() - 1;
        const GameState after = latest ? v.session.Live() : v.ledger.StateAt(seq);
        view::InstructionsView made = view::MakeInstructionsView(e.effects, after);
        if (in.seq != seq) in.done.assign(made.steps.size(), 0);
        in.done.resize(made.steps.size(), 0);
        in.view = std::move(made);
        in.seq = seq;
        in.version = v.version;
        in.line = "Entry " + std::to_string(seq) + ": " + view::CutForDisplay(e.line, view::kOneLineChars);
    }
    return in.view;
}

void DrawLayout(const AppView& v, UiState& ui, Outbox& out) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    view::LayoutInput in;
    in.m = MeasuredMetrics(v.fonts);
    in.width = avail.x;
    in.height = avail.y - ImGui::GetTextLineHeightWithSpacing();  // the status line
    in.content = view::MakeMiddleContent(EntryFeedbackNow(v, ui), TurnViewNow(v, ui), InstructionsViewNow(v, ui));
    in.content.entry_measured = ui.entry.measured_height;
    in.content.entry_measured_width = ui.entry.measured_width;
    // The players table needs its tab bar, header and two lines a player; another tab (the ledger,
    // the prices) takes what the middle leaves.
    if (ui.bottom_tab == "players")
        in.lower_need = in.m.frame + in.m.line + static_cast<float>(v.state.players.size()) * 2.2f * in.m.line + 3 * in.m.padding;
    else if (ui.bottom_tab == "tray")
        in.lower_need = in.m.frame + 5 * in.m.line + 3 * in.m.padding;
    else
        in.lower_wanted = std::floor(in.height * 0.42f);
    in.players = static_cast<int>(v.state.players.size());
    in.strip_cell = PlayersStripCellWidth(v, ui, false);
    in.strip_cell_narrow = PlayersStripCellWidth(v, ui, true);
    ui.layout = view::ComputeLayout(in);
    const view::DashboardLayout& L = ui.layout;

    auto region = [&](const char* id, const char* title, ImVec2 size, PanelFn draw) {
        ImGui::BeginChild(id, size, true);
        PanelTitle(title);
        draw(v, ui, out);
        ImGui::EndChild();
    };
    if (L.left > 0) {
        region("##big-board", "Big Board", ImVec2(L.left, L.top), DrawBigBoard);
        ImGui::SameLine();
    }
    ImGui::BeginChild("##middle", ImVec2(L.middle, L.top), false);
    {
        // The entry line first: the broker's eyes start where the typing is.
        region("##entry", "Entry line", ImVec2(0, L.entry), DrawEntry);
        if (L.turn_width > 0) {  // side by side under the entry line
            region("##turn", "Turn", ImVec2(L.turn_width, L.turn), DrawTurn);
            ImGui::SameLine();
            region("##instructions", "Broker's instructions", ImVec2(0, L.instructions), DrawInstructions);
        } else {
            region("##turn", "Turn", ImVec2(0, L.turn), DrawTurn);
            region("##instructions", "Broker's instructions", ImVec2(0, 0), DrawInstructions);
        }
    }
    ImGui::EndChild();
    if (L.right > 0) {
        ImGui::SameLine();
        region("##sec", "SEC guy", ImVec2(0, L.top), DrawSec);
    }

    ImGui::BeginChild("##lower", ImVec2(0, L.lower), true);
    // Every player's cash, whatever tab is in front (layout_model.h invariant 5).
    DrawPlayersStrip(v, ui, out);
    if (ImGui::BeginTabBar("##tabs")) {
        struct Tab {
            std::string name;
            int key = 0;  // F2.. (0: none, a folded panel)
        };
        std::vector<Tab> tabs;
        for (size_t i = 0; i < kLowerTabs.size(); ++i) tabs.push_back({kLowerTabs[i], static_cast<int>(i) + 2});
        // A folded panel is a tab, after the players (the SEC guy first: he is asked most).
        for (const std::string& f : L.folded) tabs.insert(tabs.begin() + 1, Tab{f, 0});
        for (const Tab& tab : tabs) {
            const std::string& name = tab.name;
            const PanelInfo* p = FindPanel(name);
            ImGuiTabItemFlags tab_flags = 0;
            if (ui.front_request == name) tab_flags |= ImGuiTabItemFlags_SetSelected;
            const std::string label = tab.key ? fmt::format("{}  F{}###{}", p->title, tab.key, name) : fmt::format("{}###{}", p->title, name);
            if (ImGui::BeginTabItem(label.c_str(), nullptr, tab_flags)) {
                ui.bottom_tab = name;
                ImGui::BeginChild(name.c_str(), ImVec2(0, 0), false);
                p->draw(v, ui, out);
                ImGui::EndChild();
                ImGui::EndTabItem();
            }
        }
        ui.front_request.clear();
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
    // A rejection stays in the status line until the next Enter (which replaces it) or Esc (which
    // clears it, App::ClearEntry): it is the last thing that happened.
    ImGui::TextDisabled("%s", ui.status.c_str());
    RuleHoverLastItem(ui.status);  // "Rejected: ... (T-2)": its rule on hover and F1
}

} // namespace rutland::bbr::dash
