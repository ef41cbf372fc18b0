// The game the shell (app/: the dashboard, rutland-cli, the shared page's server, the views) is
// built on today: Big Board Raiders (games/big-board-raiders/, namespace rutland::bbr, the library
// rutland_bbr). This file is the one place that says so. The shell names the game's types
// unqualified or as rutland::X through the using-directive below, so that the next step of the
// layout (docs/architecture.md), a registry of games the shell reaches through a facade, has one
// place to replace. The kernel (core/) and the game never include it.
//
// Every file of app/, tests/ and bench/ that includes one of the game's headers includes this one
// after them; the CMake target rutland_game (app/CMakeLists.txt) carries its include path and the
// game's library.
#pragma once

namespace rutland {
namespace bbr {}
using namespace bbr;
} // namespace rutland
