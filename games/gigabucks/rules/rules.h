// Corporate Gigabucks' rules engine (RULES.md): a game started from its header, a command applied
// to the state, the state checked. Deterministic: no clock, no randomness; whole gigabucks.
//
//  1. Apply either accepts, changing the state and returning the effects (data, each with its rule
//     ID) and the canonical command (full player names), or rejects citing the first rule the line
//     breaks in section 17's order, and leaves the state exactly as it was (it works on a copy).
//  2. A command is whole (L-2): a roll with its royalty, bankruptcy and the end of the turn before
//     it; an auction result with its payments, the turn's end, the payout of remainders, the end of
//     the game.
//  3. Money moves only by transfers (player to player, into and out of the remainders waiting);
//     CheckConservation holds after every accepted command (model/state.h invariants 1-3).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernel/rejection.h"
#include "model/command.h"
#include "model/effects.h"
#include "model/state.h"

namespace rutland::gigabucks {

struct StartResult {
    std::optional<GameState> state;
    std::optional<Rejection> rejection;
    Effects effects;
    Command canonical;  // the header as entry 0 records it
};

struct ApplyResult {
    bool accepted = false;
    Rejection rejection;
    Effects effects;
    Command canonical;
};

// G-1..G-3: the game the header describes.
StartResult StartGame(const Header& header);
ApplyResult Apply(GameState& state, const Command& command);
// model/state.h invariants 1-3: nullopt, or what does not add up.
std::optional<std::string> CheckConservation(const GameState& state);

// [SECTION] What the rules compute, for the JSON and the desk

// RY-2, RY-6: the royalty for landing on `space` (a chartered corporation), per space of its
// conglomerate in ring order.
struct RoyaltyFigure {
    Money amount = 0;
    std::vector<std::pair<int, Money>> parts;
};
RoyaltyFigure FigureRoyalty(const GameState& state, int space);

// RY-1: every conglomerate, ordered by its first space (0 for a whole ring).
struct Conglomerate {
    int owner = -1;
    std::vector<int> spaces;
    int lines = 0;
};
std::vector<Conglomerate> Conglomerates(const GameState& state);

// T-1, RS-5: the table the player to move plays on (held resignations acted, the turn ended when
// it is open), or nullopt when there is no player to move (due, over, or nobody left to move).
std::optional<GameState> MoverTable(const GameState& state);
enum class MoveKind : uint8_t { Place, Roll };
MoveKind KindFor(const GameState& table, int player);  // T-2, T-3
// T-5: where a roll of `total` takes player's PlTo.
int Arrival(const GameState& table, int player, int total);
Landed LandingOn(const GameState& table, int player, int space);

// CH-5, DI-5, VO-5.
Money MaxCharterBid(const GameState& state, int player);
Money MaxDiversifyBid(const GameState& state, int player);
Money MaxLiquidationBid(const GameState& state, int player);

} // namespace rutland::gigabucks
