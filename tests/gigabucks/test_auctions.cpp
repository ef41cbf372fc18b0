// Auctions (RULES.md sections 6-9): results only, paid in full from cash, player to player.
#include <doctest/doctest.h>

#include "gigabucks_table.h"

using namespace gigabucks_test;

namespace {

// Ann's open turn after landing on her own 10; Ann owns 5, 9, 10, 13, 14.
void AnnOpen(Table& t) {
    t.Do("space 5 owner=Ann");
    t.Do("space 9-10 owner=Ann");
    t.Do("space 13-14 owner=Ann");
    t.Do("at Ann 3 turns=1");
    t.Do("r7");
    REQUIRE(t.Json()["phase"] == "open");
}

} // namespace

TEST_CASE("CH-2, AU-6, CG-D10, P-1: the charter's winner pays his bid to each opponent; six players, 4: 20 in all") {
    Table t("game gigabucks players=Ann,Bob,Cy,Dee,Eve,Fay");
    t.Do("p12");
    const Effects& fx = t.Do("ch Bob 4");
    CHECK(CountOf(fx, EffectKind::Paid, "CH-2") == 5);
    CHECK(t.P("Bob").cash == 280);
    CHECK(t.P("Ann").cash == 304);
    CHECK(t.P("Fay").cash == 304);
    CHECK(t.C(12).status == CorpStatus::Chartered);
    CHECK(t.C(12).owner == 1);
    CHECK(t.C(12).lines == 0);
    CHECK(t.Json()["last_auction"] == nlohmann::json::parse(
        R"({"kind": "charter", "caller": "Ann", "winner": "Bob", "bid": 4, "spaces": [12], "lines": null, "each": 4, "total": 20})"));
}

TEST_CASE("CH-3: nobody bid: the corporation stays unchartered") {
    Table t;
    t.Do("p12");
    t.Do("ch -");
    CHECK(t.C(12).status == CorpStatus::Unchartered);
    CHECK(t.Json()["last_auction"]["total"] == 0);
    CHECK(t.Json()["last_auction"]["winner"] == nullptr);
    CHECK(t.Json()["last_auction"]["spaces"] == nlohmann::json::array({12}));
}

TEST_CASE("AU-1: a result is taken only for an auction due or allowed now") {
    Table t;
    CHECK(t.Refused("ch Bob 4") == "AU-1");
    CHECK(t.Refused("di -") == "AU-1");
    CHECK(t.Refused("vo -") == "AU-1");
    CHECK(t.Refused("in -") == "AU-1");
    t.Do("p12");
    CHECK(t.Refused("re Bob 4") == "T-8");  // another auction is due
    t.Do("ch -");
    Table u;
    AnnOpen(u);
    u.Do("di -");
    CHECK(u.Refused("di -") == "AU-1");  // one DiAu a turn
    u.Do("vo Bob 10 5");
    CHECK(u.Refused("vo -") == "AU-1");  // after a sale, none
}

TEST_CASE("AU-2, CG-D22: a bid is at least 1 and a multiple of its step") {
    Table t("game gigabucks players=Ann,Bob,Cy bid-step=2 liq-step=5");
    t.Do("p12");
    CHECK(t.Refused("ch Bob 0") == "AU-2");
    CHECK(t.Refused("ch Bob 3") == "AU-2");
    t.Do("ch Bob 2");
    CHECK(t.Json()["players"][0]["max_bid"]["charter"] == 150);  // CH-5: 302 / 2 = 151, down to a multiple of 2
}

TEST_CASE("AU-3, CG-D9, CH-5: no credit: the winner must pay the whole obligation from cash") {
    Table t("game gigabucks players=Ann,Bob,Cy,Dee,Eve,Fay");
    t.Do("count Bob=18 Ann=582");
    t.Do("p12");
    const GameState before = t.S();
    const rutland::SubmitResult r = t.ledger->SubmitLine("ch Bob 4");
    CHECK(!r.accepted);
    CHECK(r.rejection.ToString() == "Bob cannot pay 4 to each of 5 opponents (20), he has 18 (AU-3)");
    CHECK(t.S() == before);
    CHECK(t.Json()["players"][1]["max_bid"]["charter"] == 3);  // 18 / 5, rounded down
    t.Do("ch Bob 3");
    CHECK(t.P("Bob").cash == 3);
}

TEST_CASE("AU-4, AU-5, CG-D8: the winner is in the game; anyone may win a ChAu, in any order of bidding") {
    Table t;
    t.Do("resign Dee");
    t.Do("p12");
    CHECK(t.Refused("ch Dee 4") == "AU-4");
    t.Do("ch Ann 4");  // the CuPl himself, and the desk never checks who bid first
    CHECK(t.C(12).owner == 0);
}

TEST_CASE("DI-1, DI-2, DI-3, DI-4, DI-5: the diversification example: 5 x 3 lines to each of three opponents, 45") {
    Table t;
    AnnOpen(t);
    CHECK(t.Json()["players"][0]["max_bid"]["diversify"] == 100);  // DI-5: CH-5's figure
    CHECK(t.Json()["players"][1]["max_bid"]["diversify"] == 0);     // Bob owns nothing
    CHECK(t.Refused("di Bob 5 9") == "AU-4");   // DI-2: owns no corporation
    CHECK(t.Refused("di Ann 5 11") == "DI-1");  // not his
    CHECK(t.Refused("di Ann 5 10x0") == "DI-1"); // no line
    CHECK(t.Refused("di Ann 5 99") == "BD-1");
    const Effects& fx = t.Do("di Ann 5 9 10x2");
    CHECK(CountOf(fx, EffectKind::Paid, "DI-3") == 3);
    CHECK(t.P("Ann").cash == 255);
    CHECK(t.P("Bob").cash == 315);
    CHECK(t.C(9).lines == 1);
    CHECK(t.C(10).lines == 2);
    CHECK(t.Json()["last_auction"]["each"] == 15);
    CHECK(t.Json()["last_auction"]["total"] == 45);
    CHECK(t.Json()["last_auction"]["lines"] == 3);
    CHECK(t.Json()["last_auction"]["spaces"] == nlohmann::json::array({9, 10}));
    Table none;
    AnnOpen(none);
    none.Do("di -");  // DI-3: no lines, still the turn's DiAu
    CHECK(none.Json()["last_auction"]["lines"] == 0);
}

TEST_CASE("P-2: lines stay with the corporation whoever owns it, and only grow by diversification") {
    Table t;
    AnnOpen(t);
    t.Do("di Ann 1 5x3");
    t.Do("vo Bob 10 5");
    CHECK(t.C(5).owner == 1);
    CHECK(t.C(5).lines == 3);
}

TEST_CASE("VO-1, VO-2, VO-5, CG-D13: a voluntary sale pays the CuPl only; the seller may not buy") {
    Table t;
    AnnOpen(t);
    CHECK(t.Json()["players"][0]["max_bid"]["liquidation"] == 0);  // VO-5: the CuPl
    CHECK(t.Json()["players"][1]["max_bid"]["liquidation"] == 300);
    CHECK(t.Refused("vo Ann 10 5") == "AU-4");
    CHECK(t.Refused("vo Bob 10") == "VO-2");
    CHECK(t.Refused("vo Bob 10 5 5") == "VO-2");
    CHECK(t.Refused("vo Bob 10 6") == "VO-2");
    CHECK(t.Refused("vo Bob 301 5") == "AU-3");
    CHECK(t.Refused("vo Bob 20 5 min=25") == "AU-2");
    CHECK(t.Refused("vo Bob 25 5 min=25 anyway") == "AU-2");
    CHECK(t.Refused("vo Bob 20 5 anyway") == "AU-2");
    CHECK(t.Refused("vo - min=0") == "AU-2");
    t.Do("vo Bob 20 5 9 min=25 anyway");
    CHECK(t.P("Ann").cash == 320);
    CHECK(t.P("Bob").cash == 280);
    CHECK(t.P("Cy").cash == 300);
    CHECK(t.C(5).owner == 1);
    CHECK(t.C(9).owner == 1);
    CHECK(t.Json()["last_auction"]["total"] == 20);
    CHECK(t.Json()["last_auction"]["each"] == nullptr);
}

TEST_CASE("VO-3: the complicated VoLiAu: the desk checks the minimum and the ownership, never the lists") {
    Table t;
    for (const char* s : {"space 2 owner=Ann", "space 6 owner=Ann", "space 14 owner=Ann", "space 17 owner=Ann", "space 21 owner=Ann",
                          "space 27 owner=Ann", "space 31 owner=Ann", "at Ann 23 turns=1", "r4"})
        t.Do(s);
    t.Do("vo Bob 35 2 14 27 min=35");
    CHECK(t.C(27).owner == 1);
}

TEST_CASE("VO-4: one VoLiAu a turn; with reoffer, another only as the next result and at least 5 below") {
    Table plain;
    AnnOpen(plain);
    plain.Do("vo - min=30");
    CHECK(plain.Refused("vo Bob 25 5 min=25") == "AU-1");
    Table t("game gigabucks players=Ann,Bob,Cy,Dee variants=reoffer");
    AnnOpen(t);
    t.Do("vo - min=30");
    CHECK(t.Refused("vo Bob 26 5 min=26") == "VO-4");
    CHECK(t.Refused("vo Bob 26 5") == "VO-4");
    t.Do("note a correction or a note does not close it");
    t.Do("vo - min=25");
    t.Do("di -");
    CHECK(t.Refused("vo Bob 20 5 min=20") == "VO-4");  // a DiAu result closed the re-offer
    Table one("game gigabucks players=Ann,Bob,Cy,Dee variants=reoffer");
    AnnOpen(one);
    one.Do("vo -");  // min 1: no re-offer can follow
    CHECK(one.Refused("vo Bob 1 5 min=1") == "VO-4");
}
