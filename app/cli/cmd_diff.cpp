// rutland-cli diff FILE N M: what changed between the state after entry N and after entry M, and
// the entries in between, in the game's words (OpenGame::DiffEntries; Big Board Raiders': the
// dashboard's "diff to now", games/big-board-raiders/view/ledger_view.h).
#include <iostream>

#include "cli.h"

namespace rutland::cli {

int Diff(const std::string& file, int from, int to) {
    std::unique_ptr<host::OpenGame> game = OpenForReading(file, true);  // basic_store.h invariant 20: bounded memory
    if (!game) return kExitUnusable;
    if (!CheckEntry(*game, from) || !CheckEntry(*game, to)) return kExitUnusable;
    for (const std::string& line : game->DiffEntries(from, to)) std::cout << line << "\n";
    return kExitAccepted;
}

} // namespace rutland::cli
