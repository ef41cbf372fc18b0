// The JSON state of RULES.md section 16, a contract: every key, with values worked out by hand.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

TEST_CASE("section 16: the state after a round end and a claim, every key as specified") {
    Table t("game flutter players=Ann,Bob,Cy target=350");
    t.Do("buy W 2");             // Ann 300 - 210 = 90; White stock 1
    t.Do("r1");                  // Red 11
    t.Do("buy B 1");             // Bob 195; Blue stock 2
    t.Do("peg W traveller=L20");
    t.Do("peg B traveller=5");
    t.Do("w5");                  // Bob: White TOP, the round ends
    t.Do("claim Ann");
    // Settlement: White TOP £20, 2 up -> 12 (£120); Red below (11 is not on its parent 10), 1 down
    // -> 9; Blue 5% £5, 1 up -> 11; Green, Yellow, Black on their parents, 2 down -> 8.
    // Ann 90 + 40 = 130, capital 130 + 2 x 120 = 370. Bob 195 + 5 = 200, capital 200 + 110 = 310.
    const nlohmann::ordered_json expected = nlohmann::ordered_json::parse(R"({
        "game": "flutter", "board": "provisional", "board_verified": false,
        "round": 2, "current_player": "Cy", "stoppage": true, "target": 350,
        "prices": {"white": 120, "red": 90, "blue": 110, "green": 80, "yellow": 80, "black": 80},
        "levels": {"white": {"parent": 12, "traveller": 12}, "red": {"parent": 9, "traveller": 9},
                   "blue": {"parent": 11, "traveller": 11}, "green": {"parent": 8, "traveller": 8},
                   "yellow": {"parent": 8, "traveller": 8}, "black": {"parent": 8, "traveller": 8}},
        "traveller_at": {"white": "parent", "red": "parent", "blue": "parent", "green": "parent",
                         "yellow": "parent", "black": "parent"},
        "bankrupt": [], "anti_slump": [],
        "broker_stock": {"white": 1, "red": 3, "blue": 2, "green": 3, "yellow": 3, "black": 3},
        "reserve": {"white": 9, "red": 9, "blue": 9, "green": 9, "yellow": 9, "black": 9},
        "players": [
            {"name": "Ann", "cash": 130, "certificates": {"white": 2, "red": 0, "blue": 0, "green": 0, "yellow": 0, "black": 0}, "capital": 370},
            {"name": "Bob", "cash": 200, "certificates": {"white": 0, "red": 0, "blue": 1, "green": 0, "yellow": 0, "black": 0}, "capital": 310},
            {"name": "Cy", "cash": 300, "certificates": {"white": 0, "red": 0, "blue": 0, "green": 0, "yellow": 0, "black": 0}, "capital": 300}],
        "pending": [],
        "last_throw": {"player": "Bob", "company": "white", "number": 5},
        "last_round": {"round": 1, "ended_by": "Bob", "companies": {
            "white": {"at": "top", "dividend": 20, "move": 2, "bonus": null, "bankrupt": false},
            "red": {"at": "below", "dividend": 0, "move": -1, "bonus": null, "bankrupt": false},
            "blue": {"at": "5%", "dividend": 5, "move": 1, "bonus": null, "bankrupt": false},
            "green": {"at": "parent", "dividend": 0, "move": -2, "bonus": null, "bankrupt": false},
            "yellow": {"at": "parent", "dividend": 0, "move": -2, "bonus": null, "bankrupt": false},
            "black": {"at": "parent", "dividend": 0, "move": -2, "bonus": null, "bankrupt": false}}},
        "claims": [{"name": "Ann", "capital": 370}], "winner": "Ann", "winners": ["Ann"]
    })");
    nlohmann::ordered_json got = t.Json();
    // Extra keys are welcome (section 16); these keys and meanings are fixed.
    for (const auto& item : expected.items()) {
        const std::string key = item.key();
        CAPTURE(key);
        REQUIRE(got.contains(key));
        CHECK(got[key] == item.value());
    }
    // The key order of section 16's example.
    std::vector<std::string> order;
    for (const auto& [key, value] : got.items()) order.push_back(key);
    std::vector<std::string> expected_order;
    for (const auto& [key, value] : expected.items()) expected_order.push_back(key);
    CHECK(std::vector<std::string>(order.begin(), order.begin() + static_cast<long>(expected_order.size())) == expected_order);
}

TEST_CASE("section 16: pending news names the company and the thrower; before any throw last_throw and last_round are null") {
    Table t;
    auto j = t.Json();
    CHECK(j["last_throw"].is_null());
    CHECK(j["last_round"].is_null());
    CHECK(j["winner"].is_null());
    CHECK(j["winners"].empty());
    CHECK(j["claims"].empty());
    CHECK(j["stoppage"] == false);
    t.Do("r1");
    t.Do("w4");  // Bob: White 14 (M) -> MARKET NEWS
    j = t.Json();
    CHECK(j["pending"] == nlohmann::ordered_json::parse(R"([{"kind":"news","company":"white","player":"Bob"}])"));
    CHECK(j["traveller_at"]["white"] == "news");
    CHECK(j["levels"]["white"] == nlohmann::ordered_json::parse(R"({"parent":10,"traveller":21})"));
}
