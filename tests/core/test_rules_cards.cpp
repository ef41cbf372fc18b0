// Rights offerings (R-1), option cards (O-1..O-5, D-16, D-20) and conversions (C-1..C-4, D-15),
// through the table language, with every rejection and its message.
//
// Tests pin the board facts they rely on with `board` lines (so a correction of the provisional
// board file cannot change them); Fulwell's facts are verified (BD-4: trend DUUD, Ask BRG) and used
// as printed. Prices are worked out by hand in the comments as "Y B R G" in dollars: every roll is
// a Market Open moving every listed company v ticks ($0.05 each) along the landed space's arrows
// (T-2), and every market buy or sell then promotes 1 tick per 5,000 (M-1).

#include <doctest/doctest.h>

#include <string>

#include "table_fixture.h"

using rutland::Company;
using rutland::EffectKind;
using rutland::testing::CountKind;
using rutland::testing::Json;
using rutland::testing::Table;

namespace {

using rutland::test::Has;

// ---------------------------------------------------------------------------------------------
// The call scenario (Ann, Bob). Calls and Market 1 are DUUD like Fulwell, Market 2 is UUDU: Blue
// goes up on every one of them while Yellow, Red and Green swing back and forth, so Blue climbs
// alone. Ann accepts `call` at Calls; the scenario stops after Bob's second turn, with Ann to roll.
//   Ann  Calls    DUUD 3: Y 1.85 B 2.15 R 1.15 G 0.85   (call; `extra` is played here too)
//   Bob  Market 2 UUDU 3: Y 2.00 B 2.30 R 1.00 G 1.00
//   Ann  Market 1 DUUD 3: Y 1.85 B 2.45 R 1.15 G 0.85
//   Bob  Market 2 UUDU 3: Y 2.00 B 2.60 R 1.00 G 1.00
// Ann's `roll 1 2 3 @fulwell` (DUUD 3) then gives Y 1.85 B 2.75 R 1.15 G 0.85: the O-4 worked
// example's $2.75.
constexpr const char* kCallLab = R"(board @calls trend=DUUD bid=BRG
board @market-1 trend=DUUD bid=YBRG
board @market-2 trend=UUDU bid=YBRG
board @brada trend=DUUD ask=YRG)";

void PlayCallScenario(Table& t, const std::string& call, const std::string& extra = "") {
    t.Play(kCallLab);
    t.Play("roll 1 2 3 @calls\n" + call);
    if (!extra.empty()) t.Play(extra);
    t.Play("end");
    t.Play("roll 1 2 3 @market-2\nend");
    t.Play("roll 1 2 3 @market-1\nend");
    t.Play("roll 1 2 3 @market-2\nend");
    REQUIRE(t.Price(Company::Blue) == 260);
    REQUIRE(t.State().players[static_cast<size_t>(t.State().current)].name == "Ann");
}

// ---------------------------------------------------------------------------------------------
// The put scenario (Ann, Bob): the mirror image. Puts and Market 1 are UDDU, Market 2 DDUD: Blue
// goes down on all of them. Ann accepts `put` at Puts; her second turn is at `ann_second` (a UDDU
// space), where `extra` is played; the scenario stops after Bob's second turn.
//   Ann  Puts       UDDU 3: Y 2.15 B 1.85 R 0.85 G 1.15  (put)
//   Bob  Market 2   DDUD 3: Y 2.00 B 1.70 R 1.00 G 1.00
//   Ann  ann_second UDDU 3: Y 2.15 B 1.55 R 0.85 G 1.15  (`extra`)
//   Bob  Market 2   DDUD 3: Y 2.00 B 1.40 R 1.00 G 1.00
// Ann's `roll 1 2 3 @market-1` (UDDU 3) then gives Y 2.15 B 1.25 R 0.85 G 1.15: the O-5 worked
// example's $1.25 (when `extra` did not move Blue).
constexpr const char* kPutLab = R"(board @puts trend=UDDU bid=YBG
board @market-1 trend=UDDU bid=YBRG
board @market-2 trend=DDUD bid=YBRG
board @ancaster trend=UDDU ask=YBR
board @elspeth trend=UDDU ask=BRG
board @time-1 trend=UDDU bid=YBRG)";

void PlayPutScenario(Table& t, const std::string& put, const std::string& ann_second = "market-1",
                     const std::string& extra = "") {
    t.Play(kPutLab);
    t.Play("roll 1 2 3 @puts\n" + put + "\nend");
    t.Play("roll 1 2 3 @market-2\nend");
    t.Play("roll 1 2 3 @" + ann_second);
    if (!extra.empty()) t.Play(extra);
    t.Play("end");
    t.Play("roll 1 2 3 @market-2\nend");
    REQUIRE(t.State().players[static_cast<size_t>(t.State().current)].name == "Ann");
}

} // namespace

// =============================================================================================
// R-1 Rights offerings
// =============================================================================================

TEST_CASE("R-1 worked example: $2,000 for 5,000 Red on a RIGHTS OFFERING space; no Ask, no promotion, "
          "shares from the tray") {
    Table t("game players=Ann,Bob,Cy");
    t.Play("board @rights-1 trend=DDUU bid=YBR\nboard @rights-2 trend=DDUU bid=BRG");
    t.Play("roll 2 2 1 @rights-1");  // DDUU 1: Y 1.95 B 1.95 R 1.05 G 1.05 (doubles)
    const auto prices = t.State().price;
    t.Play("rights R 5k 2000");
    CHECK(t.Cash("Ann") == 98000);
    CHECK(t.Player("Ann").common[Company::Red] == 5000);
    CHECK(t.State().tray[Company::Red].common == 315000);
    CHECK(t.State().price == prices);  // M-2: a rights offering is not promoted
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
    CHECK(t.LastSaid("[R-1] Ann pays the bank $2,000 for the rights offering of 5,000 Red (all or nothing, no Ask needed)"));
    CHECK(t.LastSaid("no promotion, M-2"));
    // One offering a turn: the card was drawn.
    const std::string twice = t.Reject("rights G 5k 2000", "R-1");
    CHECK(Has(twice, "Ann has already taken this turn's rights offering"));
    // Doubles: the bonus turn is a new turn; landing on the other RIGHTS space draws again.
    t.Play("end");
    t.Play("roll 1 2 1 @rights-2");  // DDUU 1: Y 1.90 B 1.90 R 1.10 G 1.10
    t.Play("rights G 20k 16000");    // any size of card, all or nothing, still no promotion
    CHECK(t.Cash("Ann") == 98000 - 16000);
    CHECK(t.Player("Ann").common[Company::Green] == 20000);
    CHECK(t.Price(Company::Green) == 110);
}

TEST_CASE("R-1: rejected off a RIGHTS space, off one's turn, before the roll, in odd lots, without the cash "
          "or the certificates") {
    Table t("game players=Ann,Bob");
    t.Play("board @market-1 trend=UDDU bid=YBRG\nboard @rights-2 trend=DUUD bid=BRG");
    CHECK(Has(t.Reject("rights R 5k 2000", "T-2"), "Market Open comes before any transaction"));
    t.Play("roll 1 2 1 @market-1");  // UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    const std::string off = t.Reject("rights R 5k 2000", "R-1");
    CHECK(Has(off, "a rights offering is drawn on a RIGHTS OFFERING space; Ann is at Market 1"));
    t.Play("end");
    t.Play("roll 1 2 1 @rights-2");  // Bob. DUUD 1: Y 2.00 B 2.00 R 1.00 G 1.00
    CHECK(Has(t.Reject("Ann: rights R 5k 2000", "T-6"), "it is Bob's turn"));
    CHECK(Has(t.Reject("rights R 7500 3000", "R-1"), "lots of 5,000, got 7,500"));
    CHECK(Has(t.Reject("rights R 2500 1000", "R-1"), "lots of 5,000, got 2,500"));
    CHECK(Has(t.Reject("rights R 5k 100001", "R-1"), "Bob has $100,000; the offering of 5,000 Red costs $100,001"));
    // Red issues 320,000 common: a card for more than the tray holds cannot be filled.
    CHECK(Has(t.Reject("rights R 325k 2000", "R-1"), "the tray has only 320,000 Red common left"));
    t.Play("rights R 10k 4000");
    CHECK(t.Cash("Bob") == 96000);
    // "This turn only": the card does not carry over to the next turn elsewhere.
    t.Play("end\nroll 1 2 1 @market-1");
    t.Reject("rights R 5k 2000", "R-1");
}

TEST_CASE("R-1 / M-7: no rights offering in a delisted company; another company's offering is fine, from the "
          "space a Time card moved the pawn to (T-6)") {
    Table t("game players=Ann,Bob year-cards=5");
    t.Play("board @time-1 trend=UUDD bid=YRG");
    t.Play("roll 1 2 1 @time-1");  // UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("time delist=R @rights-1");
    const std::string msg = t.Reject("rights R 5k 2000", "M-7");
    CHECK(Has(msg, "Red is delisted until the new year"));
    t.Play("rights B 5k 9000");
    CHECK(t.Cash("Ann") == 91000);
    CHECK(t.Player("Ann").common[Company::Blue] == 5000);
}

// =============================================================================================
// O-1 Accepting option cards
// =============================================================================================

TEST_CASE("O-1: a call on CALLS and a put on PUTS pay their cost to the bank; ids #1, #2, #3 follow the order "
          "of acceptance across players and kinds; the state lists them under players[i].options") {
    Table t("game players=Ann,Bob,Cy");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG");
    t.Play("roll 1 2 1 @calls");  // Ann. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    const auto prices = t.State().price;
    t.Play("call B 5k 7750 500");
    CHECK(t.Cash("Ann") == 99500);
    CHECK(t.State().price == prices);  // accepting a card is no share transaction
    CHECK(t.LastSaid("[O-1] Ann pays the bank $500 for the call card"));
    CHECK(t.LastSaid("Ann keeps option #1 (call 5,000 Blue, strike $7,750 = $1.55 a share)"));
    t.Play("end");
    t.Play("roll 1 2 1 @puts");  // Bob. UDDU 1: Y 2.00 B 2.00 R 1.00 G 1.00
    t.Play("put B 5k 11750 500");
    CHECK(t.LastSaid("Bob keeps option #2 (put 5,000 Blue, strike $11,750 = $2.35 a share)"));
    CHECK(t.Cash("Bob") == 99500);
    t.Play("end");
    t.Play("roll 1 2 1 @calls");  // Cy. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("call R 10k 12000 750");
    CHECK(t.Cash("Cy") == 99250);

    const nlohmann::json j = Json(t);
    REQUIRE(j["players"][0]["options"].size() == 1);
    const nlohmann::json& ann = j["players"][0]["options"][0];
    CHECK(ann["id"] == 1);
    CHECK(ann["kind"] == "call");
    CHECK(ann["company"] == "blue");
    CHECK(ann["shares"] == 5000);
    CHECK(ann["strike_total"] == 775000);  // cents
    CHECK(ann["exercisable"] == true);     // drawn two turns ago
    const nlohmann::json& bob = j["players"][1]["options"][0];
    CHECK(bob["id"] == 2);
    CHECK(bob["kind"] == "put");
    CHECK(bob["strike_total"] == 1175000);
    const nlohmann::json& cy = j["players"][2]["options"][0];
    CHECK(cy["id"] == 3);
    CHECK(cy["company"] == "red");
    CHECK(cy["shares"] == 10000);
    CHECK(cy["exercisable"] == false);  // drawn this turn (O-2)
}

TEST_CASE("O-1: rejected on the wrong space, twice in a turn, in odd lots, without the cost, off one's turn") {
    Table t("game players=Ann,Bob");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG\nboard @market-1 trend=UDDU bid=YBRG");
    t.Reject("call B 5k 7750 500", "T-2");
    t.Play("roll 1 2 1 @calls");  // DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    CHECK(Has(t.Reject("put B 5k 11750 500", "O-1"), "a put option card is drawn on the PUTS space; Ann is at Calls"));
    CHECK(Has(t.Reject("call B 7500 7750 500", "O-1"), "lots of 5,000, got 7,500"));
    CHECK(Has(t.Reject("call B 5k 7750 100001", "O-1"), "Ann has $100,000; the call card costs $100,001"));
    CHECK(Has(t.Reject("Bob: call B 5k 7750 500", "T-6"), "it is Ann's turn"));
    t.Play("call B 5k 7750 500");
    CHECK(Has(t.Reject("call Y 5k 10000 500", "O-1"), "Ann has already accepted an option card this turn"));
    t.Play("end");
    t.Play("roll 1 2 1 @puts");  // Bob. UDDU 1: Y 2.00 B 2.00 R 1.00 G 1.00
    CHECK(Has(t.Reject("call B 5k 7750 500", "O-1"), "a call option card is drawn on the CALLS space; Bob is at Puts"));
    t.Play("put B 5k 11750 500");
    CHECK(Has(t.Reject("put Y 5k 11750 500", "O-1"), "already accepted an option card this turn"));
    t.Play("end");
    t.Play("roll 1 2 1 @market-1");  // Ann. UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    CHECK(Has(t.Reject("put B 5k 11750 500", "O-1"), "Ann is at Market 1"));
    t.Reject("call B 5k 7750 500", "O-1");
    CHECK(t.State().next_option_id == 3);  // rejections use no id
}

// =============================================================================================
// O-2 When options are exercised
// =============================================================================================

TEST_CASE("O-2: an option is not exercised on the turn it is drawn, nor on another player's turn; on a later "
          "turn of one's own it is") {
    Table t("game players=Ann,Bob");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @calls");  // Ann. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("call B 5k 9000 500");  // $1.80 a share
    CHECK(Json(t)["players"][0]["options"][0]["exercisable"] == false);
    CHECK(Has(t.Reject("exercise #1 cash", "O-2"), "option #1 was drawn this turn: it is exercised on a later turn"));
    t.Play("end");
    CHECK(Json(t)["players"][0]["options"][0]["exercisable"] == true);
    t.Play("roll 1 2 1 @fulwell");  // Bob. DUUD 1: Y 1.90 B 2.10 R 1.10 G 0.90
    CHECK(Has(t.Reject("Ann: exercise #1 cash", "T-6"), "it is Bob's turn"));
    t.Play("end");
    CHECK(Has(t.Reject("exercise #1 cash", "T-2"), "has not rolled yet"));
    t.Play("roll 1 2 1 @fulwell");  // Ann. DUUD 1: Y 1.85 B 2.15 R 1.15 G 0.85
    t.Play("exercise #1 cash");     // 5,000 x $2.15 = $10,750 - $9,000 = $1,750
    CHECK(t.Cash("Ann") == 99500 + 1750);
    CHECK(Json(t)["players"][0]["options"].empty());
    CHECK(Has(t.Reject("exercise #1 cash", "O-1"), "there is no option #1"));
}

TEST_CASE("O-2 / T-5: the bonus turn after doubles is a later turn: the option drawn before it is exercisable") {
    Table t("game players=Ann,Bob");
    t.Play("board @calls trend=DUUD bid=BRG");
    t.Play("roll 2 2 1 @calls");    // DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95 (doubles)
    t.Play("call B 5k 9000 500");   // $1.80 a share
    t.Play("end");                  // Ann again (T-5)
    t.Play("roll 1 2 3 @fulwell");  // DUUD 3: Y 1.80 B 2.20 R 1.20 G 0.80
    t.Play("exercise #1 cash");     // 5,000 x $2.20 = $11,000 - $9,000 = $2,000
    CHECK(t.Cash("Ann") == 99500 + 2000);
}

TEST_CASE("O-2: a turn closed by 'player' (a repaired turn order) counts as a turn: the option drawn in it is "
          "exercisable on the next turn") {
    // Ann takes her turn, draws a call, and the broker closes the turn with 'player Ann' (COMMANDS.md:
    // "make Ann the current player", "the turn in progress is closed"). Ann's next roll is a later
    // turn than the one the card was drawn on.
    Table t("game players=Ann,Bob");
    t.Play("board @calls trend=DUUD bid=BRG");
    t.Play("roll 1 2 1 @calls\ncall B 5k 9000 500");  // DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("player Ann");
    CHECK(t.LastSaid("the turn in progress is closed"));
    t.Play("roll 1 2 1 @fulwell");  // DUUD 1: Y 1.90 B 2.10 R 1.10 G 0.90
    t.Play("exercise #1 cash");     // 5,000 x $2.10 = $10,500 - $9,000 = $1,500
    CHECK(t.Cash("Ann") == 99500 + 1500);
}

TEST_CASE("O-2 / Y-3: every option expires at the year end, but the player whose draw ended the year may "
          "exercise on that turn, after the draw") {
    Table t("game players=Ann,Bob year-cards=1");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG\nboard @time-2 trend=DUUD bid=YBG");
    t.Play("roll 1 2 1 @puts\nput B 5k 11000 500\nend");    // Ann, #1 ($2.20). UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    t.Play("roll 1 2 1 @calls\ncall B 5k 9000 500\nend");   // Bob, #2 ($1.80). DUUD 1: Y 2.00 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 2 1 @time-2");                           // Ann. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Reject("exercise #1 cash", "T-4");                    // the Time card comes first
    t.Play("time");                                         // 1 of 1: the year ends at this turn's end
    CHECK(t.State().year_end_due);
    t.Play("exercise #1 cash");  // Time 2 bids Blue: $11,000 - 5,000 x $2.05 = $10,250 -> $750
    CHECK(t.Cash("Ann") == 99500 + 750);
    CHECK(t.LastSaid("strike $11,000 - 5,000 x $2.05 = $10,250 = $750"));
    t.Play("end");
    CHECK(t.State().year == 2);
    CHECK(t.LastSaid("[Y-3] Bob's option #2 (call 5,000 Blue) expires worthless"));
    CHECK(t.State().options.empty());
    CHECK(Json(t)["players"][1]["options"].empty());
    CHECK(t.Cash("Bob") == 99500);  // the cost is not refunded
    t.Play("roll 1 2 1 @fulwell");   // Bob, year 2: Blue $2.10 would have made #2 worth $1,500
    // Y-3: the rejection cites the year end that took the option, not O-1.
    CHECK(Has(t.Reject("exercise #2 cash", "Y-3"), "option #2 expired at the year end, as every option does (none are held)"));
    // An option that never existed is still O-1's business.
    CHECK(Has(t.Reject("exercise #7 cash", "O-1"), "there is no option #7 (none are held)"));
}

TEST_CASE("Y-3: an option that expired at the year end can be neither exercised nor sold; one held now can") {
    Table t("game players=Ann,Bob year-cards=1");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @market-1 trend=UUUU bid=YBRG");
    t.Play("roll 1 2 1 @calls\ncall B 5k 9000 500\nend");  // Ann, #1. DUUD 1: B 2.05
    t.Play("roll 1 2 1 @time-1\ntime\nend");                // Bob draws the year's only card: #1 expires
    CHECK(t.State().expired_options == std::vector<int>{1});
    t.Play("roll 1 2 1 @calls\ncall B 5k 9000 500");         // Ann, year 2: #2
    CHECK(Has(t.Reject("exercise #1 cash", "Y-3"), "option #1 expired at the year end, as every option does (held: #2 Ann)"));
    t.Reject("transfer #1 Bob 100", "Y-3");
    t.Play("end\nroll 1 2 1 @market-1\nend\nroll 1 2 1 @fulwell");  // Ann's later turn, an Ask for Blue
    t.Play("exercise #2 cash");                                      // accepted: #2 is held
    CHECK(t.State().options.empty());
    // An exercised option is not an expired one: O-1, as before.
    t.Reject("exercise #2 cash", "O-1");
}

// =============================================================================================
// O-3 Selling an option to another player
// =============================================================================================

TEST_CASE("O-3: only the holder sells an option, at any agreed price the buyer can pay, at any time; the new "
          "holder exercises it (the card keeps the turn it was drawn on)") {
    Table t("game players=Ann,Bob,Cy");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @market-1\nend");  // Ann. UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    t.Play("roll 1 2 1 @calls");          // Bob. DUUD 1: Y 2.00 B 2.00 R 1.00 G 1.00
    t.Play("call B 5k 9000 500");         // #1, $1.80 a share
    CHECK(Has(t.Reject("Cy: transfer #1 Ann 1500", "O-3"),
              "option #1 is Bob's: only the holder sells it ('Bob: transfer #1 ...')"));
    CHECK(Has(t.Reject("transfer #1 Bob 1500", "O-3"), "Bob already holds option #1"));
    CHECK(Has(t.Reject("transfer #1 Dee 1500", "O-3"), "no player called Dee"));
    CHECK(Has(t.Reject("transfer #2 Cy 1500", "O-3"), "there is no option #2 (held: #1 Bob)"));
    CHECK(Has(t.Reject("transfer #1 Cy 100001", "O-3"), "Cy has $100,000, cannot pay $100,001 for option #1"));
    t.Play("end");
    t.Play("roll 1 2 1 @fulwell");  // Cy. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    // Bob sells on Cy's turn: the one deal between players, any time.
    t.Play("Bob: transfer #1 Cy 1500");
    CHECK(t.Cash("Bob") == 99500 + 1500);
    CHECK(t.Cash("Cy") == 100000 - 1500);
    CHECK(t.LastSaid("[O-3] Cy pays Bob $1,500 for option #1 (the one deal between players)"));
    CHECK(Json(t)["players"][1]["options"].empty());
    CHECK(Json(t)["players"][2]["options"][0]["id"] == 1);
    CHECK(Has(t.Reject("Bob: exercise #1 cash", "O-3"), "option #1 is Cy's, not Bob's"));
    // Drawn on turn 1, exercised on turn 2 by its new holder: 5,000 x $2.05 = $10,250 - $9,000 = $1,250.
    t.Play("exercise #1 cash");
    CHECK(t.Cash("Cy") == 100000 - 1500 + 1250);
}

// =============================================================================================
// O-4 Exercising a call
// =============================================================================================

TEST_CASE("O-4 worked example: call 5,000 Blue for $7,750 ($1.55), cost $500; at $2.75 the cash value is "
          "$6,000; the price does not move (D-20)") {
    Table t("game players=Ann,Bob");
    PlayCallScenario(t, "call B 5k 7750 500");
    t.Play("roll 1 2 3 @fulwell");  // DUUD 3: Y 1.85 B 2.75 R 1.15 G 0.85
    REQUIRE(t.Price(Company::Blue) == 275);
    CHECK(Has(t.Reject("exercise #1 sell", "O-4"), "option #1 is a call: it is exercised by cash, buy or cover"));
    CHECK(Has(t.Reject("exercise #1 short", "O-4"), "cash, buy or cover"));
    const std::string no_short = t.Reject("exercise #1 cover", "O-4");
    CHECK(Has(no_short, "Ann is short 0 Blue; covering with option #1 needs a short of 5,000 (or 'exercise #1 buy')"));
    t.Play("exercise #1 cash");
    // 5,000 x $2.75 = $13,750 - strike $7,750 = $6,000, from the broker.
    CHECK(t.LastSaid("5,000 x $2.75 = $13,750 - strike $7,750 = $6,000"));
    CHECK(t.Cash("Ann") == 100000 - 500 + 6000);
    CHECK(t.Price(Company::Blue) == 275);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
    CHECK(t.Player("Ann").common[Company::Blue] == 0);
    CHECK(t.State().options.empty());  // the card goes back under its pile
}

TEST_CASE("O-4: a call out of the money pays nothing in cash") {
    Table t("game players=Ann,Bob");
    PlayCallScenario(t, "call B 5k 15000 500");  // $3.00 a share
    t.Play("roll 1 2 3 @fulwell");              // Blue $2.75
    t.Play("exercise #1 cash");                 // 5,000 x $2.75 = $13,750 < $15,000
    CHECK(t.LastSaid("option #1 is worth nothing in cash (5,000 x $2.75 = $13,750 - strike $15,000 = -$1,250)"));
    CHECK(t.Cash("Ann") == 99500);
    CHECK(t.State().options.empty());
}

TEST_CASE("O-4 buy: pay the strike total, receive the shares from the tray, no promotion (D-20)") {
    Table t("game players=Ann,Bob");
    PlayCallScenario(t, "call B 5k 7750 500");
    t.Play("roll 1 2 3 @fulwell");  // Blue $2.75
    t.Play("exercise #1 buy");
    CHECK(t.Cash("Ann") == 99500 - 7750);
    CHECK(t.Player("Ann").common[Company::Blue] == 5000);
    CHECK(t.State().tray[Company::Blue].common == 155000);
    CHECK(t.Price(Company::Blue) == 275);  // a market buy of 5,000 would be $2.80
    CHECK(t.LastSaid("Ann pays the bank the strike $7,750 for 5,000 Blue"));
}

TEST_CASE("O-4 buy: needs the strike in cash and the shares in the tray") {
    Table t("game players=Ann,Bob");
    PlayCallScenario(t, "call B 40k 120000 500");  // $3.00 a share
    t.Play("roll 1 2 3 @fulwell");
    CHECK(Has(t.Reject("exercise #1 buy", "O-4"), "Ann has $99,500; the strike of option #1 costs $120,000"));
    // Blue issues 160,000 common: a card for more is refused when it is accepted.
    Table big("game players=Ann,Bob");
    big.Play("roll 1 2 1 @calls");
    CHECK(Has(big.Reject("call B 165k 1000 500", "O-1"), "Blue issued only 160,000 common shares"));
}

TEST_CASE("O-4: a call is exercised only with an Ask for its company, in every mode") {
    Table t("game players=Ann,Bob");
    PlayCallScenario(t, "call B 5k 7750 500");
    t.Play("roll 1 2 1 @market-1");  // DUUD 1: Blue $2.65
    CHECK(Has(t.Reject("exercise #1 cash", "O-4"), "no Ask for Blue at Market 1: only subsidiaries show Asks"));
    t.Reject("exercise #1 buy", "O-4");
    t.Reject("exercise #1 cover", "O-4");
    t.Play("end\nroll 1 2 1 @market-2\nend");  // Bob. UUDU 1: Blue $2.70
    t.Play("roll 1 2 1 @brada");               // DUUD 1: Blue $2.75; Brada asks Yellow, Red, Green
    CHECK(Has(t.Reject("exercise #1 cash", "O-4"), "no Ask for Blue at Brada"));
}

TEST_CASE("O-4 cover: the call covers that many shares of the short at the strike; the rest of a larger "
          "short is margin-called at market, with promotion") {
    Table t("game players=Ann,Bob");
    t.Play(kCallLab);
    t.Play("roll 1 2 3 @calls");    // DUUD 3: Y 1.85 B 2.15 R 1.15 G 0.85
    t.Play("call B 5k 7750 500");   // #1, $1.55 a share
    t.Play("short B 10k");          // 10,000 x $2.15 = $21,500 to the margin account; Blue $2.05
    t.Play("end");
    t.Play("roll 1 2 3 @market-2\nend");  // Bob. UUDU 3: Y 2.00 B 2.20 R 1.00 G 1.00
    t.Play("roll 1 2 3 @fulwell");        // Ann. DUUD 3: Y 1.85 B 2.35 R 1.15 G 0.85
    REQUIRE(t.Price(Company::Blue) == 235);
    t.Play("exercise #1 cover");
    // 5,000 covered by the call: Ann takes back half the note ($10,750) and pays the strike $7,750.
    // The other 5,000 are called at market: 5,000 x $2.35 = $11,750, taking back $10,750; promotion
    // 1 tick up to $2.40. The exercise itself moves nothing (D-20).
    CHECK(t.LastSaid("Ann pays the bank the strike $7,750 to cover 5,000 Blue with option #1"));
    CHECK(t.LastSaid("covering 5,000 Blue at market (the rest of the short after option #1: 5,000 x $2.35 = $11,750)"));
    CHECK(t.Cash("Ann") == 99500 + 10750 - 7750 + 10750 - 11750);
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Blue) == 0);
    CHECK(t.State().MarginHeld(Company::Blue).cents() == 0);
    CHECK(t.Price(Company::Blue) == 240);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 1);  // the margin call's promotion only
}

TEST_CASE("O-4 cover: a short exactly the call's size is covered at the strike and nothing moves") {
    Table t("game players=Ann,Bob");
    t.Play(kCallLab);
    t.Play("roll 1 2 3 @calls\ncall B 10k 15500 500\nshort B 10k\nend");  // B 2.15 -> short at $2.15 ($21,500) -> 2.05
    t.Play("roll 1 2 3 @market-2\nend");                                   // B 2.20
    t.Play("roll 1 2 3 @fulwell");                                         // B 2.35
    t.Play("exercise #1 cover");  // takes back $21,500, pays $15,500
    CHECK(t.Cash("Ann") == 99500 + 21500 - 15500);
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Blue) == 0);
    CHECK(t.Price(Company::Blue) == 235);
    CHECK_FALSE(t.LastSaid("at market"));
}

TEST_CASE("O-4 cover: needs a short at least the call's size") {
    Table t("game players=Ann,Bob");
    t.Play(kCallLab);
    t.Play("roll 1 2 3 @calls\ncall B 10k 15500 500\nshort B 5k\nend");  // B 2.15 -> short 5,000 -> 2.10
    t.Play("roll 1 2 3 @market-2\nend");                                  // B 2.25
    t.Play("roll 1 2 3 @fulwell");                                        // B 2.40
    const std::string msg = t.Reject("exercise #1 cover", "O-4");
    CHECK(Has(msg, "Ann is short 5,000 Blue; covering with option #1 needs a short of 10,000 (or 'exercise #1 buy')"));
    t.Play("exercise #1 buy");  // the short stays a normal short
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Blue) == 5000);
}

// =============================================================================================
// O-5 Exercising a put (D-16)
// =============================================================================================

TEST_CASE("O-5 worked example: put 5,000 Blue for $11,750 ($2.35), cost $500; at $1.25 the cash value is "
          "$5,500; the price does not move (D-20)") {
    Table t("game players=Ann,Bob");
    PlayPutScenario(t, "put B 5k 11750 500");
    t.Play("roll 1 2 3 @market-1");  // UDDU 3: Y 2.15 B 1.25 R 0.85 G 1.15
    REQUIRE(t.Price(Company::Blue) == 125);
    CHECK(Has(t.Reject("exercise #1 buy", "O-5"), "option #1 is a put: it is exercised by cash, sell or short"));
    CHECK(Has(t.Reject("exercise #1 cover", "O-5"), "cash, sell or short"));
    CHECK(Has(t.Reject("exercise #1 sell", "O-5"), "Ann holds 0 Blue common; option #1 delivers 5,000"));
    t.Play("exercise #1 cash");
    // strike $11,750 - 5,000 x $1.25 = $6,250 -> $5,500.
    CHECK(t.LastSaid("strike $11,750 - 5,000 x $1.25 = $6,250 = $5,500"));
    CHECK(t.Cash("Ann") == 99500 + 5500);
    CHECK(t.Price(Company::Blue) == 125);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
}

TEST_CASE("O-5 sell: deliver the shares held, receive the strike total, no promotion (D-20)") {
    Table t("game players=Ann,Bob");
    // Ann's second turn is at Ancaster (UDDU, Ask YBR): 5,000 Blue at $1.55 = $7,750; Blue $1.60,
    // so Bob's Market 2 leaves $1.45 and Ann's Market 1 $1.30.
    PlayPutScenario(t, "put B 5k 11750 500", "ancaster", "buy B 5k");
    t.Play("roll 1 2 3 @market-1");
    REQUIRE(t.Price(Company::Blue) == 130);
    t.Play("exercise #1 sell");
    CHECK(t.Cash("Ann") == 99500 - 7750 + 11750);
    CHECK(t.Player("Ann").common[Company::Blue] == 0);
    CHECK(t.State().tray[Company::Blue].common == 160000);
    CHECK(t.Price(Company::Blue) == 130);  // a market sale of 5,000 would be $1.25
    CHECK(t.LastSaid("the broker pays Ann the strike $11,750 for them"));
}

TEST_CASE("O-5 sell / S-3: shares delivered by a put forfeit a directorship they no longer back") {
    Table t("game players=Ann,Bob");
    t.Play("board @puts trend=UDDU bid=YBG\nboard @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @puts\nput B 5k 11000 500\nend");  // UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    t.Play("roll 1 2 1 @market-1\nend");                   // Bob. UDDU 1: Y 2.10 B 1.90 R 0.90 G 1.10
    t.Play("roll 1 2 1 @fulwell");                         // DUUD 1: Y 2.05 B 1.95 R 0.95 G 1.05
    t.Play("buy B 20k\nbuy B 20k\ndir B\nend");            // $39,000 (B 2.15) + $43,000 (B 2.35) + $500
    t.Play("roll 1 2 1 @market-1\nend");                   // Bob. B 2.30
    t.Play("roll 1 2 1 @market-1");                        // Ann. B 2.25
    REQUIRE(t.Player("Ann").directorships[Company::Blue] == 1);
    t.Play("exercise #1 sell");  // 40,000 -> 35,000 Blue: one directorship needs 40,000
    CHECK(t.Player("Ann").directorships[Company::Blue] == 0);
    CHECK(t.LastSaid("[S-3] Ann forfeits 1 Blue common directorship"));
    CHECK(t.Cash("Ann") == 99500 - 39000 - 43000 - 500 + 11000);
}

TEST_CASE("O-5 short: a short sale of the shares at the strike, into the margin account with a note; a normal "
          "short from then on") {
    Table t("game players=Ann,Bob");
    PlayPutScenario(t, "put B 5k 11750 500");
    t.Play("roll 1 2 3 @market-1");  // Blue $1.25
    t.Play("exercise #1 short");     // S-4: 2 x 5,000 x $1.25 = $12,500 of assets needed, Ann has $99,500
    CHECK(t.Cash("Ann") == 99500);   // the proceeds go to the margin account
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Blue) == 5000);
    CHECK(t.State().MarginHeld(Company::Blue).cents() == 1175000);
    CHECK(Json(t)["margin_notes"]["blue"][0]["proceeds"] == 1175000);
    CHECK(t.Price(Company::Blue) == 125);  // a market short of 5,000 would be $1.20
    CHECK(t.LastSaid("Ann sells 5,000 Blue short at the strike $11,750: a normal short from now on"));
    t.Play("end");
    t.Play("roll 1 2 3 @market-2\nend");  // Bob. DDUD 3: Y 2.00 B 1.10 R 1.00 G 1.00
    t.Play("roll 1 2 1 @fulwell");        // Ann. DUUD 1: Y 1.95 B 1.15 R 1.05 G 0.95
    t.Play("cover B 5k");                 // pay 5,000 x $1.15 = $5,750, collect $11,750; Blue $1.20
    CHECK(t.Cash("Ann") == 99500 - 5750 + 11750);
    CHECK(t.State().MarginHeld(Company::Blue).cents() == 0);
    CHECK(t.Price(Company::Blue) == 120);
}

TEST_CASE("O-5 short / S-4: the short needs twice the value of all shorts, the new one included, in assets") {
    Table t("game players=Ann,Bob");
    PlayPutScenario(t, "put B 40k 94000 500");  // $2.35 a share
    t.Play("roll 1 2 3 @market-1");             // Blue $1.25
    // 40,000 x $1.25 = $50,000 of short: $100,000 of assets needed; Ann has $99,500 in cash.
    CHECK(Has(t.Reject("exercise #1 short", "S-4"), "Ann needs $100,000 of assets for this short, has $99,500"));
    t.Play("exercise #1 cash");  // $94,000 - $50,000 = $44,000
    CHECK(t.Cash("Ann") == 99500 + 44000);
}

TEST_CASE("O-5 / D-16: a put is exercised only with a Bid for its company, in every mode") {
    Table t("game players=Ann,Bob");
    PlayPutScenario(t, "put B 5k 11750 500");
    t.Play("roll 1 2 3 @elspeth");  // UDDU 3, Ask BRG, no Bids: Blue $1.25
    CHECK(Has(t.Reject("exercise #1 cash", "D-16"), "no Bid for Blue at Elspeth: subsidiaries show Asks, not Bids"));
    t.Reject("exercise #1 sell", "D-16");
    t.Reject("exercise #1 short", "D-16");
}

TEST_CASE("O-5 / D-16 variant put-cash-needs-ask: put cash settlement needs an Ask instead of a Bid; sell and "
          "short still need the Bid; by default a Bid is enough") {
    Table def("game players=Ann,Bob");
    Table var("game players=Ann,Bob variants=put-cash-needs-ask");
    for (Table* t : {&def, &var}) {
        PlayPutScenario(*t, "put B 5k 11750 500");
        t->Play("roll 1 2 3 @market-1");  // Blue $1.25; Market 1 bids all four, asks none
    }
    def.Play("exercise #1 cash");
    CHECK(def.Cash("Ann") == 99500 + 5500);
    CHECK(Has(var.Reject("exercise #1 cash", "D-16"), "no Ask for Blue at Market 1"));
    var.Play("exercise #1 short");  // the variant is about cash settlement only
    CHECK(var.State().ShortShares(var.P("Ann"), Company::Blue) == 5000);

    // With the variant, the Ask of a subsidiary is enough, where the default needs a Bid.
    Table def2("game players=Ann,Bob");
    Table var2("game players=Ann,Bob variants=put-cash-needs-ask");
    for (Table* t : {&def2, &var2}) {
        PlayPutScenario(*t, "put B 5k 11750 500");
        t->Play("roll 1 2 3 @elspeth");  // Ask BRG, no Bids
    }
    def2.Reject("exercise #1 cash", "D-16");
    var2.Play("exercise #1 cash");
    CHECK(var2.Cash("Ann") == def.Cash("Ann"));

    // A Time card that moves the pawn to a subsidiary gives both: the TIME space's Bids and the new
    // space's Asks (T-4, T-6).
    Table both("game players=Ann,Bob variants=put-cash-needs-ask year-cards=5");
    PlayPutScenario(both, "put B 5k 11750 500");
    both.Play("roll 1 2 3 @time-1");  // UDDU 3 (pinned in kPutLab), Bids YBRG: Blue $1.25
    both.Play("time @fulwell");       // no second Market Open; Fulwell asks Blue
    REQUIRE(both.Price(Company::Blue) == 125);
    both.Play("exercise #1 cash");
    CHECK(both.Cash("Ann") == 99500 + 5500);
}

// =============================================================================================
// D-20 / M-2 Exercise is never promoted
// =============================================================================================

TEST_CASE("D-20 / M-2: a 20,000-share call bought and a 20,000-share put delivered leave the price where it was") {
    Table t("game players=Ann,Bob");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG\nboard @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @calls\ncall R 20k 20000 500\nend");  // #1 ($1.00). DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("roll 1 2 1 @market-1\nend");                      // Bob. UDDU 1: Y 2.00 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 2 1 @fulwell");                            // DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("exercise #1 buy");  // a market buy of 20,000 would take Red from $1.05 to $1.25
    CHECK(t.Price(Company::Red) == 105);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
    CHECK(t.Player("Ann").common[Company::Red] == 20000);
    t.Play("end\nroll 1 2 1 @market-1\nend");                 // Bob. UDDU 1: Y 2.00 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 2 1 @puts\nput R 20k 24000 500\nend");     // #2 ($1.20). UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    t.Play("roll 1 2 1 @market-1\nend");                      // Bob. Y 2.10 B 1.90 R 0.90 G 1.10
    t.Play("roll 1 2 1 @market-1");                           // Ann. Y 2.15 B 1.85 R 0.85 G 1.15
    t.Play("exercise #2 sell");  // a market sale of 20,000 would take Red from $0.85 to $0.65
    CHECK(t.Price(Company::Red) == 85);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
    CHECK(t.Player("Ann").common[Company::Red] == 0);
    CHECK(t.Cash("Ann") == 100000 - 500 - 20000 - 500 + 24000);
}

// =============================================================================================
// M-7 Delisted companies: options
// =============================================================================================

TEST_CASE("O-1 / O-3 / O-4 / O-5 / M-7: a delisted company's options are neither accepted, exercised nor sold until "
          "the new year") {
    Table t("game players=Ann,Bob year-cards=5");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG\nboard @time-1 trend=UUDD bid=YRG");
    t.Play("board @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @calls\ncall B 5k 9000 500\nend");  // Ann #1. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("roll 1 2 1 @puts\nput B 5k 11000 500\nend");   // Bob #2. UDDU 1: Y 2.00 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 2 1 @time-1");                          // Ann. UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("time delist=B @calls");
    CHECK(Has(t.Reject("exercise #1 cash", "M-7"), "Blue is delisted until the new year"));
    CHECK(Has(t.Reject("call B 5k 9000 500", "M-7"), "Blue is delisted"));
    t.Reject("Bob: transfer #2 Ann 100", "M-7");
    t.Play("call R 5k 5000 500");  // #3: another company, on the CALLS space the card moved the pawn to
    CHECK(Json(t)["players"][0]["options"].size() == 2);
    t.Play("end");
    t.Play("roll 1 2 1 @market-1");  // Bob, with Market 1's Bid for Blue
    CHECK(Has(t.Reject("exercise #2 cash", "M-7"), "Blue is delisted"));
    t.Reject("exercise #2 short", "M-7");
}

// =============================================================================================
// C-1..C-4 Conversions (D-15)
// =============================================================================================

TEST_CASE("C-1 / D-15: common -> preferred only at Preferred Yellow / Blue for that company, any amount in lots "
          "of 5,000, $500 per lot from the bank, the price does not move") {
    Table t("game players=Ann,Bob");
    t.Play("board @brada trend=UUDD ask=YBR\nboard @preferred-yellow trend=DDUU bid=YBG");
    t.Play("board @preferred-blue trend=UDDU bid=YBR");
    t.Play("roll 1 2 1 @brada");  // Ann. UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("buy Y 20k\nbuy Y 20k");  // $41,000 (Y 2.25) + $45,000 (Y 2.45): cash $14,000
    CHECK(Has(t.Reject("convert Y pref 10k", "C-1"), "common converts to Yellow preferred only at Preferred Yellow, not at Brada"));
    t.Play("end");
    t.Play("roll 1 2 1 @preferred-blue");  // Bob. UDDU 1: Y 2.50 B 2.00 R 0.90 G 1.00
    t.Play("end");
    t.Play("roll 1 2 1 @preferred-yellow");  // Ann. DDUU 1: Y 2.45 B 1.95 R 0.95 G 1.05
    CHECK(Has(t.Reject("convert B pref 5k", "C-1"), "Blue preferred only at Preferred Blue, not at Preferred Yellow"));
    CHECK(Has(t.Reject("convert R pref 5k", "C-1"), "Red has no preferred shares"));
    CHECK(Has(t.Reject("convert Y pref 7500", "C-1"), "lots of 5,000 shares, got 7,500"));
    CHECK(Has(t.Reject("convert Y pref 45k", "C-1"), "Ann holds 40,000 Yellow common, cannot convert 45,000"));
    const auto prices = t.State().price;
    t.Play("convert Y pref 30k");  // more than a market transaction's 20,000: no promotion, no M-1 limit
    CHECK(t.LastSaid("[D-15] the broker pays Ann the conversion gain: 6 lots x $500 = $3,000"));
    CHECK(t.Cash("Ann") == 14000 + 3000);
    CHECK(t.Player("Ann").common[Company::Yellow] == 10000);
    CHECK(t.Player("Ann").preferred[Company::Yellow] == 30000);
    CHECK(t.State().tray[Company::Yellow].common == 160000 - 10000);
    CHECK(t.State().tray[Company::Yellow].preferred == 80000 - 30000);
    CHECK(t.State().price == prices);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
    t.Play("convert Y pref 5k\nconvert Y pref 5k");  // again and again, $500 each
    CHECK(t.Cash("Ann") == 14000 + 3000 + 500 + 500);
    CHECK(t.Player("Ann").common[Company::Yellow] == 0);
    CHECK(t.Player("Ann").preferred[Company::Yellow] == 40000);
    CHECK(Has(t.Reject("convert Y pref 5k", "C-1"), "Ann holds 0 Yellow common"));
}

TEST_CASE("C-2 / D-15: preferred -> common needs an Ask for the company (no Bid), $500 per lot, the price does "
          "not move") {
    Table t("game players=Ann,Bob");
    t.Play("board @brada trend=UUDD ask=YBR\nboard @preferred-yellow trend=DDUU bid=YBG");
    t.Play("board @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @preferred-yellow");  // Ann. DDUU 1: Y 1.95 B 1.95 R 1.05 G 1.05
    t.Play("buy Y pref 20k");                // 20,000 x $1.95 = $39,000; Y 2.15
    // Preferred Yellow's Ask is for Yellow preferred only (BD-3).
    CHECK(Has(t.Reject("convert Y common 5k", "C-2"),
              "no Ask for Yellow at Preferred Yellow: Preferred Yellow has an Ask for Yellow preferred only"));
    t.Play("end");
    t.Play("roll 1 2 1 @market-1\nend");  // Bob. UDDU 1: Y 2.20 B 1.90 R 1.00 G 1.10
    t.Play("roll 1 2 1 @fulwell");        // Ann. DUUD 1: Y 2.15 B 1.95 R 1.05 G 1.05; Ask BRG
    CHECK(Has(t.Reject("convert Y common 5k", "C-2"), "no Ask for Yellow at Fulwell"));
    t.Play("end");
    t.Play("roll 1 2 1 @market-1\nend");  // Bob. UDDU 1: Y 2.20 B 1.90 R 1.00 G 1.10
    t.Play("roll 1 2 1 @brada");          // Ann. UUDD 1: Y 2.25 B 1.95 R 0.95 G 1.05; Ask YBR, no Bids
    REQUIRE(t.Price(Company::Yellow) == 225);
    CHECK(Has(t.Reject("convert Y common 25k", "C-2"), "Ann holds 20,000 Yellow preferred, cannot convert 25,000"));
    CHECK(Has(t.Reject("convert Y common 2500", "C-2"), "lots of 5,000 shares"));
    CHECK(Has(t.Reject("convert R common 5k", "C-2"), "Red has no preferred shares"));
    t.Play("convert Y common 20k");
    CHECK(t.LastSaid("4 lots x $500 = $2,000"));
    CHECK(t.Cash("Ann") == 100000 - 39000 + 2000);
    CHECK(t.Player("Ann").common[Company::Yellow] == 20000);
    CHECK(t.Player("Ann").preferred[Company::Yellow] == 0);
    CHECK(t.State().tray[Company::Yellow].preferred == 80000);
    CHECK(t.State().tray[Company::Yellow].common == 140000);
    CHECK(t.Price(Company::Yellow) == 225);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
}

TEST_CASE("C-3: a $10,000 bond -> 5,000 common on any space of one's own turn, no Ask or Bid, no gain, no "
          "promotion; debentures are not convertible") {
    Table t("game players=Ann,Bob");
    t.Play("board @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @fulwell");  // Ann. DUUD 1: Y 1.95 B 2.05 R 1.05 G 0.95
    t.Play("buy B bond 30k\nbuy R deb 10k");  // $40,000 at face: cash $60,000
    t.Play("convert B bond 10k");              // bonds bought this turn are convertible at once
    CHECK(t.Player("Ann").bonds[Company::Blue] == 20000);
    CHECK(t.Player("Ann").common[Company::Blue] == 5000);
    CHECK(t.State().tray[Company::Blue].common == 155000);
    CHECK(t.State().tray[Company::Blue].bonds == 80000);
    CHECK(t.Cash("Ann") == 60000);  // no conversion gain for bonds
    CHECK(t.Price(Company::Blue) == 205);
    CHECK(t.LastSaid("no Ask or Bid, no promotion"));
    CHECK(Has(t.Reject("convert R bond 10k", "C-3"), "Red debentures are not convertible"));
    CHECK(Has(t.Reject("convert G deb 10k", "C-3"), "Green debentures are not convertible"));
    t.Play("end");
    t.Play("roll 1 2 1 @market-1");  // Bob. UDDU 1: Y 2.00 B 2.00 R 1.00 G 1.00
    CHECK(Has(t.Reject("Ann: convert B bond 10k", "T-6"), "it is Bob's turn"));
    t.Play("end");
    CHECK(Has(t.Reject("convert B bond 10k", "T-2"), "has not rolled yet"));
    t.Play("roll 1 2 1 @market-1");  // Ann. UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05; no Ask for anything
    CHECK(Has(t.Reject("convert B bond 15k", "C-3"), "$10,000 certificates, got $15,000"));
    CHECK(Has(t.Reject("convert B bond 30k", "C-3"), "Ann holds $20,000 of Blue bonds, cannot convert $30,000"));
    CHECK(Has(t.Reject("convert Y bond 10k", "C-3"), "Ann holds $0 of Yellow bonds"));
    t.Play("convert B bond 20k");
    CHECK(t.Player("Ann").bonds[Company::Blue] == 0);
    CHECK(t.Player("Ann").common[Company::Blue] == 15000);
    CHECK(t.Cash("Ann") == 60000);
    CHECK(t.Price(Company::Blue) == 195);
    CHECK(CountKind(t.LastEffects(), EffectKind::Price) == 0);
}

TEST_CASE("C-4: a player with 40,000 Yellow shares and a common directorship converts both ways and keeps it") {
    Table t("game players=Ann,Bob");
    t.Play("board @brada trend=UUDD ask=YBR\nboard @preferred-yellow trend=DDUU bid=YBG");
    t.Play("board @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @brada");              // Ann. UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("buy Y 20k\nbuy Y 20k\ndir Y");     // $41,000 (Y 2.25) + $45,000 (Y 2.45) + $500: cash $13,500
    REQUIRE(t.Player("Ann").directorships[Company::Yellow] == 1);
    t.Play("end\nroll 1 2 1 @market-1\nend");  // Bob. UDDU 1: Y 2.50 B 2.00 R 0.90 G 1.00
    t.Play("roll 1 2 1 @preferred-yellow");    // Ann. DDUU 1: Y 2.45 B 1.95 R 0.95 G 1.05
    t.Play("convert Y pref 20k");              // 20,000 common + 20,000 preferred: still 40,000 shares
    CHECK(t.Player("Ann").directorships[Company::Yellow] == 1);
    CHECK(t.Player("Ann").VotingShares(Company::Yellow) == 40000);
    CHECK_FALSE(t.LastSaid("forfeits"));
    CHECK(t.LastSaid("directorships unchanged, C-4"));
    CHECK(t.Cash("Ann") == 13500 + 2000);
    // Both classes back a directorship: a second one still needs 80,000 in all (B-4).
    t.Play("end\nroll 1 2 1 @market-1\nend");  // Bob. UDDU 1: Y 2.50 B 1.90 R 0.90 G 1.10
    t.Play("roll 1 2 1 @brada");               // Ann. UUDD 1: Y 2.55 B 1.95 R 0.85 G 1.05
    CHECK(Has(t.Reject("dir Y", "B-4"), "Ann holds 40,000 Yellow shares; 2 common directorships need 80,000"));
    t.Play("convert Y common 20k");
    CHECK(t.Player("Ann").directorships[Company::Yellow] == 1);
    CHECK(t.Player("Ann").common[Company::Yellow] == 40000);
    CHECK(t.Player("Ann").preferred[Company::Yellow] == 0);
    CHECK(t.Cash("Ann") == 13500 + 2000 + 2000);
}

TEST_CASE("C-1 / C-2 / C-3 / M-7: a delisted company's securities are not converted until the new year") {
    Table t("game players=Ann,Bob year-cards=5");
    t.Play("board @brada trend=UUDD ask=YBR\nboard @time-1 trend=UUDD bid=YRG\nboard @market-1 trend=UDDU bid=YBRG");
    t.Play("roll 1 2 1 @brada");  // Ann. UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("buy Y 10k\nbuy Y bond 10k\nbuy B bond 10k\nend");  // $20,500 (Y 2.15) + $10,000 + $10,000
    t.Play("roll 1 2 1 @market-1\nend");                        // Bob. UDDU 1: Y 2.20 B 2.00 R 0.90 G 1.00
    t.Play("roll 1 2 1 @time-1");                               // Ann. UUDD 1: Y 2.25 B 2.05 R 0.85 G 0.95
    t.Play("time delist=Y @preferred-yellow");
    CHECK(Has(t.Reject("convert Y pref 5k", "M-7"), "Yellow is delisted until the new year"));
    CHECK(Has(t.Reject("convert Y bond 10k", "M-7"), "Yellow is delisted"));
    t.Play("convert B bond 10k");  // Blue is listed: fine on any space
    CHECK(t.Player("Ann").common[Company::Blue] == 5000);
    t.Play("end\nroll 1 2 1 @market-1\nend");  // Bob
    t.Play("roll 1 2 1 @brada");               // Ann, with an Ask for Yellow; Yellow still delisted
    CHECK(Has(t.Reject("convert Y common 5k", "M-7"), "Yellow is delisted"));
}

TEST_CASE("C-3 / B-5: bonds bought after the year-ending draw and converted that turn leave the bonds held "
          "before the draw earning their interest") {
    // B-5: "Bonds bought then are still convertible that turn." Ann holds $10,000 of Yellow bonds
    // from before the draw, buys $10,000 more after it (ex-interest) and converts $10,000: the bond
    // she keeps is the one bought before the draw, so the year end pays 20% of $10,000 = $2,000.
    Table t("game players=Ann,Bob year-cards=1");
    t.Play("board @brada trend=UUDD ask=YBR\nboard @time-1 trend=UUDD bid=YRG");
    t.Play("roll 1 2 1 @brada\nbuy Y bond 10k\nend");  // Ann. UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95; $90,000
    t.Play("roll 1 2 1 @brada\nend");                  // Bob. Y 2.10
    t.Play("roll 1 2 1 @time-1");                      // Ann. Y 2.15
    t.Play("time @brada");                             // 1 of 1: the year ends at this turn's end
    t.Play("buy Y bond 10k");                          // ex-interest (B-5): $80,000
    t.Play("convert Y bond 10k");                      // -> 5,000 Yellow common
    REQUIRE(t.Player("Ann").bonds[Company::Yellow] == 10000);
    t.Play("end");
    CHECK(t.Cash("Ann") == 80000 + 2000);
}

TEST_CASE("R-1 / O-3 / O-4 / C-1 / C-3: the ledger's canonical lines of the card commands and conversions replay "
          "to the same state") {
    Table t("game players=Ann,Bob,Cy");
    t.Play("board @calls trend=DUUD bid=BRG\nboard @rights-1 trend=DDUU bid=YBR\nboard @market-1 trend=UDDU bid=YBRG");
    t.Play("board @preferred-blue trend=UDDU bid=YBR");
    t.Play("roll 1 2 1 @calls\ncall B 5k 9000 500\nend");            // Ann #1
    t.Play("roll 1 2 1 @rights-1\nrights B 10k 15000\nend");          // Bob
    t.Play("roll 1 2 1 @fulwell\nAnn: transfer #1 Cy 700\nexercise #1 buy\nbuy B bond 20k\nend");  // Cy
    t.Play("roll 1 2 1 @market-1\nend");                              // Ann
    t.Play("roll 1 2 1 @preferred-blue\nconvert B pref 10k\nend");    // Bob
    t.Play("roll 1 2 1 @market-1\nconvert B bond 20k\nend");          // Cy
    // A transfer by a player who is not the current one keeps its "Ann:" in the ledger.
    bool recorded = false;
    for (int seq = 1; seq < t.Log().Size(); ++seq) recorded = recorded || t.Log().At(seq).line == "Ann: transfer #1 Cy 700";
    CHECK(recorded);
    Table replay(t.Log().At(0).line);
    for (int seq = 1; seq < t.Log().Size(); ++seq) replay.Play(t.Log().At(seq).line);
    CHECK(Json(replay).dump() == Json(t).dump());
    CHECK(t.Player("Cy").common[Company::Blue] == 15000);
    CHECK(t.Player("Bob").preferred[Company::Blue] == 10000);
}
