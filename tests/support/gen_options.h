// The options every game's random legal-game generator takes (generator_kit.h), apart so that a
// generator's header (game_generator.h, flutter_game_generator.h) names them without the kit.
#pragma once

#include <cstdint>

namespace rutland::testing {

// A generator's options; Mix is the game's relative weights of what may happen at a step.
template <class Mix>
struct BasicGenOptions {
    uint64_t seed = 1;
    int players = 4;    // 2..8
    int entries = 200;  // lines to produce, the header included (>= 1)
    Mix mix;
    // Variety in the header (the game's header says which); off, the plainest header.
    bool vary_header = true;
    // Sometimes spell a line as a broker might type it instead of the canonical form; the ledger
    // stores the canonical line either way.
    bool vary_spelling = true;
};

} // namespace rutland::testing
