// Money, prices and the prospectus (U-1..U-3, section 2, D-1).
#include <doctest/doctest.h>

#include "company.h"
#include "money.h"

using namespace rutland;

TEST_CASE("U-1: money is exact integer cents") {
    CHECK(ValueAt(2500, 41).cents() == 512500);  // 2,500 shares x $2.05 = $5,125
    CHECK(FormatMoney(Money::Dollars(21000)) == "$21,000");
    CHECK(FormatMoney(Money::Cents(775050)) == "$7,750.50");
    CHECK(FormatMoney(Money::Cents(-300000)) == "-$3,000");
    CHECK(FormatMoney(Money()) == "$0");
    CHECK(FormatCount(1234567) == "1,234,567");
}

TEST_CASE("U-2: a tick is $0.05 a share") {
    CHECK(FormatPrice(42) == "$2.10");
    CHECK(FormatPrice(1) == "$0.05");
    CHECK(FormatPrice(0) == "$0.00");
    CHECK(ValueAt(10000, 42) == Money::Dollars(21000));
}

TEST_CASE("section 2 / D-1: the prospectus and its levels") {
    const Prospectus& y = GetProspectus(Company::Yellow);
    CHECK(y.common_shares == 160000);
    CHECK(y.preferred_shares == 80000);
    CHECK(y.issue_ticks * 5 == 200);
    CHECK(y.split_ticks * 5 == 300);
    CHECK(y.floor_ticks * 5 == 100);
    CHECK(y.floor_event == FloorEvent::RollBack);
    const Prospectus& r = GetProspectus(Company::Red);
    CHECK(r.common_shares == 320000);
    CHECK(r.issue_ticks * 5 == 100);
    CHECK(r.split_ticks * 5 == 200);
    CHECK(r.floor_ticks == 0);
    CHECK(r.floor_event == FloorEvent::Bankruptcy);
    CHECK(r.common_directorships == 8);
    CHECK(r.dividend_per_directorship == Money::Dollars(7500));
    CHECK(GetProspectus(Company::Blue).subsidiaries[5] == "fulwell");
    CHECK(ParseCompany("g") == Company::Green);
    CHECK(ParseCompany("Yellow") == Company::Yellow);
    CHECK_FALSE(ParseCompany("purple").has_value());
}
