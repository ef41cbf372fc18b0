// The year-end statement (year_end_report.h) that `rutland-cli year-end` and the dashboard's Year
// end panel print: the last year end in effect at an entry, undone ones skipped (Y-1..Y-5).
#include <doctest/doctest.h>

#include <fstream>

#include "table_fixture.h"
#include "report/year_end_report.h"
#include "bbr_names.h"

using namespace rutland;

namespace {

// The full game's lines up to entry `last_seq` (tests/games/full-game.txt).
testing::Table FullGame(int last_seq) {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt");
    std::optional<testing::Table> t;
    for (std::string line; std::getline(in, line);) {
        ParseResult parsed = ParseCommand(line);
        if (!parsed.command) continue;
        if (!t) {
            t.emplace(line);
            continue;
        }
        if (t->Log().Size() > last_seq) break;
        t->Play(line);
    }
    REQUIRE(t);
    return std::move(*t);
}

} // namespace

TEST_CASE("Y-1: the last year end in effect, its entry and its statement; an undone year end does not count") {
    testing::Table t = FullGame(57);
    const Ledger& l = t.Log();
    CHECK(LastYearEndEntry(l, 54) == -1);
    CHECK_FALSE(LastYearEnd(l, 54));
    CHECK(LastYearEndEntry(l, 55) == 55);
    CHECK(LastYearEndEntry(l, l.Size() - 1) == 55);
    std::optional<YearEndStatement> st = LastYearEnd(l, 57);
    REQUIRE(st);
    CHECK(st->entry == 55);
    CHECK(st->year == 1);
    CHECK_FALSE(st->preview);
    // Y-2 from Bob, who drew the year's last Time card: Cy $14,000, Dee $16,500, Ann $12,000.
    REQUIRE(st->rows.size() == 4);
    CHECK(st->rows[0].name == "Bob");
    CHECK(st->rows[0].other == Money::Dollars(-2500));  // D-13: took back $18,500, paid $21,000
    CHECK(st->rows[1].payouts == Money::Dollars(14000));
    CHECK(st->Total() == Money::Dollars(42500));

    // Undo back past the year end: it no longer counts, now or at any later entry.
    t.Play("undo 3");
    CHECK(LastYearEndEntry(l, l.Size() - 1) == -1);
    CHECK_FALSE(LastYearEnd(l, l.Size() - 1));
    CHECK(LastYearEndEntry(l, 57) == 55);  // the entries before the undo still had it
    t.Play("redo 3");
    CHECK(LastYearEndEntry(l, l.Size() - 1) == 55);
    CHECK(LastYearEnd(l, l.Size() - 1)->Total() == Money::Dollars(42500));
}

using rutland::testing::Table;

namespace {
constexpr const char* kSmallHeader = "game players=Ann,Bob broker=Bob year-cards=1 start=@market-1,@market-1";
}

TEST_CASE("Y-2 preview: what the broker would pay if the year ended now, changing nothing") {
    Table t(kSmallHeader);
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

TEST_CASE("Y-2 statement as CSV: a player's name never becomes a live spreadsheet formula; cash stays a number") {
    // Names may start with + or - (COMMANDS.md forbids only , : = @ # $): "+Ann" in a cell would be
    // a formula to a spreadsheet. Text cells get a leading ' (core/base/safe_text.h, CsvTextCell).
    Table t("game players=+Ann,-Bob broker=-Bob year-cards=1 start=@market-1,@market-1");
    t.Play("roll 3 4 2 @colfax\nbuy Y 20k\nbuy Y 20k\ndir Y\nend\nroll 1 2 1 @time-1\ntime\nend");
    std::optional<YearEndStatement> st = LastYearEnd(t.Log(), t.Log().Size() - 1);
    REQUIRE(st);
    const std::string csv = StatementCsv(*st);
    CHECK(csv.find("\n1,statement,'+Ann,Y-2,\"the broker pays +Ann $10,000 for 1 Yellow directorship (1 x $10,000)\",10000.00\n") !=
          std::string::npos);
    CHECK(csv.find(",+Ann,") == std::string::npos);
    CHECK(csv.find(",-Bob,") == std::string::npos);
}

TEST_CASE("Y-1 statement of the last year end, read off the ledger; undone year ends do not count") {
    Table t(kSmallHeader);
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
