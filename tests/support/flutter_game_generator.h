// A seeded random *legal* Flutter game (games/flutter/docs/RULES.md), for Flutter's property tests
// (tests/property/flutter_properties.cpp), its fuzz seeds and its benchmarks (bench/bench_flutter.cpp).
// Big Board Raiders' generator is game_generator.h; the two share the generators' kit
// (generator_kit.h: options, the run, emitting a line; rng.h, the random source) and nothing of a
// game, since each game's headers live under the same relative names ("rules/rules.h") and one
// translation unit can include only one game.
//
// Invariants:
//  1. Every line GenerateFlutterGame returns is accepted when the lines are played in order from the
//     first (the `game flutter` header): the generator plays each candidate on its own Ledger and
//     keeps only what that ledger accepted. A valid game by construction, never by hope.
//  2. The result is a function of the options alone (rng.h: the same numbers on every machine).
//  3. The game has exactly `entries` lines (the header included): `undo` is always possible once a
//     command is in effect, and a throw always is while the game is not over (T-1, T-7).
//  4. Throws, trades and claims are drawn from the rules' Legal() (rules/legal.h); what Legal()
//     leaves to the table the generator builds from the state, the way a broker would type it, and
//     keeps only if the ledger takes it: Market News cards with random effects (up, down, parent
//     up/down, dividend, anti-slump, nothing; so slumps, bonus issues and bankruptcies come from
//     cards as well as from round ends), `@place` on throws (T-8), notes, undo/redo, the table's
//     corrections (`peg`, `count`, `player`: X-1) and board confirmations (`board ... ok`: BD-7).
//  5. A won game (W-5) is undone (`undo` reopens it, L-2) so that play goes on to `entries` lines;
//     the claim stays in the ledger as an entry undone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen_options.h"
#include "rng.h"

namespace rutland::testing {

// Relative weights of what may happen at a step; 0 turns a kind off.
struct FlutterGenMix {
    int trade = 45;       // a buy or sell from Legal() (TR-1..TR-7)
    int throw_ = 40;      // a throw from Legal() (T-1..T-9)
    int claim = 40;       // at a stoppage, a claim Legal() says is valid (W-2..W-5)
    int note = 2;
    int undo = 3;         // undo 1..3
    int redo = 60;        // right after an undo: percent of steps that redo
    int correction = 1;   // `peg`, `count` or `player`
    int board_fix = 1;    // `board W ok`, `board L12 ok`, a lane's name (BD-7)
    int place = 4;        // percent of throws typed with `@place` (T-8)
    int low_parent = 30;  // percent of throws of the company whose parent is lowest
    // Throws and cards that would bankrupt a company beyond this many are passed over while another
    // is legal (the dice are the generator's to choose): on the provisional board a company that is
    // not thrown falls 2 levels a round (RE-3), and without this most companies of a long game are
    // bankrupt within a few hundred lines, after which nearly every throw is void (T-7).
    int max_bankrupt = 2;
};

// The options (gen_options.h: seed, players, entries, mix, vary_header, vary_spelling). Here
// vary_header is variety in the header: cash, target, box and variants; off, `game flutter
// players=P1,P2,...`. And vary_spelling spells a line now and then as a broker types it (`w4`,
// `+w2`, `-r`, `n u2 div10`, `Ann: claim`).
using FlutterGenOptions = BasicGenOptions<FlutterGenMix>;

// The game as table-language lines, line 0 the header (invariants 1-3).
std::vector<std::string> GenerateFlutterGame(const FlutterGenOptions& options);

} // namespace rutland::testing
