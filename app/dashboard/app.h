// The dashboard application: the start screen, the fonts, the share server, and the open game's
// screen (game_screen.h), which draws the game and applies what its panels asked for after the
// frame, so nothing a panel does changes the game in the middle of a frame. Which screen a game is
// played on is desk_games.h's: its own (Big Board Raiders') or the desk every game gets (desk.h).
// App never asks which game is open.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "desk_screen.h"
#include "game_screen.h"
#include "game_server.h"
#include "host/registry.h"
#include "key_focus.h"
#include "settings.h"
#include "start_view.h"

namespace rutland::dash {

// The start screen: the choice of game, the new-game form of a game with no form of its own (a
// game's own is its NewGameForm, game_screen.h), the open box and the recent games.
struct StartUi {
    std::array<char, 512> open_path{};
    KeyFocus keys;                     // Tab over every item, its frame (key_focus.h)
    int first_open_stop = -1;          // the first stop of the Open section (last frame): Enter there opens
    std::string error;
    bool focus = true;                 // the first field takes the keyboard on the next frame
    bool takes_text = true;            // typing with no field active goes to the first field (it is empty)
    std::vector<view::RecentGame> recent;  // what each recent game's file says (start_view.h)
    int game = 0;                      // the game the new-game form is for: an index into view::StartGames()
    // The form of a game with no form of its own (start_host_form.cpp, view/new_game_form.h).
    std::array<char, 256> host_players{};
    std::array<char, 64> host_broker{};
    std::array<std::array<char, 128>, 8> host_options{};  // one per GameDefinition::header_options
};

class App {
public:
    // `now` gives the wall-clock time as ISO 8601 UTC (the core never reads a clock).
    App(view::Settings settings, std::string config_dir, std::function<std::string()> now, std::string id_prefix);

    // Any registered game's file (registry.h GameToOpen), on its screen (desk_games.h: its own, or
    // the desk every game gets); a game this build lacks is refused by name.
    bool OpenGame(const std::string& path, std::string* error);
    // A new file from a script's first line, the game header of whichever game it names (registry.h
    // GameOfHeader), on that game's screen (--script).
    bool CreateFromHeader(const std::string& path, const std::string& header_line, std::string* error);
    // A new file of a game played on the desk, from its header as the game read it.
    bool CreateDeskGame(const std::string& path, const host::GameDefinition& game, const host::ReadLine& header,
                        std::string* error);
    // A game is open, on its screen (game_screen.h).
    bool HasGame() const { return m_screen != nullptr; }
    GameScreen* Screen() { return m_screen.get(); }
    // The desk of the game open on it, or nullptr (the frame benchmark plays lines through it).
    view::HostDesk* GetDesk();

    // Puts text in the entry line, as if typed (--type).
    void Type(const std::string& text);

    // Draws one frame into the current ImGui frame: the whole dashboard, or one panel filling the
    // window (`panel`, for --panel screenshots), then applies the outbox.
    void Frame(const std::string& panel = {});

    Fonts& GetFonts() { return m_shell.fonts; }
    view::Settings& GetSettings() { return m_shell.settings; }
    // Ctrl +/- asked for a new font size: the main loop rebuilds the font atlas between frames.
    std::optional<float> TakeFontRequest();
    // The status line of the open game's screen (nothing on the start screen).
    void SetStatus(const std::string& text);
    // The open game is shared on the local network (its QR code shows in the players' window).
    bool SharedWithPhones();
    // The keyboard (input_queue.h): characters are waiting for a text field (set before each
    // frame); whether a field can take them now (the entry line, or the start screen's form);
    // Ctrl+Q asked to quit.
    void SetTextWaiting(bool waiting) { m_shell.text_waiting = waiting; }
    bool TakesText() const;
    // The text field that must have the keyboard for it to take what is typed (the start screen's
    // focused text stop, key_focus.h FocusedTextField), or 0: whichever field is active.
    unsigned int TextFieldWanted() const;
    bool TakeQuitRequest();
    // Frames to draw at once, without waiting for an event: ImGui 1.86 hides a tab bar on the
    // frame it appears, so a game just opened (or closed) gets two frames straight away.
    bool TakeRedrawRequest();
    // Ctrl+W: back to the start screen (the game file is already saved, entry by entry).
    void CloseGame();
    // Share on the network (panel_share.cpp): starts or stops the read-only page of the
    // open game; the address and its QR code go to the screen's ShareUi.
    void Share(bool on, bool lan);
    // F12 asked for a screenshot of the next frame: the file to write (main.cpp writes it).
    std::optional<std::string> TakeScreenshotRequest();

    // The players' window (F11): its own OS window beside this one, which main.cpp
    // opens and closes to match; Shift+F11 asks for it full screen (or back) on the monitor it is on.
    bool PlayersWindowOpen() const { return m_players_window; }
    void SetPlayersWindowOpen(bool open) { m_players_window = open; }
    bool TakePlayersFullScreenRequest();
    // Draws one frame of the players' window into the current ImGui frame (the players' window's
    // own ImGui context), with that window's fonts. It reads the game and changes nothing: every
    // key goes to the broker's window (InputQueue::Forward).
    void FramePlayers(const Fonts& fonts);
    // The players seated, which sizes the players' window's text (4 with no game open).
    int SeatedPlayers() const { return m_screen ? m_screen->SeatedPlayers() : 4; }
    // The players' window's body text for its size (GameScreen::PlayersTextPx; four seats before a game is open).
    float PlayersTextPx(float width, float height, bool with_address) const {
        return m_screen ? m_screen->PlayersTextPx(width, height, with_address) : PlayersTextPxFor(width, height, 4);
    }

private:
    // A game's screen just made for `path`: it becomes the open one, remembered in the recent games.
    void Opened(std::unique_ptr<GameScreen> screen, const std::string& path);
    // The game's own new-game form (desk_games.h); nullptr: it has none.
    NewGameForm* FormOf(const host::GameDefinition& game) const;
    // The form of the game chosen on the start screen, if it has its own.
    NewGameForm* ChosenForm() const;
    void DrawStart();
    // The new-game form of a listed game with no form of its own (start_host_form.cpp); `enter`: Enter
    // was pressed with the focus in the form. True when the game was created and opened.
    bool DrawHostGameForm(const host::GameDefinition& game, bool enter);
    void FrameScreen(const std::string& panel);  // a frame of the open game's screen (game_screen.h)
    void AfterScreenFrame();                     // what the screen asked of the shell (ScreenShell's requests)
    void HandleAppKeys();  // the keys that work on the start screen too

    // What the shell lends the open game's screen and what it asks for (game_screen.h).
    ScreenShell m_shell;
    std::unique_ptr<GameScreen> m_screen;  // the open game's, or none: the start screen
    std::unique_ptr<serve::GameServer> m_sharing;  // while the game is shared (Share)
    StartUi m_start;
    // The games' own new-game forms, by GameDefinition::name, kept while the app runs.
    std::vector<std::pair<std::string, std::unique_ptr<NewGameForm>>> m_forms;
    bool m_quit_request = false;
    bool m_players_window = false;             // F11: the players' window is open
    bool m_players_full_screen_request = false;  // Shift+F11
    int m_redraw_frames = 0;      // frames to draw at once (TakeRedrawRequest)
    std::string m_panel;          // the panel of the last frame (--panel), or "" for the dashboard
};

} // namespace rutland::dash
