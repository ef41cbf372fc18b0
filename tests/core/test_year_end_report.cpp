// The year-end statement (year_end_report.h) that `rutland-cli year-end` and the dashboard's Year
// end panel print: the last year end in effect at an entry, undone ones skipped (Y-1..Y-5).
#include <doctest/doctest.h>

#include <fstream>

#include "table_fixture.h"
#include "year_end_report.h"

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
