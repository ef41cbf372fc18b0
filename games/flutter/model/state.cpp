#include "model/state.h"

#include "base/names.h"

namespace rutland::flutter {

Pounds GameState::Price(int company) const {
    const Company& c = companies.at(static_cast<size_t>(company));
    if (c.bankrupt) return Pounds(0);  // BK-3
    return board->PriceAt(c.parent);    // BD-2
}

Pounds GameState::Capital(int player) const {
    const Player& p = players.at(static_cast<size_t>(player));
    Pounds capital = p.cash;
    for (int c = 0; c < kCompanies; ++c) capital += Price(c) * p.certificates[static_cast<size_t>(c)];
    return capital;
}

// BD-3: on its parent on its parent's level, else its level's label; unlabelled is below MARKET NEWS.
Position GameState::PositionOf(int company) const {
    const Company& c = companies.at(static_cast<size_t>(company));
    if (c.traveller == c.parent) return Position::Parent;
    if (c.traveller >= board->Top()) return Position::Top;
    switch (board->levels.at(static_cast<size_t>(c.traveller)).label) {
        case Label::News: return Position::News;
        case Label::Slump: return Position::Slump;
        case Label::Five: return Position::Five;
        case Label::Ten: return Position::Ten;
        case Label::Top: return Position::Top;
        case Label::None: return Position::Below;
    }
    return Position::Below;
}

int GameState::PlayerNamed(std::string_view name) const {
    for (size_t i = 0; i < players.size(); ++i)
        if (SameName(players[i].name, name)) return static_cast<int>(i);
    return -1;
}

} // namespace rutland::flutter
