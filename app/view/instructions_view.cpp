#include "instructions_view.h"

#include "report/instructions.h"

namespace rutland::view {

namespace {

bool Moves(EffectKind k) {
    switch (k) {
        case EffectKind::Cash:
        case EffectKind::Certificates:
        case EffectKind::ShortNote:
        case EffectKind::Price:
        case EffectKind::MarketEvent:
        case EffectKind::Listing:
        case EffectKind::Pawn:
        case EffectKind::Proxy:
        case EffectKind::Escrow:
        case EffectKind::Directorship:
        case EffectKind::Option: return true;
        default: return false;
    }
}

} // namespace

InstructionsView MakeInstructionsView(const Effects& effects, const GameState& after) {
    // Each group keeps every effect of its kinds, so the cash of a pair is still netted once and the
    // counts backed out of later effects stay right (BrokerInstructions reads only same-kind effects).
    Effects moving, said;
    for (const Effect& e : effects) (Moves(e.kind) ? moving : said).push_back(e);
    InstructionsView v;
    v.steps = BrokerInstructions(moving, after);
    v.notes = BrokerInstructions(said, after);
    return v;
}

} // namespace rutland::view
