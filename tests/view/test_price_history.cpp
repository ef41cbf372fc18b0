// The price history's view model: the series read off the Price effects of the commands in
// effect, the market events marked where they happened, undone entries left out, decimation.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>

#include "long_game.h"
#include "price_history.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::FindEntry;
using rutland::testing::PlayScript;

namespace {

const PriceSeries& S(const PriceHistory& h, Company c) { return h.series[static_cast<size_t>(Index(c))]; }

std::vector<PriceMark> MarksOf(const PriceSeries& s, PriceMarkKind kind) {
    std::vector<PriceMark> out;
    for (const PriceMark& m : s.marks)
        if (m.kind == kind) out.push_back(m);
    return out;
}

} // namespace

TEST_CASE("full game: a series per company from Issue to the final price") {
    auto t = PlayScript("tests/games/full-game.txt");
    const PriceHistory h = MakePriceHistory(t->Log());
    CHECK(h.last_entry == t->Log().Size() - 1);
    CHECK(h.commands == t->Log().InEffect().size());
    for (Company c : kCompanies) {
        const PriceSeries& s = S(h, c);
        REQUIRE(s.points.size() > 40);
        CHECK(s.points.front() == PricePoint{0, GetProspectus(c).issue_ticks});
        CHECK(s.points.back().ticks == t->State().price[c]);
        CHECK(std::is_sorted(s.points.begin(), s.points.end(), [](const PricePoint& a, const PricePoint& b) { return a.entry < b.entry; }));
        for (const PricePoint& p : s.points) {
            CHECK(p.ticks >= s.floor_ticks);
            CHECK(p.ticks <= s.split_ticks);
        }
    }
    // The first roll: Yellow and Blue down 2, Red and Green up 2; then Ann's preferred buy, +2.
    CHECK(S(h, Company::Yellow).points[1] == PricePoint{1, 38});
    CHECK(S(h, Company::Yellow).points[2] == PricePoint{2, 40});
    CHECK(S(h, Company::Red).points[1] == PricePoint{1, 22});
    // The price after an entry that did not move it is the one before.
    const PriceSeries& blue = S(h, Company::Blue);
    CHECK(blue.points[static_cast<size_t>(PointAt(blue, 84))].ticks == 40);
    CHECK(PointAt(blue, 0) == 0);
}

TEST_CASE("full game: the markers where the splits, the roll back, the bankruptcy and the delisting happened") {
    auto t = PlayScript("tests/games/full-game.txt");
    const PriceHistory h = MakePriceHistory(t->Log());

    // M-4: Blue split twice, at entries 83 and 154, at $3.00; the chart touches the level and
    // comes back to Issue within the entry.
    const std::vector<PriceMark> splits = MarksOf(S(h, Company::Blue), PriceMarkKind::Split);
    REQUIRE(splits.size() == 2);
    CHECK(splits[0].entry == 83);
    CHECK(splits[1].entry == 154);
    CHECK(splits[0].ticks == 60);
    CHECK(splits[0].rule == "M-4");
    CHECK(splits[0].label == "Split");
    const PriceSeries& blue = S(h, Company::Blue);
    const auto at83 = std::find(blue.points.begin(), blue.points.end(), PricePoint{83, 60});
    REQUIRE(at83 != blue.points.end());
    CHECK(*(at83 + 1) == PricePoint{83, 40});

    // M-5: Yellow rolled back at entry 90 at $1.00.
    const std::vector<PriceMark> rollbacks = MarksOf(S(h, Company::Yellow), PriceMarkKind::RollBack);
    REQUIRE(rollbacks.size() == 1);
    CHECK(rollbacks[0].entry == 90);
    CHECK(rollbacks[0].ticks == 20);
    CHECK(rollbacks[0].rule == "M-5");

    // M-6: Red went bankrupt at entry 168 at $0.00.
    const std::vector<PriceMark> bankruptcies = MarksOf(S(h, Company::Red), PriceMarkKind::Bankruptcy);
    REQUIRE(bankruptcies.size() == 1);
    CHECK(bankruptcies[0].entry == 168);
    CHECK(bankruptcies[0].ticks == 0);

    // M-7: Green delisted at entry 72 at $1.80; D-9: listed again at the year end, entry 134.
    const PriceSeries& green = S(h, Company::Green);
    const std::vector<PriceMark> delisted = MarksOf(green, PriceMarkKind::Delisted);
    const std::vector<PriceMark> listed = MarksOf(green, PriceMarkKind::Listed);
    REQUIRE(delisted.size() == 1);
    REQUIRE(listed.size() == 1);
    CHECK(delisted[0].entry == 72);
    CHECK(delisted[0].ticks == 36);
    CHECK(delisted[0].rule == "M-7");
    CHECK(listed[0].entry == 134);
    CHECK(listed[0].rule == "D-9");
    REQUIRE(green.delisted.size() == 1);
    CHECK(green.delisted[0].from == 72);
    CHECK(green.delisted[0].to == 134);
    // Frozen: no Green point between the delisting and the return.
    for (const PricePoint& p : green.points) CHECK_FALSE((p.entry > 72 && p.entry < 134));
    CHECK(S(h, Company::Yellow).marks.size() == 1);
    CHECK(S(h, Company::Red).marks.size() == 1);

    // The years (Y-5) and the red die's stretches (a Time card, T-2, to the year end).
    REQUIRE(h.years.size() == 4);
    CHECK(h.years[1] == std::pair<int, int>{55, 2});
    CHECK(h.years[2] == std::pair<int, int>{134, 3});
    CHECK(h.years[3] == std::pair<int, int>{196, 4});
    REQUIRE(h.high_volatility.size() == 3);
    CHECK(h.high_volatility[0].from == FindEntry(t->Log(), "time card=T-04 high-vol"));
    CHECK(h.high_volatility[0].to == 55);
    CHECK(h.high_volatility[2].to == 196);
}

TEST_CASE("undone entries leave no point; redone ones come back") {
    auto t = PlayScript("assets/demo/first-game.txt");
    const PriceHistory before = MakePriceHistory(t->Log());
    t->Play("roll 1 2 3");
    const int roll = t->Log().Size() - 1;
    const PriceHistory rolled = MakePriceHistory(t->Log());
    CHECK(S(rolled, Company::Blue).points.back().entry == roll);
    t->Play("undo");
    const PriceHistory undone = MakePriceHistory(t->Log());
    for (Company c : kCompanies) CHECK(S(undone, c).points == S(before, c).points);
    CHECK(undone.last_entry == roll + 1);
    t->Play("redo");
    const PriceHistory redone = MakePriceHistory(t->Log());
    for (Company c : kCompanies) CHECK(S(redone, c).points == S(rolled, c).points);
}

TEST_CASE("decimation keeps every column's first, lowest, highest and last point") {
    std::vector<PricePoint> points;
    for (int i = 0; i < 10000; ++i) points.push_back({i, 20 + (i * 7919) % 41});
    points.push_back({10000, 60});
    const std::vector<PricePoint> d = Decimate(points, 0, 10000, 500);
    CHECK(d.size() <= 4 * 500);
    CHECK(d.size() >= 500);
    CHECK(d.front() == points.front());
    CHECK(d.back() == points.back());
    CHECK(std::is_sorted(d.begin(), d.end(), [](const PricePoint& a, const PricePoint& b) { return a.entry < b.entry; }));
    auto lowest = [](const std::vector<PricePoint>& v) {
        return std::min_element(v.begin(), v.end(), [](auto& a, auto& b) { return a.ticks < b.ticks; })->ticks;
    };
    CHECK(lowest(d) == lowest(points));
    // Few points: unchanged.
    const std::vector<PricePoint> few = {{0, 40}, {3, 42}, {9, 38}};
    CHECK(Decimate(few, 0, 9, 500) == few);
}

TEST_CASE("a 10,000-entry ledger: the history is built quickly and leaves out the undone rolls") {
    const std::vector<std::string> lines = rutland::testing::LongGame(770);
    ParseResult header = ParseCommand(lines.front());
    REQUIRE(header.command);
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(std::get<GameHeader>(header.command->action), &why);
    REQUIRE(ledger);
    for (size_t i = 1; i < lines.size(); ++i) REQUIRE(ledger->SubmitLine(lines[i]).accepted);
    REQUIRE(ledger->Size() > 10000);
    const auto start = std::chrono::steady_clock::now();
    const PriceHistory h = MakePriceHistory(*ledger);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    CHECK(ms < 500);
    const PriceSeries& green = S(h, Company::Green);
    CHECK(green.points.back().ticks == ledger->State().price[Company::Green]);
    // Every point comes from a command in effect.
    const std::vector<int>& in_effect = ledger->InEffect();
    for (const PricePoint& p : green.points)
        if (p.entry > 0) CHECK(std::binary_search(in_effect.begin(), in_effect.end(), p.entry));
}

TEST_CASE("the years are the game's own: a counted year (X-1, count market year=3) labels the chart from its entry") {
    auto t = PlayScript("assets/demo/first-game.txt");
    t->Play("count market year=3");
    const int counted = t->Log().Size() - 1;
    const PriceHistory h = MakePriceHistory(t->Log());
    REQUIRE(!h.years.empty());
    CHECK(h.years.front() == std::pair<int, int>{0, 1});
    INFO("last year " << h.years.back().first << "," << h.years.back().second << " of " << h.years.size() << "; counted " << counted);
    CHECK(h.years.back() == std::pair<int, int>{counted, t->Log().State().year});
    CHECK(t->Log().State().year == 3);
}
