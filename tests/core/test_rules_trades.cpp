// Buying, selling, shorting and covering (RULES.md sections 6-8), through the table language.
// Tests set the board facts they rely on with `board` lines, so they do not depend on the
// provisional board; Fulwell's facts are verified (BD-4) and used as printed.
#include <doctest/doctest.h>

#include "table_fixture.h"

using rutland::Company;
using rutland::testing::Table;

namespace {

// market-1 goes up for everyone and bids for everyone; ioco goes down and asks Blue, Red, Green.
constexpr const char* kLab = R"(board @market-1 trend=UUUU bid=YBRG
board @ioco trend=DDDD ask=BRG)";

} // namespace

TEST_CASE("T-2 worked example: Market Open at Fulwell with the volatility die on 2 (D-1)") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell");
    CHECK(t.Price(Company::Yellow) == 190);
    CHECK(t.Price(Company::Blue) == 210);
    CHECK(t.Price(Company::Red) == 110);
    CHECK(t.Price(Company::Green) == 90);
    CHECK(t.LastSaid("arrows DUUD (verified)"));
}

TEST_CASE("M-1 worked example: buy 10,000 Blue at $2.10 -> $2.20; buy 15,000 Green at $0.90 -> $1.05") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell");
    t.Play("buy B 10k");
    CHECK(t.Price(Company::Blue) == 220);
    CHECK(t.Cash("Ann") == 100000 - 21000);
    CHECK(t.Player("Ann").common[Company::Blue] == 10000);
    CHECK(t.LastSaid("10,000 x $2.10 = $21,000"));
    t.Play("buy G 15k");
    CHECK(t.Price(Company::Green) == 105);
    CHECK(t.Cash("Ann") == 100000 - 21000 - 13500);
    CHECK(t.State().tray[Company::Green].common == 320000 - 15000);
}

TEST_CASE("M-1 worked example: sell 20,000 Red then 15,000 Red drops $0.20 then $0.15") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 2 2 2 @fulwell\nbuy R 20k\nbuy R 15k\nend");  // Red 1.10 -> 1.30 -> 1.45
    CHECK(t.Price(Company::Red) == 145);
    t.Play("roll 1 1 1 @market-1");  // 1.50
    t.Play("sell R 20k");
    CHECK(t.Price(Company::Red) == 130);
    t.Play("sell R 15k");
    CHECK(t.Price(Company::Red) == 115);
}

TEST_CASE("M-1 worked example: sell 40,000 Red long in two lots then short 20,000: -$0.60") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 2 2 2 @fulwell\nbuy R 20k\nbuy R 20k\nend");  // Red 1.10 -> 1.30 -> 1.50
    t.Play("roll 1 1 1 @market-1");                            // 1.55
    CHECK(t.Price(Company::Red) == 155);
    t.Play("sell R 20k\nsell R 20k\nshort R 20k");
    CHECK(t.Price(Company::Red) == 95);
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Red) == 20000);
}

TEST_CASE("M-1 / U-3: a share transaction is 5,000 to 20,000 shares in board lots of 5,000") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell");
    t.Reject("buy B 25k", "M-1");
    t.Reject("buy B 7500", "M-1");
    t.Reject("buy B 2500", "M-1");
    t.Play("buy B 5k\nbuy B 20k");
}

TEST_CASE("B-1: buying needs an Ask on the landed space, cash and certificates") {
    Table t("game players=Ann,Bob");
    t.Reject("buy B 10k", "T-2");  // not rolled yet: the Market Open comes first
    t.Play("roll 3 4 2 @fulwell");
    CHECK(t.Reject("buy Y 5k", "B-1") == "no Ask for Yellow at Fulwell (B-1)");
    t.Play("buy B 20k\nbuy B 20k");  // $42,000 + $46,000
    CHECK(t.Cash("Ann") == 12000);
    CHECK(t.Reject("buy B 10k", "B-1") == "Ann has $12,000; 10,000 Blue at $2.50 costs $25,000 (B-1)");
}

TEST_CASE("B-2: preferred only at its PREFERRED space, same price and promotion; the tray limits") {
    Table t("game players=Ann,Bob cash=200000");
    t.Play("board @preferred-blue trend=DDDD bid=B");
    t.Play("roll 3 4 2 @fulwell");
    t.Reject("buy B pref 5k", "B-2");
    t.Reject("buy R pref 5k", "B-2");
    t.Play("end\nroll 1 1 3 @preferred-blue");  // Bob: Blue 2.10 -> 1.95
    t.Reject("buy B 5k", "B-1");                 // an Ask for Blue preferred only
    t.Reject("buy Y pref 5k", "B-2");
    for (int turn = 0; turn < 4; ++turn) {
        if (turn > 0) t.Play("end\nroll 1 1 3 @preferred-blue");
        t.Play("buy B pref 20k");
    }
    CHECK(t.Player("Bob").preferred[Company::Blue] == 80000);
    CHECK(t.State().tray[Company::Blue].preferred == 0);
    CHECK(t.Reject("buy B pref 5k", "B-2") == "the tray has no Blue preferred left (B-2)");
}

TEST_CASE("B-3 / U-3 / M-2: bonds and debentures at face in $10,000 certificates with an Ask, no promotion") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell");
    t.Play("buy B bond 20k");
    CHECK(t.Price(Company::Blue) == 210);
    CHECK(t.Cash("Ann") == 80000);
    CHECK(t.Player("Ann").bonds[Company::Blue] == 20000);
    CHECK(t.State().tray[Company::Blue].bonds == 80000);
    t.Reject("buy B bond 15k", "B-3");
    t.Reject("buy Y bond 10k", "B-3");
    CHECK(t.Reject("buy R bond 90k", "B-3") == "the tray has only $80,000 of Red debentures left (B-3)");
    t.Play("buy R deb 80k");
    t.Reject("buy R bond 10k", "B-3");
}

TEST_CASE("S-2 worked example: $40,000 Red debentures sell for $40,000 at face, no promotion") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 2 2 2 @fulwell\nbuy R bond 40k\nend\nroll 1 1 1 @market-1");
    const int red = t.Price(Company::Red);
    const int64_t cash = t.Cash("Ann");
    t.Reject("sell R bond 50k", "S-2");
    t.Play("sell R bond 40k");
    CHECK(t.Cash("Ann") == cash + 40000);
    CHECK(t.Price(Company::Red) == red);
    CHECK(t.State().tray[Company::Red].bonds == 80000);
}

TEST_CASE("S-1 worked example: 10,000 Blue at $2.50 -> $25,000 cash, then Blue $2.40") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 3 4 2 @fulwell\nbuy B 10k\nend");  // Blue 2.10 -> 2.20
    t.Play("roll 2 3 3 @market-1\nend");             // Bob: 2.35
    t.Play("roll 1 2 3 @market-1");                  // Ann: 2.50
    CHECK(t.Price(Company::Blue) == 250);
    t.Play("sell B 10k");
    CHECK(t.Cash("Ann") == 100000 - 21000 + 25000);
    CHECK(t.Price(Company::Blue) == 240);
    CHECK(t.Player("Ann").common[Company::Blue] == 0);
}

TEST_CASE("S-1: selling needs a Bid and the shares; preferred sells at the common price") {
    Table t("game players=Ann,Bob cash=200000");
    t.Play(kLab);
    t.Play("board @preferred-yellow trend=UDDD bid=YB");
    t.Play("roll 1 1 1 @preferred-yellow\nbuy Y pref 10k\nend");  // Yellow 2.05 -> 2.15
    t.Play("roll 1 1 1 @fulwell");                                 // no Bids at Fulwell
    t.Reject("sell Y pref 5k", "S-1");
    t.Play("end\nroll 1 1 1 @market-1");  // Yellow 2.15 - 0.05 (Fulwell) + 0.05 = 2.15
    CHECK(t.Reject("sell Y 5k", "S-1") == "Ann holds 0 Yellow, cannot sell 5,000 (S-1)");
    t.Reject("sell R pref 5k", "S-1");
    t.Play("sell Y pref 10k");
    CHECK(t.Cash("Ann") == 200000 - 20500 + 21500);
    CHECK(t.Price(Company::Yellow) == 205);
}

TEST_CASE("S-4 worked example: short 5,000 Red at $1.50 = $7,500 into the margin account, needs $15,000") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 1 1 3 @market-1\nend\nroll 1 1 3 @market-1\nend\nroll 1 1 3 @market-1\nend\nroll 1 1 1 @market-1");
    CHECK(t.Price(Company::Red) == 150);
    t.Play("short R 5k");
    CHECK(t.LastSaid("5,000 x $1.50 = $7,500"));
    CHECK(t.LastSaid("twice the shorts $15,000"));
    CHECK(t.State().MarginHeld(Company::Red).cents() == 750000);
    CHECK(t.Cash("Ann") == 100000);  // the proceeds go to the margin account, not to Ann
    CHECK(t.Price(Company::Red) == 145);
}

TEST_CASE("S-4: twice the value of all shorts in assets (D-12), a Bid, lots") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 1 1 3 @market-1\nend\nroll 1 1 3 @market-1\nend\nroll 1 1 3 @market-1\nend\nroll 1 1 1 @market-1");
    t.Reject("short R 25k", "M-1");
    t.Play("short R 20k");  // $30,000 at $1.50: needs $60,000
    CHECK(t.Price(Company::Red) == 130);
    // 20,000 held short at $1.30 plus 20,000 more: $52,000 of shorts need $104,000.
    CHECK(t.Reject("short R 20k", "S-4") == "Ann needs $104,000 of assets for this short, has $100,000 (S-4)");
    t.Play("end\nroll 1 1 1 @fulwell");
    t.Reject("short R 5k", "S-4");  // no Bid at Fulwell
}

TEST_CASE("M-8 / D-21: the up-tick rule, when on, allows a short only on an Up arrow") {
    Table t("game players=Ann,Bob variants=uptick");
    t.Play("board @market-2 trend=UDUD bid=YBRG");
    t.Play("roll 1 1 1 @market-2");
    t.Reject("short B 5k", "M-8");
    t.Play("short Y 5k");
    Table off("game players=Ann,Bob");
    off.Play("board @market-2 trend=UDUD bid=YBRG");
    off.Play("roll 1 1 1 @market-2\nshort B 5k");
}

TEST_CASE("S-5 worked example: cover 5,000 Red at $0.60: pay $3,000, collect $7,500") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 1 1 3 @market-1\nend\nroll 1 1 3 @market-1\nend\nroll 1 1 3 @market-1\nend\nroll 1 1 1 @market-1");
    t.Play("short R 5k\nend");  // Red 1.45
    for (int i = 0; i < 5; ++i) t.Play("roll 1 1 3 @ioco\nend");
    t.Play("roll 1 1 2 @ioco");
    CHECK(t.Price(Company::Red) == 60);
    t.Reject("cover R 10k", "S-5");
    t.Play("cover R 5k");
    CHECK(t.LastSaid("5,000 x $0.60 = $3,000"));
    CHECK(t.LastSaid("$7,500 from the margin account"));
    CHECK(t.Cash("Ann") == 100000 - 3000 + 7500);
    CHECK(t.State().MarginHeld(Company::Red).cents() == 0);
    CHECK(t.Price(Company::Red) == 65);  // B-6: covering is buying, promotion up
}

TEST_CASE("B-6: a voluntary cover needs an Ask; notes are taken back oldest first") {
    Table t("game players=Ann,Bob");
    t.Play(kLab);
    t.Play("roll 1 1 1 @market-1\nshort B 10k\nshort B 5k\nend");  // $20,500 at $2.05, $9,750 at $1.95; Blue 1.90
    t.Play("roll 1 1 1 @market-1");
    t.Reject("cover B 5k", "B-6");  // market-1 has no Ask
    t.Play("end\nroll 1 1 1 @ioco");  // Blue 1.90 + 0.05 - 0.05
    CHECK(t.Price(Company::Blue) == 190);
    t.Play("cover B 5k");  // half the first note: $10,250 back, $9,500 paid
    CHECK(t.Cash("Ann") == 100000 - 9500 + 10250);
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Blue) == 10000);
    CHECK(t.State().ShortProceeds(t.P("Ann"), Company::Blue).cents() == (10250 + 9750) * 100);
}

TEST_CASE("B-4 / M-2: common directorships need an Ask, 40,000 shares each, $500 each, no promotion") {
    Table t("game players=Ann,Bob");
    t.Play("roll 3 4 2 @fulwell\nbuy B 20k");
    t.Reject("dir B", "B-4");  // 20,000 shares
    t.Play("buy B 20k");
    t.Reject("dir Y", "B-4");  // no Ask for Yellow
    t.Play("dir B");
    CHECK(t.Player("Ann").directorships[Company::Blue] == 1);
    CHECK(t.Cash("Ann") == 100000 - 42000 - 46000 - 500);
    CHECK(t.Price(Company::Blue) == 250);  // no promotion
    CHECK(t.Reject("dir B", "B-4") == "Ann holds 40,000 Blue shares; 2 common directorships need 80,000 (B-4)");
}

TEST_CASE("S-3 worked example: 85,000 Red, escrow and 2 common; selling 10,000 forfeits 1") {
    Table t("game players=Ann,Bob cash=200000");
    for (const char* sub : {"altamont", "ioco", "marnac", "ozada", "vista", "winona"})
        t.Play(std::string("board @") + sub + " trend=DDDD ask=BRG");
    t.Play("board @market-1 trend=UUUU bid=YBRG");
    t.Play("roll 1 1 2 @altamont\nbuy R 20k\nend");  // Red 0.90 -> 1.10
    t.Play("roll 1 1 2 @ioco\nbuy R 20k\nend");      // 1.00 -> 1.20
    t.Play("roll 1 1 2 @marnac\nbuy R 20k\nend");    // 1.10 -> 1.30
    t.Play("roll 1 1 2 @ozada\nbuy R 20k\nend");     // 1.20 -> 1.40
    t.Play("roll 1 1 2 @vista\nbuy R 5k\ndir R 2\nend");  // 1.30 -> 1.35
    CHECK(t.Cash("Ann") == 200000 - 18000 - 20000 - 22000 - 24000 - 6500 - 1000);
    CHECK_FALSE(t.Player("Ann").escrow.has_value());
    t.Play("roll 1 1 2 @winona");  // the sixth Red proxy (E-2)
    CHECK(t.Player("Ann").escrow == Company::Red);
    CHECK(t.LastSaid("elected Red escrow director"));
    t.Play("end\nroll 1 1 1 @market-1");
    CHECK(t.Player("Ann").common[Company::Red] == 85000);
    t.Play("sell R 10k");
    CHECK(t.Player("Ann").directorships[Company::Red] == 1);
    CHECK(t.Player("Ann").escrow == Company::Red);
    CHECK(t.LastSaid("Ann forfeits 1 Red common directorship"));
    CHECK(t.LastSaid("[S-3]"));
}
