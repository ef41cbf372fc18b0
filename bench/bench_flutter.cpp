// Flutter's rows of bench/README.md: a generated Flutter game (tests/support/flutter_game_generator.h,
// seed 7, 4 players) at 1,000 and 10,000 entries, measured as Big Board Raiders' rows are
// (bench_core.cpp, bench_process.cpp):
//  - BM_FlutterReplayInMemory: every line through a fresh Ledger (Ledger::SubmitLine: the parser,
//    Apply on a copy of the state, the canonical line printed back, checkpoints); with
//    BM_FlutterParseOnly and BM_FlutterApplyInPlace, its two parts.
//  - BM_FlutterOpenVerify: Store::Open of the game file, which verifies everything (basic_store.h
//    invariant 5); its counter file_bytes_per_entry is the file-size row.
//  - BM_FlutterPlayProcess: `rutland-cli play SCRIPT` of the game, the whole process.
//
// Invariants (as bench_games.h's for Big Board Raiders):
//  1. The games are prefixes of one game: FlutterGame(n) is the first n lines of the seeded game,
//     so the game at 1,000 and 10,000 entries is the same game, only longer.
//  2. Game files are written once per process and size through Store::Create and Store::SubmitLine
//     (the app's own path), on tmpfs when /dev/shm exists, then copied to the work directory.
//
// This file includes Flutter's headers and no other game's (they share relative names): it is
// compiled on its own (bench/CMakeLists.txt, rutland_bench_flutter).
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench_games.h"
#include "bench_rows.h"
#include "child_process.h"
#include "flutter_game_generator.h"
#include "ledger/ledger.h"
#include "samples.h"
#include "store/store.h"

namespace fs = std::filesystem;

namespace rutland::bench {
namespace {

using namespace rutland::flutter;

constexpr int kFlutterMaxEntries = 10'000;

void FlutterSizes(benchmark::internal::Benchmark* b) {
    b->Arg(1'000);
    if (MaxEntries() >= kFlutterMaxEntries) b->Arg(kFlutterMaxEntries);
}

// Invariant 1. About a second to make (the generator tries candidates with Legal()).
const std::vector<std::string>& FlutterGameLines() {
    static const std::vector<std::string> lines = [] {
        testing::FlutterGenOptions options;
        options.seed = 7;
        options.players = 4;
        options.entries = std::min(MaxEntries(), kFlutterMaxEntries);
        return testing::GenerateFlutterGame(options);
    }();
    return lines;
}

std::vector<std::string> FlutterGame(int entries) {
    const auto& all = FlutterGameLines();
    if (entries < 1 || entries > static_cast<int>(all.size()))
        throw std::out_of_range(fmt::format("FlutterGame: {} entries; this run makes at most {}", entries, all.size()));
    return {all.begin(), all.begin() + entries};
}

Ledger StartLedger(const std::string& header_line) {
    ParseResult parsed = ParseCommand(header_line);
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(std::get<Header>(parsed.command->action), &why);
    if (!ledger) throw std::runtime_error("bench: the Flutter header is refused: " + why.ToString());
    return std::move(*ledger);
}

void RemoveGameFile(const fs::path& path) {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix, ec);
}

// Invariant 2: the stamps are those of Big Board Raiders' bench files (bench_games.cpp).
const std::string& FlutterGameFile(int entries) {
    static std::map<int, std::string> made;
    if (auto it = made.find(entries); it != made.end()) return it->second;
    const fs::path final_path = fs::path(WorkDir()) / fmt::format("bench-flutter-{}.rutland", entries);
    RemoveGameFile(final_path);
    const bool shm = fs::is_directory("/dev/shm");
    const fs::path build_path =
        shm ? fs::path("/dev/shm") / fmt::format("rutland-bench-flutter-{}-{}.rutland", getpid(), entries) : final_path;
    RemoveGameFile(build_path);
    {
        const std::vector<std::string> lines = FlutterGame(entries);
        std::string error;
        auto store = Store::Create(build_path.string(), std::get<Header>(ParseCommand(lines[0]).command->action),
                                   Stamp{"2024-01-01T00:00:00Z", "broker", "bench:0"}, &error);
        if (!store) throw std::runtime_error("bench: cannot create " + build_path.string() + ": " + error);
        for (size_t i = 1; i < lines.size(); ++i) {
            const StoreReceipt r = store->SubmitLine(lines[i], Stamp{"2024-01-01T00:00:00Z", "broker", fmt::format("bench:{}", i)});
            if (!r.accepted) throw std::runtime_error(fmt::format("bench: Flutter line {} was refused: {}", i, r.Why()));
        }
    }  // closed: the WAL is checkpointed into the file
    if (shm) {
        fs::copy_file(build_path, final_path);
        RemoveGameFile(build_path);
    }
    return made[entries] = final_path.string();
}

struct FlutterRows {
    using Ledger = flutter::Ledger;
    using Store = flutter::Store;
    using State = GameState;
    static Ledger StartLedger(const std::string& header_line) { return bench::StartLedger(header_line); }
    static ParseResult Parse(const std::string& line) { return ParseCommand(line); }
    static ApplyResult Apply(GameState& s, const Command& c) { return flutter::Apply(s, c); }
    static GameState StartState(const Ledger& ledger) { return *StartGame(std::get<Header>(ledger.At(0).command.action)).state; }
};

void BM_FlutterReplayInMemory(benchmark::State& state) {
    ReplayInMemoryRow<FlutterRows>(state, FlutterGame(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_FlutterReplayInMemory)->Apply(FlutterSizes)->Unit(benchmark::kMillisecond);

void BM_FlutterParseOnly(benchmark::State& state) {
    ParseOnlyRow<FlutterRows>(state, FlutterGame(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_FlutterParseOnly)->Apply(FlutterSizes)->Unit(benchmark::kMillisecond);

// The rules alone: Apply in place over the commands in effect at the end (what a replay does).
void BM_FlutterApplyInPlace(benchmark::State& state) {
    ApplyInPlaceRow<FlutterRows>(state, FlutterGame(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_FlutterApplyInPlace)->Apply(FlutterSizes)->Unit(benchmark::kMillisecond);

// Store::Open, ReadOnly (`rutland-cli verify`): the whole check of basic_store.h invariant 5.
void BM_FlutterOpenVerify(benchmark::State& state) {
    OpenVerifyRow<FlutterRows>(state, FlutterGameFile(static_cast<int>(state.range(0))), Store::Mode::ReadOnly);
}
BENCHMARK(BM_FlutterOpenVerify)->Apply(FlutterSizes)->Unit(benchmark::kMillisecond);

// `rutland-cli play SCRIPT` of the Flutter game, in memory (no --db): spawn to exit.
void BM_FlutterPlayProcess(benchmark::State& state) {
    const int entries = static_cast<int>(state.range(0));
    const std::string path = fmt::format("{}/play-flutter-{}.txt", WorkDir(), entries);
    {
        std::ofstream script(path);
        for (const std::string& line : FlutterGame(entries)) script << line << '\n';
    }
    ProcessRow(state, {RUTLAND_CLI_EXE, "play", path}, "", "rutland-cli play");
}
BENCHMARK(BM_FlutterPlayProcess)->Apply(FlutterSizes)->Iterations(10)->Repetitions(1)->UseManualTime()->Unit(benchmark::kMillisecond);

} // namespace
} // namespace rutland::bench
