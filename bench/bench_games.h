// The games every benchmark measures, and game files made from them.
//
// Invariants:
//  1. All benchmark games are prefixes of one game: BenchGame(n) is the first n lines (the header
//     included) of the seeded random legal game from tests/support/game_generator.h, so the game
//     at 1,000, 10,000 and 100,000 entries is the same game, only longer, and every prefix is a
//     legal game. The lines after a prefix are that game's next commands (the durable-submit rows
//     play them).
//  2. The game source is this one function: change the generator's options here and every row
//     changes with it.
//  3. Game files are written once per process and size, under the work directory, through
//     Store::Create and Store::SubmitLine (the app's own path, so the file is a real game file with
//     its chain and snapshots). They are built on tmpfs when /dev/shm exists (fsync there is free,
//     which matters for 100,000 entries) and then copied to the work directory, where the rows that
//     read or write files measure them.
#pragma once

#include <string>
#include <vector>

namespace rutland::bench {

// The longest game any row uses, plus the commands the durable rows append after it.
inline constexpr int kMaxEntries = 100'000;
inline constexpr int kExtraCommands = 2'000;

// kMaxEntries, or less when RUTLAND_BENCH_MAX_ENTRIES says so (the smoke test in ctest makes a
// short game only, so it runs the 1,000-entry rows in seconds).
int MaxEntries();

// The first `entries` lines of the benchmark game (invariant 1); line 0 is the game header.
const std::vector<std::string>& BenchGameLines();
std::vector<std::string> BenchGame(int entries);

// The directory benchmark files go to (RUTLAND_BENCH_DIR, else ./rutland-bench-work).
const std::string& WorkDir();

// A game file holding the first `entries` lines (invariant 3): its path. The file must not be
// written to; CopyOfGameFile gives a fresh copy that may be.
const std::string& GameFile(int entries);
std::string CopyOfGameFile(int entries, const std::string& name);

} // namespace rutland::bench
