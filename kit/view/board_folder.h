// Where the table's own boards are kept, for every game: $XDG_DATA_HOME/rutland/boards (default
// ~/.local/share/rutland/boards/). Big Board Raiders keeps its boards in the folder itself (as before
// games had a registry: games/big-board-raiders/view/board_files.h BoardsDir), every other game with
// board files in a subfolder named for the game (BoardsDir()/flutter/), so no game reads another's.
// Game-free: rutland-cli's board commands read any game's boards through its BoardKit
// (kit/host/open_game.h) and these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rutland::view {

// The largest board file read, for any game, in bytes: a larger one is refused by its size before a
// byte of it is read. Big Board Raiders' own bound is the same
// (games/big-board-raiders/model/board.h kMaxBoardJsonBytes).
inline constexpr uint64_t kMaxBoardFileBytes = 1024 * 1024;

// $XDG_DATA_HOME/rutland/boards, else ~/.local/share/rutland/boards, else under the temporary
// folder (no $HOME). Not created: a folder that is not there holds no boards.
std::string BoardFolder();

// A board file's text when it is at most `limit` bytes; nullopt and *why (citing the limit by
// `limit_name`) when it cannot be read or is larger. A game with a bound of its own passes it
// (Big Board Raiders' kMaxBoardJsonBytes: games/big-board-raiders/view/board_files.cpp).
std::optional<std::string> ReadBoardFile(const std::string& path, std::string* why, uint64_t limit = kMaxBoardFileBytes,
                                         std::string_view limit_name = "kMaxBoardFileBytes");

} // namespace rutland::view
