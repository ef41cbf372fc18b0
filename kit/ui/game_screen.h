// The open game's screen: what the dashboard (app.h App) asks of whichever game is open, once a
// frame or once a line, and nothing else. The generic desk every game gets is one
// (desk_screen.h); a game that brings a whole screen of its own (Big Board Raiders) is another.
// desk_games.h names which game is played on which: App holds one GameScreen and never asks
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

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "fonts.h"
#include "rule_text_draw.h"
#include "settings.h"
#include "share_ui.h"
#include "start_view.h"

namespace rutland::dash {

// An entry line's bytes: room for the longest note a game accepts (Big Board Raiders': 1,000
// characters of up to 4 bytes, its COMMANDS.md) with a player's prefix. A longer paste is cut by the
// field, and said so.
inline constexpr size_t kEntryBytes = 4096;

// The players' window's body text for a window of width x height showing `players` seated: it
// follows the height (2.8%: 30 px at 1080 lines, readable from two metres), but a header and two
// lines a player (six at most), 1.5 text heights each with the table's padding, keep within 60% of
// what the window's padding leaves. The rule Big Board Raiders' own layout keeps
// (games/big-board-raiders/view/players_window_view.h, invariant 2); the desk's, and the window's
// before a game is open.
inline float PlayersTextPxFor(float width, float height, int players) {
    (void)width;
    const float pad = std::round(height * 0.015f);
    const float inner_h = height - 3 * pad;
    const float lines = 1.0f + 2.0f * static_cast<float>(std::clamp(players, 1, 6));
    return std::floor(std::min(height * 0.028f, inner_h * 0.6f / (lines * 1.5f + 1.0f)));
}

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
    // fonts: it reads the game and changes nothing. `PlayersTextPx` sizes its text.
    virtual void DrawPlayers(const Fonts& fonts) = 0;
    // Windows over the players' window, once App has ended it (a question the table waits for).
    virtual void DrawPlayersOver(const Fonts& fonts) { (void)fonts; }
    virtual int SeatedPlayers() const = 0;
    // The players' window's body text size (pixels) for a window of width x height, with the
    // shared game's address in it or not (players_window.cpp rebuilds its fonts when it changes).
    virtual float PlayersTextPx(float width, float height, bool with_address) const {
        (void)with_address;
        return PlayersTextPxFor(width, height, SeatedPlayers());
    }
    // The game's rule IDs in the shell's words, and the one under the mouse this frame
    // (rule_text_draw.h): App makes it the frame's while the screen and its players' window draw.
    // Null: the screen's words cite no rules.
    virtual RuleHook* Rules() { return nullptr; }

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

// A game's own new-game form on the start screen (desk_games.h; a game with none gets the form
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

// A game's own screen (kit/ui/desk_game.h DeskGame::screen), instead of the desk every game gets.
struct GameScreenMaker {
    // Opens the game's file on its screen; nullptr and *error (in words) when it cannot be read.
    std::unique_ptr<GameScreen> (*open)(const std::string& path, ScreenShell& shell, std::string* error);
    // A new file at `path` from a script's header line (--script); nullptr and *error when the line
    // is not the game's header or the file cannot be made.
    std::unique_ptr<GameScreen> (*create)(const std::string& path, const std::string& header_line, ScreenShell& shell,
                                          std::string* error);
    // True when --panel NAME names one of the screen's panels.
    bool (*has_panel)(std::string_view name);
    // Its new-game form on the start screen (NewGameForm).
    std::unique_ptr<NewGameForm> (*new_game_form)(ScreenShell& shell);
    // What the start screen's recent games say of a file of the game (start_view.h).
    view::RecentGame (*read_recent)(const std::string& path);
    // Set up once before any file of the game opens (main.cpp), or nullptr.
    void (*prepare)();
};

} // namespace rutland::dash
