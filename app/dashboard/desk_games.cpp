// The desks the games of the one list register (desk_games.h): declared by the kit's macro
// (kit/ui/desk_game.h) from game_list.h, made from app/games.cmake. Constant data, no static
// initialisers, as app/host/registry.cpp's list of games.
#include "desk_games.h"

#include <array>

#include "game_list.h"

#define RUTLAND_DESK_DECLARE(id) RUTLAND_DECLARE_DESK(id)
RUTLAND_DESK_GAMES(RUTLAND_DESK_DECLARE)
#undef RUTLAND_DESK_DECLARE

namespace rutland::dash {

namespace {

#define RUTLAND_DESK_ENTRY(id) &registered_desk::id,
constexpr const DeskGame* kDeskGames[] = {RUTLAND_DESK_GAMES(RUTLAND_DESK_ENTRY) nullptr};
#undef RUTLAND_DESK_ENTRY

const DeskGame* DeskOf(std::string_view game) {
    for (const DeskGame* g : kDeskGames)
        if (g && g->game == game) return g;
    return nullptr;
}

} // namespace

std::span<const GamePanel> GamePanelsOf(std::string_view game) {
    const DeskGame* g = DeskOf(game);
    return g ? g->panels : std::span<const GamePanel>{};
}

const GamePanel* FindGamePanel(std::string_view game, std::string_view name) {
    for (const GamePanel& p : GamePanelsOf(game))
        if (name == p.name) return &p;
    return nullptr;
}

bool AnyGameHasPanel(std::string_view name) {
    for (const DeskGame* g : kDeskGames)
        if (g && FindGamePanel(g->game, name)) return true;
    return false;
}

const GameScreenMaker* ScreenMakerOf(std::string_view game) {
    const DeskGame* g = DeskOf(game);
    return g ? g->screen : nullptr;
}

bool AnyScreenHasPanel(std::string_view name) {
    for (const DeskGame* g : kDeskGames)
        if (g && g->screen && g->screen->has_panel(name)) return true;
    return false;
}

void PrepareGames() {
    for (const DeskGame* g : kDeskGames)
        if (g && g->screen && g->screen->prepare) g->screen->prepare();
}

} // namespace rutland::dash
