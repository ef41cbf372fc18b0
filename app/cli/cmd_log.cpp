// rutland-cli log FILE [--player P] [--company C] [--rule R]: one line per entry. Which entries a
// filter keeps, and the line, are the game's (OpenGame::WriteLog; Big Board Raiders': the
// dashboard's ledger panel's rule, games/big-board-raiders/view/ledger_view.h, so both agree).
#include <iostream>

#include "cli.h"

namespace rutland::cli {

int ShowLog(const LogOptions& options) {
    std::unique_ptr<host::OpenGame> game = OpenForReading(options.file, true);
    if (!game) return kExitUnusable;
    std::string error;
    if (!game->WriteLog(host::LogFilter{options.player, options.company, options.rule}, options.file, std::cout, &error)) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    return kExitAccepted;
}

} // namespace rutland::cli
