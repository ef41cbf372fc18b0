// The streamed store (core/kernel/basic_store.h invariant 20) and the streamed ledger
// (core/kernel/basic_ledger.h invariant 9): what a read-only command sees through them is what it
// saw when every entry was held, and a file that does not check is opened as before.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "game_generator.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"
#include "support/store_files.h"
#include "support/temp_dir.h"

using rutland::Store;

namespace {

rutland::Stamp StreamStamp(int n) {
    return {fmt::format("2026-11-22T11:{:02}:{:02}Z", n / 60 % 60, n % 60), "Ann", "stream:" + std::to_string(n)};
}

// A generated game, then undos and redos of more commands than the ledger keeps recent states for
// (64: a replay from a checkpoint) and than an entry lists (10: the summed effect, which names the
// first and the last line), so that a streamed ledger must recall entries it no longer holds.
std::vector<std::string> GameWithLongUndos() {
    rutland::testing::GenOptions options;
    options.seed = 29;
    options.entries = 400;
    std::vector<std::string> lines = rutland::testing::GenerateGame(options);
    for (const char* line : {"undo 70", "redo 70", "undo 12", "redo 3", "undo 1", "note after the long undos", "undo 2",
                             "redo 1"})
        lines.push_back(line);
    return lines;
}

std::unique_ptr<Store> OpenStreamed(const std::string& path, std::string* error) {
    rutland::StoreOptions options;
    options.stream_entries = true;
    return Store::Open(path, Store::Mode::ReadOnly, error, options);
}

} // namespace

TEST_CASE("store: invariant 20: a streamed open gives every entry, record, state and fingerprint as holding them all") {
    TempDir dir;
    const std::string path = dir / "g.rutland";
    rutland::test::PlayInto(path, GameWithLongUndos(), StreamStamp);
    std::string error;
    const std::unique_ptr<Store> full = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(full, error);
    const std::unique_ptr<Store> streamed = OpenStreamed(path, &error);
    REQUIRE_MESSAGE(streamed, error);
    REQUIRE(full->Report().Clean());
    CHECK(streamed->Report().Clean());
    CHECK_FALSE(full->Streamed());
    CHECK(streamed->Streamed());
    CHECK(streamed->GetLedger().Streamed());
    REQUIRE(streamed->Size() == full->Size());
    CHECK(streamed->Report().entries == full->Report().entries);
    CHECK(streamed->Fingerprint() == full->Fingerprint());
    CHECK(rutland::StateToJson(streamed->GetLedger().State()) == rutland::StateToJson(full->GetLedger().State()));
    CHECK(streamed->GetLedger().InEffect() == full->GetLedger().InEffect());
    CHECK(streamed->GetLedger().RedoableCount() == full->GetLedger().RedoableCount());
    // Only the last entries are held (basic_ledger.h invariant 9).
    CHECK(streamed->GetLedger().FirstHeld() == streamed->Size() - rutland::Ledger::kHeldEntries);
    // Every entry, record and state is still answered, read back from the file (basic_ledger.h
    // invariant 10, basic_store.h invariant 20).
    for (int seq = 0; seq < full->Size(); ++seq) {
        CAPTURE(seq);
        const rutland::Entry& want = full->GetLedger().At(seq);
        const rutland::Entry& got = streamed->GetLedger().At(seq);
        CHECK(got.seq == want.seq);
        CHECK(got.kind == want.kind);
        CHECK(got.line == want.line);
        CHECK(got.targets == want.targets);
        CHECK(rutland::BigBoardRaidersFile::Encode(got.effects) == rutland::BigBoardRaidersFile::Encode(want.effects));
        const rutland::EntryRecord& record = streamed->Record(seq);
        CHECK(record.hash == full->Record(seq).hash);
        CHECK(record.stamp.command_id == full->Record(seq).stamp.command_id);
        CHECK(record.stamp.time == full->Record(seq).stamp.time);
        CHECK(streamed->GetLedger().InEffectAt(seq) == full->GetLedger().InEffectAt(seq));
        if (seq % 37 == 0 || seq + 10 > full->Size())
            CHECK(rutland::StateToJson(streamed->GetLedger().StateAt(seq)) == rutland::StateToJson(full->GetLedger().StateAt(seq)));
    }
    CHECK_THROWS_AS(streamed->Record(full->Size()), std::out_of_range);
    CHECK_THROWS_AS(streamed->Record(-1), std::out_of_range);

    int seen = 0;
    const bool read = streamed->ForEachEntry(0, streamed->Size() - 1, [&](const rutland::Entry& e, const rutland::EntryRecord& r) {
        const rutland::Entry& want = full->GetLedger().At(e.seq);
        const rutland::EntryRecord& want_record = full->Record(e.seq);
        CHECK(e.seq == seen);
        CHECK(e.line == want.line);
        CHECK(e.kind == want.kind);
        CHECK(e.targets == want.targets);
        CHECK(rutland::BigBoardRaidersFile::Encode(e.effects) == rutland::BigBoardRaidersFile::Encode(want.effects));
        CHECK(r.hash == want_record.hash);
        CHECK(r.prev_hash == want_record.prev_hash);
        CHECK(r.effects == want_record.effects);
        CHECK(r.stamp.command_id == want_record.stamp.command_id);
        CHECK(streamed->FingerprintAt(e.seq) == full->FingerprintAt(e.seq));
        ++seen;
    }, &error);
    CHECK_MESSAGE(read, error);
    CHECK(seen == full->Size());
    // The long undo and redo entries, whose effects name lines the streamed ledger had let go of.
    bool summed = false;
    for (int seq = full->Size() - 8; seq < full->Size(); ++seq) summed = summed || full->GetLedger().At(seq).targets.size() == 70;
    CHECK(summed);

    for (int seq : {0, 1, 63, 64, 200, full->Size() - 9, full->Size() - 7, full->Size() - 2, full->Size() - 1}) {
        rutland::Entry entry;
        const std::optional<rutland::GameState> state = streamed->StateAt(seq, &error, &entry);
        REQUIRE_MESSAGE(state, error);
        CHECK_MESSAGE(rutland::StateToJson(*state) == rutland::StateToJson(full->GetLedger().StateAt(seq)), "entry ", seq);
        CHECK(entry.line == full->GetLedger().At(seq).line);
    }
    CHECK_FALSE(streamed->StateAt(full->Size(), &error));
}

TEST_CASE("store: invariant 20: a file that does not check opens streamed exactly as held, and a change after the open is an error") {
    TempDir dir;
    const std::string path = dir / "g.rutland";
    rutland::test::PlayInto(path, GameWithLongUndos(), StreamStamp);
    std::string error;
    {  // changed after the open: the re-read names the entry, and gives nothing past it
        const std::unique_ptr<Store> streamed = OpenStreamed(path, &error);
        REQUIRE_MESSAGE(streamed, error);
        REQUIRE(streamed->Streamed());
        rutland::test::Sql(path, "UPDATE entry SET who = 'Eve' WHERE seq = 30;");
        int seen = 0;
        CHECK_FALSE(streamed->ForEachEntry(0, streamed->Size() - 1, [&](const rutland::Entry&, const rutland::EntryRecord&) { ++seen; },
                                           &error));
        CHECK(seen == 30);
        CHECK_MESSAGE(error.find("entry 30") != std::string::npos, error);
        CHECK_FALSE(streamed->StateAt(100, &error));
        // Read back one by one (basic_ledger.h invariant 10): the changed entry is refused, naming it.
        CHECK_THROWS_WITH_AS(streamed->Record(30), doctest::Contains("entry 30"), std::runtime_error);
        CHECK_THROWS_WITH_AS(streamed->GetLedger().At(30), doctest::Contains("entry 30"), std::runtime_error);
        CHECK(streamed->GetLedger().At(29).seq == 29);
    }
    // Not clean: the same report, the same entries kept, every entry held.
    const std::unique_ptr<Store> full = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(full, error);
    const std::unique_ptr<Store> streamed = OpenStreamed(path, &error);
    REQUIRE_MESSAGE(streamed, error);
    REQUIRE_FALSE(full->Report().Clean());
    CHECK_FALSE(streamed->Streamed());
    CHECK(streamed->Size() == full->Size());
    CHECK(streamed->Report().entries == full->Report().entries);
    REQUIRE(streamed->Report().problems.size() == full->Report().problems.size());
    for (size_t i = 0; i < full->Report().problems.size(); ++i)
        CHECK(streamed->Report().problems[i].ToString() == full->Report().problems[i].ToString());
    CHECK(streamed->ReadOnlyReason() == full->ReadOnlyReason());
    CHECK(streamed->Fingerprint() == full->Fingerprint());
}

TEST_CASE("store: invariant 20: a streamed store follows what another program appends (invariant 18)") {
    TempDir dir;
    const std::string path = dir / "g.rutland";
    std::vector<std::string> lines = GameWithLongUndos();
    const std::vector<std::string> later(lines.end() - 8, lines.end());
    lines.resize(lines.size() - 8);
    std::unique_ptr<Store> writer = rutland::test::PlayInto(path, lines, StreamStamp);
    std::string error;
    const std::unique_ptr<Store> streamed = OpenStreamed(path, &error);
    REQUIRE_MESSAGE(streamed, error);
    REQUIRE(streamed->Streamed());
    const int before = streamed->Size();
    int n = writer->Size();
    for (const std::string& line : later) REQUIRE(writer->SubmitLine(line, StreamStamp(n++)).accepted);
    // A retry of an id already in the file is still found without any id held in memory (invariant 3).
    CHECK(streamed->FindCommandId(StreamStamp(5).command_id) == 5);
    CHECK_FALSE(streamed->FindCommandId("stream:none"));
    CHECK(streamed->Follow(&error) == static_cast<int>(later.size()));
    CHECK(streamed->Size() == before + static_cast<int>(later.size()));
    CHECK(streamed->Fingerprint() == writer->Fingerprint());
    CHECK(streamed->FingerprintAt(before) == writer->FingerprintAt(before));
    CHECK(rutland::StateToJson(streamed->GetLedger().State()) == rutland::StateToJson(writer->GetLedger().State()));
    CHECK(streamed->FindCommandId(StreamStamp(before).command_id) == before);
    int seen = 0;
    CHECK_MESSAGE(streamed->ForEachEntry(before, streamed->Size() - 1, [&](const rutland::Entry& e, const rutland::EntryRecord& r) {
        CHECK(e.line == writer->GetLedger().At(e.seq).line);
        CHECK(r.hash == writer->Record(e.seq).hash);
        ++seen;
    }, &error), error);
    CHECK(seen == static_cast<int>(later.size()));
}

TEST_CASE("store: invariant 20: older files stream too: schema 2 read as it is, and migrated to 3 (entry_v2, no start data)") {
    TempDir dir;
    for (const char* name : {"schema-v2-full-game.rutland", "legacy-big-undo-redo.rutland"}) {
        const std::string shown = name;
        CAPTURE(shown);
        const std::string path = dir / name;
        std::filesystem::copy_file(std::filesystem::path(RUTLAND_SOURCE_DIR) / "tests" / "games" / name, path);
        std::string error;
        for (int pass = 0; pass < 2; ++pass) {  // as it is, then after a writable open (which migrates schema 1-2)
            CAPTURE(pass);
            const std::unique_ptr<Store> full = Store::Open(path, Store::Mode::ReadOnly, &error);
            REQUIRE_MESSAGE(full, error);
            REQUIRE(full->Report().Clean());
            const std::unique_ptr<Store> streamed = OpenStreamed(path, &error);
            REQUIRE_MESSAGE(streamed, error);
            // A schema-2 file's undo or redo of more than 10 commands is checked against the words of
            // every command it listed, which a streamed ledger no longer holds: that file is held
            // whole until it is migrated (basic_store.h invariant 20).
            const bool legacy_long_undo = shown == "legacy-big-undo-redo.rutland" && pass == 0;
            CHECK(streamed->Streamed() == !legacy_long_undo);
            CHECK(streamed->Report().Clean());
            CHECK(streamed->Schema() == full->Schema());
            REQUIRE(streamed->Size() == full->Size());
            CHECK(rutland::StateToJson(streamed->GetLedger().State()) == rutland::StateToJson(full->GetLedger().State()));
            for (int seq = 0; seq < full->Size(); ++seq) CHECK(streamed->FingerprintAt(seq) == full->FingerprintAt(seq));
            int seen = 0;
            CHECK_MESSAGE(streamed->ForEachEntry(0, full->Size() - 1, [&](const rutland::Entry& e, const rutland::EntryRecord& r) {
                CHECK(e.line == full->GetLedger().At(e.seq).line);
                CHECK(r.WrittenHash() == full->Record(e.seq).WrittenHash());
                ++seen;
            }, &error), error);
            CHECK(seen == full->Size());
            if (pass == 0) REQUIRE_MESSAGE(Store::Open(path, Store::Mode::ReadWrite, &error), error);
        }
    }
}

TEST_CASE("store: invariant 20: a writable streamed open appends the same entries, undo and redo included, as a whole one") {
    TempDir dir;
    std::vector<std::string> lines = GameWithLongUndos();
    const std::vector<std::string> later(lines.end() - 8, lines.end());
    lines.resize(lines.size() - 8);
    const std::string whole_path = dir / "whole.rutland", streamed_path = dir / "streamed.rutland";
    std::unique_ptr<Store> whole = rutland::test::PlayInto(whole_path, lines, StreamStamp);
    rutland::test::PlayInto(streamed_path, lines, StreamStamp).reset();
    std::string error;
    rutland::StoreOptions options;
    options.stream_entries = true;
    const std::unique_ptr<Store> streamed = Store::Open(streamed_path, Store::Mode::ReadWrite, &error, options);
    REQUIRE_MESSAGE(streamed, error);
    REQUIRE(streamed->Streamed());
    REQUIRE_FALSE(streamed->ReadOnly());
    int n = whole->Size();
    for (const std::string& line : later) {
        const rutland::StoreReceipt a = whole->SubmitLine(line, StreamStamp(n));
        const rutland::StoreReceipt b = streamed->SubmitLine(line, StreamStamp(n));
        ++n;
        REQUIRE(a.accepted);
        REQUIRE(b.accepted);
        CHECK(b.seq == a.seq);
        CHECK(streamed->Fingerprint() == whole->Fingerprint());
    }
    // A retry of an entry long past is found in the file (invariant 3), and changes nothing.
    const rutland::StoreReceipt retry = streamed->SubmitLine(lines[4], StreamStamp(5));
    CHECK(retry.status == rutland::SubmitStatus::Duplicate);
    CHECK(retry.seq == 5);
    CHECK(streamed->Size() == whole->Size());
    CHECK(rutland::StateToJson(streamed->GetLedger().State()) == rutland::StateToJson(whole->GetLedger().State()));
    // Opened whole afterwards, the file verifies clean with the same fingerprint.
    const std::unique_ptr<Store> again = Store::Open(streamed_path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->Report().Clean());
    CHECK(again->Fingerprint() == whole->Fingerprint());
}

TEST_CASE("store: invariant 20: a writable open of a file missing a snapshot opens whole and rebuilds it") {
    TempDir dir;
    const std::string path = dir / "g.rutland";
    rutland::test::PlayInto(path, GameWithLongUndos(), StreamStamp).reset();
    rutland::test::Sql(path, "DELETE FROM snapshot WHERE seq = 128;");
    std::string error;
    rutland::StoreOptions options;
    options.stream_entries = true;
    {
        const std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error, options);
        REQUIRE_MESSAGE(store, error);
        CHECK_FALSE(store->Streamed());
        CHECK(store->Report().Clean());
        CHECK_FALSE(store->ReadOnly());
        CHECK_FALSE(store->Report().notes.empty());  // "rebuilt 1 snapshot"
    }
    const std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error, options);
    REQUIRE_MESSAGE(store, error);
    CHECK(store->Streamed());
}
