// What the players' window of a desk game shows (OpenGame::PlayersText, HostDesk::PlayersNow): the
// state the whole table may see. Corporate Gigabucks hides every player's cash unless the header opens
// it (games/gigabucks/docs/RULES.md DS-6); a game that hides nothing shows its state's words.
#include <doctest/doctest.h>

#include <string>

#include "desk_fixture.h"

using namespace rutland;

namespace {

// The players' cash as the JSON state has it, each as the words would print it ("313 G").
std::vector<std::string> CashWords(const host::OpenGame& game) {
    std::vector<std::string> out;
    const nlohmann::json state = nlohmann::json::parse(game.StateJson());
    for (const nlohmann::json& p : state["players"]) out.push_back(std::to_string(p["cash"].get<long>()) + " G");
    return out;
}

} // namespace

TEST_CASE("DS-6: the players' window of a Gigabucks game shows no player's cash, unless open-money opens it") {
    testing::DeskGame hidden = testing::DeskInMemory("gigabucks", "game gigabucks players=Ann,Bob,Cy");
    REQUIRE(testing::DeskType(*hidden.desk, "p12"));
    REQUIRE(testing::DeskType(*hidden.desk, "ch Bob 4"));
    const std::vector<std::string> cash = CashWords(*hidden.game);
    REQUIRE(cash.size() == 3);
    for (const std::string& c : cash) {
        CHECK(hidden.game->StateText().find(c) != std::string::npos);  // the broker's desk: every cash
        CHECK(hidden.desk->PlayersNow().find(c) == std::string::npos);  // the table's window: none
    }
    CHECK(hidden.desk->PlayersNow().find("Bob") != std::string::npos);

    testing::DeskGame open = testing::DeskInMemory("gigabucks", "game gigabucks players=Ann,Bob,Cy variants=open-money");
    REQUIRE(testing::DeskType(*open.desk, "p12"));
    REQUIRE(testing::DeskType(*open.desk, "ch Bob 4"));
    for (const std::string& c : CashWords(*open.game)) CHECK(open.desk->PlayersNow().find(c) != std::string::npos);
}

TEST_CASE("players' window: a game that hides nothing shows its state's words (Flutter)") {
    testing::DeskGame d = testing::DeskInMemory("flutter", "game flutter players=Ann,Bob");
    CHECK(d.desk->PlayersNow() == d.game->StateText());
}
