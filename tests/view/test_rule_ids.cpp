// The rule IDs the dashboard underlines in a game's words when it knows the game only through the
// facade (app/view/rule_ids.h): what Flutter's rule book (OpenGame::RuleText) has, where the words
// cite it, and nothing that only looks like an ID.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "desk_fixture.h"
#include "rule_ids.h"

using namespace rutland;

namespace {

std::vector<view::RuleIdAt> FlutterIds(const host::OpenGame& game, std::string_view words) {
    return view::FindRuleIds(words, [&game](std::string_view id) { return !game.RuleText(id).empty(); });
}

} // namespace

TEST_CASE("rule ids: the IDs Flutter's rule book has, where the words cite them, as the desk underlines them") {
    testing::DeskGame d = testing::DeskInMemory("flutter", "game flutter players=Ann,Bob");
    const host::OpenGame& game = *d.game;
    REQUIRE_FALSE(game.RuleText("BD-7").empty());
    REQUIRE_FALSE(game.RuleText("T-4").empty());

    const std::string words = "corrected by BD-7 (T-4), [N-1]; not 0..N-1, T-04x, ZZ-9 or BD-7-2";
    const std::vector<view::RuleIdAt> ids = FlutterIds(game, words);
    REQUIRE(ids.size() == 3);
    CHECK(ids[0].id == "BD-7");
    CHECK(words.substr(ids[0].begin, ids[0].size) == "BD-7");
    CHECK(ids[1].id == "T-4");
    CHECK(words.substr(ids[1].begin, ids[1].size) == "T-4");
    CHECK(ids[2].id == "N-1");
    CHECK(words[ids[2].begin - 1] == '[');

    // An ID the game has no rule for is no mention, however it looks (ZZ-9 above; here one at the end).
    CHECK(game.RuleText("ZZ-9").empty());
    CHECK(FlutterIds(game, "ZZ-9").empty());
    CHECK(FlutterIds(game, "").empty());
    CHECK(FlutterIds(game, "BD-7").size() == 1);
}
