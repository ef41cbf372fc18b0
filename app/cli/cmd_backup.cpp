// rutland-cli backup FILE DEST: a consistent copy through SQLite's backup API, verified, of a file
// of any game of the registry.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"

namespace rutland::cli {

int Backup(const std::string& file, const std::string& dest) {
    std::unique_ptr<host::OpenGame> game = OpenForReading(file, true);  // basic_store.h invariant 20: bounded memory
    if (!game) return kExitUnusable;
    std::string error;
    if (!game->Backup(dest, &error)) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    std::unique_ptr<host::OpenGame> copy = game->Definition().open(dest, host::Access::Stream, "", &error);
    if (!copy) {
        std::cerr << "rutland-cli: the copy does not open: " << error << "\n";
        return kExitUnusable;
    }
    const host::FileCheck check = copy->Check();
    std::cout << fmt::format("{} -> {}: {} entries, fingerprint {}\n", file, dest, check.entries, copy->Fingerprint());
    return check.clean ? kExitAccepted : kExitRejected;
}

} // namespace rutland::cli
