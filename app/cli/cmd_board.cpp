// rutland-cli board: the table's own boards, kept as files in board_files.h's BoardsDir().
//   board list                  the built-in boards and the user's, with how many facts are verified
//   board show NAME             the 40 spaces in ring order, an unverified fact marked '?'
//   board import FILE           a board file checked in full (format, name, BD-1, BD-3, the prospectus),
//                               then copied in as NAME.json; a bad file is refused with why, nothing written
//   board export NAME FILE      a board as a file to share
//   board save GAME NAME        the board GAME ended with (its `board @space ...` corrections applied
//                               and verified) as the user board NAME; the game is only read
// import and save refuse to replace a board that exists unless given --replace.
// --game NAME (save: the game file's own game) works on another game's boards through its
// GameDefinition's BoardKit (app/host/open_game.h), kept in a subfolder of the board folder named
// for the game (Flutter: BoardsDir()/flutter/), so no game reads another's boards.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "base/safe_text.h"
#include "board_files.h"
#include "games.h"
#include "cli.h"
#include "host/registry.h"
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

// [SECTION] Another game's boards (its BoardKit)

namespace fs = std::filesystem;

std::string KitDir(const host::GameDefinition& game) { return (fs::path(view::BoardsDir()) / std::string(game.name)).string(); }

// NAME's JSON: a built-in board or the user's NAME.json, checked again (a file edited since).
std::optional<std::string> KitBoard(const host::GameDefinition& game, const std::string& name) {
    const host::BoardKit& kit = *game.boards;
    if (std::optional<std::string> json = kit.builtin_json(name)) return json;
    std::string why, named;
    const fs::path path = fs::path(KitDir(game)) / (name + ".json");
    std::error_code ec;
    if (name.find('/') == std::string::npos && fs::exists(path, ec)) {
        if (const std::optional<std::string> text = view::ReadBoardText(path.string(), &why))
            if (std::optional<std::string> json = kit.check(*text, &named, &why)) return json;
        std::cerr << fmt::format("rutland-cli: {} refused: {}\n", path.string(), why);
        return std::nullopt;
    }
    std::string names;
    for (const std::string& b : kit.builtin()) names += (names.empty() ? "" : ", ") + b;
    for (const auto& entry : fs::directory_iterator(KitDir(game), ec))
        if (entry.path().extension() == ".json") names += ", " + entry.path().stem().string();
    std::cerr << fmt::format("rutland-cli: no {} board called '{}' (boards: {})\n", game.title, name, names);
    return std::nullopt;
}

// Every user board of the game's folder that checks, named as its file (as KitList lists them).
std::vector<std::string> KitUserBoards(const host::GameDefinition& game) {
    std::error_code ec;
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(KitDir(game), ec)) {
        if (entry.path().extension() != ".json") continue;
        std::string why, name;
        const std::optional<std::string> text = view::ReadBoardText(entry.path().string(), &why);
        const std::optional<std::string> json = text ? game.boards->check(*text, &name, &why) : std::nullopt;
        if (json && name == entry.path().stem().string()) out.push_back(*json);
    }
    return out;
}

int KitList(const host::GameDefinition& game) {
    const host::BoardKit& kit = *game.boards;
    for (const std::string& name : kit.builtin()) std::cout << kit.summary(*kit.builtin_json(name)) << " [built-in]\n";
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(KitDir(game), ec))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
        std::string why, name;
        const std::optional<std::string> text = view::ReadBoardText(path.string(), &why);
        const std::optional<std::string> json = text ? kit.check(*text, &name, &why) : std::nullopt;
        if (json && name != path.stem().string())
            why = fmt::format("the file is called {} but the board inside is '{}'", path.filename().string(), name);
        if (json && why.empty()) std::cout << kit.summary(*json) << "\n";
        else std::cerr << "left out: " << path.filename().string() << ": " << why << "\n";
    }
    std::cout << game.title << "'s user boards are kept in " << KitDir(game) << "\n";
    return kExitAccepted;
}

int KitSave(const host::GameDefinition& game, const std::string& json, const std::string& name, bool replace,
            const std::string& what) {
    const host::BoardKit& kit = *game.boards;
    std::string why;
    const std::vector<std::string> builtin = kit.builtin();
    if (std::find(builtin.begin(), builtin.end(), name) != builtin.end()) {
        std::cerr << fmt::format("rutland-cli: {} refused: '{}' is a built-in board's name; nothing was written\n", what, name);
        return kExitRejected;
    }
    const fs::path dir = KitDir(game);
    const fs::path path = dir / (name + ".json");
    std::error_code ec;
    if (fs::exists(path, ec) && !replace) {
        std::cerr << fmt::format("rutland-cli: {} refused: {} exists already; nothing was written (--replace replaces it)\n",
                                 what, path.string());
        return kExitRejected;
    }
    fs::create_directories(dir, ec);
    const fs::path temp = dir / (name + ".json.tmp");
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << json;
        out.flush();
        if (!out) {
            std::cerr << "rutland-cli: could not write " << temp.string() << "; nothing was written\n";
            return kExitUnusable;
        }
    }
    fs::rename(temp, path, ec);  // whole or not at all
    if (ec) {
        std::cerr << "rutland-cli: could not write " << path.string() << ": " << ec.message() << "\n";
        return kExitUnusable;
    }
    std::cout << fmt::format("saved {}: {}\n", path.string(), kit.summary(json));
    if (kit.install) kit.install(KitUserBoards(game));
    return kExitAccepted;
}

int KitImport(const host::GameDefinition& game, const std::string& file, bool replace) {
    std::string why, name;
    const std::optional<std::string> text = view::ReadBoardText(file, &why);
    if (!text) {
        std::cerr << "rutland-cli: " << file << " refused: " << why << "; nothing was written\n";
        return why.find("kMaxBoardJsonBytes") != std::string::npos ? kExitRejected : kExitUnusable;
    }
    const std::optional<std::string> json = game.boards->check(*text, &name, &why);
    if (!json) {
        std::cerr << fmt::format("rutland-cli: {} refused: {}; nothing was written\n", file, why);
        return kExitRejected;
    }
    return KitSave(game, *json, name, replace, file);
}

int KitExport(const host::GameDefinition& game, const std::string& name, const std::string& file) {
    const std::optional<std::string> json = KitBoard(game, name);
    if (!json) return kExitUnusable;
    std::error_code ec;
    if (fs::exists(file, ec)) {
        std::cerr << "rutland-cli: " << file << " exists already; nothing was written\n";
        return kExitUnusable;
    }
    std::ofstream out(file, std::ios::binary);
    out << *json;
    out.flush();
    if (!out) {
        std::cerr << "rutland-cli: could not write " << file << "\n";
        return kExitUnusable;
    }
    std::cout << fmt::format("wrote {}: {}\n", file, game.boards->summary(*json));
    return kExitAccepted;
}

int KitSaveFromGame(const host::GameDefinition& game, const std::string& file, const std::string& name, bool replace) {
    std::string why;
    const std::optional<std::string> json = game.boards->of_file(file, &why);
    if (!json) {
        std::cerr << "rutland-cli: " << why << "; nothing was written\n";
        return kExitRejected;
    }
    std::string checked_name;
    const std::string renamed = game.boards->renamed(*json, name);
    if (!game.boards->check(renamed, &checked_name, &why)) {
        std::cerr << fmt::format("rutland-cli: saving the board of {} as '{}' refused: {}; nothing was written\n", file, name, why);
        return kExitRejected;
    }
    return KitSave(game, renamed, name, replace, fmt::format("saving the board of {} as '{}'", file, name));
}

} // namespace

void InstallGameBoards() {
    for (const host::GameDefinition* game : host::Games())
        if (game->boards && game->boards->install) game->boards->install(KitUserBoards(*game));
}

CLI::App* AddBoardCommand(CLI::App& app, BoardOptions& o) {
    CLI::App* board = app.add_subcommand("board", "the table's own boards: list, show, import, export, save (D-2)");
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
    // Whose boards, after any of them: `board list --game flutter`.
    for (CLI::App* sub : {o.list, o.show, o.import, o.export_, o.save})
        sub->add_option("--game", o.game, "whose boards: big-board-raiders (the default), flutter (save: the file's game)");
    return board;
}

int RunBoard(const BoardOptions& o) {
    // Whose boards: --game, or for `save` the file's own game.
    const host::GameDefinition* game = &host::ShellGame();
    std::string why;
    if (!o.game.empty() && !(game = host::FindGame(o.game))) {
        std::string names;
        for (const host::GameDefinition* each : host::Games())
            if (each->listed) names += (names.empty() ? "" : ", ") + std::string(each->name);
        std::cerr << fmt::format("rutland-cli: no game called '{}' in this Rutland; it has {}\n", PrintableText(o.game), names);
        return kExitUnusable;
    }
    if (*o.save && o.game.empty()) {
        std::string ignored;
        // A file of a game without board files (the toy) stays Big Board Raiders' to refuse, by name.
        const host::GameDefinition* of_file = host::GameOfFile(o.file, &ignored);
        if (of_file && of_file->boards) game = of_file;
    }
    if (game->boards) {
        if (*o.list) return KitList(*game);
        if (*o.show) {
            const std::optional<std::string> json = KitBoard(*game, o.name);
            if (!json) return kExitUnusable;
            std::cout << game->boards->show(*json);
            return kExitAccepted;
        }
        if (*o.import) return KitImport(*game, o.file, o.replace);
        if (*o.export_) return KitExport(*game, o.name, o.file);
        if (*o.save) {
            const host::GameDefinition* of_file = host::GameOfFile(o.file, &why);
            if (of_file != game) {
                std::cerr << fmt::format("rutland-cli: {}; nothing was written\n",
                                         of_file ? PrintableText(o.file) + " is a game of " + std::string(of_file->name) + ", not " +
                                                       std::string(game->name)
                                                 : why);
                return kExitUnusable;
            }
            return KitSaveFromGame(*game, o.file, o.name, o.replace);
        }
        return kExitUnusable;
    }
    if (game != &host::ShellGame()) {
        std::cerr << fmt::format("rutland-cli: {} has no board files in this Rutland\n", game->title);
        return kExitUnusable;
    }
    if (*o.list) return List();
    if (*o.show) return Show(o.name);
    if (*o.import) return Import(o.file, o.replace);
    if (*o.export_) return Export(o.name, o.file);
    if (*o.save) return SaveFromGame(o.file, o.name, o.replace);
    return kExitUnusable;
}

} // namespace rutland::cli
