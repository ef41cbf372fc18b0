// The game file's part of the ruleset (store/store.h): effects as bytes and back, the snapshot, the
// ring's size in the header; and section 18's JSON keys.
#include <doctest/doctest.h>

#include "gigabucks_table.h"
#include "store/store.h"

using namespace gigabucks_test;

TEST_CASE("U-3, DS-5: every payment is an effect naming payer, payee and amount, stored as data and read back the same") {
    Table t;
    SetUpRoyaltyExample(t);
    const Effects fx = t.Do("r7");
    const std::string bytes = GigabucksFile::Encode(fx);
    std::string why;
    const std::optional<Effects> back = GigabucksFile::Decode(bytes, &why);
    REQUIRE_MESSAGE(back, why);
    CHECK(*back == fx);
    bool paid = false;
    for (const Effect& e : fx)
        if (e.kind == EffectKind::Paid) paid = e.player == 0 && e.other == 3 && e.n[0] == 15;
    CHECK(paid);
    std::string tampered = bytes;
    tampered.insert(tampered.size() - 1, " ");
    CHECK(!GigabucksFile::Decode(tampered, &why));
    CHECK(!GigabucksFile::Decode("F2\n", &why));
}

TEST_CASE("BD-1: the ring's size is in the header the file records, and equal states have equal snapshots") {
    Table t("game gigabucks players=Ann,Bob spaces=30");
    CHECK(t.ledger->At(0).line == "game gigabucks players=Ann,Bob spaces=30");
    Table u("game gigabucks players=Ann,Bob spaces=30");
    CHECK(GigabucksFile::Snapshot(t.S()) == GigabucksFile::Snapshot(u.S()));
    u.Do("p3");
    CHECK(GigabucksFile::Snapshot(t.S()) != GigabucksFile::Snapshot(u.S()));
    Table v("game gigabucks players=Ann,Bob spaces=31");
    CHECK(GigabucksFile::Snapshot(t.S()) != GigabucksFile::Snapshot(v.S()));
}

TEST_CASE("DS-2, DS-3: the JSON of section 18 has every key, with bid limits and the forecast for the player to roll") {
    Table t;
    SetUpRoyaltyExample(t);
    t.Do("space 3-4 owner=Ann lines=1,1");
    t.Do("at Bob 10 turns=1");
    t.Do("space 18 owner=Cy lines=3");
    t.Do("r7");
    const nlohmann::json j = t.Json();
    for (const char* key : {"game", "spaces", "settings", "current_player", "phase", "to_roll", "to_roll_kind", "turn", "due",
                            "pending_resignations", "players", "corporations", "conglomerates", "pool", "remainders", "money_total",
                            "last_royalty", "last_auction", "forecast", "winner"})
        CHECK_MESSAGE(j.contains(key), key);
    CHECK(j["players"][0]["cash"] == 285);
    CHECK(j["players"][0]["corporations"] == nlohmann::json::array({3, 4}));
    CHECK(j["players"][0]["lines"] == 2);
    CHECK(j["players"][0]["max_bid"] == nlohmann::json::parse(R"({"charter": 95, "diversify": 95, "liquidation": 0})"));
    CHECK(j["corporations"]["28"] == nlohmann::json::parse(R"({"owner": "Dee", "status": "chartered", "lines": 4, "token": "Ann"})"));
    CHECK(j["to_roll"] == "Bob");
    CHECK(j["to_roll_kind"] == "roll");
    // Bob on 10: a roll of 8 comes to 18, Cy's, one line... three lines: a royalty of 3.
    CHECK(j["forecast"]["8"] == nlohmann::json::parse(R"({"space": 18, "landed": "opponent", "owner": "Cy", "royalty": 3})"));
    CHECK(j["forecast"]["2"] == nlohmann::json::parse(R"({"space": 12, "landed": "unchartered", "owner": null, "royalty": 0})"));
    CHECK(j["forecast"].size() == 11);
}

TEST_CASE("DS-1, DS-4: what the desk shows of the turn and the ring is in the state: turn, due, held resignations, mover; owners, lines, tokens, inactive marks") {
    Table t;
    t.Do("space 20 owner=inactive lines=2");
    t.Do("space 21 owner=Cy lines=1");
    t.Do("at Ann 12 turns=1");
    t.Do("r8");  // 20: inactive
    nlohmann::json j = t.Json();
    CHECK(j["turn"] == nlohmann::json::parse(R"({"player": "Ann", "kind": "inflexible", "roll": 8, "space": 20, "landed": "inactive"})"));
    CHECK(j["due"] == nlohmann::json::parse(R"([{"kind": "reactivation", "space": 20}])"));
    CHECK(j["to_roll"] == nullptr);
    CHECK(j["corporations"]["20"] == nlohmann::json::parse(R"({"owner": null, "status": "inactive", "lines": 2, "token": "Ann"})"));
    CHECK(j["corporations"]["21"] == nlohmann::json::parse(R"({"owner": "Cy", "status": "chartered", "lines": 1, "token": null})"));
    t.Do("re -");
    t.Do("resign Bob");
    j = t.Json();
    CHECK(j["phase"] == "open");
    CHECK(j["pending_resignations"] == nlohmann::json::array({"Bob"}));
    CHECK(j["to_roll"] == "Cy");
    CHECK(j["to_roll_kind"] == "place");
}

TEST_CASE("DS-6, CG-D20: the players' view shows no cash, bid limit or shortfall unless open-money; owners, lines, tokens and the total always") {
    const auto play = [](Table& t) {
        t.Do("space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6");
        t.Do("space 3 owner=Ann lines=1");
        t.Do("count Ann=10 Cy=590");
        t.Do("at Ann 21 turns=1");
        t.Do("r7");  // 15 owed, 10 in hand: 5 short
    };
    Table closed;
    play(closed);
    const nlohmann::json shown = nlohmann::json::parse(PublicJson(closed.S()).dump());
    CHECK(!shown["players"][0].contains("cash"));
    CHECK(!shown["players"][0].contains("max_bid"));
    CHECK(!shown["due"][0].contains("short"));
    CHECK(shown["due"][0]["amount"] == 15);
    CHECK(shown["corporations"]["28"]["token"] == "Ann");
    CHECK(shown["money_total"] == 1200);
    CHECK(closed.Json()["players"][0]["cash"] == 10);  // the keeper's JSON keeps them
    Table open("game gigabucks players=Ann,Bob,Cy,Dee variants=open-money");
    play(open);
    const nlohmann::json all = nlohmann::json::parse(PublicJson(open.S()).dump());
    CHECK(all["players"][0]["cash"] == 10);
    CHECK(all["due"][0]["short"] == 5);
}
