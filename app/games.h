// The game the shell's code not moved behind the facade yet is built on: Big Board Raiders
// (games/big-board-raiders/, namespace rutland::bbr, the library rutland_bbr). The shell reaches
// games through the registry (app/host/registry.cpp, the one file of app/ that includes a game's
// host part) and the facade (app/host/open_game.h): rutland-cli's play, state, log, explain, diff,
// verify, export and backup do, for any game; the dashboard does through its screens
// (app/dashboard/game_screens.cpp: Big Board Raiders' own screen is the game's, in
// games/big-board-raiders/dashboard/). What is not moved yet (that screen and its panels, which
// still use this file, the dashboard's rule_text_draw.cpp and players_window.cpp, rutland-cli's
// year-end and board) still names the game's types unqualified or
// as rutland::X, and its view models (games/big-board-raiders/view/, in rutland::bbr) as view::X,
// through the using-directives below, and this file is the one place that says so. The kernel
// (core/) and the games' lower layers never include it; of a game, only Big Board Raiders'
// dashboard/ and panels/ do (tests/check_layers.cmake rule 6).
//
// Every file of app/, tests/ and bench/ that includes one of the game's headers includes this one
// after them; the CMake target rutland_game (app/CMakeLists.txt) carries its include path and the
// game's library, rutland_bbr_view (games/big-board-raiders/CMakeLists.txt) the view models'.
#pragma once

namespace rutland {
namespace bbr {}
using namespace bbr;
// The game's view models (games/big-board-raiders/view/) are in rutland::bbr; the shell's code of its
// path still names them as view::X, beside the shell's own (app/view/, rutland::view).
namespace view {
using namespace bbr;
}
} // namespace rutland
