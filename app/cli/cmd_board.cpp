// rutland-cli board: the table's own boards, kept as files in board_files.h's BoardsDir().
//   board list                  the built-in boards and the user's, with how many facts are verified
//   board show NAME             the 40 spaces in ring order, an unverified fact marked '?'
//   board import FILE           a board file checked in full (format, name, BD-1, BD-3, the prospectus),
//                               then copied in as NAME.json; a bad file is refused with why, nothing written
//   board export NAME FILE      a board as a file to share
//   board save GAME NAME        the board GAME ended with (its `board @space ...` corrections applied
//                               and verified) as the user board NAME; the game is only read
// import and save refuse to replace a board that exists unless given --replace.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "board_files.h"
#include "cli.h"
#include "shell_game.h"

namespace rutland::cli {

namespace {

std::string Letters(CompanySet set) {
    std::string text;
    for (Company c : kCompanies)
        if (set.Has(c)) text += GetProspectus(c).letter;
    return text.empty() ? "-" : text;
}

std::string Mark(bool verified) { return verified ? "" : "?"; }

int List() {
    const view::BoardFiles files = view::ReadBoardFiles(view::BoardsDir());
    for (const std::string& name : BuiltinBoardNames())
        std::cout << view::VerifiedSummary(*BuiltinBoard(name)) << " [built-in]\n";
    for (const std::string& name : files.catalog->Names())
        std::cout << view::VerifiedSummary(*files.catalog->Find(name)) << "\n";
    for (const std::string& problem : files.problems) std::cerr << "left out: " << problem << "\n";
    std::cout << "user boards are kept in " << view::BoardsDir() << "\n";
    return kExitAccepted;
}

std::shared_ptr<const Board> Named(const std::string& name) {
    std::shared_ptr<const Board> board = FindBoard(name);
    if (!board) {
        std::string names;
        for (const std::string& b : KnownBoardNames()) names += (names.empty() ? "" : ", ") + b;
        std::cerr << fmt::format("rutland-cli: no board called '{}' (boards: {})\n", name, names);
    }
    return board;
}

int Show(const std::string& name) {
    std::shared_ptr<const Board> board = Named(name);
    if (!board) return kExitUnusable;
    std::cout << view::VerifiedSummary(*board) << "; '?' marks a fact not yet checked against the physical board (D-2)\n";
    std::cout << fmt::format("{:>4}  {:<18} {:<12} {:<7} {:<6} {}\n", "pos", "space", "kind", "arrows", "ask", "bids");
    for (int position = 0; position < board->SpaceCount(); ++position) {
        const int i = board->AtPosition(position);
        if (i < 0) continue;
        const Space& s = board->At(i);
        std::string trend;
        for (Trend t : s.trend.value) trend += t == Trend::Up ? 'U' : 'D';
        std::cout << fmt::format("{:>4}  {:<18} {:<12} {:<7} {:<6} {}\n", std::to_string(position) + Mark(s.position.verified),
                                 s.name, std::string(SpaceKindName(s.kind.value)) + Mark(s.kind.verified), trend + Mark(s.trend.verified),
                                 Letters(s.ask.value) + Mark(s.ask.verified), Letters(s.bid.value) + Mark(s.bid.verified));
    }
    return kExitAccepted;
}

int Save(const Board& board, bool replace, const std::string& what) {
    std::string why;
    const std::string dir = view::BoardsDir();
    if (!view::WriteBoardFile(dir, board, replace, &why)) {
        std::cerr << fmt::format("rutland-cli: {} refused: {}; nothing was written{}\n", what, why,
                                 why.find("exists already") != std::string::npos ? " (--replace replaces it)" : "");
        return kExitRejected;
    }
    std::cout << fmt::format("saved {}: {}\n", (std::filesystem::path(dir) / (board.Name() + ".json")).string(),
                             view::VerifiedSummary(board));
    return kExitAccepted;
}

int Import(const std::string& file, bool replace) {
    std::string why;
    const std::optional<std::string> text = view::ReadBoardText(file, &why);
    if (!text) {
        std::cerr << "rutland-cli: " << file << " refused: " << why << "; nothing was written\n";
        return why.find("kMaxBoardJsonBytes") != std::string::npos ? kExitRejected : kExitUnusable;
    }
    std::optional<Board> board = view::ParseUserBoard(*text, &why);
    if (!board) {
        std::cerr << fmt::format("rutland-cli: {} refused: {}; nothing was written\n", file, why);
        return kExitRejected;
    }
    return Save(*board, replace, file);
}

int Export(const std::string& name, const std::string& file) {
    std::shared_ptr<const Board> board = Named(name);
    if (!board) return kExitUnusable;
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) {
        std::cerr << "rutland-cli: " << file << " exists already; nothing was written\n";
        return kExitUnusable;
    }
    std::ofstream out(file, std::ios::binary);
    out << board->ToJson();
    out.flush();
    if (!out) {
        std::cerr << "rutland-cli: could not write " << file << "\n";
        return kExitUnusable;
    }
    std::cout << fmt::format("wrote {}: {}\n", file, view::VerifiedSummary(*board));
    return kExitAccepted;
}

int SaveFromGame(const std::string& game, const std::string& name, bool replace) {
    std::unique_ptr<Store> store = OpenShellGameForReading(game, "board save");
    if (!store) return kExitUnusable;
    if (!store->Report().Clean()) {
        std::cerr << "rutland-cli: " << game << " does not verify clean, so its board cannot be trusted; nothing was written\n";
        return kExitRejected;
    }
    Board board = *store->GetLedger().State().board;  // the last entry's board: every correction applied
    board.SetName(name);
    return Save(board, replace, fmt::format("saving the board of {} as '{}'", game, name));
}

} // namespace

CLI::App* AddBoardCommand(CLI::App& app, BoardOptions& o) {
    CLI::App* board = app.add_subcommand("board", "the table's own boards: list, show, import, export, save (issue 17)");
    board->require_subcommand(1);
    o.list = board->add_subcommand("list", "the built-in boards and yours, with how many facts are verified");
    o.show = board->add_subcommand("show", "a board's 40 spaces in ring order, '?' after each unverified fact");
    o.show->add_option("name", o.name, "the board")->required();
    o.import = board->add_subcommand("import", "check a board file in full and keep it as one of your boards");
    o.import->add_option("file", o.file, "the board file (JSON, the format of assets/boards/standard.json)")->required();
    o.import->add_flag("--replace", o.replace, "replace a board of the same name");
    o.export_ = board->add_subcommand("export", "write a board to a file, to share it");
    o.export_->add_option("name", o.name, "the board")->required();
    o.export_->add_option("file", o.file, "the new file")->required();
    o.save = board->add_subcommand("save", "keep the board a game ended with (its corrections verified) as NAME");
    o.save->add_option("game", o.file, "the game file (.rutland), only read")->required();
    o.save->add_option("name", o.name, "the new board's name")->required();
    o.save->add_flag("--replace", o.replace, "replace a board of the same name");
    return board;
}

int RunBoard(const BoardOptions& o) {
    if (*o.list) return List();
    if (*o.show) return Show(o.name);
    if (*o.import) return Import(o.file, o.replace);
    if (*o.export_) return Export(o.name, o.file);
    if (*o.save) return SaveFromGame(o.file, o.name, o.replace);
    return kExitUnusable;
}

} // namespace rutland::cli
