// The round end (RULES.md section 9, Rule 11), bonus shares (section 10, Rule 12) and bankruptcy
// (section 11, Rule 13). Board of BD-5: price £10 x level, PAR 100 at 10, £200 at 20, MARKET NEWS
// 21, SLUMP 22, 5% 23, 10% 24, TOP 25. Every figure below is worked out by hand in the comments.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

namespace {

// Rule 11's table, one company in each row: Ann holds 2 White, Bob 1 Blue, then Bob's throw of
// White ends the round.
void PlayTheTable(Table& t) {
    t.Do("buy W 2");        // Ann: 300 - 2 x 105 = 90
    t.Do("r1");             // Red 10 -> 11; Bob to throw
    t.Do("buy B 1");        // Bob: 300 - 105 = 195
    t.Do("peg W traveller=L20");
    t.Do("peg R traveller=10");     // 24, opposite 10%
    t.Do("peg B traveller=5");      // 23, opposite 5%
    t.Do("peg G traveller=news");   // 21
    t.Do("peg Y traveller=L15");    // below MARKET NEWS
    // Black stays on its parent.
    t.Do("w5");             // Bob: White 20 + 5 = 25, TOP: the round ends
}

} // namespace

TEST_CASE("RE-1, RE-2, RE-3, Rule 11: dividends on the £100 par per certificate and the parents moved, row by row") {
    Table t;
    PlayTheTable(t);
    const auto j = t.Json();
    const auto& last = j["last_round"];
    // TOP: £20 a certificate, 2 up: White 10 -> 12 (£120).
    CHECK(last["companies"]["white"] == nlohmann::ordered_json{{"at", "top"}, {"dividend", 20}, {"move", 2}, {"bonus", nullptr}, {"bankrupt", false}});
    CHECK(t.Co('W').parent == 12);
    // 10%: £10, 1 up: Red 10 -> 11.  5%: £5, 1 up: Blue 10 -> 11.
    CHECK(last["companies"]["red"]["dividend"] == 10);
    CHECK(t.Co('R').parent == 11);
    CHECK(last["companies"]["blue"]["at"] == "5%");
    CHECK(last["companies"]["blue"]["dividend"] == 5);
    CHECK(t.Co('B').parent == 11);
    // MARKET NEWS: nothing, stays: Green 10.  Below MARKET NEWS: 1 down: Yellow 9 (£90).
    CHECK(last["companies"]["green"]["move"] == 0);
    CHECK(t.Co('G').parent == 10);
    CHECK(last["companies"]["yellow"]["at"] == "below");
    CHECK(last["companies"]["yellow"]["move"] == -1);
    CHECK(t.Co('Y').parent == 9);
    // Still on its parent: 2 down: Black 8 (£80).
    CHECK(last["companies"]["black"]["at"] == "parent");
    CHECK(last["companies"]["black"]["move"] == -2);
    CHECK(t.S().Price(5) == Pounds(80));
    // Dividends on par, never the market price: Ann 2 x £20 = 40 (90 -> 130); Bob 1 x £5 (195 -> 200).
    CHECK(t.P("Ann").cash == Pounds(130));
    CHECK(t.P("Bob").cash == Pounds(200));
    CHECK(t.P("Cy").cash == Pounds(300));
    CHECK(last["round"] == 1);
    CHECK(last["ended_by"] == "Bob");
}

TEST_CASE("RE-4, F-D18: opposite SLUMP without the card settles as below MARKET NEWS") {
    Table t;
    t.Do("peg Y traveller=slump");  // a correction put it there
    t.Do("peg W traveller=L20");
    t.Do("w5");
    CHECK(t.Json()["last_round"]["companies"]["yellow"]["at"] == "slump");
    CHECK(t.Json()["last_round"]["companies"]["yellow"]["move"] == -1);
    CHECK(t.Json()["last_round"]["companies"]["yellow"]["dividend"] == 0);
    CHECK(t.Co('Y').parent == 9);
}

TEST_CASE("RE-5, RE-6: then every traveller is on its parent, the cards are back, round 2; a stoppage; the next player starts") {
    Table t;
    PlayTheTable(t);
    for (const Company& c : t.S().companies) {
        CHECK(c.traveller == c.parent);
        CHECK_FALSE(c.anti_slump);
    }
    CHECK(t.S().round == 2);
    CHECK(t.S().stoppage);
    CHECK(t.Json()["current_player"] == "Cy");  // next to Bob, whose throw ended the round
    t.Do("Cy: buy R 1");  // his first trade ends the stoppage
    CHECK_FALSE(t.S().stoppage);
}

TEST_CASE("RE-7, F-D12: company by company in lane order; each settlement touches only its holders, pegs and certificates") {
    Table t;
    PlayTheTable(t);
    const Effects& fx = t.ledger->At(t.ledger->Size() - 1).effects;
    std::vector<int> order;
    for (const Effect& e : fx)
        if (e.kind == EffectKind::Settled) order.push_back(e.company);
    CHECK(order == std::vector<int>{0, 1, 2, 3, 4, 5});
    for (const Effect& e : fx)
        if (e.kind == EffectKind::Dividend) CHECK(t.S().players[static_cast<size_t>(e.player)].certificates[static_cast<size_t>(e.company)] > 0);
}

TEST_CASE("BN-1, BN-2, F-D13, Rule 12: a parent reaching £200 issues bonus shares one for one and goes into the PAR 100 hole") {
    Table t;
    t.Do("buy W 2");  // Ann 90
    t.Do("peg W price=190 traveller=L20");
    t.Do("w5");       // Ann: TOP. White £20 x 2 = 40 (130); 2 up from 19 reaches 20: bonus, the rest dropped
    CHECK(t.P("Ann").cash == Pounds(130));
    CHECK(t.Certs("Ann", 'W') == 4);        // one more for each held
    CHECK(t.Co('W').reserve == 7);          // 9 - 2
    CHECK(t.Co('W').stock == 1);            // untouched (BN-4's default)
    CHECK(t.Co('W').parent == 10);          // the PAR 100 hole
    CHECK(t.S().Price(0) == Pounds(100));
    CHECK(t.Json()["last_round"]["companies"]["white"]["bonus"] == "shares");
    // Capital: 130 + 4 x £100 = 530.
    CHECK(t.S().Capital(0) == Pounds(530));
}

TEST_CASE("BN-3, F-D4, Rule 12 note: short of reserve certificates, £100 a certificate held in cash; the reserve untouched") {
    // Rule 12's note: 7 players, 12 certificates: sale stock 7, reserve 5. Ann, Bob and Cy buy 2
    // each (6 held): the reserve cannot meet the issue.
    Table t("game flutter players=Ann,Bob,Cy,Dee,Eve,Fay,Gus");
    CHECK(t.Co('W').reserve == 5);
    t.Do("buy W 2");
    t.Do("r1");
    t.Do("buy W 2");
    t.Do("r1");
    t.Do("buy W 2");
    t.Do("r1");       // Red at 13
    t.Do("peg W price=190 traveller=L20");
    t.Do("w5");       // Dee: TOP, White 19 + 2 reaches £200
    // Each holder: 2 x £20 dividend + 2 x £100 bonus in cash: 90 + 40 + 200 = 330.
    CHECK(t.P("Ann").cash == Pounds(330));
    CHECK(t.P("Cy").cash == Pounds(330));
    CHECK(t.P("Dee").cash == Pounds(300));
    CHECK(t.Certs("Ann", 'W') == 2);
    CHECK(t.Co('W').reserve == 5);
    CHECK(t.Json()["last_round"]["companies"]["white"]["bonus"] == "cash");
    CHECK(t.Co('W').parent == 10);
}

TEST_CASE("BN-4: the sale stock takes no part, unless the variant bonus-from-stock (the reserve first)") {
    // box=4, 3 players: sale stock 3, reserve 1. Ann holds 2.
    Table plain("game flutter players=Ann,Bob,Cy box=4");
    plain.Do("buy W 2");
    plain.Do("peg W price=190 traveller=L20");
    plain.Do("w5");
    CHECK(plain.Certs("Ann", 'W') == 2);               // reserve 1 < 2: cash instead
    CHECK(plain.P("Ann").cash == Pounds(90 + 40 + 200));
    Table variant("game flutter players=Ann,Bob,Cy box=4 variants=bonus-from-stock");
    variant.Do("buy W 2");
    variant.Do("peg W price=190 traveller=L20");
    variant.Do("w5");
    CHECK(variant.Certs("Ann", 'W') == 4);             // 1 from the reserve, then 1 from the sale stock
    CHECK(variant.Co('W').reserve == 0);
    CHECK(variant.Co('W').stock == 0);
    CHECK(variant.P("Ann").cash == Pounds(90 + 40));
}

TEST_CASE("BK-1, BK-3, Rule 13: a parent reaching the bottom bankrupts the company; its certificates leave the game, worth nothing") {
    Table t;
    t.Do("r1");             // Ann
    t.Do("buy K 1");        // Bob 195
    t.Do("peg K price=10"); // on its parent at level 1: 2 down passes the bottom
    t.Do("peg W traveller=L20");
    t.Do("w5");             // Bob ends the round
    CHECK(t.Co('K').bankrupt);
    CHECK(t.Certs("Bob", 'K') == 0);
    CHECK(t.Co('K').stock == 0);
    CHECK(t.Co('K').reserve == 0);
    const auto j = t.Json();
    CHECK(j["prices"]["black"] == 0);
    CHECK(j["levels"]["black"].is_null());
    CHECK(j["traveller_at"]["black"].is_null());
    CHECK(j["bankrupt"] == nlohmann::ordered_json::array({"black"}));
    CHECK(j["last_round"]["companies"]["black"]["bankrupt"] == true);
    // Bob's capital: 195 cash, nothing for Black.
    CHECK(t.S().Capital(1) == Pounds(195));
    // A later round's settlement leaves Black out.
    t.Do("peg W traveller=L20");
    t.Do("w5");
    CHECK_FALSE(t.Json()["last_round"]["companies"].contains("black"));
}
