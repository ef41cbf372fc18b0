// A game of Flutter as the shared page serves it (kit/host/open_game.h ServedGame, for
// app/serve/game_server.h; Flutter's section module is web/flutter.js): the shared part
// (kit/host/basic_served_game.h: the file opened read-only and streamed, followed, the page's
// newest entries kept) and the page's JSON. GameDefinition::serve of Flutter.
//
// Invariants:
//  1. Memory that does not grow with the game: basic_served_game.h invariant 1.
//  2. Every word is Flutter's own renderer's (lang/effect_text.h) and its rules' (docs/RULES.md, as
//     compiled in); the page's JSON has the keys every game's has (ServedGame invariant S3) and
//     "lanes", "players", "pending", "board" and "notes" for web/flutter.js. A figure resting on a
//     fact of the board the table has not confirmed is flagged "provisional" (BD-7).
#pragma once

#include <memory>
#include <string>

#include "host/open_game.h"

namespace rutland::flutter {

// The Flutter game file at `path`, opened for the shared page; nullptr and *error when it cannot be.
std::unique_ptr<host::ServedGame> ServeFlutterFile(const std::string& path, std::string* error);

} // namespace rutland::flutter
