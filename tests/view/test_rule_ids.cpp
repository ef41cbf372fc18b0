// The rule IDs the dashboard underlines in a game's words when it knows the game only through the
// facade (kit/view/rule_ids.h): what Flutter's rule book (OpenGame::RuleText) has, where the words
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

TEST_CASE("rule ids: a text drawn in every frame is searched once, when it first appears, and the cache stays bounded") {
    testing::DeskGame d = testing::DeskInMemory("flutter", "game flutter players=Ann,Bob");
    const host::OpenGame& game = *d.game;
    int searches = 0;
    const view::RuleIdCache::Finder find = [&](std::string_view words) {
        ++searches;
        return FlutterIds(game, words);
    };
    view::RuleIdCache cache;
    const std::string words = "corrected by BD-7 (T-4)";
    // Sixty frames of the same words: one search, the same IDs as a search of its own.
    for (int frame = 0; frame < 60; ++frame) {
        const std::vector<view::RuleIdAt>& ids = cache.Find(words, find);
        REQUIRE(ids.size() == FlutterIds(game, words).size());
    }
    CHECK(searches == 1);
    // Changed words are searched again.
    CHECK(cache.Find("see T-4", find).size() == FlutterIds(game, "see T-4").size());
    CHECK(searches == 2);
    // A long game's changing lines: never more than the bound is kept.
    for (size_t i = 0; i < view::RuleIdCache::kMaxTexts + 10; ++i) cache.Find("line " + std::to_string(i) + " T-4", find);
    CHECK(cache.Size() <= view::RuleIdCache::kMaxTexts);
    CHECK(cache.Size() > 0);
}
