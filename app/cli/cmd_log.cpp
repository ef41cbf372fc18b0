// rutland-cli log FILE [--player P] [--company C] [--rule R]: one line per entry. Which entries a
// filter keeps is the dashboard's ledger panel's rule (app/view/ledger_view.h), so both agree.
#include <iostream>

#include "cli.h"
#include "ledger_view.h"

namespace rutland::cli {

int ShowLog(const LogOptions& options) {
    std::unique_ptr<Store> store = OpenForReading(options.file);
    if (!store) return kExitUnusable;
    const Ledger& ledger = store->GetLedger();
    const GameState& names = ledger.State();
    std::string error;
    const std::optional<view::LedgerFilter> filter =
        view::ParseLedgerFilter(names, options.player, options.company, options.rule, &error);
    if (!filter) {
        // A player belongs to this file; a company letter does not.
        const bool player_missing = !options.player.empty() && !names.FindPlayer(options.player);
        std::cerr << "rutland-cli: " << error << (player_missing ? " in " + options.file : "") << "\n";
        return kExitUnusable;
    }
    for (int seq = 0; seq < store->Size(); ++seq)
        if (view::EntryMatches(ledger.At(seq), *filter, names)) std::cout << view::LogLine(*store, seq) << "\n";
    return kExitAccepted;
}

} // namespace rutland::cli
