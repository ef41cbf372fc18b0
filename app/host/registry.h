// The games this build hosts: one static list (registry.cpp, the only file of the shell that names
// a game), no static initialisers. The shell finds a game by the word its header line starts with
// (`game flutter players=...`; a header without the word is Big Board Raiders') or by what a game
// file records (core/kernel/basic_store.h: schema 5 files name their game), and reaches it through
// the definition's functions and OpenGame (open_game.h).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "host/open_game.h"

namespace rutland::host {

struct GameDefinition {
    std::string_view name;   // the header's game word: "big-board-raiders", "toy"
    std::string_view title;  // "Big Board Raiders"
    int rules_version = 0;
    bool listed = true;      // offered on the start screen (the toy, a test game, is not)

    // A game file of this game, to play (nullptr and *error when it cannot be opened).
    std::unique_ptr<OpenGame> (*open)(const std::string& path, bool read_only, const std::string& id_prefix,
                                      std::string* error) = nullptr;
    // A new game file from a header line, stamped at `time` by `who`.
    std::unique_ptr<OpenGame> (*create)(const std::string& path, std::string_view header, const std::string& time,
                                        const std::string& who, const std::string& id_prefix,
                                        std::string* error) = nullptr;
    // A game in memory only (a script played without --db; screenshots of a script).
    std::unique_ptr<OpenGame> (*in_memory)(std::string_view header, std::string* error) = nullptr;
};

// Every game of this build, Big Board Raiders first.
std::span<const GameDefinition* const> Games();
// The game of that name, or nullptr.
const GameDefinition* FindGame(std::string_view name);
// The game a header line names: its `game NAME` word, or Big Board Raiders when it has none;
// nullptr and *error ("no game called 'x' in this Rutland; it has big-board-raiders, ...") otherwise.
const GameDefinition* GameOfHeader(std::string_view header_line, std::string* error);
// The game a file holds (read without opening it for play); nullptr and *error when the file is
// not a Rutland game or holds a game this build lacks (named in the error).
const GameDefinition* GameOfFile(const std::string& path, std::string* error);

} // namespace rutland::host
