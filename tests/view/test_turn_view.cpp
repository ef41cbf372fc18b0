// The Turn panel's words and the broker's instructions' grouping, without a window: who
// is next, the bonus turn, the commands legal now most likely first, the money
// to hand over before the notes.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/table_fixture.h"
#include "board_check.h"
#include "instructions_view.h"
#include "rules/legal.h"
#include "bbr_names.h"
#include "turn_view.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::Table;

namespace {

TurnView Now(const Table& t) {
    return MakeTurnView(t.State(), Legal(t.State()), IsBonusTurn(t.Log(), std::nullopt, t.State()));
}

size_t IndexOf(const std::vector<std::string>& lines, std::string_view line) {
    return static_cast<size_t>(std::find(lines.begin(), lines.end(), line) - lines.begin());
}

} // namespace

TEST_CASE("T-5 / G-2: the Turn says who is next and marks the bonus turn of doubles") {
    Table t("game players=Ann,Bob,Cy");
    CHECK(Now(t).next == "Next: Bob");
    CHECK_FALSE(Now(t).bonus);
    t.Play("roll 2 2 1 @fulwell");
    CHECK(Now(t).next == "Next: Ann again (doubles, T-5)");
    t.Play("end");  // Ann's bonus turn
    CHECK(Now(t).heading == "Year 1  \u2014  Ann's turn");
    CHECK(Now(t).bonus);
    t.Play("roll 2 3 1 @fulwell");
    CHECK(Now(t).bonus);  // still the bonus turn after its roll
    CHECK(Now(t).next == "Next: Bob");
    t.Play("end");
    CHECK_FALSE(Now(t).bonus);  // Bob's ordinary turn
    // Time travel: the bonus turn as it was after entry 2 (Ann's doubles ended).
    CHECK(IsBonusTurn(t.Log(), 2, t.Log().StateAt(2)));
    CHECK_FALSE(IsBonusTurn(t.Log(), 1, t.Log().StateAt(1)));
    // The ledger marks the entries of the bonus turn: entries 3 (roll) and 4 (end), not 1, 2 or 5.
    t.Play("roll 2 3 1 @fulwell");
    const std::vector<char> marks = BonusTurnEntries(t.Log());
    CHECK(marks == std::vector<char>{0, 0, 0, 1, 1, 0});  // 0 header, 1-2 Ann, 3-4 her bonus turn, 5 Bob
}

TEST_CASE("T-1 / T-6 / S-6: the commands legal now come most likely first: the roll, then buys before sales, then end; a "
          "debtor's sales before anything") {
    Table t("game players=Ann,Bob,Cy,Dee start=@market-1,@market-1,@market-1,@market-1");
    std::vector<std::string> legal = Now(t).legal;
    REQUIRE_FALSE(legal.empty());
    CHECK(legal.front() == "roll");
    t.Play("roll 3 4 2");  // Colfax: Asks Yellow, Blue, Red
    legal = Now(t).legal;
    REQUIRE(IndexOf(legal, "buy Y 10k") < legal.size());
    REQUIRE(IndexOf(legal, "end") < legal.size());
    CHECK(IndexOf(legal, "buy Y 10k") < IndexOf(legal, "end"));
    CHECK(legal.back() != "buy Y 5k");

    // Bob owes $13,750 after Ann's buy splits Yellow (test_entry_model.cpp's S-6 game): his sales first.
    Table d("game players=Ann,Bob");
    d.Play(R"(board @market-1 trend=UUDD bid=YBRG
board @market-2 trend=UDUU bid=YBRG
board @brada trend=UUDD ask=YBR
board @ioco trend=UDUU ask=BRG
roll 1 2 1 @market-1
end
roll 1 1 1 @market-2
short Y 20k
end
roll 1 2 1 @ioco
buy R 20k
buy R 20k
buy B 20k
buy B 5k
end
roll 1 1 3 @brada
buy Y 20k
end
roll 1 1 3 @market-2
end
roll 1 1 3 @market-1
end
roll 1 1 3 @market-2
end
roll 1 2 3 @brada
buy Y 10k)");
    const TurnView owing = Now(d);
    REQUIRE(owing.pending.size() == 1);
    CHECK(owing.pending[0] == "Bob owes the bank $13,750 (M-4): only Bob's sales are accepted until it is paid (S-6)");
    REQUIRE_FALSE(owing.legal.empty());
    CHECK(owing.legal.front().starts_with("Bob: sell "));
}

TEST_CASE("D-2: the instructions put the money and certificates first and the provisional-board note among the notes") {
    Table t("game players=Ann,Bob,Cy,Dee start=@market-1,@market-1,@market-1,@market-1");
    t.Play("roll 3 4 2");  // a Market Open on Colfax's provisional arrows (D-2)
    const InstructionsView v = MakeInstructionsView(t.LastEffects(), t.State());
    CHECK(v.steps.front() == "move Ann's pawn to Colfax");
    CHECK(IndexOf(v.steps, "move the Yellow marker from $2.00 to $2.10") < v.steps.size());
    REQUIRE_FALSE(v.notes.empty());
    const auto provisional = [](const std::string& s) { return s.find("provisional") != std::string::npos; };
    CHECK(std::any_of(v.notes.begin(), v.notes.end(), provisional));
    CHECK_FALSE(std::any_of(v.steps.begin(), v.steps.end(), provisional));
    // The buy's cash and certificates come first.
    t.Play("buy Y 20k");
    const InstructionsView buy = MakeInstructionsView(t.LastEffects(), t.State());
    CHECK(buy.steps.front() == "Ann pays the broker $42,000: 4 x $10,000 + 2 x $1,000");
}

TEST_CASE("D-2: once the landed space is checked against the physical board, the Turn calls none of it provisional") {
    Table t("game players=Ann,Bob,Cy,Dee start=@market-1,@market-1,@market-1,@market-1");
    t.Play("roll 3 4 2");  // Ann lands on Colfax, a subsidiary, every fact provisional
    const auto provisional = [](const std::string& s) { return s.find("(provisional)") != std::string::npos; };
    const TurnView before = Now(t);
    REQUIRE(before.space_lines.size() == 3);
    CHECK(provisional(before.space_lines[1]));  // the arrows
    CHECK(provisional(before.space_lines[2]));  // the Asks
    // A subsidiary by its name: its kind is not a fact to check (board_check.h).
    CHECK_FALSE(provisional(before.space_lines[0]));
    // What Enter records in the board check at the first landing: "the board shows what Rutland has".
    REQUIRE(t.State().turn_space);
    t.Play(ReadingLine(*t.State().board, *t.State().turn_space, {}));
    const TurnView after = Now(t);
    REQUIRE(after.space_lines.size() == 3);
    CHECK(after.space_lines[0].starts_with("Landed on Colfax"));
    CHECK_FALSE(std::any_of(after.space_lines.begin(), after.space_lines.end(), provisional));
}
