// The subcommands of Big Board Raiders alone (year-end, board save), written against its store
// through app/games.h: the code not moved behind OpenGame (app/host/open_game.h) yet.
#pragma once

#include <memory>
#include <string>

#include "store/store.h"
#include "games.h"

namespace rutland::cli {

// OpenForReading (cli.h) of a game of Big Board Raiders: refuses another game's file by name
// ("toy.rutland is a game of toy; year-end is Big Board Raiders'", RefuseOtherGame), then opens it
// read-only with the same messages.
std::unique_ptr<Store> OpenShellGameForReading(const std::string& file, const std::string& command);

} // namespace rutland::cli
