// The Board panel's view model: the spaces in ring order with their unverified facts (D-2), and the
// `board` correction built from the broker's reading of the physical board (BD-1..BD-4).
#include <doctest/doctest.h>

#include "board_view.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;

namespace {

using rutland::testing::NewGame;

int SpaceNamed(const GameState& s, const char* name) {
    std::string error;
    const std::optional<int> i = s.board->Find(name, &error);
    REQUIRE_MESSAGE(i, error);
    return *i;
}

const BoardRow& RowNamed(const BoardFacts& f, const std::string& name) {
    for (const BoardRow& r : f.rows)
        if (r.name == name) return r;
    FAIL("no row " << name);
    return f.rows.front();
}

} // namespace

TEST_CASE("the 40 spaces in ring order, each fact flagged when unverified (D-2, BD-4)") {
    Ledger l = NewGame();
    const BoardFacts f = ListBoard(l.State(), false);
    REQUIRE(f.rows.size() == 40);
    CHECK(f.spaces == 40);
    for (size_t i = 0; i < f.rows.size(); ++i) CHECK(f.rows[i].position == static_cast<int>(i));
    CHECK(f.rows[0].name == "market-1");
    // The provisional board verifies nothing whole: even Fulwell's empty Bids are unchecked.
    CHECK(f.verified_spaces == 0);

    const BoardRow& fulwell = RowNamed(f, "fulwell");  // BD-4: trend and Ask from the manual
    CHECK(fulwell.subsidiary);
    CHECK(fulwell.company == Company::Blue);
    CHECK(fulwell.trend_text == "DUUD");
    CHECK(fulwell.trend_verified);
    CHECK(SetLetters(fulwell.ask) == "BRG");
    CHECK(fulwell.ask_verified);
    CHECK(fulwell.kind_verified);
    CHECK_FALSE(fulwell.position_verified);
    CHECK(fulwell.unverified == "position, empty Bids");

    const BoardRow& time1 = RowNamed(f, "time-1");
    CHECK_FALSE(time1.subsidiary);
    CHECK(SetLetters(time1.bid) == "YRG");
    CHECK(SetLetters(time1.ask) == "none");
    CHECK(time1.unverified == "kind, position, arrows, empty Ask, Bids");

    CHECK(ListBoard(l.State(), true).rows.size() == 40);
}

TEST_CASE("recording a fact with its provisional value verifies it (D-2)") {
    Ledger l = NewGame();
    const int derwent = SpaceNamed(l.State(), "derwent");
    BoardEdit e = StartBoardEdit(l.State(), derwent);
    CHECK(BoardFixLine(l.State(), e) == "");  // nothing ticked, nothing to record
    CHECK(PreviewBoardFix(l.State(), e).kind == Preview::Kind::Empty);

    e.with_position = true;
    CHECK(BoardFixLine(l.State(), e) == "board @derwent pos=2");
    const Preview p = PreviewBoardFix(l.State(), e);
    CHECK(p.kind == Preview::Kind::Accepted);
    CHECK(p.text.find("position 2 (as provisional)") != std::string::npos);

    TickAll(l.State(), e);
    CHECK_FALSE(e.with_kind);  // a subsidiary is one by its name (BD-1)
    const std::string line = BoardFixLine(l.State(), e);
    CHECK(line == "board @derwent trend=DDDU ask=YBG bid=- pos=2");
    REQUIRE(l.SubmitLine(line).accepted);
    const BoardFacts f = ListBoard(l.State(), false);
    CHECK(f.verified_spaces == 1);
    CHECK(RowNamed(f, "derwent").fully_verified);
    CHECK(RowNamed(f, "derwent").unverified.empty());
    CHECK(ListBoard(l.State(), true).rows.size() == 39);
}

TEST_CASE("a correction that changes facts, and the ones the rules refuse (BD-1, BD-3)") {
    Ledger l = NewGame();
    const GameState& s = l.State();

    // A market space shows Bids; its (empty) Ask is recorded with them.
    BoardEdit m = StartBoardEdit(s, SpaceNamed(s, "market-2"));
    m.with_set = true;
    m.set = CompanySet{};
    m.set.Add(Company::Red);
    m.with_trend = true;
    m.trend = {Trend::Up, Trend::Up, Trend::Up, Trend::Down};
    m.with_kind = true;
    m.kind = SpaceKind::Time;
    CHECK(KindCorrectable(s, m.space));
    CHECK(BoardFixLine(s, m) == "board @market-2 trend=UUUD ask=- bid=R kind=time");
    CHECK(PreviewBoardFix(s, m).kind == Preview::Kind::Accepted);

    // A subsidiary's Ask is a triplet.
    BoardEdit colfax = StartBoardEdit(s, SpaceNamed(s, "colfax"));
    CHECK_FALSE(KindCorrectable(s, colfax.space));
    colfax.with_set = true;
    colfax.set = CompanySet{};
    colfax.set.Add(Company::Yellow);
    colfax.set.Add(Company::Blue);
    Preview p = PreviewBoardFix(s, colfax);
    CHECK(p.kind == Preview::Kind::Rejected);
    CHECK(p.rule == "BD-3");

    // A market space shows at least one Bid.
    m = StartBoardEdit(s, SpaceNamed(s, "market-2"));
    m.with_set = true;
    m.set = CompanySet{};
    CHECK(PreviewBoardFix(s, m).rule == "BD-3");

    // PREFERRED YELLOW shows a Bid for Yellow (BD-3).
    BoardEdit pref = StartBoardEdit(s, SpaceNamed(s, "preferred-yellow"));
    pref.with_set = true;
    pref.set = CompanySet{};
    pref.set.Add(Company::Blue);
    CHECK(PreviewBoardFix(s, pref).rule == "BD-3");

    // Positions run 0..39 (BD-1); a move swaps with the space standing there.
    BoardEdit fulwell = StartBoardEdit(s, SpaceNamed(s, "fulwell"));
    fulwell.with_position = true;
    fulwell.position = 40;
    CHECK(PreviewBoardFix(s, fulwell).rule == "BD-1");
    fulwell.position = 0;
    CHECK(BoardFixLine(s, fulwell) == "board @fulwell pos=0");
    REQUIRE(l.SubmitLine(BoardFixLine(l.State(), fulwell)).accepted);
    const BoardFacts f = ListBoard(l.State(), false);
    CHECK(f.rows[0].name == "fulwell");
    CHECK(f.rows[0].position_verified);
    CHECK(RowNamed(f, "market-1").position == 36);
    CHECK_FALSE(RowNamed(f, "market-1").position_verified);
}

TEST_CASE("pawns stand on their spaces; the landed space is the one in use (T-6)") {
    Ledger l = NewGame();
    REQUIRE(l.SubmitLine("roll 3 4 2 @colfax").accepted);
    const BoardFacts f = ListBoard(l.State(), false);
    CHECK(RowNamed(f, "colfax").pawns == std::vector<std::string>{"Ann"});
    CHECK(RowNamed(f, "colfax").in_use);  // T-6: this turn's trades happen here
    CHECK_FALSE(RowNamed(f, "fulwell").in_use);
}
