// The crash test: rutland-cli plays a long game into a game file and is killed with
// SIGKILL at random moments: while it opens and verifies the file, while it skips the lines
// already in it, while it commits. After every kill the file must open clean, hold every command
// the child acknowledged (printed after its commit), hold no command twice and no gap, and replay
// to the stored state, which must equal the game played in memory. Then the same play starts
// again, as a broker would retry it, until the game is complete; then a new game begins.
//
//   rutland_crash_test CLI WORKDIR
//   RUTLAND_CRASH_KILLS=N  kills to make (default 200; more for a longer run)
//   RUTLAND_CRASH_SEED=S   the random seed (default: random; printed, to repeat a failure)
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "../long_game.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRounds = 100;  // about 1,300 entries a game

struct Reference {
    std::vector<std::string> lines;   // canonical line of entry n
    std::vector<std::string> states;  // state JSON after entry n
};

// The game played in memory: what every prefix of the file must equal.
Reference Play(const std::vector<std::string>& script) {
    Reference ref;
    rutland::Rejection why;
    auto header = rutland::ParseCommand(script[0]).command;
    std::optional<rutland::Ledger> ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(header->action), &why);
    ref.lines.push_back(ledger->At(0).line);
    ref.states.push_back(rutland::StateToJson(ledger->State()).dump());
    for (size_t i = 1; i < script.size(); ++i) {
        rutland::SubmitResult r = ledger->SubmitLine(script[i]);
        if (!r.accepted) {
            std::cerr << "the crash test's script is rejected at '" << script[i] << "': " << r.rejection.ToString() << "\n";
            std::exit(2);
        }
        ref.lines.push_back(ledger->At(r.seq).line);
        ref.states.push_back(rutland::StateToJson(ledger->State()).dump());
    }
    return ref;
}

struct Run {
    bool killed = false;
    int exit_code = -1;
    std::vector<std::pair<int, std::string>> acks;  // "N: line" printed by the child
    double first_ack_ms = -1;
};

// Starts `play SCRIPT --db DB --effects` and kills it after `kill_after_ms` (if still running).
Run PlayAndKill(const std::string& cli, const std::string& script, const std::string& db, const std::string& err_log,
                double kill_after_ms) {
    int out[2];
    if (pipe(out) != 0) std::exit(2);
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        const int err = open(err_log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (err >= 0) dup2(err, STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        execl(cli.c_str(), cli.c_str(), "play", script.c_str(), "--db", db.c_str(), "--effects", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(out[1]);
    Run run;
    std::string text;
    char buffer[65536];
    auto elapsed_ms = [&] { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); };
    bool eof = false;
    while (!eof) {
        const double left = kill_after_ms - elapsed_ms();
        if (left <= 0 && !run.killed) {
            kill(pid, SIGKILL);
            run.killed = true;
        }
        pollfd p{out[0], POLLIN, 0};
        const int ready = poll(&p, 1, run.killed ? 1000 : std::max(1, static_cast<int>(left)));
        if (ready <= 0) continue;
        const ssize_t n = read(out[0], buffer, sizeof buffer);
        if (n <= 0) {
            eof = true;
        } else {
            if (run.first_ack_ms < 0) run.first_ack_ms = elapsed_ms();
            text.append(buffer, static_cast<size_t>(n));
        }
    }
    close(out[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) run.killed = true;
    else run.killed = false, run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    static const std::regex ack(R"(^(\d+): (.*)$)");
    size_t at = 0;
    while (true) {
        const size_t end = text.find('\n', at);
        if (end == std::string::npos) break;  // a line cut by the kill is no acknowledgement
        std::smatch m;
        const std::string line = text.substr(at, end - at);
        if (std::regex_match(line, m, ack)) run.acks.emplace_back(std::stoi(m[1]), m[2]);
        at = end + 1;
    }
    return run;
}

// Everything the issue asks of the file after a kill; "" when it holds.
std::string Check(const std::string& db, const Run& run, const Reference& ref) {
    if (!fs::exists(db)) return run.acks.empty() ? "" : "the child acknowledged commands but there is no file";
    std::string error;
    std::unique_ptr<rutland::Store> store = rutland::Store::Open(db, rutland::Store::Mode::ReadOnly, &error);
    if (!store) return "the file does not open: " + error;
    if (!store->Report().Clean()) {
        std::string out = "the file does not verify clean:";
        for (const auto& f : store->Report().problems) out += "\n  " + f.ToString();
        for (const auto& f : store->Report().rules_changes) out += "\n  " + f.ToString();
        return out;
    }
    const int n = store->Size();
    if (n > static_cast<int>(ref.lines.size())) return "the file has more entries than the game";
    std::set<std::string> ids;
    for (int seq = 0; seq < n; ++seq) {
        // Entry n is the script's line n, once: nothing duplicated, nothing skipped.
        if (store->GetLedger().At(seq).line != ref.lines[static_cast<size_t>(seq)])
            return "entry " + std::to_string(seq) + " is '" + store->GetLedger().At(seq).line + "', the game's is '" +
                   ref.lines[static_cast<size_t>(seq)] + "'";
        const std::string& id = store->Record(seq).stamp.command_id;
        if (!ids.insert(id).second) return "command id " + id + " is in the file twice";
        if (id.rfind("long.txt:" + std::to_string(seq + 1) + ":", 0) != 0)
            return "entry " + std::to_string(seq) + " has command id " + id;
    }
    for (const auto& [seq, line] : run.acks) {
        if (seq >= n) return "acknowledged entry " + std::to_string(seq) + " (" + line + ") is not in the file";
        if (line != ref.lines[static_cast<size_t>(seq)]) return "acknowledged entry " + std::to_string(seq) + " was '" + line + "'";
    }
    if (rutland::StateToJson(store->GetLedger().State()).dump() != ref.states[static_cast<size_t>(n - 1)])
        return "the replayed state is not the game's state after entry " + std::to_string(n - 1);
    return "";
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: rutland_crash_test CLI WORKDIR\n";
        return 2;
    }
    const std::string cli = argv[1];
    const fs::path dir = argv[2];
    const int target = std::getenv("RUTLAND_CRASH_KILLS") ? std::atoi(std::getenv("RUTLAND_CRASH_KILLS")) : 200;
    const uint64_t seed = std::getenv("RUTLAND_CRASH_SEED") ? std::strtoull(std::getenv("RUTLAND_CRASH_SEED"), nullptr, 10)
                                                            : std::random_device{}();
    std::cout << "crash test: " << target << " kills, RUTLAND_CRASH_SEED=" << seed << "\n";
    std::mt19937_64 rng(seed);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::vector<std::string> script = rutland::testing::LongGame(kRounds);
    const std::string script_path = (dir / "long.txt").string();
    {
        std::ofstream out(script_path);
        for (const std::string& line : script) out << line << "\n";
    }
    const Reference ref = Play(script);
    const std::string err_log = (dir / "child-stderr.txt").string();

    const auto start = Clock::now();
    int kills = 0, games = 0, runs = 0;
    double open_ms = 5;  // how long the child takes to reach its first acknowledgement (adapts)
    std::string db = (dir / "game-0.rutland").string();
    while (kills < target) {
        // A third of the kills while the child starts, opens, verifies and skips what is already in
        // the file; the rest while it writes (up to ~150 ms: a game completes every dozen runs).
        const bool early = rng() % 3 == 0;
        const double kill_after = early ? std::uniform_real_distribution<double>(0, open_ms)(rng)
                                        : std::uniform_real_distribution<double>(open_ms, open_ms + 150)(rng);
        const Run run = PlayAndKill(cli, script_path, db, err_log, kill_after);
        ++runs;
        if (run.first_ack_ms >= 0) open_ms = 0.7 * open_ms + 0.3 * run.first_ack_ms;
        if (!run.killed && run.exit_code != 0) {
            std::cerr << "FAIL: the child exited with code " << run.exit_code << " (see " << err_log << ")\n";
            return 1;
        }
        kills += run.killed;
        if (std::getenv("RUTLAND_CRASH_TRACE"))
            std::cout << "run " << runs << ": kill at " << kill_after << " ms (open " << open_ms << " ms), " << run.acks.size()
                      << " acks, last " << (run.acks.empty() ? -1 : run.acks.back().first) << "\n";
        const std::string wrong = Check(db, run, ref);
        if (!wrong.empty()) {
            std::cerr << "FAIL after " << (run.killed ? "kill " + std::to_string(kills) : "a clean exit") << " at "
                      << kill_after << " ms (RUTLAND_CRASH_SEED=" << seed << "): " << wrong << "\n";
            return 1;
        }
        if (!run.killed) {  // the game is complete and checked: the next one
            // A complete play acknowledges every line (the header only when it created the file).
            if (run.acks.empty() || run.acks.back().first + 1 != static_cast<int>(ref.lines.size()) ||
                run.acks.size() + 1 < ref.lines.size()) {
                std::cerr << "FAIL: a complete play acknowledged " << run.acks.size() << " of " << ref.lines.size() << "\n";
                return 1;
            }
            ++games;
            db = (dir / ("game-" + std::to_string(games) + ".rutland")).string();
        }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::cout << "crash test: " << kills << " kills in " << runs << " runs, " << games << " games of "
              << ref.lines.size() << " entries completed, " << seconds << " s: every acknowledged command was in the file "
              << "once, every file verified clean and replayed to the game's state\n";
    fs::remove_all(dir);
    return 0;
}
