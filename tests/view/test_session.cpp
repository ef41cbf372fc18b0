// The dashboard's session: one durable, typed submit path, time travel that writes nothing.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "entry_model.h"
#include "session.h"
#include "settings.h"
#include "rules/state_json.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;

namespace {

using rutland::testing::TempPath;

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
    CHECK(s->Submit("# a comment", "t", "Bob").status == SubmitStatus::Blank);
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
    CHECK(r.status == SubmitStatus::Refused);  // nothing may be written while looking back, whatever the line
    CHECK_MESSAGE(r.refusal.find("press Esc to return to now") != std::string::npos, r.refusal);
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

TEST_CASE("settings are written through a new temporary file: a symlink planted under its name is not followed") {
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-settings-link";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const auto victim = dir / "victim.txt";
    { std::ofstream(victim) << "not the settings\n"; }
    // Where ConfigDir() falls back to $TMPDIR, anyone may plant settings.json.tmp.
    std::filesystem::create_symlink(victim, dir / "settings.json.tmp");
    Settings s;
    s.font_size = 19.0f;
    REQUIRE(s.Save(dir.string()));
    std::ifstream in(victim);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "not the settings\n");
    CHECK_FALSE(std::filesystem::is_symlink(dir / "settings.json"));
    CHECK(Settings::Load(dir.string()).font_size == 19.0f);
    CHECK_FALSE(std::filesystem::exists(std::filesystem::symlink_status(dir / "settings.json.tmp")));
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
    CHECK(failed.status == SubmitStatus::Refused);
    CHECK_MESSAGE(failed.refusal.find("not saved") != std::string::npos, failed.refusal);
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
    CHECK_MESSAGE(r.status == SubmitStatus::Rejected, r.refusal);  // a rule of the game refuses it, not the file
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

TEST_CASE("a submit from the dashboard says what became of it: accepted, rejected, blank, refused") {
    const std::string path = TempPath("session-status.rutland");
    std::string error;
    auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-status", &error);
    REQUIRE_MESSAGE(s, error);
    const SubmitOutcome ok = s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob");
    CHECK(ok.status == SubmitStatus::Accepted);
    const SubmitOutcome rule = s->Submit("buy G 10k", "2026-11-22T10:00:02Z", "Bob");  // no Ask for Green at Colfax
    CHECK(rule.status == SubmitStatus::Rejected);
    CHECK(rule.rejection.rule == "B-1");
    CHECK(rule.refusal.empty());
    CHECK(s->Submit("   ", "2026-11-22T10:00:02Z", "Bob").status == SubmitStatus::Blank);
    CHECK(s->Submit("# a comment", "2026-11-22T10:00:02Z", "Bob").status == SubmitStatus::Blank);
    s->ViewAt(0);  // time travel: nothing may be written
    const SubmitOutcome viewing = s->Submit("note while looking back", "2026-11-22T10:00:03Z", "Bob");
    CHECK(viewing.status == SubmitStatus::Refused);
    CHECK_MESSAGE(viewing.refusal.find("you are looking at entry 0") != std::string::npos, viewing.refusal);
    CHECK(viewing.rejection.rule.empty());
    s->ViewAt(std::nullopt);
    CHECK(s->GetLedger().Size() == 2);
    s.reset();
    // A read-only game (a clean 0444 file, basic_store.h invariant 13) refuses; no rule is involved.
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                           std::filesystem::perms::others_read);
    auto ro = Session::Open(path, "test-status-ro", &error);
    REQUIRE_MESSAGE(ro, error);
    REQUIRE(ro->ReadOnly());
    const SubmitOutcome refused = ro->Submit("note read-only", "2026-11-22T10:00:04Z", "Bob");
    CHECK(refused.status == SubmitStatus::Refused);
    CHECK_MESSAGE(refused.refusal.find("open read-only") != std::string::npos, refused.refusal);
    CHECK(ro->GetLedger().Size() == 2);
    std::filesystem::permissions(path, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
}

TEST_CASE("Enter submits the command the preview parsed, without parsing the line again (one typed submit path)") {
    const std::string path = TempPath("session-enter.rutland");
    std::string error;
    auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-enter", &error);
    REQUIRE_MESSAGE(s, error);
    const std::string time = "2026-11-22T10:00:01Z";

    // Typed, previewed, then Enter: the preview's command goes in; the session parses nothing.
    Preview roll = PreviewLine("342 colfax", s->Live(), &s->GetLedger());
    REQUIRE(roll.kind == Preview::Kind::Accepted);
    SubmitOutcome r = SubmitEntry(*s, "342 colfax", &roll, time, "Bob");
    REQUIRE(r.status == SubmitStatus::Accepted);
    CHECK(s->LinesParsed() == 0);
    CHECK(s->GetLedger().At(r.seq).line == "roll 3 4 2 @colfax");

    // The very object the preview holds is what is submitted: a preview whose parsed command was
    // put there by hand (not what the text says) is what the ledger records.
    Preview doctored = PreviewLine("note typed", s->Live(), &s->GetLedger());
    REQUIRE(doctored.parsed.command);
    doctored.parsed.command->action = Note{"from the preview"};
    r = SubmitEntry(*s, "note typed", &doctored, time, "Bob");
    REQUIRE(r.status == SubmitStatus::Accepted);
    CHECK(s->GetLedger().At(r.seq).line == "note from the preview");
    CHECK(s->LinesParsed() == 0);

    // The preview's parse error is the rejection; a blank line is Blank: nothing is parsed again.
    Preview bad = PreviewLine("buy", s->Live(), &s->GetLedger());
    r = SubmitEntry(*s, "buy", &bad, time, "Bob");
    CHECK(r.status == SubmitStatus::Rejected);
    CHECK(r.rejection.rule == bad.rule);
    Preview comment = PreviewLine("# just a remark", s->Live(), &s->GetLedger());
    CHECK(SubmitEntry(*s, "# just a remark", &comment, time, "Bob").status == SubmitStatus::Blank);
    CHECK(s->LinesParsed() == 0);

    // A preview of other text (the line changed since) is not used: the text is parsed, once.
    Preview stale = PreviewLine("note old text", s->Live(), &s->GetLedger());
    r = SubmitEntry(*s, "note new text", &stale, time, "Bob");
    REQUIRE(r.status == SubmitStatus::Accepted);
    CHECK(s->GetLedger().At(r.seq).line == "note new text");
    CHECK(s->LinesParsed() == 1);
    // No preview at all (a `--script` line): quick forms expand, then one parse.
    r = SubmitEntry(*s, "e", nullptr, time, "Bob");
    REQUIRE(r.status == SubmitStatus::Accepted);
    CHECK(s->GetLedger().At(r.seq).line == "end");
    CHECK(s->LinesParsed() == 2);
}

TEST_CASE("the undo/redo confirm submits an Undo or Redo command, not the word \"undo\"") {
    const std::string path = TempPath("session-confirm.rutland");
    std::string error;
    auto s = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "test-confirm", &error);
    REQUIRE_MESSAGE(s, error);
    REQUIRE(s->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob").accepted);
    const uint64_t parsed = s->LinesParsed();

    const Command undo = ConfirmCommand(false);
    REQUIRE(std::holds_alternative<Undo>(undo.action));
    CHECK(std::get<Undo>(undo.action).count == 1);
    CHECK_FALSE(undo.actor);
    SubmitOutcome r = s->Submit(undo, "2026-11-22T10:00:02Z", "Bob");
    REQUIRE(r.status == SubmitStatus::Accepted);
    CHECK(s->GetLedger().At(r.seq).kind == EntryKind::Undo);
    CHECK(s->GetLedger().UndoableCount() == 0);

    const Command redo = ConfirmCommand(true);
    REQUIRE(std::holds_alternative<Redo>(redo.action));
    CHECK(std::get<Redo>(redo.action).count == 1);
    r = s->Submit(redo, "2026-11-22T10:00:03Z", "Bob");
    REQUIRE(r.status == SubmitStatus::Accepted);
    CHECK(s->GetLedger().At(r.seq).kind == EntryKind::Redo);
    CHECK(s->GetLedger().UndoableCount() == 1);
    CHECK(s->LinesParsed() == parsed);  // no line was parsed for either
}

TEST_CASE("one class for a game open for play: in memory (rutland-cli play) it writes nothing; in a file a caller's command id makes a retry Duplicate") {
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(Header(), &why);
    REQUIRE(ledger);
    auto memory = Session::InMemory(std::move(*ledger));
    CHECK_FALSE(memory->InFile());
    CHECK_FALSE(memory->ReadOnly());
    CHECK(memory->Path().empty());
    CHECK(memory->Fingerprint().empty());
    SubmitOutcome r = memory->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob");
    CHECK(r.status == SubmitStatus::Accepted);
    CHECK(r.seq == 1);
    CHECK(memory->Submit("buy G 10k", "t", "Bob").rejection.rule == "B-1");
    CHECK(memory->Submit("# note", "t", "Bob").status == SubmitStatus::Blank);
    CHECK(memory->GetLedger().Size() == 2);
    CHECK(memory->LastEntry() == 1);

    const std::string path = TempPath("session-ids.rutland");
    std::string error;
    auto file = Session::Create(path, Header(), Stamp{"2026-11-22T10:00:00Z", "Dee", "script:0"}, "script", &error);
    REQUIRE_MESSAGE(file, error);
    CHECK(file->InFile());
    CHECK(file->Path() == path);
    CHECK(file->GetStore().Record(0).stamp.who == "Dee");
    const Command roll = *ParseCommand("roll 3 4 2 @colfax").command;
    const Stamp stamp{"2026-11-22T10:00:01Z", "Dee", "script:1:abc"};
    CHECK(file->Submit(roll, stamp).status == SubmitStatus::Accepted);
    const SubmitOutcome again = file->Submit(roll, stamp);
    CHECK(again.status == SubmitStatus::Duplicate);
    CHECK(again.accepted);
    CHECK(again.seq == 1);
    CHECK(file->GetStore().Size() == 2);
}

TEST_CASE("two writers agree: the dashboard follows another program's appends, and a line previewed before them is not recorded onto them (basic_session.h invariant 6)") {
    const std::string path = TempPath("session-follow.rutland");
    std::string error;
    // The dashboard, and `rutland-cli play --db` writing the same file.
    auto desk = Session::Create(path, Header(), "2026-11-22T10:00:00Z", "Bob", "desk", &error);
    REQUIRE_MESSAGE(desk, error);
    auto cli = Session::Open(path, "cli", &error);
    REQUIRE_MESSAGE(cli, error);
    CHECK(desk->Follow(&error) == 0);  // nothing new
    // The broker types Ann's roll; its preview is of Ann's turn.
    const std::string typed = "roll 3 4 2 @colfax";
    const Preview before = PreviewLine(typed, desk->Live(), &desk->GetLedger());
    REQUIRE(before.kind == Preview::Kind::Accepted);
    CHECK(before.entries == 1);
    CHECK(before.text.find("Ann") != std::string::npos);
    // Meanwhile the other program records Ann's whole turn.
    REQUIRE(cli->Submit("roll 3 4 2 @colfax", "2026-11-22T10:00:01Z", "Bob").accepted);
    REQUIRE(cli->Submit("end", "2026-11-22T10:00:02Z", "Bob").accepted);
    // Enter on the old preview: nothing is written, the new entries are taken in.
    const uint64_t version = desk->Version();
    SubmitOutcome r = SubmitEntry(*desk, typed, &before, "2026-11-22T10:00:03Z", "Bob");
    CHECK_FALSE(r.accepted);
    CHECK(r.moved);
    CHECK(r.status == SubmitStatus::Refused);
    CHECK_MESSAGE(r.refusal.find("another program added entries 1 to 2") != std::string::npos, r.refusal);
    CHECK(desk->GetLedger().Size() == 3);
    CHECK(cli->GetLedger().Size() == 3);  // and not in the file
    CHECK(desk->Version() != version);
    CHECK(desk->Fingerprint() == cli->Fingerprint());
    // Previewed again on the game as it is now: Bob's roll; Enter records that.
    const Preview after = PreviewLine(typed, desk->Live(), &desk->GetLedger());
    CHECK(after.entries == 3);
    CHECK(after.text.find("Bob") != std::string::npos);
    r = SubmitEntry(*desk, typed, &after, "2026-11-22T10:00:04Z", "Bob");
    REQUIRE(r.accepted);
    CHECK(r.seq == 3);
    // Following without writing: the other program's next entry shows up in the dashboard's game.
    REQUIRE(cli->Submit("note from the other desk", "2026-11-22T10:00:05Z", "Bob").accepted);
    const uint64_t followed = desk->Version();
    CHECK(desk->Follow(&error) == 1);
    CHECK(desk->Version() != followed);
    CHECK(desk->GetLedger().Size() == 5);
    CHECK(desk->Fingerprint() == cli->Fingerprint());
    auto reader = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE(reader);
    CHECK(reader->Fingerprint() == desk->Fingerprint());
}
