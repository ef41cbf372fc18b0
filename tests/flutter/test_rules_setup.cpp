// Setting up (RULES.md sections 1, 2 and 4): the header's checks and the table it sets. Figures
// from the rule book (Rules 3, 5, 7) and the spec's defaults, worked by hand in the comments.
#include <doctest/doctest.h>

#include "flutter_table.h"
#include "rules/rules.h"

using namespace flutter_test;

namespace {

std::string StartRule(const std::string& line) {
    const ParseResult p = ParseCommand(line);
    REQUIRE(p.command);
    const StartResult r = StartGame(std::get<Header>(p.command->action));
    REQUIRE_FALSE(r.state);
    return r.rejection->rule;
}

} // namespace

TEST_CASE("G-1, F-D21: 2 to 8 players, none named twice; the order typed is the seating, clockwise from the starter") {
    CHECK(StartRule("game flutter players=Ann") == "G-1");
    CHECK(StartRule("game flutter players=A,B,C,D,E,F,G,H,I") == "G-1");
    CHECK(StartRule("game flutter players=Ann,Bob,ann") == "G-1");
    Table two("game flutter players=Ann,Bob");  // the box says 3 to 8; two are allowed (F-D21)
    CHECK(two.S().players.size() == 2);
    Table eight("game flutter players=A,B,C,D,E,F,G,H");
    CHECK(eight.S().players.size() == 8);
    CHECK(eight.S().players[3].name == "D");
}

TEST_CASE("G-2, F-D15, U-2: each player gets £300 (the Idea, Rule 3) or cash=; the bank keeps the rest and never runs out") {
    Table t;
    for (const Player& p : t.S().players) CHECK(p.cash == Pounds(300));
    CHECK(t.S().bank_paid == Pounds(0));
    Table rich("game flutter players=Ann,Bob cash=250");
    CHECK(rich.P("Bob").cash == Pounds(250));
    // U-2: the tokens the broker hands over, largest first. Rule 3's £300 handed as the tokens
    // would be: 3 x £100. Its listed tokens, 2 x £100 + £50 + £20 + £10 + 2 x £5, are £290.
    CHECK(TokensFor(Pounds(300)) == "3 x \xC2\xA3" "100");
    CHECK(TokensFor(Pounds(385)) == "3 x \xC2\xA3" "100 + \xC2\xA3" "50 + \xC2\xA3" "20 + \xC2\xA3" "10 + \xC2\xA3" "5");
    CHECK(TokensFor(Pounds(15)) == "\xC2\xA3" "10 + \xC2\xA3" "5");
}

TEST_CASE("G-3, F-D3: 12 certificates a company; the sale stock one per player (Rule 5's example: 4 players, 4 each), the rest reserve") {
    Table four("game flutter players=Ann,Bob,Cy,Dee");
    for (const Company& c : four.S().companies) {
        CHECK(c.stock == 4);
        CHECK(c.reserve == 8);  // 12 - 4
        CHECK(c.issued == 12);
    }
    Table big("game flutter players=Ann,Bob,Cy box=20");
    CHECK(big.Co('K').reserve == 17);  // 20 - 3
    CHECK(StartRule("game flutter players=Ann,Bob,Cy box=2") == "G-3");
}

TEST_CASE("G-4: every parent at PAR 100 topped by its traveller; round 1; no anti-slump card; nothing pending") {
    Table t;
    for (const Company& c : t.S().companies) {
        CHECK(c.parent == 10);  // PAR 100 on BD-5
        CHECK(c.traveller == 10);
        CHECK_FALSE(c.anti_slump);
    }
    CHECK(t.S().round == 1);
    CHECK(t.S().pending.kind == Pending::Kind::None);
    CHECK(t.Json()["pending"].empty());
    CHECK(t.Json()["last_throw"].is_null());
    CHECK(t.Json()["last_round"].is_null());
}

TEST_CASE("G-5: the first player typed starts; `player NAME` names another") {
    Table t("game flutter players=Cy,Ann,Bob");
    CHECK(t.Json()["current_player"] == "Cy");
    t.Do("player Bob");
    CHECK(t.Json()["current_player"] == "Bob");
}

TEST_CASE("G-6: the target is £600 or target=") {
    CHECK(Table().Json()["target"] == 600);
    CHECK(Table("game flutter players=Ann,Bob target=800").Json()["target"] == 800);
}

TEST_CASE("U-1: cash= and target= must be multiples of £5; every amount the rules produce is one") {
    CHECK(StartRule("game flutter players=Ann,Bob cash=302") == "U-1");
    CHECK(StartRule("game flutter players=Ann,Bob target=603") == "U-1");
    // The header's rules in order: G-1 before U-1.
    CHECK(StartRule("game flutter players=Ann cash=302") == "G-1");
    CHECK(StartRule("game flutter players=Ann,Bob board=seaside") == "L-1");
    CHECK(StartRule("game flutter players=Ann board=seaside") == "G-1");
}

TEST_CASE("U-3: a certificate is 100 shares; prices and dividends are per certificate") {
    Table t;
    t.Do("+w1");
    // One certificate (100 shares) at £100 + £5 brokerage: Ann 300 - 105 = 195.
    CHECK(t.P("Ann").cash == Pounds(195));
    CHECK(t.Certs("Ann", 'W') == 1);
}

TEST_CASE("C-1, F-D2: six companies; White is Captivating Cosmetics Ltd. (Rule 7), the rest placeholders, correctable") {
    Table t;
    const Board& b = *t.S().board;
    CHECK(b.lanes[0].name == "Captivating Cosmetics Ltd.");
    CHECK(b.lanes[0].letter == "W");
    const char* keys[] = {"white", "red", "blue", "green", "yellow", "black"};
    const char* letters[] = {"W", "R", "B", "G", "Y", "K"};
    for (int i = 0; i < kCompanies; ++i) {
        CHECK(b.lanes[static_cast<size_t>(i)].Key() == keys[i]);
        CHECK(b.lanes[static_cast<size_t>(i)].letter == letters[i]);
    }
    CHECK(b.CompanyOf("black") == 5);
    CHECK(b.CompanyOf("k") == 5);
    CHECK(t.Refused("board K letter=G") == "BD-6");  // Green's letter
    t.Do("board K name=\"Black Diamond Mines\" colour=Grey letter=E");
    CHECK(t.Json()["prices"]["grey"] == 100);
    CHECK(t.S().board->CompanyOf("e") == 5);
    t.Do("r1");  // the first throw: colours and letters are fixed from now on, names are not
    CHECK(t.Refused("board K ok") == "L-1");  // K is now E
    CHECK(t.Refused("board E colour=Black") == "BD-6");
    t.Do("board E name=\"Black Company\"");
}
