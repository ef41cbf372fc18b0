// The table display's view model: whose turn, the last command in words, what is owed, the year
// end due and the winner, on real games.
#include <doctest/doctest.h>

#include "table_display_view.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::FindEntry;
using rutland::testing::PlayScript;

TEST_CASE("after the demo: Ann's turn, Dee's end the last command") {
    auto t = PlayScript("assets/demo/first-game.txt");
    const TableDisplay d = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    CHECK(d.headline == "Year 1: Ann's turn");
    CHECK_FALSE(d.won);
    CHECK(d.detail == "Time cards 0 of 4 this year \u00b7 not rolled yet");
    CHECK(d.last_entry == 38);
    CHECK(d.last_line == "end");
    CHECK(d.last_words.find("Ann") != std::string::npos);
    CHECK(d.pending.empty());
    CHECK(d.year_end.empty());
    CHECK(d.viewing.empty());
}

TEST_CASE("the last command in words, and the header when nothing was played") {
    auto t = PlayScript("assets/demo/first-game.txt", 0);
    const TableDisplay start = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    CHECK(start.last_line == "new game");
    CHECK(start.last_words == "Ann, Bob, Cy, Dee start with $100,000 each; every price at Issue");
    t->Play("roll 3 4 2");
    t->Play("buy Y 20k");
    const TableDisplay d = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    CHECK(d.detail == "Time cards 0 of 4 this year \u00b7 on Colfax");
    CHECK(d.last_line == "buy Y 20k");
    CHECK(d.last_words.find("Ann pays $42,000") != std::string::npos);
    CHECK(d.last_words.find("Yellow -> $2.30") != std::string::npos);
    t->Play("undo");
    const TableDisplay undone = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    CHECK(undone.last_line == "undo");
    CHECK(undone.last_words == "undoes entry 2: buy Y 20k");
}

TEST_CASE("full game: the split's margin call owed, time travel, the year end, the winner") {
    auto t = PlayScript("tests/games/full-game.txt");
    const Ledger& l = t->Log();
    auto at = [&](int seq) { return MakeTableDisplay(l.StateAt(seq), l, seq); };

    // M-4, S-6: right after the split Ann still owes $12,000 for her Blue short's margin call.
    const TableDisplay split = at(83);
    CHECK(split.headline == "Year 2: Cy's turn");
    CHECK(split.last_line == "roll 1 3 2");
    CHECK(split.last_words.find("Split") != std::string::npos);
    REQUIRE(split.pending.size() == 1);
    CHECK(split.pending[0].headline == "Ann owes the bank $12,000 (M-4)");
    CHECK(split.pending[0].detail.find("for covering 30,000 Blue at $3.00") == 0);
    CHECK(split.pending[0].detail.find("Ann sells assets to pay, no Bid needed (S-6)") != std::string::npos);
    CHECK(split.viewing == "Showing the table as it stood after entry 83 (time travel)");
    CHECK(at(85).pending.empty());

    // High volatility shown while the red die is in use.
    const int high = FindEntry(l, "time card=T-04 high-vol");
    CHECK(at(high).volatility.find("red die") != std::string::npos);
    CHECK(at(high - 1).volatility.empty());

    // Y-1: the year's last Time card drawn, the year ends at the end of the turn.
    const int last_card = FindEntry(l, "time card=T-09");
    REQUIRE(last_card > 0);
    CHECK(at(last_card).year_end == "The year ends at the end of this turn (Y-1)");
    CHECK(at(last_card).detail.find("Time cards 4 of 4") == 0);

    // W-1: Cy's first claim waits for the margin call on his shorts.
    const int declare = FindEntry(l, "declare");
    REQUIRE(declare > 0);
    CHECK(at(declare).declaring == "Cy's claim to win waits for a margin call to be paid (W-1)");

    const TableDisplay end = MakeTableDisplay(t->State(), l, std::nullopt);
    CHECK(end.won);
    CHECK(end.headline == "Cy wins!");
    CHECK(end.winner == "Cy has won the game (W-1)");
    CHECK(end.last_line == "declare");
    CHECK(end.year_end.empty());
}

TEST_CASE("this turn: every command since the turn before ended, an `end` with the turn it ended (the phone page's Now)") {
    auto t = PlayScript("assets/demo/first-game.txt", 0);
    t->Play("roll 3 4 2");
    t->Play("buy Y 20k");
    const TableDisplay d = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    REQUIRE(d.this_turn.size() == 2);
    CHECK(d.this_turn[0].line == "roll 3 4 2");
    CHECK(d.this_turn[1].line == "buy Y 20k");
    CHECK(d.this_turn[1].words.find("Ann pays $42,000") != std::string::npos);
    // Ending the turn shows the turn it ended, not "end" alone.
    t->Play("end");
    const TableDisplay ended = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    REQUIRE(ended.this_turn.size() == 3);
    CHECK(ended.this_turn.front().line == "roll 3 4 2");
    CHECK(ended.this_turn.back().line == "end");
    // The next player's roll starts a turn of its own.
    t->Play("roll 1 2 3");
    const TableDisplay next = MakeTableDisplay(t->State(), t->Log(), std::nullopt);
    REQUIRE(next.this_turn.size() == 1);
    CHECK(next.this_turn.front().line == "roll 1 2 3");
}
