// rutland-cli backup FILE DEST: a consistent copy through SQLite's backup API, verified.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"

namespace rutland::cli {

int Backup(const std::string& file, const std::string& dest) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    std::string error;
    if (!store->Backup(dest, &error)) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    std::unique_ptr<Store> copy = Store::Open(dest, Store::Mode::ReadOnly, &error);
    if (!copy) {
        std::cerr << "rutland-cli: the copy does not open: " << error << "\n";
        return kExitUnusable;
    }
    std::cout << fmt::format("{} -> {}: {} entries, fingerprint {}\n", file, dest, copy->Report().entries,
                             copy->Fingerprint());
    return copy->Report().Clean() ? kExitAccepted : kExitRejected;
}

} // namespace rutland::cli
