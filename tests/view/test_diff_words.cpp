// "Diff to now" in words: the ledger tab says what changed on the table in a
// player's words, not the state JSON's paths. The demo game's entries 8 -> 11 (the CLI test
// db_diff's: Cy buys 20,000 Blue twice and a directorship; Cy's cash $100,000 -> $7,500, Blue
// $2.20 -> $2.60), by hand.
#include <doctest/doctest.h>

#include <algorithm>

#include "diff_words.h"
#include "bbr_names.h"
#include "script_ledger.h"

using namespace rutland;
using namespace rutland::view;

namespace {

const ChangeInWords* FindChange(const std::vector<ChangeInWords>& d, std::string_view what) {
    for (const ChangeInWords& c : d)
        if (c.what == what) return &c;
    return nullptr;
}

} // namespace

TEST_CASE("B-1 / B-4: the diff from entry 8 to 11 of the demo in words") {
    const Ledger l = testing::ScriptLedger("assets/demo/first-game.txt", 11);
    const std::vector<ChangeInWords> d = DiffInWords(l.StateAt(8), l.StateAt(11));
    const ChangeInWords* cash = FindChange(d, "Cy's cash");
    REQUIRE(cash);
    CHECK(cash->Sentence() == "Cy's cash: $100,000 then, $7,500 now");
    const ChangeInWords* blue = FindChange(d, "Blue's price");
    REQUIRE(blue);
    CHECK(blue->then == "$2.20");
    CHECK(blue->now == "$2.60");
    const ChangeInWords* shares = FindChange(d, "Cy's Blue common shares");
    REQUIRE(shares);
    CHECK(shares->then == "none");
    CHECK(shares->now == "40,000");  // 2 x 20,000
    const ChangeInWords* rings = FindChange(d, "Cy's Blue common directorships");
    REQUIRE(rings);
    CHECK(rings->now == "1");
    // No JSON paths, no "null".
    for (const ChangeInWords& c : d) {
        CAPTURE(c.Sentence());
        CHECK(c.what.find("players.") == std::string::npos);
        CHECK(c.Sentence().find("null") == std::string::npos);
    }
    CHECK(DiffInWords(l.StateAt(8), l.StateAt(8)).empty());
}

TEST_CASE("T-6 / E-1: a turn ending and a proxy earned, in words") {
    const Ledger l = testing::ScriptLedger("assets/demo/first-game.txt", 4);
    // Entry 1: Ann rolls to Colfax (its proxy); entry 4: she ends her turn: Bob's, no space yet.
    const std::vector<ChangeInWords> d = DiffInWords(l.StateAt(1), l.StateAt(4));
    const ChangeInWords* turn = FindChange(d, "whose turn");
    REQUIRE(turn);
    CHECK(turn->Sentence() == "whose turn: Ann then, Bob now");
    const ChangeInWords* space = FindChange(d, "the space the turn is on");
    REQUIRE(space);
    CHECK(space->then == "Colfax");
    CHECK(space->now == "none yet");
    const std::vector<ChangeInWords> roll = DiffInWords(l.StateAt(0), l.StateAt(1));
    const ChangeInWords* proxies = FindChange(roll, "Ann's proxies");
    REQUIRE(proxies);
    CHECK(proxies->then == "none");
    CHECK(proxies->now == "1 (Colfax)");
}
