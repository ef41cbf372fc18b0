// The one place that turns effects (effects.h) into the table's words. The rules record what
// happened as data (EffectWhat and numbers); every reader that shows an effect (explain, the
// broker's instructions, the ledger, previews, the year-end statement, the CLI) call EffectText;
// the game file stores no words (basic_store.h invariant 15), only an old one's migration renders them.
//
// Invariants:
//  1. EffectText gives, for every effect the rules make, exactly the words the rules wrote before
//     effects became data (tests/core/test_effect_text_identity.cpp against recorded fixtures):
//     schema-2 game files stored them, and their migration needs them exactly (store.h inv. 16).
//  2. Rendering reads only the effect and the context (player names, board labels), never the
//     state at the time: whatever the sentence needs from then is in the effect's numbers.
#pragma once

#include <string>
#include <vector>

#include "model/board.h"
#include "model/effects.h"

namespace rutland::bbr {

struct GameState;
struct PlayerState;

// What the words need beyond an effect: the players' names and the board's labels. Both are fixed
// for a game (G-1), so the context of any state of the game renders any of its effects.
struct RenderContext {
    const std::vector<PlayerState>* players = nullptr;
    const Board* board = nullptr;

    static RenderContext Of(const GameState& state);
    std::string_view Player(int index) const;
    std::string_view SpaceLabel(int index) const;
};

std::string EffectText(const Effect& effect, const RenderContext& context);

// A payment in short, for a glance (the entry line's preview, the table display): the sentence
// without the arithmetic in brackets, "pays the bank" as "pays"; any other effect in full.
std::string EffectBrief(const Effect& effect, const RenderContext& context);

// The sentence up to its bracketed detail, for the year-end summary; for a Y-2 payout to a
// player (*payout set), only what the broker pays for ("for 1 Blue directorship").
std::string EffectShort(const Effect& effect, const RenderContext& context, bool* payout);

// The words of a charge's reason ("covering 5,000 Blue at market (...)"); the state's Obligation
// keeps them (state.h). `brief`: without the arithmetic in brackets.
std::string ChargeReasonText(const ChargeReason& reason, bool brief = false);

// TEST ONLY: words to use instead of the standard ones for one EffectWhat (empty: the standard
// words), to show that nothing but the rendered text depends on the wording.
void SetTestWording(EffectWhat what, std::string words);

} // namespace rutland::bbr
