// The start screen's form and recent games, without a window.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/table_fixture.h"
#include "start_view.h"
#include "new_game_check.h"
#include "session.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;

namespace {
NewGameForm Form(std::string players) {
    NewGameForm f;
    f.players = std::move(players);
    f.cash = "100000";
    return f;
}
} // namespace

TEST_CASE("G-1: the new-game form says what is wrong beside the field, in plain words") {
    NewGameForm f = Form("Ann, Bob,,Cy Dee");
    f.broker.player = 3;  // picked from the players: Dee
    f.sec.player = 2;
    NewGameCheck c = CheckNewGame(f);
    REQUIRE(c.Ok());
    CHECK(c.players == std::vector<std::string>{"Ann", "Bob", "Cy", "Dee"});
    CHECK(c.header_line == "game players=Ann,Bob,Cy,Dee cash=100000 broker=Dee sec=Cy");

    CHECK(CheckNewGame(Form("")).players_error == "Type the players' names in turn order, e.g. Ann, Bob, Cy, Dee.");
    CHECK(CheckNewGame(Form("Ann")).players_error == "A game has 2 to 8 players; this is 1 (G-1).");
    CHECK(CheckNewGame(Form("Ann, Bob, ann")).players_error == "ann is named twice: each player needs a name of their own.");
    NewGameForm cash = Form("Ann, Bob");
    cash.cash = "0";
    CHECK(CheckNewGame(cash).cash_error == "Starting cash is whole dollars above zero, e.g. 100000.");
    CHECK_FALSE(CheckNewGame(cash).Ok());
    NewGameForm cards = Form("Ann, Bob");
    cards.year_cards = "two";
    CHECK(CheckNewGame(cards).year_cards_error ==
          "Time cards per year is a whole number above zero, or blank for one per player (D-4).");
}

TEST_CASE("G-3: the broker and the SEC guy are picked from the players, or typed once for someone who does not play") {
    NewGameForm f = Form("Ann, Bob, Cy, Dee");
    f.broker.other = true;
    f.broker.name = "Dea";  // the typo the issue saw accepted for ever
    NewGameCheck c = CheckNewGame(f);
    CHECK_FALSE(c.Ok());
    CHECK(c.broker_error == "Dea is not a player, but close to Dee: pick Dee from the list, or check the spelling.");
    f.broker.name = "Zelda";  // a broker who does not play
    c = CheckNewGame(f);
    REQUIRE(c.Ok());
    CHECK(c.header_line == "game players=Ann,Bob,Cy,Dee cash=100000 broker=Zelda");
    f.broker.name = "dee";  // a player's name typed: that player, as the header spells it
    CHECK(CheckNewGame(f).header_line == "game players=Ann,Bob,Cy,Dee cash=100000 broker=Dee");
    f.sec.other = true;
    CHECK(CheckNewGame(f).sec_error == "Type the name of the SEC guy who does not play, or pick a player.");
    f.sec = RolePick{};
    f.sec.player = 7;  // the players changed under the pick
    CHECK(CheckNewGame(f).sec_error == "Pick the SEC guy again: the players have changed.");
}

TEST_CASE("the recent games list reads players, year, entries, last played and fingerprint from the file") {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "rutland-test-start-view";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "g.rutland").string();
    {
        std::string error;
        ParseResult header = ParseCommand("game players=Ann,Bob start=@market-1,@market-1");
        auto s = Session::Create(path, std::get<GameHeader>(header.command->action), "2026-11-24T09:31:17Z", "broker", "t", &error);
        REQUIRE(s);
        REQUIRE(s->Submit(std::string_view("roll 3 4 2"), "2026-11-24T10:02:05Z", "broker").accepted);
    }
    const RecentGame r = ReadRecentGame(path);
    CHECK(r.error.empty());
    CHECK(r.players == std::vector<std::string>{"Ann", "Bob"});
    CHECK(r.year == 1);
    CHECK(r.entries == 2);
    CHECK(r.last_played == "2026-11-24 10:02");
    CHECK(r.fingerprint.size() == 19);  // 16 hex digits in groups of 4
    CHECK_FALSE(ReadRecentGame((dir / "missing.rutland").string()).error.empty());
    std::filesystem::remove_all(dir);
}

TEST_CASE("start spaces on the new-game form: blank (each first roll names its space), one for everyone, or one per player") {
    NewGameForm f = Form("Ann, Bob, Cy");
    CHECK(CheckNewGame(f).header_line == "game players=Ann,Bob,Cy cash=100000");  // as before: no start=
    f.start = "@market-1";
    NewGameCheck c = CheckNewGame(f);
    REQUIRE_MESSAGE(c.Ok(), c.start_error, c.form_error);
    CHECK(c.header_line == "game players=Ann,Bob,Cy cash=100000 start=@market-1,@market-1,@market-1");
    CHECK(c.header->start.size() == 3);
    f.start = "market-1, @market-1 market-1";
    CHECK(CheckNewGame(f).header_line == "game players=Ann,Bob,Cy cash=100000 start=@market-1,@market-1,@market-1");
    f.start = "@market-1, @market-1";
    CHECK(CheckNewGame(f).start_error ==
          "Give one start space for every player, or one for each of the 3 players in turn order (this is 2).");
    CHECK_FALSE(CheckNewGame(f).Ok());
    f.start = "@nowhere";
    CHECK(CheckNewGame(f).start_error.starts_with("No space 'nowhere' on the board standard"));
    CHECK_FALSE(CheckNewGame(f).Ok());
}

TEST_CASE("Tab and Shift+Tab go round every stop of the start screen") {
    CHECK(NextStop(0, +1, 20) == 1);
    CHECK(NextStop(19, +1, 20) == 0);
    CHECK(NextStop(0, -1, 20) == 19);
    CHECK(NextStop(25, +1, 20) == 6);  // a screen that has fewer stops than it had
    CHECK(NextStop(3, +1, 0) == 0);
}
