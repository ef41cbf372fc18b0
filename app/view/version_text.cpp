#include "version_text.h"

#include <fmt/format.h>

#include "host/registry.h"

// RUTLAND_VERSION comes from app/CMakeLists.txt (the project's VERSION), defined for this file only,
// so a new version recompiles one file.
#ifndef RUTLAND_VERSION
#error "RUTLAND_VERSION must be defined by the build (app/CMakeLists.txt)"
#endif

namespace rutland::view {

std::string_view ProgramVersion() { return RUTLAND_VERSION; }

std::vector<GameRulesVersion> GamesPlayed() {
    // Each game of the registry the table is offered (GameDefinition::listed: the toy, a test game,
    // is not), in its order: the rules version its store stamps on every entry (kernel/ruleset.h).
    std::vector<GameRulesVersion> out;
    for (const host::GameDefinition* game : host::Games())
        if (game->listed) out.push_back({std::string(game->title), game->rules_version});
    return out;
}

std::string VersionText(std::string_view program) {
    std::string out = fmt::format("{} {}", program, ProgramVersion());
    for (const GameRulesVersion& g : GamesPlayed()) out += fmt::format("\n{}: rules version {}", g.game, g.rules_version);
    return out;
}

} // namespace rutland::view
