// The kernel's session (core/kernel/basic_session.h) run with the toy game (games/toy/toy.h): in memory,
// and over the kernel's store (kernel/basic_store.h) with a real game file in a temporary directory.
// Nothing of Big Board Raiders is compiled in.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernel/basic_session.h"
#include "support/temp_dir.h"
#include "toy.h"
#include "kernel/basic_store_impl.h"

using rutland::toy::Toy;
using rutland::SubmitStatus;

namespace {

using ToyStore = rutland::BasicStore<Toy>;
using ToySession = rutland::view::BasicSession<Toy, ToyStore>;

std::unique_ptr<ToySession> InMemory() {
    rutland::Rejection why;
    auto ledger = rutland::BasicLedger<Toy>::Start(Toy::Header{{"A", "B"}}, &why);
    REQUIRE(ledger);
    return ToySession::InMemory(std::move(*ledger));
}

} // namespace

TEST_CASE("kernel session: in memory, a line is parsed once and submitted; the statuses come through") {
    auto s = InMemory();
    CHECK_FALSE(s->InFile());
    const rutland::view::SubmitOutcome ok = s->Submit(std::string_view("add A 3"), "", "");
    CHECK(ok.status == SubmitStatus::Accepted);
    CHECK(ok.seq == 1);
    CHECK(s->Submit(std::string_view("give A B 9"), "", "").rejection.rule == "T-1");
    CHECK(s->Submit(std::string_view("hop"), "", "").status == SubmitStatus::Rejected);
    CHECK(s->Submit(std::string_view("   "), "", "").status == SubmitStatus::Blank);
    CHECK(s->LinesParsed() == 4);
    CHECK(s->Submit(Toy::Command{"undo", "", "", 1}, "", "").accepted);  // a command: nothing parsed
    CHECK(s->LinesParsed() == 4);
    CHECK(s->Live().counters.at("A") == 0);
    CHECK(s->LastEntry() == 2);
}

TEST_CASE("kernel session: time travel shows an entry's state and refuses a submit until back to now") {
    auto s = InMemory();
    for (const char* line : {"add A 3", "add B 4", "give B A 1"}) REQUIRE(s->Submit(std::string_view(line), "", "").accepted);
    const uint64_t version = s->Version();
    s->ViewAt(1);
    CHECK(s->Version() > version);  // panels' caches see the change of view
    CHECK(s->Shown().counters.at("A") == 3);  // after `add A 3` only
    CHECK(s->Shown().counters.at("B") == 0);
    const rutland::view::SubmitOutcome r = s->Submit(std::string_view("add A 1"), "", "");
    CHECK(r.status == SubmitStatus::Refused);
    CHECK(r.refusal.find("entry 1") != std::string::npos);
    CHECK(s->GetLedger().Size() == 4);  // nothing added
    s->ViewAt(3);  // the last entry is now
    CHECK_FALSE(s->Viewing());
    CHECK(s->Shown().counters.at("A") == 4);  // 3 + 1
}

TEST_CASE("kernel session: over a game file, stamps carry the prefix and a counter; a retry is a Duplicate; read-only refuses") {
    TempDir dir;
    const std::string path = dir.File("toy.rutland");
    std::string error;
    auto s = ToySession::Create(path, Toy::Header{{"A", "B"}}, "2026-11-24T10:00:00Z", "Dee", "run1", &error);
    REQUIRE_MESSAGE(s, error);
    CHECK(s->InFile());
    CHECK(s->Path() == path);
    REQUIRE(s->Submit(std::string_view("add A 2"), "2026-11-24T10:00:01Z", "Dee").accepted);
    REQUIRE(s->Submit(std::string_view("add B 2"), "2026-11-24T10:00:02Z", "Cy").accepted);
    CHECK(s->GetStore().FindCommandId("run1:1") == 1);  // this run's prefix and a counter (basic_store.h invariant 3)
    CHECK(s->GetStore().FindCommandId("run1:2") == 2);
    CHECK(s->GetStore().Record(1).stamp.who == "Dee");
    CHECK(s->GetStore().Record(2).stamp.who == "Cy");
    const rutland::view::SubmitOutcome again =
        s->Submit(Toy::Command{"add", "A", "", 2}, ToyStore::Stamp{"2026-11-24T10:00:03Z", "Dee", "run1:1"});
    CHECK(again.status == SubmitStatus::Duplicate);
    CHECK(again.seq == 1);
    CHECK(s->Live().counters.at("A") == 2);  // not applied twice
    CHECK(s->GetLedger().Size() == 3);
    const std::string fingerprint = s->Fingerprint();
    CHECK(fingerprint.size() == 19);  // 16 hex digits in groups of 4
    // The file made read-only on disk: the session opens it read-only and refuses with the reason
    // (basic_store.h invariant 13).
    s.reset();
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                           std::filesystem::perms::others_read);
    s = ToySession::Open(path, "run2", &error);
    REQUIRE_MESSAGE(s, error);
    CHECK(s->Fingerprint() == fingerprint);
    CHECK(s->Live().counters.at("B") == 2);
    const std::string why = "the file " + path + " is read-only (nobody may write it: chmod u+w to play on)";
    CHECK(s->ReadOnlyWhy() == why);
    const rutland::view::SubmitOutcome refused = s->Submit(std::string_view("add A 1"), "2026-11-24T10:00:04Z", "Dee");
    CHECK(refused.status == SubmitStatus::Refused);
    CHECK(refused.refusal == "this game file is open read-only (" + why + "): nothing can be added");
    CHECK_FALSE(ToySession::Open(dir.File("missing.rutland"), "run3", &error));
    CHECK(error == dir.File("missing.rutland") + ": no such file");
}
