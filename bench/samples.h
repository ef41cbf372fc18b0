// Per-operation timings for rows that report a distribution (median, p90, p99, max) rather than a
// mean: the durable submit, undo/redo and the process rows.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include <benchmark/benchmark.h>

namespace rutland::bench {

class Samples {
public:
    void Add(double seconds) { m_seconds.push_back(seconds); }

    // The value below which `fraction` of the samples lie (nearest rank).
    double Quantile(double fraction) const {
        if (m_seconds.empty()) return 0.0;
        std::vector<double> sorted = m_seconds;
        std::sort(sorted.begin(), sorted.end());
        const auto rank = static_cast<size_t>(std::ceil(fraction * static_cast<double>(sorted.size())));
        return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
    }

    // Counters p50_ms, p90_ms, p99_ms and max_ms on the benchmark's line.
    void Report(benchmark::State& state) const {
        state.counters["p50_ms"] = Quantile(0.50) * 1e3;
        state.counters["p90_ms"] = Quantile(0.90) * 1e3;
        state.counters["p99_ms"] = Quantile(0.99) * 1e3;
        state.counters["max_ms"] = Quantile(1.0) * 1e3;
    }

private:
    std::vector<double> m_seconds;
};

// Seconds since `start` on the steady clock.
inline double SecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace rutland::bench
