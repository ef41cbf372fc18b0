// Helpers for the CLI's game-file tests (check_store.cmake) that the sqlite3 tool cannot do alone.
//
//   rutland_cli_file_tool old-stamps GAME
//       Writes into entries 1-3 of GAME the stamps an older Rutland let through before stamps were
//       checked (basic_store.h invariant 14): a who with a newline and a fake log line after it, a who
//       that is not UTF-8, a time that is a number; then rehashes the chain over the bytes as an
//       older version would have written them, so the file still verifies clean.
//   rutland_cli_file_tool export-json CLI GAME
//       Runs `CLI export GAME --json` and requires (1) its output byte for byte equal to the
//       document the export built before it streamed (the whole nlohmann tree, dump(2); invalid
//       UTF-8 replaced by U+FFFD), and (2) its peak RSS no more than opening the game costs
//       (`CLI verify GAME`) plus a margin that is a small part of what a tree of every entry held
//       (~18 KB an entry). Prints both figures.
//   rutland_cli_file_tool memory CLI SMALL LARGE
//       Runs `CLI verify`, `state`, `state --at` (the middle entry), `log`, `export --json`,
//       `--csv` and `--script`, `year-end` (now, `--last`, `--at` the middle `--last`), `explain`
//       (the middle and the last entry), `diff` (the middle to the last), `backup` and `play --db`
//       of one line more (into a copy) on two generated games of any game (GAME.rutland made from
//       GAME.txt, whose first line is its header), and requires each command's peak RSS to grow by at
//       most kMemoryBytesPerEntry for each entry LARGE has more than SMALL (basic_store.h invariant
//       20: what every command holds does not grow with the game; they took ~2.3 KB an entry, and
//       year-end, explain, diff, backup and play --db still did: 1.6-2.3 KB). The same of `CLI serve`
//       for a game with a shared page (not a Flutter game: a LARGE named *flutter*) (games/big-board-raiders/web/page_model.h invariant 5): started on each game, its
//       /view.json and /state.json fetched with the token, its peak RSS read from /proc (VmHWM)
//       while it still runs, then stopped (it took ~2 KB an entry when its page read every entry).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "store/effects_json.h"
#include "base/safe_text.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"

namespace {

[[noreturn]] void Fail(const std::string& why) {
    std::cerr << "FAIL: " << why << "\n";
    std::exit(1);
}

void Exec(sqlite3* db, const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK)
        Fail(sql + ": " + (message ? message : "?"));
}

int OldStamps(const std::string& path) {
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) Fail("cannot open " + path);
    Exec(db, "UPDATE entry SET who = 'Eve' || char(10) || '  99  2026-01-01T00:00:00Z  Ann       note fake' WHERE seq = 1;"
             "UPDATE entry SET who = CAST(X'FFFE' AS TEXT) WHERE seq = 2;"
             "UPDATE entry SET time = '5' WHERE seq = 3;");
    // The chain over the bytes as stored (basic_store.h invariant 4), as the older version computed it.
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash FROM entry "
                       "ORDER BY seq", -1, &q, nullptr);
    auto text = [&](int col) {
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(q, col)),
                           static_cast<size_t>(sqlite3_column_bytes(q, col)));
    };
    std::string sql = "BEGIN;", prev;
    while (sqlite3_step(q) == SQLITE_ROW) {
        const int seq = sqlite3_column_int(q, 0);
        // hash(-1): 32 zero bytes, or the link to the board the file carries (invariant 19), as stored.
        if (seq == 0) prev = text(8);
        const rutland::Stamp stamp{text(3), text(4), text(5)};
        const std::string hash = rutland::ChainHash(
            prev, rutland::EntryContent(seq, text(1), text(2), stamp, sqlite3_column_int(q, 6), text(7)));
        sql += "UPDATE entry SET prev_hash = '" + prev + "', hash = '" + hash +
               "' WHERE seq = " + std::to_string(seq) + ";";
        prev = hash;
    }
    sqlite3_finalize(q);
    sql += "UPDATE meta SET value = '" + prev + "' WHERE key = 'head_hash'; COMMIT;";
    Exec(db, sql);
    sqlite3_close(db);
    return 0;
}

// Runs argv with stdout to `out_path`; returns the child's peak RSS in KiB (its exit code must be 0).
long RunMeasured(const std::vector<std::string>& argv, const std::string& out_path, bool may_refuse = false) {
    const pid_t pid = fork();
    if (pid < 0) Fail("fork");
    if (pid == 0) {
        const int fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) _exit(126);
        dup2(fd, STDOUT_FILENO);
        std::vector<char*> args;
        for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) < 0) Fail("wait4");
    // `may_refuse`: exit code 2 too (year-end of a game with no year or round to settle there).
    if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 && !(may_refuse && WEXITSTATUS(status) == 2)))
        Fail(argv[0] + " " + argv[1] + " failed");
    return usage.ru_maxrss;
}

// GET `target` from 127.0.0.1:port (HTTP/1.1, the connection closed after); the whole answer.
std::string HttpGet(int port, const std::string& target) {
    const int sock = socket(AF_INET, SOCK_STREAM, 0);
    if (sock < 0) Fail("socket");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) Fail("cannot connect to serve");
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (send(sock, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) Fail("send");
    std::string answer;
    char buffer[65536];
    for (ssize_t n; (n = recv(sock, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, static_cast<size_t>(n));
    close(sock);
    return answer;
}

// Starts `CLI serve GAME --port 0` (stdout to out_path), fetches /view.json and /state.json with the
// token it prints, and returns its peak RSS in KiB (VmHWM) read while it still runs; then stops it.
long ServeMeasured(const std::string& cli, const std::string& game, const std::string& out_path) {
    const pid_t pid = fork();
    if (pid < 0) Fail("fork");
    if (pid == 0) {
        const int fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) _exit(126);
        dup2(fd, STDOUT_FILENO);
        execl(cli.c_str(), cli.c_str(), "serve", game.c_str(), "--port", "0", static_cast<char*>(nullptr));
        _exit(127);
    }
    auto stop = [pid] {
        kill(pid, SIGTERM);
        for (int i = 0; i < 100 && waitpid(pid, nullptr, WNOHANG) == 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
    };
    // Its first line is the address with the token: "http://127.0.0.1:PORT/?token=T".
    std::string address;
    for (int i = 0; i < 1200 && address.rfind("http://", 0) != 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        std::ifstream in(out_path);
        std::getline(in, address);
        if (waitpid(pid, nullptr, WNOHANG) != 0) Fail("serve " + game + " ended before it served");
    }
    const size_t colon = address.find(':', 7), slash = address.find('/', 7), token = address.find("?token=");
    if (colon == std::string::npos || slash == std::string::npos || token == std::string::npos) {
        stop();
        Fail("serve printed no address: " + address);
    }
    const int port = std::stoi(address.substr(colon + 1, slash - colon - 1));
    const std::string query = address.substr(token);
    for (const char* path : {"/view.json", "/state.json"}) {
        const std::string answer = HttpGet(port, path + query);
        if (answer.rfind("HTTP/1.1 200", 0) != 0) {
            stop();
            Fail(std::string("serve answered ") + path + " with " + answer.substr(0, answer.find('\r')));
        }
    }
    long kb = -1;
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) kb = std::stol(line.substr(6));
    stop();
    if (kb < 0) Fail("no VmHWM for serve");
    return kb;
}

// The document as the export built it before it streamed (kept here as the reference).
std::string ReferenceJson(const rutland::Store& store, const std::string& file) {
    const rutland::Ledger& ledger = store.GetLedger();
    nlohmann::json entries = nlohmann::json::array();
    for (int seq = 0; seq < store.Size(); ++seq) {
        const rutland::EntryRecord& r = store.Record(seq);
        entries.push_back({{"seq", seq},
                           {"kind", r.kind},
                           {"line", ledger.At(seq).line},
                           {"time", r.stamp.time},
                           {"who", r.stamp.who},
                           {"command_id", r.stamp.command_id},
                           {"rules_version", r.rules_version},
                           {"effects", rutland::EffectsToJson(ledger.At(seq).effects, rutland::RenderContext::Of(ledger.State()))},
                           {"prev_hash", r.prev_hash},
                           {"hash", r.hash}});
    }
    const nlohmann::json out = {{"file", file},
                                {"schema_version", store.Schema()},
                                {"fingerprint", store.Fingerprint()},
                                {"clean", store.Report().Clean()},
                                {"entries", std::move(entries)},
                                {"state", rutland::StateToJson(ledger.State())}};
    return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

int ExportJson(const std::string& cli, const std::string& game) {
    const std::string out_path = game + ".export.json";
    const long export_kb = RunMeasured({cli, "export", game, "--json"}, out_path);
    const long verify_kb = RunMeasured({cli, "verify", game}, game + ".verify.txt");
    std::ifstream in(out_path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    const std::string got = bytes.str();

    std::string error;
    auto store = rutland::Store::Open(game, rutland::Store::Mode::ReadOnly, &error);
    if (!store) Fail(error);
    const std::string want = ReferenceJson(*store, game);
    if (got != want) {
        size_t at = 0;
        while (at < got.size() && at < want.size() && got[at] == want[at]) ++at;
        Fail("export --json differs from the reference document at byte " + std::to_string(at) + ":\n  got  ..." +
             rutland::PrintableText(got.substr(at > 40 ? at - 40 : 0, 80)) + "\n  want ..." +
             rutland::PrintableText(want.substr(at > 40 ? at - 40 : 0, 80)));
    }
    if (!rutland::IsValidUtf8(got)) Fail("export --json wrote bytes that are not UTF-8");
    // A tree of every entry held ~18 KB an entry; streaming holds one. The margin, 2 KB an entry
    // (plus 4 MB for buffers), is a ninth of what the tree took.
    const long margin_kb = 4096 + 2L * store->Size();
    std::cout << store->Size() << " entries: export --json peak RSS " << export_kb << " KiB, verify " << verify_kb
              << " KiB (allowed: verify + " << margin_kb << " KiB); " << got.size() << " bytes, the same as the tree's\n";
#ifdef RUTLAND_SANITIZED
    // AddressSanitizer's quarantine keeps freed memory mapped and its shadow grows with every
    // allocation: peak RSS under it says nothing about what the program holds. The bytes are checked.
    std::cout << "(sanitizer build: the memory bound is checked in the release build only)\n";
    return 0;
#endif
    if (export_kb > verify_kb + margin_kb)
        Fail("export --json holds memory that grows with the game (" + std::to_string(export_kb - verify_kb) +
             " KiB more than verify)");
    return 0;
}

// What a read-only command may hold for each entry of the game (basic_store.h invariant 20): the entry's
// fingerprint digits, its place among the commands in effect, a share of a checkpoint state every
// 64 commands, and SQLite's page cache, which grows with the file up to its 2 MB. The commands held
// ~2,300 bytes an entry when they kept every entry in memory.
constexpr long kMemoryBytesPerEntry = 1024;
// Beside that, serve keeps the live events of the last kRingEntries entries for its followers (each
// event's text in the ring and in the first batch sent: app/serve/game_server.h kEventRing) and the
// line and author of as many (games/big-board-raiders/view/entry_window.h kHeadEntries): they fill up to that many
// entries, then stay, so between two games shorter than that they grow with the game too. Its
// page held every entry before (2,765 bytes an entry between 400 and 3,400 entries; 1,090 now).
constexpr long kRingEntries = 4096;
constexpr long kRingBytesPerEntry = 768;

int Memory(const std::string& cli, const std::string& small, const std::string& large) {
    // Of any game (Big Board Raiders, Flutter): the entries `verify` counts.
    auto entries = [&](const std::string& game) {
        RunMeasured({cli, "verify", game}, game + ".verify.txt");
        std::ifstream in(game + ".verify.txt");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const size_t at = text.find(": clean: ");
        if (at == std::string::npos) Fail(game + " does not verify clean");
        return std::stoi(text.substr(at + 9));
    };
    // `play --db` of one more line: a copy of the game (GAME.rutland, generated from GAME.txt) and a
    // script of its header and a note, as another session.
    auto note_script = [](const std::string& game) {
        const std::string script = game.substr(0, game.size() - std::string(".rutland").size()) + ".txt";
        std::ifstream in(script);
        std::string header;
        if (!std::getline(in, header)) Fail("cannot read " + script);
        std::ofstream(game + ".note.txt") << header << "\nnote memory check\n";
        std::filesystem::copy_file(game, game + ".copy.rutland", std::filesystem::copy_options::overwrite_existing);
        return game + ".note.txt";
    };
    const int small_entries = entries(small), large_entries = entries(large);
    if (large_entries - small_entries < 1000) Fail("LARGE needs at least 1,000 entries more than SMALL");
    const long allowed_kb = kMemoryBytesPerEntry * (large_entries - small_entries) / 1024;
    // serve only for a game with a shared page (Big Board Raiders): its argv names no other.
    const bool served = large.find("flutter") == std::string::npos;
    std::vector<std::vector<std::string>> commands = {
        {"verify"}, {"state"}, {"state", "--at", "MIDDLE"}, {"log"}, {"export", "--json"}, {"export", "--csv"},
        {"export", "--script"}, {"year-end"}, {"year-end", "--last"}, {"year-end", "--at", "MIDDLE", "--last"},
        {"explain", "MIDDLE"}, {"explain", "LAST"}, {"diff", "MIDDLE", "LAST"}, {"backup"}, {"play"}};
    if (served) commands.push_back({"serve"});
    std::string failed;
    for (const std::vector<std::string>& command : commands) {
        long kb[2] = {0, 0};
        const std::string games[2] = {small, large};
        const int sizes[2] = {small_entries, large_entries};
        std::string name;
        for (int i = 0; i < 2; ++i) {
            std::vector<std::string> argv = {cli, command[0], games[i]};
            for (size_t k = 1; k < command.size(); ++k)
                argv.push_back(command[k] == "MIDDLE" ? std::to_string(sizes[i] / 2)
                               : command[k] == "LAST" ? std::to_string(sizes[i] - 1)
                                                      : command[k]);
            if (command[0] == "play") argv = {cli, "play", note_script(games[i]), "--db", games[i] + ".copy.rutland"};
            if (command[0] == "backup") {
                std::filesystem::remove(games[i] + ".backup.rutland");
                argv.push_back(games[i] + ".backup.rutland");
            }
            kb[i] = command[0] == "serve" ? ServeMeasured(cli, games[i], games[i] + ".memory.out")
                                          : RunMeasured(argv, games[i] + ".memory.out", command[0] == "year-end");
        }
        for (const std::string& word : command) name += (name.empty() ? "" : " ") + word;
        if (command[0] == "play") name = "play --db (one line more)";
        std::cout << name << ": peak RSS " << kb[0] << " KiB at " << small_entries << " entries, " << kb[1] << " KiB at "
                  << large_entries << " (" << (kb[1] - kb[0]) * 1024 / (large_entries - small_entries)
                  << " bytes an entry; allowed " << kMemoryBytesPerEntry
                  << (command[0] == "serve" ? ", and " + std::to_string(kRingBytesPerEntry) + " more up to " +
                                                  std::to_string(kRingEntries) + " entries"
                                            : std::string())
                  << ")\n";
        const long ring_kb = command[0] == "serve" ? kRingBytesPerEntry *
                                                          (std::min<long>(large_entries, kRingEntries) -
                                                           std::min<long>(small_entries, kRingEntries)) / 1024
                                                    : 0;
        // backup has a second connection (the copy's), whose SQLite page cache fills up to its 2 MB too.
        const long copy_kb = command[0] == "backup" ? 2048 : 0;
        if (kb[1] - kb[0] > allowed_kb + ring_kb + copy_kb) failed += (failed.empty() ? "" : ", ") + name;
    }
#ifdef RUTLAND_SANITIZED
    // As in export-json: under AddressSanitizer peak RSS says nothing about what the program holds.
    std::cout << "(sanitizer build: the memory bound is checked in the release build only)\n";
    return 0;
#endif
    if (!failed.empty()) Fail("memory grows with the game's length: " + failed);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 2 && args[0] == "old-stamps") return OldStamps(args[1]);
    if (args.size() == 3 && args[0] == "export-json") return ExportJson(args[1], args[2]);
    if (args.size() == 4 && args[0] == "memory") return Memory(args[1], args[2], args[3]);
    std::cerr << "usage: rutland_cli_file_tool old-stamps GAME | export-json CLI GAME | memory CLI SMALL LARGE\n";
    return 2;
}
