// The year-end statement (Y-1..Y-5) the dashboard and `rutland-cli year-end` both print.
#include <doctest/doctest.h>

#include "table_fixture.h"
#include "year_end_report.h"

using namespace rutland;
using rutland::testing::Table;

namespace {
constexpr const char* kHeader = "game players=Ann,Bob broker=Bob year-cards=1 start=@market-1,@market-1";
}

TEST_CASE("Y-2 preview: what the broker would pay if the year ended now, changing nothing") {
    Table t(kHeader);
    t.Play("roll 3 4 2 @colfax\nbuy Y 20k\nbuy Y 20k\ndir Y");
    const std::string before = StateToJson(t.State()).dump();
    YearEndStatement p = PreviewStatement(t.State());
    CHECK(StateToJson(t.State()).dump() == before);
    CHECK(p.preview);
    CHECK(p.year == 1);
    REQUIRE(p.rows.size() == 2);
    CHECK(p.rows[0].name == "Ann");  // from the current player
    CHECK(p.rows[0].payouts == Money::Dollars(10000));  // one Yellow directorship
    CHECK(p.Total() == Money::Dollars(10000));
    CHECK(StatementText(p).find("the broker pays Ann $10,000 for 1 Yellow directorship") != std::string::npos);
}

TEST_CASE("Y-1 statement of the last year end, read off the ledger; undone year ends do not count") {
    Table t(kHeader);
    t.Play("roll 3 4 2 @colfax\nbuy Y 20k\nbuy Y 20k\ndir Y\nend\nroll 1 2 1 @time-1\ntime");
    CHECK_FALSE(LastYearEnd(t.Log(), t.Log().Size() - 1).has_value());
    t.Play("end");  // the year's only Time card was drawn: the year ends with this turn
    std::optional<YearEndStatement> st = LastYearEnd(t.Log(), t.Log().Size() - 1);
    REQUIRE(st);
    CHECK_FALSE(st->preview);
    CHECK(st->year == 1);
    CHECK(st->entry == t.Log().Size() - 1);
    CHECK(st->Total() == Money::Dollars(10000));
    REQUIRE(st->rows.size() == 2);
    CHECK(st->rows[0].name == "Bob");  // Bob drew the card: payouts start with him
    const std::string csv = StatementCsv(*st);
    CHECK(csv.starts_with("year,kind,player,rule,item,cash\n"));
    CHECK(csv.find("1,statement,Ann,Y-2,the broker pays Ann $10,000") == std::string::npos);  // quoted: the text has a comma
    CHECK(csv.find("1,statement,Ann,Y-2,\"the broker pays Ann $10,000 for 1 Yellow directorship (1 x $10,000)\",10000.00") !=
          std::string::npos);
    const std::string html = StatementHtml(*st, "test game");
    CHECK(html.find("<title>test game: Year 1 end: statement") != std::string::npos);
    t.Play("undo");
    CHECK_FALSE(LastYearEnd(t.Log(), t.Log().Size() - 1).has_value());
}
