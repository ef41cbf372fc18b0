// The game file carries its board (basic_store.h invariant 19, store.h item 5): a new
// game keeps the board it started on in the file, bound into the hash chain, and starts from it on
// every open, so a game on a user board verifies and replays the same when the board file is later
// edited or deleted. Files written before (schema 3, and schema 2 migrated to 3) carry no board and
// still start from the board their header names.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "model/board_catalog.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"
#include "board_json.h"
#include "support/store_files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace rutland;

namespace {

fs::path Source(const std::string& relative) { return fs::path(RUTLAND_SOURCE_DIR) / relative; }

std::string Read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// tests/boards/home.json, as `rutland-cli board import` would install it; `edit` changes its JSON first.
std::shared_ptr<const BoardCatalog> HomeCatalog(const std::function<void(nlohmann::json&)>& edit = {}) {
    nlohmann::json json = nlohmann::json::parse(Read(Source("tests/boards/home.json")));
    if (edit) edit(json);
    std::string error;
    std::optional<Board> board = Board::FromJson(json.dump(), &error);
    REQUIRE_MESSAGE(board, error);
    auto catalog = std::make_shared<BoardCatalog>();
    REQUIRE_MESSAGE(catalog->Add(std::make_shared<const Board>(std::move(*board)), &error), error);
    return catalog;
}

using rutland::testing::InstalledFor;
using rutland::testing::SpaceJson;

Stamp BoardTestStamp(int n) { return {fmt::format("2026-11-24T10:00:{:02}Z", n % 60), "Bob", "board-test:" + std::to_string(n)}; }

// The game of tests/games/schema-v3-home-board.script (on board=home) written to `path` by this Rutland.
void WriteHomeGame(const std::string& path) {
    std::istringstream script(Read(Source("tests/games/schema-v3-home-board.script")));
    std::vector<std::string> lines;
    for (std::string line; std::getline(script, line);) lines.push_back(line);
    test::PlayInto(path, lines, BoardTestStamp);
}

// The state as `rutland-cli state --json` printed it when the fixture was written (at ebef951,
// with home.json installed), without the keys that name the entry and the file's fingerprint.
nlohmann::json ExpectedHomeState() {
    nlohmann::json expected = nlohmann::json::parse(Read(Source("tests/games/schema-v3-home-board.state.json")));
    expected.erase("entry");
    expected.erase("fingerprint");
    return expected;
}

using test::Sql;

std::string MetaValue(const std::string& path, const std::string& key) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?", -1, &q, nullptr);
    sqlite3_bind_text(q, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    std::string value;
    if (sqlite3_step(q) == SQLITE_ROW) value = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
    sqlite3_finalize(q);
    sqlite3_close(db);
    return value;
}

std::string Problems(const Store& store) {
    std::string out;
    for (const Finding& f : store.Report().problems) out += f.ToString() + "\n";
    for (const Finding& f : store.Report().rules_changes) out += f.ToString() + "\n";
    return out;
}

} // namespace

TEST_CASE("D-2: a game on a user board verifies and replays the same after its board file is deleted or edited "
          "(the game carries its board)") {
    TempDir dir;
    const std::string path = dir / "home.rutland";
    InstalledFor boards(HomeCatalog());
    WriteHomeGame(path);
    std::string error, fingerprint;
    {
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK_MESSAGE(store->Report().Clean(), Problems(*store));
        CHECK(store->Schema() == 4);
        // The file carries home as it was installed when the game started.
        REQUIRE(store->StartData());
        CHECK(*store->StartData() == FindBoard("home")->ToJson());
        fingerprint = store->Fingerprint();
    }

    // The board file deleted (no user board at all), then edited: Brada's arrows the other way
    // round, Altamont with a Bid for Yellow. A game that looked its board up by name would replay
    // Brada's Market Open the other way (Yellow $2.05, not $1.95) and refuse entry 1's recorded effects.
    for (const bool deleted : {true, false}) {
        CAPTURE(deleted);
        boards.Now(deleted ? nullptr : HomeCatalog([](nlohmann::json& json) {
            SpaceJson(json, "brada")["trend"] = "UUDD";
        }));
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK_MESSAGE(store->Report().Clean(), Problems(*store));
        CHECK(store->Size() == 10);
        CHECK(store->Fingerprint() == fingerprint);
        // Hand-checked in the fixture's log: Brada DDUU (Yellow, Blue $2.00 -> $1.95; Red, Green $1.00 ->
        // $1.05), Time 1 back, Altamont as corrected DDUU again; Ann bought 10,000 Blue at $1.95.
        CHECK(StateToJson(store->GetLedger().State()) == ExpectedHomeState());
    }

    // And it is still played on: a writable open appends onto the carried board, the catalog empty.
    boards.Now(nullptr);
    {
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(store, error);
        REQUIRE_MESSAGE(!store->ReadOnly(), store->ReadOnlyReason());
        const StoreReceipt r = store->SubmitLine("note played on with no board file", BoardTestStamp(40));
        CHECK_MESSAGE(r.status == SubmitStatus::Accepted, r.Why());
    }
    std::unique_ptr<Store> again = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK_MESSAGE(again->Report().Clean(), Problems(*again));
    CHECK(again->Size() == 11);
}

TEST_CASE("D-2: the board a game file carries is covered by the hash chain (the game carries its board, D-2)") {
    TempDir dir;
    InstalledFor boards(HomeCatalog());
    const std::string original = dir / "original.rutland";
    WriteHomeGame(original);

    SUBCASE("an edited board is named, and nothing is replayed from it") {
        const std::string path = dir / "edited.rutland";
        fs::copy_file(original, path);
        // Brada's arrows in the stored JSON, as a tamperer with the sqlite3 tool would change them.
        Sql(path, "UPDATE meta SET value = replace(value, '\"trend\": \"DDUU\"', '\"trend\": \"UUDD\"') "
                  "WHERE key = 'start_data'");
        // The edit did take (else this test proves nothing): Brada's arrows at least.
        REQUIRE(MetaValue(path, "start_data") != MetaValue(original, "start_data"));
        std::string error;
        CHECK(Store::Open(path, Store::Mode::ReadOnly, &error) == nullptr);
        CHECK_MESSAGE(error.find("entry 0: the board stored in the file (meta 'start_data') is not the one the game "
                                 "started from") != std::string::npos, error);
    }
    SUBCASE("a board removed is named") {
        const std::string path = dir / "removed.rutland";
        fs::copy_file(original, path);
        Sql(path, "DELETE FROM meta WHERE key = 'start_data'");
        std::string error;
        CHECK(Store::Open(path, Store::Mode::ReadOnly, &error) == nullptr);
        CHECK_MESSAGE(error.find("entry 0: the board the game started from is missing (meta 'start_data'") !=
                          std::string::npos, error);
    }
    SUBCASE("a board planted in a schema-3 file is named, and the file opens read-only on its header's board") {
        const std::string path = dir / "planted.rutland";
        fs::copy_file(Source("tests/games/schema-v3-home-board.rutland"), path);
        Sql(path, "INSERT INTO meta(key, value) SELECT 'start_data', value FROM meta WHERE key = 'format'");
        std::string error;
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK(store->ReadOnly());
        CHECK_MESSAGE(Problems(*store).find("meta holds the board to start from ('start_data'), which a schema-3 file "
                                            "never has") != std::string::npos, Problems(*store));
        CHECK(!store->StartData());
        CHECK(store->Size() == 10);
    }
}

TEST_CASE("store: a schema-3 game written before games carried their board verifies, replays and is played on "
          "as schema 3 (the game carries its board, D-2)") {
    TempDir dir;
    const std::string path = dir / "old.rutland";
    fs::copy_file(Source("tests/games/schema-v3-home-board.rutland"), path);
    const nlohmann::json written = nlohmann::json::parse(Read(Source("tests/games/schema-v3-home-board.state.json")));
    std::string error;
    {
        // It finds its board by name, as it always did: with no board called home it cannot start.
        InstalledFor none(nullptr);
        CHECK(Store::Open(path, Store::Mode::ReadOnly, &error) == nullptr);
        CHECK_MESSAGE(error.find("no board called 'home'") != std::string::npos, error);
    }
    InstalledFor boards(HomeCatalog());
    {
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK_MESSAGE(store->Report().Clean(), Problems(*store));
        CHECK(store->Schema() == 3);
        CHECK(!store->StartData());
        CHECK(store->Fingerprint() == written["fingerprint"].get<std::string>());
        CHECK(StateToJson(store->GetLedger().State()) == ExpectedHomeState());
    }
    {
        // A writable open neither migrates it nor gives it a board: it stays a file that an older
        // Rutland (schema 3) opens.
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(store, error);
        REQUIRE_MESSAGE(!store->ReadOnly(), store->ReadOnlyReason());
        CHECK(store->Report().notes.empty());
        const StoreReceipt r = store->SubmitLine("note played on as schema 3", BoardTestStamp(1));
        CHECK_MESSAGE(r.status == SubmitStatus::Accepted, r.Why());
    }
    std::unique_ptr<Store> again = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK_MESSAGE(again->Report().Clean(), Problems(*again));
    CHECK(again->Schema() == 3);
    CHECK(!again->StartData());
    CHECK(again->Size() == 11);
    CHECK(fs::directory_iterator(dir.path) != fs::directory_iterator());
    for (const auto& entry : fs::directory_iterator(dir.path))
        CHECK_MESSAGE(entry.path().filename().string().find("backup") == std::string::npos, entry.path());
}

TEST_CASE("store: the schema-2 fixture still migrates to schema 3, with no board of its own (the game carries its board, D-2)") {
    TempDir dir;
    const std::string path = dir / "v2.rutland";
    fs::copy_file(Source("tests/games/schema-v2-full-game.rutland"), path);
    std::string error;
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK_MESSAGE(store->Report().Clean(), Problems(*store));
    REQUIRE(!store->Report().notes.empty());
    CHECK(store->Report().notes[0].find("migrated from schema version 2 to 3") != std::string::npos);
    CHECK(store->Schema() == 3);
    CHECK(!store->StartData());
    CHECK(store->Size() == 207);
}

TEST_CASE("store: a new game on a built-in board carries it too (the game carries its board, D-2)") {
    TempDir dir;
    const std::string path = dir / "standard.rutland";
    std::string error;
    std::unique_ptr<Store> store =
        Store::Create(path, std::get<GameHeader>(ParseCommand("game players=Ann,Bob").command->action), BoardTestStamp(0), &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Schema() == 4);
    REQUIRE(store->StartData());
    CHECK(*store->StartData() == BuiltinBoard("standard")->ToJson());
}
