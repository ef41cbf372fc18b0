// THE one file of the dashboard that names games' panels (desk_games.h; tests/check_layers.cmake
// rule 6): constant data, no static initialisers, as app/host/registry.cpp's list of games.
// Adding a game's panels is one include and one line in kDeskGames.
#include "desk_games.h"

#include "panels/flutter_board.h"
#include "panels/flutter_tables.h"

namespace rutland::dash {

namespace {

struct DeskGame {
    std::string_view game;  // GameDefinition::name
    std::span<const GamePanel> panels;
};

constexpr GamePanel kFlutterPanels[] = {
    {"board", "The board", DeskSlot::Side, flutter::DrawBoardPanel, 0.4f},
    {"players", "Players", DeskSlot::Tab, flutter::DrawPlayersPanel, 0.6f},
    {"round-end", "Round end", DeskSlot::Tab, flutter::DrawRoundEndPanel},
    {"tokens", "Hand over", DeskSlot::Tab, flutter::DrawTokensPanel},
    {"claims", "Claims", DeskSlot::Tab, flutter::DrawClaimsPanel},
};

constexpr DeskGame kDeskGames[] = {
    {"flutter", kFlutterPanels},
};

} // namespace

std::span<const GamePanel> GamePanelsOf(std::string_view game) {
    for (const DeskGame& g : kDeskGames)
        if (g.game == game) return g.panels;
    return {};
}

const GamePanel* FindGamePanel(std::string_view game, std::string_view name) {
    for (const GamePanel& p : GamePanelsOf(game))
        if (name == p.name) return &p;
    return nullptr;
}

bool AnyGameHasPanel(std::string_view name) {
    for (const DeskGame& g : kDeskGames)
        if (FindGamePanel(g.game, name)) return true;
    return false;
}

} // namespace rutland::dash
