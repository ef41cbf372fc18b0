#include "version_text.h"

#include <fmt/format.h>

#include "store/store.h"
#include "games.h"

// RUTLAND_VERSION comes from app/CMakeLists.txt (the project's VERSION), defined for this file only,
// so a new version recompiles one file.
#ifndef RUTLAND_VERSION
#error "RUTLAND_VERSION must be defined by the build (app/CMakeLists.txt)"
#endif

namespace rutland::view {

std::string_view ProgramVersion() { return RUTLAND_VERSION; }

std::vector<GameRulesVersion> GamesPlayed() {
    // The rules version the store stamps on every entry of a Big Board Raiders game (store.h).
    return {{"Big Board Raiders", BigBoardRaidersFile::kRulesVersion}};
}

std::string VersionText(std::string_view program) {
    std::string out = fmt::format("{} {}", program, ProgramVersion());
    for (const GameRulesVersion& g : GamesPlayed()) out += fmt::format("\n{}: rules version {}", g.game, g.rules_version);
    return out;
}

} // namespace rutland::view
