// A throw (RULES.md section 5) and Slump (section 8) on the provisional board (BD-5): prices
// £10 x level, MARKET NEWS 21, SLUMP 22, 5% 23, 10% 24, TOP 25; M holes of lane i at 5 + i and
// 14 + i (W 5,14; R 6,15; B 7,16; G 8,17; Y 9,18; K 10,19). Every figure is worked out here by hand.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

TEST_CASE("T-1: only the current player throws, a number from 1 to 6") {
    Table t;
    CHECK(t.Refused("Bob: throw R 4") == "T-1");  // Ann is current
    CHECK(t.Refused("r7") == "T-1");
    CHECK(t.Refused("r0") == "T-1");
    CHECK(t.Refused("Zed: throw R 4") == "L-1");
    CHECK(t.Refused("q4") == "L-1");  // no company Q on this board
    t.Do("Ann: throw R 4");
    CHECK(t.S().last_throw->player == 0);
    CHECK(t.Json()["last_throw"] == nlohmann::ordered_json{{"player", "Ann"}, {"company", "red"}, {"number", 4}});
}

TEST_CASE("T-2, Rule 7: the traveller moves up that many holes; only the hole it ends in acts") {
    Table t;
    // Red 10 + 6 = 16: it passes its own M hole at 15 and ends at 16 (Blue's M hole, not Red's).
    const Effects& fx = t.Do("r6");
    CHECK(t.Co('R').traveller == 16);
    CHECK(t.Co('R').parent == 10);  // a throw never moves the parent
    CHECK(t.S().pending.kind == Pending::Kind::None);
    CHECK(CountOf(fx, EffectKind::TravellerMoved, "T-2") == 1);
    // Rule 7's example: white thrown, the White traveller moves four holes up: 10 -> 14, which is
    // White's M hole on the provisional board, so on up to MARKET NEWS (T-4).
    t.Do("w4");
    CHECK(t.Co('W').traveller == 21);
}

TEST_CASE("T-3, RE-1: reaching or passing TOP, the traveller stands at TOP and the round ends at once") {
    Table t;
    t.Do("peg R traveller=L20");
    // 20 + 6 = 26, past TOP (25): the round ends, settled within the throw.
    const Effects& fx = t.Do("r6");
    CHECK(CountOf(fx, EffectKind::RoundEnded, "RE-1") == 1);
    CHECK(t.S().round == 2);
    CHECK(t.S().stoppage);
    // Red settled at the TOP: parent 2 up, 10 -> 12 (£120), traveller back on it.
    CHECK(t.Co('R').parent == 12);
    CHECK(t.Co('R').traveller == 12);
    CHECK(t.Json()["last_round"]["companies"]["red"]["at"] == "top");
}

TEST_CASE("T-4, Rule 9b: ending in an M hole of its lane, the traveller goes on up to MARKET NEWS and a card is drawn") {
    Table t;
    const Effects& fx = t.Do("w4");  // 10 + 4 = 14, White's M hole
    CHECK(t.Co('W').traveller == 21);
    CHECK(CountOf(fx, EffectKind::MJump, "T-4") == 1);
    CHECK(t.S().pending.kind == Pending::Kind::News);
    CHECK(t.S().pending.company == 0);
    CHECK(t.Json()["pending"][0] == nlohmann::ordered_json{{"kind", "news"}, {"company", "white"}, {"player", "Ann"}});
    // The thrower stays the current player while his card is pending.
    CHECK(t.Json()["current_player"] == "Ann");
}

TEST_CASE("T-5, N-1: ending in the MARKET NEWS hole, a card is drawn; until it is typed only news, board, note, undo, redo") {
    Table t;
    t.Do("peg G traveller=L19");
    t.Do("g2");  // 19 + 2 = 21, MARKET NEWS
    CHECK(t.S().pending.kind == Pending::Kind::News);
    CHECK(t.Refused("r1") == "N-1");
    CHECK(t.Refused("buy W") == "TR-2");
    CHECK(t.Refused("claim") == "N-1");
    CHECK(t.Refused("peg W price=110") == "N-1");
    CHECK(t.Refused("count Ann cash=100") == "N-1");
    CHECK(t.Refused("player Bob") == "N-1");
    t.Do("note the card is under the teapot");
    t.Do("board W ok");
    t.Do("news G nothing");
    CHECK(t.S().pending.kind == Pending::Kind::None);
    CHECK(t.Json()["current_player"] == "Bob");
}

TEST_CASE("T-6, SL-1, Rule 10: ending in the SLUMP hole, the traveller drops back 6 holes at once") {
    Table t;
    t.Do("peg R traveller=L17");
    const Effects& fx = t.Do("r5");  // 17 + 5 = 22, SLUMP: back to 16
    CHECK(t.Co('R').traveller == 16);
    CHECK(CountOf(fx, EffectKind::SlumpDrop, "SL-1") == 1);
    CHECK(t.S().pending.kind == Pending::Kind::None);
}

TEST_CASE("SL-2, F-D10: a drop never takes the traveller below its parent: it stops on it, and counts as on its parent") {
    Table t;
    t.Do("peg R price=170");  // parent 17, the traveller on it goes with it
    CHECK(t.Co('R').traveller == 17);
    const Effects& fx = t.Do("r5");  // 17 + 5 = 22; 22 - 6 = 16 is below the parent: stops at 17
    CHECK(t.Co('R').traveller == 17);
    CHECK(CountOf(fx, EffectKind::SlumpDrop, "SL-2") == 1);
    CHECK(t.Json()["traveller_at"]["red"] == "parent");
}

TEST_CASE("SL-3, F-D8: a company holding the anti-slump card does not drop; it stays opposite SLUMP") {
    Table t;
    t.Do("peg R traveller=L17 anti-slump=yes");
    const Effects& fx = t.Do("r5");
    CHECK(t.Co('R').traveller == 22);
    CHECK(CountOf(fx, EffectKind::SlumpHeld, "SL-3") == 1);
    CHECK(t.Json()["traveller_at"]["red"] == "slump");
    CHECK(t.Json()["anti_slump"] == nlohmann::ordered_json::array({"red"}));
}

TEST_CASE("SL-4, F-D9: where a drop ends does nothing: no M, no card") {
    Table t;
    t.Do("peg B traveller=L17");
    t.Do("b5");  // 17 + 5 = 22 SLUMP, back 6 to 16: Blue's own M hole, which does not act
    CHECK(t.Co('B').traveller == 16);
    CHECK(t.S().pending.kind == Pending::Kind::None);
    CHECK(t.Json()["current_player"] == "Bob");
}

TEST_CASE("T-7, F-D11: a throw of a bankrupt company's colour moves nothing and the dice pass") {
    Table t;
    t.Do("peg K price=10 traveller=L19");
    t.Do("k2");         // 19 + 2 = 21 MARKET NEWS
    t.Do("n pd1");      // parent 1 -> 0: bankrupt (BK-1)
    CHECK(t.Co('K').bankrupt);
    CHECK(t.Json()["current_player"] == "Bob");
    const Effects& fx = t.Do("k3");
    CHECK(CountOf(fx, EffectKind::VoidThrow, "T-7") == 1);
    CHECK(CountOf(fx, EffectKind::TravellerMoved) == 0);
    CHECK(t.Json()["current_player"] == "Cy");
    CHECK(t.Refused("k3 @news") == "T-8");  // no place for a bankrupt colour
}

TEST_CASE("T-7's variant rethrow-bankrupt: the same player throws again, without trading first") {
    Table t("game flutter players=Ann,Bob,Cy variants=rethrow-bankrupt");
    t.Do("peg K price=10 traveller=L19");
    t.Do("k2");
    t.Do("n pd1");
    t.Do("k3");  // Bob throws the bankrupt colour: he throws again
    CHECK(t.Json()["pending"][0] == nlohmann::ordered_json{{"kind", "rethrow"}, {"player", "Bob"}});
    CHECK(t.Json()["current_player"] == "Bob");
    CHECK(t.Refused("+w") == "TR-2");
    CHECK(t.Refused("Cy: throw W 1") == "T-1");
    t.Do("r1");
    CHECK(t.Json()["current_player"] == "Cy");
    CHECK(t.Json()["pending"].empty());
}

TEST_CASE("T-8, F-D6: the table wins; @place acts where it says; the ledger notes where the app's board put it") {
    Table t;
    // White 10 + 2 = 12 by the app's board; the table says MARKET NEWS (21): a card is drawn.
    const Effects& fx = t.Do("w2 @news");
    CHECK(t.Co('W').traveller == 21);
    REQUIRE(CountOf(fx, EffectKind::TableWins, "T-8") == 1);
    for (const Effect& e : fx)
        if (e.kind == EffectKind::TableWins) {
            CHECK(e.n[0] == 12);
            CHECK(e.n[1] == 21);
        }
    CHECK(t.S().pending.kind == Pending::Kind::News);
    t.Do("n none");
    CHECK(t.Refused("r2 @L8") == "T-8");   // not above where it stood (10)
    CHECK(t.Refused("r2 @L10") == "T-8");
    CHECK(t.Refused("r2 @L30") == "T-8");  // off the board
    t.Do("r2 @M");  // the table saw an M hole: on up to MARKET NEWS
    CHECK(t.Co('R').traveller == 21);
    t.Do("n none");
    t.Do("peg B traveller=news");
    CHECK(t.Refused("b1 @M") == "T-8");  // no M hole from MARKET NEWS up
    t.Do("b1 @slump");  // 22 SLUMP acts: back to 16
    CHECK(t.Co('B').traveller == 16);
}

TEST_CASE("T-9, F-D16: the throw ends the turn; once settled the dice pass clockwise; there is no `end`") {
    Table t;
    t.Do("r1");
    CHECK(t.Json()["current_player"] == "Bob");
    t.Do("r1");
    CHECK(t.Json()["current_player"] == "Cy");
    t.Do("r1");
    CHECK(t.Json()["current_player"] == "Ann");  // clockwise, round the table
    CHECK(t.Refused("end") == "L-1");
}
