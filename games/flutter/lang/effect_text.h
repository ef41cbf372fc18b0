// The one renderer of Flutter's effects (model/effects.h) into the table's words. Nothing durable
// or hashed depends on these words (store/store.h keeps the data).
#pragma once

#include <string>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::flutter {

// One effect in words, the names taken from `state` (any state of the same game: the players and
// the board's company names; a company renamed later is said by its name now).
std::string EffectText(const Effect& effect, const GameState& state);
// "[T-2] White's traveller moves up from level 10 to level 14"; a figure resting on a fact of the
// board not yet confirmed ends "(provisional board)" (BD-7).
std::string EffectLine(const Effect& effect, const GameState& state);

std::string PositionWord(Position position);

// U-2: the tokens the broker hands over for an amount, the largest first: £385 -> "3 x £100 +
// £50 + £20 + £10 + £5". Amounts are in £5 (U-1); anything under £5 is left out.
std::string TokensFor(Pounds amount);
// U-2: what the broker hands over or takes for an effect that moves money or certificates at the
// table ("Ann hands the broker £215: 2 x £100 + £10 + £5"; "the broker gives Bob 2 White
// certificates"); "" for an effect that moves nothing (a throw, a peg, a note).
std::string BrokerStep(const Effect& effect, const GameState& state);  // section 16's words: parent, below, news, ...

// What the table moves for an effect that moves a peg or a card: a traveller or parent peg from
// level to level (T-2..T-6, SL-1, SL-2, N-3, RE-2, RE-3, BN-1), the pegs off the board (BK-1), the
// anti-slump card (N-4, RE-5); "" for an effect that moves none.
std::string PegStep(const Effect& effect, const GameState& state);
// The table's instruction for an effect: its BrokerStep, else its PegStep ("" for neither).
std::string TableStep(const Effect& effect, const GameState& state);
// The instruction that takes the effect back (an undo, L-2): money and certificates the other way
// round, pegs back to where they were, cards back; `state` is the game once undone.
std::string ReversedTableStep(const Effect& effect, const GameState& state);

} // namespace rutland::flutter
