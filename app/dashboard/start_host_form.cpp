// The start screen's new-game form for a listed game with no form of its own (every game but Big
// Board Raiders, its dashboard/bbr_start_form.cpp): the players in turn order, who enters the lines, and the
// game's header options (open_game.h HeaderOption), checked on every frame by the game itself
// (view/new_game_form.h) and shown as the header line it makes; Start (or Enter anywhere in the
// form) creates the file through GameDefinition::create and opens it on the desk. The keyboard
// goes as in Big Board Raiders' form: the players' field has it when the screen opens, Tab and
// Shift+Tab step through every field and the Start button (key_focus.h).
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app.h"
#include "key_focus.h"
#include "new_game_form.h"
#include "settings.h"
#include "theme.h"

namespace rutland::dash {

namespace {

void Problem(const std::string& error) {
    if (error.empty()) return;
    ImGui::SameLine();
    ImGui::TextColored(Theme::Bad(), "%s", error.c_str());
}

} // namespace

bool App::DrawHostGameForm(const host::GameDefinition& game, bool enter) {
    KeyFocus& keys = m_start.keys;
    view::HostGameForm form;
    form.players = m_start.host_players.data();
    form.broker = m_start.host_broker.data();
    const size_t options = std::min(game.header_options.size(), m_start.host_options.size());
    for (size_t i = 0; i < options; ++i) form.options.emplace_back(m_start.host_options[i].data());
    const view::HostGameCheck check = view::CheckHostGame(game, form);
    const bool typed_players = !form.players.empty();

    ImGui::PushItemWidth(std::min(420.0f, ImGui::GetContentRegionAvail().x * 0.35f));
    // As Big Board Raiders' form: typing with no field active goes to the players while it is empty.
    m_start.takes_text = (!typed_players && keys.at == 0) || keys.on_text;
    if (m_shell.text_waiting && m_start.takes_text && !ImGui::IsAnyItemActive() && !FocusAsked(keys)) keys.moved = true;
    TextStop(keys);
    ImGui::InputTextWithHint("Players, in turn order", "Ann, Bob, Cy", m_start.host_players.data(), m_start.host_players.size());
    EndStop(keys, true);
    if (typed_players) Problem(check.players_error);
    TextStop(keys);
    ImGui::InputTextWithHint("Broker", "who enters the lines: blank, the broker", m_start.host_broker.data(),
                             m_start.host_broker.size());
    EndStop(keys, true);
    for (size_t i = 0; i < options; ++i) {
        const host::HeaderOption& option = game.header_options[i];
        TextStop(keys);
        ImGui::InputTextWithHint((std::string(option.label) + "##" + std::string(option.key)).c_str(),
                                 std::string(option.hint).c_str(), m_start.host_options[i].data(), m_start.host_options[i].size());
        EndStop(keys, true);
        if (i < check.option_errors.size()) Problem(check.option_errors[i]);
    }
    ImGui::PopItemWidth();
    ImGui::TextDisabled("Header line: %s", check.header_line.c_str());
    ImGui::BeginDisabled(!check.Ok());
    bool start = ImGui::Button("Start the game (Enter)");
    start = (EndStop(keys, false) && keys.press) || start || enter;
    ImGui::EndDisabled();
    if (typed_players && !check.form_error.empty()) Problem(check.form_error);
    if (!start || !check.Ok()) return false;
    const std::string path = view::NewGamePath(view::DataDir(), check.players, m_shell.now().substr(0, 10));
    std::string error;
    if (!CreateDeskGame(path, game, check.header, &error)) {
        m_start.error = error;
        return false;
    }
    return true;
}

} // namespace rutland::dash
