// What the subcommands reading a game file share.
#include <ctime>
#include <iostream>

#include "cli.h"
#include "host/registry.h"

namespace rutland::cli {

std::unique_ptr<host::OpenGame> OpenForReading(const std::string& file, bool stream) {
    std::string error;
    const host::GameDefinition* game = host::GameToOpen(file, &error);
    std::unique_ptr<host::OpenGame> open =
        game ? game->open(file, stream ? host::Access::Stream : host::Access::Read, "", &error) : nullptr;
    if (!open) {
        std::cerr << "rutland-cli: " << error << "\n";
        return nullptr;
    }
    const host::FileCheck check = open->Check();
    if (!check.clean) {
        const std::string& first = check.problems.empty() ? check.rules_changes.front() : check.problems.front();
        std::cerr << "warning: " << file << " does not verify clean (" << first << "); showing entries 0-"
                  << open->Size() - 1 << " (rutland-cli verify " << file << " says more)\n";
    }
    return open;
}

bool CheckEntry(const host::OpenGame& game, int seq) {
    if (seq >= 0 && seq < game.Size()) return true;
    std::cerr << "rutland-cli: " << game.Path() << " has entries 0-" << game.Size() - 1 << "; there is no entry " << seq
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
