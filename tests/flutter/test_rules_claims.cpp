// Winning (RULES.md section 12, Rule 14): capital is cash plus certificates at market prices; a
// claim only at a stoppage, checked by the broker; the most capital wins, a tie is shared.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

namespace {

// Ann 2 White, Bob 1 Blue; Bob's throw ends round 1 with White at TOP and Blue at 5%:
// Ann 90 + 40 = 130 cash, 2 White at £120: capital 370. Bob 195 + 5 = 200, 1 Blue at £110: 310.
// Cy £300.
void RoundOne(Table& t) {
    t.Do("buy W 2");
    t.Do("r1");
    t.Do("buy B 1");
    t.Do("peg W traveller=L20");
    t.Do("peg B traveller=5");
    t.Do("w5");
}

} // namespace

TEST_CASE("W-1, Rule 14: capital is cash plus every certificate held at its market price") {
    Table t;
    RoundOne(t);
    CHECK(t.S().Capital(0) == Pounds(370));
    CHECK(t.S().Capital(1) == Pounds(310));
    CHECK(t.S().Capital(2) == Pounds(300));
    CHECK(t.Json()["players"][0]["capital"] == 370);
}

TEST_CASE("W-2: a claim is taken only at a stoppage, after the settlement and before the next trade or throw") {
    Table t("game flutter players=Ann,Bob,Cy target=300");
    CHECK(t.Refused("claim Ann") == "W-2");  // no round has been settled
    RoundOne(t);
    t.Do("claim Cy");  // the current player's own claim, £300 = target
    t.Do("undo");
    t.Do("Cy: buy R 1");  // the first trade of round 2 ends the stoppage
    CHECK(t.Refused("claim Ann") == "W-2");
}

TEST_CASE("W-3: the broker checks every claim: capital below the target is rejected") {
    Table t("game flutter players=Ann,Bob,Cy target=350");
    RoundOne(t);
    CHECK(t.Refused("claim Bob") == "W-3");  // 310 < 350
    t.Do("Ann: claim");                      // 370
    CHECK(t.Json()["winner"] == "Ann");
}

TEST_CASE("W-4, F-D17: one claim a player a stoppage; the most capital wins; equal capital is a shared win") {
    Table t("game flutter players=Ann,Bob,Cy target=300");
    RoundOne(t);
    t.Do("claim Bob");  // 310
    CHECK(t.Json()["winners"] == nlohmann::ordered_json::array({"Bob"}));
    t.Do("claim Ann");  // 370: more
    CHECK(t.Refused("claim Ann") == "W-4");
    t.Do("claim Cy");   // 300
    const auto j = t.Json();
    CHECK(j["claims"] == nlohmann::ordered_json::parse(R"([{"name":"Bob","capital":310},{"name":"Ann","capital":370},{"name":"Cy","capital":300}])"));
    CHECK(j["winners"] == nlohmann::ordered_json::array({"Ann"}));
    CHECK(j["winner"] == "Ann");
    // A tie: nobody trades, everyone keeps £300.
    Table tie("game flutter players=Ann,Bob,Cy target=300");
    tie.Do("peg W traveller=L20");
    tie.Do("w5");
    tie.Do("claim Bob");
    tie.Do("claim Ann");
    CHECK(tie.Json()["winners"] == nlohmann::ordered_json::array({"Bob", "Ann"}));
    CHECK(tie.Json()["winner"] == "Bob");
}

TEST_CASE("W-5: a valid claim ends the game: trades, throws, peg, count, player rejected; more claims still checked; undo reopens") {
    Table t("game flutter players=Ann,Bob,Cy target=350");
    RoundOne(t);
    t.Do("claim Ann");
    CHECK(t.Refused("Cy: buy R 1") == "W-5");
    CHECK(t.Refused("r1") == "W-5");
    CHECK(t.Refused("peg W price=110") == "W-5");
    CHECK(t.Refused("count Ann cash=100") == "W-5");
    CHECK(t.Refused("player Ann") == "W-5");
    CHECK(t.Refused("claim Bob") == "W-3");
    CHECK(t.Refused("claim Ann") == "W-4");
    t.Do("note well played");
    t.Do("undo 2");  // the note and the claim
    CHECK(t.Json()["winner"].is_null());
    t.Do("Cy: buy R 1");
}
