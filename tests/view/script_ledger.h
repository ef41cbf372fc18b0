// Plays a game script of the repository (assets/demo/first-game.txt, tests/games/full-game.txt)
// into a ledger for the view-model tests, through the core's test table (every line must be
// accepted, conservation checked after each).
#pragma once

#include <doctest/doctest.h>

#include <climits>
#include <filesystem>
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

// A new game's ledger from its header line.
inline Ledger NewGame(const char* header = "game players=Ann,Bob broker=Bob") {
    Rejection why;
    std::optional<Ledger> l = Ledger::Start(std::get<GameHeader>(ParseCommand(header).command->action), &why);
    REQUIRE_MESSAGE(l, why.ToString());
    return std::move(*l);
}

// Four players, all on Market 1 (the entry line's tests).
inline constexpr const char* kFourPlayersHeader =
    "game players=Ann,Bob,Cy,Dee broker=Dee sec=Cy start=@market-1,@market-1,@market-1,@market-1";

// A game file's path in the view tests' own temporary folder, with no file (nor WAL) left there.
inline std::string TempPath(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-tests";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    return path.string();
}

} // namespace rutland::testing
