// The turn (T-1..T-6), setup (G-1..G-4), proxies and escrow election (E-1, E-2) and the
// provisional board's notices (D-2), through the table language.
#include <doctest/doctest.h>

#include "table_fixture.h"

using rutland::Company;
using rutland::testing::Table;

TEST_CASE("G-1 / G-4: players start with their cash, prices at Issue, normal volatility, year 1") {
    Table t("game players=Ann,Bob,Cy cash=150k");
    CHECK(t.Cash("Ann") == 150000);
    CHECK(t.Cash("Cy") == 150000);
    CHECK(t.Price(Company::Yellow) == 200);
    CHECK(t.Price(Company::Red) == 100);
    CHECK(t.State().year == 1);
    CHECK(t.State().year_cards == 3);  // D-4: Time cards per year = players
    CHECK(t.State().bank.cents() == -450000 * 100);
}

TEST_CASE("G-1: 2 to 8 players with distinct names and at least $100,000; unknown variants refused") {
    auto start = [](const char* line) {
        auto parsed = rutland::ParseCommand(line);
        REQUIRE(parsed.command.has_value());
        return rutland::StartGame(std::get<rutland::GameHeader>(parsed.command->action));
    };
    CHECK(start("game players=Ann").rejection->rule == "G-1");
    CHECK(start("game players=A,B,C,D,E,F,G,H,I").rejection->rule == "G-1");
    CHECK(rutland::ParseCommand("game players=Ann,ann").error.has_value());  // the parser refuses it already
    rutland::GameHeader twins;
    twins.players = {"Ann", "ann"};
    CHECK(rutland::StartGame(twins).rejection->rule == "G-1");
    CHECK(start("game players=Ann,Bob cash=50000").rejection->rule == "G-1");
    CHECK(start("game players=Ann,Bob board=moon").rejection->rule == "D-2");
    CHECK(start("game players=Ann,Bob variants=martian").rejection.has_value());
    CHECK(start("game players=Ann,Bob start=@nowhere").rejection->rule == "G-2");
    auto ok = start("game players=Ann,Bob year-cards=5 variants=uptick,rollback-cover=0.50 start=@fulw");
    REQUIRE(ok.state.has_value());
    CHECK(ok.state->year_cards == 5);
    CHECK(ok.state->variants.uptick);
    CHECK(ok.state->variants.rollback_cover_half);
    CHECK(ok.canonical.start[0] == "fulwell");
}

TEST_CASE("G-2: start= with one space starts every player there, a list each player in turn order") {
    Table all("game players=Ann,Bob,Cy start=@market-1");
    const auto& board = *all.State().board;
    const int market1 = *board.Find("market-1", nullptr);
    for (const char* name : {"Ann", "Bob", "Cy"}) {
        REQUIRE(all.Player(name).space.has_value());
        CHECK(*all.Player(name).space == market1);
    }
    CHECK(all.Log().At(0).line.find(" start=@market-1") != std::string::npos);
    all.Play("player Bob");
    all.Play("roll 2 3 1");  // Bob's first roll needs no @space
    CHECK(*all.Player("Bob").space == board.Advance(market1, 5));
    Table some("game players=Ann,Bob,Cy start=@market-1,@fulwell");
    CHECK(*some.Player("Bob").space == *board.Find("fulwell", nullptr));
    CHECK_FALSE(some.Player("Cy").space.has_value());  // a shorter list leaves the rest unknown
}

TEST_CASE("T-1: the current player rolls two travelling dice 1-6, once a turn") {
    Table t("game players=Ann,Bob");
    t.Reject("roll 7 1 1 @fulwell", "T-1");
    t.Reject("roll 0 1 1 @fulwell", "T-1");
    t.Reject("Bob: roll 1 2 1 @fulwell", "T-1");
    t.Reject("roll 1 2 1", "T-1");  // Ann's pawn has no known space yet
    t.Reject("roll 1 2 1 @nowhere", "BD-1");
    t.Reject("end", "T-1");  // not rolled
    t.Play("roll 1 2 1 @fulwell");
    t.Reject("roll 1 2 1 @fulwell", "T-1");
    CHECK(t.State().rolled);
}

TEST_CASE("T-1: without @space the pawn moves by the board order from where it stands") {
    Table t("game players=Ann,Bob start=@fulwell,@derwent");
    const auto& board = *t.State().board;
    const int from = *board.Find("fulwell", nullptr);
    t.Play("roll 3 4 1");
    CHECK(t.Player("Ann").space == board.Advance(from, 7));
    CHECK(*t.State().turn_space == board.Advance(from, 7));
}

TEST_CASE("T-1: '@time' names the Time space the board order reaches; without a known pawn it is ambiguous") {
    // No start spaces (start= with one would start both: COMMANDS.md): each pawn is known from its
    // first roll's @space on.
    Table t("game players=Ann,Bob");
    const auto& board = *t.State().board;
    const int market1 = *board.Find("market-1", nullptr);
    int steps = 2;
    while (board.At(board.Advance(market1, steps)).kind.value != rutland::SpaceKind::Time) ++steps;
    REQUIRE(steps <= 7);  // reachable with one die on 1
    t.Play("roll 1 2 1 @market-1\nend");
    CHECK(t.Reject("roll 1 2 1 @time", "BD-1").find("ambiguous") != std::string::npos);  // Bob: no known space
    t.Play("roll 1 2 1 @market-1\nend");
    t.Play("roll 1 " + std::to_string(steps - 1) + " 1 @time");  // Ann, from market-1
    CHECK(board.At(*t.Player("Ann").space).name.rfind("time-", 0) == 0);
    CHECK_FALSE(t.LastSaid("the table wins"));
    t.Play("time");  // T-4: the card comes before the end of the turn
}

TEST_CASE("D-2: when the table disagrees with the board order the table wins and the ledger says so") {
    Table t("game players=Ann,Bob start=@fulwell,@derwent");
    const auto& board = *t.State().board;
    const int expected = board.Advance(*board.Find("fulwell", nullptr), 7);
    const std::string elsewhere = board.At(expected).name == "derwent" ? "@ioco" : "@derwent";
    t.Play("roll 3 4 1 " + elsewhere);
    CHECK(board.At(*t.Player("Ann").space).name == elsewhere.substr(1));
    CHECK(t.LastSaid("the table wins"));
}

TEST_CASE("D-2: a Market Open on unverified arrows is flagged; a correction is verified from then on") {
    Table t("game players=Ann,Bob");
    t.Play("roll 1 1 1 @ioco");
    CHECK(t.LastSaid("provisional, not verified"));
    CHECK(t.LastEffects()[1].rule == "D-2");
    t.Play("end\nboard @ioco trend=UUUU ask=YBR");
    CHECK(t.LastSaid("board corrected from the physical board at Ioco: arrows UUUU"));
    CHECK(t.LastSaid("Ask YBR"));
    const int yellow = t.Price(Company::Yellow);
    t.Play("roll 1 1 1 @ioco");
    CHECK(t.LastSaid("arrows UUUU (verified)"));
    CHECK(t.Price(Company::Yellow) == yellow + 5);
    t.Play("buy Y 5k");  // the corrected Ask is used
    CHECK_FALSE(t.LastSaid("provisional"));
}

TEST_CASE("D-2: board corrections obey BD-1 and BD-3") {
    Table t("game players=Ann,Bob");
    t.Reject("board @market-1 ask=YBR", "BD-3");
    t.Reject("board @fulwell bid=Y", "BD-3");
    t.Reject("board @fulwell ask=BR", "BD-3");
    t.Reject("board @market-1 bid=-", "BD-3");
    t.Reject("board @preferred-yellow bid=BR", "BD-3");
    t.Reject("board @fulwell kind=time", "BD-1");
    t.Reject("board @market-1 pos=40", "BD-1");
    t.Reject("board @nowhere trend=UUUU", "D-2");
    t.Play("board @market-3 kind=time");
    t.Play("board @fulwell pos=0");
    const auto& board = *t.State().board;
    CHECK(board.At(*board.Find("market-3", nullptr)).kind.value == rutland::SpaceKind::Time);
    CHECK(board.At(board.AtPosition(0)).name == "fulwell");
    CHECK(board.At(board.AtPosition(0)).position.verified);
}

TEST_CASE("D-5: the yellow die allows 1-3 (normal volatility)") {
    Table t("game players=Ann,Bob");
    CHECK(t.Reject("roll 1 2 4 @fulwell", "D-5") == "the yellow volatility die (normal volatility) shows 1 to 3, got 4 (D-5)");
    t.Reject("roll 1 2 0 @fulwell", "D-5");
    t.Play("roll 1 2 3 @fulwell");
}

TEST_CASE("T-2: the Market Open is the first event, before any transaction") {
    Table t("game players=Ann,Bob");
    t.Reject("buy B 5k", "T-2");
    t.Reject("sell B 5k", "T-2");
    t.Reject("short B 5k", "T-2");
    t.Play("roll 1 2 1 @fulwell");
    CHECK(t.LastEffects()[0].kind == rutland::EffectKind::Pawn);
}

TEST_CASE("T-5 / G-2: doubles give the same player another turn; otherwise the next player in order") {
    Table t("game players=Ann,Bob,Cy");
    t.Play("roll 2 2 1 @fulwell\nend");
    CHECK(t.State().current == t.P("Ann"));
    CHECK(t.LastSaid("rolled doubles and takes another turn"));
    t.Play("roll 2 3 1 @fulwell\nend");
    CHECK(t.State().current == t.P("Bob"));
    t.Play("roll 2 3 1 @fulwell\nend\nroll 6 5 1 @fulwell\nend");
    CHECK(t.State().current == t.P("Ann"));
}

TEST_CASE("T-6 / G-2: transactions only by the current player, on the landed space; 'player' repairs the order") {
    Table t("game players=Ann,Bob");
    t.Play("roll 1 2 1 @fulwell");
    t.Reject("Bob: buy B 5k", "T-6");
    t.Play("Ann: buy B 5k");
    t.Reject("player Zed", "G-2");
    t.Play("player Bob");
    CHECK(t.State().current == t.P("Bob"));
    CHECK_FALSE(t.State().rolled);
    t.Reject("buy B 5k", "T-2");
    t.Reject("Zed: buy B 5k", "G-2");
}

TEST_CASE("T-3 / E-1: landing on a subsidiary earns its proxy once") {
    Table t("game players=Ann,Bob");
    t.Play("roll 1 2 1 @fulwell");
    CHECK(t.LastSaid("Ann earns the Fulwell proxy (Blue proxies: 1 of 6)"));
    t.Play("end\nroll 1 2 1 @fulwell\nend\nroll 1 2 1 @fulwell");
    CHECK_FALSE(t.LastSaid("proxy"));
    t.Play("end\nroll 1 2 1 @market-1");
    CHECK(t.Player("Ann").HasProxy(*t.State().board->Find("fulwell", nullptr)));
    CHECK(t.Player("Bob").HasProxy(*t.State().board->Find("fulwell", nullptr)));
}

namespace {

// Lands `who` on all six subsidiaries of `company` on doubles, ending each turn.
void CollectProxies(Table& t, Company company) {
    for (std::string_view sub : rutland::GetProspectus(company).subsidiaries)
        t.Play("roll 1 1 1 @" + std::string(sub) + "\nend");
}

} // namespace

TEST_CASE("E-2: the first player with all six proxies is elected escrow director, one escrow each") {
    Table t("game players=Ann,Bob");
    CollectProxies(t, Company::Green);
    CHECK(t.Player("Ann").escrow == Company::Green);
    CollectProxies(t, Company::Red);  // a second escrow is not automatic
    CHECK(t.Player("Ann").escrow == Company::Green);
    t.Play("roll 1 2 1 @fulwell\nend");
    CollectProxies(t, Company::Green);  // Bob completes Green too late
    CHECK_FALSE(t.Player("Bob").escrow.has_value());
    CollectProxies(t, Company::Red);  // but Red is still unclaimed
    CHECK(t.Player("Bob").escrow == Company::Red);
}

TEST_CASE("E-1: once all four escrow directorships are taken, proxies are no longer recorded") {
    Table t("game players=Ann,Bob,Cy,Dee");
    const Company order[] = {Company::Yellow, Company::Blue, Company::Red, Company::Green};
    for (Company c : order) {
        CollectProxies(t, c);
        t.Play("roll 1 2 1 @market-1\nend");  // pass to the next player
    }
    for (const char* name : {"Ann", "Bob", "Cy", "Dee"}) CHECK(t.Player(name).escrow.has_value());
    t.Play("roll 1 2 1 @fulwell");  // Ann, who holds no Blue proxy
    CHECK(t.LastSaid("proxies are no longer recorded"));
    CHECK_FALSE(t.Player("Ann").HasProxy(*t.State().board->Find("fulwell", nullptr)));
}

TEST_CASE("note: a free note is accepted at any time and changes nothing but the ledger") {
    Table t("game players=Ann,Bob");
    const std::string before = rutland::StateToJson(t.State()).dump();
    t.Play("note Bob says the Ask at Haszard is Yellow # he is sure");
    CHECK(rutland::StateToJson(t.State()).dump() == before);
    CHECK(t.Log().At(1).line == "note Bob says the Ask at Haszard is Yellow # he is sure");  // a note is verbatim
}
