// The rules engine: a game starts from its header (StartGame) and changes only by Apply. Apply
// either rejects a command with a message naming the rule and leaves the state untouched, or
// applies it and returns every effect, each tagged with its rule.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lang/command.h"
#include "model/effects.h"
#include "model/state.h"

namespace rutland::bbr {

struct StartResult {
    std::optional<GameState> state;
    std::optional<Rejection> rejection;
    Effects effects;     // the starting cash handed out (G-1)
    GameHeader canonical;  // the header as the ledger records it (space names in full)
};
// The board named by `board=` is found with FindBoard (model/board_catalog.h invariant 1: built-in,
// then the user boards the app installed).
StartResult StartGame(const GameHeader& header);
// The same game on `board` itself, whatever the header names (the seam for a game file that carries
// its own board, board_catalog.h invariant 1). `board` must not be null.
StartResult StartGame(const GameHeader& header, std::shared_ptr<const Board> board);

struct ApplyResult {
    bool accepted = false;
    Rejection rejection;  // when !accepted
    Effects effects;      // when accepted
    Command canonical;    // when accepted: the command as the ledger records it
};

// Undo and redo are ledger commands (see ledger.h); Apply rejects them, and the game header.
ApplyResult Apply(GameState& state, const Command& command);

// W-1: who holds an escrow directorship and that company's voting majority now, so could declare
// on their turn (their shorts would be margin-called first).
struct Claim {
    int player = 0;
    Company company = Company::Yellow;
};
std::vector<Claim> CouldDeclare(const GameState& state);

// Y-1..Y-5 as if the year ended now (the dashboard's year-end preview, `rutland-cli year-end`):
// the effects SettleYearEnd would emit on a copy of the state, payouts in turn order from the
// player who drew the year's last Time card (or the current player), option expiries, delisted
// companies returning and the D-13 margin calls. The state is not changed. Empty after a win.
Effects YearEndPreview(const GameState& state);

// Conservation: the bank, the players' cash and the margin accounts always sum to zero (cash only
// moves between accounts); each margin account equals its notes; for every company and class, the
// tray plus the players' holdings equals what was issued (shorts are naked and excluded).
// Returns nullopt when all hold, else what is wrong.
std::optional<std::string> CheckConservation(const GameState& state);

// The players in turn order starting with `first` (Y-2's payouts from the year ender, S-6's calls).
std::vector<int> TurnOrderFrom(const GameState& state, int first);

// The space a player's transactions use this turn, and what the rules read there.
bool HasAsk(const GameState& state, int space, Company c);
bool HasBid(const GameState& state, int space, Company c);

} // namespace rutland::bbr
