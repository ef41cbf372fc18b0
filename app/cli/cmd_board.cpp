// rutland-cli board: the table's own boards, kept as files in the board folder
// (kit/view/board_folder.h), each game's through the registry (kit/host/open_game.h).
//   board list                  the built-in boards and the user's, with how many facts are verified
//   board show NAME             a board, an unverified fact marked '?'
//   board import FILE           a board file checked in full by its game, then kept as NAME.json; a
//                               bad file is refused with why, nothing written
//   board export NAME FILE      a board as a file to share
//   board save GAME NAME        the board GAME ended with (its corrections applied and verified) as
//                               the user board NAME; the game is only read
// import and save refuse to replace a board that exists unless given --replace.
// --game NAME (default: the first game, Big Board Raiders; save: the game file's own game) picks the
// game. A game with a BoardKit (Flutter's) has its boards kept here, in a subfolder of the board
// folder named for the game (BoardFolder()/flutter/), so no game reads another's; Big Board Raiders'
// are kept in the board folder itself, as before games had a registry, by its own BoardCommands
// (games/big-board-raiders/host/big_board_raiders_terminal.h).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "base/safe_text.h"
#include "board_folder.h"
#include "cli.h"
#include "host/registry.h"

namespace rutland::cli {

namespace {

// [SECTION] A game's boards through its BoardKit


namespace fs = std::filesystem;

std::string KitDir(const host::GameDefinition& game) { return (fs::path(view::BoardFolder()) / std::string(game.name)).string(); }

// NAME's JSON: a built-in board or the user's NAME.json, checked again (a file edited since).
std::optional<std::string> KitBoard(const host::GameDefinition& game, const std::string& name) {
    const host::BoardKit& kit = *game.boards;
    if (std::optional<std::string> json = kit.builtin_json(name)) return json;
    std::string why, named;
    const fs::path path = fs::path(KitDir(game)) / (name + ".json");
    std::error_code ec;
    if (name.find('/') == std::string::npos && fs::exists(path, ec)) {
        if (const std::optional<std::string> text = view::ReadBoardFile(path.string(), &why))
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
        const std::optional<std::string> text = view::ReadBoardFile(entry.path().string(), &why);
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
        const std::optional<std::string> text = view::ReadBoardFile(path.string(), &why);
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
    const std::optional<std::string> text = view::ReadBoardFile(file, &why);
    if (!text) {
        std::cerr << "rutland-cli: " << file << " refused: " << why << "; nothing was written\n";
        return why.find("kMaxBoardFileBytes") != std::string::npos ? kExitRejected : kExitUnusable;
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
    for (const host::GameDefinition* game : host::Games()) {
        if (game->boards && game->boards->install) game->boards->install(KitUserBoards(*game));
        if (game->board_commands && game->board_commands->install) game->board_commands->install();
    }
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
    // Whose boards: --game; else for `save` the file's own game; else the first game's (Big Board Raiders').
    const host::GameDefinition* game = host::Games().front();
    std::string why;
    if (!o.game.empty() && !(game = host::FindGame(o.game))) {
        std::string names;
        for (const host::GameDefinition* each : host::Games())
            if (each->listed) names += (names.empty() ? "" : ", ") + std::string(each->name);
        std::cerr << fmt::format("rutland-cli: no game called '{}' in this Rutland; it has {}\n", PrintableText(o.game), names);
        return kExitUnusable;
    }
    if (*o.save && !game->boards) {
        // The game the file holds (a file no game reads: the first game's open says why); a game this
        // build lacks is refused by name (registry.h invariant 2).
        const host::GameDefinition* of_file = host::GameToOpen(o.file, &why);
        if (!of_file) {
            std::cerr << "rutland-cli: " << why << "\n";
            return kExitUnusable;
        }
        if (o.game.empty()) {
            game = of_file;
        } else if (of_file != game) {
            std::cerr << fmt::format("rutland-cli: {} is a game of {}, not {}; nothing was written\n", PrintableText(o.file),
                                     of_file->name, game->name);
            return kExitUnusable;
        }
        if (!game->boards && !game->board_commands) {
            std::cerr << fmt::format("rutland-cli: {} is a game of {}, which has no board files in this Rutland; nothing was "
                                     "written\n", PrintableText(o.file), game->name);
            return kExitUnusable;
        }
    }
    if (const host::BoardCommands* own = game->board_commands) {
        if (*o.list) return own->list(std::cout, std::cerr);
        if (*o.show) return own->show(o.name, std::cout, std::cerr);
        if (*o.import) return own->import(o.file, o.replace, std::cout, std::cerr);
        if (*o.export_) return own->export_(o.name, o.file, std::cout, std::cerr);
        if (*o.save) return own->save(o.file, o.name, o.replace, std::cout, std::cerr);
        return kExitUnusable;
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
    std::cerr << fmt::format("rutland-cli: {} has no board files in this Rutland\n", game->title);
    return kExitUnusable;
}

} // namespace rutland::cli
