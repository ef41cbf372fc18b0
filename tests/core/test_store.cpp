// The durable ledger (store.h): files that are not games are refused untouched, an old
// schema is migrated, every edit of a past entry is found and named, a retry is never applied
// twice, and a newer rules version is reported entry by entry.
#include <doctest/doctest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include <fmt/format.h>
#include <sqlite3.h>

#include "../long_game.h"
#include "store/effects_data.h"
#include "store/effects_json.h"
#include "report/explain.h"
#include "report/report.h"
#include "base/sha256.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"
#include "support/store_files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using rutland::Store;

namespace {

std::string Bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::vector<std::string> DemoLines() {
    std::ifstream in(fs::path(RUTLAND_SOURCE_DIR) / "assets" / "demo" / "first-game.txt");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

rutland::Stamp TestStamp(int n) {
    return {fmt::format("2026-11-22T10:{:02}:{:02}Z", n / 60 % 60, n % 60), "Bob", "test:" + std::to_string(n)};
}

// Writes a game file from script lines (the first command line is the header) and closes it.
void WriteGame(const std::string& path, const std::vector<std::string>& lines) { rutland::test::PlayInto(path, lines, TestStamp); }

using rutland::test::Sql;

std::unique_ptr<Store> OpenRead(const std::string& path, std::string* error) {
    return Store::Open(path, Store::Mode::ReadOnly, error);
}

// Recomputes the hash chain from entry `from` on, as a forger who knows the scheme would.
void Rehash(const std::string& path, int from) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "SELECT seq, kind, line, time, who, command_id, rules_version, effects, hash, prev_hash FROM entry "
                       "ORDER BY seq", -1, &q, nullptr);
    auto text = [&](int col) {  // the bytes as stored (the effects are a blob that may hold zero bytes)
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(q, col));
        return bytes ? std::string(bytes, static_cast<size_t>(sqlite3_column_bytes(q, col))) : std::string();
    };
    std::vector<std::pair<std::string, std::string>> updates;  // prev, hash for each seq >= from
    std::string prev(64, '0');
    while (sqlite3_step(q) == SQLITE_ROW) {
        const int seq = sqlite3_column_int(q, 0);
        if (seq == 0) prev = text(9);  // 32 zero bytes, or the link to the board the file carries (invariant 19)
        std::string hash = text(8);
        if (seq >= from) {
            const rutland::Stamp stamp{text(3), text(4), text(5)};
            hash = rutland::ChainHash(prev, rutland::EntryContent(seq, text(1), text(2), stamp, sqlite3_column_int(q, 6), text(7)));
            updates.emplace_back(prev, hash);
        }
        prev = hash;
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    std::string sql = "BEGIN;";
    for (size_t i = 0; i < updates.size(); ++i)
        sql += "UPDATE entry SET prev_hash='" + updates[i].first + "', hash='" + updates[i].second +
               "' WHERE seq=" + std::to_string(from + static_cast<int>(i)) + ";";
    sql += "UPDATE meta SET value='" + prev + "' WHERE key='head_hash'; COMMIT;";
    Sql(path, sql);
}

// The effects of entry `seq` as stored (schema 3: their data, basic_store.h invariant 15).
std::string StoredEffects(const std::string& path, int seq, const char* table = "entry") {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, fmt::format("SELECT effects FROM {} WHERE seq = ?", table).c_str(), -1, &q, nullptr);
    sqlite3_bind_int(q, 1, seq);
    std::string out;
    if (sqlite3_step(q) == SQLITE_ROW) {
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(q, 0));
        out.assign(bytes ? bytes : "", static_cast<size_t>(sqlite3_column_bytes(q, 0)));
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return out;
}

// Writes `bytes` as entry `seq`'s stored effects, as a tamperer with the sqlite3 tool could.
void WriteEffects(const std::string& path, int seq, const std::string& bytes) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "UPDATE entry SET effects = ? WHERE seq = ?", -1, &q, nullptr);
    sqlite3_bind_blob(q, 1, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 2, seq);
    const int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_DONE);
}

// Decodes entry `seq`'s stored effects, lets `edit` change the data, and writes them back encoded.
template <class Edit>
void EditEffects(const std::string& path, int seq, Edit edit) {
    std::string why;
    std::optional<rutland::Effects> effects = rutland::DecodeEffects(StoredEffects(path, seq), &why);
    REQUIRE_MESSAGE(effects, why);
    edit(*effects);
    WriteEffects(path, seq, rutland::EncodeEffects(*effects));
}

// A copy of the version-2 fixture (tests/games/schema-v2-full-game.rutland, 207 entries).
std::string CopyV2Fixture(const TempDir& dir, const std::string& name = "v2.rutland") {
    const std::string path = dir / name;
    fs::copy_file(fs::path(RUTLAND_SOURCE_DIR) / "tests" / "games" / "schema-v2-full-game.rutland", path);
    return path;
}

int UserVersion(const std::string& path) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, nullptr);
    const int version = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int(q, 0) : -1;
    sqlite3_finalize(q);
    sqlite3_close(db);
    return version;
}

} // namespace

TEST_CASE("sha256: OpenSSL gives the FIPS 180-2 digest of 'abc'") {
    CHECK(rutland::ToHex(rutland::Sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    rutland::Digest d{};
    CHECK(rutland::FromHex(rutland::ToHex(rutland::Sha256("x")), &d));
    CHECK(d == rutland::Sha256("x"));
    CHECK_FALSE(rutland::FromHex("ABC", &d));
}

TEST_CASE("effects_json: every field round-trips (extend effects_json.cpp when effects.h gains a field)") {
    rutland::Effect e;
    e.kind = rutland::EffectKind::Certificates;
    e.rule = "B-1";
    e.quote = "Cy takes 20,000 Blue from the tray";
    e.from = rutland::Account::Player(2);
    e.to = rutland::Account::Margin(rutland::Company::Green);
    e.amount = rutland::Money::Cents(4400050);
    e.player = 2;
    e.company = rutland::Company::Blue;
    e.security = rutland::Security::Preferred;
    e.quantity = 20000;
    e.to_player = true;
    e.from_ticks = 44;
    e.to_ticks = 48;
    e.space = 7;
    e.option_id = 3;
    const nlohmann::json j = rutland::EffectToJson(e, {});
    std::optional<rutland::Effect> back = rutland::EffectFromJson(j);
    REQUIRE(back.has_value());
    CHECK(rutland::EffectToJson(*back, {}) == j);
    CHECK(j.size() == 15);
    // Every kind has its stored name, and reads back as itself.
    for (int k = 0; k <= static_cast<int>(rutland::EffectKind::Info); ++k) {
        e.kind = static_cast<rutland::EffectKind>(k);
        auto kind_back = rutland::EffectFromJson(rutland::EffectToJson(e, {}));
        REQUIRE(kind_back.has_value());
        CHECK(kind_back->kind == e.kind);
    }
    // A field added to Effect changes its size: the serializer (and so the hash chain) must cover
    // it. Update effects_json.cpp, then this number. `what`, `n` and `quote` are covered
    // through "text": the stored words are rendered from them (effect_text.h).
    CHECK_MESSAGE(sizeof(rutland::Effect) == 184, "effects.h changed: extend effects_json.cpp to every field");
    std::string error;
    CHECK_FALSE(rutland::EffectFromJson(nlohmann::json{{"kind", "cash"}}, &error));
    CHECK(error.find("rule") != std::string::npos);
}

// 8 hex digits (32 bits) of fingerprint can be matched by a birthday search in well
// under a second on one core. The test runs that search itself (so it holds whatever the rules
// version or the effects' form): one-entry histories "note the count was N" with the same stamps,
// hashed as the store hashes them (EntryContent, ChainHash) until two heads share their first 8
// hex digits. Written as real game files, the old 8-digit fingerprint could not tell those two
// apart; the 16 digits shown now do.
TEST_CASE("store: invariant 4: two histories that differ in one line differ within the fingerprint's 64 bits") {
    TempDir dir;
    const rutland::Stamp header_stamp{"2026-11-22T10:00:00Z", "Bob", "test:0"};
    const rutland::Stamp note_stamp{"2026-11-22T10:00:01Z", "Bob", "test:1"};
    auto write = [&](const std::string& line) {
        const std::string path = dir / (std::string(line).substr(19) + ".rutland");
        std::string error;
        const rutland::ParseResult header = rutland::ParseCommand("game players=Ann,Bob");
        auto writer = Store::Create(path, std::get<rutland::GameHeader>(header.command->action), header_stamp, &error);
        REQUIRE_MESSAGE(writer, error);
        REQUIRE(writer->SubmitLine(line, note_stamp).accepted);
        return path;
    };
    // The search, over what the store would hash for each line (its effects name the note's text).
    std::string first_path = write("note the count was 0");
    std::string error;
    auto first = OpenRead(first_path, &error);
    REQUIRE_MESSAGE(first, error);
    const std::string head0 = first->Record(0).hash;
    const rutland::EntryRecord& r = first->Record(1);
    // The note's effect holds its text as data (basic_store.h invariant 15): the search changes that text.
    std::optional<rutland::Effects> effects0 = rutland::DecodeEffects(r.effects);
    REQUIRE(effects0.has_value());
    REQUIRE(effects0->size() == 1);
    REQUIRE(effects0->front().quote == "the count was 0");
    std::unordered_map<std::string, int> seen;
    int a = -1, b = -1;
    for (int n = 0; n < 2000000 && a < 0; ++n) {
        rutland::Effects changed = *effects0;
        changed.front().quote = "the count was " + std::to_string(n);
        const std::string effects = rutland::EncodeEffects(changed);
        const std::string line = "note the count was " + std::to_string(n);
        const std::string hash = rutland::ChainHash(
            head0, rutland::EntryContent(1, r.kind, line, note_stamp, r.rules_version, effects));
        auto [it, fresh] = seen.emplace(hash.substr(0, 8), n);
        if (!fresh) a = it->second, b = n;
    }
    REQUIRE(a >= 0);
    MESSAGE("8-digit fingerprints of 'note the count was ", a, "' and '", b, "' meet after ", b + 1, " hashes");
    std::vector<std::string> hashes, fingerprints;
    for (int n : {a, b}) {
        auto store = OpenRead(write("note the count was " + std::to_string(n)), &error);
        REQUIRE_MESSAGE(store, error);
        REQUIRE(store->Report().Clean());
        hashes.push_back(store->Record(1).hash);
        fingerprints.push_back(store->Fingerprint());
        // The display: 16 hex digits of the head hash in 4 groups of 4, no more, no less.
        const std::string& h = store->Record(1).hash;
        CHECK(store->Fingerprint() == h.substr(0, 4) + " " + h.substr(4, 4) + " " + h.substr(8, 4) + " " + h.substr(12, 4));
        CHECK(store->Fingerprint().size() == 19);
    }
    // The premise: the real files' heads share 8 digits, as the search said.
    REQUIRE_MESSAGE(hashes[0].substr(0, 8) == hashes[1].substr(0, 8), hashes[0], " ", hashes[1]);
    CHECK(hashes[0] != hashes[1]);
    CHECK(fingerprints[0] != fingerprints[1]);
}

TEST_CASE("store: a game written, closed and opened again has the same entries, state and fingerprint") {
    TempDir dir;
    const std::string path = dir / "demo.rutland";
    std::string fingerprint, state;
    {
        WriteGame(path, DemoLines());
        std::string error;
        auto store = OpenRead(path, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK(store->Report().Clean());
        CHECK(store->Size() == 39);
        CHECK(store->Record(9).stamp.command_id == "test:9");
        CHECK(store->Record(9).stamp.who == "Bob");
        CHECK(store->Record(9).rules_version == rutland::kRulesVersion);
        // Invariant 4: the first 16 hex digits of the head hash, in groups of 4.
        const std::string& head = store->Record(38).hash;
        CHECK(store->Fingerprint() == head.substr(0, 4) + " " + head.substr(4, 4) + " " + head.substr(8, 4) + " " + head.substr(12, 4));
        CHECK(store->Record(9).prev_hash == store->Record(8).hash);
        fingerprint = store->Fingerprint();
        state = rutland::StateToJson(store->GetLedger().State()).dump();
        CHECK(store->ReadOnly());
        rutland::StoreReceipt r = store->SubmitLine("end", TestStamp(100));
        CHECK_FALSE(r.accepted);
        CHECK(r.status == rutland::SubmitStatus::Refused);
        CHECK(r.refusal.find("read-only") != std::string::npos);
    }
    std::string error;
    auto again = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(again);
    CHECK_FALSE(again->ReadOnly());
    CHECK(again->Fingerprint() == fingerprint);
    CHECK(rutland::StateToJson(again->GetLedger().State()).dump() == state);
    rutland::GameHeader header;
    header.players = {"Ann", "Bob"};
    CHECK(Store::Create(path, header, TestStamp(0), &error) == nullptr);
    CHECK(error.find("already exists") != std::string::npos);
}

TEST_CASE("store: a command id already in the file is not applied again (a retry after a crash)") {
    TempDir dir;
    const std::string path = dir / "retry.rutland";
    WriteGame(path, {"game players=Ann,Bob", "roll 3 4 2 @fulwell"});
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(store);
    rutland::StoreReceipt first = store->SubmitLine("buy B 10k", TestStamp(7));
    REQUIRE(first.accepted);
    CHECK(first.status == rutland::SubmitStatus::Accepted);
    rutland::StoreReceipt retry = store->SubmitLine("buy B 10k", TestStamp(7));
    CHECK(retry.accepted);
    CHECK(retry.status == rutland::SubmitStatus::Duplicate);
    CHECK(retry.seq == first.seq);
    CHECK(store->Size() == 3);
    CHECK(store->GetLedger().State().players[0].common[rutland::Company::Blue] == 10000);
    store.reset();
    store = Store::Open(path, Store::Mode::ReadWrite, &error);  // and after reopening (a new process)
    CHECK(store->SubmitLine("buy B 10k", TestStamp(7)).status == rutland::SubmitStatus::Duplicate);
    CHECK(store->Size() == 3);
    CHECK_FALSE(store->SubmitLine("buy B 10k", rutland::Stamp{"t", "Bob", ""}).accepted);  // an id is required
}

TEST_CASE("store: a stamp that is not text or whose time is not an ISO 8601 UTC time is refused, nothing written (invariant 14)") {
    TempDir dir;
    const std::string path = dir / "stamps.rutland";
    WriteGame(path, {"game players=Ann,Bob", "roll 3 4 2 @fulwell"});
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(store);
    const std::string before = store->Fingerprint();
    struct Bad {
        rutland::Stamp stamp;
        const char* why;
    };
    const Bad bad[] = {
        {{"2026-11-22T10:00:00Z", "\xff\xfe", "bad:1"}, "who is not valid UTF-8 text"},
        {{"2026-11-22T10:00:00Z", "Eve\n  99  2026-01-01T00:00:00Z  Ann  note fake", "bad:2"}, "who has a control character in it (U+000A)"},
        {{"2026-11-22T10:00:00Z", "Eve\u202e", "bad:3"}, "who has a control character in it (U+202E)"},  // right-to-left override
        {{"2026-11-22T10:00:00Z", "", "bad:4"}, "who is empty"},
        {{"2026-11-22T10:00:00Z", "Bob", "bad:\x1b[2J"}, "the command id has a control character in it (U+001B)"},
        {{"5", "Bob", "bad:6"}, "the time '5' is not an ISO 8601 UTC time"},
        {{"2026-11-22 10:00:00", "Bob", "bad:7"}, "is not an ISO 8601 UTC time"},
        {{"2026-02-29T10:00:00Z", "Bob", "bad:8"}, "is not an ISO 8601 UTC time"},  // 2026 is not a leap year
        {{"2026-11-22T24:00:00Z", "Bob", "bad:9"}, "is not an ISO 8601 UTC time"},
        {{"2026-11-22T10:00:00+01:00", "Bob", "bad:10"}, "is not an ISO 8601 UTC time"},
    };
    for (const Bad& b : bad) {
        CAPTURE(b.why);
        const rutland::StoreReceipt r = store->SubmitLine("buy B 10k", b.stamp);
        CHECK_FALSE(r.accepted);
        CHECK(r.status == rutland::SubmitStatus::Refused);
        CHECK(r.refusal.find(b.why) != std::string::npos);
        CHECK(r.refusal.find("nothing was written") != std::string::npos);
    }
    CHECK(store->Size() == 2);
    CHECK(store->Fingerprint() == before);
    // The store still takes a good stamp (a leap day in a leap year, a name in any script).
    CHECK(store->SubmitLine("buy B 10k", {"2028-02-29T23:59:59Z", "Éva", "good:1"}).accepted);
    store.reset();
    store = OpenRead(path, &error);
    REQUIRE(store);
    CHECK(store->Report().Clean());
    CHECK(store->Size() == 3);

    // Creating a game checks the header's stamp too, and leaves no file behind.
    const std::string other = dir / "other.rutland";
    const auto header = std::get<rutland::GameHeader>(rutland::ParseCommand("game players=Ann,Bob").command->action);
    CHECK(Store::Create(other, header, {"t0", "Bob", "h:1"}, &error) == nullptr);
    CHECK(error.find("the time 't0' is not an ISO 8601 UTC time") != std::string::npos);
    CHECK_FALSE(fs::exists(other));
}

TEST_CASE("store: a file an older Rutland wrote with stamps that are not text still opens and verifies clean") {
    TempDir dir;
    const std::string path = dir / "old.rutland";
    WriteGame(path, {"game players=Ann,Bob", "roll 3 4 2 @fulwell", "note hello"});
    // What an older version let through: a who with a newline and bytes that are not UTF-8, a
    // time that is a number. The chain is rehashed over the bytes as stored, as that version did.
    Sql(path, "UPDATE entry SET who = 'Eve' || char(10) || '   9  fake', time = '5' WHERE seq = 1;"
              "UPDATE entry SET who = CAST(X'FFFE' AS TEXT) WHERE seq = 2;");
    Rehash(path, 1);
    std::string error;
    auto store = OpenRead(path, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Report().Clean());
    CHECK(store->Record(1).stamp.who == "Eve\n   9  fake");
    CHECK(store->Record(2).stamp.who == "\xff\xfe");
}

TEST_CASE("store: a foreign SQLite file, a non-SQLite file and an empty file are refused and left unchanged") {
    TempDir dir;
    const std::string foreign = dir / "foreign.rutland";
    Sql(foreign, "CREATE TABLE t(x); INSERT INTO t VALUES(1);");
    const std::string text = dir / "notes.rutland";
    std::ofstream(text) << "game players=Ann,Bob\nroll 3 4 2\n";
    const std::string empty = dir / "empty.rutland";
    std::ofstream{empty};
    for (const auto& [file, said] : {std::pair{foreign, "an SQLite database but not a Rutland game"},
                                     std::pair{text, "not an SQLite database"}, std::pair{empty, "empty"}}) {
        const std::string path = file;  // clang 14 cannot capture a structured binding in doctest's lambdas
        CAPTURE(path);
        const std::string before = Bytes(path);
        for (Store::Mode mode : {Store::Mode::ReadOnly, Store::Mode::ReadWrite}) {
            std::string error;
            CHECK(Store::Open(path, mode, &error) == nullptr);
            CHECK_MESSAGE(error.find(said) != std::string::npos, error);
            CHECK(error.find("was not changed") != std::string::npos);
        }
        CHECK(Bytes(path) == before);
        CHECK_FALSE(fs::exists(path + "-wal"));
    }
    std::string error;
    CHECK(Store::Open(dir / "none.rutland", Store::Mode::ReadOnly, &error) == nullptr);
    CHECK(error.find("no such file") != std::string::npos);
}

TEST_CASE("store: a file from a newer Rutland (schema version) is refused and left unchanged") {
    TempDir dir;
    const std::string path = dir / "newer.rutland";
    WriteGame(path, DemoLines());
    Sql(path, "PRAGMA user_version=" + std::to_string(rutland::kSchemaVersion + 1));
    const std::string before = Bytes(path);
    std::string error;
    CHECK(Store::Open(path, Store::Mode::ReadWrite, &error) == nullptr);
    // Until games had names (basic_store.h invariant 22) this read "schema version 5; this one reads
    // up to 4": the message a Rutland of that time gives a schema-5 file of another game.
    CHECK_MESSAGE(error.find("written by a newer Rutland (schema version 6; this one reads up to 5)") != std::string::npos, error);
    CHECK(Bytes(path) == before);
}

TEST_CASE("store: Big Board Raiders' file names no game; a file of another game is refused naming it, unchanged") {
    TempDir dir;
    const std::string path = dir / "bbr.rutland";
    WriteGame(path, DemoLines());
    // Created as before games had names (invariant 22): schema 4, no meta 'game', no game word.
    CHECK(UserVersion(path) == 4);
    std::string error;
    {
        auto store = OpenRead(path, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK(store->Report().Clean());
        CHECK(store->GetLedger().At(0).line.rfind("game players=", 0) == 0);
    }
    CHECK(rutland::GameOfStoreFile(path, &error) == std::optional<std::string>("big-board-raiders"));
    // It has no meta 'game': read as schema 5, it says no game.
    Sql(path, "PRAGMA user_version=5");
    CHECK_FALSE(rutland::GameOfStoreFile(path, &error));
    CHECK_MESSAGE(error.find("does not say which game it is") != std::string::npos, error);
    // Made a schema-5 file of the toy game by hand: Big Board Raiders' store will not read it.
    Sql(path, "INSERT INTO meta(key, value) VALUES('game', 'toy')");
    CHECK(rutland::GameOfStoreFile(path, &error) == std::optional<std::string>("toy"));
    const std::string before = Bytes(path);
    CHECK(Store::Open(path, Store::Mode::ReadWrite, &error) == nullptr);
    CHECK(error == path + " holds a game of toy, not of big-board-raiders (the file was not changed)");
    CHECK(Bytes(path) == before);
}

TEST_CASE("store: a truncated file is refused and left unchanged") {
    TempDir dir;
    const std::string path = dir / "long.rutland";
    WriteGame(path, rutland::testing::LongGame(20));
    const std::string whole = Bytes(path);
    REQUIRE(whole.size() > 8192);
    for (size_t keep : {whole.size() / 2, size_t{4096}, size_t{60}}) {
        CAPTURE(keep);
        std::ofstream(path, std::ios::binary | std::ios::trunc) << whole.substr(0, keep);
        std::string error;
        CHECK(Store::Open(path, Store::Mode::ReadWrite, &error) == nullptr);
        CHECK_MESSAGE(error.find("truncated") != std::string::npos, error);
        CHECK(Bytes(path) == whole.substr(0, keep));
    }
}

TEST_CASE("store: an old schema is migrated in one transaction after a backup copy; read-only opens leave it old") {
    TempDir dir;
    const std::string path = CopyV2Fixture(dir, "old.rutland");
    // Schema version 1 had no snapshots and no head in meta (effects as words, like version 2).
    Sql(path, "DROP TABLE snapshot; DELETE FROM meta WHERE key LIKE 'head_%'; PRAGMA user_version=1;");
    const std::string before = Bytes(path);
    std::string error;
    {
        auto reading = Store::Open(path, Store::Mode::ReadOnly, &error);
        REQUIRE_MESSAGE(reading, error);
        CHECK(reading->Report().Clean());
    }
    CHECK(Bytes(path) == before);
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Report().Clean());
    REQUIRE(store->Report().notes.size() == 2);
    CHECK(store->Report().notes[0].find("migrated from schema version 1 to 3") != std::string::npos);
    CHECK(store->Report().notes[1].find("rebuilt 3 snapshots") != std::string::npos);  // 64, 128, 192 of 207 entries
    const std::string fingerprint = store->Fingerprint();
    CHECK(store->SubmitLine("note after the migration", TestStamp(999)).accepted);
    store.reset();
    // The copy is the old file, still version 1 and still clean.
    auto copy = OpenRead(path + ".v1.backup", &error);
    REQUIRE_MESSAGE(copy, error);
    CHECK(copy->Report().Clean());
    CHECK(copy->Fingerprint() == fingerprint);
    sqlite3* db = nullptr;
    sqlite3_open((path + ".v1.backup").c_str(), &db);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, nullptr);
    REQUIRE(sqlite3_step(q) == SQLITE_ROW);
    CHECK(sqlite3_column_int(q, 0) == 1);
    sqlite3_finalize(q);
    sqlite3_close(db);
    auto migrated = OpenRead(path, &error);
    REQUIRE(migrated);
    CHECK(migrated->Report().Clean());
    CHECK(migrated->Report().notes.empty());
}

TEST_CASE("store: editing any byte of any entry is found at open and names that entry (the tamper test)") {
    TempDir dir;
    const std::string pristine = dir / "demo.rutland";
    WriteGame(pristine, DemoLines());
    const std::string path = dir / "edited.rutland";
    const char* columns[] = {"seq", "kind", "line", "time", "who", "command_id", "rules_version", "effects", "prev_hash", "hash"};
    for (int seq = 0; seq < 39; ++seq) {
        for (int c = 0; c < 10; ++c) {
            CAPTURE(seq);
            CAPTURE(columns[c]);
            fs::remove(path);
            fs::copy_file(pristine, path);
            const std::string where = " WHERE seq=" + std::to_string(seq);
            if (c == 0 || c == 6) {
                Sql(path, fmt::format("UPDATE entry SET {0}={0}+1000{1}", columns[c], where));
            } else if (c == 7) {
                // The effects are data (a blob, basic_store.h invariant 15): one byte's low bit flipped.
                std::string bytes = StoredEffects(path, seq);
                REQUIRE_FALSE(bytes.empty());
                bytes[static_cast<size_t>(seq * 7 + c * 13) % bytes.size()] ^= 1;
                WriteEffects(path, seq, bytes);
            } else {
                // One byte, somewhere different in each entry: its low bit flipped.
                const std::string col = columns[c];
                // (A command id edited into another entry's id is refused by SQLite itself: UNIQUE.)
                const std::string at = col == "command_id" ? "1" : fmt::format("(({} * 7 + {}) % length({}) + 1)", seq, c * 13, col);
                const std::string u = fmt::format("unicode(substr({}, {}, 1))", col, at);
                Sql(path, fmt::format("UPDATE entry SET {0} = substr({0}, 1, {1} - 1) || char({2} + 1 - 2 * ({2} & 1)) || "
                                      "substr({0}, {1} + 1){3}", col, at, u, where));
            }
            std::string error;
            auto store = OpenRead(path, &error);
            if (seq == 0) {  // the header itself: nothing can be replayed, the open is refused
                CHECK(store == nullptr);
                CHECK_MESSAGE(error.find("entry 0:") != std::string::npos, error);
                continue;
            }
            REQUIRE_MESSAGE(store, error);
            CHECK(store->ReadOnly());
            REQUIRE_FALSE(store->Report().problems.empty());
            CHECK_MESSAGE(store->Report().problems.front().seq == seq, store->Report().problems.front().ToString());
            CHECK(store->Size() == seq);  // the entries before the edited one
        }
    }
}

TEST_CASE("store: deleting the last entry, or editing one and re-hashing the chain, is still found") {
    TempDir dir;
    const std::string path = dir / "demo.rutland";
    WriteGame(path, DemoLines());
    const std::string pristine = Bytes(path);
    Sql(path, "DELETE FROM entry WHERE seq=38");
    std::string error;
    auto store = OpenRead(path, &error);
    REQUIRE(store);
    REQUIRE_FALSE(store->Report().problems.empty());
    CHECK(store->Report().problems.front().ToString().find("entry 38: missing") == 0);

    // An entry added at the end, chained correctly, but not by Rutland (the head says 38).
    store.reset();  // never rewrite a file an open connection still reads
    std::ofstream(path, std::ios::binary | std::ios::trunc) << pristine;
    Sql(path, "INSERT INTO entry SELECT 39, kind, line, time, who, 'extra', rules_version, effects, prev_hash, hash "
              "FROM entry WHERE seq=38");
    Rehash(path, 39);
    store = OpenRead(path, &error);
    REQUIRE(store);
    REQUIRE_FALSE(store->Report().problems.empty());
    CHECK(store->Report().problems.front().ToString().find("entry 39: added outside Rutland") == 0);
    CHECK(store->Size() == 39);

    // A forger who edits Cy's $44,000 (entry 9) and recomputes every later hash: the chain holds,
    // the replay does not.
    store.reset();
    std::ofstream(path, std::ios::binary | std::ios::trunc) << pristine;
    EditEffects(path, 9, [](rutland::Effects& fx) {
        REQUIRE(fx[0].amount == rutland::Money::Dollars(44000));
        fx[0].amount = rutland::Money::Dollars(4400);
    });
    Rehash(path, 9);
    store = OpenRead(path, &error);
    REQUIRE(store);
    REQUIRE(store->Report().problems.size() == 1);
    CHECK(store->Report().problems[0].seq == 9);
    CHECK(store->Report().problems[0].message.find("replay gives [B-1] Cy pays the bank $44,000") != std::string::npos);
}

TEST_CASE("store: an entry whose effects a newer rules version changes is reported entry by entry, not rewritten") {
    TempDir dir;
    const std::string path = dir / "demo.rutland";
    WriteGame(path, DemoLines());
    // As if rules version 0 had recorded entries 9 and 10 with another price.
    Sql(path, "UPDATE entry SET rules_version = 0");
    // The price of each buy one tick higher: n3 of BuyPaid is the price in ticks (effects.h), $2.20
    // is 44 ticks of $0.05, $2.40 48 ticks.
    for (const auto& [seq, ticks] : {std::pair{9, 44}, std::pair{10, 48}}) {
        const int at = ticks;  // clang 14 cannot capture a structured binding in doctest's lambdas
        EditEffects(path, seq, [at](rutland::Effects& fx) {
            REQUIRE(fx[0].what == rutland::EffectWhat::BuyPaid);
            REQUIRE(fx[0].n[3] == at);
            fx[0].n[3] = at + 1;
        });
    }
    Rehash(path, 0);
    const std::string before = Bytes(path);
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(store);
    CHECK(store->Report().problems.empty());
    REQUIRE(store->Report().rules_changes.size() == 2);
    CHECK(store->Report().rules_changes[0].seq == 9);
    CHECK(store->Report().rules_changes[1].seq == 10);
    CHECK(store->Report().rules_changes[0].message.find("rules version 0 -> " + std::to_string(rutland::kRulesVersion)) !=
          std::string::npos);
    CHECK(store->ReadOnly());  // nothing is appended on top of a history the rules now disagree with
    CHECK(store->Size() == 39);
    store.reset();
    CHECK(Bytes(path) == before);
}

TEST_CASE("store: a game recorded by rules version 1 opens read-only and reports the year end that S-6's new order "
          "of calls changes (invariant 6, S-6)") {
    // tests/games/rules-v1-year-end-order.rutland was played from tests/games/year-end-order.txt by
    // rutland-cli of rules version 1 (rules/rules_version.h), when the year-ending player covered first.
    // Entry 15 is the `end` that settles the year: Ann, Bob and Cy are short Red and each cover
    // promotes Red, so the new order (Bob first, who rolls next) records other covers. Nothing
    // before it differs, and nothing after it (there is nothing after it).
    TempDir dir;
    const std::string path = dir / "old.rutland";
    fs::copy_file(fs::path(RUTLAND_SOURCE_DIR) / "tests" / "games" / "rules-v1-year-end-order.rutland", path);
    const std::string before = Bytes(path);
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Report().problems.empty());
    REQUIRE(store->Report().rules_changes.size() == 1);
    const rutland::Finding& change = store->Report().rules_changes[0];
    CHECK(change.seq == 15);
    CHECK(store->GetLedger().At(15).line == "end");
    CHECK(store->Record(15).rules_version == 1);
    CHECK(change.message.find("rules version 1 -> 2") != std::string::npos);
    // Who was paid differently (QA: the first differing effect was an information line, no money).
    // Nobody's cash moved before entry 15 (shorts pay into the margin account): each player's net in
    // it is the final cash less $100,000, from year-end-order.txt's hand-checked figures in both
    // orders: Ann $109,250 (v1) / $105,500 (v2), Bob $99,000 / $101,500, Cy $98,250 / $99,500.
    CHECK(change.message.find("the players' cash in this entry: Ann +$9,250 recorded, +$5,500 under these rules; "
                              "Bob -$1,000 recorded, +$1,500 under these rules; Cy -$1,750 recorded, -$500 under "
                              "these rules") != std::string::npos);
    CHECK(store->ReadOnly());  // history is not rewritten by the new rules
    CHECK(store->Size() == 16);
    // What the table was told at the time is still in the file: Ann covered first, 20,000 at $0.50.
    CHECK(store->Record(15).effects.find("Ann pays the bank $10,000 for covering 20,000 Red") != std::string::npos);
    // The replay under the new rules: Bob first, 10,000 x $0.50 = $5,000 (year-end-order.txt).
    CHECK(rutland::DescribeEffects(store->GetLedger().At(15).effects, store->GetLedger().State())
              .find("Bob pays the bank $5,000 for covering 10,000 Red at market") != std::string::npos);
    store.reset();
    CHECK(Bytes(path) == before);
}

TEST_CASE("store: snapshots are a cache: missing ones are rebuilt, a wrong one is a problem (invariant 7)") {
    TempDir dir;
    const std::string path = dir / "long.rutland";
    WriteGame(path, rutland::testing::LongGame(12));  // 159 entries: snapshots at 64 and 128
    std::string error;
    {
        auto store = OpenRead(path, &error);
        REQUIRE(store);
        CHECK(store->Report().Clean());
        CHECK(store->Report().notes.empty());
    }
    Sql(path, "DELETE FROM snapshot WHERE seq=64");
    {
        auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE(store);
        CHECK(store->Report().Clean());
        REQUIRE(store->Report().notes.size() == 1);
        CHECK(store->Report().notes[0].find("rebuilt 1 snapshot") != std::string::npos);
    }
    Sql(path, "UPDATE snapshot SET state = replace(state, '\"year\":1', '\"year\":2') WHERE seq=128");
    auto store = OpenRead(path, &error);
    REQUIRE(store);
    REQUIRE(store->Report().problems.size() == 1);
    CHECK(store->Report().problems[0].seq == 128);
    CHECK(store->Report().problems[0].message.find("state.year") != std::string::npos);
}

TEST_CASE("explain: the arithmetic behind cash, certificates and price moves") {
    TempDir dir;
    const std::string path = dir / "demo.rutland";
    WriteGame(path, DemoLines());
    std::string error;
    auto store = OpenRead(path, &error);
    REQUIRE(store);
    const rutland::Ledger& ledger = store->GetLedger();
    const auto lines = rutland::EffectArithmetic(ledger.At(10).effects, ledger.StateAt(9));  // Cy's second buy B 20k
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "Cy's cash: $56,000 - $48,000 = $8,000");
    CHECK(lines[1] == "Cy's Blue: 20,000 + 20,000 = 40,000");
    CHECK(lines[2] == "up 4 ticks x $0.05 = $0.20: $2.40 + $0.20 = $2.60");
    CHECK(rutland::ShortEffect(ledger.At(10).effects[0], ledger.State()) == "Cy->bank $48,000 (B-1)");
}

// A copy of the game file tests/games/NAME opened for writing, checked clean and writable (the
// committed fixture itself is never opened: opening may add a -wal and -shm beside it).
std::unique_ptr<Store> OpenCleanFixture(const TempDir& dir, const std::string& name) {
    const std::string path = dir / name;
    fs::copy_file(fs::path(RUTLAND_SOURCE_DIR) / "tests" / "games" / name, path);
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    std::string problems;
    for (const auto& p : store->Report().problems) problems += p.ToString() + "\n";
    CHECK_MESSAGE(store->Report().Clean(), problems);
    CHECK_FALSE(store->ReadOnly());
    return store;
}

// Schema version 3 (effects stored as data, basic_store.h invariant 15) migrates version-2 files. This one was
// written by rutland-cli at commit dab29ab (schema 2, rules version 2), before that change:
// tests/games/full-game.txt followed by
//   note schema 2 fixture: a summed undo and redo, then a listed one
//   undo 12 / redo 12 / undo 2 / redo 1
// so it holds every kind of entry, the short form of an undo and a redo of more than 10 commands
// (ledger.h invariant 7), a win, year ends, forced sales and board corrections.
namespace {

// Words to use instead of the standard ones while it lives (effect_text.h SetTestWording).
struct AllReworded {
    std::vector<rutland::EffectWhat> whats;
    explicit AllReworded(std::vector<rutland::EffectWhat> list) : whats(std::move(list)) {
        for (rutland::EffectWhat w : whats) rutland::SetTestWording(w, "reworded: the table's words changed");
    }
    ~AllReworded() {
        for (rutland::EffectWhat w : whats) rutland::SetTestWording(w, "");
    }
};

std::vector<std::string> Fingerprints(const Store& store) {
    std::vector<std::string> out;
    for (int seq = 0; seq < store.Size(); ++seq) out.push_back(store.FingerprintAt(seq));
    return out;
}

std::string Findings(const rutland::VerifyReport& report) {
    std::string out;
    for (const auto& f : report.problems) out += "problem " + f.ToString() + "\n";
    for (const auto& f : report.rules_changes) out += "rules change " + f.ToString() + "\n";
    return out;
}

// The state a fresh ledger reaches from the same lines (not the store's own replay).
std::string FreshReplayState(const rutland::Ledger& ledger) {
    rutland::Rejection why;
    auto fresh = rutland::Ledger::Start(
        std::get<rutland::GameHeader>(rutland::ParseCommand(ledger.At(0).line, rutland::ParseMode::Stored).command->action), &why);
    REQUIRE(fresh);
    for (int seq = 1; seq < ledger.Size(); ++seq) {
        rutland::ParseResult parsed = rutland::ParseCommand(ledger.At(seq).line, rutland::ParseMode::Stored);
        REQUIRE(parsed.command);
        REQUIRE_MESSAGE(fresh->Submit(*parsed.command).accepted, ledger.At(seq).line);
    }
    return rutland::StateToJson(fresh->State()).dump();
}

// The version-2 chain recomputed by the test from entry_v2's stored bytes (EntryContent of schema
// 2: the words as stored); the hashes in order.
std::vector<std::string> V2Chain(const std::string& path, const char* table) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, fmt::format("SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, "
                                       "hash FROM {} ORDER BY seq", table).c_str(), -1, &q, nullptr);
    auto text = [&](int col) {
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(q, col)),
                           static_cast<size_t>(sqlite3_column_bytes(q, col)));
    };
    std::vector<std::string> chain;
    std::string prev(64, '0');
    while (sqlite3_step(q) == SQLITE_ROW) {
        const rutland::Stamp stamp{text(3), text(4), text(5)};
        const std::string hash = rutland::ChainHash(
            prev, rutland::EntryContent(sqlite3_column_int(q, 0), text(1), text(2), stamp, sqlite3_column_int(q, 6), text(7), 2));
        CHECK(text(8) == prev);
        CHECK(text(9) == hash);
        chain.push_back(hash);
        prev = hash;
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return chain;
}

} // namespace

TEST_CASE("store: invariant 16: the version-2 fixture is read as it is by a read-only open and migrated by a writable one: "
          "state, fingerprints and the old chain are kept") {
    TempDir dir;
    const std::string path = CopyV2Fixture(dir);
    const std::string before = Bytes(path);
    std::string error;
    std::vector<std::string> fingerprints;
    std::string state;
    {
        // Read-only: verified and read as version 2 (typed effects from the replay), not migrated.
        auto reading = OpenRead(path, &error);
        REQUIRE_MESSAGE(reading, error);
        CHECK_MESSAGE(reading->Report().Clean(), Findings(reading->Report()));
        REQUIRE(reading->Size() == 207);
        CHECK(reading->GetLedger().At(203).line == "undo 12");
        CHECK(reading->GetLedger().At(204).line == "redo 12");
        CHECK(reading->GetLedger().At(206).line == "redo");
        for (const rutland::Effect& e : reading->GetLedger().At(9).effects) CHECK(e.what != rutland::EffectWhat::StoredText);
        fingerprints = Fingerprints(*reading);
        CHECK(reading->Fingerprint() == rutland::FormatFingerprint(reading->Record(206).hash));
        state = rutland::StateToJson(reading->GetLedger().State()).dump();
        CHECK(state == FreshReplayState(reading->GetLedger()));
    }
    CHECK(Bytes(path) == before);
    CHECK(UserVersion(path) == 2);
    const std::vector<std::string> v2_chain = V2Chain(path, "entry");
    REQUIRE(v2_chain.size() == 207);

    {
        auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(store, error);
        CHECK_MESSAGE(store->Report().Clean(), Findings(store->Report()));
        CHECK_FALSE(store->ReadOnly());
        REQUIRE(store->Report().notes.size() >= 1);
        CHECK(store->Report().notes[0].find("migrated from schema version 2 to 3") != std::string::npos);
        CHECK(fs::exists(path + ".v2.backup"));
        CHECK(store->Size() == 207);
        // Every fingerprint the table could have noted before is the same after: of the hash as
        // written under schema 2 (shown by explain), while the new chain has its own.
        CHECK(Fingerprints(*store) == fingerprints);
        CHECK(store->Record(100).WrittenHash() == v2_chain[100]);
        CHECK(store->Record(100).hash != v2_chain[100]);
        CHECK(rutland::StateToJson(store->GetLedger().State()).dump() == state);
        // The effects are stored as data now, and read back typed.
        std::string why;
        const auto effects = rutland::DecodeEffects(store->Record(9).effects, &why);
        REQUIRE_MESSAGE(effects, why);
        REQUIRE_FALSE(effects->empty());
        CHECK(effects->front().what != rutland::EffectWhat::StoredText);
        CHECK(rutland::EncodeEffects(store->GetLedger().At(9).effects) == store->Record(9).effects);
        // It goes on: the next entry chains onto the new chain.
        REQUIRE(store->SubmitLine("note after the migration", TestStamp(900)).accepted);
    }
    CHECK(UserVersion(path) == 3);
    // The old chain as written: the test recomputes it from entry_v2's bytes.
    CHECK(V2Chain(path, "entry_v2") == v2_chain);
    // The backup is the old file, still version 2 and clean.
    {
        auto copy = OpenRead(path + ".v2.backup", &error);
        REQUIRE_MESSAGE(copy, error);
        CHECK(copy->Report().Clean());
        CHECK(Fingerprints(*copy) == fingerprints);
    }
    {
        auto again = OpenRead(path, &error);
        REQUIRE_MESSAGE(again, error);
        CHECK_MESSAGE(again->Report().Clean(), Findings(again->Report()));
        CHECK(again->Report().notes.empty());
        REQUIRE(again->Size() == 208);
        std::vector<std::string> kept = Fingerprints(*again);
        kept.pop_back();
        CHECK(kept == fingerprints);
        CHECK(rutland::StateToJson(again->GetLedger().State()).dump() == FreshReplayState(again->GetLedger()));
    }
    const std::string migrated = dir / "migrated.rutland";
    fs::copy_file(path, migrated);

    // Invariant 17: a version-2 row edited after the migration is found, naming its entry; the
    // entries before it are read.
    Sql(path, "UPDATE entry_v2 SET who = 'Mallory' WHERE seq = 100");
    {
        auto store = OpenRead(path, &error);
        REQUIRE_MESSAGE(store, error);
        REQUIRE_FALSE(store->Report().problems.empty());
        CHECK(store->Report().problems.front().seq == 100);
        CHECK(store->Report().problems.front().message.find("entry_v2") != std::string::npos);
        CHECK(store->Size() == 100);
        CHECK(store->ReadOnly());
    }
    // Its stored words too (one character of entry 150's effects text), though no one renders them.
    fs::remove(path);
    fs::copy_file(migrated, path);
    Sql(path, "UPDATE entry_v2 SET effects = replace(effects, '$', '#') WHERE seq = 150");
    {
        auto store = OpenRead(path, &error);
        REQUIRE_MESSAGE(store, error);
        REQUIRE_FALSE(store->Report().problems.empty());
        CHECK(store->Report().problems.front().seq == 150);
        CHECK(store->Size() == 150);
    }
    // The last version-2 row deleted: the new chain's first entry no longer chains from the
    // version-2 head (MigrationLink).
    fs::remove(path);
    fs::copy_file(migrated, path);
    Sql(path, "DELETE FROM entry_v2 WHERE seq = 206");
    {
        auto store = OpenRead(path, &error);
        // entry 0 no longer chains from the version-2 head: nothing can be trusted.
        CHECK(store == nullptr);
        CHECK_MESSAGE(error.find("link to the version-2 entries") != std::string::npos, error);
    }
}

TEST_CASE("store: invariant 16: a version-2 game whose stored words this Rutland's rendering does not give is not "
          "migrated: read-only with the reason, nothing written") {
    TempDir dir;
    const std::string path = CopyV2Fixture(dir);
    const std::string before = Bytes(path);
    std::string error;
    int first_buy = -1;
    {
        auto reading = OpenRead(path, &error);
        REQUIRE(reading);
        for (int seq = 0; seq < reading->Size() && first_buy < 0; ++seq)
            for (const rutland::Effect& e : reading->GetLedger().At(seq).effects)
                if (e.what == rutland::EffectWhat::BuyPaid) first_buy = seq;
    }
    REQUIRE(first_buy > 0);
    AllReworded reworded({rutland::EffectWhat::BuyPaid});
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->ReadOnly());
    CHECK_MESSAGE(store->ReadOnlyReason().find("not moved to schema version 3") != std::string::npos, store->ReadOnlyReason());
    REQUIRE_FALSE(store->Report().problems.empty());
    CHECK(store->Report().problems.front().seq == first_buy);
    CHECK(store->Report().problems.front().message.find("reworded: the table's words changed") != std::string::npos);
    CHECK(store->Size() == first_buy);
    CHECK(store->SubmitLine("note refused", TestStamp(900)).status == rutland::SubmitStatus::Refused);
    store.reset();
    CHECK(Bytes(path) == before);
    CHECK(UserVersion(path) == 2);
    CHECK_FALSE(fs::exists(path + ".v2.backup"));
}

TEST_CASE("store: invariant 15: no effect sentence is stored or hashed: a rewording changes no fingerprint and no verify "
          "result, of a game written at schema 3 or of a migrated version-2 game") {
    TempDir dir;
    const std::string game = dir / "demo.rutland";
    WriteGame(game, DemoLines());
    const std::string v2 = CopyV2Fixture(dir);
    std::string error;
    std::vector<std::string> game_fp, v2_fp;
    std::string game_rendered;
    {
        auto a = Store::Open(game, Store::Mode::ReadWrite, &error);
        REQUIRE(a);
        REQUIRE(a->Report().Clean());
        game_fp = Fingerprints(*a);
        game_rendered = rutland::DescribeEffects(a->GetLedger().At(9).effects, a->GetLedger().State());
        auto b = Store::Open(v2, Store::Mode::ReadWrite, &error);  // migrated here, under today's words
        REQUIRE(b);
        REQUIRE(b->Report().Clean());
        REQUIRE_FALSE(b->ReadOnly());
        v2_fp = Fingerprints(*b);
    }
    AllReworded reworded({rutland::EffectWhat::BuyPaid, rutland::EffectWhat::SharesTaken, rutland::EffectWhat::PriceMove,
                       rutland::EffectWhat::PawnRolled, rutland::EffectWhat::TurnEnds});
    {
        auto a = Store::Open(game, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(a, error);
        // The premise: the words did change.
        const std::string rendered = rutland::DescribeEffects(a->GetLedger().At(9).effects, a->GetLedger().State());
        CHECK(rendered != game_rendered);
        CHECK(rendered.find("reworded: the table's words changed") != std::string::npos);
        CHECK_MESSAGE(a->Report().Clean(), Findings(a->Report()));
        CHECK(a->Report().notes.empty());
        CHECK_FALSE(a->ReadOnly());
        CHECK(Fingerprints(*a) == game_fp);
        auto b = Store::Open(v2, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(b, error);
        CHECK_MESSAGE(b->Report().Clean(), Findings(b->Report()));
        CHECK(b->Report().notes.empty());
        CHECK_FALSE(b->ReadOnly());
        CHECK(Fingerprints(*b) == v2_fp);
    }
    // The same game written under the other words has the same hash chain, entry by entry.
    const std::string again = dir / "again.rutland";
    WriteGame(again, DemoLines());
    auto c = OpenRead(again, &error);
    REQUIRE(c);
    CHECK(c->Report().Clean());
    CHECK(Fingerprints(*c) == game_fp);
}

TEST_CASE("store: invariant 15: an entry whose effects are of a kind this Rutland does not know is refused, naming it") {
    TempDir dir;
    const std::string path = dir / "demo.rutland";
    WriteGame(path, DemoLines());
    // What a newer Rutland with one more kind of effect could have written (chained as it would).
    std::string bytes = StoredEffects(path, 12);
    REQUIRE(bytes.size() > 3);
    REQUIRE(static_cast<unsigned char>(bytes[2]) < 0x80);  // entry 12's first effect: its kind in one byte
    bytes[2] = static_cast<char>(static_cast<int>(rutland::EffectWhat::kCount));
    WriteEffects(path, 12, bytes);
    Rehash(path, 12);
    std::string error;
    auto store = OpenRead(path, &error);
    REQUIRE_MESSAGE(store, error);
    REQUIRE_FALSE(store->Report().problems.empty());
    CHECK(store->Report().problems.front().seq == 12);
    CHECK_MESSAGE(store->Report().problems.front().message.find("of a kind this Rutland does not know") != std::string::npos,
                  store->Report().problems.front().message);
    CHECK(store->Size() == 12);
}

// A note typed now holds at most 1,000 characters (COMMANDS.md), but a file written
// before that limit (tests/games/long-note.rutland: two notes of 32,000 characters, entries 6 and 7)
// reads its own lines as stored: it verifies clean and takes new commands.
TEST_CASE("store: invariant 5: a game from before the note limit opens clean and writable, its long notes whole") {
    TempDir dir;
    auto store = OpenCleanFixture(dir, "long-note.rutland");
    REQUIRE(store->Size() == 8);
    CHECK(store->GetLedger().At(7).line == "note " + std::string(32000, 'x'));
    CHECK(store->GetLedger().At(6).line.size() == 5 + 32000);
    // New lines meet today's limits; the file takes them.
    rutland::StoreReceipt r = store->SubmitLine("note " + std::string(1001, 'y'), TestStamp(8));
    CHECK_FALSE(r.accepted);
    CHECK(r.rejection.message.find("at most 1,000 characters") != std::string::npos);
    r = store->SubmitLine("note the long ones are from before", TestStamp(9));
    CHECK(r.accepted);
}

namespace {

// A full disk, as the kernel gives it: while one of these lives, every write to a regular file
// fails (RLIMIT_FSIZE 0: EFBIG, SIGXFSZ ignored). It works as root, unlike a read-only file.
struct DiskFull {
    rlimit before{};
    void (*handler)(int) = nullptr;
    DiskFull() {
        handler = signal(SIGXFSZ, SIG_IGN);
        REQUIRE(getrlimit(RLIMIT_FSIZE, &before) == 0);
        rlimit none = before;
        none.rlim_cur = 0;
        REQUIRE(setrlimit(RLIMIT_FSIZE, &none) == 0);
    }
    ~DiskFull() {
        setrlimit(RLIMIT_FSIZE, &before);
        signal(SIGXFSZ, handler);
    }
};

// Everything a Store shows of itself.
std::string Seen(const Store& store) {
    const rutland::Ledger& l = store.GetLedger();
    std::string out = rutland::StateToJson(l.State()).dump();
    out += fmt::format("|size {} ledger {} records {}|fp {}|redo {}|", store.Size(), l.Size(), store.Size(),
                       store.Fingerprint(), l.RedoableCount());
    for (int seq : l.InEffect()) out += std::to_string(seq) + ",";
    return out;
}

} // namespace

TEST_CASE("store: a write that fails (a full disk) leaves memory exactly as before; the next one works (invariant 11)") {
    TempDir dir;
    const std::string path = dir / "full.rutland";
    WriteGame(path, DemoLines());
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    int n = 500;
    // A command, an undo, a redo, and a command after an undo (which would end what can be redone).
    for (const char* line : {"note the disk is full", "undo 2", "redo 1", "roll 1 2 1 @ioco"}) {
        CAPTURE(line);
        const std::string before = Seen(*store);
        const int size = store->Size();
        rutland::StoreReceipt failed;
        {
            DiskFull full;
            failed = store->SubmitLine(line, TestStamp(++n));
        }
        CHECK_FALSE(failed.accepted);
        CHECK(failed.status == rutland::SubmitStatus::Refused);
        CHECK_MESSAGE(failed.refusal.find("not saved") != std::string::npos, failed.refusal);
        CHECK(Seen(*store) == before);  // the dashboard shows nothing that is not in the file
        CHECK(store->FingerprintAt(size).empty());
        CHECK_THROWS_AS(store->Record(size), std::out_of_range);
        CHECK_FALSE(store->FindCommandId(TestStamp(n).command_id));
        // The disk has room again: the same line is taken, as the next entry.
        rutland::StoreReceipt ok = store->SubmitLine(line, TestStamp(++n));
        REQUIRE_MESSAGE(ok.accepted, ok.Why());
        CHECK(ok.seq == size);
    }
    const std::string last = Seen(*store);
    store.reset();
    auto again = OpenRead(path, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->Report().Clean());
    CHECK(again->Size() == 39 + 4);
    CHECK(Seen(*again) == last);
}

TEST_CASE("store: a submit says what became of it: accepted, a retry, rejected by a rule, blank, refused by the file") {
    using rutland::SubmitStatus;
    TempDir dir;
    const std::string path = dir / "status.rutland";
    WriteGame(path, {"game players=Ann,Bob", "roll 3 4 2 @colfax"});
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);

    const rutland::StoreReceipt ok = store->SubmitLine("buy Y 10k", TestStamp(801));
    CHECK(ok.status == SubmitStatus::Accepted);
    CHECK(ok.seq == 2);
    const rutland::StoreReceipt retry = store->SubmitLine("buy Y 10k", TestStamp(801));
    CHECK(retry.status == SubmitStatus::Duplicate);
    CHECK(retry.seq == 2);  // the entry that holds it; nothing new
    // Colfax has no Ask for Green (B-1): the rule refuses, not the file.
    const rutland::StoreReceipt rule = store->SubmitLine("buy G 10k", TestStamp(802));
    CHECK(rule.status == SubmitStatus::Rejected);
    CHECK(rule.rejection.rule == "B-1");
    CHECK(rule.refusal.empty());
    const rutland::StoreReceipt typo = store->SubmitLine("buy", TestStamp(803));  // the table language refuses it
    CHECK(typo.status == SubmitStatus::Rejected);
    CHECK_FALSE(typo.rejection.rule.empty());
    for (const char* blank : {"", "   ", "# only a comment"}) {
        CAPTURE(blank);
        const rutland::StoreReceipt r = store->SubmitLine(blank, TestStamp(804));
        CHECK(r.status == SubmitStatus::Blank);
        CHECK(r.seq == -1);
    }
    CHECK(store->SubmitLine("note x", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", ""}).status == SubmitStatus::Refused);
    {
        DiskFull full;
        const rutland::StoreReceipt r = store->SubmitLine("note the disk is full", TestStamp(805));
        CHECK(r.status == SubmitStatus::Refused);
        CHECK_FALSE(r.refusal.empty());
        CHECK(r.rejection.rule.empty());  // no rule refused it: no rejection
    }
    CHECK(store->Size() == 3);
    store.reset();
    auto reader = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(reader, error);
    const rutland::StoreReceipt ro = reader->SubmitLine("note read-only", TestStamp(806));
    CHECK(ro.status == SubmitStatus::Refused);
    CHECK_MESSAGE(ro.refusal.find("read-only") != std::string::npos, ro.refusal);
    CHECK(reader->Size() == 3);
}

TEST_CASE("store: a writer whose memory is stale catches up on what another wrote, and never applies a command twice (invariant 10)") {
    TempDir dir;
    const std::string path = dir / "two.rutland";
    WriteGame(path, {"game players=Ann,Bob", "roll 3 4 2 @fulwell"});
    std::string error;
    auto a = Store::Open(path, Store::Mode::ReadWrite, &error);
    auto b = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(a);
    REQUIRE(b);
    // Ann buys through A; B has not seen it. B's buy must apply after it (the Ask is used up at 10k
    // each: Blue's price moves), chained onto A's entry.
    REQUIRE(a->SubmitLine("buy B 10k", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "a:1"}).accepted);
    rutland::StoreReceipt rb = b->SubmitLine("buy B 10k", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "b:1"});
    REQUIRE_MESSAGE(rb.accepted, rb.Why());
    CHECK(rb.seq == 3);
    CHECK(b->Size() == 4);
    CHECK(b->Record(3).prev_hash == b->Record(2).hash);
    CHECK(b->GetLedger().State().players[0].common[rutland::Company::Blue] == 20000);
    // A retry through A of the id B wrote, and B's own again: neither is applied a second time.
    rutland::StoreReceipt retry = a->SubmitLine("buy B 10k", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "b:1"});
    CHECK(retry.accepted);
    CHECK(retry.status == rutland::SubmitStatus::Duplicate);
    CHECK(retry.seq == 3);
    CHECK(a->Size() == 4);  // it caught up to see it
    CHECK(b->SubmitLine("buy B 10k", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "a:1"}).status == rutland::SubmitStatus::Duplicate);
    // Both go on, each onto the other's last entry.
    REQUIRE(a->SubmitLine("note from a", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "a:2"}).accepted);
    REQUIRE(b->SubmitLine("note from b", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "b:2"}).accepted);
    REQUIRE(a->SubmitLine("end", rutland::Stamp{"2026-11-22T10:00:00Z", "Bob", "a:3"}).accepted);
    CHECK(a->Fingerprint() != b->Fingerprint());  // b has not seen a:3 yet
    CHECK(a->Size() == 7);
    a.reset();
    b.reset();
    auto check = OpenRead(path, &error);
    REQUIRE(check);
    CHECK(check->Report().Clean());
    CHECK(check->Size() == 7);
    CHECK(check->GetLedger().State().players[0].common[rutland::Company::Blue] == 20000);
    for (const char* id : {"a:1", "b:1", "a:2", "b:2", "a:3"}) CHECK(check->FindCommandId(id).has_value());
}

TEST_CASE("store: a writer refuses, and adds nothing, when another program rewrote what it read (invariant 10)") {
    TempDir dir;
    const std::string path = dir / "rewritten.rutland";
    WriteGame(path, DemoLines());
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(store);
    // Entry 38 deleted and the head moved back, as a tamperer would.
    Sql(path, "DELETE FROM entry WHERE seq=38; UPDATE meta SET value='37' WHERE key='head_seq'");
    rutland::StoreReceipt r = store->SubmitLine("note after the edit", TestStamp(200));
    CHECK_FALSE(r.accepted);
    CHECK(r.status == rutland::SubmitStatus::Refused);
    CHECK_MESSAGE(r.refusal.find("changed by another program") != std::string::npos, r.refusal);
    CHECK(store->ReadOnly());
    CHECK(store->Size() == 39);
}

TEST_CASE("store: a trigger, view, table, index or column Rutland never creates is named and refused (invariant 12)") {
    TempDir dir;
    const std::string pristine = dir / "pristine.rutland";
    WriteGame(pristine, DemoLines());
    const std::string path = dir / "planted.rutland";
    const std::vector<std::pair<std::string, std::string>> plants = {
        {"CREATE TRIGGER veto BEFORE INSERT ON entry BEGIN SELECT RAISE(ABORT, 'no'); END",
         "the file has a trigger 'veto' that Rutland never creates: refused"},
        {"CREATE TRIGGER rewrite AFTER INSERT ON entry BEGIN UPDATE entry SET who = 'Cy' WHERE seq = new.seq; END",
         "the file has a trigger 'rewrite' that Rutland never creates"},
        {"CREATE VIEW cash AS SELECT * FROM entry", "the file has a view 'cash' that Rutland never creates"},
        {"CREATE TABLE extra(x)", "the file has a table 'extra' that Rutland never creates"},
        {"CREATE INDEX by_who ON entry(who)", "the file has an index 'by_who' that Rutland never creates"},
        {"ALTER TABLE entry ADD COLUMN extra TEXT", "the table 'entry' is not as Rutland creates it"},
        {"DROP TABLE snapshot", "the table 'snapshot' that Rutland creates is missing"},
    };
    for (const auto& plant : plants) {
        const std::string& sql = plant.first;  // no structured binding: clang 14 cannot capture one (CAPTURE)
        const std::string& said = plant.second;
        CAPTURE(sql);
        fs::remove(path);
        fs::copy_file(pristine, path);
        Sql(path, sql);
        const std::string before = Bytes(path);
        std::string error;
        auto reading = OpenRead(path, &error);
        REQUIRE_MESSAGE(reading, error);
        REQUIRE_FALSE(reading->Report().Clean());
        CHECK_MESSAGE(reading->Report().problems.front().message.find(said) == 0, reading->Report().problems.front().message);
        reading.reset();
        auto writing = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE(writing);
        CHECK(writing->ReadOnly());
        CHECK_FALSE(writing->SubmitLine("note hello", TestStamp(300)).accepted);
        writing.reset();
        CHECK(Bytes(path) == before);
    }
    // ANALYZE's statistics are SQLite's own and change no result: still clean.
    fs::remove(path);
    fs::copy_file(pristine, path);
    Sql(path, "ANALYZE");
    std::string error;
    auto analyzed = OpenRead(path, &error);
    REQUIRE(analyzed);
    CHECK(analyzed->Report().Clean());
}

TEST_CASE("store: a trigger planted while the game is open is found before the next write (invariant 12)") {
    TempDir dir;
    const std::string path = dir / "open.rutland";
    WriteGame(path, DemoLines());
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(store);
    REQUIRE(store->SubmitLine("note before", TestStamp(400)).accepted);
    Sql(path, "CREATE TRIGGER rewrite AFTER INSERT ON entry BEGIN UPDATE entry SET who = 'Cy' WHERE seq = new.seq; END");
    rutland::StoreReceipt r = store->SubmitLine("note after", TestStamp(401));
    CHECK_FALSE(r.accepted);
    CHECK(r.status == rutland::SubmitStatus::Refused);
    CHECK_MESSAGE(r.refusal.find("trigger 'rewrite'") != std::string::npos, r.refusal);
    CHECK(store->Size() == 40);
    CHECK(store->ReadOnly());
}

TEST_CASE("store: an old schema with a planted trigger is not migrated: nothing runs the trigger (invariant 12)") {
    TempDir dir;
    const std::string path = CopyV2Fixture(dir, "old.rutland");
    Sql(path, "DROP TABLE snapshot; DELETE FROM meta WHERE key LIKE 'head_%'; PRAGMA user_version=1; "
              "CREATE TRIGGER on_meta AFTER INSERT ON meta BEGIN DELETE FROM entry; END");
    const std::string before = Bytes(path);
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->ReadOnly());
    CHECK(store->Report().problems.front().message.find("trigger 'on_meta'") != std::string::npos);
    store.reset();
    CHECK(Bytes(path) == before);
    CHECK_FALSE(fs::exists(path + ".v1.backup"));
}

TEST_CASE("store: undo and redo of 2,000 commands store short entries; a game file with the long ones still verifies") {
    TempDir dir;
    const std::string path = dir / "undo.rutland";
    WriteGame(path, rutland::testing::LongGame(160));  // 2,083 entries, 1,763 commands in effect
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(store);
    const int commands = store->GetLedger().UndoableCount();
    REQUIRE(commands > 1500);
    REQUIRE(store->SubmitLine("undo " + std::to_string(commands), TestStamp(5000)).accepted);
    REQUIRE(store->SubmitLine("redo " + std::to_string(commands), TestStamp(5001)).accepted);
    const int redo = store->Size() - 1;
    store.reset();
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "SELECT seq, length(line) + length(effects) FROM entry WHERE seq >= ?", -1, &q, nullptr);
    sqlite3_bind_int(q, 1, redo - 1);
    int rows = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        ++rows;
        CAPTURE(sqlite3_column_int(q, 0));
        CHECK(sqlite3_column_int(q, 1) < 1000);  // was 28 MB for a redo 20000
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    CHECK(rows == 2);
    auto reopened = OpenRead(path, &error);
    REQUIRE(reopened);
    CHECK(reopened->Report().Clean());

    // tests/games/legacy-big-undo-redo.rutland was written by Rutland before ledger.h invariant 7:
    // the demo, then undo 20 and redo 20 (25 KB: every effect redone) and smaller ones.
    const std::string legacy = dir / "legacy.rutland";
    fs::copy_file(fs::path(RUTLAND_SOURCE_DIR) / "tests" / "games" / "legacy-big-undo-redo.rutland", legacy);
    auto old = Store::Open(legacy, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(old, error);
    CHECK_MESSAGE(old->Report().Clean(), (old->Report().problems.empty() ? "" : old->Report().problems[0].ToString()));
    CHECK(old->Size() == 45);
    // Migrated to schema 3 (basic_store.h invariant 16): the long redo as it was written stays in entry_v2
    // and still verifies; as data it is the short form.
    CHECK(StoredEffects(legacy, 40, "entry_v2").size() > 20000);
    CHECK(old->Record(40).effects.size() < 1000);
    CHECK(old->GetLedger().At(40).line == "redo 20");
    REQUIRE(old->SubmitLine("undo 20", TestStamp(6000)).accepted);  // and it goes on with short entries
    CHECK(old->Record(45).effects.size() < 1000);
}

TEST_CASE("store: a game nobody may write (0444) opens read-only with the reason, even for root, and leaves no -shm (invariant 13)") {
    TempDir dir;
    const std::string path = dir / "archived.rutland";
    WriteGame(path, DemoLines());
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const std::string before = Bytes(path);
    std::string error;
    {
        auto reading = OpenRead(path, &error);
        REQUIRE_MESSAGE(reading, error);
        CHECK(reading->Report().Clean());
        CHECK(reading->Size() == 39);
        auto writing = Store::Open(path, Store::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(writing, error);
        CHECK(writing->Report().Clean());
        CHECK(writing->ReadOnly());
        CHECK_MESSAGE(writing->ReadOnlyReason().find("is read-only (nobody may write it") != std::string::npos,
                      writing->ReadOnlyReason());
        rutland::StoreReceipt r = writing->SubmitLine("note archived", TestStamp(700));
        CHECK_FALSE(r.accepted);
        CHECK(r.status == rutland::SubmitStatus::Refused);
        CHECK(r.refusal.find("nobody may write it") != std::string::npos);
    }
    // A 0444 -shm beside it would block its owner's next write once the game is writable again.
    CHECK_FALSE(fs::exists(path + "-shm"));
    CHECK_FALSE(fs::exists(path + "-wal"));
    CHECK(Bytes(path) == before);
    fs::permissions(path, fs::perms::owner_write, fs::perm_options::add);
    auto again = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE(again);
    CHECK_FALSE(again->ReadOnly());
    CHECK(again->SubmitLine("note on again", TestStamp(701)).accepted);
}

// rutland-cli serve follows a game another program plays. A reader that opened the file
// takes in each entry appended since, checked as a writer's catch-up checks it, and stops at an
// entry that does not check (memory stays a prefix of what verified).
TEST_CASE("store: invariant 18: a reader follows what another program appends, and stops at a forged entry") {
    TempDir dir;
    const std::string path = dir / "g.rutland";
    std::vector<std::string> lines = DemoLines();
    // The header and the first commands are written before the reader opens the file.
    std::vector<std::string> commands;
    for (const std::string& line : lines)
        if (rutland::ParseCommand(line).command) commands.push_back(line);
    REQUIRE(commands.size() > 8);
    std::string error;
    auto writer = Store::Create(path, std::get<rutland::GameHeader>(rutland::ParseCommand(commands[0]).command->action),
                                TestStamp(0), &error);
    REQUIRE_MESSAGE(writer, error);
    for (int i = 1; i <= 4; ++i) REQUIRE(writer->SubmitLine(commands[static_cast<size_t>(i)], TestStamp(i)).accepted);
    auto reader = OpenRead(path, &error);
    REQUIRE_MESSAGE(reader, error);
    REQUIRE(reader->Size() == 5);
    CHECK(reader->Follow(&error) == 0);  // nothing new
    // Three more lines by the writer: the reader takes exactly those, and its state is the writer's.
    for (int i = 5; i <= 7; ++i) REQUIRE(writer->SubmitLine(commands[static_cast<size_t>(i)], TestStamp(i)).accepted);
    CHECK(reader->Follow(&error) == 3);
    CHECK(reader->Size() == 8);
    CHECK(reader->Fingerprint() == writer->Fingerprint());
    CHECK(rutland::StateToJson(reader->GetLedger().State()) == rutland::StateToJson(writer->GetLedger().State()));
    CHECK(reader->Follow(&error) == 0);
    // An undo is an entry like any other.
    REQUIRE(writer->SubmitLine("undo", TestStamp(8)).accepted);
    CHECK(reader->Follow(&error) == 1);
    CHECK(rutland::StateToJson(reader->GetLedger().State()) == rutland::StateToJson(writer->GetLedger().State()));
    // A forged entry appended behind the writer's back (its line changed after it was hashed): the
    // reader refuses it, keeps the 9 entries that checked, and keeps refusing.
    REQUIRE(writer->SubmitLine("redo", TestStamp(9)).accepted);
    writer.reset();
    Sql(path, "UPDATE entry SET line = 'buy B 2k' WHERE seq = 9");
    CHECK(reader->Follow(&error) == -1);
    CHECK_MESSAGE(error.find("entry 9") != std::string::npos, error);
    CHECK(reader->Size() == 9);
    error.clear();
    CHECK(reader->Follow(&error) == -1);
    CHECK(!error.empty());
}
