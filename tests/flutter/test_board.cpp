// The board (RULES.md section 3): the provisional board of BD-5 as data, its checks (BD-6) and the
// broker's corrections and confirmations (BD-7). Expected figures are BD-5's table, read by hand.
#include <doctest/doctest.h>

#include "flutter_table.h"
#include "model/board.h"

using namespace flutter_test;

TEST_CASE("BD-1, BD-5, F-D5: the provisional board, levels 0 to 25, every fact flagged unverified") {
    const Board b = Board::Provisional();
    CHECK(b.levels.size() == 26);  // levels 0..25
    CHECK(b.Top() == 25);
    CHECK(b.News() == 21);
    CHECK(b.Slump() == 22);
    CHECK(b.Lowest(Label::Five) == 23);
    CHECK(b.Lowest(Label::Ten) == 24);
    CHECK(b.Par() == 10);
    CHECK(b.Bonus() == 20);
    // Price £10 x level for levels 0-20; no price from MARKET NEWS up.
    CHECK(b.PriceAt(0) == Pounds(0));
    CHECK(b.PriceAt(13) == Pounds(130));
    CHECK(b.PriceAt(20) == Pounds(200));
    CHECK_FALSE(b.levels[21].price);
    CHECK(b.levels[12].label == Label::None);
    // M holes: lane i at 5 + i and 14 + i (W 5,14 ... K 10,19).
    CHECK(b.lanes[0].m_holes == std::vector<int>{5, 14});
    CHECK(b.lanes[3].m_holes == std::vector<int>{8, 17});
    CHECK(b.lanes[5].m_holes == std::vector<int>{10, 19});
    for (const Level& l : b.levels) CHECK_FALSE(l.verified);
    for (const Lane& l : b.lanes) CHECK_FALSE(l.verified);
    CHECK_FALSE(b.Verified());
    CHECK_FALSE(b.Validate());
    // From PAR 100 a traveller needs 11 holes to MARKET NEWS and 15 to TOP (BD-5's arithmetic).
    CHECK(b.News() - b.Par() == 11);
    CHECK(b.Top() - b.Par() == 15);
}

TEST_CASE("BD-2: a company's price is the centre-column price level with its parent") {
    Table t;
    CHECK(t.S().Price(0) == Pounds(100));  // PAR 100 at the start
    t.Do("peg W price=150");
    CHECK(t.Co('W').parent == 15);
    CHECK(t.S().Price(0) == Pounds(150));
}

TEST_CASE("BD-3: a traveller's position: on its parent, its level's label, or below MARKET NEWS") {
    Table t;
    CHECK(t.S().PositionOf(0) == Position::Parent);
    t.Do("peg W traveller=L15");
    CHECK(t.S().PositionOf(0) == Position::Below);
    t.Do("peg W traveller=news");
    CHECK(t.S().PositionOf(0) == Position::News);
    t.Do("peg W traveller=slump");
    CHECK(t.S().PositionOf(0) == Position::Slump);
    t.Do("peg W traveller=5");
    CHECK(t.S().PositionOf(0) == Position::Five);
    t.Do("peg W traveller=10");
    CHECK(t.S().PositionOf(0) == Position::Ten);
    CHECK(t.Json()["traveller_at"]["white"] == "10%");
}

TEST_CASE("BD-4: each lane has its own M holes; a traveller ending in another lane's M hole stays") {
    Table t;
    // Red's M holes are 6 and 15; White's 14. Red thrown 4 ends at 14: not Red's M hole.
    t.Do("r4");
    CHECK(t.Co('R').traveller == 14);
    CHECK(t.S().pending.kind == Pending::Kind::None);
    // White thrown 4 ends at 14, White's M hole: on up to MARKET NEWS (21).
    t.Do("w4");
    CHECK(t.Co('W').traveller == 21);
    CHECK(t.S().pending.kind == Pending::Kind::News);
}

TEST_CASE("BD-6: a correction keeps the board legal, checked as a whole line; U-1 for a price not in 5s") {
    Table t;
    CHECK(t.Refused("board L22 label=5%") == "BD-6");  // no SLUMP left
    t.Do("board L22 label=5% L23 label=slump");         // swapped in one line
    CHECK(t.S().board->Slump() == 23);
    CHECK(t.Refused("board L12 price=123") == "U-1");
    CHECK(t.Refused("board L12 price=135") == "BD-6");  // not below level 13's £130
    CHECK(t.Refused("board L12 price=100") == "BD-6");  // two £100 levels (and not rising)
    CHECK(t.Refused("board L25 label=10%") == "BD-6");  // no TOP
    CHECK(t.Refused("board L5 label=news") == "BD-6");  // a price and a label below the real MARKET NEWS
    CHECK(t.Refused("board W m=22") == "BD-6");         // an M hole above MARKET NEWS
    CHECK(t.Refused("board levels=27") == "BD-6");      // the new top level has no label
    t.Do("board levels=27 L25 label=10% L26 label=top");
    CHECK(t.S().board->Top() == 26);
    CHECK(t.Refused("board L30 ok") == "L-1");
    CHECK(t.Refused("board L12 price=123 L40 ok") == "L-1");  // section 15: L-1 before U-1
    CHECK(t.Refused("board L12 price=123 L13 label=top") == "U-1");  // U-1 before BD-6
    CHECK(t.Refused("board Q ok") == "L-1");
    t.Do("board m=none");
    for (const Lane& l : t.S().board->lanes) CHECK(l.m_holes.empty());
    // Colours and letters only before the first throw.
    t.Do("board R colour=orANGE letter=o");
    CHECK(t.S().board->lanes[1].colour == "Orange");
    CHECK(t.S().board->CompanyOf("O") == 1);
    CHECK(t.Json()["prices"].contains("orange"));
    CHECK(t.Refused("board B letter=O") == "BD-6");  // two lanes with one letter
    t.Do("o1");
    CHECK(t.Refused("board B colour=Purple") == "BD-6");
    CHECK(t.Refused("board B letter=P") == "BD-6");
    t.Do("board B name=\"Blue Lagoon Ltd.\"");  // a name at any time (C-1)
    CHECK(t.S().board->lanes[2].name == "Blue Lagoon Ltd.");
}

TEST_CASE("BD-6: a board correction may not strand a peg off the price column") {
    Table t;
    t.Do("peg W price=190");
    // Taking away the level the parent stands on as a price (19 becomes MARKET NEWS) is refused.
    CHECK(t.Refused("board L19 label=news L20 label=slump L21 label=5% L22 label=10% L23 label=10% L24 label=10% L25 label=top") == "BD-6");
}

TEST_CASE("BD-7: `ok` and corrections confirm facts; board_verified once every lane and level is") {
    Table t;
    t.Do("board W ok L12 ok");
    CHECK(t.S().board->lanes[0].verified);
    CHECK(t.S().board->levels[12].verified);
    CHECK_FALSE(t.S().board->levels[13].verified);
    t.Do("board L13 price=130");  // a correction, even to the same figure, confirms it
    CHECK(t.S().board->levels[13].verified);
    t.Do("board m=none");  // confirms nothing by itself
    CHECK_FALSE(t.S().board->lanes[1].verified);
    CHECK(t.Json()["board_verified"] == false);
    std::string line = "board R ok B ok G ok Y ok K ok";
    for (int level = 0; level <= 25; ++level) line += " L" + std::to_string(level) + " ok";
    t.Do(line);
    CHECK(t.Json()["board_verified"] == true);
    // It acts from then on and never rewrites history: undo gives the unconfirmed board back.
    t.Do("undo");
    CHECK(t.Json()["board_verified"] == false);
}

TEST_CASE("the board as JSON and back (the start data the game file carries)") {
    Board b = Board::Provisional();
    b.levels[12].verified = true;
    b.lanes[1].name = "Red Rovers";
    std::string error;
    const auto back = Board::FromJson(b.ToJson(), &error);
    REQUIRE_MESSAGE(back, error);
    CHECK(*back == b);
    CHECK_FALSE(Board::FromJson("{\"name\":1}", &error));
    Board bad = b;
    bad.levels[3].price = Pounds(50);  // not above level 4's £40: prices must rise
    CHECK_FALSE(Board::FromJson(bad.ToJson(), &error));
    CHECK(error.find("BD-6") != std::string::npos);
}
