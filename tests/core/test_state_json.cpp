// The state as JSON: the keys and meanings of COMMANDS.md are a contract.
#include <doctest/doctest.h>

#include "table_fixture.h"

using rutland::testing::Table;

TEST_CASE("state JSON: the keys of COMMANDS.md, money in cents, holdings in shares") {
    Table t("game players=Ann,Bob");
    t.Play("board @market-1 trend=UUUU bid=YBRG");
    t.Play("roll 3 4 2 @fulwell\nbuy B 10k\nbuy R bond 20k\nend\nroll 1 2 3 @market-1\nshort R 5k");
    const nlohmann::json j = rutland::StateToJson(t.State());
    for (const char* key : {"year", "volatility", "current_player", "winner", "prices", "listed", "players",
                            "margin_accounts", "tray", "pending"})
        CHECK_MESSAGE(j.contains(key), key);
    CHECK(j["year"] == 1);
    CHECK(j["volatility"] == "normal");
    CHECK(j["current_player"] == "Bob");
    CHECK(j["winner"].is_null());
    CHECK(j["prices"]["blue"] == 235);  // $2.20 + 3 ticks
    CHECK(j["prices"]["red"] == 125 - 5);
    CHECK(j["listed"]["green"] == true);
    const auto& ann = j["players"][0];
    for (const char* key : {"name", "cash", "space", "common", "preferred", "bonds", "shorts", "directorships",
                            "escrow", "proxies", "options", "net_worth"})
        CHECK_MESSAGE(ann.contains(key), key);
    CHECK(ann["name"] == "Ann");
    CHECK(ann["cash"] == (100000 - 21000 - 20000) * 100);
    CHECK(ann["space"] == "Fulwell");
    CHECK(ann["common"]["blue"] == 10000);
    CHECK(ann["preferred"].size() == 2);
    CHECK(ann["bonds"]["red"] == 2000000);  // debentures, face in cents
    CHECK(ann["escrow"].is_null());
    CHECK(ann["proxies"] == nlohmann::json::array({"Fulwell"}));
    CHECK(ann["options"].is_array());
    // Net worth: cash + 10,000 Blue at $2.35 + $20,000 debentures.
    CHECK(ann["net_worth"] == (59000 + 23500 + 20000) * 100);
    const auto& bob = j["players"][1];
    CHECK(bob["shorts"]["red"] == 5000);
    CHECK(bob["space"] == "Market 1");
    // Bob's short: $6,250 held against 5,000 Red now at $1.20.
    CHECK(bob["net_worth"] == (100000 + 6250 - 6000) * 100);
    CHECK(j["margin_accounts"]["red"] == 625000);
    CHECK(j["tray"]["blue"]["common"] == 150000);
    CHECK(j["tray"]["blue"]["preferred"] == 80000);
    CHECK(j["tray"]["red"]["bonds"] == 6000000);
    CHECK(j["pending"].is_array());
}
