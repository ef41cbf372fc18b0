// The dashboard's session: one durable submit path, time travel that writes nothing.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>

#include "session.h"
#include "settings.h"
#include "state_json.h"

using namespace rutland;
using namespace rutland::view;

namespace {

std::string TempPath(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-tests";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::filesystem::remove(path);
    std::filesystem::remove(path.string() + "-wal");
    std::filesystem::remove(path.string() + "-shm");
    return path.string();
}

GameHeader Header() {
    GameHeader h;
    h.players = {"Ann", "Bob"};
    h.broker = "Bob";
    return h;
}

} // namespace

TEST_CASE("an accepted line is in the file before the session answers (store invariant 2)") {
    const std::string path = TempPath("session-durable.rutland");
    std::string error;
    auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-1", &error);
    REQUIRE_MESSAGE(s, error);
    CHECK(s->DefaultWho() == "Bob");
    SubmitOutcome r = s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob");
    REQUIRE(r.accepted);
    CHECK(r.seq == 1);
    // A second reader sees it at once: it is committed.
    auto reader = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE(reader);
    CHECK(reader->Size() == 2);
    CHECK(reader->Fingerprint() == s->Fingerprint());
    CHECK(reader->Record(1).stamp.who == "Bob");

    SubmitOutcome bad = s->Submit("buy G 10k", "2026-11-22T10:00:02Z", "Bob");
    CHECK_FALSE(bad.accepted);
    CHECK(bad.rejection.rule == "B-1");
    CHECK(s->GetLedger().Size() == 2);
    CHECK(s->Submit("# a comment", "t", "Bob").blank);
}

TEST_CASE("time travel shows an old state and refuses to write") {
    const std::string path = TempPath("session-travel.rutland");
    std::string error;
    auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-2", &error);
    REQUIRE(s);
    REQUIRE(s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob").accepted);
    REQUIRE(s->Submit("buy Y 10k", "2026-11-22T10:00:02Z", "Bob").accepted);
    const uint64_t version = s->Version();
    s->ViewAt(1);
    CHECK(s->Version() != version);
    CHECK(s->Viewing() == 1);
    CHECK(s->Shown().players[0].common[Company::Yellow] == 0);
    CHECK(s->Live().players[0].common[Company::Yellow] == 10000);
    SubmitOutcome r = s->Submit("end", "2026-11-22T10:00:03Z", "Bob");
    CHECK_FALSE(r.accepted);
    CHECK(r.rejection.rule == "ledger");
    CHECK(s->GetLedger().Size() == 3);
    s->ViewAt(std::nullopt);
    CHECK(s->Submit("end", "2026-11-22T10:00:03Z", "Bob").accepted);
    // Viewing the last entry is viewing now.
    s->ViewAt(s->GetLedger().Size() - 1);
    CHECK_FALSE(s->Viewing().has_value());
}

TEST_CASE("reopening a game continues it with new command ids") {
    const std::string path = TempPath("session-reopen.rutland");
    std::string error;
    {
        auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "run-1", &error);
        REQUIRE(s);
        REQUIRE(s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob").accepted);
    }
    auto s = Session::Open(path, "run-2", &error);
    REQUIRE_MESSAGE(s, error);
    CHECK(s->LastEntry() == 1);
    CHECK(s->Submit("buy Y 10k", "2026-11-22T10:00:02Z", "Bob").accepted);
    CHECK(s->GetStore().Record(2).stamp.command_id == "run-2:1");
}

TEST_CASE("settings keep the font size and the recent games") {
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-settings";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string game = (dir / "g.rutland").string();
    { std::ofstream(game) << "x"; }
    Settings s;
    s.font_size = 22.0f;
    s.Opened(game);
    s.Opened("/nonexistent/file.rutland");
    REQUIRE(s.Save(dir.string()));
    Settings back = Settings::Load(dir.string());
    CHECK(back.font_size == 22.0f);
    REQUIRE(back.recent.size() == 1);  // a file that no longer exists is dropped
    CHECK(back.recent.front() == std::filesystem::absolute(game).string());
    CHECK(NewGamePath(dir.string(), {"Ann", "Bob"}, "2026-11-22") == (dir / "2026-11-22-ann-bob.rutland").string());
}

TEST_CASE("a line the disk could not take is not on screen: the session is as before, and the next line works (store invariant 11)") {
    const std::string path = TempPath("session-full.rutland");
    std::string error;
    auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-full", &error);
    REQUIRE_MESSAGE(s, error);
    REQUIRE(s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:00Z", "Bob").accepted);
    const std::string before = StateToJson(s->Live()).dump();
    const std::string fingerprint = s->Fingerprint();
    const uint64_t version = s->Version();
    SubmitOutcome failed;
    {
        // A full disk, as the kernel gives it: every write to a regular file fails (EFBIG), even as root.
        const auto handler = signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit none = old;
        none.rlim_cur = 0;
        setrlimit(RLIMIT_FSIZE, &none);
        failed = s->Submit("buy Y 10k", "2026-11-22T10:00:00Z", "Bob");
        setrlimit(RLIMIT_FSIZE, &old);
        signal(SIGXFSZ, handler);
    }
    CHECK_FALSE(failed.accepted);
    CHECK(failed.rejection.rule == "store");
    // What the dashboard draws from: the state, the entry count, the fingerprint, the last entry.
    CHECK(StateToJson(s->Live()).dump() == before);
    CHECK(s->GetLedger().Size() == 2);
    CHECK(s->GetStore().Size() == 2);
    CHECK(s->Fingerprint() == fingerprint);
    CHECK(s->LastEntry() == 1);
    CHECK(s->Version() == version);
    SubmitOutcome again = s->Submit("buy Y 10k", "2026-11-22T10:00:00Z", "Bob");
    REQUIRE_MESSAGE(again.accepted, again.rejection.ToString());
    CHECK(again.seq == 2);
    CHECK(s->Fingerprint() != fingerprint);
    CHECK(s->Fingerprint().size() == fingerprint.size());
}

TEST_CASE("a dashboard beside another desk writing the same game takes its entries in before its own line (store invariant 10)") {
    const std::string path = TempPath("session-two-desks.rutland");
    std::string error;
    auto first = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "desk-1", &error);
    REQUIRE_MESSAGE(first, error);
    auto second = Session::Open(path, "desk-2", &error);
    REQUIRE_MESSAGE(second, error);
    REQUIRE(first->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:00Z", "Bob").accepted);
    REQUIRE(first->Submit("buy Y 10k", "2026-11-22T10:00:00Z", "Bob").accepted);
    // The second desk has not seen them; its next line applies after them, or is judged against
    // them: here a line that only the new state makes wrong (Ann has rolled already).
    const uint64_t version = second->Version();
    SubmitOutcome r = second->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:00Z", "Bob");
    CHECK_FALSE(r.accepted);
    CHECK_MESSAGE(r.rejection.rule != "store", r.rejection.ToString());  // a rule of the game refuses it, not the file
    CHECK(second->GetLedger().Size() == 3);
    CHECK(second->Version() != version);  // the panels redraw with the other desk's entries
    CHECK(second->Fingerprint() == first->Fingerprint());
    SubmitOutcome note = second->Submit("note from the second desk", "2026-11-22T10:00:00Z", "Bob");
    REQUIRE(note.accepted);
    CHECK(note.seq == 3);
    CHECK(first->Submit("end", "2026-11-22T10:00:00Z", "Bob").seq == 4);
}

TEST_CASE("a game open read-only because of where it is says so, not that it did not verify clean (store invariant 13)") {
    // QA: a clean 0444 game opened in the dashboard, whose entry line said "This game file did not
    // verify clean: it is open read-only." while the file verifies clean.
    const std::string path = TempPath("session-0444.rutland");
    std::string error;
    {
        auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-ro", &error);
        REQUIRE_MESSAGE(s, error);
        REQUIRE(s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob").accepted);
    }
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                           std::filesystem::perms::others_read);
    auto s = Session::Open(path, "test-ro-2", &error);
    REQUIRE_MESSAGE(s, error);
    REQUIRE(s->ReadOnly());
    CHECK(s->GetStore().Report().Clean());
    const std::string why = s->ReadOnlyWhy();
    CHECK_MESSAGE(why.find("is read-only (nobody may write it") != std::string::npos, why);
    CHECK_MESSAGE(why.find("verify") == std::string::npos, why);
    std::filesystem::permissions(path, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
}
