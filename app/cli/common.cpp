// What the subcommands reading a game file share.
#include <ctime>
#include <iostream>

#include "cli.h"

namespace rutland::cli {

std::unique_ptr<Store> OpenForReading(const std::string& file, bool stream) {
    std::string error;
    StoreOptions options;
    options.stream_entries = stream;
    std::unique_ptr<Store> store = Store::Open(file, Store::Mode::ReadOnly, &error, options);
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

bool CheckEntry(const Store& store, int seq) {
    if (seq >= 0 && seq < store.Size()) return true;
    std::cerr << "rutland-cli: " << store.Path() << " has entries 0-" << store.Size() - 1 << "; there is no entry " << seq
              << "\n";
    return false;
}

std::string NowUtc() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

} // namespace rutland::cli
