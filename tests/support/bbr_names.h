// Big Board Raiders' types named unqualified (rutland::X) and its view models as view::X, for the
// tests and benchmarks written before the game had a namespace of its own (rutland::bbr). Nothing of
// core/, kit/, games/ or app/ includes it (tests/check_layers.cmake): the game's own dashboard code
// has its own using-directives (games/big-board-raiders/dashboard/bbr_dash.h).
//
// A file that includes one of the game's headers includes this one after them; the CMake target
// rutland_game (tests/support/CMakeLists.txt) carries its include path and the game's library.
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
