// What `rutland --version` and `rutland-cli --version` print (man pages rutland(1) and
// rutland-cli(1), packaging/man/): the program's version, which is CMake's project VERSION and
// the Debian package's (packaging/CMakeLists.txt), and the rules version of each game it plays,
// the number stamped on every ledger entry (kernel/ruleset.h kRulesVersion). A table that
// disputes a ruling can tell from these lines which rules the laptop applies.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rutland::view {

// The project's version, e.g. "0.1.0".
std::string_view ProgramVersion();

struct GameRulesVersion {
    std::string game;  // "Big Board Raiders"
    int rules_version = 0;
};
// Every game this build offers the table (app/host/registry.h, GameDefinition::listed), in the
// registry's order, with its rules version.
std::vector<GameRulesVersion> GamesPlayed();

// "rutland-cli 0.1.0\nBig Board Raiders: rules version 2\nFlutter: rules version 1": one line per game, no final newline
// (CLI11 ends what it prints with one).
std::string VersionText(std::string_view program);

} // namespace rutland::view
