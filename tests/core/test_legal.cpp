// The core says which commands are legal now (the dashboard enables only those).
#include <doctest/doctest.h>

#include "legal.h"
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
