// Flutter's own typed state behind the shell's facade, for Flutter's own code above host/ (its
// desk panels, games/flutter/panels/): the state the open game shows, and what the panels show of
// it (report/table_view.h), made once per OpenGame::Version(). The shell itself never calls this;
// it reads the game through OpenGame alone (kit/host/open_game.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "host/open_game.h"
#include "model/state.h"
#include "report/table_view.h"

namespace rutland::flutter {

// The state `game` shows (after the entry looked at while time travelling, else now), or nullptr
// when `game` is not a Flutter game opened by host/flutter_game.cpp. Valid until the game changes.
const GameState* ShownState(const host::OpenGame& game);

// What the desk's panels show beyond the state, for the entry shown: computed the first time a
// panel asks after the game's Version() changed (an entry recorded or taken in, time travel), never
// every frame: the round end if it came now applies a throw to a copy of the state, the last
// settlement looks back through the ledger.
struct ShownTables {
    uint64_t version = 0;
    int entry = -1;                           // the entry shown: the last, or the one looked at
    std::optional<RoundEndNow> if_ended_now;  // RE-1..RE-6 on a copy
    std::optional<LastSettlement> last;       // the last round end up to `entry`
    std::vector<CompanySteps> entry_steps;    // what the table hands over for `entry` (U-2)
    std::vector<CompanySteps> last_steps;     // ... and for the last settlement
};
// nullptr when `game` is not a Flutter game. Valid until the game changes (its Version()).
const ShownTables* ShownTablesOf(const host::OpenGame& game);

} // namespace rutland::flutter
