// The kernel's ledger (core/kernel/basic_ledger.h) run with the toy game (games/toy/toy.h): nothing of
// Big Board Raiders is compiled into this test. Expected figures are worked out by hand in the
// comments, or by a plain model of the toy (Model) that knows nothing of the ledger.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "toy.h"
#include "kernel/basic_ledger.h"

using rutland::toy::Toy;
using rutland::EntryKind;
using rutland::SubmitStatus;
using ToyLedger = rutland::BasicLedger<Toy>;

namespace {

ToyLedger Start(std::vector<std::string> players = {"A", "B"}) {
    rutland::Rejection why;
    auto ledger = ToyLedger::Start(Toy::Header{std::move(players)}, &why);
    REQUIRE(ledger);
    return std::move(*ledger);
}

// The toy's counters after the lines given, worked out without the ledger or the ruleset: every
// line here is `add X n` or `give X Y n` and legal.
std::map<std::string, int64_t> Model(const std::vector<std::string>& lines) {
    std::map<std::string, int64_t> c{{"A", 0}, {"B", 0}};
    for (const std::string& line : lines) {
        char who[8], to[8];
        long long n = 0;
        if (std::sscanf(line.c_str(), "add %7s %lld", who, &n) == 2) c[who] += n;
        if (std::sscanf(line.c_str(), "give %7s %7s %lld", who, to, &n) == 3) c[who] -= n, c[to] += n;
    }
    return c;
}

// A long game: 3 adds then gives back and forth, every line legal; crosses the checkpoints (64)
// and the recent states (64) twice over.
std::vector<std::string> LongGame(int n) {
    std::vector<std::string> lines;
    for (int i = 0; i < n; ++i)
        lines.push_back(i % 3 == 0 ? "add A " + std::to_string(i % 7 + 1) : i % 3 == 1 ? "give A B 1" : "add B 2");
    return lines;
}

} // namespace

TEST_CASE("kernel ledger: the header is entry 0, an accepted command is appended with its canonical line") {
    ToyLedger l = Start();
    CHECK(l.Size() == 1);
    CHECK(l.At(0).kind == EntryKind::Header);
    CHECK(l.At(0).line == "game toy players=A,B");
    const rutland::SubmitResult r = l.SubmitLine("  add   A  3 ");
    CHECK(r.status == SubmitStatus::Accepted);
    CHECK(r.seq == 1);
    CHECK(l.At(1).line == "add A 3");  // canonical: single spaces
    CHECK(l.At(1).effects.size() == 1);
    CHECK(l.SubmitLine("give A B 2").accepted);
    CHECK(l.State().counters.at("A") == 1);  // 3 - 2
    CHECK(l.State().counters.at("B") == 2);
    CHECK(l.SubmitLine("# a comment").status == SubmitStatus::Blank);
    CHECK(l.Size() == 3);
}

TEST_CASE("kernel ledger: a rejected command (T-1, a language error, a bad undo) leaves no entry and changes nothing") {
    ToyLedger l = Start();
    REQUIRE(l.SubmitLine("add A 3").accepted);
    const Toy::State before = l.State();
    const rutland::SubmitResult r = l.SubmitLine("give A B 4");  // A has 3
    CHECK(r.status == SubmitStatus::Rejected);
    CHECK(r.rejection.rule == "T-1");
    CHECK(l.SubmitLine("add A -4").rejection.rule == "T-1");  // 3 - 4 < 0
    CHECK(l.SubmitLine("add Z 1").rejection.rule == "T-2");
    CHECK(l.SubmitLine("take A 1").rejection.rule == "TOY.md");
    CHECK(l.SubmitLine("undo 2").rejection.message == "only 1 command to undo");
    CHECK(l.SubmitLine("undo 2").rejection.rule == "TOY.md");  // the ruleset's kLanguageRule
    CHECK(l.SubmitLine("redo 1").rejection.message == "only 0 commands to redo");
    CHECK(l.SubmitLine("undo 0").rejection.message == "undo needs a count of 1 or more");
    CHECK(l.Size() == 2);
    CHECK(l.State() == before);
    CHECK(l.RedoableCount() == 0);
}

TEST_CASE("kernel ledger: undo 1 and redo 1 are entries; the state goes back and forth") {
    ToyLedger l = Start();
    REQUIRE(l.SubmitLine("add A 5").accepted);
    REQUIRE(l.SubmitLine("give A B 2").accepted);  // A 3, B 2
    const rutland::SubmitResult u = l.SubmitLine("undo 1");
    REQUIRE(u.accepted);
    CHECK(l.At(u.seq).kind == EntryKind::Undo);
    CHECK(l.At(u.seq).line == "undo 1");
    CHECK(l.At(u.seq).targets == std::vector<int>{2});
    REQUIRE(l.At(u.seq).effects.size() == 1);
    CHECK(l.At(u.seq).effects[0].who == "give A B 2");  // the listed line (LedgerNote)
    CHECK(l.State().counters.at("A") == 5);
    CHECK(l.State().counters.at("B") == 0);
    CHECK(l.NextRedo() == 2);
    const rutland::SubmitResult r = l.SubmitLine("redo 1");
    REQUIRE(r.accepted);
    CHECK(l.At(r.seq).kind == EntryKind::Redo);
    // A redo lists the command and repeats its effects: the listing, then T-4 twice.
    CHECK(l.At(r.seq).effects.size() == 3);
    CHECK(l.State().counters.at("A") == 3);
    CHECK(l.State().counters.at("B") == 2);
    CHECK(l.Size() == 5);  // header, add, give, undo, redo
    // A new command ends what could be redone.
    REQUIRE(l.SubmitLine("undo 1").accepted);
    REQUIRE(l.SubmitLine("add B 1").accepted);
    CHECK(l.RedoableCount() == 0);
}

TEST_CASE("kernel ledger: undo and redo of many (past the recent states and the checkpoints) match a plain replay") {
    const std::vector<std::string> game = LongGame(300);
    ToyLedger l = Start();
    for (const std::string& line : game) REQUIRE(l.SubmitLine(line).accepted);
    for (int k : {1, 5, 64, 65, 130, 299}) {
        CAPTURE(k);
        const rutland::SubmitResult u = l.Submit(Toy::Command{"undo", "", "", k});
        REQUIRE(u.accepted);
        const std::vector<std::string> kept(game.begin(), game.end() - k);
        CHECK(l.State().counters == Model(kept));
        CHECK(!Toy::Check(l.State()));
        // More than kListedUndoRedo (10): one summed effect naming the first and the last.
        CHECK(l.At(u.seq).effects.size() == static_cast<size_t>(k <= rutland::kListedUndoRedo ? k : 1));
        REQUIRE(l.Submit(Toy::Command{"redo", "", "", k}).accepted);
        CHECK(l.State().counters == Model(game));
    }
}

TEST_CASE("kernel ledger: time travel (StateAt, InEffectAt) gives each entry's state, across undo and redo") {
    const std::vector<std::string> game = LongGame(200);
    ToyLedger l = Start();
    for (const std::string& line : game) REQUIRE(l.SubmitLine(line).accepted);
    REQUIRE(l.SubmitLine("undo 70").accepted);  // entry 201: 130 commands in effect
    REQUIRE(l.SubmitLine("redo 3").accepted);   // entry 202: 133
    for (int seq : {0, 1, 63, 64, 65, 129, 150, 200}) {
        CAPTURE(seq);
        CHECK(l.StateAt(seq).counters == Model(std::vector<std::string>(game.begin(), game.begin() + seq)));
    }
    CHECK(l.StateAt(201).counters == Model(std::vector<std::string>(game.begin(), game.begin() + 130)));
    CHECK(l.StateAt(202).counters == Model(std::vector<std::string>(game.begin(), game.begin() + 133)));
    CHECK(l.InEffectAt(201).size() == 130);
    CHECK(l.InEffectAt(202).back() == 133);  // the third command redone is entry 133
}

TEST_CASE("kernel ledger: TakeBackLast leaves the ledger as before the last submit, once") {
    ToyLedger l = Start();
    for (const std::string& line : LongGame(80)) REQUIRE(l.SubmitLine(line).accepted);
    REQUIRE(l.SubmitLine("undo 2").accepted);
    const Toy::State after_undo = l.State();
    for (const char* line : {"add A 4", "undo 3", "redo 2"}) {
        CAPTURE(line);
        const int size = l.Size();
        const int redoable = l.RedoableCount();
        const Toy::State before = l.State();
        REQUIRE(l.SubmitLine(line).accepted);
        CHECK(l.TakeBackLast());
        CHECK_FALSE(l.TakeBackLast());
        CHECK(l.Size() == size);
        CHECK(l.RedoableCount() == redoable);
        CHECK(l.State() == before);
    }
    CHECK(l.State() == after_undo);
}

TEST_CASE("kernel ledger: commands entered after an undo replace the undone ones in the checkpoints") {
    const std::vector<std::string> first = LongGame(260);  // checkpoints after 64, 128, 192, 256 commands
    ToyLedger l = Start();
    for (const std::string& line : first) REQUIRE(l.SubmitLine(line).accepted);
    REQUIRE(l.SubmitLine("undo 60").accepted);  // 200 in effect: the recent states give it back
    std::vector<std::string> now(first.begin(), first.begin() + 200);
    for (int i = 0; i < 150; ++i) {  // other commands, past 256 again: 350 in effect
        const std::string line = i % 2 ? "add B 5" : "add A 1";
        REQUIRE(l.SubmitLine(line).accepted);
        now.push_back(line);
    }
    // More than the recent states: 280 in effect, replayed from the checkpoint after 256, which
    // must be the new commands' (the first 256 commands in effect now are not the first 256 entered).
    REQUIRE(l.SubmitLine("undo 70").accepted);
    CHECK(l.State().counters == Model(std::vector<std::string>(now.begin(), now.end() - 70)));
    CHECK(l.StateAt(l.Size() - 2).counters == Model(now));  // before the undo: time travel
}

// basic_ledger.h invariants 10 and 11: a streamed ledger (HoldOnlyLast) answers At, InEffectAt and
// StateAt as one holding every entry, past the point where it thins its checkpoints (256 of them:
// 16,384 commands in effect), across undos and redos long and short; its Recall is the whole
// ledger's entries, as a store's reads them back from the file.
TEST_CASE("kernel ledger: a streamed ledger answers every entry, state and undo as a whole one, its checkpoints thinned") {
    const std::vector<std::string> game = LongGame(17000);
    ToyLedger whole = Start();
    ToyLedger streamed = Start();
    const ToyLedger* source = &whole;
    int recalls = 0;
    streamed.HoldOnlyLast([&](int seq, bool all) {
        ++recalls;
        rutland::BasicEntry<Toy> e = source->At(seq);
        if (!all) e.effects.clear();  // a line and command only, as a store's recall gives them
        return e;
    });
    auto both = [&](const std::string& line) {
        const rutland::SubmitResult a = whole.SubmitLine(line);
        const rutland::SubmitResult b = streamed.SubmitLine(line);
        REQUIRE(a.accepted);
        REQUIRE(b.accepted);
        REQUIRE(a.seq == b.seq);
        CHECK(streamed.At(b.seq).line == whole.At(a.seq).line);
        CHECK(streamed.At(b.seq).effects.size() == whole.At(a.seq).effects.size());
    };
    for (size_t i = 0; i < game.size(); ++i) {
        both(game[i]);
        if (i == 9000) both("undo 70"), both("redo 70"), both("undo 3");  // 3 commands undone for good
    }
    both("undo 5000");   // past the recent states and many checkpoints: a replay from one kept
    both("redo 4000");
    both("undo 65");
    both("add A 9");      // ends the redos
    REQUIRE(streamed.FirstHeld() == streamed.Size() - ToyLedger::kHeldEntries);
    CHECK(streamed.State().counters == whole.State().counters);
    CHECK(streamed.InEffect() == whole.InEffect());
    CHECK(streamed.RedoableCount() == whole.RedoableCount());
    const int last = whole.Size() - 1;
    for (int seq : {0, 1, 63, 64, 9001, 9002, 9003, 9004, 9005, 12345, 16384, 16385, last - 4, last - 3, last - 2, last - 1, last}) {
        CAPTURE(seq);
        const auto& w = whole.At(seq);
        const auto& s = streamed.At(seq);
        CHECK(s.seq == w.seq);
        CHECK(s.kind == w.kind);
        CHECK(s.line == w.line);
        CHECK(s.targets == w.targets);
        CHECK(s.effects.size() == w.effects.size());
        CHECK(streamed.InEffectAt(seq) == whole.InEffectAt(seq));
        CHECK(streamed.StateAt(seq).counters == whole.StateAt(seq).counters);
    }
    CHECK(recalls > 0);
    CHECK_THROWS_AS(streamed.At(-1), std::out_of_range);
}
