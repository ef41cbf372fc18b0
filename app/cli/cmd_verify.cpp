// rutland-cli verify FILE: every check of basic_store.h invariant 5, for a file of any game of the
// registry; exit code 0 only when clean.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "host/registry.h"

namespace rutland::cli {

int Verify(const std::string& file) {
    std::string error;
    const host::GameDefinition* definition = host::GameToOpen(file, &error);
    // basic_store.h invariant 20: memory that does not grow with the game.
    std::unique_ptr<host::OpenGame> game =
        definition ? definition->open(file, host::Access::Stream, "", &error) : nullptr;
    if (!game) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    const host::FileCheck r = game->Check();
    const std::string summary = game->FileSummary();  // Big Board Raiders: "board: ..."
    for (const std::string& note : r.notes) std::cout << "  note: " << note << "\n";
    if (r.clean) {
        std::cout << fmt::format("{}: clean: {} entries; SQLite quick_check, hash chain, replay of every entry against its "
                                 "recorded effects, conservation and snapshots all agree; fingerprint {}\n",
                                 file, r.entries, game->Fingerprint());
        if (!summary.empty()) std::cout << "  " << summary << "\n";
        return kExitAccepted;
    }
    std::cout << fmt::format("{}: NOT CLEAN ({} entries in the file; entries 0-{} check out, fingerprint there {})\n", file,
                             r.entries, game->Size() - 1, game->Fingerprint());
    if (!summary.empty()) std::cout << "  " << summary << " (as of entry " << game->Size() - 1 << ")\n";
    for (const std::string& f : r.problems) std::cout << "  problem: " << f << "\n";
    for (const std::string& f : r.rules_changes) std::cout << "  rules changed: " << f << "\n";
    return kExitRejected;
}

} // namespace rutland::cli
