// GameState's small questions (model/state.h).
#include "model/state.h"

#include <algorithm>

namespace rutland::gigabucks {

int GameState::InGameCount() const {
    return static_cast<int>(std::count_if(players.begin(), players.end(), [](const Player& p) { return p.status == PlayerStatus::Active; }));
}

Money GameState::Pool() const {
    Money sum = 0;
    for (Money r : remainders) sum += r;
    return sum;
}

int GameState::TokenAt(int space) const {
    for (size_t i = 0; i < players.size(); ++i)
        if (players[i].status == PlayerStatus::Active && players[i].space == space) return static_cast<int>(i);
    return -1;
}

bool GameState::Held(int p) const { return std::find(pending.begin(), pending.end(), p) != pending.end(); }

bool GameState::OwnsAny(int p) const {
    return std::any_of(corporations.begin(), corporations.end(),
                       [p](const Corporation& c) { return c.status == CorpStatus::Chartered && c.owner == p; });
}

} // namespace rutland::gigabucks
