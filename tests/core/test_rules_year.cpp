// Time cards (T-4, D-19, D-22), delisting (M-7, D-9, D-10), the year end (Y-1..Y-5, B-5, D-13,
// D-4, D-23), escrow changes (E-2, D-17) and winning (W-1). Prices are worked out by hand from the
// board file's arrows in the comments.
#include <doctest/doctest.h>

#include "table_fixture.h"

using rutland::Company;
using rutland::testing::Json;
using rutland::testing::Table;

namespace {


// Ann lands on each of a company's six subsidiaries in turn (Bob idles on Market 1 meanwhile),
// so Ann earns all six proxies; `buy` is played on each landing.
void TourSubsidiaries(Table& t, const std::vector<std::string>& spaces, const std::string& buy = "") {
    for (const std::string& sp : spaces) {
        t.Play("roll 1 2 1 @" + sp);
        if (!buy.empty()) t.Play(buy);
        t.Play("end\nroll 1 2 1 @market-1\nend");
    }
}

const std::vector<std::string> kYellowSubsidiaries = {"brada", "colfax", "matapan", "oneida", "sennok", "kaptey"};
const std::vector<std::string> kBlueSubsidiaries = {"derwent", "ancaster", "elspeth", "ingersoll", "haszard", "fulwell"};

} // namespace

// [SECTION] Time cards

TEST_CASE("T-4: on a TIME space the card is drawn before any trade and before the end of the turn") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    t.Play("roll 2 3 1");  // market-1 + 5 = Time 1
    CHECK(t.Reject("sell Y 5k", "T-4").find("draw the Time card first") != std::string::npos);
    CHECK(t.Reject("end", "T-4").find("time card=") != std::string::npos);
    t.Reject("Bob: time", "T-4");
    t.Play("time card=T-02");
    CHECK(t.State().time_cards_drawn == 1);
    CHECK(t.LastSaid("1 of 2 this year"));
    CHECK(t.Reject("time", "T-4").find("already drawn") != std::string::npos);
    t.Play("end");
    t.Play("roll 1 2 1 @market-2");
    CHECK(t.Reject("time", "T-4").find("not on a TIME space") != std::string::npos);
}

TEST_CASE("D-19: a card's effect is saved in the card list; the next draw of that card needs no retyping") {
    Table t("game players=Ann,Bob year-cards=10 start=@market-1,@market-1");
    t.Play("roll 2 3 1\ntime card=T-04 high-vol");
    CHECK(t.State().volatility == rutland::Volatility::High);
    CHECK(t.LastSaid("card list: T-04 saved as high volatility"));
    CHECK(Json(t)["card_list"][0]["card"] == "T-04");
    t.Play("end");
    t.Play("roll 2 3 5");  // D-5: the red die allows 5 now; Bob lands on Time 1 too
    t.Play("time card=T-04");
    CHECK(t.LastSaid("from the game's card list"));
    CHECK(t.LastSaid("already high"));
    t.Play("end");
    // The table wins: a different effect typed for T-04 is applied and replaces the saved one.
    t.Play("roll 4 6 1");  // Time 1 + 10 = Time 2
    t.Play("time card=T-04 @fulwell");
    CHECK(t.LastSaid("card list: T-04 was high volatility, now move to Fulwell"));
    CHECK(Json(t)["card_list"][0]["space"] == "fulwell");
    CHECK(Json(t)["card_list"].size() == 1);
}

TEST_CASE("T-4 / T-6 / D-22: a card that moves the pawn: no second Market Open, the new space's offers and "
          "the TIME space's Bids are both usable, a subsidiary's proxy is earned") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    t.Play("roll 2 3 1");  // Time 1, arrows UUDD: Yellow $2.05, Blue $2.05, Red $0.95, Green $0.95
    const auto prices = t.State().price;
    t.Play("time @fulwell");
    CHECK(t.State().price == prices);
    CHECK(t.Player("Ann").space == t.State().board->Find("fulwell", nullptr));
    CHECK(Json(t)["players"][0]["proxies"] == nlohmann::json::array({"Fulwell"}));
    CHECK(Json(t)["time_space"] == "Fulwell");
    t.Play("buy B 5k");  // Fulwell's Ask: Blue, Red, Green (BD-4)
    CHECK(t.Reject("sell B 5k", "S-1").find("no Bid for Blue at Time 1 or Fulwell") != std::string::npos);
    t.Play("buy R 5k");   // at Fulwell's Ask
    t.Play("sell R 5k");  // into Time 1's Bid (Yellow, Red, Green)
}

TEST_CASE("T-2 / D-5 / Y-5: high volatility allows the red die's 1 to 6 until the year end, then the yellow "
          "die is back") {
    Table t("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    t.Reject("roll 1 2 4", "D-5");
    t.Play("roll 2 3 1\ntime high-vol\nend");  // card 1 of 2
    CHECK(Json(t)["volatility"] == "high");
    t.Play("roll 2 3 6\ntime\nend");  // card 2 of 2: the year ends at Bob's end
    CHECK(Json(t)["volatility"] == "normal");
    CHECK(t.State().year == 2);
    t.Reject("roll 1 2 4", "D-5");
}

// [SECTION] Delisting

TEST_CASE("M-7 / D-10 / D-9: a delisted company is frozen and untradeable; its shorts are covered at Issue "
          "at the new year, when it returns at Issue") {
    Table t("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    // Ann: Time 1 (UUDD, 1): Yellow $2.05, Blue $2.05, Red $0.95, Green $0.95. Time 1 Bids Y, R, G.
    t.Play("roll 2 3 1\ntime\nshort R 10k");  // 10,000 x $0.95 = $9,500 into the Red margin account; Red $0.85
    CHECK(t.Price(Company::Red) == 85);
    t.Play("end");
    // Bob: Time 1 again (UUDD, 2): Yellow $2.15, Blue $2.15, Red $0.75, Green $0.85; card 2 of 2 delists Red.
    t.Play("roll 2 3 2\ntime delist=R");
    CHECK(Json(t)["listed"]["red"] == false);
    CHECK(t.LastSaid("Ann's short of 10,000 Red is covered at Issue ($1.00) at the start of the new year"));
    CHECK(t.Reject("sell R 5k", "M-7").find("delisted") != std::string::npos);
    t.Reject("short R 5k", "M-7");
    const int64_t ann_cash = t.Cash("Ann");
    t.Play("end");  // the year ends: Red is listed again at Issue and Ann's short is covered at $1.00 (D-10)
    CHECK(Json(t)["listed"]["red"] == true);
    CHECK(t.Price(Company::Red) == 100);
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Red) == 0);
    // Ann takes back $9,500 and pays 10,000 x $1.00 = $10,000.
    CHECK(t.Cash("Ann") == ann_cash + 9500 - 10000);
}

TEST_CASE("M-7: a Red Market Open skips a delisted company; the price stays frozen") {
    Table t("game players=Ann,Bob year-cards=5 start=@market-1,@market-1");
    t.Play("roll 2 3 1\ntime delist=G\nend");  // Green frozen at $0.95
    t.Play("roll 1 2 3 @market-2");           // UUDD, 3: Green would fall, but it is delisted
    CHECK(t.Price(Company::Green) == 95);
    t.Reject("Ann: time delist=G", "T-4");
}

TEST_CASE("D-10 variant delist-cover=market: the shorts are margin-called at market at the delisting") {
    Table def("game players=Ann,Bob year-cards=5 start=@market-1,@market-1");
    Table var("game players=Ann,Bob year-cards=5 variants=delist-cover=market start=@market-1,@market-1");
    for (Table* t : {&def, &var}) t->Play("roll 2 3 1\ntime\nshort R 10k\nend\nroll 2 3 2\ntime delist=R");
    // Default: Ann is still short; variant: covered at the frozen $0.75, no promotion (M-7 freezes the price).
    CHECK(def.State().ShortShares(def.P("Ann"), Company::Red) == 10000);
    CHECK(var.State().ShortShares(var.P("Ann"), Company::Red) == 0);
    CHECK(var.Price(Company::Red) == 75);
    // Ann: $100,000 + $9,500 back - 10,000 x $0.75 = $102,000.
    CHECK(var.Cash("Ann") == 102000);
    CHECK(def.Cash("Ann") == 100000);
}

// [SECTION] The year end

TEST_CASE("Y-1 / Y-2 / E-4: the year-ending player finishes the turn, then payouts in turn order: "
          "directorships, preferred, bonds 20%, debentures 30%") {
    Table t("game players=Ann,Bob year-cards=1 start=@market-1,@market-1");
    // Ann: Preferred Yellow (DDUU, 1): Yellow $1.95; 20,000 Yellow preferred = $39,000, Yellow $2.15.
    t.Play("roll 1 2 1\nbuy Y pref 20k\nend");
    // Bob: Altamont (UDUD, 1): Yellow $2.20; $20,000 of Red debentures at face.
    t.Play("roll 1 3 1\nbuy R bond 20k\nend");
    // Ann: Colfax (UUDD, 1): Yellow $2.25; 20,000 Yellow = $45,000, Yellow $2.45; $10,000 bonds; 1 directorship ($500).
    t.Play("roll 1 3 1\nbuy Y 20k\nbuy Y bond 10k\ndir Y\nend");
    CHECK(t.Cash("Ann") == 100000 - 39000 - 45000 - 10000 - 500);
    CHECK(t.Cash("Bob") == 80000);
    // Bob: Time 2 (Altamont + 11); the only card of the year.
    t.Play("roll 5 6 1\ntime");
    CHECK(Json(t)["year_end_due"] == true);
    CHECK(t.LastSaid("that is the year's last Time card"));
    CHECK(t.State().year == 1);
    t.Play("end");
    CHECK(t.State().year == 2);
    CHECK(t.State().time_cards_drawn == 0);
    // Bob: 30% of $20,000 = $6,000. Ann: 1 x $10,000 + 4 x $1,000 + 20% of $10,000 = $16,000.
    CHECK(t.Cash("Bob") == 86000);
    CHECK(t.Cash("Ann") == 5500 + 16000);
    CHECK(t.LastSaid("the broker pays Ann $10,000 for 1 Yellow directorship (1 x $10,000)"));
    CHECK(t.LastSaid("the broker pays Ann $4,000 of Yellow preferred dividend (4 x $1,000 per 5,000)"));
    CHECK(t.LastSaid("the broker pays Bob $6,000 interest on $20,000 of Red debentures (30% of face)"));
    // Turn order from the year-ending player: Bob is paid before Ann.
    const std::string said = t.LastText();
    CHECK(said.find("pays Bob") < said.find("pays Ann"));
    CHECK(Json(t)["current_player"] == "Ann");
}

TEST_CASE("B-5: what the year-ending player buys after the draw earns nothing this year end; bonds bought then "
          "are still convertible that turn") {
    Table t("game players=Ann,Bob year-cards=1 start=@market-1,@market-1");
    t.Play("roll 2 3 1");  // Time 1
    t.Play("time @brada");  // the year's last card moves Ann to Brada (Ask Y, R, G)
    t.Play("buy Y bond 20k");
    CHECK(t.LastSaid("B-5"));
    t.Play("convert Y bond 10k");  // C-3 still allowed this turn
    CHECK(t.Player("Ann").common[Company::Yellow] == 5000);
    const int64_t cash = t.Cash("Ann");
    t.Play("end");
    CHECK(t.Cash("Ann") == cash);  // the remaining $10,000 bond was bought after the draw: no interest
    CHECK(t.LastSaid("bought Yellow after the year-ending draw: not paid this time"));
}

TEST_CASE("B-5 counterpart: bonds held before the draw are paid") {
    Table t("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    t.Play("roll 2 3 1\ntime @brada\nbuy Y bond 20k\nend");  // card 1 of 2: not the year end
    t.Play("roll 2 3 1\ntime\nend");                          // Bob draws card 2
    CHECK(t.Cash("Ann") == 100000 - 20000 + 4000);           // 20% of $20,000
}

TEST_CASE("Y-4 / D-13: shorts are margin-called at market at the year end, in lots of at most 20,000 with promotion; "
          "variant shorts-carry-over keeps them") {
    Table def("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    Table var("game players=Ann,Bob year-cards=2 variants=shorts-carry-over start=@market-1,@market-1");
    for (Table* t : {&def, &var}) {
        // Ann at Time 1 (UUDD, 1): Red $0.95; shorts 20,000 at $0.95 ($19,000), Red $0.75; 10,000 at $0.75
        // ($7,500), Red $0.65.
        t->Play("roll 2 3 1\ntime\nshort R 20k\nshort R 10k\nend");
        // Bob at Time 1 (UUDD, 1): Red $0.60; the year's last card.
        t->Play("roll 2 3 1\ntime\nend");
    }
    CHECK(var.State().ShortShares(var.P("Ann"), Company::Red) == 30000);
    CHECK(var.LastSaid("shorts carry over"));
    CHECK(def.State().ShortShares(def.P("Ann"), Company::Red) == 0);
    // Covers: 20,000 at $0.60 = $12,000, Red $0.80; 10,000 at $0.80 = $8,000, Red $0.90.
    CHECK(def.Price(Company::Red) == 90);
    CHECK(def.Cash("Ann") == 100000 + 19000 + 7500 - 12000 - 8000);
    CHECK(def.LastSaid("covering 20,000 Red at market (year-end margin call: 20,000 x $0.60 = $12,000)"));
}

TEST_CASE("S-6 / D-13: a year-end call the player cannot pay becomes a pending obligation settled by forced "
          "sales; the new year waits for it") {
    Table t("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    // Ann at Time 1 (UUDD, 1): Yellow $2.05, Red $0.95; the card moves her to Brada (Ask Y, R, G).
    // 20,000 Yellow at $2.05 = $41,000 (Yellow $2.25); 20,000 at $2.25 = $45,000 (Yellow $2.45);
    // 10,000 Red at $0.95 = $9,500 (Red $1.05): $4,500 left. Short 20,000 Red at $1.05 into Time 1's
    // Bid: $21,000 to the margin account (assets $113,000 >= 2 x $21,000), Red $0.85.
    t.Play("roll 2 3 1\ntime @brada\nbuy Y 20k\nbuy Y 20k\nbuy R 10k\nshort R 20k\nend");
    CHECK(t.Cash("Ann") == 4500);
    CHECK(t.Price(Company::Red) == 85);
    // Market 3 and Time 2 are DUUD: Red up 3 ticks a roll, Yellow down 3: Red $1.30, Yellow $2.00.
    t.Play("roll 1 2 3 @market-3\nend\nroll 1 2 3 @market-3\nend\nroll 1 2 3 @time-2\ntime");
    CHECK(t.Price(Company::Red) == 130);
    t.Play("end");  // Bob drew the year's second card: the year ends
    // D-13: 20,000 Red at $1.30 = $26,000; Ann has $4,500 + the note's $21,000 = $25,500: $500 pending.
    REQUIRE(t.State().pending.size() == 1);
    CHECK(t.State().pending[0].amount == rutland::Money::Dollars(500));
    CHECK(Json(t)["pending"][0]["player"] == "Ann");
    CHECK(t.Price(Company::Red) == 150);  // the cover's promotion
    CHECK(t.State().year == 2);
    t.Reject("roll 1 2 1", "S-6");
    // S-6: 10,000 Yellow is more than the $500 needs (5,000 x $2.00 = $10,000 already pays it).
    CHECK(t.Reject("Ann: sell Y 10k", "S-6") ==
          "Ann owes $500: selling 5,000 Yellow at $2.00 ($10,000) already pays it; the largest forced sale of Yellow "
          "allowed is 5,000 (S-6)");
    // Ann chooses to sell 5,000 Yellow: no Bid needed, $2.00 x 5,000 = $10,000; $500 goes to the bank.
    t.Play("Ann: sell Y 5k");
    CHECK(t.State().pending.empty());
    CHECK(t.Cash("Ann") == 9500);
    CHECK(t.Price(Company::Yellow) == 195);
    t.Play("roll 1 2 1");
}

namespace {

// Three players; Ann and Bob short Red, Ann about to end the year on Time 2. Prices by hand:
//   Ann @Market 2 (UUDD, 1): Red $0.95; shorts 20,000 x $0.95 = $19,000, Red $0.75
//   Bob @Market 2: Red $0.70; shorts 10,000 x $0.70 = $7,000, Red $0.60
//   Cy  @Market 2: Red $0.55
//   Ann @Time 2 (UUUU, 1): Red $0.60, and draws the year's only Time card.
void PlayToAnnEndingTheYearWithTwoShorts(Table& t, const std::string& last_roll) {
    t.Play("board @market-2 trend=UUDD bid=YBRG\nboard @time-2 trend=UUUU bid=YB");
    t.Play("roll 4 6 1\nshort R 20k\nend");
    t.Play("roll 4 6 1\nshort R 10k\nend");
    t.Play("roll 4 6 1\nend");
    t.Play(last_roll + "\ntime");
    REQUIRE(t.Price(Company::Red) == 60);
    REQUIRE(t.State().year_end_due);
}

} // namespace

TEST_CASE("S-6 / D-13: year-end calls at market start with the player who would roll next, then go around the "
          "table; each cover promotes Red before the next") {
    Table t("game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
    PlayToAnnEndingTheYearWithTwoShorts(t, "roll 2 3 1");  // 10 + 5 = Time 2, not doubles
    t.Play("end");
    // Bob rolls next, so Bob covers first: 10,000 x $0.60 = $6,000, Red $0.70; Cy is not short;
    // Ann last: 20,000 x $0.70 = $14,000, Red $0.90. (Ann first would have paid 20,000 x $0.60 =
    // $12,000 and Bob 10,000 x $0.80 = $8,000.)
    CHECK(t.LastSaid("[S-6] year-end margin calls at market, in turn order from Bob, who rolls next"));
    const std::string said = t.LastText();
    const size_t bob = said.find("Bob pays the bank $6,000 for covering 10,000 Red at market (year-end margin call: "
                                 "10,000 x $0.60 = $6,000)");
    const size_t ann = said.find("Ann pays the bank $14,000 for covering 20,000 Red at market (year-end margin call: "
                                 "20,000 x $0.70 = $14,000)");
    REQUIRE(bob != std::string::npos);
    REQUIRE(ann != std::string::npos);
    CHECK(bob < ann);
    CHECK(t.Price(Company::Red) == 90);
    CHECK(t.Cash("Ann") == 100000 + 19000 - 14000);  // $105,000
    CHECK(t.Cash("Bob") == 100000 + 7000 - 6000);    // $101,000
    CHECK(t.Cash("Cy") == 100000);
    CHECK(Json(t)["current_player"] == "Bob");
}

TEST_CASE("S-6 / D-23 / D-13: after doubles on the year-ending turn the same player rolls next, so covers first; "
          "'player' names who rolls next") {
    // Doubles (the table says Time 2): Ann rolls again, so Ann covers first: 20,000 x $0.60 =
    // $12,000, Red $0.80; then Bob 10,000 x $0.80 = $8,000, Red $0.90.
    Table t("game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
    PlayToAnnEndingTheYearWithTwoShorts(t, "roll 1 1 1 @time-2");
    t.Play("end");
    CHECK(t.LastSaid("in turn order from Ann, who rolls next"));
    const std::string said = t.LastText();
    CHECK(said.find("Ann pays the bank $12,000") < said.find("Bob pays the bank $8,000"));
    CHECK(t.Cash("Ann") == 100000 + 19000 - 12000);  // $107,000
    CHECK(t.Cash("Bob") == 100000 + 7000 - 8000);    // $99,000
    CHECK(t.Price(Company::Red) == 90);
    CHECK(Json(t)["current_player"] == "Ann");  // D-23: the bonus turn opens year 2

    // The broker closes Ann's turn with 'player Cy': Cy rolls next, then Ann, then Bob: the same
    // covers as above (Cy is not short).
    Table u("game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
    PlayToAnnEndingTheYearWithTwoShorts(u, "roll 2 3 1");
    u.Play("player Cy");
    CHECK(u.LastSaid("in turn order from Cy, who rolls next"));
    CHECK(u.Cash("Ann") == 107000);
    CHECK(u.Cash("Bob") == 99000);
    CHECK(Json(u)["current_player"] == "Cy");
}

TEST_CASE("S-6 / Y-2: the year-end preview covers in the same order as the year end itself") {
    Table t("game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
    PlayToAnnEndingTheYearWithTwoShorts(t, "roll 2 3 1");
    const std::string preview = rutland::DescribeEffects(rutland::YearEndPreview(t.State()), t.State());
    CHECK(preview.find("Bob pays the bank $6,000") < preview.find("Ann pays the bank $14,000"));
    CHECK(preview.find("in turn order from Bob, who rolls next") != std::string::npos);
}

namespace {

// D-24: Ann holds 40,000 Yellow and ends the year on Time 2 (no Ask, not a PREFERRED space).
//   Ann @Colfax (UUDD, 1): Y 2.05 B 2.05; 20,000 Y x $2.05 = $41,000 (Y 2.25); 20,000 x $2.25 =
//       $45,000 (Y 2.45): $14,000 left
//   Bob @Market 2 (UUUU, 1): Y 2.50 B 2.10
//   Ann @Time 2 (UUUU, 1): Y 2.55 B 2.15, draws the year's only card
void PlayToAnnDrawingTheLastCard(Table& t) {
    t.Play("board @colfax trend=UUDD ask=YBR\nboard @market-2 trend=UUUU bid=YBRG\nboard @time-2 trend=UUUU bid=YB");
    t.Play("roll 3 4 1\nbuy Y 20k\nbuy Y 20k\nend");
    t.Play("roll 4 6 1\nend");
    t.Play("roll 3 5 1");
    REQUIRE(t.Cash("Ann") == 14000);
    REQUIRE(t.Price(Company::Yellow) == 255);
    REQUIRE(t.Price(Company::Blue) == 215);
}

} // namespace

TEST_CASE("D-24 / B-5: after the year-ending draw a common directorship needs no Ask and preferred is bought off "
          "the PREFERRED spaces, both ex-dividend; holdings, tray and cash still apply") {
    Table t("game players=Ann,Bob year-cards=1 start=@market-1,@market-1");
    PlayToAnnDrawingTheLastCard(t);
    // Before the draw nothing changes: Time 2 has no Ask and is no PREFERRED space.
    t.Reject("dir Y", "T-4");
    t.Play("time");
    // The exception: $500, no Ask at Time 2; Ann's 40,000 Yellow back one directorship.
    t.Play("dir Y");
    CHECK(t.LastSaid("[D-24] no Ask for Yellow at Time 2: after the year-ending draw a common directorship needs none"));
    CHECK(t.LastSaid("[B-5] bought after the year-ending draw: no directorship dividend for it this year end"));
    CHECK(t.Player("Ann").directorships[Company::Yellow] == 1);
    // B-4's holding rule still applies: a second directorship needs 80,000 shares.
    CHECK(t.Reject("dir Y", "B-4") == "Ann holds 40,000 Yellow shares; 2 common directorships need 80,000 (B-4)");
    // Preferred off the PREFERRED spaces: 5,000 Blue preferred x $2.15 = $10,750, Blue $2.20 (M-1).
    t.Play("buy B pref 5k");
    CHECK(t.LastSaid("[D-24] after the year-ending draw Ann buys Blue preferred at Time 2, off the PREFERRED spaces"));
    CHECK(t.LastSaid("[B-5] bought after the year-ending draw: this preferred earns no dividend this year end"));
    CHECK(t.Price(Company::Blue) == 220);
    CHECK(t.Cash("Ann") == 14000 - 500 - 10750);  // $2,750
    // Cash still applies: 5,000 Yellow preferred x $2.55 = $12,750 > $2,750.
    CHECK(t.Reject("buy Y pref 5k", "B-2") == "Ann has $2,750; 5,000 Yellow preferred at $2.55 costs $12,750 (B-2)");
    // Common shares still need an Ask (D-24 names directorships and preferred only).
    t.Reject("buy Y 5k", "B-1");
    t.Play("end");
    // Both are ex-dividend: no $10,000 directorship dividend, no $1,000 preferred dividend.
    CHECK(t.Cash("Ann") == 2750);
    CHECK(t.State().year == 2);
    // Bob's turn of the new year: the exception is over.
    t.Play("roll 4 6 1");  // Bob, Market 2 again
    t.Reject("Bob: buy B pref 5k", "B-2");
}

TEST_CASE("D-24 variant strict-year-end-buys: the year-ending draw keeps the Ask and the PREFERRED space; only "
          "the drawing player, on that turn, has the exception") {
    Table t("game players=Ann,Bob year-cards=1 variants=strict-year-end-buys start=@market-1,@market-1");
    PlayToAnnDrawingTheLastCard(t);
    t.Play("time");
    CHECK(t.Reject("dir Y", "B-4") == "no Ask for Yellow at Time 2: only subsidiaries show Asks; the variant "
                                      "strict-year-end-buys keeps this after the year-ending draw (D-24) (B-4)");
    CHECK(t.Reject("buy B pref 5k", "B-2") == "Blue preferred is sold only at Preferred Blue, not at Time 2; the "
                                              "variant strict-year-end-buys keeps this after the year-ending draw "
                                              "(D-24) (B-2)");
    // Without the variant, a player who did not end the year has no exception: Bob on Market 2.
    Table u("game players=Ann,Bob,Cy year-cards=2 start=@market-1,@market-1,@market-1");
    u.Play("board @market-2 trend=UUUU bid=YBRG\nboard @time-2 trend=UUUU bid=YB");
    u.Play("roll 2 3 1\ntime\nend");  // Ann @Time 1: card 1 of 2
    u.Play("roll 4 6 1");               // Bob @Market 2
    CHECK(u.Reject("buy B pref 5k", "B-2") == "Blue preferred is sold only at Preferred Blue, not at Market 2 (B-2)");
    u.Reject("dir B", "B-4");
}

TEST_CASE("G-5 / D-4: year-cards=N sets the Time cards per year; the default is the number of players") {
    Table def("game players=Ann,Bob,Cy start=@market-1,@market-1,@market-1");
    CHECK(def.State().year_cards == 3);
    Table var("game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
    for (Table* t : {&def, &var}) t->Play("roll 2 3 1\ntime\nend");
    CHECK(def.State().year == 1);
    CHECK(var.State().year == 2);
}

TEST_CASE("Y-1 year-end: the broker settles the year end at once when the deck disagrees with the count") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    t.Play("roll 2 3 1\ntime\nend");
    t.Play("year-end");
    CHECK(t.State().year == 2);
    CHECK(t.State().time_cards_drawn == 0);
    CHECK(t.LastSaid("1 of 2 Time cards counted"));
}

TEST_CASE("D-23: doubles on the year-ending turn: the bonus turn opens the new year") {
    Table t("game players=Ann,Bob year-cards=1 start=@market-1,@market-1");
    t.Play("roll 2 2 1 @time-1\ntime\nend");  // doubles
    CHECK(t.State().year == 2);
    CHECK(Json(t)["current_player"] == "Ann");
    CHECK(t.LastSaid("rolled doubles and takes another turn"));
}

TEST_CASE("Y-3 / O-2: options expire at the year end; the year-ending player may still exercise that turn") {
    Table t("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    t.Play("roll 1 2 1 @calls\ncall B 5k 7750 500\nend");
    t.Play("roll 1 2 1 @calls\ncall Y 5k 9000 500\nend");
    CHECK(Json(t)["players"][0]["options"][0]["id"] == 1);
    CHECK(Json(t)["players"][1]["options"][0]["id"] == 2);
    t.Play("roll 2 3 1 @time-1\ntime\nend");  // card 1
    t.Play("roll 2 3 1 @time-1\ntime");       // card 2: Bob ends the year this turn
    t.Play("end");
    CHECK(t.State().options.empty());
    CHECK(t.LastSaid("Ann's option #1 (call 5,000 Blue) expires worthless"));
}

// [SECTION] Escrow directorships

TEST_CASE("E-2 / D-17: switching to a second company hands the first to the next player in turn order holding "
          "all its proxies; giving up with nobody ready leaves it free") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    TourSubsidiaries(t, kYellowSubsidiaries);
    CHECK(t.Player("Ann").escrow == Company::Yellow);
    // Bob collects the Yellow proxies too (Ann idles on Market 1).
    t.Play("roll 1 2 1 @market-1\nend");
    for (const std::string& sp : kYellowSubsidiaries) t.Play("roll 1 2 1 @" + sp + "\nend\nroll 1 2 1 @market-1\nend");
    CHECK_FALSE(t.Player("Bob").escrow.has_value());  // Yellow is Ann's
    t.Reject("Ann: escrow switch B", "E-2");  // Ann lacks the Blue proxies
    t.Reject("Bob: escrow give-up", "E-2");   // Bob holds none
    t.Reject("Ann: escrow switch Y", "E-2");  // already Ann's
    // Ann collects Blue (Bob idles); the sixth proxy cannot elect her: one escrow at a time.
    for (size_t i = 0; i + 1 < kBlueSubsidiaries.size(); ++i)
        t.Play("roll 1 2 1 @market-1\nend\nroll 1 2 1 @" + kBlueSubsidiaries[i] + "\nend");
    t.Play("roll 1 2 1 @market-1\nend\nroll 1 2 1 @" + kBlueSubsidiaries.back());
    CHECK(t.Player("Ann").escrow == Company::Yellow);
    CHECK(t.LastSaid("is already the Yellow escrow director"));
    t.Play("escrow switch B");  // on Ann's turn
    CHECK(t.Player("Ann").escrow == Company::Blue);
    CHECK(t.Player("Bob").escrow == Company::Yellow);
    CHECK(t.LastSaid("next in turn order"));
    t.Play("Bob: escrow give-up");
    CHECK_FALSE(t.Player("Bob").escrow.has_value());
    CHECK(t.LastSaid("goes to the next player to complete them"));  // Ann holds Blue, so not her
    t.Play("Ann: escrow switch Y");  // Ann back to Yellow; Blue is free (Bob lacks its proxies)
    CHECK(t.Player("Ann").escrow == Company::Yellow);
    CHECK(Json(t)["players"][0]["escrow"] == "yellow");
}

// [SECTION] Winning

TEST_CASE("W-1: declare needs the escrow plus the majority, on one's own turn; shorts are called at market "
          "first; then the game is over and only undo is accepted") {
    Table t("game players=Ann,Bob cash=1000000 start=@market-1,@market-1");
    t.Reject("declare", "W-1");  // no escrow
    TourSubsidiaries(t, kYellowSubsidiaries, "buy Y 20k");
    CHECK(t.Player("Ann").escrow == Company::Yellow);
    CHECK(t.Player("Ann").VotingShares(Company::Yellow) == 120000);
    CHECK(t.Reject("declare", "W-1").find("common directorships 0 of 3") != std::string::npos);
    t.Play("roll 1 2 1 @brada\ndir Y 3");
    CHECK(Json(t)["could_declare"] == nlohmann::json::parse(R"([{"player":"Ann","company":"yellow"}])"));
    t.Play("end");
    t.Reject("declare", "W-1");  // Bob's turn
    t.Play("roll 1 2 1 @market-1\nend");
    // Ann shorts 10,000 Red at Time 1's Bid, then declares: the short is covered at market first.
    t.Play("roll 2 3 1 @time-1\ntime\nshort R 10k");
    t.Play("declare");
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Red) == 0);
    CHECK(t.LastSaid("win declaration"));
    CHECK(t.LastSaid("Ann wins the game"));
    CHECK(Json(t)["winner"] == "Ann");
    CHECK(Json(t)["could_declare"].empty());  // the game is over
    t.Reject("end", "W-1");
    t.Reject("Bob: sell Y 5k", "W-1");
    t.Play("undo");
    CHECK(Json(t)["winner"].is_null());
}

TEST_CASE("W-1 / S-6: a declaration whose margin call leaves a payment pending is decided once it is paid: "
          "selling majority shares makes the claim fail, selling bonds lets it stand") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    TourSubsidiaries(t, kYellowSubsidiaries);
    REQUIRE(t.Player("Ann").escrow == Company::Yellow);
    // 120,000 Yellow through six rights offerings (R-1: no promotion), three directorships, and
    // $90,000 of Yellow bonds: $100,000 - $6,000 - $1,500 - $90,000 = $2,500 left.
    for (int i = 0; i < 6; ++i) t.Play("roll 1 2 1 @rights-1\nrights Y 20k 1000\nend\nroll 1 2 1 @market-1\nend");
    t.Play("roll 1 2 1 @brada\ndir Y 3\nbuy Y bond 90k\nend\nroll 1 2 1 @market-1\nend");
    REQUIRE(t.Cash("Ann") == 2500);
    // A short of 20,000 Red at Market 1's Bid, then three DDUU Market Opens of 3 lift Red 9 ticks.
    t.Play("roll 1 2 1 @market-1\nshort R 20k\nend");
    t.Play("roll 1 2 3 @rights-1\nend\nroll 1 2 3 @rights-1\nend\nroll 1 2 3 @rights-1\nend");
    const int64_t proceeds = t.State().ShortProceeds(t.P("Ann"), Company::Red).cents() / 100;
    const int64_t cost = 20000 * t.Price(Company::Red) / 100;
    REQUIRE(cost > proceeds + 2500);
    t.Play("declare");  // on Ann's turn, before her roll
    CHECK(t.State().winner == std::nullopt);
    CHECK(Json(t)["declaring"] == "Ann");
    CHECK(t.LastSaid("the claim is decided once Ann has paid the margin call"));
    REQUIRE(t.State().pending.size() == 1);
    CHECK(t.State().pending[0].amount == rutland::Money::Dollars(cost - proceeds - 2500));
    t.Reject("roll 1 2 1", "S-6");

    t.Play("Ann: sell Y 5k");  // 115,000 shares back only two directorships (S-3): the claim fails
    CHECK(t.State().pending.empty());
    CHECK(t.LastSaid("Ann's claim fails"));
    CHECK(t.State().winner == std::nullopt);
    CHECK(Json(t)["declaring"].is_null());
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Red) == 0);  // the covers stand

    t.Play("undo");
    t.Play("Ann: sell Y bond 10k");  // the majority is untouched: Ann wins
    CHECK(t.LastSaid("Ann wins the game"));
    CHECK(Json(t)["winner"] == "Ann");
}
