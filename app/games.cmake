# THE one list of the games this build hosts: one line a game, its folder under games/, Big Board
# Raiders first (app/host/registry.h invariant 1: the game of every header and file made before games
# had names). Adding a game is its folder and one line here (docs/adding-a-game.md).
#
# Each game's CMakeLists.txt makes, named for the C identifier of its folder (big_board_raiders):
#   rutland_game_<id>  its host part, which defines `rutland::registered::<id>` (kit/host/registration.h)
#   rutland_desk_<id>  optional, with the dashboard: its panels part, which defines
#                      `rutland::registered_desk::<id>` (kit/ui/desk_game.h)
# The shell links them and declares those objects through game_list.h, made from this list; no file
# of app/ includes a game's header (tests/check_layers.cmake rule 7).
set(RUTLAND_GAMES
    big-board-raiders
    flutter
    gigabucks
    toy
)
