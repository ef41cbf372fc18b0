// A seeded random *legal* game generator, for property tests, fuzz seeds and benchmarks. The core
// has no randomness; all of it lives here. Built on the generators' kit (generator_kit.h: options,
// the run, emitting a line), it draws only Big Board Raiders' own lines (game_generator.cpp).
//
// Invariants:
//  1. Every line GenerateGame returns is accepted when the lines are played in order from the
//     first (the game header): the generator plays each candidate on its own Ledger and emits only
//     what that ledger accepted. So the result is a valid game by construction, never by hope.
//  2. The result is a function of the options alone: the same GenOptions give the same lines on
//     any machine (rng.h: xoshiro256** and our own range reduction; no std::random_device, no
//     std::uniform_int_distribution, whose output differs between standard libraries).
//  3. The game has exactly `entries` lines (the header included) unless a line cannot be found at
//     all, which does not happen in practice: undo is always possible once a command is in effect.
//  4. Trades, conversions, exercises, escrow changes, declarations and year ends are drawn from the
//     core's Legal(); what Legal() leaves to the table (dice, landed spaces, Time cards and their
//     effects, rights and option cards, option transfers, board corrections, notes, undo/redo,
//     `player`, the table's counts) the generator builds itself from the state, the way a broker
//     would type them. With GenMix::count 0 no random number is drawn for counts (the same games
//     as before counts existed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen_options.h"
#include "rng.h"

namespace rutland::testing {

// Relative weights of what happens at a step where more than one thing may. 0 turns a kind off.
struct GenMix {
    int trade = 60;        // a trade from Legal().trades (buy, sell, short, cover, bonds, directorships)
    int other = 8;         // a conversion, exercise, escrow change, declaration or year end from Legal().other
    int end = 25;          // end the turn (when legal)
    int card = 12;         // a rights offering or option card on the matching space
    int transfer = 2;      // an option changes hands (O-3)
    int note = 3;
    int undo = 4;          // undo 1..3
    int redo = 60;         // right after an undo: how likely the next step redoes (percent-ish weight)
    int board_fix = 1;     // a board correction (D-2)
    int set_player = 1;    // `player X` (a turn repaired)
    int time_effect = 50;  // percent of Time cards that carry an effect (high-vol, move, delist)
    // A table's count of the market or of one player, between turns or mid-turn, and now and
    // then a game picked up in progress (counts right after the header). 0 by default: the games
    // the effect fixtures recorded (tests/games/effects/generated-*) stay the same games; the
    // properties turn it on.
    int count = 0;
};

// The options (gen_options.h: seed, players, entries, mix, vary_header, vary_spelling). Here
// vary_header is variety in the header: random cash, year-cards, variants, broker/sec, start
// spaces; off, the header is `game players=P1,P2,... start=@market-1,...` and nothing else. And
// vary_spelling spells a line now and then as a broker might type it (`buy blue 10000`,
// `ROLL 3 4 2 @FULW`).
using GenOptions = BasicGenOptions<GenMix>;

// The game as table-language lines, line 0 the header (invariants 1-3).
std::vector<std::string> GenerateGame(const GenOptions& options);

// Rng, the seeded random source shared by the test harnesses: rng.h.

} // namespace rutland::testing
