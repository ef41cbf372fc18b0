// The games this build hosts: one static list (app/games.cmake, made into registry.cpp's constant
// array; no file of the shell includes a game), no static initialisers. The shell finds a game by the word its header line starts with
// (`game flutter players=...`; a header without the word is Big Board Raiders', kernel/game_word.h)
// or by what a game file records (core/kernel/basic_store.h: schema 5 files name their game), and
// reaches it through the definition's functions and OpenGame (open_game.h, where GameDefinition is).
//
// Invariants:
//  1. The list is constant data: pointers to each game's constant GameDefinition, Big Board Raiders
//     first (the game of every header and file made before games had names, kernel/game_word.h
//     kFirstGame). Nothing runs before main() for it.
//  2. A game this build lacks is refused by name, with the games it has; never opened as another.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "host/open_game.h"

namespace rutland::host {

// Every game of this build, Big Board Raiders first.
std::span<const GameDefinition* const> Games();
// The game of that name, or nullptr.
const GameDefinition* FindGame(std::string_view name);
// The first game of the list (app/games.cmake): Big Board Raiders, the game of every header and
// file made before games had names (invariant 1).
const GameDefinition& FirstGame();
// The game a header line names: its `game NAME` word, or Big Board Raiders when it has none (a
// line that is no header at all is Big Board Raiders' too, whose language says why);
// nullptr and *error ("no game called 'x' in this Rutland; it has big-board-raiders, flutter") otherwise.
const GameDefinition* GameOfHeader(std::string_view header_line, std::string* error);
// The game a file holds (read without opening it for play); nullptr and *error when the file is
// not a Rutland game or holds a game this build lacks ("x.rutland holds a game of 'othergame', which
// this Rutland does not have (it has big-board-raiders, flutter)").
const GameDefinition* GameOfFile(const std::string& path, std::string* error);
// The game whose `open` should read `path`: the game the file records; when its meta says none (a
// row removed outside Rutland), the game its header names; the first game when neither can be read
// (missing, damaged, not Rutland's, newer), so that its open says why in the words it always has.
// nullptr and *error only for a game this build lacks (invariant 2).
const GameDefinition* GameToOpen(const std::string& path, std::string* error);

} // namespace rutland::host
