// What sharing the game costs the broker. `rutland-cli play --db` appends 1,000 lines of
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

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// The followers: `clients` connections to /events read by one child process with one poll loop
// until SIGUSR1: it writes a byte to `result` once every follower is connected, and at the end how
// many "\nid:" it read, as soon as that is `expected` (every follower has every event) or
// when told to stop. They stand in for the
// players' phones, which are other machines: a process of their own (not threads of the process
// that forks the broker's `play` and times it), at the lowest priority, so that what the row
// measures is what the serve process costs the broker. Only async-signal-safe calls after fork
// (the bench has threads): the request is formatted before.
volatile sig_atomic_t g_followers_stop = 0;

pid_t SpawnFollowers(int port, const std::string& request, int clients, long expected, const int result_pipe[2]) {
    const pid_t pid = fork();
    if (pid != 0) return pid;
    close(result_pipe[0]);
    const int result = result_pipe[1];
    struct sigaction on_stop {};
    on_stop.sa_handler = [](int) { g_followers_stop = 1; };
    sigaction(SIGUSR1, &on_stop, nullptr);
    setpriority(PRIO_PROCESS, 0, 19);
    constexpr int kMax = 64;
    pollfd fds[kMax];
    const int n = clients < kMax ? clients : kMax;
    for (int i = 0; i < n; ++i) {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port));
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
        if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) _exit(2);
        send(fd, request.data(), request.size(), MSG_NOSIGNAL);
        fds[i] = pollfd{fd, POLLIN, 0};
    }
    // Connected (the server's listen backlog is short: a connect can wait for a SYN's resend).
    const char ready = 'r';
    if (write(result, &ready, 1) != 1) _exit(3);
    static char buf[65536];
    long seen = 0;
    char last[kMax][3] = {};  // each stream's last 3 bytes: an "\nid:" split across reads still counts
    while (!g_followers_stop && seen < expected) {
        if (poll(fds, static_cast<nfds_t>(n), 100) <= 0) continue;
        for (int i = 0; i < n; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP))) continue;
            const ssize_t got = recv(fds[i].fd, buf, sizeof buf, 0);
            if (got <= 0) {
                fds[i].fd = -1;
                continue;
            }
            // Every "\nid:" (memmem: counting must cost this machine less than receiving), and
            // the one that began in the stream's last 3 bytes before this read.
            constexpr char kId[] = "\nid:";
            char* tail = last[i];
            for (int j = 1; j <= 3; ++j)
                seen += got >= 4 - j && std::memcmp(tail + 3 - j, kId, static_cast<size_t>(j)) == 0 &&
                        std::memcmp(buf, kId + j, static_cast<size_t>(4 - j)) == 0;
            for (const char* at = buf; (at = static_cast<const char*>(memmem(at, static_cast<size_t>(buf + got - at), kId, 4)));
                 at += 4)
                ++seen;
            if (got >= 3) std::memcpy(tail, buf + got - 3, 3);
            else {
                std::memmove(tail, tail + got, static_cast<size_t>(3 - got));
                std::memcpy(tail + 3 - got, buf, static_cast<size_t>(got));
            }
        }
    }
    const ssize_t w = write(result, &seen, sizeof seen);
    _exit(w == sizeof seen ? 0 : 3);
}

// `rutland-cli serve` and its followers, for one run.
struct Sharing {
    pid_t pid = -1;
    pid_t followers = -1;
    int result = -1;                // our end of the followers' pipe
    long events = 0;                // "id:" lines read by all followers

    bool Start(const std::string& db, int clients, int lines) {
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
        if (clients == 0) return true;
        const std::string request = fmt::format("GET /events?token={} HTTP/1.1\r\nHost: x\r\n\r\n", m[2].str());
        int result_pipe[2];
        if (pipe(result_pipe) != 0) return false;
        followers = SpawnFollowers(std::stoi(m[1]), request, clients, static_cast<long>(clients) * lines, result_pipe);
        close(result_pipe[1]);
        result = result_pipe[0];
        char ready = 0;
        return followers > 0 && read(result, &ready, 1) == 1;  // every follower connected
    }
    // `wait_for_all`: the followers end once every one has every event (a follower missing one is
    // counted short after 10 s); otherwise at once.
    void Stop(bool wait_for_all = true) {
        if (followers > 0) {
            pollfd done{result, POLLIN, 0};
            if (!wait_for_all || poll(&done, 1, 10'000) <= 0) kill(followers, SIGUSR1);
            long seen = 0;
            if (read(result, &seen, sizeof seen) == sizeof seen) events += seen;
            close(result);
            WaitExit(followers);
        }
        kill(pid, SIGTERM);
        WaitExit(pid);
    }
};

// A pause after the sharing starts or ends: the followers' streams begin (200 ms), and what earlier
// rounds wrote is on the disk (sync), so no round waits on another's flush.
void Settle() {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    sync();
}

// One round: a fresh game file, `rutland-cli serve` following it for `clients` followers of
// /events (0: the serving alone), then 1,000 lines appended by `rutland-cli play --db`, timed. In
// an alone round the sharing ends before the timing; in a shared round it goes on. So both rounds
// start from the same past, and they differ only in the sharing during the append, which is what
// the row is about. This matters on a machine whose two vCPUs share a core: 50 followers
// connecting leave it slower for a while, sharing or not. With the sharing ended (serve and
// followers gone) before the timing, the append still measured 10% slower than one with no sharing
// set up at all, the same as with the sharing going on (2026-11-24, 30 pairs).
// The seconds the append took, or a negative on failure.
double AppendRound(const std::string& header, const std::string& script, int lines, bool shared, int clients, int round,
                   long* events) {
    const std::string db = fmt::format("{}/shared-{}-{}-{}.rutland", WorkDir(), shared, clients, round);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
    if (WaitExit(Spawn({RUTLAND_CLI_EXE, "play", header, "--db", db}, -1)) != 0) return -1;
    Sharing sharing;
    if (!sharing.Start(db, clients, lines)) return -2;
    Settle();
    if (!shared) sharing.Stop(false);
    Settle();
    const auto start = std::chrono::steady_clock::now();
    const int code = WaitExit(Spawn({RUTLAND_CLI_EXE, "play", script, "--db", db}, -1));
    const double seconds = SecondsSince(start);
    if (shared) {
        sharing.Stop();
        *events += sharing.events;
    }
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
    return code == 0 ? seconds : -3;
}

// 30 pairs of rounds (with fewer, one noisy pair moves the median by points), or RUTLAND_BENCH_PAIRS.
int PairsOfRounds() {
    const char* pairs = std::getenv("RUTLAND_BENCH_PAIRS");
    return pairs && std::atoi(pairs) > 0 ? std::atoi(pairs) : 30;
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
            seconds[which] = AppendRound(header, script, kLines, which == 1, clients, round, &events);
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
    for (double q : {0.25, 0.75}) state.counters[fmt::format("drop_pct_p{}", static_cast<int>(q * 100))] = 100.0 * drops.Quantile(q);
    state.counters["alone_lines_per_s_p50"] = kLines / alone.Quantile(0.5);
    state.counters["shared_lines_per_s_p50"] = kLines / shared.Quantile(0.5);
    state.counters["drop_pct_p50"] = 100.0 * drops.Quantile(0.5);
    state.counters["events_per_follower"] = clients > 0 ? static_cast<double>(events) / clients / round : 0;
}
// Arg 0: the page served and the file followed, nobody reading; 50: fifty phones following.
BENCHMARK(BM_AppendWhileShared)->Arg(0)->Arg(50)->Iterations(PairsOfRounds())->Repetitions(1)->UseManualTime()->Unit(benchmark::kMillisecond);

} // namespace
} // namespace rutland::bench
