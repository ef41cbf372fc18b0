// Big Board Raiders' new-game form on the start screen (bbr_start_form.h): the form as typed,
// checked field by field on every frame (new_game_check.h), each problem beside its field in plain
// words before Start is pressed; the board a new game is played on, and its setup (board_learning.h).
#include "bbr_start_form.h"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "bbr_screen.h"
#include "view/new_game_check.h"
#include "theme.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

namespace {

// RULES.md section 14, as the header's variants= takes them.
constexpr std::array<const char*, 7> kVariantNames = {"rollback-odd-lot=level", "rollback-cover=0.50", "delist-cover=market",
                                                      "shorts-carry-over", "put-cash-needs-ask", "uptick",
                                                      "strict-year-end-buys"};
constexpr std::array<const char*, 7> kVariantHelp = {
    "D-6: the odd lot of a Roll Back at the level price", "D-7: Roll Back covers at $0.50", "D-10: delisted shorts covered at market",
    "D-13: shorts carry over the year end",              "D-16: put for cash needs an Ask", "D-21/M-8: the up-tick rule",
    "D-24: after the year-ending draw, directorships still need an Ask and preferred its PREFERRED space"};

// One field's problem, in the bad colour right after the field.
void BbrFieldError(const std::string& error) {
    if (error.empty()) return;
    ImGui::SameLine();
    ImGui::TextColored(Theme::Bad(), "%s", error.c_str());
}

// Broker or SEC guy: nobody, one of the players, or someone who does not play (typed once). With
// the keyboard's focus (key_focus.h) Space and the arrows step through the same choices.
void BbrRoleCombo(const char* label, view::RolePick& pick, std::array<char, 64>& other_name, const std::vector<std::string>& players,
               const char* nobody, KeyFocus& keys) {
    const std::string shown = pick.other ? "someone who does not play"
                              : pick.player >= 0 && pick.player < static_cast<int>(players.size()) ? players[static_cast<size_t>(pick.player)]
                                                                                                  : std::string(nobody);
    if (ImGui::BeginCombo(label, shown.c_str())) {
        if (ImGui::Selectable(nobody, !pick.other && pick.player < 0)) pick = view::RolePick{};
        for (size_t i = 0; i < players.size(); ++i)
            if (ImGui::Selectable(players[i].c_str(), !pick.other && pick.player == static_cast<int>(i))) pick = view::RolePick{static_cast<int>(i), false, {}};
        if (ImGui::Selectable("someone who does not play...", pick.other)) pick = view::RolePick{-1, true, {}};
        ImGui::EndCombo();
    }
    if (EndStop(keys, false) && keys.step != 0) {
        // The choices in order: nobody (-1), each player, someone who does not play (players.size()).
        const int n = static_cast<int>(players.size()) + 2;
        const int now = pick.other ? n - 2 : std::clamp(pick.player, -1, n - 3);
        const int next = view::NextStop(now + 1, keys.step, n) - 1;
        pick = next == n - 2 ? view::RolePick{-1, true, {}} : view::RolePick{next, false, {}};
    }
    if (pick.other) {
        ImGui::Indent();
        TextStop(keys);
        ImGui::InputTextWithHint((std::string("Name##") + label).c_str(), "their name", other_name.data(), other_name.size());
        EndStop(keys, true);
        ImGui::Unindent();
        pick.name = other_name.data();
    }
}

// A check box with the keyboard's focus: Space ticks it.
void BbrCheckStop(const char* label, bool* value, KeyFocus& keys) {
    ImGui::Checkbox(label, value);
    if (EndStop(keys, false) && keys.press) *value = !*value;
}

} // namespace

BbrStartForm::BbrStartForm(ScreenShell& shell) : m_shell(shell) { std::snprintf(m_cash.data(), m_cash.size(), "100000"); }

std::unique_ptr<GameScreen> BbrStartForm::Draw(KeyFocus& keys, bool enter, std::string* error) {
    // The form as typed, checked field by field on every frame (start_view.h): each problem shows
    // beside its field in plain words, before Start is pressed.
    view::NewGameForm form;
    form.players = m_players.data();
    form.cash = m_cash.data();
    form.year_cards = m_year_cards.data();
    form.broker = m_broker_pick;
    form.sec = m_sec_pick;
    form.start = m_start_spaces.data();
    for (size_t i = 0; i < kVariantNames.size(); ++i)
        if (m_variants[i]) form.variants.emplace_back(kVariantNames[i]);
    form.board = m_shell.settings.board.empty() ? std::string("standard") : m_shell.settings.board;  // as picked below (last frame)
    const bool typed_players = *m_players.data() != '\0';

    ImGui::PushItemWidth(std::min(420.0f, ImGui::GetContentRegionAvail().x * 0.35f));
    // The first field has the keyboard when the screen opens, and when typing finds no field while
    // it is still empty (a focus by code selects the whole text, which the typing would replace).
    // (Not while the keyboard's focus is on another item: Tab and Space are for that one.)
    const bool takes_text = (!typed_players && keys.at == 0) || keys.on_text;
    if (m_shell.text_waiting && takes_text && !ImGui::IsAnyItemActive() && !FocusAsked(keys)) keys.moved = true;
    TextStop(keys);
    ImGui::InputTextWithHint("Players, in turn order", "Ann, Bob, Cy, Dee", m_players.data(), m_players.size());
    EndStop(keys, true);
    const view::NewGameCheck check_players = view::CheckNewGame(form);
    if (typed_players) BbrFieldError(check_players.players_error);
    TextStop(keys);
    ImGui::InputText("Starting cash ($)", m_cash.data(), m_cash.size(), ImGuiInputTextFlags_CharsDecimal);
    EndStop(keys, true);
    BbrFieldError(check_players.cash_error);
    BbrRoleCombo("Broker", m_broker_pick, m_broker, check_players.players, "nobody named (optional)", keys);
    BbrFieldError(check_players.broker_error);
    BbrRoleCombo("SEC guy", m_sec_pick, m_sec, check_players.players, "nobody named (optional)", keys);
    BbrFieldError(check_players.sec_error);
    TextStop(keys);
    ImGui::InputTextWithHint("Time cards per year (D-4)", "blank: one per player", m_year_cards.data(), m_year_cards.size(),
                             ImGuiInputTextFlags_CharsDecimal);
    EndStop(keys, true);
    BbrFieldError(check_players.year_cards_error);
    TextStop(keys);
    ImGui::InputTextWithHint("Start spaces", "blank: first rolls name it; @market-1 for all",
                             m_start_spaces.data(), m_start_spaces.size());
    EndStop(keys, true);
    if (*m_start_spaces.data() != '\0') BbrFieldError(check_players.start_error);
    ImGui::PopItemWidth();
    m_broker_pick.name = m_broker.data();
    m_sec_pick.name = m_sec.data();
    form.board = DrawStartBoardPick(m_learn, m_shell.settings, keys);  // board_learning.cpp: the board a new game is played on
    const view::NewGameCheck check = view::CheckNewGame(form);
    ImGui::TextUnformatted("Variants (RULES.md section 14):");
    for (size_t i = 0; i < kVariantNames.size(); ++i) {
        BbrCheckStop(kVariantNames[i], &m_variants[i], keys);
        ImGui::SameLine();
        ImGui::TextDisabled("%s", kVariantHelp[i]);
    }
    BbrCheckStop("Start from the table", &m_from_table, keys);
    ImGui::SameLine();
    ImGui::TextDisabled("a game in progress: count the Big Board and each player's holdings first (X-1)");
    ImGui::BeginDisabled(!check.Ok());
    // Enter starts it too (from any item of the new game): the keyboard does everything.
    bool start = ImGui::Button("Start the game (Enter)");
    start = (EndStop(keys, false) && keys.press) || start || enter;
    ImGui::EndDisabled();
    if (!check.form_error.empty()) BbrFieldError(check.form_error);
    if (start && check.Ok()) {
        const std::string path = view::NewGamePath(view::DataDir(), check.header->players, m_shell.now().substr(0, 10));
        std::unique_ptr<BbrScreen> screen = StartBbrScreen(path, *check.header, m_shell, error);
        if (screen && m_from_table) screen->StartFromTable();  // the Count tab with a form for the market and each player
        return screen;
    }
    return nullptr;
}

bool BbrStartForm::FirstFieldTyped() const { return *m_players.data() != '\0'; }

bool BbrStartForm::Fullscreen() const { return SetupActive(m_learn); }

void BbrStartForm::DrawFullscreen() { DrawBoardSetup(m_learn, m_shell.fonts); }

std::unique_ptr<dash::NewGameForm> MakeBbrStartForm(ScreenShell& shell) { return std::make_unique<BbrStartForm>(shell); }

view::RecentGame ReadBbrRecentGame(const std::string& path) { return ReadRecentGame(path); }

} // namespace rutland::bbr::dash
