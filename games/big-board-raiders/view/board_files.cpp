#include "view/board_files.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "model/money.h"
#include "board_folder.h"
#include "new_file.h"

namespace rutland::bbr {

namespace fs = std::filesystem;

std::string BoardsDir() { return view::BoardFolder(); }  // the shell's, every game's (board_folder.h)

std::optional<std::string> ReadBoardText(const std::string& path, std::string* why) {
    return view::ReadBoardFile(path, why, kMaxBoardJsonBytes, "kMaxBoardJsonBytes");
}

std::optional<Board> ParseUserBoard(std::string_view text, std::string* why) {
    std::string error;
    std::optional<Board> board = Board::FromJson(text, &error);
    if (!board) {
        *why = error;
        return std::nullopt;
    }
    std::optional<std::string> problem = UserBoardNameProblem(board->Name());
    if (!problem) problem = CheckCompleteBoard(*board);
    if (problem) {
        *why = *problem;
        return std::nullopt;
    }
    return board;
}

BoardFiles ReadBoardFiles(const std::string& dir) {
    BoardFiles out;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& f : fs::directory_iterator(dir, ec))
        if (f.path().extension() == ".json") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
        std::string why;
        const std::optional<std::string> text = ReadBoardText(path.string(), &why);
        std::optional<Board> board = text ? ParseUserBoard(*text, &why) : std::nullopt;
        if (board && board->Name() != path.stem().string())
            why = fmt::format("the file is called {} but the board inside is '{}'", path.filename().string(), board->Name());
        if (!why.empty()) {
            out.problems.push_back(fmt::format("{}: {}", path.filename().string(), why));
            continue;
        }
        out.catalog->Add(std::make_shared<const Board>(std::move(*board)), &why);
    }
    return out;
}

std::vector<std::string> InstallBoardFiles(const std::string& dir) {
    BoardFiles files = ReadBoardFiles(dir);
    InstallUserBoards(std::move(files.catalog));
    return std::move(files.problems);
}

bool WriteBoardFile(const std::string& dir, const Board& board, bool replace, std::string* why) {
    std::optional<std::string> problem = UserBoardNameProblem(board.Name());
    if (!problem) problem = CheckCompleteBoard(board);
    if (problem) {
        *why = *problem;
        return false;
    }
    const fs::path path = fs::path(dir) / (board.Name() + ".json");
    std::error_code ec;
    if (!replace && fs::exists(path, ec)) {
        *why = fmt::format("a board called '{}' exists already ({})", board.Name(), path.string());
        return false;
    }
    fs::create_directories(dir, ec);
    const fs::path temp = fs::path(dir) / ("." + board.Name() + ".json.tmp");
    // Made new, never through a planted link (new_file.h): BoardsDir() may be in a shared $TMPDIR.
    if (!view::WriteNewFile(temp.string(), board.ToJson(), why)) return false;
    fs::rename(temp, path, ec);
    if (ec) {
        *why = fmt::format("could not write {}: {}", path.string(), ec.message());
        fs::remove(temp, ec);
        return false;
    }
    return true;
}

std::string VerifiedSummary(const Board& board) {
    const VerifiedCount count = CountVerified(board);
    return fmt::format("{}: {} of {} facts verified ({} of {} spaces in full)", board.Name(), count.verified, count.facts,
                       count.spaces, board.SpaceCount());
}

std::string GameBoardSource(const Store& store) {
    return store.StartData() ? "carried in the game file"
                             : "found by name: the file is older than games that carry their board";
}

std::string GameBoardSummary(const Store& store) {
    const GameState& state = store.GetLedger().State();
    if (!state.board) return GameBoardSource(store);
    return fmt::format("{}, {}", VerifiedSummary(*state.board), GameBoardSource(store));
}

} // namespace rutland::bbr
