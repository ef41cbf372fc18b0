// The subcommands of Big Board Raiders alone: its files, read (shell_game.h).
#include "shell_game.h"

#include <iostream>

#include "cli.h"

namespace rutland::cli {

std::unique_ptr<Store> OpenShellGameForReading(const std::string& file, const std::string& command) {
    if (!RefuseOtherGame(file, command)) return nullptr;
    std::string error;
    std::unique_ptr<Store> store = Store::Open(file, Store::Mode::ReadOnly, &error);
    if (!store) {
        std::cerr << "rutland-cli: " << error << "\n";
        return nullptr;
    }
    if (!store->Report().Clean()) {
        const VerifyReport& r = store->Report();
        const Finding& first = r.problems.empty() ? r.rules_changes.front() : r.problems.front();
        std::cerr << "warning: " << file << " does not verify clean (" << first.ToString() << "); showing entries 0-"
                  << store->Size() - 1 << " (rutland-cli verify " << file << " says more)\n";
    }
    return store;
}

} // namespace rutland::cli
