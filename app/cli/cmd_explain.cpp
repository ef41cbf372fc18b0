// rutland-cli explain FILE N: one entry in full: who, when, its place in the chain, and every
// effect with its rule and the arithmetic behind it. The text is the game's (OpenGame::ExplainEntry;
// Big Board Raiders': the dashboard's ledger panel's, games/big-board-raiders/view/ledger_view.h, so both say the same).
#include <iostream>

#include "cli.h"

namespace rutland::cli {

int Explain(const std::string& file, int seq) {
    std::unique_ptr<host::OpenGame> game = OpenForReading(file, true);  // basic_store.h invariant 20: bounded memory
    if (!game) return kExitUnusable;
    if (!CheckEntry(*game, seq)) return kExitUnusable;
    for (const std::string& line : game->ExplainEntry(seq)) std::cout << line << "\n";
    return kExitAccepted;
}

} // namespace rutland::cli
