// The dashboard application: the open game, every panel's UI state, the fonts, and the frame: draw
// the layout, then apply what the panels asked for (the outbox), so nothing a panel does changes
// the game in the middle of a frame. Big Board Raiders' game is a Session drawn on its own panels
// (panels.h); any other game of the registry (app/host/registry.h) is an OpenGame drawn on the desk
// every game gets (desk.h). At most one of the two is open.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app_view.h"
#include "board_learning.h"
#include "desk_screen.h"
#include "game_screen.h"
#include "game_server.h"
#include "host/registry.h"
#include "key_focus.h"
#include "question.h"
#include "settings.h"
#include "start_view.h"
#include "new_game_check.h"
#include "ui_state.h"
#include "games.h"

namespace rutland::dash {

// The new-game form and the open box of the start screen.
struct StartUi {
    std::array<char, 256> players{};   // "Ann, Bob, Cy, Dee" in turn order
    std::array<char, 32> cash{};       // dollars
    view::RolePick broker_pick, sec_pick;   // from the players, or someone who does not play
    std::array<char, 64> broker{};     // the name of a broker who does not play
    std::array<char, 64> sec{};
    std::array<char, 8> year_cards{};
    std::array<bool, 7> variants{};    // in the order of kVariantNames (app.cpp)
    bool from_table = false;           // a game in progress: open the Count tab on the whole table
    std::array<char, 256> start{};     // start spaces: blank, one for all, or one per player (start=)
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

    // Any registered game's file (registry.h GameToOpen): Big Board Raiders' on its own panels, any
    // other game's on the desk every game gets (desk.h); a game this build lacks is refused by name.
    bool OpenGame(const std::string& path, std::string* error);
    bool CreateGame(const std::string& path, const GameHeader& header, std::string* error);
    // A new file of a game other than Big Board Raiders, from its header as the game read it.
    bool CreateDeskGame(const std::string& path, const host::GameDefinition& game, const host::ReadLine& header,
                        std::string* error);
    // Big Board Raiders' game (its own panels) is open.
    bool HasGame() const { return m_session != nullptr; }
    view::Session* GetSession() { return m_session.get(); }
    // Another game is open, on its screen (game_screen.h): the desk every game gets (desk.h).
    bool HasDesk() const { return m_screen != nullptr; }
    GameScreen* Screen() { return m_screen.get(); }
    // The desk of the game open on it, or nullptr (the frame benchmark plays lines through it).
    view::HostDesk* GetDesk();

    // One line through the entry line's path (session.h invariant 2); used by --script.
    view::SubmitOutcome SubmitFromEntry(const std::string& text);
    // Puts text in the entry line, as if typed (--type).
    void Type(const std::string& text);

    // Draws one frame into the current ImGui frame: the whole dashboard, or one panel filling the
    // window (`panel`, for --panel screenshots), then applies the outbox.
    void Frame(const std::string& panel = {});

    Fonts& GetFonts() { return m_shell.fonts; }
    view::Settings& GetSettings() { return m_shell.settings; }
    // Ctrl +/- asked for a new font size: the main loop rebuilds the font atlas between frames.
    std::optional<float> TakeFontRequest();
    UiState& Ui() { return m_ui; }
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
    // open game; the address and its QR code go to the panel's UiState.
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

private:
    void DrawDashboard(const AppView& v, Outbox& out);
    void DrawTopBar(const AppView& v, Outbox& out);
    void DrawConfirm(const AppView& v, Outbox& out);
    void DrawMoved(const AppView& v, Outbox& out);
    void DrawBoardLearning(Outbox& out);
    // The questions (question.h): the board check, the undo/redo confirm, a line the game moved under.
    bool QuestionOpen() const;
    void DescribeQuestion();                      // m_ui.question, question_enter, waiting; m_players_question
    void SubmitTyped(const std::string& text, bool from_field);  // a line typed, or one that waited
    void AtQuestion(const std::string& text);    // a line typed while a question is open (question.h rule 1)
    void Answer(bool yes, const std::optional<view::SpaceReading>& reading = std::nullopt);
    void DrainWaiting();                          // the lines that waited, once no question is open
    void FollowFile();                            // another program's appends (basic_session.h invariant 6)
    // `preview`: of `text` (the entry line's), or null to parse it afresh; `from_field`: the text is
    // the entry line's, which is emptied once it is recorded or rejected.
    view::SubmitOutcome SubmitFromEntry(const std::string& text, const view::Preview* preview, bool from_field);
    void EmptyEntryLine();
    void DrawStart();
    // The new-game form of a listed game with no form of its own (start_host_form.cpp); `enter`: Enter
    // was pressed with the focus in the form. True when the game was created and opened.
    bool DrawHostGameForm(const host::GameDefinition& game, bool enter);
    void FrameScreen(const std::string& panel);  // a frame of the open game's screen (game_screen.h)
    void AfterScreenFrame();                     // what the screen asked of the shell (ScreenShell's requests)
    void Opened(const std::string& path);      // remembered in the recent games; the start screen's state reset
    void HandleKeys(const AppView& v, Outbox& out);
    void HandleAppKeys();  // the keys that work on the start screen too
    void ClearEntry();
    void Apply(Outbox& out);
    void AfterAccepted(const view::SubmitOutcome& r);
    void ShowNotAccepted(const view::SubmitOutcome& r);  // the status line for a rejected or refused submit

    // What the shell lends the open game's screen and what it asks for (game_screen.h).
    ScreenShell m_shell;
    std::unique_ptr<view::Session> m_session;
    // A game other than Big Board Raiders, played on its screen (game_screen.h).
    std::unique_ptr<GameScreen> m_screen;
    std::unique_ptr<serve::GameServer> m_sharing;  // while the game is shared (Share)
    UiState m_ui;
    StartUi m_start;
    BoardLearnUi m_learn;  // the table's own board (board_learning.h)
    view::WaitingLines m_waiting;        // lines typed behind a question (question.h rule 2)
    std::string m_players_question;      // the question, as the players' window says it
    std::chrono::steady_clock::time_point m_followed{};  // the last FollowFile
    std::string m_follow_problem;        // what the last failed follow said (said once)
    bool m_quit_request = false;
    bool m_players_window = false;             // F11: the players' window is open
    bool m_players_full_screen_request = false;  // Shift+F11
    bool m_clear_entry = false;
    int m_redraw_frames = 0; // Ctrl+W: back to the start screen after the frame   // Esc: the entry line is emptied after the frame (ImGui's revert first)
    std::string m_panel;          // the panel of the last frame (--panel), or "" for the dashboard
};

} // namespace rutland::dash
