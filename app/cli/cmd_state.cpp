// rutland-cli state FILE [--at N] [--json]: the state after an entry (default: the last), in the
// words and the JSON of the file's game (OpenGame::StateAt).
#include <iostream>

#include "cli.h"

namespace rutland::cli {

int ShowState(const StateOptions& options) {
    std::unique_ptr<host::OpenGame> game = OpenForReading(options.file, true);
    if (!game) return kExitUnusable;
    const int seq = options.at.value_or(game->Size() - 1);
    if (!CheckEntry(*game, seq)) return kExitUnusable;
    std::string text, error;
    if (!game->StateAt(seq, options.json, &text, &error)) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    std::cout << text;
    return kExitAccepted;
}

} // namespace rutland::cli
