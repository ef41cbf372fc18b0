// The kernel's store (core/kernel/basic_store.h) run with the toy game (games/toy/toy.h) over a real
// SQLite game file in a temporary directory: nothing of Big Board Raiders is compiled in. Expected
// states are worked out by hand in the comments, or replayed by a ledger of their own (never read
// back from the store under test).
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "support/temp_dir.h"
#include "toy.h"
#include "kernel/basic_store_impl.h"

using rutland::toy::Toy;
using rutland::SubmitStatus;
using ToyStore = rutland::BasicStore<Toy>;
static_assert(!rutland::KeepsStartData<Toy>);  // the toy keeps no start data (invariant 19)
using ToyLedger = rutland::BasicLedger<Toy>;

namespace {

rutland::Stamp At(int second, const std::string& id) {
    return {"2026-11-24T14:00:" + std::string(second < 10 ? "0" : "") + std::to_string(second) + "Z", "Dee", id};
}

// The toy game's lines replayed by a ledger of their own: what the store's state must equal.
ToyLedger Replay(const std::vector<std::string>& lines) {
    rutland::Rejection why;
    auto ledger = ToyLedger::Start(Toy::Header{{"A", "B"}}, &why);
    REQUIRE(ledger);
    for (const std::string& line : lines) REQUIRE(ledger->SubmitLine(line).accepted);
    return std::move(*ledger);
}

// Runs one SQL statement on the file with SQLite itself, as someone editing the file would.
void Tamper(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
    INFO((message ? message : ""));
    sqlite3_free(message);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

const std::vector<std::string> kLines = {"add A 5", "give A B 2", "undo 1", "redo 1"};

// A file with the header and kLines (entries 0-4), closed again.
std::string Played(const TempDir& dir, std::string* fingerprint = nullptr) {
    const std::string path = dir.File("toy.rutland");
    std::string error;
    auto store = ToyStore::Create(path, Toy::Header{{"A", "B"}}, At(0, "c0"), &error);
    REQUIRE_MESSAGE(store, error);
    for (size_t i = 0; i < kLines.size(); ++i)
        REQUIRE(store->SubmitLine(kLines[i], At(static_cast<int>(i) + 1, "c" + std::to_string(i + 1))).status ==
                SubmitStatus::Accepted);
    if (fingerprint) *fingerprint = store->Fingerprint();
    return path;
}

} // namespace

TEST_CASE("kernel store: create, append, reject, a retry, undo and redo, with the toy game in a real file") {
    TempDir dir;
    const std::string path = dir.File("toy.rutland");
    std::string error;
    auto store = ToyStore::Create(path, Toy::Header{{"A", "B"}}, At(0, "c0"), &error);
    REQUIRE_MESSAGE(store, error);
    CHECK_FALSE(store->ReadOnly());
    CHECK(store->Size() == 1);
    CHECK(store->GetLedger().At(0).line == "game toy players=A,B");
    CHECK(store->Record(0).kind == "header");
    CHECK(store->Record(0).rules_version == 1);  // Toy::kRulesVersion
    // The toy keeps no start data (no D::StartData): entry 0 chained from 32 zero bytes (invariant 19);
    // it names its game (Toy::kGameName), so its file is schema 5 (invariant 22, test_game_identity.cpp).
    CHECK(store->Schema() == 5);
    CHECK_FALSE(store->StartData());
    CHECK(store->Record(0).prev_hash == std::string(64, '0'));

    const rutland::StoreReceipt added = store->SubmitLine("add A 5", At(1, "c1"));
    CHECK(added.status == SubmitStatus::Accepted);
    CHECK(added.seq == 1);
    const rutland::StoreReceipt refused = store->SubmitLine("give B A 9", At(2, "c2"));  // B has 0 (T-1)
    CHECK(refused.status == SubmitStatus::Rejected);
    CHECK(refused.rejection.rule == "T-1");
    CHECK(store->SubmitLine("hop", At(2, "c2")).rejection.rule == "TOY.md");
    CHECK(store->SubmitLine("  ", At(2, "c2")).status == SubmitStatus::Blank);
    CHECK(store->Size() == 2);  // nothing of the three was written
    const rutland::StoreReceipt retry = store->SubmitLine("add A 5", At(3, "c1"));  // invariant 3
    CHECK(retry.status == SubmitStatus::Duplicate);
    CHECK(retry.seq == 1);
    CHECK(store->GetLedger().State().counters.at("A") == 5);  // not applied twice
    CHECK(store->SubmitLine("undo 1", At(4, "c3")).status == SubmitStatus::Accepted);
    CHECK(store->GetLedger().State().counters.at("A") == 0);
    CHECK(store->Record(2).kind == "undo");
    CHECK(store->SubmitLine("redo 1", At(5, "c4")).status == SubmitStatus::Accepted);
    CHECK(store->GetLedger().State().counters.at("A") == 5);
    CHECK(store->Record(3).kind == "redo");
    CHECK(store->Record(3).stamp.who == "Dee");
    CHECK(store->Record(3).stamp.command_id == "c4");
    // A stamp that is not text a reader can trust is refused, and nothing is written (invariant 14).
    CHECK(store->SubmitLine("add B 1", rutland::Stamp{"yesterday", "Dee", "c5"}).status == SubmitStatus::Refused);
    CHECK(store->Size() == 4);
    CHECK(store->Fingerprint().size() == 19);  // 16 hex digits in groups of 4
}

TEST_CASE("kernel store: closed and opened again, it verifies clean and replays to the same state") {
    TempDir dir;
    std::string fingerprint;
    const std::string path = Played(dir, &fingerprint);
    std::string error;
    auto store = ToyStore::Open(path, ToyStore::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Report().Clean());
    CHECK(store->Report().problems.empty());
    CHECK_FALSE(store->ReadOnly());
    CHECK(store->Size() == 5);
    CHECK(store->Fingerprint() == fingerprint);  // the same chain
    // add A 5, give A B 2 (A 3, B 2), undo 1 (A 5, B 0), redo 1 (A 3, B 2); added 5.
    const ToyLedger fresh = Replay(kLines);
    CHECK(store->GetLedger().State() == fresh.State());
    CHECK(store->GetLedger().State().counters.at("A") == 3);
    CHECK(store->GetLedger().State().counters.at("B") == 2);
    for (int seq = 0; seq < 5; ++seq) CHECK(store->GetLedger().At(seq).line == fresh.At(seq).line);
    // And it goes on where it was: the next entry chains onto the file's head.
    CHECK(store->SubmitLine("give B A 1", At(6, "c6")).seq == 5);
    store.reset();
    store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE(store);
    CHECK(store->Report().Clean());
    CHECK(store->GetLedger().State().counters.at("A") == 4);  // 3 + 1
}

TEST_CASE("kernel store: a row edited with SQLite is found, naming the entry, and the game opens read-only") {
    TempDir dir;
    const std::string path = Played(dir);
    // A forger moves entry 2 from `give A B 2` to `give A B 1`: the line replays (A has 5), but its
    // hash no longer covers it (invariant 4).
    Tamper(path, "UPDATE entry SET line = 'give A B 1' WHERE seq = 2");
    std::string error;
    auto store = ToyStore::Open(path, ToyStore::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK_FALSE(store->Report().Clean());
    REQUIRE(store->Report().problems.size() == 1);
    CHECK(store->Report().problems[0].seq == 2);
    CHECK(store->Report().problems[0].ToString() ==
          "entry 2: its content does not match its hash: the entry was changed after it was written");
    CHECK(store->ReadOnly());
    CHECK(store->Size() == 2);  // the entries before it: the header and `add A 5`
    CHECK(store->GetLedger().State().counters.at("A") == 5);
    CHECK(store->SubmitLine("add B 1", At(9, "c9")).status == SubmitStatus::Refused);
}

// Recomputes every entry's hash from its content as stored, as a forger who knows the format
// would (invariant 4), and the head in meta: only the replay can then tell.
void Rechain(const std::string& path) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT seq, kind, line, time, who, command_id, rules_version, effects FROM entry "
                                   "ORDER BY seq", -1, &q, nullptr) == SQLITE_OK);
    auto text = [&](int column) {
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(q, column));
        return bytes ? std::string(bytes, static_cast<size_t>(sqlite3_column_bytes(q, column))) : std::string();
    };
    std::string prev(64, '0'), sql;
    while (sqlite3_step(q) == SQLITE_ROW) {
        const int seq = sqlite3_column_int(q, 0);
        const std::string hash = rutland::ChainHash(prev, rutland::EntryContent(seq, text(1), text(2),
            rutland::Stamp{text(3), text(4), text(5)}, sqlite3_column_int(q, 6), text(7)));
        sql += "UPDATE entry SET prev_hash = '" + prev + "', hash = '" + hash + "' WHERE seq = " + std::to_string(seq) + ";";
        sql += "UPDATE meta SET value = '" + hash + "' WHERE key = 'head_hash';";
        prev = hash;
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    Tamper(path, sql.c_str());
}

TEST_CASE("kernel store: effects that the replay does not give are found, even with the hash chain redone") {
    TempDir dir;
    std::string fingerprint;
    const std::string path = Played(dir, &fingerprint);
    Rechain(path);  // the forger's tool gives the file's own hashes back: it computes what Rutland does
    std::string error;
    REQUIRE(ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error)->Fingerprint() == fingerprint);
    // The effects of entry 1 (`add A 5`: T-3, A, +5) rewritten as +6, the chain redone over them.
    Tamper(path, "UPDATE entry SET effects = CAST('T-3' || char(0) || 'A' || char(0) || '6' || char(0) AS BLOB) "
                 "WHERE seq = 1");
    Rechain(path);
    auto store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(store, error);
    REQUIRE(store->Report().problems.size() == 1);
    CHECK(store->Report().problems[0].ToString() ==
          "entry 1: replaying it does not give what was recorded: effect 1 differs");
    CHECK(store->Fingerprint() != fingerprint);
    CHECK(store->Size() == 1);  // the header only: entry 1 is not trusted
}

TEST_CASE("kernel store: a snapshot every 64 entries is written by the game's Snapshot and checked on open") {
    TempDir dir;
    const std::string path = dir.File("long.rutland");
    std::string error;
    {
        auto store = ToyStore::Create(path, Toy::Header{{"A", "B"}}, At(0, "c0"), &error);
        REQUIRE_MESSAGE(store, error);
        for (int i = 1; i <= 70; ++i) REQUIRE(store->SubmitLine("add A 1", At(1, "c" + std::to_string(i))).accepted);
    }
    // A snapshot of entry 64 says 64 were added: rewritten to 65, it no longer agrees (invariant 7).
    Tamper(path, "UPDATE snapshot SET state = 'added=65 A=65 B=0' WHERE seq = 64");
    auto store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(store, error);
    REQUIRE(store->Report().problems.size() == 1);
    CHECK(store->Report().problems[0].ToString() == "entry 64: the stored state (snapshot) differs from the replay");
    store.reset();
    Tamper(path, "UPDATE snapshot SET state = 'added=64 A=64 B=0' WHERE seq = 64");  // as Toy::Snapshot writes it
    store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE(store);
    CHECK(store->Report().Clean());
    CHECK(store->GetLedger().State().counters.at("A") == 70);
}

TEST_CASE("kernel store: a read-only open reads everything and writes nothing") {
    TempDir dir;
    std::string fingerprint;
    const std::string path = Played(dir, &fingerprint);
    std::string error;
    auto store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Report().Clean());
    CHECK(store->ReadOnly());
    CHECK(store->ReadOnlyReason() == "it was opened for reading only");
    CHECK(store->Size() == 5);
    CHECK(store->Fingerprint() == fingerprint);
    const rutland::StoreReceipt r = store->SubmitLine("add B 1", At(9, "c9"));
    CHECK(r.status == SubmitStatus::Refused);
    CHECK(r.refusal.find("read-only") != std::string::npos);
    store.reset();
    store = ToyStore::Open(path, ToyStore::Mode::ReadWrite, &error);
    REQUIRE(store);
    CHECK(store->Size() == 5);  // nothing was added
    CHECK(ToyStore::Open(dir.File("missing.rutland"), ToyStore::Mode::ReadOnly, &error) == nullptr);
    CHECK(error.find("no such file") != std::string::npos);
}

TEST_CASE("kernel store: ChangedUnder sees another game written over the file in place, not another program's appends (invariant 18)") {
    TempDir dir;
    const std::string path = Played(dir);
    std::string error;
    auto reader = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(reader, error);
    CHECK_FALSE(reader->ChangedUnder());
    {
        auto writer = ToyStore::Open(path, ToyStore::Mode::ReadWrite, &error);
        REQUIRE_MESSAGE(writer, error);
        REQUIRE(writer->SubmitLine("add B 1", At(9, "c9")).accepted);
    }
    CHECK_FALSE(reader->ChangedUnder());  // appended, not changed: entries 0 and 4 are still the ones it read
    // Another game (other players, so other hashes) copied over the file's bytes, the inode kept,
    // under a reader opened when no WAL of the old file is beside it (a writer closing last
    // checkpoints it into the file and removes it). A WAL still holding the old game's pages would
    // be laid over the new file by SQLite itself, for every reader (basic_store.h invariant 18).
    reader.reset();
    REQUIRE(ToyStore::Open(path, ToyStore::Mode::ReadWrite, &error));
    reader = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(reader, error);
    const std::string other = dir.File("other.rutland");
    {
        auto store = ToyStore::Create(other, Toy::Header{{"C", "D"}}, At(0, "d0"), &error);
        REQUIRE_MESSAGE(store, error);
        for (int i = 1; i <= 6; ++i) REQUIRE(store->SubmitLine("add C 1", At(i, "d" + std::to_string(i))).accepted);
    }
    std::filesystem::copy_file(other, path, std::filesystem::copy_options::overwrite_existing);
    const std::optional<std::string> changed = reader->ChangedUnder();
    REQUIRE(changed);
    CHECK(*changed == "its entry 0 is another entry (another hash)");
}

TEST_CASE("kernel store: StartOf starts a header as the file started its game") {
    TempDir dir;
    const std::string path = Played(dir);
    std::string error;
    auto store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(store, error);
    rutland::Rejection why;
    const std::optional<ToyLedger> same = store->StartOf(Toy::Header{{"A", "B"}}, &why);
    REQUIRE(same);
    CHECK(same->At(0).line == store->GetLedger().At(0).line);
    const std::optional<ToyLedger> other = store->StartOf(Toy::Header{{"A", "C"}}, &why);
    REQUIRE(other);
    CHECK(other->At(0).line != store->GetLedger().At(0).line);
}
