// A game of Big Board Raiders as the shared page serves it (kit/host/open_game.h ServedGame, for
// app/serve/game_server.h): the game file opened read-only and streamed, every entry handed to the
// page's window (games/big-board-raiders/view/entry_window.h) as it is read or followed, and the page's JSON
// (web/page_model.h) built from that window. GameDefinition::serve of Big Board Raiders.
//
// Invariants:
//  1. Memory that does not grow with the game: the store is opened streamed (basic_store.h
//     invariant 20) and every entry it reads or follows goes to the window (basic_store.h invariant
//     21), which keeps what the page reads (page_model.h invariant 5). A file that does not stream
//     (one with a problem) is held whole, and the window reads its ledger.
//  2. The window keeps the line and author of its last kHeadEntries entries, so the live events
//     (ServedGame invariant S4) are answered from memory, never read back.
#pragma once

#include <memory>
#include <string>

#include "host/open_game.h"

namespace rutland::bbr::web {

// The game file at `path`, opened for the shared page; nullptr and *error ("GAME.rutland: not a
// Rutland game") when it cannot be.
std::unique_ptr<host::ServedGame> ServeGameFile(const std::string& path, std::string* error);

} // namespace rutland::bbr::web
