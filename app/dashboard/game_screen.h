// The open game's screen: what the dashboard (app.h App) asks of whichever game is open, once a
// frame or once a line, and nothing else. The generic desk every game gets is one
// (desk_screen.h); a game that brings a whole screen of its own (Big Board Raiders) is another.
// game_screens.h names which game is played on which: App holds one GameScreen and never asks
// which game it is.
//
// Invariants:
//   1. Virtual calls happen only here, per frame (Draw, Apply, DrawPlayers...) or per line typed
//      (Type, ScriptLine): never inside a game's Apply, replay or verify, which stay the game's own
//      non-virtual code under the screen.
//   2. A screen changes the game only in Apply (after App has ended the frame's window) or in
//      ScriptLine; Draw reads the game and fills the screen's own outbox.
//   3. What a screen asks of the shell during a frame (a font size, a screenshot, closing the game,
//      sharing it) goes into ScreenShell's requests; App acts on them after Apply.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "fonts.h"
#include "settings.h"
#include "share_ui.h"

namespace rutland::dash {

// An entry line's bytes: room for the longest note a game accepts (Big Board Raiders': 1,000
// characters of up to 4 bytes, its COMMANDS.md) with a player's prefix. A longer paste is cut by the
// field, and said so.
inline constexpr size_t kEntryBytes = 4096;

// What the shell lends the open game's screen, and what the screen asks of the shell during a
// frame (invariant 3). App owns one; a screen keeps a reference for its life.
struct ScreenShell {
    Fonts fonts;
    view::Settings settings;
    std::string config_dir;
    std::function<std::string()> now;  // the wall-clock time, ISO 8601 UTC (the core never reads a clock)
    std::string id_prefix;             // the entries' ids of this program
    bool text_waiting = false;         // characters wait for a text field (input_queue.h), set before each frame
    // Asked during a frame, acted on by App after it:
    std::optional<float> font_request;              // Ctrl +/-: main.cpp rebuilds the font atlas
    std::optional<std::string> screenshot_request;  // F12: the picture's file
    int screenshots = 0;                            // F12's count this run, in the files' names
    bool close_request = false;                     // Ctrl+W: back to the start screen
    std::optional<ShareGame> share_request;         // the Share panel's switch (App::Share)
};

class GameScreen {
public:
    virtual ~GameScreen() = default;

    // One frame of the open game into the window App began: its keys, then its panels (or the one
    // `panel` names, filling the window: --panel). App ends the window, then calls Apply: what the
    // panels asked for (invariant 2).
    virtual void Draw(const std::string& panel) = 0;
    virtual void Apply() = 0;
    // One frame of the players' window (F11) into its own window App began, with that window's
    // fonts: it reads the game and changes nothing. `SeatedPlayers` sizes its text.
    virtual void DrawPlayers(const Fonts& fonts) = 0;
    // Windows over the players' window, once App has ended it (a question the table waits for).
    virtual void DrawPlayersOver(const Fonts& fonts) { (void)fonts; }
    virtual int SeatedPlayers() const = 0;

    // --script: one line of the script after its header (a line repeating the open game's header is
    // skipped), through the entry line's path. False, with *error in words, when it was not recorded.
    virtual bool ScriptLine(const std::string& line, std::string* error) = 0;
    // --type: the text in the entry line, as if typed.
    virtual void Type(const std::string& text) = 0;
    // Whether characters waiting for a field can be taken now (input_queue.h rule 3); `panel`: the
    // --panel drawn ("" the whole screen).
    virtual bool TakesText(const std::string& panel) const = 0;
    // The screen asks for a frame at once (its layout changed).
    virtual bool TakeRedrawRequest() = 0;

    // The share window's state (App::Share starts and stops the page) and the file it serves ("" when
    // the game is in memory only).
    virtual ShareUi& Share() = 0;
    virtual std::string SharedFile() const = 0;
    // The status line: what just happened.
    virtual std::string& Status() = 0;

    // The command line's start options: --at (time travel), --select (a ledger entry), --tab (a tab
    // to the front), --f1 (the rule window of what the entry line shows).
    virtual void ViewAt(int seq) = 0;
    virtual void Select(int seq) = 0;
    virtual void ShowTab(const std::string& tab) = 0;
    virtual void AskRuleWords() = 0;
    // --layout-log: where this frame put what the broker must read (tests/dashboard/live_layout.sh),
    // after the window's own sizes; nullopt for a screen that does not say.
    virtual std::optional<std::string> LayoutLog() const { return std::nullopt; }
};

struct KeyFocus;  // key_focus.h

// A game's own new-game form on the start screen (game_screens.h; a game with none gets the form
// every game has, start_host_form.cpp). App keeps one per game for its life: what was typed stays
// when the broker looks at another game's form and comes back.
class NewGameForm {
public:
    virtual ~NewGameForm() = default;
    // Draws the form under the start screen's choice of game, its items stops of `keys`
    // (key_focus.h); `enter`: Enter was pressed with the keyboard's focus in the form. The new game's
    // screen when it was started; nullptr and *error (what making its file said) when that failed.
    virtual std::unique_ptr<GameScreen> Draw(KeyFocus& keys, bool enter, std::string* error) = 0;
    // Something is typed in its first field (typing with no field active goes there while empty).
    virtual bool FirstFieldTyped() const = 0;
    // A step of the form that takes the whole window instead of the start screen (a board's setup).
    virtual bool Fullscreen() const { return false; }
    virtual void DrawFullscreen() {}
    // A game was opened or closed: a step of the form in progress is dropped.
    virtual void Reset() {}
};

} // namespace rutland::dash
