// A turn (RULES.md sections 3 and 5): placing, rolling, moving, landing, the open turn, its end.
#include <doctest/doctest.h>

#include "gigabucks_table.h"

using namespace gigabucks_test;

TEST_CASE("T-1, T-2, T-10, CG-D4, CG-D7, CH-1, P-3: the first turns are flexible placements, each ending with its charter auction") {
    Table t;
    CHECK(t.Json()["to_roll"] == "Ann");
    CHECK(t.Json()["to_roll_kind"] == "place");
    CHECK(t.Refused("Bob: p5") == "T-1");  // only the player to move
    const Effects& fx = t.Do("Ann: p5");
    CHECK(CountOf(fx, EffectKind::AuctionDue, "CH-1") == 1);
    CHECK(t.Json()["phase"] == "due");
    CHECK(t.Json()["due"] == nlohmann::json::parse(R"([{"kind": "charter", "space": 5}])"));
    CHECK(t.Json()["turn"]["kind"] == "flexible");
    CHECK(t.Json()["turn"]["landed"] == "placed");
    t.Do("ch -");
    CHECK(t.S().current == 1);  // the result ends the turn (T-10): Bob holds the CuPlTo
    CHECK(t.Json()["phase"] == "start");
    CHECK(t.Refused("p5") == "T-2");   // Ann's token is on 5
    t.Do("p6");
    t.Do("ch Cy 3");
    CHECK(t.Refused("p6") == "T-2");   // chartered
    t.Do("p7");
    t.Do("ch -");
    t.Do("p8");
    t.Do("ch -");
    // Ann's second turn: inflexible with flexible=1 (T-4: a place is T-2).
    CHECK(t.Json()["to_roll_kind"] == "roll");
    CHECK(t.Refused("p9") == "T-2");
}

TEST_CASE("T-3: with no unchartered space free, a flexible turn is inflexible, and a player off the board always places") {
    Table t("game gigabucks players=Ann,Bob spaces=12");
    t.Do("space 0-11 owner=Bob");
    CHECK(t.Json()["to_roll_kind"] == "place");  // Ann is off the board
    CHECK(t.Refused("p3") == "T-2");
    CHECK(t.Refused("r5") == "T-4");
    t.Do("at Ann 3 turns=0");  // on the board with no turn begun: flexible, but no space free
    CHECK(t.Json()["to_roll_kind"] == "roll");
    t.Do("r2");
    CHECK(t.Json()["turn"]["kind"] == "inflexible");
}

TEST_CASE("T-4, P-4, CG-D23: a roll's total is within the dice's range") {
    Table t;
    t.Do("at Ann 0 turns=1");
    CHECK(t.Refused("r1") == "T-4");
    CHECK(t.Refused("r13") == "T-4");
    Table one("game gigabucks players=Ann,Bob dice=1d6");
    one.Do("at Ann 0 turns=1");
    one.Do("r1");
    CHECK(one.S().players[0].space == 1);
    Table flex;
    CHECK(flex.Refused("r7") == "T-4");  // a flexible turn
}

TEST_CASE("T-5, BD-1, BD-2, CG-D2: movement goes round the ring of 42, 41 followed by 0, past other tokens") {
    Table t;
    t.Do("at Ann 39 turns=1");
    t.Do("at Bob 8");
    t.Do("r10");
    CHECK(t.P("Ann").space == 7);  // §5: 39 + 10 = 49, 49 - 42 = 7
    t.Do("ch -");
    t.Do("end");
    t.Do("at Cy 5 turns=1");
    t.Do("at Bob 4 turns=1");
    t.Do("Bob: r3");  // 4 + 3 = 7: Ann's; 8 (Bob's token left it) is free
    CHECK(t.P("Bob").space == 8);
    t.Do("ch -");
    CHECK(t.Refused("at Dee 42") == "BD-1");
    CHECK(t.Json()["spaces"] == 42);
}

TEST_CASE("T-6: the table wins: `roll X @S` says where the token stands, and the desk's figure is noted") {
    Table t;
    t.Do("at Ann 21 turns=1");
    t.Do("at Bob 30");
    CHECK(t.Refused("r7 @30") == "T-6");
    CHECK(t.Refused("r7 @42") == "BD-1");
    const Effects& fx = t.Do("r7 @29");
    CHECK(t.P("Ann").space == 29);
    bool noted = false;
    for (const Effect& e : fx)
        if (e.kind == EffectKind::Moved) noted = e.n[1] == 28 && e.space == 29;
    CHECK(noted);
}

TEST_CASE("T-7, CG-D5, CH-4: the landing: unchartered, inactive, own, an opponent's") {
    Table t;
    t.Do("space 10 owner=Ann lines=2");
    t.Do("space 11 owner=inactive lines=3");
    t.Do("space 12 owner=Bob lines=1");
    t.Do("at Ann 3 turns=1");
    t.Do("r7");
    CHECK(t.Json()["turn"]["landed"] == "own");
    CHECK(t.Json()["phase"] == "open");
    t.Do("end");
    t.Do("at Bob 4 turns=1");
    t.Do("r5");  // 9: unchartered
    CHECK(t.Json()["due"][0]["kind"] == "charter");
    t.Do("ch -");
    CHECK(t.Json()["phase"] == "open");  // an inflexible turn's ChAu leaves it open (CG-D6)
    t.Do("end");
    t.Do("at Cy 5 turns=1");
    t.Do("r6");
    CHECK(t.Json()["due"][0]["kind"] == "reactivation");
    CHECK(t.Json()["turn"]["landed"] == "inactive");
    CHECK(t.Refused("e") == "T-8");
    t.Do("re Dee 2");  // Dee pays 2 to each of three; the corporation keeps its 3 lines
    CHECK(t.C(11).owner == 3);
    CHECK(t.C(11).lines == 3);
    CHECK(t.P("Dee").cash == 294);
}

TEST_CASE("T-8, T-9, CG-D6, X-5: while a result is due only it, note, undo and redo; the open turn ends with end") {
    Table t;
    t.Do("at Ann 3 turns=1");
    CHECK(t.Refused("end") == "T-9");  // no open turn
    t.Do("r6");  // 9: unchartered
    CHECK(t.Refused("end") == "T-8");
    CHECK(t.Refused("resign Bob") == "T-8");
    CHECK(t.Refused("at Bob 20") == "T-8");
    CHECK(t.Refused("di -") == "T-8");
    t.Do("note the auction is on");
    t.Do("ch Ann 1");
    CHECK(t.Json()["phase"] == "open");
    CHECK(t.Refused("Bob: end") == "T-1");
    t.Do("di -");  // the turn's DiAu and VoLiAu, either order
    t.Do("vo -");
    t.Do("Ann: end");
    CHECK(t.S().current == 1);
    CHECK(t.Json()["phase"] == "start");
}

TEST_CASE("T-9, RS-5: the next player's roll ends the open turn") {
    Table t;
    t.Do("at Ann 3 turns=1");
    t.Do("at Bob 20 turns=1");
    t.Do("r6");
    t.Do("ch -");
    CHECK(t.Json()["to_roll"] == "Bob");
    CHECK(t.Refused("Cy: r5") == "T-1");
    t.Do("Bob: r5");
    CHECK(t.S().current == 1);
    CHECK(t.P("Bob").space == 25);
}

TEST_CASE("X-3, CG-D21: `player NAME` gives the CuPlTo; in an open turn it ends it") {
    Table t;
    t.Do("player Cy");
    CHECK(t.S().current == 2);
    t.Do("at Cy 3 turns=1");
    t.Do("r6");
    t.Do("ch -");
    t.Do("resign Dee");
    CHECK(t.Refused("player Dee") == "X-2");  // his resignation is held
    t.Do("player Cy");  // naming the CuPl in his open turn: he is CuPl again before a new turn
    CHECK(t.S().current == 2);
    CHECK(t.Json()["phase"] == "start");
    CHECK(t.P("Dee").status == PlayerStatus::Resigned);  // the held resignation acted first
}
