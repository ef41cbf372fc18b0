// Market News (RULES.md section 7, Rule 9): the broker types the card's effects (F-D7), which act
// in order on that company only. Board of BD-5: MARKET NEWS 21, SLUMP 22, TOP 25, PAR 100 at 10.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

TEST_CASE("N-1: `news` with no card pending, or for another company, is rejected") {
    Table t;
    CHECK(t.Refused("news up 2") == "N-1");
    t.Do("w4");  // White at MARKET NEWS
    CHECK(t.Refused("news R up 2") == "N-1");
    CHECK(t.Refused("news Q up 2") == "L-1");
    t.Do("news W up 1");
}

TEST_CASE("N-2, F-D7: the broker types the card's effects; each acts on that company only") {
    Table t;
    t.Do("buy W 2");  // Ann 90
    t.Do("r1");       // Red 10 -> 11; Bob to throw
    t.Do("Bob: buy W 1");  // Bob 195
    t.Do("w4");            // Bob throws White: 14 (M) -> 21, a card
    // dividend £15 a certificate: Ann 2 x 15 = 30 (90 -> 120), Bob 1 x 15 = 15 (195 -> 210).
    const Effects& fx = t.Do("news dividend 15, down 3, anti-slump");
    CHECK(t.P("Ann").cash == Pounds(120));
    CHECK(t.P("Bob").cash == Pounds(210));
    CHECK(t.P("Cy").cash == Pounds(300));
    CHECK(CountOf(fx, EffectKind::Dividend, "N-2") == 2);
    CHECK(t.Co('W').traveller == 18);  // 21 - 3
    CHECK(t.Co('W').anti_slump);
    CHECK(t.Co('R').traveller == 11);  // other companies untouched
    CHECK_FALSE(t.Co('R').anti_slump);
    CHECK(t.Json()["current_player"] == "Cy");
    // U-1: a card's dividend must be in £5.
    t.Do("peg G traveller=L19");
    t.Do("g2");
    CHECK(t.Refused("n div12") == "U-1");
}

TEST_CASE("N-3, F-D20: a card's parent move acts at once; a traveller on its parent moves with it; a parent carries its traveller") {
    Table t;
    t.Do("w4");
    t.Do("n pu2");  // parent 10 -> 12: £120 at once
    CHECK(t.Co('W').parent == 12);
    CHECK(t.S().Price(0) == Pounds(120));
    CHECK(t.Co('W').traveller == 21);  // above it: stays
    t.Do("peg R traveller=L19");
    t.Do("r2");          // Bob: 21, a card
    t.Do("n d20 pu3");   // down stops on the parent (10); the parent then carries it: 13, 13
    CHECK(t.Co('R').parent == 13);
    CHECK(t.Co('R').traveller == 13);
    t.Do("peg B traveller=L19");
    t.Do("b2");          // Cy
    t.Do("n d4 pu8");    // 21 -> 17; the parent 10 -> 18 passes it and carries it to 18
    CHECK(t.Co('B').parent == 18);
    CHECK(t.Co('B').traveller == 18);
}

TEST_CASE("N-4, F-D8: the anti-slump card stays with the company until its round-end settlement, then goes back") {
    Table t;
    t.Do("w4");
    t.Do("n as d4");  // anti-slump; 21 -> 17
    CHECK(t.Json()["anti_slump"] == nlohmann::ordered_json::array({"white"}));
    t.Do("w5");       // Bob: 17 + 5 = 22 SLUMP: held (SL-3)
    CHECK(t.Co('W').traveller == 22);
    CHECK(t.Co('W').anti_slump);  // protecting every time, not spent
    t.Do("peg R traveller=L20");
    t.Do("r5");  // Cy: 25 TOP, the round ends; White settles opposite SLUMP with the card: £10, 1 up
    CHECK(t.Json()["last_round"]["companies"]["white"]["at"] == "slump");
    CHECK(t.Json()["last_round"]["companies"]["white"]["dividend"] == 10);
    CHECK(t.Co('W').parent == 11);
    CHECK_FALSE(t.Co('W').anti_slump);  // back to the pile
    CHECK(t.Json()["anti_slump"].empty());
}

TEST_CASE("N-5, F-D19: effects act in the order typed; once one ends the round the rest are dropped") {
    Table t;
    t.Do("buy W 1");  // Ann 195
    t.Do("w4");       // 21
    // up 4: 25 TOP, the round ends; the dividend after it is dropped.
    const Effects& fx = t.Do("n u4 div10");
    CHECK(CountOf(fx, EffectKind::RestDropped, "N-5") == 1);
    CHECK(CountOf(fx, EffectKind::Dividend, "N-2") == 0);
    // Settlement: White at TOP pays £20 on par (RE-3): 195 + 20 = 215.
    CHECK(t.P("Ann").cash == Pounds(215));
    CHECK(t.S().round == 2);
    CHECK(t.Json()["current_player"] == "Bob");  // next to Ann, whose throw drew the card (RE-6)
}

TEST_CASE("N-5, F-D19: a card that bankrupts its company drops the rest; the dice pass") {
    Table t;
    t.Do("peg W price=20 traveller=L19");
    t.Do("w2");
    const Effects& fx = t.Do("n pd2 div10 u3");  // 2 -> 0: bankrupt (BK-1); div10 and u3 dropped
    CHECK(t.Co('W').bankrupt);
    CHECK(CountOf(fx, EffectKind::RestDropped, "N-5") == 1);
    CHECK(t.Json()["current_player"] == "Bob");
}

TEST_CASE("N-5: a card's `up` back onto MARKET NEWS or into an M hole draws the next card, on its own line; the dice pass after it") {
    Table t;
    t.Do("w4");  // 21
    // down 7: 14 (White's M hole, but a down move never acts, F-D9); up 7: back to 21, the next card.
    t.Do("n d7 u7");
    CHECK(t.Co('W').traveller == 21);
    CHECK(t.S().pending.kind == Pending::Kind::News);
    CHECK(t.Json()["current_player"] == "Ann");
    // down 15 would reach 6: it stops on the parent (10, SL-2); up 4: 14, White's M hole: on to 21,
    // another card.
    t.Do("n d15 u4");
    CHECK(t.Co('W').traveller == 21);
    CHECK(t.S().pending.kind == Pending::Kind::News);
    t.Do("n none");
    CHECK(t.Json()["current_player"] == "Bob");
}

TEST_CASE("F-D9: a card's `down` does nothing where it stops: no M hole, no card") {
    Table t;
    t.Do("w4");
    t.Do("n d7");  // 21 -> 14, White's M hole: nothing
    CHECK(t.Co('W').traveller == 14);
    CHECK(t.S().pending.kind == Pending::Kind::None);
    CHECK(t.Json()["current_player"] == "Bob");
}

TEST_CASE("T-8 on a card: @place goes with exactly one `up`, checked from where that `up` began") {
    Table t;
    t.Do("w4");
    CHECK(t.Refused("n div10 @L23") == "T-8");
    CHECK(t.Refused("n u1 u1 @L23") == "T-8");
    CHECK(t.Refused("n d5 u1 @L15") == "T-8");  // the up began at 16: 15 is not above it
    t.Do("n d5 u1 @L23");  // 21 -> 16 -> the table says 23 (5%)
    CHECK(t.Co('W').traveller == 23);
}

TEST_CASE("N-3, BN-1: a card's parent move to £200 issues the bonus at once; a traveller above the parent stays; down carries one on it") {
    Table t;
    t.Do("peg W price=170");  // parent and traveller 17
    t.Do("buy W 1");          // Ann: 300 - (170 + 5) = 125
    t.Do("w4");               // 17 + 4 = 21, MARKET NEWS
    const Effects& fx = t.Do("n pu3 div5");  // 17 + 3 = 20, the £200 level: bonus, the parent into PAR 100 (10)
    CHECK(CountOf(fx, EffectKind::BonusShares, "BN-2") == 1);
    CHECK(t.Certs("Ann", 'W') == 2);     // one for the one held
    CHECK(t.Co('W').reserve == 8);       // 9 - 1
    CHECK(t.Co('W').parent == 10);
    CHECK(t.Co('W').traveller == 21);    // above the parent: it stays
    CHECK(t.P("Ann").cash == Pounds(135));  // 125 + the card's £5 on 2 certificates after the issue
    t.Do("peg R price=50");   // Bob's turn: parent and traveller 5 (£50)
    t.Do("peg R traveller=L19");
    t.Do("r2");               // 21
    t.Do("n pd2");            // the traveller is not on its parent: the parent alone, 5 -> 3
    CHECK(t.Co('R').parent == 3);
    CHECK(t.Co('R').traveller == 21);
}

TEST_CASE("N-2: a card's move is of at least one hole or level: `up 0` would 'end' where the traveller stands and act there") {
    Table t;
    t.Do("w4");  // White 14 (its M) -> 21, a card for Ann
    // After `d7` the traveller stands in White's M hole (14), where a down does nothing (F-D9); an
    // `up 0` taken as a move would end there and draw a card (T-4), from no move at all.
    for (const char* line : {"n d7 u0", "news W down 7, up 0", "n u0", "n d0", "n pu0", "n pd0", "news W parent up 0"})
        CHECK(t.Refused(line) == "L-1");
    t.Do("n d7 u1");  // 21 -> 14 -> 15: nothing; Bob
    CHECK(t.Co('W').traveller == 15);
    CHECK(t.Json()["pending"].empty());
}
