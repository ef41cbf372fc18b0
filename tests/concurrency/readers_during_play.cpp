// Readers and a second writer while a game is being played (basic_store.h invariants 9, 10):
// `rutland-cli play --db` appends a generated game to a file while this harness, in rounds, runs
// `verify`, `state`, `log`, `export --json` and `backup` on the same file at once, each in its own
// process, and opens it for writing in-process as the dashboard does; between two rounds a
// second `play --db` (reading its lines from a pipe, so its memory is always behind the file)
// appends three notes. Every reader must see a clean game (a snapshot, never a gap), `verify` never
// fewer entries than before, both writers must finish with every line accepted, and the file must
// hold each writer's lines once, in order, and verify clean.
//
//   rutland_concurrency_test CLI WORKDIR
//   RUTLAND_CONCURRENCY_ENTRIES=N  the game's length (default 3000)
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "game_generator.h"
#include "store/store.h"
#include "bbr_names.h"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Starts CLI with `args`, stdout and stderr to files; stdin from `stdin_fd` (or /dev/null).
pid_t Spawn(const std::string& cli, const std::vector<std::string>& args, const std::string& out, const std::string& err,
            int stdin_fd = -1) {
    const pid_t pid = fork();
    if (pid == 0) {
        const int in = stdin_fd >= 0 ? stdin_fd : open("/dev/null", O_RDONLY);
        dup2(in, STDIN_FILENO);
        const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(o, STDOUT_FILENO);
        dup2(e, STDERR_FILENO);
        std::vector<char*> argv{const_cast<char*>(cli.c_str())};
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(cli.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

int Wait(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string Read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: rutland_concurrency_test CLI WORKDIR\n";
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    const std::string cli = fs::absolute(argv[1]).string();
    const fs::path work = argv[2];
    fs::remove_all(work);
    fs::create_directories(work);
    const std::string db = (work / "game.rutland").string();
    auto at = [&](const std::string& name) { return (work / name).string(); };

    // The game: a generated one with no undo or redo (the other desk's notes are commands too: an
    // undo in this script would undo one of them, and the script would no longer be this game).
    rutland::testing::GenOptions options;
    options.seed = 14;
    options.players = 4;
    options.entries = 3000;
    if (const char* n = std::getenv("RUTLAND_CONCURRENCY_ENTRIES")) options.entries = std::max(2, std::atoi(n));
    options.mix.undo = 0;
    options.mix.redo = 0;
    const std::vector<std::string> lines = rutland::testing::GenerateGame(options);
    {
        std::ofstream script(at("game.txt"));
        for (const std::string& line : lines) script << line << "\n";
        std::ofstream(at("header.txt")) << lines[0] << "\n";
    }
    // The canonical line of each of the game's entries, as the file must hold them.
    std::vector<std::string> canonical;
    {
        rutland::Rejection why;
        auto ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(rutland::ParseCommand(lines[0]).command->action), &why);
        for (size_t i = 1; i < lines.size(); ++i) {
            rutland::SubmitResult r = ledger->SubmitLine(lines[i]);
            if (!r.accepted) {
                std::cerr << "the generated game is rejected at '" << lines[i] << "'\n";
                return 2;
            }
            canonical.push_back(ledger->At(r.seq).line);
        }
    }
    // The file exists before anyone reads it: the header, played alone.
    if (Wait(Spawn(cli, {"play", at("header.txt"), "--db", db}, at("header.out"), at("header.err"))) != 0) {
        std::cerr << "could not create the game: " << Read(at("header.err")) << "\n";
        return 1;
    }

    const auto start = Clock::now();
    const pid_t player = Spawn(cli, {"play", at("game.txt"), "--db", db}, at("player.out"), at("player.err"));
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) return 2;  // only the second desk may hold its read end, and nobody the write end
    const pid_t desk2 = Spawn(cli, {"play", "-", "--db", db, "--session", "desk-2", "--effects"}, at("desk2.out"),
                              at("desk2.err"), pipe_fds[0]);
    close(pipe_fds[0]);
    const std::string header_line = lines[0] + "\n";
    if (write(pipe_fds[1], header_line.data(), header_line.size()) < 0) return 2;

    const std::vector<std::string> kinds = {"verify", "state", "log", "export", "backup", "open"};
    std::map<std::string, int> runs;
    std::vector<std::string> alarms;
    int notes = 0, last_verified = 0, player_rc = -1;
    const std::regex clean(R"(: clean: (\d+) entries)");
    for (size_t round = 0;; ++round) {
        int status = 0;
        if (waitpid(player, &status, WNOHANG) == player) {
            player_rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
            break;
        }
        if (Clock::now() - start > std::chrono::seconds(60)) {
            kill(player, SIGKILL);
            alarms.push_back("the player did not finish within 60 s");
            player_rc = Wait(player);
            break;
        }
        // One round: the five readers at once, each its own process, and the dashboard's open here.
        std::vector<std::pair<std::string, pid_t>> started;
        const std::string copy = at("backup-" + std::to_string(round) + ".rutland");
        for (const std::string& kind : kinds) {
            if (kind == "open") continue;
            std::vector<std::string> args = {kind, db};
            if (kind == "export") args.push_back("--json");
            if (kind == "backup") args.push_back(copy);
            started.emplace_back(kind, Spawn(cli, args, at(kind + ".out"), at(kind + ".err")));
        }
        {
            std::string error;
            auto store = rutland::Store::Open(db, rutland::Store::Mode::ReadWrite, &error);
            if (!store) alarms.push_back("open: the dashboard's open failed: " + error);
            else if (store->ReadOnly()) alarms.push_back("open: the dashboard's open is read-only: " + store->ReadOnlyReason());
            ++runs["open"];
        }
        for (const auto& [kind, pid] : started) {
            const int rc = Wait(pid);
            const std::string out = Read(at(kind + ".out")), err = Read(at(kind + ".err"));
            std::string said;
            std::smatch m;
            if (rc != 0 || !err.empty()) {
                said = fmt::format("exit {}: {}{}", rc, err, out.substr(0, 400));
            } else if (kind == "verify") {
                if (!std::regex_search(out, m, clean)) said = "no 'clean: N entries' in " + out;
                else if (std::stoi(m[1]) < last_verified) said = fmt::format("{} entries after {} before", m[1].str(), last_verified);
                else last_verified = std::stoi(m[1]);
            }
            ++runs[kind];
            if (!said.empty()) alarms.push_back(kind + ": " + said);
        }
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(copy + suffix);
        // The second desk appends a note between two rounds.
        for (int k = 0; k < 3; ++k) {
            const std::string note = fmt::format("note desk 2 says {}\n", ++notes);
            if (write(pipe_fds[1], note.data(), note.size()) < 0) alarms.push_back("the second desk's play stopped reading");
        }
    }
    close(pipe_fds[1]);
    const int desk2_rc = Wait(desk2);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (player_rc != 0) alarms.push_back(fmt::format("the player exited {}: {}", player_rc, Read(at("player.err"))));
    if (desk2_rc != 0) alarms.push_back(fmt::format("the second desk exited {}: {}", desk2_rc, Read(at("desk2.err"))));

    // The file: clean, every line of each writer once and in order, nothing else.
    std::string error;
    auto store = rutland::Store::Open(db, rutland::Store::Mode::ReadOnly, &error);
    int appended = 0;
    if (!store) {
        alarms.push_back("the file does not open: " + error);
    } else if (!store->Report().Clean()) {
        alarms.push_back("the file does not verify clean: " + store->Report().problems.front().ToString());
    } else {
        size_t game = 0;
        int note = 0;
        for (int seq = 1; seq < store->Size(); ++seq) {
            const std::string& line = store->GetLedger().At(seq).line;
            const std::string& id = store->Record(seq).stamp.command_id;
            if (id.rfind("desk-2:", 0) == 0) {
                if (line != fmt::format("note desk 2 says {}", ++note)) alarms.push_back(fmt::format("entry {} is '{}'", seq, line));
            } else if (game >= canonical.size() || line != canonical[game++]) {
                alarms.push_back(fmt::format("entry {} is '{}', the game's next line is '{}'", seq, line,
                                             game - 1 < canonical.size() ? canonical[game - 1] : "(none)"));
            }
        }
        if (game != canonical.size()) alarms.push_back(fmt::format("{} of the game's {} lines are in the file", game, canonical.size()));
        if (note != notes) alarms.push_back(fmt::format("{} of the second desk's {} notes are in the file", note, notes));
        appended = store->Size() - 1;
    }

    int total = 0;
    std::string counts;
    for (const std::string& kind : kinds) {
        total += runs[kind];
        counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", runs[kind], kind == "open" ? "writable opens" : kind);
    }
    std::cout << fmt::format("concurrent readers during play: {} runs ({}) during {} appends by two writers ({} game lines, "
                             "{} notes from a second play --db) in {:.1f} s: {} false alarm{}\n",
                             total, counts, appended, canonical.size(), notes, seconds, alarms.size(),
                             alarms.size() == 1 ? "" : "s");
    for (size_t i = 0; i < alarms.size() && i < 10; ++i)  // the first line of each, enough to see what it was
        std::cout << "  " << alarms[i].substr(0, std::min(alarms[i].find('\n'), size_t{300})) << "\n";
    return alarms.empty() ? 0 : 1;
}
