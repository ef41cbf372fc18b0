// Resignation and remainders (RULES.md section 12), corrections (section 14), undo and redo (L-2).
#include <doctest/doctest.h>

#include "gigabucks_table.h"

using namespace gigabucks_test;

TEST_CASE("RS-1, RS-2, RS-3, RS-4, CG-D14, CG-D15, BK-3: a resigner's cash shared equally, the remainder waits until as many players are left") {
    Table t;
    t.Do("count Dee=302 Ann=298");
    t.Do("space 20-21 owner=Dee lines=3,0");
    const Effects& fx = t.Do("resign Dee");
    CHECK(CountOf(fx, EffectKind::Paid, "RS-2") == 4);  // three shares and the remainder
    CHECK(t.P("Ann").cash == 398);
    CHECK(t.P("Bob").cash == 400);
    CHECK(t.P("Dee").cash == 0);
    CHECK(t.C(20).status == CorpStatus::Inactive);
    CHECK(t.C(20).lines == 3);
    CHECK(t.Json()["corporations"]["20"]["owner"] == nullptr);
    CHECK(t.Json()["remainders"] == nlohmann::json::array({2}));
    CHECK(t.Json()["pool"] == 2);
    CHECK(t.Json()["money_total"] == 1200);
    CHECK(t.Refused("resign Dee") == "RS-1");
    t.Do("resign Cy");  // 400 / 2; then two players are left: the remainder of 2 pays 1 to each
    CHECK(t.P("Ann").cash == 599);
    CHECK(t.P("Bob").cash == 601);
    CHECK(t.Json()["pool"] == 0);
    CHECK(t.Json()["money_total"] == 1200);
}

TEST_CASE("RS-4: variant combine-remainders: one pool, paid out when it holds a G for every player left") {
    Table t("game gigabucks players=Ann,Bob,Cy,Dee,Eve variants=combine-remainders");
    t.Do("count Eve=303 Ann=297");
    t.Do("resign Eve");  // 303 / 4 = 75, 3 wait
    CHECK(t.Json()["remainders"] == nlohmann::json::array({3}));
    t.Do("count Dee=302 Ann=445");  // 73 of Dee's 375 to Ann's 372: the total kept
    t.Do("resign Dee");  // 302 + ... 302 / 3 = 100, 2 join the pool: 5 >= 3 players: 1 each, 2 wait
    CHECK(t.Json()["remainders"] == nlohmann::json::array({2}));
    CHECK(t.P("Bob").cash == 476);  // 300 + 75 + 100 + 1
}

TEST_CASE("RS-5, CG-D16, L-2: another player's resignation in an open turn is held until the turn ends; undo reopens it held") {
    Table t;
    t.Do("at Ann 3 turns=1");
    t.Do("r6");
    t.Do("ch -");
    t.Do("resign Cy");
    CHECK(t.Json()["pending_resignations"] == nlohmann::json::array({"Cy"}));
    CHECK(t.Refused("resign Cy") == "RS-1");
    CHECK(t.Json()["to_roll"] == "Bob");
    t.Do("space 10 owner=Ann");
    t.Do("di Ann 1 10");  // Cy is still an opponent (AU-6)
    CHECK(t.P("Cy").cash == 301);
    t.Do("resign Bob");
    CHECK(t.Json()["to_roll"] == "Dee");  // as the table will be once they act
    t.Do("end");
    CHECK(t.P("Cy").status == PlayerStatus::Resigned);
    CHECK(t.P("Bob").status == PlayerStatus::Resigned);
    CHECK(t.S().current == 3);
    t.Do("undo");
    CHECK(t.Json()["pending_resignations"] == nlohmann::json::array({"Cy", "Bob"}));
    CHECK(t.Json()["phase"] == "open");
    t.Do("redo");
    CHECK(t.S().current == 3);
}

TEST_CASE("RS-5, T-1: the CuPl's own resignation ends his turn; with every other resignation held nobody is to move") {
    Table t("game gigabucks players=Ann,Bob,Cy");
    t.Do("at Ann 3 turns=1");
    t.Do("r6");
    t.Do("ch -");
    t.Do("resign Bob");
    t.Do("resign Cy");
    CHECK(t.Json()["to_roll"] == nullptr);
    CHECK(t.Refused("p12") == "T-1");
    t.Do("undo 2");
    t.Do("resign Ann");
    CHECK(t.P("Ann").status == PlayerStatus::Resigned);
    CHECK(t.S().current == 1);
    CHECK(t.P("Bob").cash == 450);
}

TEST_CASE("RS-6: variant keep-funds: the resigner keeps his cash, still counted in the money total") {
    Table t("game gigabucks players=Ann,Bob,Cy variants=keep-funds");
    t.Do("resign Cy");
    CHECK(t.P("Cy").cash == 300);
    CHECK(t.P("Ann").cash == 300);
    CHECK(t.Json()["money_total"] == 900);
}

TEST_CASE("X-1, X-2: corrections record the table as it is and must leave it legal") {
    Table t;
    t.Do("space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6");
    CHECK(t.C(31).lines == 6);
    CHECK(t.Refused("space 3 lines=2") == "X-2");         // lines on an unchartered corporation
    CHECK(t.Refused("space 24 owner=none") == "X-2");     // it has lines
    t.Do("space 24-25 owner=none lines=0");
    t.Do("at Ann 3 turns=2");
    CHECK(t.P("Ann").turns == 2);
    CHECK(t.Refused("at Bob 3") == "X-2");
    CHECK(t.Refused("count pool=3") == "X-4");            // the total would change
    CHECK(t.Refused("count Ann=297 pool=4 total=1201") == "X-2");  // a remainder is 1 to 3 G with 4 players
    t.Do("resign Dee");
    CHECK(t.Refused("space 3 owner=Dee") == "X-2");
    CHECK(t.Refused("count Dee=5 Ann=95") == "X-2");
    CHECK(t.Refused("at Dee 5") == "X-2");
    CHECK(t.Refused("space 42 owner=Ann") == "BD-1");
}

TEST_CASE("X-4, U-3, CG-D19: no bank: a count that changes the money total needs total=") {
    Table t;
    CHECK(t.Refused("count Ann=310") == "X-4");
    t.Do("count Ann=310 Bob=290");  // a seat auction paid in gigabucks: the total kept
    CHECK(t.Json()["money_total"] == 1200);
    CHECK(t.Refused("count Ann=320 total=1200") == "X-4");
    t.Do("count Ann=320 total=1210");
    CHECK(t.Json()["money_total"] == 1210);
    CHECK(t.S().money_total == 1210);
}

TEST_CASE("BD-3: the board's size changes only before any token is placed") {
    Table t;
    CHECK(t.Refused("board spaces=11") == "G-3");
    t.Do("board spaces=36");
    CHECK(t.Json()["spaces"] == 36);
    CHECK(t.Json()["corporations"].size() == 36);
    t.Do("p35");
    CHECK(t.Refused("board spaces=40") == "T-8");
    t.Do("ch -");
    CHECK(t.Refused("board spaces=40") == "BD-3");
    CHECK(t.Refused("p36") == "BD-1");
}

TEST_CASE("L-2: undo and redo take back and put back whole commands; nothing to undo, or undo 0, is L-2") {
    Table t;
    CHECK(t.Refused("undo") == "L-2");
    CHECK(t.Refused("redo") == "L-2");
    SetUpRoyaltyExample(t);
    t.Do("r7");
    CHECK(t.Refused("undo 0") == "L-2");
    CHECK(t.Refused("undo 4") == "L-2");
    t.Do("undo");  // the roll with its royalty
    CHECK(t.P("Ann").cash == 300);
    CHECK(t.P("Ann").space == 21);
    CHECK(t.Json()["last_royalty"] == nullptr);
    t.Do("redo");
    CHECK(t.P("Ann").cash == 285);
    t.Do("undo 2");
    t.Do("note a newer command");
    CHECK(t.Refused("redo") == "L-2");  // the undone ones dropped out of the redo list
}
