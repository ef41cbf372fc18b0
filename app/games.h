// Big Board Raiders' types named unqualified (rutland::X) and its view models as view::X, for the
// code written before the game had a namespace of its own (rutland::bbr): the game's own dashboard
// and panels (games/big-board-raiders/dashboard/, panels/), and the tests and benchmarks. No file
// of the shell (app/) includes it: the shell reaches every game through the registry
// (app/host/registry.cpp), the facade (app/host/open_game.h) and the dashboard's two lists
// (app/dashboard/game_screens.cpp, desk_games.cpp); tests/check_layers.cmake rules 4 and 7. The
// kernel (core/) and the games' lower layers never include it.
//
// A file that includes one of the game's headers includes this one after them; the CMake target
// rutland_game (app/CMakeLists.txt) carries its include path and the game's library,
// rutland_bbr_view (games/big-board-raiders/CMakeLists.txt) the view models'.
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
