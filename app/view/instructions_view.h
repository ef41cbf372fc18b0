// The broker's instructions as the panel shows them (issue 16 point 2): first what moves (bills,
// certificates, notes, markers, rings, pawns, market events), then, folded, what is only said (a
// provisional board fact used, the turn passing, a note): the money and certificates to hand over
// are never pushed below the fold by a note.
#pragma once

#include <string>
#include <vector>

#include "model/effects.h"
#include "model/state.h"

namespace rutland::view {

struct InstructionsView {
    std::vector<std::string> steps;  // what the table physically does, in order
    std::vector<std::string> notes;  // what is only said; folded under the steps
};

// Sorted by the effects' kinds (instructions.h BrokerInstructions says each): Cash, Certificates,
// ShortNote, Price, MarketEvent, Listing, Pawn, Proxy, Escrow, Directorship and Option move
// something; the rest are notes.
InstructionsView MakeInstructionsView(const Effects& effects, const GameState& after);

} // namespace rutland::view
