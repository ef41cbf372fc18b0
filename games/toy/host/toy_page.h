// A toy game as the shared page serves it (app/host/open_game.h ServedGame, for
// app/serve/game_server.h; the toy's section module is web/toy.js): the game file opened read-only
// and streamed, and the page's JSON. GameDefinition::serve of the toy.
//
// Invariants:
//  1. Memory that does not grow with the game: the store is opened streamed (basic_store.h
//     invariant 20); of the entries it hands over as it reads and follows (invariant 21) this keeps
//     the page's newest kPageEntries whole and the line and author of the last
//     ServedGame::kEventEntries (the live events'), and of every one from KeepEventsFrom's on until
//     the next call. A file that does not stream (one with a problem) is held whole by its store,
//     and what the page keeps is taken from its ledger instead.
//  2. Every word is the toy's own renderer's (host/toy_words.h) and its rules' (docs/RULES.md, as
//     compiled in); the page's JSON has the keys every game's has (ServedGame invariant S3) and
//     "counters", "added" and "counters_note" for web/toy.js.
#pragma once

#include <memory>
#include <string>

#include "host/open_game.h"

namespace rutland::toy {

// The ledger's newest entries on the page.
inline constexpr int kPageEntries = 60;

// The toy game file at `path`, opened for the shared page; nullptr and *error when it cannot be.
std::unique_ptr<host::ServedGame> ServeToyFile(const std::string& path, std::string* error);

} // namespace rutland::toy
