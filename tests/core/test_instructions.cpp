// The broker's instructions: bills (D-18), certificates (U-3), notes, markers, rings and
// pawns, read off the effects of accepted lines. Expected sentences are written out in full, the
// way the table would hear them; amounts are worked by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "report/instructions.h"
#include "bbr_names.h"
#include "table_fixture.h"

using rutland::Breakdown;
using rutland::Company;
using rutland::Money;
using rutland::Pieces;
using rutland::testing::Table;

namespace {

std::vector<std::string> Instructions(const Table& t) { return rutland::BrokerInstructions(t.LastEffects(), t.State()); }

std::string Joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& line : lines) out += "\n    " + line;
    return out;
}

bool Says(const std::vector<std::string>& lines, std::string_view line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

#define CHECK_SAYS(lines, line) CHECK_MESSAGE(Says(lines, line), "missing: ", line, "\nsaid:", Joined(lines))

// The fewest pieces for every multiple of `step` up to `limit`, by dynamic programming over all
// ways to make each amount: the brute force that greedy must match.
std::vector<int64_t> FewestByBruteForce(int64_t limit, int64_t step, std::span<const int64_t> sizes) {
    const int64_t none = std::numeric_limits<int64_t>::max();
    std::vector<int64_t> best(static_cast<size_t>(limit / step) + 1, none);
    best[0] = 0;
    for (size_t k = 1; k < best.size(); ++k)
        for (int64_t size : sizes) {
            const int64_t units = size / step;
            if (units <= static_cast<int64_t>(k) && best[k - static_cast<size_t>(units)] != none)
                best[k] = std::min(best[k], best[k - static_cast<size_t>(units)] + 1);
        }
    return best;
}

int64_t Sum(const Breakdown& b) {
    int64_t total = b.rest;
    for (const Pieces& p : b.pieces) total += p.size * p.count;
    return total;
}

// Market 2, Market 1, Market 2... with the volatility die on 3, each turn ended: with arrows that
// agree for one company and disagree for the others, only that company moves, 3 ticks a turn.
void AlternateMarkets(Table& t, int turns) {
    for (int i = 0; i < turns; ++i) t.Play(i % 2 == 0 ? "roll 1 2 3 @market-2\nend" : "roll 1 2 3 @market-1\nend");
}

// The demo game, line by line: each command line with what the table does for it.
std::vector<std::pair<std::string, std::vector<std::string>>> PlayDemo() {
    std::ifstream in(std::filesystem::path(RUTLAND_SOURCE_DIR) / "assets" / "demo" / "first-game.txt");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    size_t header = 0;
    while (header < lines.size() && rutland::ParseCommand(lines[header]).command == std::nullopt) ++header;
    REQUIRE(header < lines.size());
    Table t(lines[header]);
    std::vector<std::pair<std::string, std::vector<std::string>>> out = {{"game", Instructions(t)}};
    for (size_t i = header + 1; i < lines.size(); ++i) {
        const int before = t.Log().Size();
        t.Play(lines[i]);
        if (t.Log().Size() == before) continue;  // a comment or a blank line
        std::string command = lines[i].substr(0, lines[i].find('#'));
        while (!command.empty() && command.back() == ' ') command.pop_back();
        out.emplace_back(command, Instructions(t));
    }
    return out;
}

// What the table does for the first demo line that reads `command`.
std::vector<std::string> DemoLine(const std::vector<std::pair<std::string, std::vector<std::string>>>& demo,
                                  std::string_view command) {
    for (const auto& [line, said] : demo)
        if (line == command) return said;
    FAIL("no demo line reads ", std::string(command));
    return {};
}

} // namespace

// =============================================================================================
// Bills (D-18) and certificates (U-3)
// =============================================================================================

TEST_CASE("U-4 / D-18: $25,000 is 2 x $10,000 + 1 x $5,000") {
    const Breakdown b = rutland::FewestBills(Money::Dollars(25000));
    CHECK(b.pieces == std::vector<Pieces>{{1000000, 2}, {500000, 1}});
    CHECK(b.rest == 0);
    CHECK(b.Count() == 3);
    CHECK(rutland::BillsText(b) == "2 x $10,000 + 1 x $5,000");
}

TEST_CASE("D-18: $7,550 is $5,000 + 2 x $1,000 + $500 + $50") {
    const Breakdown b = rutland::FewestBills(Money::Dollars(7550));
    CHECK(b.pieces == std::vector<Pieces>{{500000, 1}, {100000, 2}, {50000, 1}, {5000, 1}});
    CHECK(rutland::BillsText(b) == "1 x $5,000 + 2 x $1,000 + 1 x $500 + 1 x $50");
}

TEST_CASE("D-18 / U-1: what no bill covers is said, not dropped") {
    // 2,500 shares x $2.05 = $5,125: the tray makes $5,100 and $25 is left over.
    const Breakdown odd = rutland::FewestBills(rutland::ValueAt(2500, 41));
    CHECK(odd.pieces == std::vector<Pieces>{{500000, 1}, {10000, 1}});
    CHECK(odd.rest == 2500);
    CHECK(rutland::BillsText(odd) == "1 x $5,000 + 1 x $100, and $25 in change the tray cannot make: round by agreement");
    // Cents (U-1) as well as dollars under $50.
    CHECK(rutland::BillsText(rutland::FewestBills(Money::Cents(255025))) ==
          "2 x $1,000 + 1 x $500 + 1 x $50, and $0.25 in change the tray cannot make: round by agreement");
    CHECK(rutland::BillsText(rutland::FewestBills(Money::Dollars(25))) ==
          "$25 in change the tray cannot make: round by agreement");
    CHECK(rutland::BillsText(rutland::FewestBills(Money())) == "no bills");
}

TEST_CASE("D-18: greedy gives the fewest bills for every amount up to $30,000 in $50 steps (brute force)") {
    const std::array<int64_t, 6> bills = {1000000, 500000, 100000, 50000, 10000, 5000};
    const std::vector<int64_t> best = FewestByBruteForce(3000000, 5000, bills);
    for (size_t k = 0; k < best.size(); ++k) {
        const Money amount = Money::Cents(static_cast<int64_t>(k) * 5000);
        const Breakdown greedy = rutland::FewestBills(amount);
        CAPTURE(rutland::FormatMoney(amount));
        CHECK(greedy.rest == 0);
        CHECK(Sum(greedy) == amount.cents());
        CHECK(greedy.Count() == best[k]);
    }
}

TEST_CASE("U-3: share certificates are 10,000s first, then one 5,000; bonds and debentures $10,000 each") {
    CHECK(rutland::FewestShareCertificates(20000).pieces == std::vector<Pieces>{{10000, 2}});
    CHECK(rutland::FewestShareCertificates(15000).pieces == std::vector<Pieces>{{10000, 1}, {5000, 1}});
    CHECK(rutland::FewestShareCertificates(5000).pieces == std::vector<Pieces>{{5000, 1}});
    const Breakdown odd = rutland::FewestShareCertificates(7500);  // not a board lot: said, not dropped
    CHECK(odd.pieces == std::vector<Pieces>{{5000, 1}});
    CHECK(odd.rest == 2500);
    CHECK(rutland::FewestBondCertificates(30000).pieces == std::vector<Pieces>{{10000, 3}});

    const std::array<int64_t, 2> shares = {10000, 5000};
    const std::vector<int64_t> best = FewestByBruteForce(320000, 5000, shares);
    for (size_t k = 0; k < best.size(); ++k) {
        const Breakdown greedy = rutland::FewestShareCertificates(static_cast<int64_t>(k) * 5000);
        CHECK(greedy.rest == 0);
        CHECK(greedy.Count() == best[k]);
    }
}

// =============================================================================================
// The demo game (assets/demo/first-game.txt)
// =============================================================================================

TEST_CASE("G-1 / B-1 / B-2 / B-3 / B-4 / S-1 / S-4 / S-5: the demo game's lines, as the table does them") {
    const auto demo = PlayDemo();

    const auto start = DemoLine(demo, "game");
    CHECK(start.size() == 4);
    CHECK_SAYS(start, "the broker pays Ann $100,000: 10 x $10,000");
    CHECK_SAYS(start, "the broker pays Dee $100,000: 10 x $10,000");

    const auto roll = DemoLine(demo, "roll 3 4 2");
    CHECK_SAYS(roll, "move Ann's pawn to Colfax");
    CHECK_SAYS(roll, "move the Yellow marker from $2.00 to $2.10");
    CHECK_SAYS(roll, "move the Red marker from $1.00 to $0.90");
    CHECK_SAYS(roll, "Ann records the Colfax proxy (Yellow) on Ann's proxy sheet");

    // 20,000 x $2.10 = $42,000; two 10,000 certificates; promotion 4 ticks.
    const auto buy = DemoLine(demo, "buy Y 20k");
    CHECK_SAYS(buy, "Ann pays the broker $42,000: 4 x $10,000 + 2 x $1,000");
    CHECK_SAYS(buy, "the broker gives Ann 2 x 10,000 Yellow certificates (20,000 shares) from the tray");
    CHECK_SAYS(buy, "move the Yellow marker from $2.10 to $2.30");
    CHECK(buy.back() == "move the Yellow marker from $2.10 to $2.30");  // the cash and paper first

    const auto pref = DemoLine(demo, "buy Y pref 10k");  // 10,000 x $2.25
    CHECK_SAYS(pref, "Bob pays the broker $22,500: 2 x $10,000 + 2 x $1,000 + 1 x $500");
    CHECK_SAYS(pref, "the broker gives Bob 1 x 10,000 Yellow preferred certificate from the tray");

    const auto ring = DemoLine(demo, "dir B");
    CHECK(ring == std::vector<std::string>{"Cy pays the broker $500: 1 x $500",
                                           "Cy puts 1 Blue ring on Cy's pawn (1 Blue ring in all)"});

    // 10,000 x $0.70 = $7,000 into the margin account with Dee's note.
    const auto shorted = DemoLine(demo, "short G 10k");
    CHECK_SAYS(shorted, "the broker puts $7,000 into Green's margin account: 1 x $5,000 + 2 x $1,000");
    CHECK_SAYS(shorted, "Dee writes a note 'Dee, 10,000 Green'; the broker clips it to the cash in Green's margin account");
    CHECK_SAYS(shorted, "move the Green marker from $0.70 to $0.60");

    const auto debenture = DemoLine(demo, "buy G bond 10k");
    CHECK_SAYS(debenture, "Dee pays the broker $10,000: 1 x $10,000");
    CHECK_SAYS(debenture, "the broker gives Dee 1 x $10,000 Green debenture certificate from the tray");

    const auto sold = DemoLine(demo, "sell Y pref 10k");  // 10,000 x $2.05
    CHECK_SAYS(sold, "Bob hands 1 x 10,000 Yellow preferred certificate to the broker for the tray");
    CHECK_SAYS(sold, "the broker pays Bob $20,500: 2 x $10,000 + 1 x $500");

    const auto blue_pref = DemoLine(demo, "buy B pref 5k");
    CHECK_SAYS(blue_pref, "the broker gives Bob 1 x 5,000 Blue preferred certificate from the tray");

    // 15,000 x $0.45 = $6,750: a 10,000 and a 5,000 certificate; six bills.
    const auto green = DemoLine(demo, "buy G 15k");
    CHECK_SAYS(green, "Cy pays the broker $6,750: 1 x $5,000 + 1 x $1,000 + 1 x $500 + 2 x $100 + 1 x $50");
    CHECK_SAYS(green, "the broker gives Cy 1 x 10,000 + 1 x 5,000 Green certificates (15,000 shares) from the tray");

    // The $7,000 held comes back out of the margin account; 10,000 x $0.70 is paid to the bank.
    const auto cover = DemoLine(demo, "cover G 10k");
    CHECK_SAYS(cover, "the broker takes $7,000 out of Green's margin account and gives it to Dee: 1 x $5,000 + 2 x $1,000");
    CHECK_SAYS(cover, "Dee takes back the notes for 10,000 Green from Green's margin account");
    CHECK_SAYS(cover, "Dee pays the broker $7,000: 1 x $5,000 + 2 x $1,000");

    // Lines with nothing physical to move pass their words through.
    CHECK_SAYS(DemoLine(demo, "end"), "Ann ends the turn; Bob is next");
    CHECK_SAYS(DemoLine(demo, "board @colfax ask=YBR"),
               "board corrected from the physical board at Colfax: Ask YBR (as provisional) now verified");
}

// =============================================================================================
// Market events, rings, escrow, notes
// =============================================================================================

TEST_CASE("G-3 / M-4 Split: the SEC guy announces it, the marker goes back to Issue, the broker pays holders and the "
          "short seller's notes come back") {
    Table t("game players=Ann,Bob sec=Bob");
    t.Play(R"(board @brada trend=UUUU ask=YBR
board @market-1 trend=UUUU bid=YBRG
roll 1 2 3 @brada
buy Y 20k
end
roll 1 2 3 @market-1
short Y 10k
end
roll 1 2 3 @market-1
end
roll 1 2 3 @market-1
end)");
    // Y: 2.15, buy 20k -> 2.35; 2.50, short 10,000 at $2.50 = $25,000 -> 2.40; 2.55; 2.70.
    REQUIRE(t.Price(Company::Yellow) == 270);
    t.Play("roll 1 2 3 @market-1");  // 2.85
    t.Play("end");
    t.Play("roll 1 2 3 @market-1");  // 3.00: Split
    const auto said = Instructions(t);
    CHECK_SAYS(said, "move the Yellow marker from $2.85 to $3.00");
    CHECK_SAYS(said, "the SEC guy (Bob) announces: Yellow reaches its Split level $3.00: Split");
    CHECK_SAYS(said, "move the Yellow marker from $3.00 back to Issue, $2.00");
    CHECK_SAYS(said, "the broker pays Ann $20,000: 2 x $10,000");  // $1 a share on 20,000
    CHECK_SAYS(said, "the broker takes $25,000 out of Yellow's margin account and gives it to Bob: 2 x $10,000 + 1 x $5,000");
    CHECK_SAYS(said, "Bob takes back the notes for 10,000 Yellow from Yellow's margin account");
    CHECK_SAYS(said, "Bob pays the broker $30,000: 3 x $10,000");  // 10,000 x $3.00
}

TEST_CASE("M-5 Roll Back: half the common goes back to the tray, the odd lot is paid, shorts are covered at $1.00") {
    Table t("game players=Ann,Bob");
    // Market 1 and Market 2 both take Yellow down and cancel each other for the rest.
    t.Play(R"(board @brada trend=DUUD ask=YBR
board @market-1 trend=DUUD bid=YBRG
board @market-2 trend=DDDU bid=YBRG
roll 1 2 1 @brada
buy Y 15k
end
roll 1 2 1 @market-1
short Y 10k
end)");
    // Y 1.95, buy 15k -> 2.10; 2.05, short 10,000 at $2.05 = $20,500 -> 1.95.
    AlternateMarkets(t, 6);
    REQUIRE(t.Price(Company::Yellow) == 105);
    t.Play("roll 1 2 1 @market-2");  // 1.00: Roll Back
    const auto said = Instructions(t);
    CHECK_SAYS(said, "the SEC guy announces: Yellow falls to its Roll Back level $1.00: Roll Back");
    CHECK_SAYS(said, "move the Yellow marker from $1.00 back to Issue, $2.00");
    // 15,000 halves to 7,500, kept as 10,000: 5,000 back, and 2,500 x $2.00 = $5,000 (D-6).
    CHECK_SAYS(said, "Ann hands 1 x 5,000 Yellow certificate to the broker for the tray");
    CHECK_SAYS(said, "Ann pays the broker $5,000: 1 x $5,000");
    CHECK_SAYS(said, "the broker takes $20,500 out of Yellow's margin account and gives it to Bob: 2 x $10,000 + 1 x $500");
    CHECK_SAYS(said, "Bob pays the broker $10,000: 1 x $10,000");  // 10,000 x $1.00 (D-7)
}

TEST_CASE("M-6 Bankruptcy: common and debentures go back unpaid, the short seller collects the margin account") {
    Table t("game players=Ann,Bob");
    // Market 1 and Market 2 both take Green down and cancel each other for the rest.
    t.Play(R"(board @ioco trend=UDUD ask=BRG
board @market-1 trend=UDUD bid=YBRG
board @market-2 trend=DUDD bid=YBRG
roll 1 2 1 @ioco
buy G 10k
buy G bond 10k
end
roll 1 2 1 @market-1
short G 10k
end)");
    // G 0.95, buy 10k -> 1.05; 1.00, short 10,000 at $1.00 = $10,000 -> 0.90.
    AlternateMarkets(t, 5);
    REQUIRE(t.Price(Company::Green) == 15);
    t.Play("roll 1 2 3 @market-1");  // 0.00: Bankruptcy
    const auto said = Instructions(t);
    CHECK_SAYS(said, "the SEC guy announces: Green falls to $0.00: Bankruptcy");
    CHECK_SAYS(said, "Ann hands 1 x 10,000 Green certificate to the broker for the tray");
    CHECK_SAYS(said, "Ann hands 1 x $10,000 Green debenture certificate to the broker for the tray");
    CHECK_SAYS(said, "the broker takes $10,000 out of Green's margin account and gives it to Bob: 1 x $10,000");
    CHECK(said.back() == "move the Green marker from $0.00 back to Issue, $1.00");
}

TEST_CASE("S-3: a forfeited directorship's ring comes off the pawn") {
    Table t("game players=Ann,Bob");
    t.Play(R"(board @market-1 trend=UUUU bid=YBRG
roll 1 1 2 @fulwell
buy B 20k
buy B 20k
dir B
end
roll 1 2 1 @market-1)");
    REQUIRE(t.Player("Ann").directorships[Company::Blue] == 1);
    t.Play("sell B 5k");  // 35,000 Blue back no directorship
    CHECK_SAYS(Instructions(t), "Ann takes 1 Blue ring off Ann's pawn and returns it to the broker (no Blue ring left)");
}

TEST_CASE("E-2: the sixth proxy puts the player on the company's escrow pawn") {
    Table t("game players=Ann,Bob");
    t.Play("roll 1 1 1 @brada\nend\nroll 1 1 1 @colfax\nend\nroll 1 1 1 @matapan\nend");
    t.Play("roll 1 1 1 @oneida\nend\nroll 1 1 1 @sennok\nend");
    t.Play("roll 1 2 1 @kaptey");
    REQUIRE(t.Player("Ann").escrow == Company::Yellow);
    const auto said = Instructions(t);
    CHECK_SAYS(said, "Ann records the Kaptey proxy (Yellow) on Ann's proxy sheet");
    CHECK_SAYS(said, "Ann takes the Yellow escrow pawn from its circle in the middle of the board and plays with it "
                     "from now on, on the same space and with the same rings (the old pawn is retired)");
}

TEST_CASE("S-5: a cover that takes back one note and part of another says what the notes left must read") {
    Table t("game players=Ann,Bob");
    t.Play(R"(board @market-1 trend=UUUU bid=YBRG
board @ioco trend=UUUU ask=BRG
roll 1 1 1 @market-1
short G 10k
short G 10k
end
roll 1 2 1 @ioco)");
    // Notes: 10,000 at $1.05 ($10,500), 10,000 at $0.95 ($9,500); Green $0.90 at Ioco.
    t.Play("cover G 15k");  // 15,000 x $0.90 = $13,500; back: $10,500 + half of $9,500 = $15,250
    const auto said = Instructions(t);
    CHECK_SAYS(said, "the broker takes $15,250 out of Green's margin account and gives it to Ann: 1 x $10,000 + "
                     "1 x $5,000 + 2 x $100 + 1 x $50");
    CHECK_SAYS(said, "Ann takes back the notes for 15,000 Green from Green's margin account; the notes left there "
                     "must read 'Ann, 5,000 Green' (rewrite a note covered only in part)");
    CHECK_SAYS(said, "Ann pays the broker $13,500: 1 x $10,000 + 3 x $1,000 + 1 x $500");
}

// =============================================================================================
// Netting, odd amounts and effects the instructions do not know
// =============================================================================================

TEST_CASE("S-6: a debtor's forced sale nets the proceeds and the debt into one handover, naming both") {
    Table t("game players=Ann,Bob");
    t.Play(R"(board @brada trend=UDDD ask=YBR
board @market-1 trend=UUDU bid=YBRG
board @ioco trend=UUUD ask=BRG
roll 1 2 3 @brada
buy Y 20k
end
roll 1 1 3 @market-1
short Y 20k
end
roll 1 2 1 @ioco
buy R 20k
buy R 20k
buy R 20k
buy R 20k
buy R 5k
end)");
    // Bob: short 20,000 Yellow at $2.50 ($50,000 held); Red bought for 15,000 + 19,000 + 23,000 +
    // 27,000 + 7,750: $8,250 left.
    REQUIRE(t.Cash("Bob") == 8250);
    for (int i = 0; i < 4; ++i) t.Play("roll 1 2 3 @market-1\nend");
    t.Play("roll 1 2 3 @market-1");  // Yellow Split: Bob covers 20,000 at $3.00 = $60,000
    REQUIRE(t.State().pending.size() == 1);
    const auto split = Instructions(t);
    CHECK_SAYS(split, "Bob pays the broker $58,250: 5 x $10,000 + 1 x $5,000 + 3 x $1,000 + 2 x $100 + 1 x $50");
    // S-6: no more than the debt needs: 5,000 x $0.85 = $4,250 already pays $1,750, so 5,000 is the
    // largest forced sale of Red; of its $4,250, $1,750 pays the debt and $2,500 is Bob's.
    t.Play("Bob: sell R 5k");
    const auto sale = Instructions(t);
    CHECK_SAYS(sale, "the broker pays Bob $2,500: 2 x $1,000 + 1 x $500 (net of: the broker pays Bob $4,250; Bob pays "
                     "the broker $1,750)");
    CHECK(sale.back().rfind("the broker pays Bob $2,500", 0) == 0);  // where the last of them happened
}

TEST_CASE("instructions from hand-made effects: odd cents, cancelling payments, unknown kinds") {
    Table t("game players=Ann,Bob");
    using rutland::Account;
    using rutland::Effect;
    using rutland::EffectKind;
    auto cash = [](Account from, Account to, Money amount) {
        Effect e;
        e.kind = EffectKind::Cash;
        e.from = from;
        e.to = to;
        e.amount = amount;
        return e;
    };

    SUBCASE("2,500 shares x $2.05 = $5,125: $25 the tray cannot make") {
        const auto said = rutland::BrokerInstructions({cash(Account::Player(0), Account::Bank(), rutland::ValueAt(2500, 41))},
                                                      t.State());
        CHECK(said == std::vector<std::string>{"Ann pays the broker $5,125: 1 x $5,000 + 1 x $100, and $25 in change the "
                                               "tray cannot make: round by agreement"});
    }
    SUBCASE("payments that cancel out are said to cancel") {
        const auto said = rutland::BrokerInstructions({cash(Account::Bank(), Account::Player(1), Money::Dollars(500)),
                                                       cash(Account::Player(1), Account::Bank(), Money::Dollars(500))},
                                                      t.State());
        CHECK(said == std::vector<std::string>{"no cash changes hands between the broker and Bob: the broker pays Bob $500; "
                                               "Bob pays the broker $500 cancel out"});
    }
    SUBCASE("a player paying another, and a margin account paid into by a player") {
        const auto said = rutland::BrokerInstructions({cash(Account::Player(0), Account::Player(1), Money::Dollars(1500)),
                                                       cash(Account::Player(1), Account::Margin(Company::Red), Money::Dollars(100))},
                                                      t.State());
        CHECK(said == std::vector<std::string>{"Ann pays Bob $1,500: 1 x $1,000 + 1 x $500",
                                               "Bob puts $100 into Red's margin account: 1 x $100"});
    }
    SUBCASE("a kind the instructions do not know passes its words through; one without words is skipped") {
        Effect later;
        later.kind = static_cast<EffectKind>(200);  // a kind added to effects.h after this was written
        later.quote = "Ann keeps the call card #1";
        Effect info;
        info.kind = EffectKind::Info;
        const auto said = rutland::BrokerInstructions({later, info}, t.State());
        CHECK(said == std::vector<std::string>{"Ann keeps the call card #1"});
    }
}

// =============================================================================================
// Undo: the same steps reversed
// =============================================================================================

TEST_CASE("undo of a buy: the cash and the certificates go back and the marker returns (B-1, M-1)") {
    Table t("game players=Ann,Bob,Cy,Dee broker=Dee sec=Cy start=@market-1,@market-1,@market-1,@market-1");
    t.Play("roll 3 4 2\nbuy Y 20k");  // the demo game: Colfax, 20,000 Yellow at $2.10 = $42,000, Yellow $2.10 -> $2.30
    const auto undo = rutland::UndoInstructions(t.Log(), 1);
    // The buy's steps (test above) the other way round, the marker first: it moved last.
    CHECK(undo == std::vector<std::string>{
                      "move the Yellow marker from $2.30 to $2.10",
                      "Ann hands 2 x 10,000 Yellow certificates (20,000 shares) to the broker for the tray",
                      "the broker pays Ann $42,000: 4 x $10,000 + 2 x $1,000",
                  });
}

TEST_CASE("undo of a roll: the pawn goes back, the proxy is crossed off, the markers return and the turn is Ann's (T-1, "
          "T-2, E-1)") {
    Table t("game players=Ann,Bob,Cy,Dee broker=Dee sec=Cy start=@market-1,@market-1,@market-1,@market-1");
    t.Play("roll 3 4 2");  // Market 1 + 7 = Colfax: Yellow $2.00 -> $2.10, Red $1.00 -> $0.90 (the demo's roll)
    const auto undo = rutland::UndoInstructions(t.Log(), 1);
    CHECK_SAYS(undo, "move the Yellow marker from $2.10 to $2.00");
    CHECK_SAYS(undo, "move the Red marker from $0.90 to $1.00");
    CHECK_SAYS(undo, "move Ann's pawn back to Market 1");
    CHECK_SAYS(undo, "Ann crosses the Colfax proxy (Yellow) off Ann's proxy sheet");
    CHECK(rutland::UndoInstructions(t.Log(), 2).empty());  // only one command is in effect
}

TEST_CASE("undo 2: the newest command is reversed first; a ring comes off, the turn goes back (B-4, G-2)") {
    Table t("game players=Ann,Bob,Cy,Dee broker=Dee sec=Cy start=@market-1,@market-1,@market-1,@market-1");
    t.Play("roll 3 4 2\nend\nroll 2 1 1\nend\nroll 6 3 3 @fulwell\nbuy B 20k\nbuy B 20k\ndir B\nend");
    // Undo `end` and `dir B`: Cy's ring comes off and the $500 comes back; it is Cy's turn again.
    const auto undo = rutland::UndoInstructions(t.Log(), 2);
    CHECK(undo == std::vector<std::string>{
                      "Cy takes 1 Blue ring off Cy's pawn and returns it to the broker (no Blue ring left)",
                      "the broker pays Cy $500: 1 x $500",
                      "it is Cy's turn again",
                  });
}

TEST_CASE("M-4 undo of a Split: the marker goes back up, the payout and the short seller's cover are returned") {
    Table t("game players=Ann,Bob sec=Bob");
    t.Play(R"(board @brada trend=UUUU ask=YBR
board @market-1 trend=UUUU bid=YBRG
roll 1 2 3 @brada
buy Y 20k
end
roll 1 2 3 @market-1
short Y 10k
end
roll 1 2 3 @market-1
end
roll 1 2 3 @market-1
end
roll 1 2 3 @market-1
end
roll 1 2 3 @market-1)");
    // The Split (test above): Ann got $20,000; Bob's $25,000 came out of the margin account and he
    // paid $30,000 for the cover. Undone: the broker pays Bob his $30,000 back, Bob's note and the
    // $25,000 go back into the margin account, Ann returns her $20,000, Yellow goes $2.00 -> $3.00 -> $2.85.
    const auto undo = rutland::UndoInstructions(t.Log(), 1);
    CHECK_SAYS(undo, "the broker pays Bob $30,000: 3 x $10,000");
    CHECK_SAYS(undo, "Bob writes a note 'Bob, 10,000 Yellow'; the broker clips it to the cash in Yellow's margin account");
    CHECK_SAYS(undo, "Bob puts $25,000 into Yellow's margin account: 2 x $10,000 + 1 x $5,000");
    CHECK_SAYS(undo, "Ann pays the broker $20,000: 2 x $10,000");
    CHECK_SAYS(undo, "move the Yellow marker from $2.00 to $3.00");
    CHECK_SAYS(undo, "move the Yellow marker from $3.00 to $2.85");
    CHECK_SAYS(undo, "undone: Yellow reaches its Split level $3.00: Split (the markers, certificates and cash above put it back)");
}
