// A long game for the store's tests and the crash test: every round buys, sells, notes, undoes and
// redoes, so a ledger of any length crosses snapshots and holds every kind of entry.
#pragma once

#include <string>
#include <vector>

namespace rutland::testing {

inline std::vector<std::string> LongGame(int rounds) {
    std::vector<std::string> lines = {"game players=Ann,Bob broker=Bob", "board @market-1 trend=UUUU bid=YBRG",
                                      "board @ioco trend=DDDD ask=BRG"};
    for (int i = 1; i <= rounds; ++i) {
        for (const char* line : {"roll 1 2 1 @ioco", "buy G 5k", "end", "roll 1 2 1 @market-1"}) lines.push_back(line);
        lines.push_back("note round " + std::to_string(i));
        for (const char* line : {"end", "roll 1 2 1 @market-1", "sell G 5k", "end", "roll 1 2 1 @ioco", "undo", "redo", "end"})
            lines.push_back(line);
    }
    return lines;
}

} // namespace rutland::testing
