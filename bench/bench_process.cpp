// Rows 6 and 7 of bench/README.md, and `rutland-cli play SCRIPT`: whole programs, as a broker starts them.
//  - start to first frame: the real `rutland GAME --exit-after-first-frame` (GLFW window, OpenGL
//    through Mesa), timed here from just before posix_spawn until the program's line saying the
//    first frame is on screen (after SwapBuffers and glFinish) arrives on its stdout. Needs an X
//    display: bench/run.sh runs everything under xvfb-run.
//  - peak memory: the maximum resident set size of the program (wait4's rusage, through
//    rutland_rss_probe: see rss_probe.cpp for why), for the dashboard opening the game and for
//    `rutland-cli verify GAME`. Each program runs under the probe, which adds its exec (~1 ms) to
//    the start-up time.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench_games.h"
#include "child_process.h"
#include "samples.h"

extern char** environ;

namespace rutland::bench {

// A program run as a broker starts it (child_process.h).
ChildResult RunChild(const std::vector<std::string>& args, const std::string& marker) {
    ChildResult result;
    int fds[2];
    if (pipe(fds) != 0) return result;
    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "XDG_CONFIG_HOME=", 16) != 0 && std::strncmp(*e, "XDG_DATA_HOME=", 14) != 0)
            env_strings.emplace_back(*e);
    env_strings.push_back("XDG_CONFIG_HOME=" + WorkDir() + "/xdg-config");
    env_strings.push_back("XDG_DATA_HOME=" + WorkDir() + "/xdg-data");
    std::vector<char*> env, argv;
    for (std::string& s : env_strings) env.push_back(s.data());
    env.push_back(nullptr);
    const std::string probe_out = WorkDir() + "/rss-probe.txt";
    std::remove(probe_out.c_str());
    std::vector<std::string> arg_copy = {RUTLAND_RSS_PROBE, probe_out};
    arg_copy.insert(arg_copy.end(), args.begin(), args.end());
    for (std::string& s : arg_copy) argv.push_back(s.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    pid_t pid = 0;
    const auto start = std::chrono::steady_clock::now();
    const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), env.data());
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        return result;
    }
    std::optional<double> at_marker;
    char buffer[4096];
    for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) {
        result.output.append(buffer, static_cast<size_t>(n));
        if (!at_marker && !marker.empty() && result.output.find(marker) != std::string::npos) at_marker = SecondsSince(start);
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    const double at_exit = SecondsSince(start);
    result.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && (marker.empty() || at_marker);
    result.seconds_to_marker = at_marker.value_or(at_exit);
    // The probe's report (rss_probe.cpp): the child's own peak RSS and CPU time.
    long max_rss_kb = 0;
    double cpu = 0;
    if (std::FILE* in = std::fopen(probe_out.c_str(), "r")) {
        if (std::fscanf(in, "%ld %lf", &max_rss_kb, &cpu) != 2) result.ok = false;
        std::fclose(in);
    } else {
        result.ok = false;
    }
    result.peak_rss_mb = static_cast<double>(max_rss_kb) / 1024.0;
    result.cpu_seconds = cpu;
    return result;
}

bool ProcessRow(benchmark::State& state, const std::vector<std::string>& args, const std::string& marker,
                const std::string& what, const std::function<void(const ChildResult&)>& each) {
    Samples samples, cpu;
    double peak = 0;
    for (auto _ : state) {
        const ChildResult r = RunChild(args, marker);
        if (!r.ok) {
            state.SkipWithError((what + " failed: " + r.output.substr(0, 400)).c_str());
            return false;
        }
        state.SetIterationTime(r.seconds_to_marker);
        samples.Add(r.seconds_to_marker);
        cpu.Add(r.cpu_seconds);
        peak = std::max(peak, r.peak_rss_mb);
        if (each) each(r);
    }
    samples.Report(state);
    state.counters["peak_rss_MB"] = peak;
    state.counters["cpu_p50_ms"] = cpu.Quantile(0.5) * 1e3;  // the whole run, teardown included
    return true;
}


namespace {

// Row 6 (and row 7 for the dashboard).
void BM_StartToFirstFrame(benchmark::State& state) {
    if (!std::getenv("DISPLAY")) {
        state.SkipWithError("no DISPLAY: run under xvfb-run (bench/run.sh does)");
        return;
    }
    // 0 entries: no game, the start screen (what the window and the OpenGL stack cost alone).
    const int entries = static_cast<int>(state.range(0));
    std::vector<std::string> args = {RUTLAND_EXE, "--exit-after-first-frame"};
    if (entries > 0) args.push_back(CopyOfGameFile(entries, fmt::format("start-{}", entries)));
    double main_to_frame = 0;
    const bool ran = ProcessRow(state, args, "first frame after", "rutland", [&](const ChildResult& r) {
        if (const auto at = r.output.find("after "); at != std::string::npos) main_to_frame = std::atof(r.output.c_str() + at + 6);
    });
    if (ran) state.counters["main_to_frame_ms"] = main_to_frame;  // the program's own figure, last run
}
BENCHMARK(BM_StartToFirstFrame)->Arg(0)->Arg(1'000)->Arg(10'000)->Arg(100'000)->Iterations(10)->Repetitions(1)->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// Row 7 for the command line: `rutland-cli verify GAME` (the full check of row 2 in its own process).
void BM_VerifyProcess(benchmark::State& state) {
    ProcessRow(state, {RUTLAND_CLI_EXE, "verify", GameFile(static_cast<int>(state.range(0)))}, "", "rutland-cli verify");
}
BENCHMARK(BM_VerifyProcess)->Arg(1'000)->Arg(10'000)->Arg(100'000)->Iterations(5)->Repetitions(1)->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// `rutland-cli play SCRIPT` of the benchmark game as a script, in memory (no --db): the
// whole process, from spawn to exit (start-up, reading and checking the script, the replay, the
// broker's summary, teardown).
void BM_PlayProcess(benchmark::State& state) {
    const int entries = static_cast<int>(state.range(0));
    const std::string path = fmt::format("{}/play-{}.txt", WorkDir(), entries);
    {
        std::ofstream script(path);
        for (const std::string& line : BenchGame(entries)) script << line << '\n';
    }
    ProcessRow(state, {RUTLAND_CLI_EXE, "play", path}, "", "rutland-cli play");
}
BENCHMARK(BM_PlayProcess)->Arg(1'000)->Arg(10'000)->Arg(100'000)->Iterations(10)->Repetitions(1)->UseManualTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace rutland::bench
