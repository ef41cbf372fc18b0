// The in-memory ledger: undo and redo are appended entries, the state is a replay, and the
// canonical lines replay to the same state.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "store/effects_json.h"
#include "bbr_names.h"
#include "table_fixture.h"

using rutland::Company;
using rutland::testing::Table;

namespace {

// A game of every kind of accepted command so far, long enough to cross checkpoints (64).
std::vector<std::string> SampleGame() {
    std::vector<std::string> lines = {
        "board @market-1 trend=UUUU bid=YBRG",
        "board @ioco trend=DDDD ask=BRG",
        "roll 3 4 2 @fulw",
        "buy B 10k",
        "buy G 15k",
        "buy R bond 20k",
        "end",
        "roll 1 2 3 @market-1",
        "short R 10k",
        "end",
        "roll 2 3 1 @market-1",
        "sell B 5k",
        "end",
        "roll 1 1 3 @ioco",
        "cover R 5k",
        "note Bob disputes the Ioco arrows",
        "end",
    };
    for (int i = 0; i < 32; ++i) {
        lines.push_back("roll 1 2 1 @ioco");  // Bob
        if (i % 4 == 0) lines.push_back("buy G bond 10k");
        lines.push_back("end");
        lines.push_back("roll 1 2 1 @market-1");  // Ann
        lines.push_back("end");
    }
    return lines;
}

std::string StateText(const rutland::GameState& s) { return rutland::StateToJson(s).dump(); }

} // namespace

TEST_CASE("ledger: a submit says whether it was accepted, rejected (with its rule) or blank") {
    using rutland::SubmitStatus;
    rutland::Rejection why;
    rutland::GameHeader header;
    header.players = {"Ann", "Bob"};
    auto ledger = rutland::Ledger::Start(header, &why);
    REQUIRE(ledger);
    const rutland::SubmitResult ok = ledger->SubmitLine("roll 3 4 2 @colfax");
    CHECK(ok.status == SubmitStatus::Accepted);
    CHECK(ok.seq == 1);
    const rutland::SubmitResult rule = ledger->SubmitLine("buy G 10k");  // Colfax has no Ask for Green (B-1)
    CHECK(rule.status == SubmitStatus::Rejected);
    CHECK(rule.rejection.rule == "B-1");
    CHECK(ledger->SubmitLine("buy").status == SubmitStatus::Rejected);
    CHECK(ledger->Submit(rutland::Command{std::nullopt, rutland::Undo{5}}).status == SubmitStatus::Rejected);
    for (const char* blank : {"", "  ", "# a comment"}) {
        CAPTURE(blank);
        CHECK(ledger->SubmitLine(blank).status == SubmitStatus::Blank);
    }
    CHECK(ledger->Size() == 2);
}

TEST_CASE("ledger: undo k gives the state of the first n-k commands; redo k restores the later one") {
    const auto lines = SampleGame();
    const int n = static_cast<int>(lines.size());
    // The state after each prefix, built from scratch.
    std::vector<std::string> prefix_states;
    {
        Table t("game players=Ann,Bob");
        prefix_states.push_back(StateText(t.State()));
        for (const auto& l : lines) {
            t.Play(l);
            prefix_states.push_back(StateText(t.State()));
        }
    }
    for (int k : {1, 2, 3, 7, 16, 40, 64, 65, n}) {
        CAPTURE(k);
        Table t("game players=Ann,Bob");
        for (const auto& l : lines) t.Play(l);
        const std::string full = StateText(t.State());
        t.Play("undo " + std::to_string(k));
        CHECK(StateText(t.State()) == prefix_states[static_cast<size_t>(n - k)]);
        t.Play("redo " + std::to_string(k));
        CHECK(StateText(t.State()) == full);
        CHECK(t.State() == t.Log().StateAt(t.Log().Size() - 1));
    }
}

TEST_CASE("ledger: undo and redo are appended entries; nothing is deleted") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell\nbuy B 10k");
    CHECK(t.Log().Size() == 3);
    t.Play("undo");
    CHECK(t.Log().Size() == 4);
    CHECK(t.Log().At(3).line == "undo");
    CHECK(t.LastSaid("undoes entry 2: buy B 10k"));
    CHECK(t.Player("Ann").common[Company::Blue] == 0);
    t.Play("redo");
    CHECK(t.Log().Size() == 5);
    CHECK(t.Player("Ann").common[Company::Blue] == 10000);
    CHECK(t.LastSaid("redoes entry 2: buy B 10k"));
    CHECK(t.LastSaid("$21,000"));  // the redo says again what it did
    t.Reject("undo 4", "COMMANDS.md");
    t.Reject("redo", "COMMANDS.md");
}

TEST_CASE("ledger: a new command after undo ends what could be redone") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell\nbuy B 10k\nundo\nbuy G 5k");
    CHECK(t.Log().RedoableCount() == 0);
    t.Reject("redo", "COMMANDS.md");
    t.Play("undo 2");
    CHECK_FALSE(t.State().rolled);
    t.Play("redo 2");
    CHECK(t.Player("Ann").common[Company::Green] == 5000);
    CHECK(t.Player("Ann").common[Company::Blue] == 0);
}

TEST_CASE("ledger: StateAt(seq) is the state right after that entry (time travel)") {
    Table t("game players=Ann,Bob");
    std::vector<std::string> seen = {StateText(t.State())};
    for (const char* l : {"roll 3 4 2 @fulwell", "buy B 10k", "undo", "buy G 5k", "undo", "redo", "end"}) {
        t.Play(l);
        seen.push_back(StateText(t.State()));
    }
    for (int seq = 0; seq < t.Log().Size(); ++seq) {
        CAPTURE(seq);
        CHECK(StateText(t.Log().StateAt(seq)) == seen[static_cast<size_t>(seq)]);
    }
}

TEST_CASE("ledger: canonical lines expand prefixes and replay to the same state") {
    Table t("game players=Ann,Bob start=@fulw");
    for (const auto& l : SampleGame()) t.Play(l);
    t.Play("undo 3\nredo 1");
    CHECK(t.Log().At(0).line == "game players=Ann,Bob cash=100000 board=standard start=@fulwell");
    CHECK(t.Log().At(3).line == "roll 3 4 2 @fulwell");
    // Replaying the ledger's own lines as a script gives the same state.
    Table replay(t.Log().At(0).line);
    for (int seq = 1; seq < t.Log().Size(); ++seq) replay.Play(t.Log().At(seq).line);
    CHECK(StateText(replay.State()) == StateText(t.State()));
}

TEST_CASE("ledger: a rejected command leaves no entry") {
    Table t("game players=Ann,Bob");
    t.Reject("buy B 5k", "T-2");
    t.Reject("fly to the moon", "COMMANDS.md");
    CHECK(t.Log().Size() == 1);
}

namespace {

// What a ledger is, as far as anything outside it can see.
std::string Observed(const rutland::Ledger& l) {
    std::string out = StateText(l.State()) + "|" + std::to_string(l.Size()) + "|";
    for (int seq : l.InEffect()) out += std::to_string(seq) + ",";
    out += "|" + std::to_string(l.RedoableCount()) + "|" + std::to_string(l.NextRedo());
    return out;
}

} // namespace

TEST_CASE("ledger: TakeBackLast leaves the ledger exactly as before the last Submit (store invariant 11)") {
    // Each case: the lines played first, then the one taken back. Undo 80 and redo 80 go past the
    // 64 recent states (a replay from a checkpoint); the command after an undo clears the redo list.
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{}, "roll 1 2 1 @ioco"},
        {{}, "undo 3"},
        {{}, "undo 80"},
        {{"undo 80"}, "redo 80"},
        {{"undo 5"}, "redo 2"},
        {{"undo 2"}, "note the redo list must come back"},
    };
    for (const auto& one : cases) {
        const auto& before_lines = one.first;  // no structured binding: clang 14 cannot capture one (CAPTURE)
        const std::string& line = one.second;
        CAPTURE(line);
        Table t("game players=Ann,Bob");
        for (const auto& l : SampleGame()) t.Play(l);
        for (const auto& l : before_lines) t.Play(l);
        rutland::Ledger ledger = t.Log();
        const std::string before = Observed(ledger);
        REQUIRE(ledger.SubmitLine(line).accepted);
        REQUIRE(Observed(ledger) != before);
        CHECK(ledger.TakeBackLast());
        CHECK(Observed(ledger) == before);
        CHECK_FALSE(ledger.TakeBackLast());  // only the last Submit, once
        // And it goes on as if the line had never been tried: the same line gives what it gives
        // on a ledger that never took anything back.
        Table fresh("game players=Ann,Bob");
        for (const auto& l : SampleGame()) fresh.Play(l);
        for (const auto& l : before_lines) fresh.Play(l);
        fresh.Play(line);
        REQUIRE(ledger.SubmitLine(line).accepted);
        CHECK(Observed(ledger) == Observed(fresh.Log()));
        const auto context = rutland::RenderContext::Of(ledger.State());
        CHECK(rutland::EffectsJsonText(ledger.At(ledger.Size() - 1).effects, context) ==
              rutland::EffectsJsonText(fresh.Log().At(fresh.Log().Size() - 1).effects, context));
        REQUIRE(ledger.SubmitLine("undo 1").accepted);  // the ring and checkpoints still work after a take-back
        fresh.Play("undo 1");
        CHECK(Observed(ledger) == Observed(fresh.Log()));
    }
}

TEST_CASE("ledger: an undo or redo of many commands is one short entry naming the first and last (invariant 7)") {
    Table t("game players=Ann,Bob");
    for (const auto& l : SampleGame()) t.Play(l);
    const int commands = t.Log().UndoableCount();
    REQUIRE(commands > 100);
    t.Play("undo " + std::to_string(commands));
    REQUIRE(t.LastEffects().size() == 1);
    // SampleGame's first command is entry 1 ("board @market-1 ..."); its last, the one undone first, is the last "end".
    CHECK(t.LastSaid("undoes " + std::to_string(commands) + " commands, from entry"));
    CHECK(t.LastSaid("back to entry 1 (board @market-1"));
    t.Play("redo " + std::to_string(commands));
    REQUIRE(t.LastEffects().size() == 1);
    CHECK(t.LastSaid("redoes " + std::to_string(commands) + " commands, from entry 1 (board @market-1"));
    // Up to 10, each command is still listed, a redo with what it does again (the table's instructions).
    t.Play("undo 10");
    CHECK(t.LastEffects().size() == 10);
    t.Play("redo 10");
    CHECK(t.LastEffects().size() > 10);
    CHECK(t.LastSaid("redoes entry"));
}
