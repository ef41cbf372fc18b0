// Money, prices and the prospectus (U-1..U-3, section 2, D-1).
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "model/company.h"
#include "model/money.h"
#include "bbr_names.h"

using namespace rutland;

namespace {

// The plain way to write these, to check the fast writers in money.cpp against.
std::string PlainCount(int64_t n) {
    const bool negative = n < 0;
    std::string digits = std::to_string(n);
    if (negative) digits.erase(0, 1);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

std::string PlainMoney(int64_t cents) {
    std::string out = cents < 0 ? "-$" : "$";
    const int64_t abs_cents = cents < 0 ? -cents : cents;
    out += PlainCount(abs_cents / 100);
    if (abs_cents % 100 != 0) out += (abs_cents % 100 < 10 ? ".0" : ".") + std::to_string(abs_cents % 100);
    return out;
}

std::string PlainPrice(int ticks) {
    const int64_t cents = int64_t{ticks} * kTickCents;
    const int64_t c = cents % 100;
    return "$" + std::to_string(cents / 100) + (c < 10 ? ".0" : ".") + std::to_string(c);
}

} // namespace

TEST_CASE("U-1: money is exact integer cents") {
    CHECK(ValueAt(2500, 41).cents() == 512500);  // 2,500 shares x $2.05 = $5,125
    CHECK(FormatMoney(Money::Dollars(21000)) == "$21,000");
    CHECK(FormatMoney(Money::Cents(775050)) == "$7,750.50");
    CHECK(FormatMoney(Money::Cents(-300000)) == "-$3,000");
    CHECK(FormatMoney(Money()) == "$0");
    CHECK(FormatCount(1234567) == "1,234,567");
}

TEST_CASE("U-1, U-2: money, counts and prices are written exactly as the plain way writes them") {
    for (int64_t n = -2'000'000; n <= 2'000'000; n += 37) {
        CHECK_MESSAGE(FormatCount(n) == PlainCount(n), n);
        CHECK_MESSAGE(FormatMoney(Money::Cents(n)) == PlainMoney(n), n);
    }
    for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{9}, int64_t{10}, int64_t{99}, int64_t{100}, int64_t{999}, int64_t{1000},
                      int64_t{100'000}, int64_t{999'999}, int64_t{1'000'000}, std::numeric_limits<int64_t>::max()}) {
        CHECK(FormatCount(n) == PlainCount(n));
        CHECK(FormatCount(-n) == PlainCount(-n));
        CHECK(FormatMoney(Money::Cents(n)) == PlainMoney(n));
        CHECK(FormatMoney(Money::Cents(-n)) == PlainMoney(-n));
    }
    CHECK(FormatCount(std::numeric_limits<int64_t>::min()) == "-9,223,372,036,854,775,808");
    for (int ticks = 0; ticks <= 20'000; ++ticks) CHECK_MESSAGE(FormatPrice(ticks) == PlainPrice(ticks), ticks);
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
