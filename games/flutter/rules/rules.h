// Flutter's rules engine (RULES.md): a game started from its header, a command applied to the
// state, the state checked. Deterministic: no clock, no randomness; exact whole pounds.
//
//  1. Apply either accepts, changing the state and returning the effects (data, each with its
//     rule ID) and the canonical command, or rejects with the first rule the line breaks in the
//     order of RULES.md section 15, and leaves the state exactly as it was.
//  2. A command is whole: a throw that ends the round settles it in the same command (RE-1), a
//     card's effects act together (N-5), a `board` line's changes are checked together (BD-6).
//  3. CheckConservation holds after every accepted command (model/state.h invariants 1-3).
#pragma once

#include <optional>
#include <string>

#include "kernel/rejection.h"
#include "model/board.h"
#include "model/command.h"
#include "model/effects.h"
#include "model/state.h"

namespace rutland::flutter {

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

// G-1..G-6: the game the header describes, on the board it names (L-1: no such board).
StartResult StartGame(const Header& header);
// The same on this board (the board a game file carries: store/store.h item 4).
StartResult StartGame(const Header& header, const Board& board);

ApplyResult Apply(GameState& state, const Command& command);

// model/state.h invariants 1-3: nullopt, or what does not add up.
std::optional<std::string> CheckConservation(const GameState& state);

} // namespace rutland::flutter
