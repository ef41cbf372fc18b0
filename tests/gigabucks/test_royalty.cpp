// Royalties, involuntary liquidation and bankruptcy (RULES.md sections 10 and 11).
#include <doctest/doctest.h>

#include "gigabucks_table.h"

using namespace gigabucks_test;

TEST_CASE("RY-2, RY-3, RY-5, CG-D11: §7's example: landing on 28 of 24-31 costs 15, the sum of the minima") {
    Table t;
    SetUpRoyaltyExample(t);
    const Effects& fx = t.Do("r7");
    CHECK(CountOf(fx, EffectKind::RoyaltyFigured, "RY-2") == 1);
    CHECK(CountOf(fx, EffectKind::Paid, "RY-5") == 1);
    CHECK(t.P("Ann").cash == 285);
    CHECK(t.P("Dee").cash == 315);
    CHECK(t.Json()["last_royalty"] == nlohmann::json::parse(R"({"payer": "Ann", "owner": "Dee", "space": 28, "rule": "minimum",
        "amount": 15, "parts": {"24": 0, "25": 0, "26": 2, "27": 3, "28": 4, "29": 4, "30": 1, "31": 1}, "paid": 15, "outcome": "paid"})"));
    CHECK(t.Json()["turn"]["landed"] == "opponent");
    CHECK(t.Json()["phase"] == "open");  // auctions may follow a paid royalty (CG-D6)
}

TEST_CASE("RY-3, RY-5: landing on 25 instead, nothing is due: every minimum includes 25's zero") {
    Table t;
    SetUpRoyaltyExample(t);
    t.Do("r4");
    CHECK(t.Json()["last_royalty"]["amount"] == 0);
    CHECK(t.Json()["last_royalty"]["outcome"] == "none");
    CHECK(t.P("Ann").cash == 300);
}

TEST_CASE("RY-6: royalty=simple: 2 x 4 + 21 = 29 (on 25: 25); royalty=product: 4 x 25 = 100 (on 25: 0)") {
    const std::tuple<const char*, const char*, int> cases[] = {
        {"simple", "r7", 29}, {"simple", "r4", 25}, {"product", "r7", 100}, {"product", "r4", 0}};
    for (const auto& c : cases) {
        // Named copies, not structured bindings: clang 14 cannot capture a structured binding in a lambda,
        // and CHECK_MESSAGE captures what it prints.
        const char* rule = std::get<0>(c);
        const char* roll = std::get<1>(c);
        const int amount = std::get<2>(c);
        Table t(std::string("game gigabucks players=Ann,Bob,Cy,Dee royalty=") + rule);
        SetUpRoyaltyExample(t);
        t.Do(roll);
        CHECK_MESSAGE(t.Json()["last_royalty"]["amount"] == amount, rule << " " << roll);
        CHECK(t.Json()["last_royalty"]["rule"] == rule);
    }
}

TEST_CASE("RY-7: unit=2 doubles royalties; bids stay in whole G") {
    Table t("game gigabucks players=Ann,Bob,Cy,Dee cash=600 unit=2");
    SetUpRoyaltyExample(t);
    t.Do("r7");
    CHECK(t.Json()["last_royalty"]["amount"] == 30);
    CHECK(t.P("Ann").cash == 570);
}

TEST_CASE("RY-1: a conglomerate is a run of one owner's corporations; 41 and 0 are consecutive; another owner ends it") {
    Table t;
    t.Do("space 40-41 owner=Dee lines=1,2");
    t.Do("space 0-1 owner=Dee lines=3,1");
    t.Do("space 2 owner=Cy lines=5");
    t.Do("space 3 owner=Dee lines=7");
    CHECK(t.Json()["conglomerates"] == nlohmann::json::parse(R"([{"owner": "Cy", "spaces": [2], "lines": 5},
        {"owner": "Dee", "spaces": [3], "lines": 7}, {"owner": "Dee", "spaces": [40, 41, 0, 1], "lines": 7}])"));
    t.Do("at Ann 36 turns=1");
    t.Do("r7");  // 43 - 42 = 1: minima from 1: 1 (40), 1 (41), 1 (0), 1 (1)
    CHECK(t.Json()["last_royalty"]["amount"] == 4);
}

TEST_CASE("CG-D12: a conglomerate filling the whole ring: each space by the larger of its two minima") {
    Table t("game gigabucks players=Ann,Dee spaces=12");
    t.Do("space 0-11 owner=Dee lines=2,2,2,2,2,0,2,2,2,2,2,2");
    t.Do("at Ann 0 turns=1");
    t.Do("r2");  // on 2: every space but 5 is reached one way or the other without passing 5's zero
    CHECK(t.Json()["last_royalty"]["amount"] == 22);
    CHECK(t.Json()["conglomerates"][0]["spaces"][0] == 0);
}

TEST_CASE("RY-4: the royalty is figured at the landing and never adjusted for a later auction") {
    Table t;
    SetUpRoyaltyExample(t);
    t.Do("r7");
    t.Do("di Dee 1 25x3");
    CHECK(t.Json()["last_royalty"]["amount"] == 15);
    CHECK(t.P("Ann").cash == 288);  // 285, and Dee's 1 x 3 lines as an opponent
}

TEST_CASE("IN-1, IN-2, IN-3, IN-4, T-10: a royalty the CuPl cannot pay: InLiAus until his cash covers it, then his turn ends") {
    Table t("game gigabucks players=Ann,Bob,Cy cash=10");
    t.Do("space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6");
    t.Do("space 3-4 owner=Ann lines=1,1");
    t.Do("at Ann 21 turns=1");
    t.Do("r7");
    CHECK(t.Json()["phase"] == "due");
    CHECK(t.Json()["due"] == nlohmann::json::parse(R"([{"kind": "royalty", "space": 28, "to": "Bob", "amount": 15, "short": 5}])"));
    CHECK(t.Json()["last_royalty"]["outcome"] == "due");
    CHECK(t.Refused("in Ann 3 3") == "AU-4");
    CHECK(t.Refused("in Cy 3 5") == "IN-2");
    CHECK(t.Refused("in Cy 11 3") == "AU-3");
    CHECK(t.Refused("ch Cy 3") == "T-8");
    t.Do("in Cy 3 3");
    CHECK(t.Json()["due"][0]["short"] == 2);
    t.Do("in Bob 4 4");  // the creditor may bid
    CHECK(t.P("Ann").cash == 2);
    CHECK(t.P("Bob").cash == 21);
    CHECK(t.P("Cy").cash == 7);
    CHECK(t.Json()["last_royalty"]["paid"] == 15);
    CHECK(t.Json()["phase"] == "start");
    CHECK(t.S().current == 1);
}

TEST_CASE("IN-5: nobody bid: the creditor receives all the CuPl's cash and corporations, and he retires bankrupt") {
    Table t("game gigabucks players=Ann,Bob,Cy cash=10");
    t.Do("space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6");
    t.Do("space 3-4 owner=Ann lines=1,2");
    t.Do("at Ann 21 turns=1");
    t.Do("r7");
    t.Do("in -");
    CHECK(t.P("Ann").status == PlayerStatus::Bankrupt);
    CHECK(t.P("Ann").cash == 0);
    CHECK(t.P("Bob").cash == 20);
    CHECK(t.C(4).owner == 1);
    CHECK(t.C(4).lines == 2);
    CHECK(t.Json()["last_royalty"]["outcome"] == "assets");
    CHECK(t.Json()["last_royalty"]["paid"] == 10);
    CHECK(t.S().current == 1);
}

TEST_CASE("BK-1, BK-2, CG-D17: short with no corporation to sell: all his cash to the owner, bankrupt, his token off the board") {
    Table t("game gigabucks players=Ann,Bob,Cy cash=10");
    t.Do("space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6");
    t.Do("at Ann 21 turns=1");
    t.Do("r7");
    CHECK(t.P("Ann").status == PlayerStatus::Bankrupt);
    CHECK(t.P("Ann").space == -1);
    CHECK(t.P("Bob").cash == 20);
    CHECK(t.Json()["last_royalty"]["outcome"] == "bankrupt");
    CHECK(t.Json()["players"][0]["max_bid"] == nullptr);
    CHECK(t.S().current == 1);
    t.Do("p12");
    t.Do("ch Cy 2");  // Ann is nobody's opponent: Cy pays Bob only
    CHECK(t.P("Cy").cash == 8);
    CHECK(t.P("Ann").cash == 0);
}

TEST_CASE("BK-3, W-1, W-2, CG-D18: the last player in the game wins; then only note, undo and redo; undo reopens it") {
    Table t("game gigabucks players=Ann,Bob cash=10");
    t.Do("space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6");
    t.Do("at Ann 21 turns=1");
    t.Do("r7");
    CHECK(t.Json()["phase"] == "over");
    CHECK(t.Json()["winner"] == "Bob");
    CHECK(t.Json()["current_player"] == nullptr);
    CHECK(t.Json()["to_roll"] == nullptr);
    CHECK(t.Refused("p5") == "W-2");
    CHECK(t.Refused("count Bob=20") == "W-2");
    t.Do("note well played");
    t.Do("undo 2");  // the note and the roll with its bankruptcy and the game's end (L-2)
    CHECK(t.Json()["phase"] == "start");
    CHECK(t.P("Ann").status == PlayerStatus::Active);
    CHECK(t.Json()["winner"] == nullptr);
}
