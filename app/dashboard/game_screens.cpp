// THE one file of the dashboard that names games' screens (game_screens.h; tests/check_layers.cmake
// rule 6): constant data, no static initialisers, as app/host/registry.cpp's list of games.
// Adding a game's own screen is one include and one line in kScreens.
#include "game_screens.h"

#include "bbr_screen.h"
#include "bbr_start_form.h"

namespace rutland::dash {

namespace {

constexpr GameScreenMaker kScreens[] = {
    {"big-board-raiders", OpenBbrScreen, CreateBbrScreen, BbrScreenHasPanel, MakeBbrStartForm, ReadBbrRecentGame, PrepareBbrScreen},
};

} // namespace

const GameScreenMaker* ScreenMakerOf(std::string_view game) {
    for (const GameScreenMaker& s : kScreens)
        if (s.game == game) return &s;
    return nullptr;
}

void PrepareGames() {
    for (const GameScreenMaker& s : kScreens)
        if (s.prepare) s.prepare();
}

bool AnyScreenHasPanel(std::string_view name) {
    for (const GameScreenMaker& s : kScreens)
        if (s.has_panel(name)) return true;
    return false;
}

} // namespace rutland::dash
