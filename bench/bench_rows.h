// The rows every game's benchmarks share (bench_core.cpp: Big Board Raiders'; bench_flutter.cpp:
// Flutter's), over a game's traits G: G::Ledger, G::Store, G::State; G::StartLedger(header line),
// G::Parse(line), G::Apply(state, command), G::StartState(ledger) (the state entry 0 makes). Each
// game's file registers its own BENCHMARK()s, with its own names and sizes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

namespace rutland::bench {

template <class G>
typename G::Ledger LedgerOf(const std::vector<std::string>& lines) {
    typename G::Ledger ledger = G::StartLedger(lines[0]);
    for (size_t i = 1; i < lines.size(); ++i)
        if (!ledger.SubmitLine(lines[i]).accepted) throw std::runtime_error(fmt::format("bench: line {} refused", i));
    return ledger;
}

// Parse + apply every line through a fresh ledger (SubmitLine: the parser, Apply on a copy of the
// state, the canonical line printed back, checkpoints, undo/redo).
template <class G>
void ReplayInMemoryRow(benchmark::State& state, const std::vector<std::string>& lines) {
    for (auto _ : state) {
        typename G::Ledger ledger = G::StartLedger(lines[0]);
        for (size_t i = 1; i < lines.size(); ++i) {
            if (!ledger.SubmitLine(lines[i]).accepted) {
                state.SkipWithError("a line of the bench game was refused");
                return;
            }
        }
        benchmark::DoNotOptimize(ledger.State());
        state.PauseTiming();  // freeing the whole ledger is not part of a replay
        { typename G::Ledger gone = std::move(ledger); }
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(lines.size() - 1));
    state.counters["commands_per_s"] =
        benchmark::Counter(static_cast<double>(lines.size() - 1), benchmark::Counter::kIsIterationInvariantRate);
}

// The replay's two parts: the parser alone over every line...
template <class G>
void ParseOnlyRow(benchmark::State& state, const std::vector<std::string>& lines) {
    for (auto _ : state) {
        for (size_t i = 1; i < lines.size(); ++i) {
            auto parsed = G::Parse(lines[i]);
            benchmark::DoNotOptimize(parsed);
        }
    }
    state.counters["commands_per_s"] =
        benchmark::Counter(static_cast<double>(lines.size() - 1), benchmark::Counter::kIsIterationInvariantRate);
}

// ...and the rules alone: Apply in place over the commands in effect at the end (what a replay
// from a checkpoint and time travel do).
template <class G>
void ApplyInPlaceRow(benchmark::State& state, const std::vector<std::string>& lines) {
    const typename G::Ledger ledger = LedgerOf<G>(lines);
    const typename G::State start = G::StartState(ledger);
    for (auto _ : state) {
        typename G::State s = start;
        for (int seq : ledger.InEffect()) {
            auto r = G::Apply(s, ledger.At(seq).command);
            benchmark::DoNotOptimize(r);
        }
        benchmark::DoNotOptimize(s);
    }
    state.counters["commands_per_s"] = benchmark::Counter(static_cast<double>(ledger.InEffect().size()),
                                                          benchmark::Counter::kIsIterationInvariantRate);
}

// Store::Open of a game file of state.range(0) entries, which verifies everything (basic_store.h
// invariant 5); its counter file_bytes_per_entry is the file-size row (the file as Store::Create
// and Submit wrote it, its WAL checkpointed into it).
template <class G>
void OpenVerifyRow(benchmark::State& state, const std::string& path, typename G::Store::Mode mode) {
    for (auto _ : state) {
        std::string error;
        std::unique_ptr<typename G::Store> store = G::Store::Open(path, mode, &error);
        if (!store || !store->Report().Clean() || store->Size() != state.range(0)) {
            state.SkipWithError("the bench game file did not open clean");
            return;
        }
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.counters["file_bytes_per_entry"] =
        static_cast<double>(std::filesystem::file_size(path)) / static_cast<double>(state.range(0));
}

} // namespace rutland::bench
