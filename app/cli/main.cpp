// rutland-cli: Rutland without a screen. This file only reads the command line; each subcommand
// lives in its own cmd_*.cpp (cli.h).
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.h"
#include "version_text.h"

using namespace rutland::cli;

int main(int argc, char** argv) {
    const EscapedOutput escaped;  // nothing raw reaches a terminal (escaped_output.cpp)
    CLI::App app{"rutland-cli: the broker's desk for Big Board Raiders, without a screen"};
    app.require_subcommand(1);
    app.set_version_flag("--version", rutland::view::VersionText("rutland-cli"), "print the version and each game's rules version, and exit");

    PlayOptions play;
    CLI::App* play_cmd = app.add_subcommand("play", "play a game script written in the table language");
    play_cmd->add_option("script", play.script, "the script file, or - for standard input")->required();
    play_cmd->add_flag("--json", play.json, "print the final state as JSON (COMMANDS.md)");
    play_cmd->add_flag("--keep-going", play.keep_going, "go on after a rejected line");
    play_cmd->add_flag("--effects", play.effects, "print every accepted line with its effects and rules");
    play_cmd->add_flag("--explain", play.explain,
                       "print after every accepted line what the table must do: bills, certificates, markers, rings, "
                       "notes");
    CLI::Option* play_db =
        play_cmd->add_option("--db", play.db, "append to this game file (.rutland), creating it from the script's header");
    play_cmd->add_option("--who", play.who, "who is entering the lines (default: the game's broker)");
    play_cmd->add_option("--session", play.session,
                         "part of each line's command id (default: the script's file name); a line already in the "
                         "game file with the same id is not applied again");

    StateOptions state;
    CLI::App* state_cmd = app.add_subcommand("state", "the state of a game file after an entry");
    state_cmd->add_option("file", state.file, "the game file")->required();
    state_cmd->add_option("--at", state.at, "after entry N (default: the last)");
    state_cmd->add_flag("--json", state.json, "as JSON (COMMANDS.md)");

    LogOptions log;
    CLI::App* log_cmd = app.add_subcommand("log", "one line per entry: number, time, who, command, effects in short");
    log_cmd->add_option("file", log.file, "the game file")->required();
    log_cmd->add_option("--player", log.player, "only entries that involve this player");
    log_cmd->add_option("--company", log.company, "only entries that involve this company (Y, B, R, G)");
    log_cmd->add_option("--rule", log.rule, "only entries with an effect of this rule (e.g. S-4)");

    YearEndOptions year_end;
    CLI::App* year_end_cmd =
        app.add_subcommand("year-end", "the year-end (Flutter: round-end) preview, or the last one's statement");
    year_end_cmd->add_option("file", year_end.file, "the game file")->required();
    year_end_cmd->add_option("--at", year_end.at, "after entry N (default: the last)");
    year_end_cmd->add_flag("--last", year_end.last, "the statement of the last year (round) end settled by then");
    auto* year_end_format = year_end_cmd->add_option_group("format");
    year_end_format->add_flag("--csv", year_end.csv, "as CSV: year,kind,player,rule,item,cash");
    year_end_format->add_flag("--html", year_end.html, "as a printable HTML page");
    year_end_format->require_option(0, 1);

    std::string file, dest;
    int first = 0, second = 0;
    CLI::App* explain_cmd = app.add_subcommand("explain", "one entry: its effects with rules and arithmetic");
    explain_cmd->add_option("file", file, "the game file")->required();
    explain_cmd->add_option("entry", first, "the entry number")->required();

    CLI::App* diff_cmd = app.add_subcommand("diff", "what changed between the states after two entries");
    diff_cmd->add_option("file", file, "the game file")->required();
    diff_cmd->add_option("from", first, "the first entry")->required();
    diff_cmd->add_option("to", second, "the second entry")->required();

    CLI::App* verify_cmd = app.add_subcommand("verify", "check a game file: exit code 0 only when clean");
    verify_cmd->add_option("file", file, "the game file")->required();

    bool csv = false, json = false, script = false;
    CLI::App* export_cmd = app.add_subcommand("export", "a game file as CSV, JSON or a script that replays it");
    export_cmd->add_option("file", file, "the game file")->required();
    auto* formats = export_cmd->add_option_group("format");
    formats->add_flag("--csv", csv, "one row per entry");
    formats->add_flag("--json", json, "every entry, its effects and hashes, and the final state");
    formats->add_flag("--script", script, "the table-language script (play it to rebuild the game)");
    formats->require_option(1);

    CLI::App* backup_cmd = app.add_subcommand("backup", "copy a game file safely (SQLite's backup API)");
    backup_cmd->add_option("file", file, "the game file")->required();
    backup_cmd->add_option("dest", dest, "the new file")->required();

    BoardOptions board;
    CLI::App* board_cmd = AddBoardCommand(app, board);

    ServeOptions serve;
    CLI::App* serve_cmd = app.add_subcommand("serve", "share a game read-only as a live web page (first line: its address)");
    serve_cmd->add_option("file", serve.file, "the game file")->required();
    serve_cmd->add_option("--port", serve.port, "the port to listen on (default: any free port)")->check(CLI::Range(0, 65535));
    serve_cmd->add_flag("--lan", serve.lan,
                        "share on the local network (default: only this computer, 127.0.0.1); anyone on the network with "
                        "the address can read the whole game");

    std::vector<std::string> rule_words;
    CLI::App* rule_cmd = app.add_subcommand("rule", "what a rule says (RULES.md): rule S-6; without an ID, every ID with its title");
    rule_cmd->add_option("id", rule_words, "a rule ID (S-6, D-24), COMMANDS.md or RULES.md section N");
    std::string rule_game;
    rule_cmd->add_option("--game", rule_game,
                         "that game's rules alone (rule IDs repeat across games): big-board-raiders, flutter (default: every game's)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitUnusable;
    }
    // `--db ""` (an unset variable in a shell script) must not quietly play in memory and keep nothing.
    if (*play_cmd && play_db->count() > 0 && play.db.empty()) {
        std::cerr << "rutland-cli: --db needs a file name (it was given an empty one); nothing was played\n";
        return kExitUnusable;
    }
    // The user's boards, handed to each game's rules as data: `board=NAME` finds them.
    rutland::cli::InstallGameBoards();
    try {
        if (*rule_cmd) {
            std::string id;
            for (const std::string& word : rule_words) {  // "RULES.md section 2" may come as three words
                if (!id.empty()) id += ' ';
                id += word;
            }
            return ShowRule(id, rule_game);
        }
        if (*board_cmd) return RunBoard(board);
        if (*play_cmd) return Play(play);
        if (*state_cmd) return ShowState(state);
        if (*log_cmd) return ShowLog(log);
        if (*year_end_cmd) return ShowYearEnd(year_end);
        if (*explain_cmd) return Explain(file, first);
        if (*diff_cmd) return Diff(file, first, second);
        if (*verify_cmd) return Verify(file);
        if (*export_cmd) return Export(file, csv ? ExportFormat::Csv : json ? ExportFormat::Json : ExportFormat::Script);
        if (*backup_cmd) return Backup(file, dest);
        if (*serve_cmd) return Serve(serve);
    } catch (const std::exception& e) {
        std::cerr << "rutland-cli: internal error: " << e.what() << "\n";
        return 3;
    }
    return kExitUnusable;
}
