// rutland-cli year-end FILE [--at N] [--last] [--csv|--html]: the game's settlement of its year or
// round (OpenGame::WriteSettlement, kit/host/open_game.h), for any game of the registry. Big Board
// Raiders': the year-end preview (what the broker would pay if the year ended after entry N) or, with
// --last, the statement of the last year end settled by then, as the dashboard's Year end panel shows
// it (games/big-board-raiders/report/year_end_report.h). Flutter's: the round end the next throw
// would make, or the last one settled (games/flutter/host/flutter_settlement.h). A game without one
// (the toy) says so.
#include <iostream>

#include "cli.h"

namespace rutland::cli {

int ShowYearEnd(const YearEndOptions& options) {
    std::unique_ptr<host::OpenGame> game = OpenForReading(options.file, true);  // basic_store.h invariant 20: bounded memory
    if (!game) return kExitUnusable;
    const int seq = options.at.value_or(game->Size() - 1);
    if (!CheckEntry(*game, seq)) return kExitUnusable;
    const host::SettlementFormat format = options.csv    ? host::SettlementFormat::Csv
                                          : options.html ? host::SettlementFormat::Html
                                                         : host::SettlementFormat::Text;
    std::string error;
    if (!game->WriteSettlement(seq, options.last, format, options.file, std::cout, &error)) {
        std::cerr << error << "\n";
        return kExitUnusable;
    }
    return kExitAccepted;
}

} // namespace rutland::cli
