// The in-memory ledger: undo and redo are appended entries, the state is a replay, and the
// canonical lines replay to the same state.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

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

std::string Json(const rutland::GameState& s) { return rutland::StateToJson(s).dump(); }

} // namespace

TEST_CASE("ledger: undo k gives the state of the first n-k commands; redo k restores the later one") {
    const auto lines = SampleGame();
    const int n = static_cast<int>(lines.size());
    // The state after each prefix, built from scratch.
    std::vector<std::string> prefix_states;
    {
        Table t("game players=Ann,Bob");
        prefix_states.push_back(Json(t.State()));
        for (const auto& l : lines) {
            t.Play(l);
            prefix_states.push_back(Json(t.State()));
        }
    }
    for (int k : {1, 2, 3, 7, 16, 40, 64, 65, n}) {
        CAPTURE(k);
        Table t("game players=Ann,Bob");
        for (const auto& l : lines) t.Play(l);
        const std::string full = Json(t.State());
        t.Play("undo " + std::to_string(k));
        CHECK(Json(t.State()) == prefix_states[static_cast<size_t>(n - k)]);
        t.Play("redo " + std::to_string(k));
        CHECK(Json(t.State()) == full);
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
    std::vector<std::string> seen = {Json(t.State())};
    for (const char* l : {"roll 3 4 2 @fulwell", "buy B 10k", "undo", "buy G 5k", "undo", "redo", "end"}) {
        t.Play(l);
        seen.push_back(Json(t.State()));
    }
    for (int seq = 0; seq < t.Log().Size(); ++seq) {
        CAPTURE(seq);
        CHECK(Json(t.Log().StateAt(seq)) == seen[static_cast<size_t>(seq)]);
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
    CHECK(Json(replay.State()) == Json(t.State()));
}

TEST_CASE("ledger: a rejected command leaves no entry") {
    Table t("game players=Ann,Bob");
    t.Reject("buy B 5k", "T-2");
    t.Reject("fly to the moon", "COMMANDS.md");
    CHECK(t.Log().Size() == 1);
}
