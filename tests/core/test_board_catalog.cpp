// Named boards: a complete board (BD-1, BD-3, the prospectus), the user boards the app
// installs (board_catalog.h invariant 1), and a game started on one by `board=NAME`.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "lang/command.h"
#include "model/board_catalog.h"
#include "rules/rules.h"
#include "bbr_names.h"
#include "board_json.h"

using namespace rutland;

namespace {

using rutland::testing::InstalledFor;
using rutland::testing::SpaceJson;
using rutland::testing::StandardJson;

// Why the JSON cannot be a table's board: FromJson's reason, else CheckCompleteBoard's; "" if it can.
std::string WhyNot(const nlohmann::json& json) {
    std::string error;
    std::optional<Board> board = Board::FromJson(json.dump(), &error);
    if (!board) return error;
    return CheckCompleteBoard(*board).value_or("");
}

std::shared_ptr<const Board> Renamed(nlohmann::json json, const std::string& name) {
    json["name"] = name;
    std::string error;
    std::optional<Board> board = Board::FromJson(json.dump(), &error);
    REQUIRE_MESSAGE(board, error);
    return std::make_shared<const Board>(std::move(*board));
}


} // namespace

TEST_CASE("BD-1 BD-3: the standard board is a complete table's board") {
    CHECK(WhyNot(StandardJson()) == "");
    // Hand count of standard.json: 24 subsidiaries + 2 preferred + 2 rights + puts + calls kind-verified (30),
    // Fulwell trend and Ask, Derwent trend (3): 33 of 200 facts.
    const VerifiedCount count = CountVerified(*BuiltinBoard("standard"));
    CHECK(count.verified == 33);
    CHECK(count.facts == 200);
    CHECK(count.spaces == 0);
}

TEST_CASE("BD-1: a board of 39 spaces is refused") {
    nlohmann::json board = StandardJson();
    // Drop Market 6 (position 33) and move the spaces after it down, so only the count is wrong.
    auto& spaces = board["spaces"];
    for (size_t i = 0; i < spaces.size(); ++i)
        if (spaces[i]["name"] == "market-6") spaces.erase(i);
    for (auto& s : spaces)
        if (s["position"].get<int>() > 33) s["position"] = s["position"].get<int>() - 1;
    CHECK(WhyNot(board) == "a board has 40 spaces in a ring, this one has 39 (BD-1)");
}

TEST_CASE("BD-1: a board missing a subsidiary of the prospectus is refused") {
    nlohmann::json board = StandardJson();
    // Kaptey becomes a market space called market-7: still 40 spaces, one subsidiary short.
    nlohmann::json& kaptey = SpaceJson(board, "kaptey");
    kaptey = {{"name", "market-7"}, {"label", "Market 7"}, {"kind", "market"}, {"position", kaptey["position"]},
              {"trend", "UDUD"}, {"ask", ""}, {"bid", "YBR"}};
    CHECK(WhyNot(board) ==
          "the subsidiary kaptey of Yellow is missing: every one of the 24 subsidiaries of the prospectus has its space "
          "(BD-1, RULES.md section 2)");
}

TEST_CASE("BD-3: an Ask on a non-subsidiary, a subsidiary without its triplet, a space without Bids are refused") {
    nlohmann::json board = StandardJson();
    SpaceJson(board, "puts")["ask"] = "Y";
    CHECK(WhyNot(board) == "space 'puts': an Ask on a non-subsidiary space breaks BD-3");
    board = StandardJson();
    SpaceJson(board, "brada")["ask"] = "YR";
    CHECK(WhyNot(board) == "space 'brada': a subsidiary shows an Ask triplet (three companies), this one has 2 (BD-3)");
    board = StandardJson();
    SpaceJson(board, "market-2")["bid"] = "";
    CHECK(WhyNot(board) == "space 'market-2': every space that is not a subsidiary shows market Bids, this one has none (BD-3)");
    board = StandardJson();
    SpaceJson(board, "preferred-blue")["bid"] = "YRG";
    CHECK(WhyNot(board) == "space 'preferred-blue': PREFERRED Blue shows a Bid for Blue (BD-3)");
}

TEST_CASE("BD-1: a board with a third RIGHTS OFFERING space or no TIME space is refused") {
    nlohmann::json board = StandardJson();
    SpaceJson(board, "market-1")["kind"] = "rights";
    CHECK(WhyNot(board) == "a board has two RIGHTS OFFERING spaces, this one has 3 (BD-1)");
    board = StandardJson();
    for (const char* t : {"time-1", "time-2", "time-3", "time-4"}) SpaceJson(board, t)["kind"] = "market";
    CHECK(WhyNot(board) == "a board has TIME spaces, this one has none (BD-1)");
}

TEST_CASE("D-2: a user board may not take a built-in board's name, nor a name that is not a file name") {
    BoardCatalog catalog;
    std::string why;
    CHECK_FALSE(catalog.Add(Renamed(StandardJson(), "standard"), &why));
    CHECK(why == "'standard' is a built-in board's name: give the table's board another name");
    CHECK_FALSE(catalog.Add(Renamed(StandardJson(), "../home"), &why));
    CHECK(why.find("lower-case letters, digits and '-'") != std::string::npos);
    CHECK(catalog.Empty());
    CHECK(catalog.Add(Renamed(StandardJson(), "home"), &why));
    CHECK(catalog.Names() == std::vector<std::string>{"home"});
}

TEST_CASE("D-2: board=NAME starts a game on an installed user board, after the built-in ones") {
    nlohmann::json json = StandardJson();
    SpaceJson(json, "brada")["trend"] = "DDDD";
    SpaceJson(json, "brada")["trend_verified"] = true;
    auto catalog = std::make_shared<BoardCatalog>();
    std::string why;
    REQUIRE_MESSAGE(catalog->Add(Renamed(json, "home"), &why), why);

    GameHeader header;
    header.players = {"Ann", "Bob"};
    header.board = "home";
    StartResult refused = StartGame(header);  // nothing installed: the core knows no "home"
    REQUIRE(refused.rejection);
    CHECK(refused.rejection->message == "no board called 'home' (boards: standard)");
    CHECK(refused.rejection->rule == "D-2");

    InstalledFor installed(catalog);
    StartResult started = StartGame(header);
    REQUIRE_MESSAGE(started.state, (started.rejection ? started.rejection->message : ""));
    const Board& board = *started.state->board;
    CHECK(board.Name() == "home");
    const Space& brada = board.At(*board.Find("brada", nullptr));
    CHECK(brada.trend.value == Trends{Trend::Down, Trend::Down, Trend::Down, Trend::Down});
    CHECK(brada.trend.verified);
    // A built-in name still means the built-in board (board_catalog.h invariant 2).
    header.board = "standard";
    CHECK(StartGame(header).state->board == BuiltinBoard("standard"));
    CHECK(KnownBoardNames() == std::vector<std::string>{"standard", "home"});
}
