// The table's own boards as files: $XDG_DATA_HOME/rutland/boards/NAME.json (default
// ~/.local/share/rutland/boards/), in the format of assets/boards/standard.json. This is where the
// app reads the environment and the disk; the core gets the boards as data (model/board_catalog.h
// invariant 1: InstallBoardFiles below is the one place that hands them in).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/board_catalog.h"
#include "store/store.h"

namespace rutland::bbr {

// $XDG_DATA_HOME/rutland/boards, else ~/.local/share/rutland/boards (not created: reading a
// folder that is not there finds no boards; WriteBoardFile creates it).
std::string BoardsDir();

struct BoardFiles {
    std::shared_ptr<BoardCatalog> catalog = std::make_shared<BoardCatalog>();
    std::vector<std::string> problems;  // "bad.json: why", one per file left out
};
// Every NAME.json in `dir` that is a complete board named NAME; the others, with why, in problems.
BoardFiles ReadBoardFiles(const std::string& dir);
// Reads `dir` and installs what it holds for every game started from now on (the seam); returns
// the problems.
std::vector<std::string> InstallBoardFiles(const std::string& dir);

// A board file's text, read only when it is at most kMaxBoardJsonBytes (board.h): a larger file is
// refused by its size, before a byte of it is read. nullopt and *why when it cannot be read or is
// too large.
std::optional<std::string> ReadBoardText(const std::string& path, std::string* why);

// A board file's text as a user board: the format (Board::FromJson), the name, and the complete
// board (board_catalog.h CheckCompleteBoard). nullopt and *why otherwise.
std::optional<Board> ParseUserBoard(std::string_view text, std::string* why);

// Writes `board` as dir/NAME.json (NAME its name) through a temporary file and a rename, so a
// reader never sees half a board; refused (false, *why, nothing written) when the board is not a
// complete one, or NAME.json exists and `replace` is false.
bool WriteBoardFile(const std::string& dir, const Board& board, bool replace, std::string* why);

// "home: 87 of 200 facts verified (12 of 40 spaces in full)"
std::string VerifiedSummary(const Board& board);

// Where an open game's board comes from (store.h item 5): "carried in the game file"
// when the file holds the board the game started on, else "found by name: the file is older than
// games that carry their board".
std::string GameBoardSource(const Store& store);
// The board a game uses now (its corrections applied), its verified facts and where it comes from:
// "home: 39 of 200 facts verified (0 of 40 spaces in full), carried in the game file".
std::string GameBoardSummary(const Store& store);

} // namespace rutland::bbr
