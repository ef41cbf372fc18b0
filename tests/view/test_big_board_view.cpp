// The Big Board's view model on real games: the rungs and the calculator column, the markers, the
// last moves (market events included), delistings and the volatility die.
#include <doctest/doctest.h>

#include "big_board_view.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::FindEntry;
using rutland::testing::PlayScript;

namespace {

const Ladder& L(const BigBoard& b, Company c) { return b.ladders[static_cast<size_t>(Index(c))]; }

} // namespace

TEST_CASE("the big board after the demo: 41 rungs, the calculator, the markers (D-1, U-3)") {
    auto t = PlayScript("assets/demo/first-game.txt");
    const BigBoard b = MakeBigBoard(t->State(), t->Log(), std::nullopt);

    REQUIRE(b.rows.size() == 41);
    CHECK(b.rows[0].left_price == "$1.00");
    CHECK(b.rows[0].left_mark == "Roll Back");
    CHECK(b.rows[0].right_price == "$0.00");
    CHECK(b.rows[0].right_mark == "Bankruptcy");
    CHECK(b.rows[0].right_lot == "$0");
    CHECK(b.rows[20].left_price == "$2.00");
    CHECK(b.rows[20].left_mark == "Issue");
    CHECK(b.rows[20].right_price == "$1.00");
    CHECK(b.rows[20].right_mark == "Issue");
    CHECK(b.rows[40].left_price == "$3.00");
    CHECK(b.rows[40].left_mark == "Split");
    CHECK(b.rows[40].right_price == "$2.00");
    CHECK(b.rows[40].right_mark == "Split");
    CHECK(b.rows[40].left_lot == "$15,000");
    // The manual's calculator: 5,000 shares at $2.10 are worth $10,500; at $0.45, $2,250.
    CHECK(b.rows[22].left_price == "$2.10");
    CHECK(b.rows[22].left_lot == "$10,500");
    CHECK(b.rows[9].right_price == "$0.45");
    CHECK(b.rows[9].right_lot == "$2,250");
    CHECK(b.rows[21].left_mark.empty());

    // Yellow and Blue share a ladder's levels, as do Red and Green: one row holds a rung of each.
    for (Company c : kCompanies) {
        const Ladder& l = L(b, c);
        const LadderRung& row = b.rows[static_cast<size_t>(l.Step())];
        CHECK((c == Company::Yellow || c == Company::Blue ? row.left_ticks : row.right_ticks) == l.ticks);
        CHECK(l.split_ticks - l.floor_ticks == 40);
        CHECK(l.listed);
    }

    const Ladder& blue = L(b, Company::Blue);
    CHECK(blue.price == "$2.80");
    CHECK(blue.Step() == 36);
    CHECK(blue.lot_value == "$14,000");
    CHECK(blue.floor_name == "Roll Back");
    // Dee's roll at Shasta moved Blue down 2 ticks: the last move, with its entry.
    CHECK(blue.last.entry == 36);
    CHECK(blue.last.line == "roll 2 3 2");
    CHECK(blue.last.from_ticks == 58);
    CHECK(blue.last.to_ticks == 56);
    CHECK(blue.last.text == "down $0.10 from $2.90");
    CHECK(blue.last.brief == "\u2193 $0.10");
    // Green's last move is Dee's cover after that roll.
    const Ladder& green = L(b, Company::Green);
    CHECK(green.price == "$0.80");
    CHECK(green.floor_name == "Bankruptcy");
    CHECK(green.last.entry == 37);
    CHECK(green.last.text == "up $0.10 from $0.70");
    CHECK(L(b, Company::Yellow).price == "$2.25");
    CHECK(L(b, Company::Red).price == "$0.95");

    CHECK_FALSE(b.high_volatility);
    CHECK(b.die_max == 3);
    CHECK(b.volatility.find("yellow die") != std::string::npos);
    CHECK(b.volatility_brief == "Normal volatility: yellow die 1\u20133");
}

TEST_CASE("time travel: the board's last moves come from the commands in effect then") {
    auto t = PlayScript("assets/demo/first-game.txt");
    const Ledger& l = t->Log();
    const int seq = 33;  // Cy's roll to Brada: Blue $2.85 -> $2.90
    const BigBoard b = MakeBigBoard(l.StateAt(seq), l, seq);
    CHECK(L(b, Company::Blue).price == "$2.90");
    CHECK(L(b, Company::Blue).last.entry == 33);
    CHECK(L(b, Company::Blue).last.text == "up $0.05 from $2.85");
}

TEST_CASE("undone entries are not in effect: the last move skips them") {
    auto t = PlayScript("assets/demo/first-game.txt");
    t->Play("roll 1 2 3");
    const int roll = t->Log().Size() - 1;
    CHECK(MakeBigBoard(t->State(), t->Log(), std::nullopt).ladders[1].last.entry == roll);
    t->Play("undo");
    CHECK(t->Log().InEffectAt(t->Log().Size() - 1) == t->Log().InEffect());
    CHECK(t->Log().InEffectAt(roll).back() == roll);
    CHECK(t->Log().InEffectAt(roll + 1).back() == roll - 1);
    const BigBoard b = MakeBigBoard(t->State(), t->Log(), std::nullopt);
    CHECK(L(b, Company::Blue).last.entry == 36);
    CHECK(L(b, Company::Blue).price == "$2.80");
    t->Play("redo");
    CHECK(t->Log().InEffectAt(t->Log().Size() - 1).back() == roll);
    CHECK(MakeBigBoard(t->State(), t->Log(), std::nullopt).ladders[1].last.entry == roll);
}

TEST_CASE("full game: the split, the roll back, the bankruptcy and the delisting on the board (M-4..M-7, D-9)") {
    auto t = PlayScript("tests/games/full-game.txt");
    const Ledger& l = t->Log();
    auto at = [&](int seq) { return MakeBigBoard(l.StateAt(seq), l, seq); };

    SUBCASE("M-4: Blue splits at entry 83, from $2.90 up to $3.00, back to Issue") {
        REQUIRE(l.At(83).line == "roll 1 3 2");
        const BigBoard b = at(85);
        const Ladder& blue = L(b, Company::Blue);
        CHECK(blue.price == "$2.00");
        CHECK(blue.last.entry == 83);
        CHECK(blue.last.event == "Split");
        CHECK(blue.last.event_rule == "M-4");
        CHECK(blue.last.event_ticks == 60);
        CHECK(blue.last.from_ticks == 58);
        CHECK(blue.last.to_ticks == 40);
        CHECK(blue.last.text == "from $2.90: Split at $3.00, back to Issue $2.00");
        CHECK(blue.last.brief == "Split");
    }
    SUBCASE("M-5: Yellow rolls back at entry 90") {
        REQUIRE(l.At(90).line == "roll 1 2 3");
        const BigBoard b = at(90);
        const Ladder& yellow = L(b, Company::Yellow);
        CHECK(yellow.price == "$2.00");
        CHECK(yellow.last.event == "Roll Back");
        CHECK(yellow.last.event_ticks == 20);
        CHECK(yellow.last.text == "from $1.10: Roll Back at $1.00, back to Issue $2.00");
    }
    SUBCASE("M-6: Red goes bankrupt at entry 168") {
        REQUIRE(l.At(168).line == "roll 3 4 1");
        const BigBoard b = at(168);
        const Ladder& red = L(b, Company::Red);
        CHECK(red.price == "$1.00");
        CHECK(red.last.event == "Bankruptcy");
        CHECK(red.last.event_ticks == 0);
        CHECK(red.last.text == "from $0.05: Bankruptcy at $0.00, back to Issue $1.00");
    }
    SUBCASE("M-7: Green delisted from entry 72 to the year end, D-9: listed again at Issue") {
        const BigBoard during = at(100);
        const Ladder& green = L(during, Company::Green);
        CHECK_FALSE(green.listed);
        CHECK(green.price == "$1.80");
        CHECK(green.status.find("M-7") != std::string::npos);
        CHECK(L(during, Company::Blue).listed);
        const BigBoard after = at(134);
        const Ladder& back = L(after, Company::Green);
        CHECK(back.listed);
        CHECK(back.status.empty());
        CHECK(back.price == "$1.00");
        CHECK(back.last.entry == 134);
        CHECK(back.last.event == "Listed again");
        CHECK(back.last.text == "listed again at Issue $1.00 (was $1.80)");
    }
    SUBCASE("the red die while volatility is high (D-5)") {
        const int card = FindEntry(l, "time card=T-04 high-vol");
        REQUIRE(card > 0);
        CHECK_FALSE(at(card - 1).high_volatility);
        const BigBoard high = at(card);
        CHECK(high.high_volatility);
        CHECK(high.die_max == 6);
        CHECK(high.volatility.find("red die") != std::string::npos);
        CHECK_FALSE(at(55).high_volatility);  // Y-5: the new year brings the yellow die back
    }
    SUBCASE("now: the final prices") {
        const BigBoard b = MakeBigBoard(t->State(), l, std::nullopt);
        CHECK(L(b, Company::Yellow).price == "$2.35");
        CHECK(L(b, Company::Blue).price == "$1.95");
        CHECK(L(b, Company::Red).price == "$1.40");
        CHECK(L(b, Company::Green).price == "$1.00");
        CHECK(L(b, Company::Green).lot_value == "$5,000");
    }
}
