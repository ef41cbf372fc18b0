// Game files for the store's and the views' tests: a game played from script lines into a new file
// through Store::Create and Submit (the app's own path, so it has its chain and snapshots), and SQL
// run on a file as a tamperer would.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <sqlite3.h>

#include "lang/command.h"
#include "store/store.h"
#include "bbr_names.h"

namespace rutland::test {

// Plays script lines (the first command line is the header; comments and blank lines are skipped)
// into a new game file at `path`, the n-th entry stamped stamp(n). The store stays open.
inline std::unique_ptr<Store> PlayInto(const std::string& path, const std::vector<std::string>& lines,
                                       const std::function<Stamp(int)>& stamp) {
    std::unique_ptr<Store> store;
    int n = 0;
    std::string error;
    for (const std::string& line : lines) {
        const ParseResult parsed = ParseCommand(line);
        if (!parsed.command) continue;
        if (!store) {
            store = Store::Create(path, std::get<GameHeader>(parsed.command->action), stamp(n++), &error);
            REQUIRE_MESSAGE(store, error);
            continue;
        }
        const StoreReceipt r = store->Submit(*parsed.command, stamp(n++));
        REQUIRE_MESSAGE(r.accepted, line, ": ", r.Why());
    }
    return store;
}

// Runs `sql` on the file with SQLite's own API, as a tamperer would (no power loss to survive).
inline void Sql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(db, ("PRAGMA synchronous=OFF;" + sql).c_str(), nullptr, nullptr, &message);
    const std::string why = message ? message : "";
    sqlite3_free(message);
    sqlite3_close(db);
    REQUIRE_MESSAGE(rc == SQLITE_OK, sql, ": ", why);
}

} // namespace rutland::test
