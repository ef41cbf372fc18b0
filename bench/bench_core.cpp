// The core's rows of bench/README.md: replay in memory, open and verify a game file, undo/redo at the end
// of a long game, and accepting one command durably. Each runs at 1,000, 10,000 and 100,000
// entries to show how it grows.
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench_games.h"
#include "bench_rows.h"
#include "ledger/ledger.h"
#include "samples.h"
#include "store/store.h"
#include "bbr_names.h"

namespace rutland::bench {
namespace {

void Sizes(benchmark::internal::Benchmark* b) { b->Arg(1'000)->Arg(10'000)->Arg(100'000); }

Ledger StartLedger(const std::string& header_line) {
    ParseResult parsed = ParseCommand(header_line);
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(std::get<GameHeader>(parsed.command->action), &why);
    if (!ledger) throw std::runtime_error("bench: the header is refused: " + why.ToString());
    return std::move(*ledger);
}

struct Bbr {
    using Ledger = rutland::Ledger;
    using Store = rutland::Store;
    using State = GameState;
    static Ledger StartLedger(const std::string& header_line) { return bench::StartLedger(header_line); }
    static ParseResult Parse(const std::string& line) { return ParseCommand(line); }
    static ApplyResult Apply(GameState& s, const Command& c) { return rutland::Apply(s, c); }
    static GameState StartState(const Ledger& ledger) {
        return *StartGame(std::get<GameHeader>(ledger.At(0).command.action)).state;
    }
};

Ledger LedgerOf(const std::vector<std::string>& lines) { return bench::LedgerOf<Bbr>(lines); }

// Row 1: parse + apply every line of the game through a fresh Ledger (Ledger::SubmitLine: the
// parser, Apply on a copy of the state, the canonical line printed back, checkpoints, undo/redo).
void BM_ReplayInMemory(benchmark::State& state) {
    ReplayInMemoryRow<Bbr>(state, BenchGame(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_ReplayInMemory)->Apply(Sizes)->Unit(benchmark::kMillisecond);

// Row 1, split in its parts: the parser alone over every line, and the rules alone (Apply in place,
// what Ledger::Replay and time travel do) over the commands in effect at the end.
void BM_ParseOnly(benchmark::State& state) { ParseOnlyRow<Bbr>(state, BenchGame(static_cast<int>(state.range(0)))); }
BENCHMARK(BM_ParseOnly)->Apply(Sizes)->Unit(benchmark::kMillisecond);

void BM_ApplyInPlace(benchmark::State& state) { ApplyInPlaceRow<Bbr>(state, BenchGame(static_cast<int>(state.range(0)))); }
BENCHMARK(BM_ApplyInPlace)->Apply(Sizes)->Unit(benchmark::kMillisecond);

// Row 2: Store::Open of a game file, which verifies everything (basic_store.h invariant 5): quick_check,
// the column types, the hash chain, the head, a replay of every entry compared with its line and
// effects, conservation after every entry and the snapshots. ReadOnly is `rutland-cli verify`;
// ReadWrite is what the dashboard does.
void OpenVerify(benchmark::State& state, Store::Mode mode) {
    OpenVerifyRow<Bbr>(state, GameFile(static_cast<int>(state.range(0))), mode);
}
void BM_OpenVerify(benchmark::State& state) { OpenVerify(state, Store::Mode::ReadOnly); }
void BM_OpenVerifyWritable(benchmark::State& state) { OpenVerify(state, Store::Mode::ReadWrite); }
BENCHMARK(BM_OpenVerify)->Apply(Sizes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OpenVerifyWritable)->Apply(Sizes)->Unit(benchmark::kMillisecond);

// The first entry at or after `entries` where the commands in effect are a multiple of the
// checkpoint interval (64): an undo there replays the most commands it ever does (63), its worst
// case. The game's own next lines get there, so what is replayed is real play, not filler.
int WorstCaseUndoPoint(int entries) {
    const std::vector<std::string>& lines = BenchGameLines();
    Ledger ledger = LedgerOf(BenchGame(entries));
    size_t next = static_cast<size_t>(entries);
    while (ledger.UndoableCount() % 64 != 0) {
        if (next >= lines.size() || !ledger.SubmitLine(lines[next++]).accepted) throw std::runtime_error("bench: no worst case");
    }
    return static_cast<int>(next);
}

// Each iteration undoes and redoes once through `submit(true)` / `submit(false)` and times only the
// operation named (time_undo), so the ledger grows by two entries an iteration.
template <typename Submit>
void TimeUndoRedo(benchmark::State& state, bool time_undo, Submit submit) {
    Samples samples;
    for (auto _ : state) {
        auto start = std::chrono::steady_clock::now();
        const bool undone = submit(true);
        const double undo_s = SecondsSince(start);
        start = std::chrono::steady_clock::now();
        const bool redone = submit(false);
        const double redo_s = SecondsSince(start);
        if (!undone || !redone) {
            state.SkipWithError("undo or redo refused");
            return;
        }
        state.SetIterationTime(time_undo ? undo_s : redo_s);
        samples.Add(time_undo ? undo_s : redo_s);
    }
    samples.Report(state);
}

// Row 3: undo and redo at the end of the game, in memory (Ledger::Submit), in the worst case above
// (TimeUndoRedo; Iterations bounds the ledger's growth).
void UndoRedo(benchmark::State& state, bool time_undo) {
    const int at = WorstCaseUndoPoint(static_cast<int>(state.range(0)));
    Ledger ledger = LedgerOf(BenchGame(at));
    state.counters["at_entry"] = at;
    const Command undo{std::nullopt, Undo{1}}, redo{std::nullopt, Redo{1}};
    TimeUndoRedo(state, time_undo, [&](bool do_undo) { return ledger.Submit(do_undo ? undo : redo).accepted; });
}
void BM_Undo(benchmark::State& state) { UndoRedo(state, true); }
void BM_Redo(benchmark::State& state) { UndoRedo(state, false); }
BENCHMARK(BM_Undo)->Apply(Sizes)->Iterations(500)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Redo)->Apply(Sizes)->Iterations(500)->UseManualTime()->Unit(benchmark::kMicrosecond);

// Row 4: one command accepted durably (Store::SubmitLine: parse, apply, effects as JSON, the hash
// chain, one SQLite transaction in WAL mode committed with synchronous=FULL, so an fsync of the
// WAL). The game file is a fresh copy in the work directory (the real disk, not tmpfs); the
// commands are the bench game's next ones after the prefix. The distribution is over the
// iterations, one command each.
void BM_SubmitDurable(benchmark::State& state) {
    const int entries = static_cast<int>(state.range(0));
    const std::string path = CopyOfGameFile(entries, fmt::format("submit-{}", entries));
    std::string error;
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error);
    if (!store || store->ReadOnly()) {
        state.SkipWithError("cannot open the copy of the bench game");
        return;
    }
    const std::vector<std::string>& lines = BenchGameLines();
    size_t next = static_cast<size_t>(entries);
    Samples samples;
    for (auto _ : state) {
        if (next >= lines.size()) {
            state.SkipWithError("out of bench game lines");
            return;
        }
        const Stamp stamp{"2024-01-02T00:00:00Z", "broker", fmt::format("bench-submit:{}", next)};
        const auto start = std::chrono::steady_clock::now();
        const StoreReceipt r = store->SubmitLine(lines[next++], stamp);
        const double s = SecondsSince(start);
        if (!r.accepted) {
            state.SkipWithError("a bench game line was refused by the store");
            return;
        }
        state.SetIterationTime(s);
        samples.Add(s);
    }
    samples.Report(state);
}
BENCHMARK(BM_SubmitDurable)->Apply(Sizes)->Iterations(1'000)->Repetitions(1)->UseManualTime()->Unit(benchmark::kMicrosecond);

// Row 3 as the dashboard does it: undo and redo through the store, so each is also a durable
// commit (row 4's fsync). The worst-case position of BM_Undo.
void UndoRedoDurable(benchmark::State& state, bool time_undo) {
    const int entries = static_cast<int>(state.range(0));
    const int at = WorstCaseUndoPoint(entries);
    const std::string path = CopyOfGameFile(entries, fmt::format("undo-{}", entries));
    std::string error;
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error);
    if (!store || store->ReadOnly()) {
        state.SkipWithError("cannot open the copy of the bench game");
        return;
    }
    int id = 0;
    auto submit = [&](const std::string& line) {
        return store->SubmitLine(line, Stamp{"2024-01-02T00:00:00Z", "broker", fmt::format("bench-undo:{}", ++id)}).accepted;
    };
    for (int i = entries; i < at; ++i)
        if (!submit(BenchGameLines()[static_cast<size_t>(i)])) throw std::runtime_error("bench: a line was refused");
    state.counters["at_entry"] = at;
    TimeUndoRedo(state, time_undo, [&](bool do_undo) { return submit(do_undo ? "undo" : "redo"); });
}
void BM_UndoDurable(benchmark::State& state) { UndoRedoDurable(state, true); }
void BM_RedoDurable(benchmark::State& state) { UndoRedoDurable(state, false); }
BENCHMARK(BM_UndoDurable)->Apply(Sizes)->Iterations(200)->Repetitions(1)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RedoDurable)->Apply(Sizes)->Iterations(200)->Repetitions(1)->UseManualTime()->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace rutland::bench
