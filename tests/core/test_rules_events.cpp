// Market events (M-3..M-6, D-6..D-8, D-14) and the obligations they leave (S-6), through the
// table language. Every expected number below is worked by hand from RULES.md, the way a broker
// would check it at the table. Prices are tracked in the comments as "Y B R G" in dollars.
//
// Two patterns keep the companies we are not testing away from their levels: landing alternately
// on two spaces whose arrows agree for the company under test and disagree for the others moves
// only that company (each Market Open moves every listed company v ticks, T-2).

#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "table_fixture.h"

using rutland::Company;
using rutland::EffectKind;
using rutland::testing::CountKind;
using rutland::testing::Table;

// Ann opens on market-3 (UUUU); Bob buys at Brada (DUUD, Ask YBR); market-1 (DDDU) and market-2
// (DUUD) then alternate to move Yellow alone, down 2v a pair.
constexpr const char* kBobCashlessLab = R"(board @market-3 trend=UUUU bid=YBRG
board @brada trend=DUUD ask=YBR
board @market-1 trend=DDDU bid=YBRG
board @market-2 trend=DUUD bid=YBRG)";

namespace {

// The price markers and market events of the last accepted line, in the order they happened:
// "Y 290->300" is a marker move (in cents), "Y M-4" a market event.
std::string Trail(const rutland::Effects& fx) {
    std::string out;
    for (const rutland::Effect& e : fx) {
        const char letter = rutland::GetProspectus(e.company).letter;
        std::string item;
        if (e.kind == EffectKind::Price)
            item = std::string(1, letter) + " " + std::to_string(e.from_ticks * 5) + "->" + std::to_string(e.to_ticks * 5);
        else if (e.kind == EffectKind::MarketEvent)
            item = std::string(1, letter) + " " + e.rule;
        else
            continue;
        out += (out.empty() ? "" : "; ") + item;
    }
    return out;
}

int64_t Dollars(rutland::Money m) { return m.cents() / 100; }
using rutland::test::Has;

// ---------------------------------------------------------------------------------------------
// The Yellow Split scenario (Ann, Bob, Cy, $100,000 each). It stops just before Cy's buy of
// 20,000 Yellow at $2.90 that promotes Yellow past $3.00.
//   Ann: 20,000 Yellow common, 10,000 Yellow preferred, 10,000 Blue; cash $15,500.
//   Bob: short 10,000 Yellow ($24,500 in the margin account); cash $100,000.
//   Cy:  nothing yet; cash $100,000.
constexpr const char* kSplitBoard = R"(board @brada trend=UUDD ask=YBR
board @preferred-yellow trend=UDUU bid=YB
board @market-1 trend=UUDD bid=YBRG
board @market-2 trend=UDUU bid=YBRG)";

void PlayToYellowSplit(Table& t) {
    t.Play(kSplitBoard);
    // Ann. brada UUDD, 1 tick: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("roll 1 1 1 @brada");
    t.Play("buy Y 20k");  // 20,000 x $2.05 = $41,000; promotion 4 ticks: Y 2.25
    t.Play("buy B 10k");  // 10,000 x $2.05 = $20,500; 2 ticks: B 2.15
    t.Play("end");        // doubles: Ann again
    // preferred-yellow UDUU, 1 tick: Y 2.30 B 2.10 R 1.00 G 1.00
    t.Play("roll 1 2 1 @preferred-yellow");
    t.Play("buy Y pref 10k");  // 10,000 x $2.30 = $23,000; 2 ticks: Y 2.40
    t.Play("end");             // -> Bob
    // Bob. market-1 UUDD, 1 tick: Y 2.45 B 2.15 R 0.95 G 0.95
    t.Play("roll 1 2 1 @market-1");
    t.Play("short Y 10k");  // 10,000 x $2.45 = $24,500 to the margin account; 2 ticks down: Y 2.35
    t.Play("end");          // -> Cy
    t.Play("roll 1 1 3 @market-2\nend");  // UDUU 3: Y 2.50 B 2.00 R 1.10 G 1.10
    t.Play("roll 1 1 3 @market-1\nend");  // UUDD 3: Y 2.65 B 2.15 R 0.95 G 0.95
    t.Play("roll 1 1 2 @market-2\nend");  // UDUU 2: Y 2.75 B 2.05 R 1.05 G 1.05
    t.Play("roll 1 2 3 @brada");          // UUDD 3: Y 2.90 B 2.20 R 0.90 G 0.90
    REQUIRE(t.Price(Company::Yellow) == 290);
    REQUIRE(t.Price(Company::Blue) == 220);
    REQUIRE(t.Cash("Ann") == 15500);  // 100,000 - 41,000 - 20,500 - 23,000
    REQUIRE(t.Cash("Bob") == 100000);
    REQUIRE(t.Cash("Cy") == 100000);
    REQUIRE(t.State().ShortShares(t.P("Bob"), Company::Yellow) == 10000);
    REQUIRE(Dollars(t.State().MarginHeld(Company::Yellow)) == 24500);
}

// ---------------------------------------------------------------------------------------------
// The Yellow Roll Back scenario (Ann, Bob, Cy, Dee, $200,000 each). It stops at Yellow $1.10
// with Dee to roll; Dee's roll at market-1 (DUUD, 3 ticks down) fires the Roll Back.
//   Ann: 15,000 Yellow common (an odd half), the Yellow escrow directorship; cash $172,250.
//   Bob: 20,000 Yellow common (an even half), 10,000 Yellow preferred, $20,000 Yellow bonds;
//        cash $143,000.
//   Cy:  40,000 Yellow common and 1 Yellow common directorship; cash $139,500.
//   Dee: short 20,000 Yellow ($35,000 in the margin account); cash $200,000.
// A = DUUD (Yellow down, Blue up, Red up, Green down), B = DDDU (Yellow down, Blue down, Red down,
// Green up): alternating A and B with the same die moves only Yellow.
constexpr const char* kRollBackBoard = R"(board @brada trend=DUUD ask=YBR
board @matapan trend=DUUD ask=YBR
board @sennok trend=DUUD ask=YBR
board @colfax trend=DDDU ask=YBR
board @oneida trend=DDDU ask=YBR
board @kaptey trend=DDDU ask=YBR
board @preferred-yellow trend=DDDU bid=YB
board @market-1 trend=DUUD bid=YBRG
board @market-2 trend=DDDU bid=YBRG)";

void PlayToYellowRollBack(Table& t) {
    t.Play(kRollBackBoard);
    // Ann lands on the six Yellow subsidiaries, keeping the turn with doubles.
    t.Play("roll 1 1 3 @brada");  // A 3: Y 1.85 B 2.15 R 1.15 G 0.85
    t.Play("buy Y 15k");          // 15,000 x $1.85 = $27,750; 3 ticks: Y 2.00
    t.Play("end");
    t.Play("roll 1 1 3 @colfax\nend");   // B 3: Y 1.85 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 1 3 @matapan\nend");  // A 3: Y 1.70 B 2.15 R 1.15 G 0.85
    t.Play("roll 1 1 3 @oneida\nend");   // B 3: Y 1.55 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 1 3 @sennok\nend");   // A 3: Y 1.40 B 2.15 R 1.15 G 0.85
    t.Play("roll 1 2 3 @kaptey");        // B 3: Y 1.25 B 2.00 R 1.00 G 1.00; sixth Yellow proxy (E-2)
    REQUIRE(t.Player("Ann").escrow == Company::Yellow);
    t.Play("end");  // -> Bob
    t.Play("roll 1 1 1 @preferred-yellow");  // B 1: Y 1.20 B 1.95 R 0.95 G 1.05
    t.Play("buy Y pref 10k");                // 10,000 x $1.20 = $12,000; 2 ticks: Y 1.30
    t.Play("end");                           // doubles: Bob again
    t.Play("roll 1 2 1 @brada");             // A 1: Y 1.25 B 2.00 R 1.00 G 1.00
    t.Play("buy Y 20k");                     // 20,000 x $1.25 = $25,000; 4 ticks: Y 1.45
    t.Play("buy Y bond 20k");                // $20,000 at face, no promotion
    t.Play("end");                           // -> Cy
    t.Play("roll 1 2 1 @colfax");            // B 1: Y 1.40 B 1.95 R 0.95 G 1.05
    t.Play("buy Y 20k");                     // 20,000 x $1.40 = $28,000; Y 1.60
    t.Play("buy Y 20k");                     // 20,000 x $1.60 = $32,000; Y 1.80
    t.Play("dir Y");                         // 40,000 shares back 1 directorship; $500 fee
    t.Play("end");                           // -> Dee
    t.Play("roll 1 2 1 @market-1");          // A 1: Y 1.75 B 2.00 R 1.00 G 1.00
    t.Play("short Y 20k");  // 20,000 x $1.75 = $35,000 to margin (needs 2 x 35,000 = $70,000); Y 1.55
    t.Play("end");          // -> Ann
    t.Play("roll 1 2 3 @market-2\nend");  // Ann, B 3: Y 1.40 B 1.85 R 0.85 G 1.15
    t.Play("roll 1 2 3 @market-1\nend");  // Bob, A 3: Y 1.25 B 2.00 R 1.00 G 1.00
    t.Play("roll 1 2 3 @market-2\nend");  // Cy,  B 3: Y 1.10 B 1.85 R 0.85 G 1.15
    REQUIRE(t.State().players[static_cast<size_t>(t.State().current)].name == "Dee");
    REQUIRE(t.Price(Company::Yellow) == 110);
    REQUIRE(t.Cash("Ann") == 172250);  // 200,000 - 27,750
    REQUIRE(t.Cash("Bob") == 143000);  // 200,000 - 12,000 - 25,000 - 20,000
    REQUIRE(t.Cash("Cy") == 139500);   // 200,000 - 28,000 - 32,000 - 500
    REQUIRE(t.Cash("Dee") == 200000);
    REQUIRE(t.Player("Cy").directorships[Company::Yellow] == 1);
    REQUIRE(t.State().tray[Company::Yellow].common == 85000);  // 160,000 - 15,000 - 20,000 - 40,000
}

// Dee's roll: market-1 is DUUD, 3 ticks: Yellow $1.10 - $0.15 would be $0.95, past $1.00.
constexpr const char* kRollBackTrigger = "roll 1 2 3 @market-1";

// ---------------------------------------------------------------------------------------------
// The obligations scenario (Ann, Bob, $100,000 each). Bob shorts 20,000 Yellow at $2.10 and
// spends his cash; Ann then drives Yellow to its Split with a buy of 10,000 at $2.90. It stops
// right after that buy, with Bob owing the bank.
constexpr const char* kObligationBoard = R"(board @market-1 trend=UUDD bid=YBRG
board @market-2 trend=UDUU bid=YBRG
board @brada trend=UUDD ask=YBR
board @ioco trend=UDUU ask=BRG)";

void PlayToBobOwingTheSplit(Table& t) {
    t.Play(kObligationBoard);
    t.Play("roll 1 2 1 @market-1\nend");  // Ann, UUDD 1: Y 2.05 B 2.05 R 0.95 G 0.95
    t.Play("roll 1 1 1 @market-2");       // Bob, UDUU 1: Y 2.10 B 2.00 R 1.00 G 1.00
    t.Play("short Y 20k");  // 20,000 x $2.10 = $42,000 to margin (needs $84,000 of $100,000); Y 1.90
    t.Play("end");          // doubles: Bob again
    t.Play("roll 1 2 1 @ioco");  // UDUU 1: Y 1.95 B 1.95 R 1.05 G 1.05
    t.Play("buy R 20k");         // 20,000 x $1.05 = $21,000; R 1.25
    t.Play("buy R 20k");         // 20,000 x $1.25 = $25,000; R 1.45
    t.Play("buy B 20k");         // 20,000 x $1.95 = $39,000; B 2.15
    t.Play("buy B 5k");          // 5,000 x $2.15 = $10,750; B 2.20
    t.Play("end");               // -> Ann
    REQUIRE(t.Cash("Bob") == 4250);  // 100,000 - 21,000 - 25,000 - 39,000 - 10,750
    t.Play("roll 1 1 3 @brada");  // UUDD 3: Y 2.10 B 2.35 R 1.30 G 0.90
    t.Play("buy Y 20k");          // 20,000 x $2.10 = $42,000; Y 2.30
    t.Play("end");
    t.Play("roll 1 1 3 @market-2\nend");  // UDUU 3: Y 2.45 B 2.20 R 1.45 G 1.05
    t.Play("roll 1 1 3 @market-1\nend");  // UUDD 3: Y 2.60 B 2.35 R 1.30 G 0.90
    t.Play("roll 1 1 3 @market-2\nend");  // UDUU 3: Y 2.75 B 2.20 R 1.45 G 1.05
    t.Play("roll 1 2 3 @brada");          // UUDD 3: Y 2.90 B 2.35 R 1.30 G 0.90
    REQUIRE(t.Price(Company::Yellow) == 290);
    REQUIRE(t.Cash("Ann") == 58000);  // 100,000 - 42,000
    // 10,000 x $2.90 = $29,000; 2 ticks up reach $3.00: Split.
    t.Play("buy Y 10k");
}

} // namespace

// =============================================================================================
// M-3 / D-8: reaching or passing a level
// =============================================================================================

TEST_CASE("M-3 / D-8: a Market Open that passes the Split level fires it and drops the rest of the move "
          "(Yellow $2.95, 3 up -> $2.00, not $2.10)") {
    Table t("game players=Ann,Bob");
    t.Play("board @market-1 trend=UDUD bid=YBRG\nboard @market-2 trend=UUDU bid=YBRG");
    // Six Market Opens of 3 and one of 1 at UDUD: Yellow and Red +19 ticks, Blue and Green -19.
    for (int i = 0; i < 6; ++i) t.Play("roll 1 1 3 @market-1\nend");
    t.Play("roll 1 1 1 @market-1\nend");
    CHECK(t.Price(Company::Yellow) == 295);  // 2.00 + 19 x 0.05
    CHECK(t.Price(Company::Blue) == 105);    // 2.00 - 0.95
    CHECK(t.Price(Company::Red) == 195);     // 1.00 + 0.95
    CHECK(t.Price(Company::Green) == 5);     // 1.00 - 0.95
    t.Play("roll 1 2 3 @market-2");          // UUDU, 3 ticks
    // Yellow: 2.95 + 0.15 would be 3.10; it stops at 3.00 (Split), goes to Issue $2.00 and the
    // remaining 2 ticks are dropped (D-8): $2.00, not $2.10. The other companies move in full.
    CHECK(t.Price(Company::Yellow) == 200);
    CHECK(t.Price(Company::Blue) == 120);  // 1.05 + 0.15
    CHECK(t.Price(Company::Red) == 180);   // 1.95 - 0.15
    CHECK(t.Price(Company::Green) == 20);  // 0.05 + 0.15
    CHECK(Trail(t.LastEffects()) == "Y 295->300; Y M-4; Y 300->200; B 105->120; R 195->180; G 5->20");
    CHECK(t.LastSaid("Yellow Market Open up 3: $2.95 -> $3.00 (the rest of the move is dropped, D-8)"));
    CHECK(t.LastSaid("[M-4] Yellow marker back to Issue: $3.00 -> $2.00"));
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-3 / T-2: one Market Open reaching all four levels fires Split, Roll Back, Split, Bankruptcy in "
          "Yellow, Blue, Red, Green order, each settled before the next company moves") {
    Table t("game players=Ann,Bob");
    t.Play("board @market-1 trend=UDUD bid=YBRG");
    for (int i = 0; i < 6; ++i) t.Play("roll 1 1 3 @market-1\nend");
    t.Play("roll 1 1 1 @market-1\nend");  // Y 2.95 B 1.05 R 1.95 G 0.05 (19 ticks each way)
    t.Play("roll 1 2 1 @market-1");       // one tick: each company *reaches* its level exactly
    // Yellow 2.95 -> 3.00 Split; Blue 1.05 -> 1.00 Roll Back; Red 1.95 -> 2.00 Split;
    // Green 0.05 -> 0.00 Bankruptcy. Each event puts its marker back to Issue before the next
    // company's Market Open move is made.
    CHECK(Trail(t.LastEffects()) ==
          "Y 295->300; Y M-4; Y 300->200; "
          "B 105->100; B M-5; B 100->200; "
          "R 195->200; R M-4; R 200->100; "
          "G 5->0; G M-6; G 0->100");
    CHECK_FALSE(t.LastSaid("dropped"));  // exactly reached: nothing to drop
    CHECK(t.Price(Company::Yellow) == 200);
    CHECK(t.Price(Company::Blue) == 200);
    CHECK(t.Price(Company::Red) == 100);
    CHECK(t.Price(Company::Green) == 100);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-3 / D-8: a buy of 20,000 Yellow at $2.90 promotes past $3.00: Split, Yellow back at $2.00") {
    Table t("game players=Ann,Bob,Cy");
    PlayToYellowSplit(t);
    t.Play("buy Y 20k");
    // Promotion 4 ticks from $2.90 would be $3.10: stops at $3.00, Split, Issue $2.00, 2 ticks
    // dropped. The short cover that follows is not promoted (D-14): no further Yellow move.
    CHECK(Trail(t.LastEffects()) == "Y 290->300; Y M-4; Y 300->200");
    CHECK(t.LastSaid("Yellow promotion up 4 ticks: $2.90 -> $3.00 (the rest of the move is dropped, D-8)"));
    CHECK(t.Price(Company::Yellow) == 200);
    CHECK(t.Price(Company::Blue) == 220);  // untouched
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

// =============================================================================================
// M-4 Split
// =============================================================================================

TEST_CASE("M-4 Split: every holder is paid $1 a share on common and preferred, the buyer who triggered it "
          "included; other companies pay nothing") {
    Table t("game players=Ann,Bob,Cy");
    PlayToYellowSplit(t);
    t.Play("buy Y 20k");
    // Cy: pays 20,000 x $2.90 = $58,000, then $1 x 20,000 just bought = $20,000:
    //     100,000 - 58,000 + 20,000 = 62,000.
    CHECK(t.Cash("Cy") == 62000);
    CHECK(t.LastSaid("the broker pays Cy $1 a share on 20,000 Yellow shares: $20,000"));
    // Ann: 20,000 common + 10,000 preferred = 30,000 shares -> $30,000; her 10,000 Blue earn
    //      nothing: 15,500 + 30,000 = 45,500.
    CHECK(t.Cash("Ann") == 45500);
    CHECK(t.LastSaid("the broker pays Ann $1 a share on 30,000 Yellow shares: $30,000"));
    CHECK_FALSE(t.LastSaid("Blue shares"));
    // Holdings are unchanged by a Split.
    CHECK(t.Player("Ann").common[Company::Yellow] == 20000);
    CHECK(t.Player("Ann").preferred[Company::Yellow] == 10000);
    CHECK(t.Player("Ann").common[Company::Blue] == 10000);
    CHECK(t.Player("Cy").common[Company::Yellow] == 20000);
    CHECK(t.State().tray[Company::Yellow].common == 120000);    // 160,000 - 20,000 - 20,000
    CHECK(t.State().tray[Company::Yellow].preferred == 70000);  // 80,000 - 10,000
    // Bob holds no Yellow: no payout line for him.
    CHECK_FALSE(t.LastSaid("pays Bob $1"));
    CHECK(CountKind(t.LastEffects(), EffectKind::MarketEvent) == 1);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-4 / D-14 Split: a Yellow short is covered at $3.00 with no promotion; the seller takes back the "
          "note's proceeds and pays shares x $3.00") {
    Table t("game players=Ann,Bob,Cy");
    PlayToYellowSplit(t);
    t.Play("buy Y 20k");
    // Bob: takes back $24,500 (10,000 x $2.45), pays 10,000 x $3.00 = $30,000:
    //      100,000 + 24,500 - 30,000 = 94,500.
    CHECK(t.Cash("Bob") == 94500);
    CHECK(t.LastSaid("Bob takes back the note for 10,000 Yellow and $24,500 from the margin account"));
    CHECK(t.LastSaid("Bob pays the bank $30,000 for covering 10,000 Yellow at $3.00"));
    CHECK(t.State().ShortShares(t.P("Bob"), Company::Yellow) == 0);
    CHECK(t.State().MarginHeld(Company::Yellow) == rutland::Money());
    CHECK(t.State().pending.empty());
    // No promotion on the cover (D-14): a cover of 10,000 would otherwise move Yellow 2 ticks up.
    CHECK(t.Price(Company::Yellow) == 200);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-4 Split (Red at $2.00): holders paid $1 a share, shorts covered at $2.00, marker to $1.00") {
    Table t("game players=Ann,Bob");
    // ioco and market-2 UUUU, market-1 DDUD: alternating them moves only Red (+2v a pair).
    t.Play("board @ioco trend=UUUU ask=BRG\nboard @market-1 trend=DDUD bid=YBRG\nboard @market-2 trend=UUUU bid=YBRG");
    t.Play("roll 1 2 1 @ioco");   // Ann, UUUU 1: Y 2.05 B 2.05 R 1.05 G 1.05
    t.Play("buy R 20k");          // 20,000 x $1.05 = $21,000; R 1.25
    t.Play("end");                // -> Bob
    t.Play("roll 1 1 1 @market-1");  // DDUD 1: Y 2.00 B 2.00 R 1.30 G 1.00
    t.Play("short R 10k");           // 10,000 x $1.30 = $13,000 to margin; R 1.20
    t.Play("end");                   // doubles: Bob again
    t.Play("roll 1 1 3 @market-2\nend");  // Y 2.15 B 2.15 R 1.35 G 1.15
    t.Play("roll 1 1 3 @market-1\nend");  // Y 2.00 B 2.00 R 1.50 G 1.00
    t.Play("roll 1 1 3 @market-2\nend");  // Y 2.15 B 2.15 R 1.65 G 1.15
    t.Play("roll 1 1 3 @market-1\nend");  // Y 2.00 B 2.00 R 1.80 G 1.00
    t.Play("roll 1 1 3 @market-2\nend");  // Y 2.15 B 2.15 R 1.95 G 1.15
    CHECK(t.Price(Company::Red) == 195);
    t.Play("roll 1 2 3 @market-1");  // DDUD 3: Red 1.95 + 0.15 passes $2.00: Split
    CHECK(Trail(t.LastEffects()) == "Y 215->200; B 215->200; R 195->200; R M-4; R 200->100; G 115->100");
    // Ann: 100,000 - 21,000 + 20,000 x $1 = 99,000.
    CHECK(t.Cash("Ann") == 99000);
    // Bob: takes back $13,000, pays 10,000 x $2.00 = $20,000: 100,000 + 13,000 - 20,000 = 93,000.
    CHECK(t.Cash("Bob") == 93000);
    CHECK(t.LastSaid("Bob pays the bank $20,000 for covering 10,000 Red at $2.00"));
    CHECK(t.State().ShortShares(t.P("Bob"), Company::Red) == 0);
    CHECK(t.Price(Company::Red) == 100);  // Issue, no promotion from the cover
    CHECK(t.Player("Ann").common[Company::Red] == 20000);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

// =============================================================================================
// M-5 Roll Back (Yellow, Blue at $1.00)
// =============================================================================================

TEST_CASE("M-5 Roll Back: an odd half keeps the half rounded up and pays for 2,500 shares at Issue (D-6)") {
    Table t("game players=Ann,Bob,Cy,Dee cash=200000");
    PlayToYellowRollBack(t);
    t.Play(kRollBackTrigger);
    // Yellow $1.10 - 3 ticks passes $1.00: Roll Back, marker to Issue, the third tick dropped.
    CHECK(Trail(t.LastEffects()) == "Y 110->100; Y M-5; Y 100->200; B 185->200; R 85->100; G 115->100");
    CHECK(t.Price(Company::Yellow) == 200);
    // Ann: 15,000 -> half 7,500 is not a multiple of 5,000: keeps 10,000, returns 5,000, pays
    //      2,500 x $2.00 (Issue) = $5,000: 172,250 - 5,000 = 167,250.
    CHECK(t.Player("Ann").common[Company::Yellow] == 10000);
    CHECK(t.Cash("Ann") == 167250);
    CHECK(t.LastSaid("Ann returns 5,000 of 15,000 Yellow common to the tray, keeping 10,000"));
    CHECK(t.LastSaid("[D-6] Ann pays the bank $5,000 for the Roll Back odd lot (2,500 Yellow x $2.00 = $5,000)"));
    CHECK(t.State().pending.empty());
    // Tray: 85,000 + 5,000 (Ann) + 10,000 (Bob) + 20,000 (Cy) = 120,000.
    CHECK(t.State().tray[Company::Yellow].common == 120000);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-5 Roll Back: an even half is halved with no payment; preferred and bonds are untouched") {
    Table t("game players=Ann,Bob,Cy,Dee cash=200000");
    PlayToYellowRollBack(t);
    t.Play(kRollBackTrigger);
    // Bob: 20,000 -> 10,000 (a multiple of 5,000): returns 10,000, pays nothing.
    CHECK(t.Player("Bob").common[Company::Yellow] == 10000);
    CHECK(t.Cash("Bob") == 143000);
    CHECK(t.LastSaid("Bob returns 10,000 of 20,000 Yellow common to the tray, keeping 10,000"));
    CHECK_FALSE(t.LastSaid("Bob pays"));
    // Preferred and bonds are not halved.
    CHECK(t.Player("Bob").preferred[Company::Yellow] == 10000);
    CHECK(t.Player("Bob").bonds[Company::Yellow] == 20000);
    CHECK(t.State().tray[Company::Yellow].preferred == 70000);
    CHECK(t.State().tray[Company::Yellow].bonds == 80000);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-5 / S-3 Roll Back: directorships are re-checked after the halving") {
    Table t("game players=Ann,Bob,Cy,Dee cash=200000");
    PlayToYellowRollBack(t);
    t.Play(kRollBackTrigger);
    // Cy: 40,000 -> 20,000 Yellow; 20,000 / 40,000 backs 0 directorships: forfeits 1, no refund.
    CHECK(t.Player("Cy").common[Company::Yellow] == 20000);
    CHECK(t.Player("Cy").directorships[Company::Yellow] == 0);
    CHECK(t.Cash("Cy") == 139500);
    CHECK(t.LastSaid("[S-3] Cy forfeits 1 Yellow common directorship"));
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-5 / D-7 Roll Back: shorts are covered at $1.00 and the escrow directorship is untouched (E-3)") {
    Table t("game players=Ann,Bob,Cy,Dee cash=200000");
    PlayToYellowRollBack(t);
    t.Play(kRollBackTrigger);
    // Dee: takes back $35,000, pays 20,000 x $1.00 = $20,000: 200,000 + 35,000 - 20,000 = 215,000.
    CHECK(t.Cash("Dee") == 215000);
    CHECK(t.LastSaid("[D-7] Dee pays the bank $20,000 for covering 20,000 Yellow at $1.00"));
    CHECK(t.State().ShortShares(t.P("Dee"), Company::Yellow) == 0);
    CHECK(t.State().MarginHeld(Company::Yellow) == rutland::Money());
    CHECK(t.Price(Company::Yellow) == 200);  // no promotion from the cover (D-14)
    // E-3: Ann keeps the Yellow escrow directorship though her Yellow was halved.
    CHECK(t.Player("Ann").escrow == Company::Yellow);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("D-6 / D-7 variants: rollback-odd-lot=level pays 2,500 x $1.00, rollback-cover=0.50 covers at "
          "$0.50; nothing else differs from the default") {
    Table plain("game players=Ann,Bob,Cy,Dee cash=200000");
    Table odd("game players=Ann,Bob,Cy,Dee cash=200000 variants=rollback-odd-lot=level");
    Table half("game players=Ann,Bob,Cy,Dee cash=200000 variants=rollback-cover=0.50");
    for (Table* t : {&plain, &odd, &half}) {
        PlayToYellowRollBack(*t);
        t->Play(kRollBackTrigger);
    }
    // Ann's odd lot: default 2,500 x $2.00 = $5,000 -> 167,250; level 2,500 x $1.00 = $2,500 -> 169,750.
    CHECK(plain.Cash("Ann") == 167250);
    CHECK(odd.Cash("Ann") == 169750);
    CHECK(half.Cash("Ann") == 167250);
    CHECK(odd.LastSaid("the Roll Back odd lot (2,500 Yellow x $1.00 = $2,500)"));
    // Dee's cover: default 20,000 x $1.00 = $20,000 -> 215,000; 0.50: 20,000 x $0.50 = $10,000 -> 225,000.
    CHECK(plain.Cash("Dee") == 215000);
    CHECK(odd.Cash("Dee") == 215000);
    CHECK(half.Cash("Dee") == 225000);
    CHECK(half.LastSaid("Dee pays the bank $10,000 for covering 20,000 Yellow at $0.50"));
    // Everything else is the same: holdings, the marker, the other players' cash.
    for (Table* t : {&odd, &half}) {
        CHECK(t->Cash("Bob") == 143000);
        CHECK(t->Cash("Cy") == 139500);
        CHECK(t->Player("Ann").common[Company::Yellow] == 10000);
        CHECK(t->Price(Company::Yellow) == 200);
        CHECK(t->State().tray[Company::Yellow].common == 120000);
        CHECK(rutland::CheckConservation(t->State()) == std::nullopt);
    }
    CHECK(rutland::CheckConservation(plain.State()) == std::nullopt);
}

// =============================================================================================
// M-6 Bankruptcy (Red, Green at $0.00)
// =============================================================================================

TEST_CASE("M-6 Bankruptcy: common and debentures go back unpaid, common directorships are lost, shorts "
          "collect the whole margin (the loop-hole), marker to Issue, escrow kept (E-3)") {
    Table t("game players=Ann,Bob,Cy cash=200000");
    // P = UUDU, Q = DDDD: alternating them moves only Red (-2v a pair).
    t.Play(R"(board @camsun trend=UUDU ask=BRG
board @altamont trend=UUDU ask=BRG
board @marnac trend=UUDU ask=BRG
board @vista trend=UUDU ask=BRG
board @ioco trend=DDDD ask=BRG
board @ozada trend=DDDD ask=BRG
board @winona trend=DDDD ask=BRG
board @market-1 trend=UUDU bid=YBRG
board @market-2 trend=DDDD bid=YBRG)");
    t.Play("roll 1 2 1 @camsun");  // Ann, UUDU 1: Y 2.05 B 2.05 R 0.95 G 1.05
    t.Play("buy R 20k");           // 20,000 x $0.95 = $19,000; R 1.15
    t.Play("buy R 20k");           // 20,000 x $1.15 = $23,000; R 1.35
    t.Play("dir R");               // 40,000 Red back 1 directorship; $500
    t.Play("buy R bond 30k");      // $30,000 of Red debentures at face
    t.Play("buy G 10k");           // 10,000 x $1.05 = $10,500; G 1.15
    t.Play("end");                 // -> Bob
    CHECK(t.Cash("Ann") == 117000);  // 200,000 - 19,000 - 23,000 - 500 - 30,000 - 10,500
    t.Play("roll 1 2 2 @market-2");  // DDDD 2: Y 1.95 B 1.95 R 1.25 G 1.05
    t.Play("short R 20k");           // 20,000 x $1.25 = $25,000 to margin; R 1.05
    t.Play("end");                   // -> Cy, who lands on the six Red subsidiaries
    t.Play("roll 1 1 3 @altamont\nend");  // Y 2.10 B 2.10 R 0.90 G 1.20
    t.Play("roll 1 1 3 @ioco\nend");      // Y 1.95 B 1.95 R 0.75 G 1.05
    t.Play("roll 1 1 3 @marnac\nend");    // Y 2.10 B 2.10 R 0.60 G 1.20
    t.Play("roll 1 1 3 @ozada\nend");     // Y 1.95 B 1.95 R 0.45 G 1.05
    t.Play("roll 1 1 3 @vista\nend");     // Y 2.10 B 2.10 R 0.30 G 1.20
    t.Play("roll 1 2 3 @winona");         // Y 1.95 B 1.95 R 0.15 G 1.05; sixth Red proxy
    REQUIRE(t.Player("Cy").escrow == Company::Red);
    t.Play("end");                        // -> Ann
    t.Play("roll 1 2 3 @market-2");       // DDDD 3: Red $0.15 reaches $0.00: Bankruptcy
    CHECK(Trail(t.LastEffects()) == "Y 195->180; B 195->180; R 15->0; R M-6; R 0->100; G 105->90");
    // Ann: 40,000 Red common and $30,000 debentures back unpaid; her 1 directorship lost; her
    //      cash unchanged at $117,000; her 10,000 Green untouched.
    CHECK(t.Player("Ann").common[Company::Red] == 0);
    CHECK(t.Player("Ann").bonds[Company::Red] == 0);
    CHECK(t.Player("Ann").directorships[Company::Red] == 0);
    CHECK(t.LastSaid("[M-6] Ann forfeits 1 Red common directorship"));
    CHECK(t.Cash("Ann") == 117000);
    CHECK(t.Player("Ann").common[Company::Green] == 10000);
    // Bob: covered at $0; takes back the whole $25,000 and pays nothing: 200,000 + 25,000.
    CHECK(t.Cash("Bob") == 225000);
    CHECK(t.LastSaid("Bob takes back the note for 20,000 Red and $25,000 from the margin account"));
    CHECK(t.State().ShortShares(t.P("Bob"), Company::Red) == 0);
    CHECK(t.State().MarginHeld(Company::Red) == rutland::Money());
    CHECK(t.State().pending.empty());
    // E-3: Cy keeps the Red escrow directorship.
    CHECK(t.Player("Cy").escrow == Company::Red);
    // Marker at Issue and the tray restored in full.
    CHECK(t.Price(Company::Red) == 100);
    CHECK(t.State().tray[Company::Red].common == 320000);
    CHECK(t.State().tray[Company::Red].bonds == 80000);
    // Red debentures and common can be bought again.
    t.Play("end");                  // -> Bob
    t.Play("roll 1 2 1 @camsun");   // UUDU 1: Y 1.85 B 1.85 R 0.95 G 0.95
    t.Play("buy R bond 80k");       // the whole issue again: 225,000 - 80,000 = 145,000
    t.Play("buy R 20k");            // 20,000 x $0.95 = $19,000: 126,000
    CHECK(t.Cash("Bob") == 126000);
    CHECK(t.State().tray[Company::Red].bonds == 0);
    CHECK(t.Player("Bob").common[Company::Red] == 20000);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("M-6 Bankruptcy: a player's own short sale drives Red to $0.00 and collects the whole margin account "
          "(the loop-hole)") {
    Table t("game players=Ann,Bob");
    t.Play("board @market-1 trend=UUDU bid=YBRG\nboard @market-2 trend=DDDD bid=YBRG");
    t.Play("roll 1 2 3 @market-2\nend");  // Ann, DDDD 3: Y 1.85 B 1.85 R 0.85 G 0.85
    t.Play("roll 1 1 3 @market-1");       // Bob, UUDU 3: Y 2.00 B 2.00 R 0.70 G 1.00
    t.Play("short R 20k");                // 20,000 x $0.70 = $14,000 to margin; R 0.50
    t.Play("end");
    t.Play("roll 1 1 3 @market-2\nend");  // Y 1.85 B 1.85 R 0.35 G 0.85
    t.Play("roll 1 1 3 @market-1");       // Y 2.00 B 2.00 R 0.20 G 1.00
    CHECK(t.Price(Company::Red) == 20);
    // 20,000 x $0.20 = $4,000; margin: (20,000 x $0.20 held + $4,000) x 2 = $16,000 <= $100,000.
    // Promotion 4 ticks down: $0.20 -> $0.00: Bankruptcy; both notes covered at $0.
    t.Play("short R 20k");
    CHECK(Trail(t.LastEffects()) == "R 20->0; R M-6; R 0->100");
    // Bob collects $14,000 + $4,000 = $18,000 and pays nothing: 100,000 + 18,000.
    CHECK(t.Cash("Bob") == 118000);
    CHECK(t.LastSaid("Bob takes back the note for 40,000 Red and $18,000 from the margin account"));
    CHECK(t.State().ShortShares(t.P("Bob"), Company::Red) == 0);
    CHECK(t.State().MarginHeld(Company::Red) == rutland::Money());
    CHECK(t.Price(Company::Red) == 100);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

// =============================================================================================
// S-6 Obligations: a forced fixed-price payment the player cannot make
// =============================================================================================

TEST_CASE("S-6: a Split call the player cannot pay from cash and the note's proceeds takes all the cash and "
          "leaves a pending obligation (in the JSON too)") {
    Table t("game players=Ann,Bob");
    PlayToBobOwingTheSplit(t);
    CHECK(Trail(t.LastEffects()) == "Y 290->300; Y M-4; Y 300->200");
    // Ann: 58,000 - 29,000 + $1 x 30,000 Yellow = 59,000.
    CHECK(t.Cash("Ann") == 59000);
    // Bob: 4,250 + 42,000 (the note) = 46,250 against 20,000 x $3.00 = $60,000:
    //      pays 46,250, cash $0, still owes 60,000 - 46,250 = $13,750.
    CHECK(t.Cash("Bob") == 0);
    CHECK(t.State().ShortShares(t.P("Bob"), Company::Yellow) == 0);
    REQUIRE(t.State().pending.size() == 1);
    const rutland::Obligation& o = t.State().pending.front();
    CHECK(o.player == t.P("Bob"));
    CHECK(Dollars(o.amount) == 13750);
    CHECK(o.rule == "M-4");
    CHECK(t.LastSaid("[M-4] Bob pays the bank $46,250 for covering 20,000 Yellow at $3.00"));
    CHECK(t.LastSaid("[S-6] Bob is short of cash and still owes the bank $13,750"));
    const nlohmann::json j = rutland::StateToJson(t.State());
    REQUIRE(j["pending"].size() == 1);
    CHECK(j["pending"][0]["player"].get<std::string>() == "Bob");
    CHECK(j["pending"][0]["amount"].get<int64_t>() == 1375000);  // cents
    CHECK(j["pending"][0]["rule"].get<std::string>() == "M-4");
    CHECK(j["players"][1]["net_worth"].get<int64_t>() ==
          // 25,000 Blue x $2.35 + 40,000 Red x $1.30 - 13,750 owed = 58,750 + 52,000 - 13,750 = 97,000
          9700000);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("S-6: while an obligation is pending, everything but the debtor's sales is rejected citing S-6") {
    Table t("game players=Ann,Bob");
    PlayToBobOwingTheSplit(t);
    REQUIRE(t.State().pending.size() == 1);
    const std::string why = t.Reject("end", "S-6");
    CHECK(why.find("Bob still owes the bank $13,750") != std::string::npos);
    t.Reject("buy Y 5k", "S-6");   // Ann, though brada has an Ask for Yellow
    t.Reject("buy R bond 10k", "S-6");
    t.Reject("dir Y", "S-6");
    t.Reject("sell Y 5k", "S-6");  // Ann's sales: only Bob's sales are accepted
    t.Reject("Ann: sell Y 5k", "S-6");
    t.Reject("Bob: buy R 5k", "S-6");
    t.Reject("Bob: short R 5k", "S-6");
    t.Reject("Bob: roll 1 2 1 @market-1", "S-6");
    t.Reject("player Bob", "S-6");
    // The debtor's sale is checked like any sale: he holds no Yellow.
    t.Reject("Bob: sell Y 5k", "S-1");
    CHECK(t.State().pending.size() == 1);
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("S-6: the debtor's forced sales need no Bid, are promoted, pay the bank first; once paid, play resumes") {
    Table t("game players=Ann,Bob");
    PlayToBobOwingTheSplit(t);
    // It is Ann's turn at brada, a subsidiary with no Bids at all; Bob sells anyway.
    // 5,000 Blue x $2.35 = $11,750, all to the bank: 13,750 - 11,750 = $2,000 still owed.
    t.Play("Bob: sell B 5k");
    CHECK(t.LastSaid("forced sale for Bob: no Bid needed, promotion applies"));
    CHECK(t.LastSaid("the bank pays Bob $11,750 for 5,000 Blue at $2.35"));
    CHECK(t.LastSaid("Bob pays the bank $11,750 of what is owed"));
    CHECK(t.LastSaid("($2,000 still owed)"));
    CHECK(t.Cash("Bob") == 0);
    REQUIRE(t.State().pending.size() == 1);
    CHECK(Dollars(t.State().pending.front().amount) == 2000);
    CHECK(t.Price(Company::Blue) == 230);  // promotion 1 tick down from $2.35
    // Up to the amount required: 10,000 Red is refused, 5,000 x $1.30 = $6,500 already pays $2,000.
    t.Reject("Bob: sell R 10k", "S-6");
    // 5,000 Red x $1.30 = $6,500: $2,000 to the bank, $4,500 to Bob.
    t.Play("Bob: sell R 5k");
    CHECK(t.LastSaid("(paid in full)"));
    CHECK(t.Cash("Bob") == 4500);
    CHECK(t.State().pending.empty());
    CHECK(rutland::StateToJson(t.State())["pending"].empty());
    CHECK(t.Price(Company::Red) == 125);  // 1 tick down from $1.30
    CHECK(t.Player("Bob").common[Company::Red] == 35000);
    CHECK(t.Player("Bob").common[Company::Blue] == 20000);
    // Normal play resumes, and Bob's sales need a Bid and his turn again.
    t.Reject("Bob: sell R 5k", "T-6");
    t.Play("end");                   // -> Bob
    t.Play("roll 1 2 1 @market-1");  // UUDD 1
    t.Play("sell R 5k");
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("S-6: a forced sale goes \"up to the amount of money required\": refused when 5,000 shares fewer would "
          "already pay the debt, naming the largest sale allowed; the last lot may overshoot") {
    // Bob owes $13,750 with $0 in cash; he holds 25,000 Blue at $2.35 and 40,000 Red at $1.30.
    // Blue: 5,000 x $2.35 = $11,750 does not pay $13,750; 10,000 x $2.35 = $23,500 does.
    // Red:  10,000 x $1.30 = $13,000 does not;             15,000 x $1.30 = $19,500 does.
    Table t("game players=Ann,Bob");
    PlayToBobOwingTheSplit(t);
    REQUIRE(Dollars(t.State().pending.front().amount) == 13750);
    CHECK(Has(t.Reject("Bob: sell B 20k", "S-6"),
              "Bob owes $13,750: selling 15,000 Blue at $2.35 ($35,250) already pays it; the largest forced sale of Blue "
              "allowed is 10,000 (S-6)"));
    CHECK(Has(t.Reject("Bob: sell B 15k", "S-6"),
              "selling 10,000 Blue at $2.35 ($23,500) already pays it; the largest forced sale of Blue allowed is 10,000"));
    CHECK(Has(t.Reject("Bob: sell R 20k", "S-6"),
              "Bob owes $13,750: selling 15,000 Red at $1.30 ($19,500) already pays it; the largest forced sale of Red "
              "allowed is 15,000 (S-6)"));
    // The largest allowed overshoots (10,000 would leave $750 owed): the whole 15,000 is priced at
    // $1.30 (M-1): $19,500, of which $13,750 pays the bank and $5,750 is Bob's; Red 3 ticks down.
    t.Play("Bob: sell R 15k");
    CHECK(t.State().pending.empty());
    CHECK(t.Cash("Bob") == 5750);
    CHECK(t.Price(Company::Red) == 115);
    CHECK(t.Player("Bob").common[Company::Red] == 25000);

    // A sale that does not pay it all is allowed at any size: 10,000 Red x $1.30 = $13,000 leaves $750.
    Table u("game players=Ann,Bob");
    PlayToBobOwingTheSplit(u);
    u.Play("Bob: sell R 10k");
    REQUIRE(u.State().pending.size() == 1);
    CHECK(Dollars(u.State().pending.front().amount) == 750);
    CHECK(u.Price(Company::Red) == 120);
    // Now 5,000 x $1.20 = $6,000 pays the $750: 10,000 is refused, 5,000 is the largest.
    CHECK(Has(u.Reject("Bob: sell R 10k", "S-6"), "Bob owes $750: selling 5,000 Red at $1.20 ($6,000) already pays it; "
                                                  "the largest forced sale of Red allowed is 5,000 (S-6)"));
    u.Play("Bob: sell B 5k");  // 5,000 x $2.35 = $11,750: $750 to the bank, $11,000 to Bob
    CHECK(u.State().pending.empty());
    CHECK(u.Cash("Bob") == 11000);
}

TEST_CASE("S-6 / D-6: the Roll Back odd lot owed by a player with no cash is pending until a forced sale pays it") {
    Table t("game players=Ann,Bob");
    // market-1 DDDU and market-2 DUUD alternate to move only Yellow (-2v a pair).
    t.Play(kBobCashlessLab);
    t.Play("roll 1 2 1 @market-3\nend");  // Ann, UUUU 1: Y 2.05 B 2.05 R 1.05 G 1.05
    t.Play("roll 1 2 1 @brada");          // Bob, DUUD 1: Y 2.00 B 2.10 R 1.10 G 1.00
    t.Play("buy Y 15k");                  // 15,000 x $2.00 = $30,000; Y 2.15
    t.Play("buy R bond 70k");             // $70,000: Bob's cash 100,000 - 30,000 - 70,000 = 0
    t.Play("end");                        // -> Ann
    REQUIRE(t.Cash("Bob") == 0);
    for (int i = 0; i < 3; ++i) t.Play("roll 1 1 3 @market-1\nend\nroll 1 1 3 @market-2\nend");  // Y 1.25
    t.Play("roll 1 1 3 @market-1\nend");  // Y 1.10 B 1.95 R 0.95 G 1.15
    CHECK(t.Price(Company::Yellow) == 110);
    t.Play("roll 1 2 3 @market-2");  // DUUD 3: Yellow passes $1.00: Roll Back
    // Bob: 15,000 -> keeps 10,000, returns 5,000, owes 2,500 x $2.00 = $5,000 with $0 in cash.
    CHECK(t.Player("Bob").common[Company::Yellow] == 10000);
    CHECK(t.Cash("Bob") == 0);
    REQUIRE(t.State().pending.size() == 1);
    CHECK(Dollars(t.State().pending.front().amount) == 5000);
    CHECK(t.State().pending.front().rule == "D-6");
    CHECK(t.LastSaid("Bob is short of cash and still owes the bank $5,000 for the Roll Back odd lot "
                     "(2,500 Yellow x $2.00 = $5,000)"));
    CHECK(CountKind(t.LastEffects(), EffectKind::Obligation) == 1);
    t.Reject("end", "S-6");
    // S-6: bonds too go no further than the debt: $10,000 at face already pays $5,000.
    CHECK(Has(t.Reject("Bob: sell R bond 20k", "S-6"),
              "Bob owes $5,000: selling $10,000 of Red debentures at face ($10,000) already pays it; the largest forced "
              "sale of Red debentures allowed is $10,000 (S-6)"));
    // $10,000 of Red debentures at face: $5,000 to the bank, $5,000 to Bob; no promotion.
    t.Play("Bob: sell R bond 10k");
    CHECK(t.Cash("Bob") == 5000);
    CHECK(t.State().pending.empty());
    CHECK(t.Player("Bob").bonds[Company::Red] == 60000);
    t.Play("end");
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

TEST_CASE("S-6: a debtor who has sold everything and still owes is written off by the bank") {
    Table t("game players=Ann,Bob");
    // Phase 1 moves only Red down (market-1 UDDU / market-2 DUDD), phase 2 only Yellow up
    // (market-3 UUDD / market-4 UDUU).
    t.Play(R"(board @ioco trend=UUDD ask=BRG
board @market-1 trend=UDDU bid=YBRG
board @market-2 trend=DUDD bid=YBRG
board @market-3 trend=UUDD bid=YBRG
board @market-4 trend=UDUU bid=YBRG)");
    t.Play("roll 1 2 1 @market-4\nend");  // Ann, UDUU 1: Y 2.05 B 1.95 R 1.05 G 1.05
    t.Play("roll 1 1 1 @market-3");       // Bob, UUDD 1: Y 2.10 B 2.00 R 1.00 G 1.00
    t.Play("short Y 20k");                // 20,000 x $2.10 = $42,000 to margin; Y 1.90
    t.Play("end");
    t.Play("roll 1 2 1 @ioco");  // UUDD 1: Y 1.95 B 2.05 R 0.95 G 0.95
    t.Play("buy B 5k");          // 5,000 x $2.05 = $10,250; B 2.10
    t.Play("buy R bond 80k");    // $80,000
    t.Play("buy R 5k");          // 5,000 x $0.95 = $4,750; R 1.00
    t.Play("buy R 5k");          // 5,000 x $1.00 = $5,000; R 1.05
    t.Play("end");               // -> Ann
    REQUIRE(t.Cash("Bob") == 0);  // 100,000 - 10,250 - 80,000 - 4,750 - 5,000
    // Phase 1: Red 1.05 -> 0.
    for (int i = 0; i < 3; ++i) t.Play("roll 1 1 3 @market-1\nend\nroll 1 1 3 @market-2\nend");  // R 0.15
    t.Play("roll 1 1 3 @market-1");  // UDDU 3: Y 2.10 B 1.95 R $0.15 -> $0.00: Bankruptcy, G 1.10
    CHECK(t.LastSaid("Red falls to $0.00: Bankruptcy"));
    t.Play("end");
    CHECK(t.Player("Bob").common[Company::Red] == 0);  // 10,000 Red and $80,000 debentures lost
    CHECK(t.Player("Bob").bonds[Company::Red] == 0);
    // Phase 2: Yellow 2.10 -> 3.00.
    for (int i = 0; i < 2; ++i) t.Play("roll 1 1 3 @market-4\nend\nroll 1 1 3 @market-3\nend");  // Y 2.70
    t.Play("roll 1 1 3 @market-4\nend");  // Y 2.85 B 1.80 R 1.15 G 1.25
    CHECK(t.Price(Company::Yellow) == 285);
    t.Play("roll 1 2 3 @market-3");  // UUDD 3: Yellow reaches $3.00: Split
    // Bob: 0 + 42,000 (the note) against 20,000 x $3.00 = $60,000: owes $18,000. He still holds
    //      5,000 Blue, so nothing is written off yet.
    CHECK(t.Cash("Bob") == 0);
    REQUIRE(t.State().pending.size() == 1);
    CHECK(Dollars(t.State().pending.front().amount) == 18000);
    CHECK_FALSE(t.LastSaid("writes off"));
    // 5,000 Blue x $1.95 = $9,750 to the bank: 18,000 - 9,750 = $8,250 left, and nothing to sell.
    t.Play("Bob: sell B 5k");
    CHECK(t.LastSaid("[S-6] Bob has nothing left to sell: the bank writes off the $8,250 still owed for covering "
                     "20,000 Yellow at $3.00"));
    CHECK(t.State().pending.empty());
    CHECK(rutland::StateToJson(t.State())["pending"].empty());
    CHECK(t.Cash("Bob") == 0);
    CHECK(t.Player("Bob").common[Company::Blue] == 0);
    t.Play("end");  // play resumes
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

// Regression: cash a debtor receives later in the same event pays the obligation. In a Roll Back
// each holder's odd lot is charged first and the shorts are covered after; a player with $0 who
// is both long (odd half) and short owes $5,000, then gets $11,000 back from his note. S-6 makes
// a player sell only when "short of cash", so the cash pays the debt.
TEST_CASE("S-6 / D-6: cash returned by the Roll Back cover pays the odd lot the player owes") {
    Table t("game players=Ann,Bob");
    t.Play(kBobCashlessLab);
    t.Play("roll 1 2 1 @market-3\nend");  // Ann, UUUU 1: Y 2.05 B 2.05 R 1.05 G 1.05
    t.Play("roll 1 1 1 @brada");          // Bob, DUUD 1: Y 2.00 B 2.10 R 1.10 G 1.00
    t.Play("buy Y 15k");                  // 15,000 x $2.00 = $30,000; Y 2.15
    t.Play("buy R bond 70k");             // cash 0
    t.Play("end");                        // doubles: Bob again
    t.Play("roll 1 2 1 @market-1");       // DDDU 1: Y 2.10 B 2.05 R 1.05 G 1.05
    // 10,000 x $2.10 = $21,000; margin: 15,000 x $2.10 + 70,000 = $101,500 >= 2 x 21,000.
    t.Play("short Y 10k");  // Y 2.00
    t.Play("end");          // -> Ann
    for (int i = 0; i < 3; ++i) t.Play("roll 1 1 3 @market-1\nend\nroll 1 1 3 @market-2\nend");  // Y 1.10
    REQUIRE(t.Price(Company::Yellow) == 110);
    t.Play("roll 1 2 3 @market-1");  // DDDU 3: Roll Back
    // Bob: odd lot 2,500 x $2.00 = $5,000 owed with $0; then the cover: takes back $21,000, pays
    //      10,000 x $1.00 = $10,000, leaving $11,000, out of which the $5,000 is paid: $6,000.
    CHECK(t.Player("Bob").common[Company::Yellow] == 10000);
    CHECK(t.State().pending.empty());
    CHECK(t.Cash("Bob") == 6000);
    t.Play("end");
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}

// Regression: a Market Open that first calls a short (Yellow Split, the player owes) and then
// bankrupts Red (the player's last assets go back unpaid) must not leave an obligation that
// nothing can pay: every command would be rejected citing S-6 and the game would be stuck.
TEST_CASE("S-6 / M-6: a Bankruptcy that takes the debtor's last assets writes off the rest") {
    Table t("game players=Ann,Bob");
    // market-3 UUDD / market-4 UDDU: Yellow up and Red down together, Blue and Green cancel.
    t.Play(R"(board @ioco trend=UUDD ask=BRG
board @market-3 trend=UUDD bid=YBRG
board @market-4 trend=UDDU bid=YBRG)");
    t.Play("roll 1 2 1 @market-4\nend");  // Ann, UDDU 1: Y 2.05 B 1.95 R 0.95 G 1.05
    t.Play("roll 1 1 1 @market-3");       // Bob, UUDD 1: Y 2.10 B 2.00 R 0.90 G 1.00
    t.Play("short Y 20k");                // 20,000 x $2.10 = $42,000 to margin; Y 1.90
    t.Play("end");
    t.Play("roll 1 2 1 @ioco");  // UUDD 1: Y 1.95 B 2.05 R 0.85 G 0.95
    t.Play("buy R bond 80k");    // $80,000
    t.Play("buy R 20k");         // 20,000 x $0.85 = $17,000; R 1.05; cash 100,000 - 97,000 = 3,000
    t.Play("end");               // -> Ann
    for (int i = 0; i < 3; ++i) t.Play("roll 1 1 3 @market-3\nend\nroll 1 1 3 @market-4\nend");
    REQUIRE(t.Price(Company::Yellow) == 285);  // 1.95 + 6 x 0.15
    REQUIRE(t.Price(Company::Red) == 15);      // 1.05 - 6 x 0.15
    t.Play("roll 1 2 3 @market-3");  // UUDD 3: Yellow Split, then Red Bankruptcy
    // Split: Bob 3,000 + 42,000 against $60,000: owes $15,000 (he still holds Red then).
    // Bankruptcy: his 20,000 Red and $80,000 debentures go back unpaid; nothing left to sell, so
    // the bank writes off the $15,000.
    CHECK(t.Cash("Bob") == 0);
    CHECK(t.LastSaid("Bob has nothing left to sell: the bank writes off the $15,000"));
    CHECK(t.State().pending.empty());
    t.Play("end");
    CHECK(rutland::CheckConservation(t.State()) == std::nullopt);
}
