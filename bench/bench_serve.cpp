// Issue 18: what sharing the game costs the broker. `rutland-cli play --db` appends 1,000 lines of
// the benchmark game (a durable commit each, as the dashboard does) to a game file, alone and
// while `rutland-cli serve` follows the same file with 50 clients reading /events, in pairs of
// rounds. The row is the drop of the append rate; the target is at most 10%. (The test
// serve.load_* checks that every client sees every line.)
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench_games.h"
#include "samples.h"

namespace rutland::bench {
namespace {

pid_t Spawn(const std::vector<std::string>& args, int stdout_fd) {
    const pid_t pid = fork();
    if (pid == 0) {
        const int null = open("/dev/null", O_RDWR);
        dup2(null, STDIN_FILENO);
        dup2(stdout_fd >= 0 ? stdout_fd : null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        std::vector<char*> argv;
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    return pid;
}

int WaitExit(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// `rutland-cli serve` and its followers, for one run.
struct Sharing {
    pid_t pid = -1;
    std::atomic<bool> stop{false};
    std::vector<std::thread> followers;
    long events = 0;  // "id:" lines read by all followers

    bool Start(const std::string& db, int clients) {
        int fds[2];
        if (pipe(fds) != 0) return false;
        pid = Spawn({RUTLAND_CLI_EXE, "serve", db}, fds[1]);
        close(fds[1]);
        std::string line;
        char c = 0;
        while (read(fds[0], &c, 1) == 1 && c != '\n') line += c;
        std::thread([fd = fds[0]] {
            char buf[256];
            while (read(fd, buf, sizeof buf) > 0) {
            }
            close(fd);
        }).detach();
        std::smatch m;
        if (!std::regex_match(line, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))"))) return false;
        const int port = std::stoi(m[1]);
        const std::string token = m[2];
        for (int i = 0; i < clients; ++i) {
            const int fd = socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(static_cast<uint16_t>(port));
            inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
            if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return false;
            const std::string req = fmt::format("GET /events?token={} HTTP/1.1\r\nHost: x\r\n\r\n", token);
            send(fd, req.data(), req.size(), MSG_NOSIGNAL);
            followers.emplace_back([this, fd] {
                // The followers stand in for the players' phones, other machines: here they take
                // only the CPU the broker's commits leave (the serve process is the broker's cost).
                setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19);
                char buf[16384];
                long seen = 0;
                pollfd p{fd, POLLIN, 0};
                while (!stop) {
                    if (poll(&p, 1, 50) <= 0) continue;
                    const ssize_t n = recv(fd, buf, sizeof buf, 0);
                    if (n <= 0) break;
                    for (ssize_t k = 0; k + 3 < n; ++k) seen += buf[k] == '\n' && buf[k + 1] == 'i' && buf[k + 2] == 'd';
                }
                close(fd);
                __atomic_add_fetch(&events, seen, __ATOMIC_RELAXED);
            });
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));  // every follower connected
        return true;
    }
    void Stop() {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the last events delivered
        stop = true;
        for (std::thread& t : followers) t.join();
        kill(pid, SIGTERM);
        WaitExit(pid);
    }
};

// One round: a fresh game file, then 1,000 lines appended by `rutland-cli play --db`, alone or
// while `rutland-cli serve` follows the file for `clients` followers of /events (0: the serving
// alone). The seconds the append took, or a negative on failure.
double AppendRound(const std::string& header, const std::string& script, bool shared, int clients, int round, long* events) {
    const std::string db = fmt::format("{}/shared-{}-{}-{}.rutland", WorkDir(), shared, clients, round);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
    if (WaitExit(Spawn({RUTLAND_CLI_EXE, "play", header, "--db", db}, -1)) != 0) return -1;
    Sharing sharing;
    if (shared && !sharing.Start(db, clients)) return -2;
    const auto start = std::chrono::steady_clock::now();
    const int code = WaitExit(Spawn({RUTLAND_CLI_EXE, "play", script, "--db", db}, -1));
    const double seconds = SecondsSince(start);
    if (shared) {
        sharing.Stop();
        *events += sharing.events;
    }
    return code == 0 ? seconds : -3;
}

// Each iteration is a pair of rounds, alone and shared, in alternating order: the disk's flush
// time drifts over seconds on a shared machine (0.3 to 5 ms a commit), so only rounds run side by
// side compare. The row is the median of the pairs' drops, and both rates' medians.
void BM_AppendWhileShared(benchmark::State& state) {
    const int clients = static_cast<int>(state.range(0));
    constexpr int kLines = 1'000;
    const std::vector<std::string> game = BenchGame(kLines + 1);
    const std::string script = fmt::format("{}/shared-{}.txt", WorkDir(), clients);
    const std::string header = fmt::format("{}/shared-{}-header.txt", WorkDir(), clients);
    {
        std::ofstream s(script);
        for (const std::string& line : game) s << line << '\n';
        std::ofstream(header) << game[0] << '\n';
    }
    Samples alone, shared, drops;
    long events = 0;
    int round = 0;
    for (auto _ : state) {
        double seconds[2] = {0, 0};  // alone, shared
        for (int k = 0; k < 2; ++k) {
            const int which = (round + k) % 2;  // alternate which goes first
            seconds[which] = AppendRound(header, script, which == 1, clients, round, &events);
            if (seconds[which] < 0) {
                state.SkipWithError("a round failed: rutland-cli play --db or serve");
                return;
            }
        }
        ++round;
        state.SetIterationTime(seconds[1]);
        alone.Add(seconds[0]);
        shared.Add(seconds[1]);
        // The drop of the append rate: 1 - rate_shared / rate_alone = 1 - alone / shared.
        drops.Add(1.0 - seconds[0] / seconds[1]);
    }
    shared.Report(state);
    state.counters["alone_lines_per_s_p50"] = kLines / alone.Quantile(0.5);
    state.counters["shared_lines_per_s_p50"] = kLines / shared.Quantile(0.5);
    state.counters["drop_pct_p50"] = 100.0 * drops.Quantile(0.5);
    state.counters["events_per_follower"] = clients > 0 ? static_cast<double>(events) / clients / round : 0;
}
// Arg 0: the page served and the file followed, nobody reading; 50: fifty phones following.
BENCHMARK(BM_AppendWhileShared)->Arg(0)->Arg(50)->Iterations(9)->Repetitions(1)->UseManualTime()->Unit(benchmark::kMillisecond);

} // namespace
} // namespace rutland::bench
