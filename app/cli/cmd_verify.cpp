// rutland-cli verify FILE: every check of basic_store.h invariant 5; exit code 0 only when clean.
#include <iostream>

#include <fmt/format.h>

#include "board_files.h"
#include "cli.h"

namespace rutland::cli {

int Verify(const std::string& file) {
    std::string error;
    StoreOptions options;
    options.stream_entries = true;  // basic_store.h invariant 20: memory that does not grow with the game
    std::unique_ptr<Store> store = Store::Open(file, Store::Mode::ReadOnly, &error, options);
    if (!store) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    const VerifyReport& r = store->Report();
    for (const std::string& note : r.notes) std::cout << "  note: " << note << "\n";
    if (r.Clean()) {
        std::cout << fmt::format("{}: clean: {} entries; SQLite quick_check, hash chain, replay of every entry against its "
                                 "recorded effects, conservation and snapshots all agree; fingerprint {}\n",
                                 file, r.entries, store->Fingerprint());
        std::cout << "  board: " << view::GameBoardSummary(*store) << "\n";
        return kExitAccepted;
    }
    std::cout << fmt::format("{}: NOT CLEAN ({} entries in the file; entries 0-{} check out, fingerprint there {})\n", file,
                             r.entries, store->Size() - 1, store->Fingerprint());
    std::cout << "  board: " << view::GameBoardSummary(*store) << " (as of entry " << store->Size() - 1 << ")\n";
    for (const Finding& f : r.problems) std::cout << "  problem: " << f.ToString() << "\n";
    for (const Finding& f : r.rules_changes) std::cout << "  rules changed: " << f.ToString() << "\n";
    return kExitRejected;
}

} // namespace rutland::cli
