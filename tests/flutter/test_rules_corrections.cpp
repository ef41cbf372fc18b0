// Corrections, the table's count (RULES.md section 13): what the table shows is recorded; a cash
// difference goes to or from the bank, a certificate difference to or from the sale stock.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

TEST_CASE("X-1: count and peg record the table; differences go to the bank or the sale stock; nothing else happens") {
    Table t;
    const Effects& cash = t.Do("count Ann cash=250");
    CHECK(t.P("Ann").cash == Pounds(250));
    CHECK(t.S().bank_paid == Pounds(-50));  // the £50 went back to the bank
    CHECK(cash.size() == 1);
    t.Do("count Ann W=2 R=1");
    CHECK(t.Certs("Ann", 'W') == 2);
    CHECK(t.Co('W').stock == 1);  // 3 - 2
    CHECK(t.Co('R').stock == 2);
    // A peg onto MARKET NEWS or TOP would draw nothing: no card, no round end.
    t.Do("peg G traveller=news");
    CHECK(t.S().pending.kind == Pending::Kind::None);
    // A parent moved by a peg takes its traveller on it along; no bonus at a high price.
    t.Do("peg Y price=190");
    CHECK(t.Co('Y').traveller == 19);
    CHECK(t.Json()["current_player"] == "Ann");  // no pass
    t.Do("player Cy");
    CHECK(t.Json()["current_player"] == "Cy");
}

TEST_CASE("X-2: a correction must leave a legal table") {
    Table t;
    CHECK(t.Refused("count Ann W=4") == "X-2");         // the sale stock would be 3 - 4
    CHECK(t.Refused("count Ann cash=252") == "U-1");
    CHECK(t.Refused("count Ann cash=-5") == "X-2");      // cash >= £0
    CHECK(t.Refused("count Ann W=-1") == "X-2");         // certificates >= 0
    CHECK(t.Refused("count Zed cash=100") == "L-1");
    CHECK(t.Refused("count Ann Q=1") == "L-1");
    CHECK(t.Refused("peg W price=125") == "X-2");       // no level shows £125
    CHECK(t.Refused("peg W price=123") == "U-1");
    CHECK(t.Refused("peg W price=200") == "X-2");       // not below the £200 level
    CHECK(t.Refused("peg W price=0") == "X-2");         // not above the bottom
    CHECK(t.Refused("peg W traveller=top") == "X-2");
    t.Do("peg W traveller=L15");
    CHECK(t.Refused("peg W price=160") == "X-2");       // the traveller (15) would be below its parent (16)
    CHECK(t.Refused("peg W traveller=L5") == "X-2");
    CHECK(t.Refused("player Zed") == "L-1");
    t.Do("peg K price=10 traveller=L19");
    t.Do("k2");
    t.Do("n pd1");  // Black bankrupt
    CHECK(t.Refused("peg K price=100") == "X-2");
    CHECK(t.Refused("count Ann K=1") == "X-2");
}

TEST_CASE("X-3: corrections are shown as such in the ledger and in the round's words") {
    Table t;
    const Effects fx = t.Do("count Bob cash=280 B=1");
    REQUIRE(fx.size() == 2);
    for (const Effect& e : fx) {
        CHECK(e.rule == "X-1");
        CHECK(EffectText(e, t.S()).rfind("count: ", 0) == 0);
    }
    const Effects peg = t.Do("peg R price=120");
    CHECK(EffectText(peg[0], t.S()).rfind("peg: ", 0) == 0);
    CHECK(t.ledger->At(t.ledger->Size() - 1).line == "peg R price=120");
}

TEST_CASE("L-2: undo and redo the last n accepted commands, each whole; nothing to undo or redo is rejected") {
    Table t;
    t.Do("buy W 1");
    t.Do("peg W traveller=L20");
    t.Do("w5");  // a round-ending throw with its settlement: one command
    CHECK(t.S().round == 2);
    t.Do("undo");
    CHECK(t.S().round == 1);
    CHECK(t.Co('W').traveller == 20);
    CHECK(t.P("Ann").cash == Pounds(195));
    t.Do("redo");
    CHECK(t.S().round == 2);
    CHECK(t.P("Ann").cash == Pounds(215));  // 195 + £20 on 1 White at TOP
    CHECK(t.Refused("redo") == "L-2");
    CHECK(t.Refused("undo 4") == "L-2");  // only 3 commands
    t.Do("undo 3");
    CHECK(t.S() == Table().S());
    t.Do("redo 2");
    CHECK(t.Co('W').traveller == 20);
    t.Do("r1");  // a newer command clears the redo
    CHECK(t.Refused("redo") == "L-2");
}
