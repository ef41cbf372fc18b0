// A whole program run as a broker starts it, for the process rows (bench_process.cpp, and
// bench_flutter.cpp's `rutland-cli play` of a Flutter game): spawned under rutland_rss_probe (its
// peak memory and CPU time: rss_probe.cpp), stdout on a pipe, the XDG directories in the work
// directory.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace rutland::bench {

struct ChildResult {
    bool ok = false;
    double seconds_to_marker = 0;  // spawn until the marker line (or the exit, without a marker)
    double peak_rss_mb = 0;
    double cpu_seconds = 0;  // the child's user + system time, to the end
    std::string output;
};

// Runs argv with stdout on a pipe and the XDG directories in the work directory (the dashboard
// remembers recent games there, never in the user's). Stops the clock at the first output line
// containing `marker` (empty: at exit).
ChildResult RunChild(const std::vector<std::string>& args, const std::string& marker);

// A process row: `args` run once an iteration, the time to `marker` as the iteration's (manual)
// time; reports the quantiles (samples.h), peak_rss_MB and cpu_p50_ms (the whole run, teardown
// included). `each` sees every run (a row's counter of its own). A failed run skips the row with
// `what` and the first 400 characters of the output; false then.
bool ProcessRow(benchmark::State& state, const std::vector<std::string>& args, const std::string& marker,
                const std::string& what, const std::function<void(const ChildResult&)>& each = {});

} // namespace rutland::bench
