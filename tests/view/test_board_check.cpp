// Reading the physical board one space at a time (board_check.h): the one-line reading,
// the check at a first landing (D-2) and board setup (BD-1, BD-3).
#include <doctest/doctest.h>

#include "board_check.h"
#include "model/board_catalog.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;

namespace {

using rutland::testing::NewGame;

void Play(Ledger& l, const char* line) {
    const SubmitResult r = l.Submit(*ParseCommand(line).command);
    REQUIRE_MESSAGE(r.accepted, line << ": " << r.rejection.ToString());
}

int IndexOn(const Board& b, const char* name) { return *b.Find(name, nullptr); }

} // namespace

TEST_CASE("D-2 BD-3: a reading of one line: arrows, the Ask or Bids, a kind, a position, in any order") {
    const Board& b = *BuiltinBoard("standard");
    std::string why;
    std::optional<SpaceReading> r = ParseReading(b, IndexOn(b, "brada"), "DDUU ybr", &why);
    REQUIRE_MESSAGE(r, why);
    CHECK(*r->trend == Trends{Trend::Down, Trend::Down, Trend::Up, Trend::Up});
    CHECK(r->set->Count() == 3);
    CHECK_FALSE(r->kind);
    // Brada: trend UUDD, Ask YRG in standard.json; a reading of nothing records the board's own facts.
    CHECK(ReadingLine(b, IndexOn(b, "brada"), {}) == "board @brada trend=UUDD ask=YRG bid=-");
    CHECK(ReadingLine(b, IndexOn(b, "brada"), *r) == "board @brada trend=DDUU ask=YBR bid=-");
    // Time 1 (position 5): trend UUDD, Bids YRG; kind and position read too.
    r = ParseReading(b, IndexOn(b, "time-1"), "market 12 yb", &why);
    REQUIRE_MESSAGE(r, why);
    CHECK(ReadingLine(b, IndexOn(b, "time-1"), *r) == "board @time-1 trend=UUDD ask=- bid=YB kind=market pos=12");

    CHECK_FALSE(ParseReading(b, IndexOn(b, "brada"), "uudd yb", &why));
    CHECK(why == "Brada is a subsidiary: it shows an Ask triplet (three companies), got YB (BD-3)");
    CHECK_FALSE(ParseReading(b, IndexOn(b, "puts"), "uudd -", &why));
    CHECK(why == "Puts is not a subsidiary: it shows market Bids (BD-3)");
    CHECK_FALSE(ParseReading(b, IndexOn(b, "preferred-blue"), "yrg", &why));
    CHECK(why == "Preferred Blue shows a Bid for Blue (BD-3)");
    CHECK_FALSE(ParseReading(b, IndexOn(b, "brada"), "time", &why));
    CHECK(why == "Brada is a subsidiary space by its name; only a Time or market space may be read as the other (BD-1)");
    CHECK_FALSE(ParseReading(b, IndexOn(b, "brada"), "40", &why));
    CHECK(why == "positions run from 0 to 39, got 40 (BD-1)");
    CHECK_FALSE(ParseReading(b, IndexOn(b, "brada"), "uudx", &why));
}

TEST_CASE("D-2: the first landing on a space with unverified facts asks; once confirmed it never asks again") {
    Ledger l = NewGame("game players=Ann,Bob start=@market-1,@market-1");
    // Ann: Market 1 (position 0) + 3 = Preferred Yellow (position 3): arrows and Bids unverified.
    const Preview roll = PreviewLine("roll 1 2 1", l.State(), &l);
    std::optional<LandingCheck> check = CheckLanding(l.State(), roll);
    REQUIRE(check);
    CHECK(check->label == "Preferred Yellow");
    CHECK(check->unverified == "arrows, Bids");
    CHECK(check->confirm_line == "board @preferred-yellow trend=DDUU ask=- bid=YBG");
    Play(l, check->confirm_line.c_str());
    CHECK_FALSE(CheckLanding(l.State(), PreviewLine("roll 1 2 1", l.State(), &l)));
    // Not a roll, or a rejected one: nothing to ask.
    CHECK_FALSE(CheckLanding(l.State(), PreviewLine("note hello", l.State(), &l)));
    CHECK_FALSE(CheckLanding(l.State(), PreviewLine("roll 9 9 1", l.State(), &l)));
    // Fulwell's arrows and Ask are the manual's (BD-4), but its (empty) Bids are not: it still asks.
    check = CheckLanding(l.State(), PreviewLine("roll 1 2 1 @fulwell", l.State(), &l));
    REQUIRE(check);
    CHECK(check->unverified == "Ask");
}

TEST_CASE("BD-1 BD-3: board setup reads the 40 spaces in ring order and verifies every fact") {
    BoardSetup setup = StartBoardSetup(*BuiltinBoard("standard"));
    REQUIRE(setup.order.size() == 40);
    CHECK(SetupSpace(setup)->name == "market-1");  // position 0
    std::string why;
    CHECK_FALSE(EnterReading(setup, "uudd -", &why));  // refused: nothing moves on
    CHECK(setup.at == 0);
    CHECK(EnterReading(setup, "dudu ybr", &why));
    CHECK(SetupSpace(setup)->name == "brada");
    CHECK(EnterReading(setup, "2", &why));  // Brada stands at 2 on this board: Derwent takes 1, unchecked
    for (int i = 2; i < 40; ++i) REQUIRE_MESSAGE(EnterReading(setup, "", &why), why);
    CHECK(SetupSpace(setup) == nullptr);
    const Board& b = setup.board;
    const Space& market = b.At(IndexOn(b, "market-1"));
    CHECK(market.trend.value == Trends{Trend::Down, Trend::Up, Trend::Down, Trend::Up});
    CHECK(market.bid.verified);
    CHECK(b.At(IndexOn(b, "brada")).position.value == 2);
    CHECK(b.At(IndexOn(b, "derwent")).position.value == 1);
    // Derwent was walked after the swap (it stood at 2 when the walk began) and verified there.
    CHECK(b.At(IndexOn(b, "derwent")).position.verified);
    const VerifiedCount count = CountVerified(b);
    CHECK(count.verified == 200);
    CHECK_FALSE(CheckCompleteBoard(b));
}
