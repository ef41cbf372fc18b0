// A toy game as the shared page serves it (kit/host/open_game.h ServedGame, for
// app/serve/game_server.h; the toy's section module is web/toy.js): the game file opened read-only
// and streamed, and the page's JSON. GameDefinition::serve of the toy.
//
// Invariants:
//  1. Memory that does not grow with the game: kit/host/basic_served_game.h's invariant 1 (the
//     shared part opens, streams, follows and keeps what the page reads).
//  2. Every word is the toy's own renderer's (host/toy_words.h) and its rules' (docs/RULES.md, as
//     compiled in); the page's JSON has the keys every game's has (ServedGame invariant S3) and
//     "counters", "added" and "counters_note" for web/toy.js.
#pragma once

#include <memory>
#include <string>

#include "host/open_game.h"

namespace rutland::toy {

// The toy game file at `path`, opened for the shared page; nullptr and *error when it cannot be.
std::unique_ptr<host::ServedGame> ServeToyFile(const std::string& path, std::string* error);

} // namespace rutland::toy
