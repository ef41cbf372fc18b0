// The shared page's section of a game of Big Board Raiders, for its OpenGame
// (big_board_raiders_game.cpp): the page model of web/page_model.h.
#include "host/big_board_raiders_page.h"

#include "web/page_model.h"

namespace rutland::bbr {

std::string BigBoardRaidersPageJson(const Store& store) { return web::PageJson(store).dump(); }

} // namespace rutland::bbr
