#include "view/instructions_view.h"

#include "report/instructions.h"

namespace rutland::bbr {

InstructionsView MakeInstructionsView(const Effects& effects, const GameState& after) {
    // The notes are Info and Market Open effects only: every Cash, Certificates, ShortNote,
    // Directorship... effect stays with the steps, so the cash of a pair is still netted once and
    // the counts backed out of later effects stay right (BrokerInstructions reads same-kind effects).
    Effects steps, notes;
    for (const Effect& e : effects) (UsesUnverifiedFact(e) ? notes : steps).push_back(e);
    InstructionsView v;
    v.steps = BrokerInstructions(steps, after);
    v.notes = BrokerInstructions(notes, after);
    return v;
}

} // namespace rutland::bbr
