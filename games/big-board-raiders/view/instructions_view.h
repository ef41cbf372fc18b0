// The broker's instructions as the panel shows them: the steps (bills,
// certificates, notes, markers, rings, pawns, market events, what is said), then, folded, the
// provisional-board notes (D-2: an Ask, Bid or arrows nobody verified): the money and certificates
// to hand over are never pushed below the fold by them.
#pragma once

#include <string>
#include <vector>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::bbr {

struct InstructionsView {
    std::vector<std::string> steps;  // what the table does, in order
    std::vector<std::string> notes;  // the provisional-board notes (D-2); folded under the steps
};

// Split by the effects' fields (effects.h UsesUnverifiedFact), each said as BrokerInstructions says it.
InstructionsView MakeInstructionsView(const Effects& effects, const GameState& after);

} // namespace rutland::bbr
