// The shared page's section of a game of Big Board Raiders (OpenGame::PageJson,
// app/host/open_game.h): the page model of web/page_model.h, as text.
#pragma once

#include <string>

#include "store/store.h"

namespace rutland::bbr {

// The page's JSON (web/page_model.h PageJson) of the game as `store` has it now.
std::string BigBoardRaidersPageJson(const Store& store);

} // namespace rutland::bbr
