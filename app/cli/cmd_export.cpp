// rutland-cli export FILE --csv | --json | --script, of a file of any game of the registry; the
// document is the game's (OpenGame::WriteExport).
//   --script: the canonical lines, each after a "#= {...}" comment with its time, who and command
//             id; `rutland-cli play` of it rebuilds the same state, and with --db the same hash
//             chain (the same fingerprint). Plain `play` checks the "#=" lines, then ignores them.
//   --json:   every entry with its effects and hashes, and the final state; streamed, entry by entry.
//   --csv:    one row per entry, effects in short, for a spreadsheet (no cell is a live formula).
#include <iostream>

#include "cli.h"

namespace rutland::cli {

int Export(const std::string& file, ExportFormat format) {
    // Streamed (basic_store.h invariant 20): each entry is read from the file again as it is written out.
    std::unique_ptr<host::OpenGame> game = OpenForReading(file, true);
    if (!game) return kExitUnusable;
    std::string error;
    if (!game->WriteExport(format, file, std::cout, &error)) {
        std::cout.flush();
        std::cerr << "rutland-cli: " << error << "; the export stops there\n";
        return kExitUnusable;
    }
    return game->Check().clean ? kExitAccepted : kExitRejected;
}

} // namespace rutland::cli
