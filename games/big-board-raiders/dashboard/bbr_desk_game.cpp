// Big Board Raiders at the dashboard (kit/ui/desk_game.h): its registration's desk half,
// `registered_desk::big_board_raiders` (kit/host/registration.h invariant 2), which the dashboard
// finds through the one list of games: its own screen (bbr_screen.h) and new-game form
// (bbr_start_form.h).
#include "desk_game.h"

#include "bbr_screen.h"
#include "bbr_start_form.h"
#include "kernel/game_word.h"

RUTLAND_DECLARE_DESK(big_board_raiders)

namespace rutland::bbr::dash {

namespace {

constexpr GameScreenMaker kBbrScreen = {
    .open = OpenBbrScreen,
    .create = CreateBbrScreen,
    .has_panel = BbrScreenHasPanel,
    .new_game_form = MakeBbrStartForm,
    .read_recent = ReadBbrRecentGame,
    .prepare = PrepareBbrScreen,
};

} // namespace

} // namespace rutland::bbr::dash

namespace rutland::registered_desk {

constinit const dash::DeskGame big_board_raiders = {
    .game = kFirstGame,  // its header has no game word (kernel/game_word.h)
    .panels = {},
    .screen = &::rutland::bbr::dash::kBbrScreen,
};

} // namespace rutland::registered_desk
