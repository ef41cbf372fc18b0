#include "app.h"

#include <algorithm>
#include <utility>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID

#include "desk_games.h"
#include "key_focus.h"
#include "text_wrap.h"
#include "theme.h"

// [SECTION] Index
//  - Opening and creating games
//  - The frame: keys, layout, the confirm box, the outbox
//  - The start screen

namespace rutland::dash {

namespace {

bool KeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }


} // namespace

// [SECTION] Opening and creating games

App::App(view::Settings settings, std::string config_dir, std::function<std::string()> now, std::string id_prefix) {
    m_shell.settings = std::move(settings);
    m_shell.config_dir = std::move(config_dir);
    m_shell.now = std::move(now);
    m_shell.id_prefix = std::move(id_prefix);
    // Each game's own new-game form (desk_games.h), kept while the app runs.
    for (const host::GameDefinition* game : host::Games())
        if (const GameScreenMaker* own = ScreenMakerOf(game->name); own && own->new_game_form)
            m_forms.emplace_back(std::string(game->name), own->new_game_form(m_shell));
}

void App::Opened(std::unique_ptr<GameScreen> screen, const std::string& path) {
    m_sharing.reset();  // the page was the last game's
    m_screen = std::move(screen);
    for (auto& form : m_forms) form.second->Reset();
    m_redraw_frames = 2;
    m_shell.settings.Opened(path);
    m_shell.settings.Save(m_shell.config_dir);
}

bool App::OpenGame(const std::string& path, std::string* error) {
    // The game the file records (registry.h GameToOpen): a game this build lacks is refused by name;
    // a file that records none, or cannot be read, goes to Big Board Raiders' open, which says why.
    const host::GameDefinition* game = host::GameToOpen(path, error);
    if (!game) return false;
    if (const GameScreenMaker* own = ScreenMakerOf(game->name)) {
        std::unique_ptr<GameScreen> screen = own->open(path, m_shell, error);
        if (!screen) return false;
        Opened(std::move(screen), path);
        return true;
    }
    std::unique_ptr<host::OpenGame> g = game->open(path, host::Access::Play, m_shell.id_prefix, error);
    if (!g) return false;
    const int entries = g->Size();
    auto screen = std::make_unique<DeskScreen>(std::move(g), m_shell);
    if (screen->Status().empty())
        screen->Status() = fmt::format("Opened {} ({}): {} entries, verified clean", path, game->title, entries);
    Opened(std::move(screen), path);
    return true;
}

NewGameForm* App::FormOf(const host::GameDefinition& game) const {
    for (const auto& [name, form] : m_forms)
        if (name == game.name) return form.get();
    return nullptr;
}

NewGameForm* App::ChosenForm() const {
    const std::vector<const host::GameDefinition*> games = view::ListedGames(host::Games());
    if (games.empty()) return nullptr;
    return FormOf(*games[static_cast<size_t>(std::clamp(m_start.game, 0, static_cast<int>(games.size()) - 1))]);
}

bool App::CreateFromHeader(const std::string& path, const std::string& header_line, std::string* error) {
    // The header names the game (registry.h GameOfHeader): its own screen reads it, or the desk's game does.
    const host::GameDefinition* game = host::GameOfHeader(header_line, error);
    if (!game) return false;
    if (const GameScreenMaker* own = ScreenMakerOf(game->name)) {
        std::unique_ptr<GameScreen> screen = own->create(path, header_line, m_shell, error);
        if (!screen) return false;
        Opened(std::move(screen), path);
        return true;
    }
    const host::ReadLine header = game->read(header_line, true);
    if (header.kind != host::ReadLine::Kind::Header) {
        *error = "the first line must be the game header, e.g. " + std::string(game->example_header) +
                 (header.error.empty() ? "" : " (" + header.error + ")");
        return false;
    }
    return CreateDeskGame(path, *game, header, error);
}

bool App::CreateDeskGame(const std::string& path, const host::GameDefinition& game, const host::ReadLine& header,
                         std::string* error) {
    if (!game.create) {
        *error = std::string(game.title) + " cannot be started in this Rutland";
        return false;
    }
    const host::StampText stamp{m_shell.now(), header.who.empty() ? std::string("table") : header.who, m_shell.id_prefix + ":header"};
    std::unique_ptr<host::OpenGame> g = game.create(path, header, stamp, m_shell.id_prefix, error);
    if (!g) return false;
    auto screen = std::make_unique<DeskScreen>(std::move(g), m_shell);
    screen->Status() = fmt::format("New game of {} in {}", game.title, path);
    Opened(std::move(screen), path);
    return true;
}

void App::Type(const std::string& text) {
    if (m_screen) m_screen->Type(text);
}

bool App::TakesText() const {
    if (m_screen) return m_screen->TakesText(m_panel);
    const NewGameForm* form = ChosenForm();
    return m_start.takes_text || (form && form->Fullscreen());  // the start screen's first field, while empty
}

unsigned int App::TextFieldWanted() const {
    const NewGameForm* form = ChosenForm();
    if (m_screen || (form && form->Fullscreen())) return 0;
    return FocusedTextField(m_start.keys);
}

bool App::TakeRedrawRequest() {
    if (m_screen && m_screen->TakeRedrawRequest()) return true;
    if (m_redraw_frames == 0) return false;
    --m_redraw_frames;
    return true;
}

bool App::TakeQuitRequest() {
    const bool r = m_quit_request;
    m_quit_request = false;
    return r;
}

void App::CloseGame() {
    m_sharing.reset();  // the page was this game's
    m_screen.reset();
    for (auto& form : m_forms) form.second->Reset();
    m_start.error.clear();
    m_start.focus = true;
    m_start.recent.clear();  // read again: this game has new entries
    m_redraw_frames = 2;
}

void App::SetStatus(const std::string& text) {
    if (m_screen) m_screen->Status() = text;
}

bool App::SharedWithPhones() { return m_screen && dash::SharedWithPhones(m_screen->Share()); }

std::optional<float> App::TakeFontRequest() {
    std::optional<float> r = m_shell.font_request;
    m_shell.font_request.reset();
    return r;
}

void App::Share(bool on, bool lan) {
    if (!m_screen) return;
    ShareUi& s = m_screen->Share();
    m_sharing.reset();
    s.on = false;
    s.address.clear();
    s.qr = {};
    s.error.clear();
    const std::string file = m_screen->SharedFile();
    if (!on || file.empty()) return;
    serve::ServeOptions o;
    o.file = file;
    o.lan = lan;
    // The game's token (share_ui.h ShareUi::token): phones keep their page across off and on.
    if (s.token.empty()) s.token = serve::NewAccessToken();
    o.token = s.token;
    m_sharing = serve::GameServer::Start(o, &s.error);
    if (!m_sharing) return;
    s.lan = lan;
    s.on = true;
    s.open = true;
    s.address = m_sharing->Address();
    s.qr = view::MakeQrCode(s.address);
    m_screen->Status() = "Sharing the game read-only at " + s.address;
}

std::optional<std::string> App::TakeScreenshotRequest() {
    std::optional<std::string> r = m_shell.screenshot_request;
    m_shell.screenshot_request.reset();
    return r;
}

bool App::TakePlayersFullScreenRequest() {
    const bool r = m_players_full_screen_request;
    m_players_full_screen_request = false;
    return r;
}

// [SECTION] The frame: keys, layout, the confirm box, the outbox

void App::FramePlayers(const Fonts& fonts) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->Pos);
    ImGui::SetNextWindowSize(viewport->Size);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Rutland players", nullptr, flags);
    if (m_screen) {
        const RuleHookScope rules(m_screen->Rules());  // the game's rule IDs in its words (rule_text_draw.h)
        m_screen->DrawPlayers(fonts);
        ImGui::End();
        m_screen->DrawPlayersOver(fonts);
        return;
    }
    ImGui::PushFont(fonts.huge);
    ImGui::TextUnformatted("Rutland");
    ImGui::PopFont();
    ImGui::PushFont(fonts.large);
    ImGui::TextDisabled("No game open yet: the broker opens or starts one.");
    ImGui::PopFont();
    ImGui::End();
}

void App::Frame(const std::string& panel) {
    m_panel = panel;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->Pos);
    ImGui::SetNextWindowSize(viewport->Size);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Rutland", nullptr, flags);
    HandleAppKeys();
    if (m_screen) {
        FrameScreen(panel);
        return;
    }
    NewGameForm* form = ChosenForm();
    if (form && form->Fullscreen())
        form->DrawFullscreen();
    else
        DrawStart();
    ImGui::End();
}

void App::HandleAppKeys() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_Q)) m_quit_request = true;
    // F11: the players' window opens or closes; Shift+F11: it goes full screen, or back.
    if (KeyPressed(GLFW_KEY_F11)) {
        if (io.KeyShift) {
            m_players_window = true;
            m_players_full_screen_request = true;
        } else {
            m_players_window = !m_players_window;
        }
    }
    // F12 on the start screen: its picture in the games' folder (in a game: beside the game, the game's screen).
    if (!m_screen && KeyPressed(GLFW_KEY_F12))
        m_shell.screenshot_request = (std::filesystem::path(view::DataDir()) / fmt::format("start-{}.png", ++m_shell.screenshots)).string();
}

// The open game's screen (game_screen.h): its frame, the window ended, what its panels asked for,
// then what it asked of the shell.
void App::FrameScreen(const std::string& panel) {
    {
        const RuleHookScope rules(m_screen->Rules());  // the game's rule IDs in its words (rule_text_draw.h)
        m_screen->Draw(panel);
    }
    ImGui::End();
    m_screen->Apply();
    AfterScreenFrame();
}

void App::AfterScreenFrame() {
    if (std::optional<ShareGame> a = std::exchange(m_shell.share_request, std::nullopt)) {
        if (a->new_token) m_screen->Share().token.clear();
        Share(a->on, a->lan);
    }
    if (std::exchange(m_shell.close_request, false)) CloseGame();
}

view::HostDesk* App::GetDesk() {
    auto* desk = dynamic_cast<DeskScreen*>(m_screen.get());
    return desk ? &desk->Desk() : nullptr;
}

// [SECTION] The start screen

namespace {

// One field's problem, in the bad colour right after the field.
void FieldError(const std::string& error) {
    if (error.empty()) return;
    ImGui::SameLine();
    ImGui::TextColored(Theme::Bad(), "%s", error.c_str());
}

} // namespace

void App::DrawStart() {
    KeyFocus& keys = m_start.keys;
    if (m_start.focus) {  // the screen opens with the first field's focus, framed
        keys.at = 0;
        keys.moved = true;
        m_start.focus = false;
    }
    BeginKeyFocus(keys);
    ImGui::PushFont(m_shell.fonts.huge);
    ImGui::TextUnformatted("Rutland");
    ImGui::PopFont();
    // The game it is of: the registry's listed games (start_view.h ListedGames), the first chosen.
    // The form under it is that game's own (desk_games.h), or the form every game has.
    const std::vector<const host::GameDefinition*> games = view::ListedGames(host::Games());
    ImGui::TextDisabled("%s      Tab: next item, Space: tick or choose, Enter: start or open      Ctrl+Q quit",
                        view::DeskFor(games).c_str());  // every game offered, not the first alone
    ImGui::Separator();
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("New game");
    ImGui::PopFont();
    const host::GameDefinition* host_game = nullptr;
    NewGameForm* own_form = nullptr;
    if (!games.empty()) {
        // Ctrl+G: the next listed game, its form's first field taking the keyboard (key_focus.h).
        if (ImGui::GetIO().KeyCtrl && KeyPressed(GLFW_KEY_G) && games.size() > 1) {
            m_start.game = (m_start.game + 1) % static_cast<int>(games.size());
            keys.at = 0;
            keys.moved = true;
        }
        m_start.game = std::clamp(m_start.game, 0, static_cast<int>(games.size()) - 1);
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("of");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::CalcTextSize(std::string(games[static_cast<size_t>(m_start.game)]->title).c_str()).x +
                                ImGui::GetFrameHeight() * 2.0f);
        if (ImGui::BeginCombo("##game", std::string(games[static_cast<size_t>(m_start.game)]->title).c_str())) {
            for (size_t i = 0; i < games.size(); ++i)
                if (ImGui::Selectable(std::string(games[i]->title).c_str(), static_cast<int>(i) == m_start.game))
                    m_start.game = static_cast<int>(i);
            ImGui::EndCombo();
        }
        if (games.size() > 1) {
            ImGui::SameLine();
            ImGui::TextDisabled("Ctrl+G: another game");
        }
        // A listed game without a form of its own gets the form every game has (start_host_form.cpp).
        own_form = FormOf(*games[static_cast<size_t>(m_start.game)]);
        if (!own_form) host_game = games[static_cast<size_t>(m_start.game)];
    }
    // Enter opens the game named in the Open section when the focus is there, else starts the new one.
    const bool in_open = m_start.first_open_stop >= 0 && keys.at >= m_start.first_open_stop;
    const bool enter = KeyPressed(GLFW_KEY_ENTER) || KeyPressed(GLFW_KEY_KP_ENTER);
    if (host_game) {
        if (DrawHostGameForm(*host_game, enter && !in_open && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))) {
            EndKeyFocus(keys);
            return;
        }
    } else if (own_form) {
        std::string error;
        std::unique_ptr<GameScreen> screen =
            own_form->Draw(keys, enter && !in_open && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId), &error);
        if (screen) {
            const std::string path = screen->SharedFile();
            Opened(std::move(screen), path);
            EndKeyFocus(keys);
            return;
        }
        if (!error.empty()) m_start.error = error;
    }
    if (!m_start.error.empty()) FieldError(m_start.error);  // what creating or opening the file said
    ImGui::Separator();
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("Open a game");
    ImGui::PopFont();
    m_start.first_open_stop = keys.next;
    std::optional<std::string> open;  // the game to open: Enter or Space on it, or a click
    ImGui::SetNextItemWidth(std::min(520.0f, ImGui::GetContentRegionAvail().x * 0.5f));
    TextStop(keys);
    // Enter in this field opens the file typed (not a new game, as the form's Enter would).
    if (ImGui::InputTextWithHint("File", "/path/to/game.rutland", m_start.open_path.data(), m_start.open_path.size(),
                                 ImGuiInputTextFlags_EnterReturnsTrue))
        open = m_start.open_path.data();
    EndStop(keys, true);
    ImGui::SameLine();
    const bool open_clicked = ImGui::Button("Open");
    if ((EndStop(keys, false) && (keys.press || enter)) || open_clicked) open = m_start.open_path.data();
    const std::string data_dir = view::DataDir();
    ImGui::TextDisabled("Games are kept in %s", data_dir.c_str());
    std::error_code ec;
    for (const auto& f : std::filesystem::directory_iterator(data_dir, ec)) {
        if (f.path().extension() != ".rutland") continue;
        const bool clicked = ImGui::Selectable(f.path().filename().string().c_str());
        if (EndStop(keys, false) && (keys.press || enter)) open = f.path().string();
        if (clicked) open = f.path().string();
    }
    ImGui::Separator();
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("Recent games");
    ImGui::PopFont();
    if (m_shell.settings.recent.empty()) ImGui::TextDisabled("none yet");
    // Read once per visit of the start screen (each is opened read-only and verified).
    if (m_start.recent.size() != m_shell.settings.recent.size()) {
        m_start.recent.clear();
        for (const std::string& path : m_shell.settings.recent) {
            // Each with its own game's reader (registry.h GameToOpen); a game this build lacks says so.
            std::string why;
            const host::GameDefinition* game = host::GameToOpen(path, &why);
            if (!game) {
                view::RecentGame r;
                r.path = path;
                r.error = why;
                m_start.recent.push_back(std::move(r));
            } else if (const GameScreenMaker* own = ScreenMakerOf(game->name); own && own->read_recent) {
                m_start.recent.push_back(own->read_recent(path));  // the game's own reader (desk_games.h)
                if (m_start.recent.back().error.empty()) m_start.recent.back().game = std::string(game->title);
            } else {
                m_start.recent.push_back(view::ReadRecentGame(path, *game));
            }
        }
    }
    if (!m_start.recent.empty() &&
        ImGui::BeginTable("##recent", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV)) {
        for (const char* h : {"File", "Game", "Players", "Year/round", "Entries", "Last played (UTC)", "Fingerprint"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (const view::RecentGame& g : m_start.recent) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string name = std::filesystem::path(g.path).filename().string();
            if (ImGui::Selectable((name + "##" + g.path).c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) open = g.path;
            if (EndStop(keys, false) && (keys.press || enter)) open = g.path;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", g.path.c_str());
            ImGui::TableNextColumn();
            if (!g.error.empty()) {
                ImGui::TextColored(Theme::Bad(), "cannot be read: %s", g.error.c_str());
                continue;
            }
            ImGui::TextUnformatted(g.game.c_str());
            ImGui::TableNextColumn();
            std::string players;
            for (const std::string& p : g.players) players += (players.empty() ? "" : ", ") + p;
            ImGui::TextUnformatted(players.c_str());
            ImGui::TableNextColumn();
            if (g.year > 0) ImGui::Text("%d", g.year);
            ImGui::TableNextColumn();
            ImGui::Text("%d", g.entries);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(g.last_played.c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(Theme::Accent(), "%s", g.fingerprint.c_str());
        }
        ImGui::EndTable();
    }
    EndKeyFocus(keys);
    // Where the next frame's characters go (input_queue.h rule 3), with the focus as it is now: a
    // text stop just reached by Tab has the keyboard only from the next frame, and the characters
    // typed behind the Tab wait for it.
    const bool typed_players = host_game ? *m_start.host_players.data() != '\0' : own_form && own_form->FirstFieldTyped();
    m_start.takes_text = (!typed_players && keys.at == 0) || keys.on_text;
    if (open) {
        std::string error;
        if (open->empty()) m_start.error = "Type the game file's path in the File field, then Enter.";
        else if (!OpenGame(*open, &error)) m_start.error = error;
    }
}

} // namespace rutland::dash
