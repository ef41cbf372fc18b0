// Plays a game script of the repository (assets/demo/first-game.txt, tests/games/full-game.txt)
// into a ledger for the view-model tests, through the core's test table (every line must be
// accepted, conservation checked after each).
#pragma once

#include <doctest/doctest.h>

#include <climits>
#include <fstream>
#include <memory>
#include <string>

#include "core/table_fixture.h"

namespace rutland::testing {

// The script's lines up to and including the one that makes entry `last_entry` (all by default).
inline std::unique_ptr<Table> PlayScript(const std::string& relative, int last_entry = INT_MAX) {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/" + relative);
    REQUIRE_MESSAGE(in, "cannot open ", relative);
    std::unique_ptr<Table> table;
    std::string line;
    while (std::getline(in, line)) {
        if (!table) {
            ParseResult parsed = ParseCommand(line);
            if (!parsed.command) continue;  // comments before the header
            table = std::make_unique<Table>(line);
            continue;
        }
        if (table->Log().Size() - 1 >= last_entry) break;
        table->Play(line);
    }
    REQUIRE(table);
    return table;
}

// The same game as a ledger (for view models that take one).
inline Ledger ScriptLedger(const std::string& relative, int last_entry = INT_MAX) {
    return PlayScript(relative, last_entry < 0 ? INT_MAX : last_entry)->Log();
}

// The first entry whose line is `line` at or after entry `from`, or -1.
inline int FindEntry(const Ledger& ledger, const std::string& line, int from = 1) {
    for (int i = from; i < ledger.Size(); ++i)
        if (ledger.At(i).line == line) return i;
    return -1;
}

} // namespace rutland::testing
