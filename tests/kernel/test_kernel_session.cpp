// The kernel's session (app/view/basic_session.h) run with the toy game (toy_ruleset.h): in memory,
// and over ToyFile, a stand-in for a game file (the kernel's store is not generic yet: ToyFile keeps
// entries in memory, refuses when read-only and answers a command id it has seen as a Duplicate, as
// store.h says a store must). Nothing of Big Board Raiders is compiled in.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "basic_session.h"
#include "kernel/toy_ruleset.h"

using rutland::SubmitStatus;

namespace {

struct ToyFile {
    struct Stamp { std::string time, who, command_id; };
    enum class Mode { ReadWrite, ReadOnly };
    struct Finding { std::string message; std::string ToString() const { return message; } };
    struct VerifyReport { std::vector<Finding> problems, rules_changes; };
    struct Receipt { SubmitStatus status = SubmitStatus::Refused; bool accepted = false; rutland::Rejection rejection; std::string refusal; int seq = -1; };

    static std::unique_ptr<ToyFile> Create(const std::string& path, const Toy::Header& header, const Stamp&, std::string* error) {
        rutland::Rejection why;
        auto ledger = rutland::BasicLedger<Toy>::Start(header, &why);
        if (!ledger) return *error = why.ToString(), nullptr;
        auto f = std::make_unique<ToyFile>();
        f->path = path;
        f->ledger.emplace(std::move(*ledger));
        return f;
    }
    static std::unique_ptr<ToyFile> Open(const std::string& path, Mode, std::string* error) {
        *error = path + ": no such toy file";
        return nullptr;
    }
    Receipt Submit(const Toy::Command& command, const Stamp& stamp) {
        Receipt r;
        if (read_only) return r.refusal = "read-only", r;
        if (auto it = ids.find(stamp.command_id); it != ids.end())
            return r.status = SubmitStatus::Duplicate, r.accepted = true, r.seq = it->second, r;
        const rutland::SubmitResult s = ledger->Submit(command);
        r.status = s.status, r.accepted = s.accepted, r.rejection = s.rejection, r.seq = s.seq;
        if (s.accepted) ids[stamp.command_id] = s.seq, whos.push_back(stamp.who);
        return r;
    }
    const rutland::BasicLedger<Toy>& GetLedger() const { return *ledger; }
    int Size() const { return ledger->Size(); }
    const std::string& Path() const { return path; }
    bool ReadOnly() const { return read_only; }
    std::string ReadOnlyReason() const { return read_only ? "a toy file opened for reading" : ""; }
    const VerifyReport& Report() const { return report; }
    std::string Fingerprint() const { return "toy-" + std::to_string(Size()); }
    std::string FingerprintAt(int seq) const { return "toy-" + std::to_string(seq + 1); }

    std::string path;
    std::optional<rutland::BasicLedger<Toy>> ledger;
    std::map<std::string, int> ids;
    std::vector<std::string> whos;
    bool read_only = false;
    VerifyReport report;
};

using ToySession = rutland::view::BasicSession<Toy, ToyFile>;

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
    std::string error;
    auto s = ToySession::Create("toy.file", Toy::Header{{"A", "B"}}, "2026-11-24T10:00:00Z", "Dee", "run1", &error);
    REQUIRE(s);
    CHECK(s->InFile());
    CHECK(s->Path() == "toy.file");
    REQUIRE(s->Submit(std::string_view("add A 2"), "2026-11-24T10:00:01Z", "Dee").accepted);
    REQUIRE(s->Submit(std::string_view("add B 2"), "2026-11-24T10:00:02Z", "Cy").accepted);
    CHECK(s->GetStore().ids.count("run1:1") == 1);  // this run's prefix and a counter (store.h invariant 3)
    CHECK(s->GetStore().ids.count("run1:2") == 1);
    CHECK(s->GetStore().whos == std::vector<std::string>{"Dee", "Cy"});
    const rutland::view::SubmitOutcome again = s->Submit(Toy::Command{"add", "A", "", 2}, ToyFile::Stamp{"t", "Dee", "run1:1"});
    CHECK(again.status == SubmitStatus::Duplicate);
    CHECK(again.seq == 1);
    CHECK(s->Live().counters.at("A") == 2);  // not applied twice
    CHECK(s->Fingerprint() == "toy-3");
    const_cast<ToyFile&>(s->GetStore()).read_only = true;
    const rutland::view::SubmitOutcome refused = s->Submit(std::string_view("add A 1"), "2026-11-24T10:00:03Z", "Dee");
    CHECK(refused.status == SubmitStatus::Refused);
    CHECK(refused.refusal == "this game file is open read-only (a toy file opened for reading): nothing can be added");
    CHECK(s->ReadOnlyWhy() == "a toy file opened for reading");
    CHECK_FALSE(ToySession::Open("missing.file", "run2", &error));
    CHECK(error == "missing.file: no such toy file");
}
