// Named boards: the boards built into the core (board.h BuiltinBoard) and the table's
// own, which the app reads from the user's files and hands in here as data. The core never reads
// the environment or a file: what a user board says reaches it only through InstallUserBoards.
//
// Invariants:
//  1. THE SEAM. A game finds its board by name only through FindBoard (rules.cpp StartGame(header)):
//     a built-in board first, then the installed user boards. The app (rutland-cli main.cpp, the
//     dashboard's main.cpp) installs the user boards once at start and again whenever it saves one.
//     StartGame(header, board) takes the board itself: when the game file carries its own copy of
//     its board, the store starts the game from that copy through it, and
//     FindBoard is then only for a new game.
//  2. A built-in name always means the built-in board: a user board of that name is never
//     installed (IsUserBoardName refuses it), so `board=standard` replays the same everywhere.
//  3. A user board is complete (CheckCompleteBoard): 40 spaces, the 24 subsidiaries of the
//     prospectus, the kinds of BD-1, every BD-3 constraint. A board that fails is never installed.
//  4. Every fact keeps its verified flag as the file says (D-2): a provisional fact stays
//     provisional in a user board until the broker checks it.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/board.h"

namespace rutland::bbr {

inline constexpr int kBoardSpaces = 40;       // BD-1
inline constexpr int kFactsPerSpace = 5;      // kind, position, arrows, Ask, Bids

struct VerifiedCount {
    int verified = 0;  // facts checked against the manual or the physical board (D-2)
    int facts = 0;     // kFactsPerSpace per space
    int spaces = 0;    // spaces with every fact verified
};
VerifiedCount CountVerified(const Board& board);

// Why `board` cannot be a table's board (invariant 3), naming the rule; nullopt when it can.
std::optional<std::string> CheckCompleteBoard(const Board& board);

// Why `name` cannot name a user board (a file name and a header value: lower-case letters, digits
// and '-', starting with a letter, at most 40 characters; never a built-in name, invariant 2);
// nullopt when it can.
std::optional<std::string> UserBoardNameProblem(std::string_view name);

// The user's boards, by name. Plain data: built by the app from files, then installed.
class BoardCatalog {
public:
    // Adds `board` under its name, replacing one of the same name. Refused (false, *why) when the
    // name or the board breaks invariants 2 or 3.
    bool Add(std::shared_ptr<const Board> board, std::string* why);
    std::shared_ptr<const Board> Find(std::string_view name) const;
    std::vector<std::string> Names() const;  // sorted
    bool Empty() const { return m_boards.empty(); }

private:
    std::map<std::string, std::shared_ptr<const Board>, std::less<>> m_boards;
};

// Invariant 1: the user boards every later FindBoard sees (nullptr: none). Thread-safe.
void InstallUserBoards(std::shared_ptr<const BoardCatalog> catalog);
std::shared_ptr<const BoardCatalog> InstalledUserBoards();

// A built-in board by that name, else an installed user board, else nullptr.
std::shared_ptr<const Board> FindBoard(std::string_view name);
// Every name FindBoard knows: the built-in ones, then the user's.
std::vector<std::string> KnownBoardNames();

} // namespace rutland::bbr
