// rutland-cli log FILE [--player P] [--company C] [--rule R]: one line per entry. Which entries a
// filter keeps is the dashboard's ledger panel's rule (app/view/ledger_view.h), so both agree.
#include <iostream>

#include "cli.h"
#include "ledger_view.h"

namespace rutland::cli {

int ShowLog(const LogOptions& options) {
    std::unique_ptr<Store> store = OpenForReading(options.file, true);
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
    // Entry by entry as the store reads them (basic_store.h invariant 20: none is held in memory).
    const bool read = store->ForEachEntry(0, store->Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
        if (view::EntryMatches(entry, *filter, names)) std::cout << view::LogLine(entry, record, names) << "\n";
    }, &error);
    if (!read) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    return kExitAccepted;
}

} // namespace rutland::cli
