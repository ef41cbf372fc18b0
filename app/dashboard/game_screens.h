// Which game is played on which screen (game_screen.h): one constant list, game_screens.cpp, the
// one file of the dashboard that names a game's screen (tests/check_layers.cmake rule 6), as
// app/host/registry.cpp is the one file of the shell that names a game's host part and
// desk_games.cpp the one that names a game's panels at the desk. A game with no entry is played on
// the desk every game gets (desk_screen.h).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "game_screen.h"
#include "start_view.h"

namespace rutland::dash {

struct GameScreenMaker {
    std::string_view game;  // GameDefinition::name
    // Opens the game's file on its screen; nullptr and *error (in words) when it cannot be read.
    std::unique_ptr<GameScreen> (*open)(const std::string& path, ScreenShell& shell, std::string* error);
    // A new file at `path` from a script's header line (--script); nullptr and *error when the line
    // is not the game's header or the file cannot be made.
    std::unique_ptr<GameScreen> (*create)(const std::string& path, const std::string& header_line, ScreenShell& shell,
                                          std::string* error);
    // True when --panel NAME names one of the screen's panels.
    bool (*has_panel)(std::string_view name);
    // Its new-game form on the start screen (game_screen.h NewGameForm).
    std::unique_ptr<NewGameForm> (*new_game_form)(ScreenShell& shell);
    // What the start screen's recent games say of a file of the game (start_view.h).
    view::RecentGame (*read_recent)(const std::string& path);
    // Set up once before any file of the game opens (main.cpp), or nullptr.
    void (*prepare)();
};

// Each game's `prepare`, in the list's order.
void PrepareGames();

// The screen of the game of that name, or nullptr: the desk.
const GameScreenMaker* ScreenMakerOf(std::string_view game);
// True when some game's own screen has a panel of that name (--panel is checked before a game is open).
bool AnyScreenHasPanel(std::string_view name);

} // namespace rutland::dash
