// rutland-cli's subcommands, one file each (cmd_*.cpp); main.cpp only reads the command line.
// Every subcommand serves any game of the registry (app/host/registry.h) through its
// GameDefinition and OpenGame (kit/host/open_game.h), and names no game: no file of app/cli includes
// a game (tests/check_layers.cmake rule 4).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "host/open_game.h"

namespace CLI {
class App;
}

namespace rutland::cli {

inline constexpr int kExitAccepted = 0;  // every line accepted; a file that verifies clean
inline constexpr int kExitRejected = 1;  // a line was rejected; a file with problems
inline constexpr int kExitUnusable = 2;  // unusable input: no file, no header, a refused file

struct PlayOptions {
    std::string script;
    std::string db;       // --db FILE: append to (or create) a game file
    std::string who;      // --who NAME: who is entering the lines (default: the game's broker)
    std::string session;  // --session NAME: part of every command id (default: the script's name)
    bool json = false;
    bool keep_going = false;
    bool effects = false;
    bool explain = false;  // --explain: what the table must do after each accepted line
};
int Play(const PlayOptions& options);

struct StateOptions {
    std::string file;
    std::optional<int> at;
    bool json = false;
};
int ShowState(const StateOptions& options);

struct LogOptions {
    std::string file;
    std::string player, company, rule;  // filters; empty = all
};
int ShowLog(const LogOptions& options);

struct YearEndOptions {
    std::string file;
    std::optional<int> at;
    bool last = false;  // the statement of the last year end instead of the preview
    bool csv = false, html = false;
};
int ShowYearEnd(const YearEndOptions& options);

// rutland-cli serve: the read-only page of the game, live, until SIGINT or SIGTERM.
struct ServeOptions {
    std::string file;
    int port = 0;      // 0: any free port
    bool lan = false;  // every interface instead of 127.0.0.1
};
int Serve(const ServeOptions& options);

int Explain(const std::string& file, int seq);
// rutland-cli rule [ID] (cmd_rule.cpp): a rule's words from the rules reference; "" lists every ID.
// `game`: a game's name from the registry ("" or big-board-raiders: Big Board Raiders' rule book).
int ShowRule(const std::string& id, const std::string& game);
int Diff(const std::string& file, int from, int to);
int Verify(const std::string& file);

using host::ExportFormat;
int Export(const std::string& file, ExportFormat format);
int Backup(const std::string& file, const std::string& dest);

// `board list | show | import | export | save` (cmd_board.cpp): the subcommand and its options.
struct BoardOptions {
    CLI::App* list = nullptr;
    CLI::App* show = nullptr;
    CLI::App* import = nullptr;
    CLI::App* export_ = nullptr;
    CLI::App* save = nullptr;
    std::string name, file;
    std::string game;  // --game NAME: that game's boards ("": the first game's; `save` takes the file's game)
    bool replace = false;
};
CLI::App* AddBoardCommand(CLI::App& app, BoardOptions& options);
int RunBoard(const BoardOptions& options);
// Hands every game's user boards to its rules (a BoardKit's install, Flutter's; BoardCommands'
// install, Big Board Raiders'), so `play` may start a game on one (`board=NAME`).
void InstallGameBoards();

// For its lifetime, everything written to std::cout and std::cerr is escaped for a terminal
// (escaped_output.cpp, safe_text.h TerminalEscaper). main() makes one first.
class EscapedOutput {
public:
    EscapedOutput();
    ~EscapedOutput();
    EscapedOutput(const EscapedOutput&) = delete;
    EscapedOutput& operator=(const EscapedOutput&) = delete;

private:
    struct Buffers;
    std::unique_ptr<Buffers> m_buffers;
};

// Shared by the subcommands that read a game file.
// Opens the file's game read-only (never changes the file); prints why on stderr when refused (a
// game this build lacks by name), and a warning naming the first problem when it did not verify
// clean. `stream`: a streamed store (basic_store.h invariant 20), whose memory does not grow with
// the game: every command of rutland-cli but the dashboard's reads through one.
std::unique_ptr<host::OpenGame> OpenForReading(const std::string& file, bool stream = false);
// seq in [0, game.Size()), else prints why on stderr.
bool CheckEntry(const host::OpenGame& game, int seq);
// "2026-11-22T10:04:31Z": the wall clock, read here in the app (never in the core).
std::string NowUtc();

} // namespace rutland::cli
