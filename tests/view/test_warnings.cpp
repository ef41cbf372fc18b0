// Amber warnings before Enter: each warning in a state where it fires and in
// one where it does not. The states are the rules tests' worked examples (tests/core/test_rules_*),
// whose figures were computed by hand there.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/table_fixture.h"
#include "entry_model.h"
#include "report/instructions.h"
#include "warnings.h"
#include "year_end_view.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::Table;

namespace {

std::vector<WarningKind> Kinds(const Preview& p) {
    std::vector<WarningKind> out;
    for (const Warning& w : p.warnings) out.push_back(w.kind);
    return out;
}

bool HasWarning(const Preview& p, WarningKind kind) {
    const auto kinds = Kinds(p);
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

const Warning* FindWarning(const Preview& p, WarningKind kind) {
    for (const Warning& w : p.warnings)
        if (w.kind == kind) return &w;
    return nullptr;
}

Preview Accepted(const Table& t, std::string_view line) {
    Preview p = PreviewLine(line, t.State(), &t.Log());
    REQUIRE_MESSAGE(p.kind == Preview::Kind::Accepted, std::string(line), ": ", p.text);
    return p;
}

// S-3's worked example (test_rules_trades.cpp): Ann holds 85,000 Red, the Red escrow and 2 common
// directorships, on Market 1 (a Red Bid).
void PlayToAnnWith85000Red(Table& t) {
    for (const char* sub : {"altamont", "ioco", "marnac", "ozada", "vista", "winona"})
        t.Play(std::string("board @") + sub + " trend=DDDD ask=BRG");
    t.Play("board @market-1 trend=UUUU bid=YBRG");
    t.Play("roll 1 1 2 @altamont\nbuy R 20k\nend\nroll 1 1 2 @ioco\nbuy R 20k\nend\nroll 1 1 2 @marnac\nbuy R 20k\nend");
    t.Play("roll 1 1 2 @ozada\nbuy R 20k\nend\nroll 1 1 2 @vista\nbuy R 5k\ndir R 2\nend\nroll 1 1 2 @winona\nend\nroll 1 1 1 @market-1");
    REQUIRE(t.Player("Ann").common[Company::Red] == 85000);
}

} // namespace

TEST_CASE("S-3 warning: a sale that forfeits a directorship is amber; one that keeps them is not") {
    Table t("game players=Ann,Bob cash=200000");
    PlayToAnnWith85000Red(t);
    // 85,000 - 10,000 = 75,000 < 2 common x 40,000 (S-3): one ring comes off.
    const Preview forfeits = Accepted(t, "sell R 10k");
    REQUIRE(HasWarning(forfeits, WarningKind::DirectorshipForfeited));
    CHECK(FindWarning(forfeits, WarningKind::DirectorshipForfeited)->rule == "S-3");
    CHECK(FindWarning(forfeits, WarningKind::DirectorshipForfeited)->text.find("Ann forfeits 1 Red common directorship") == 0);
    // 85,000 - 5,000 = 80,000 = 2 x 40,000: both rings stay.
    CHECK(Accepted(t, "sell R 5k").warnings.empty());
}

TEST_CASE("M-4 warning: the roll that reaches Yellow's Split level is amber; one tick short is not") {
    Table t("game players=Ann,Bob sec=Bob");
    t.Play("board @brada trend=UUUU ask=YBR\nboard @market-1 trend=UUUU bid=YBRG\nroll 1 2 3 @brada\nbuy Y 20k\nend");
    t.Play("roll 1 2 3 @market-1\nshort Y 10k\nend\nroll 1 2 3 @market-1\nend\nroll 1 2 3 @market-1\nend");
    REQUIRE(t.Price(Company::Yellow) == 270);
    // $2.70 + 3 ticks = $2.85: no Split yet.
    CHECK_FALSE(HasWarning(Accepted(t, "roll 1 2 3 @market-1"), WarningKind::MarketEvent));
    t.Play("roll 1 2 3 @market-1\nend");
    // $2.85 + 3 ticks = $3.00: Split (M-4), and Bob's 10,000 short is covered by force.
    const Preview split = Accepted(t, "roll 1 2 3 @market-1");
    REQUIRE(HasWarning(split, WarningKind::MarketEvent));
    CHECK(FindWarning(split, WarningKind::MarketEvent)->rule == "M-4");
    CHECK(FindWarning(split, WarningKind::MarketEvent)->text == "Yellow reaches its Split level $3.00: Split");
    REQUIRE(HasWarning(split, WarningKind::MarginCall));
    CHECK(FindWarning(split, WarningKind::MarginCall)->text.find("margin call: Bob") == 0);
}

TEST_CASE("S-6 / D-13 warning: the end that makes a year-end call Ann cannot pay warns of the call and the debt; the "
          "forced sale that pays it warns of the forced sale only") {
    Table t("game players=Ann,Bob year-cards=2 start=@market-1,@market-1");
    // test_rules_year.cpp: Ann short 20,000 Red with $4,500 cash; Red climbs to $1.30.
    t.Play("roll 2 3 1\ntime @brada\nbuy Y 20k\nbuy Y 20k\nbuy R 10k\nshort R 20k\nend");
    t.Play("roll 1 2 3 @market-3");
    CHECK(Accepted(t, "end").warnings.empty());  // an end that settles nothing
    t.Play("end\nroll 1 2 3 @market-3\nend\nroll 1 2 3 @time-2\ntime");
    // Bob's end settles the year: 20,000 Red at $1.30 = $26,000 against $4,500 + $21,000: $500 owed.
    const Preview end = Accepted(t, "end");
    CHECK(HasWarning(end, WarningKind::MarginCall));
    REQUIRE(HasWarning(end, WarningKind::ObligationLeft));
    CHECK(FindWarning(end, WarningKind::ObligationLeft)->text ==
          "Ann will still owe the bank $500: only Ann's sales are accepted until it is paid");
    t.Play("end");
    // 5,000 Yellow at $2.00 = $10,000 pays the $500 in full: a forced sale, no debt left.
    const Preview sale = Accepted(t, "Ann: sell Y 5k");
    CHECK(HasWarning(sale, WarningKind::ForcedSale));
    CHECK_FALSE(HasWarning(sale, WarningKind::ObligationLeft));
}

TEST_CASE("D-2 warning: a landed space that disagrees with the board order is amber; the board order's own is not") {
    Table t("game players=Ann,Bob start=@fulwell,@derwent");
    const auto& board = *t.State().board;
    const int expected = board.Advance(*board.Find("fulwell", nullptr), 8);  // 3 + 5
    const std::string elsewhere = board.At(expected).name == "derwent" ? "@ioco" : "@derwent";
    const Preview disagrees = Accepted(t, "roll 3 5 1 " + elsewhere);
    REQUIRE(HasWarning(disagrees, WarningKind::BoardOrder));
    CHECK(FindWarning(disagrees, WarningKind::BoardOrder)->rule == "D-2");
    CHECK_FALSE(HasWarning(Accepted(t, "roll 3 5 1 @" + board.At(expected).name), WarningKind::BoardOrder));
    CHECK_FALSE(HasWarning(Accepted(t, "roll 3 5 1"), WarningKind::BoardOrder));
}

TEST_CASE("Y-1 warning: year-end with 1 of 2 Time cards drawn is amber; an end with no year end is not") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    t.Play("roll 2 3 1\ntime");
    CHECK(Accepted(t, "end").warnings.empty());
    t.Play("end");
    const Preview early = Accepted(t, "year-end");
    REQUIRE(HasWarning(early, WarningKind::EarlyYearEnd));
    CHECK(FindWarning(early, WarningKind::EarlyYearEnd)->text ==
          "the year ends after only 1 of 2 Time cards: check the deck before settling it");
}

TEST_CASE("Y-3 warning: a call in the money at the year end is amber with its value; one out of the money is not") {
    // test_rules_cards.cpp O-2 / Y-3: Bob's call on 5,000 Blue; at the year end Blue is $2.05.
    for (const bool in_the_money : {true, false}) {
        CAPTURE(in_the_money);
        Table t("game players=Ann,Bob year-cards=1");
        t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG\nboard @time-2 trend=DUUD bid=YBG");
        t.Play("roll 1 2 1 @puts\nend");
        // Strike $9,000 ($1.80 a share) or $11,000 ($2.20).
        t.Play(in_the_money ? "roll 1 2 1 @calls\ncall B 5k 9000 500\nend" : "roll 1 2 1 @calls\ncall B 5k 11000 500\nend");
        t.Play("roll 1 2 1 @time-2\ntime");
        const Preview end = Accepted(t, "end");
        if (in_the_money) {
            // 5,000 x $2.05 = $10,250 - $9,000 = $1,250.
            REQUIRE(HasWarning(end, WarningKind::OptionInTheMoney));
            CHECK(FindWarning(end, WarningKind::OptionInTheMoney)->text ==
                  "Bob's call #1 on 5,000 Blue is in the money ($1,250 if exercised for cash now) and expires worthless");
        } else {
            // 5,000 x $2.05 = $10,250 < $11,000.
            CHECK_FALSE(HasWarning(end, WarningKind::OptionInTheMoney));
        }
    }
}

TEST_CASE("undo and redo confirms carry the warnings of what they take back or put back, and the table's steps") {
    Table t("game players=Ann,Bob cash=200000");
    PlayToAnnWith85000Red(t);
    t.Play("sell R 10k");  // forfeits one Red ring (S-3)
    const std::vector<std::string> sold = BrokerInstructions(t.Log().At(t.Log().Size() - 1).effects, t.State());
    const Preview undo = ConfirmPreview(false, t.State(), t.Log());
    REQUIRE(HasWarning(undo, WarningKind::DirectorshipForfeited));
    CHECK(FindWarning(undo, WarningKind::DirectorshipForfeited)->text.find("takes back entry ") == 0);
    // The ring goes back on Ann's pawn: 1 after the sale, 2 again.
    CHECK(std::find(undo.steps.begin(), undo.steps.end(), "Ann puts 1 Red ring on Ann's pawn (2 Red rings in all)") != undo.steps.end());
    t.Play("undo");
    const Preview redo = ConfirmPreview(true, t.State(), t.Log());
    CHECK(HasWarning(redo, WarningKind::DirectorshipForfeited));
    CHECK(redo.steps == sold);  // what the table does again: the sale's instructions as first given
    t.Play("redo\nend");
    CHECK(ConfirmPreview(false, t.State(), t.Log()).warnings.empty());  // undoing `end`: nothing to warn of
}

TEST_CASE("Y-3: the year-end preview flags an option in the money that the year end would expire") {
    for (const bool in_the_money : {true, false}) {
        CAPTURE(in_the_money);
        Table t("game players=Ann,Bob year-cards=1");
        t.Play("board @calls trend=DUUD bid=BRG\nboard @puts trend=UDDU bid=YBG\nboard @time-2 trend=DUUD bid=YBG");
        t.Play("roll 1 2 1 @puts\nend");
        t.Play(in_the_money ? "roll 1 2 1 @calls\ncall B 5k 9000 500\nend" : "roll 1 2 1 @calls\ncall B 5k 11000 500\nend");
        t.Play("roll 1 2 1 @time-2\ntime");
        const YearEndStatements st = ComputeYearEnd(t.Log(), t.State(), t.Log().Size() - 1);
        const YearEndView v = MakeYearEndView(t.State(), st, YearEndMode::Preview);
        const bool flagged = std::any_of(v.warnings.begin(), v.warnings.end(),
                                         [](const Warning& w) { return w.kind == WarningKind::OptionInTheMoney; });
        CHECK(flagged == in_the_money);  // $10,250 - $9,000 = $1,250 in the money; $11,000 is not
        // The preview is of a year end to come: its own earliness is not a warning.
        CHECK(std::none_of(v.warnings.begin(), v.warnings.end(), [](const Warning& w) { return w.kind == WarningKind::EarlyYearEnd; }));
    }
}
