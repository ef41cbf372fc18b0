// The core says which commands are legal now (the dashboard enables only those).
#include <doctest/doctest.h>

#include "rules/legal.h"
#include "bbr_names.h"
#include "table_fixture.h"

using rutland::testing::Table;

namespace {
bool Offers(const rutland::LegalNow& legal, const std::string& line) {
    for (const auto& c : legal.trades)
        if (rutland::PrintCommand(c) == line) return true;
    return false;
}
} // namespace

TEST_CASE("legal: before the roll only the roll; after it the landed space's trades and end") {
    Table t("game players=Ann,Bob");
    auto before = rutland::Legal(t.State());
    CHECK(before.roll);
    CHECK_FALSE(before.end);
    CHECK(before.trades.empty());
    t.Play("roll 3 4 2 @fulwell");
    auto after = rutland::Legal(t.State());
    CHECK_FALSE(after.roll);
    CHECK(after.end);
    CHECK(Offers(after, "buy B 20k"));
    CHECK(Offers(after, "buy R bond 10k"));
    CHECK_FALSE(Offers(after, "buy Y 5k"));   // no Ask for Yellow at Fulwell (B-1)
    CHECK_FALSE(Offers(after, "sell B 5k"));  // no Bids on a subsidiary, nothing held
    CHECK_FALSE(Offers(after, "dir B"));      // no shares
    for (const auto& c : after.trades) CHECK(rutland::IsLegal(t.State(), c));
}

TEST_CASE("legal / D-24: after the year-ending draw the drawing player's directorship and preferred purchases "
          "are offered without an Ask or a PREFERRED space; not before, not with strict-year-end-buys") {
    for (const bool strict : {false, true}) {
        CAPTURE(strict);
        Table t(strict ? "game players=Ann,Bob year-cards=1 variants=strict-year-end-buys start=@market-1,@market-1"
                       : "game players=Ann,Bob year-cards=1 start=@market-1,@market-1");
        // Ann: Colfax (Ask Y, B, R): 40,000 Yellow; Bob idles; Ann on Time 2 (Bids Y, B; no Ask).
        t.Play("board @colfax trend=UUDD ask=YBR\nboard @time-2 trend=UUUU bid=YB");
        t.Play("roll 3 4 1\nbuy Y 20k\nbuy Y 20k\nend\nroll 4 6 1\nend\nroll 3 5 1");
        t.Play("time");
        const auto legal = rutland::Legal(t.State());
        CHECK(Offers(legal, "dir Y") == !strict);
        CHECK(Offers(legal, "buy B pref 5k") == !strict);
        CHECK(Offers(legal, "buy Y pref 5k") == !strict);  // $14,000 left: 5,000 x $2.55 = $12,750
        CHECK_FALSE(Offers(legal, "buy Y pref 10k"));       // $25,500: cash still applies
        CHECK_FALSE(Offers(legal, "dir B"));                // no Blue shares
        CHECK_FALSE(Offers(legal, "buy Y 5k"));             // common still needs an Ask
        for (const auto& c : legal.trades) CHECK(rutland::IsLegal(t.State(), c));
    }
}
