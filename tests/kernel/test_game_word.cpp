// The game word of a header line (core/kernel/game_word.h): `game toy players=A,B` names the toy,
// a header without the word (Big Board Raiders', as every file before games had names) names none.
#include <doctest/doctest.h>

#include <optional>
#include <string_view>

#include "kernel/game_word.h"

using rutland::HeaderGameWord;

TEST_CASE("game word: the second token of a header, when it is not an option") {
    CHECK(HeaderGameWord("game toy players=A,B") == std::optional<std::string_view>("toy"));
    CHECK(HeaderGameWord("game flutter players=Ann,Bob cash=100") == std::optional<std::string_view>("flutter"));
    CHECK(HeaderGameWord("  GAME\tbig-board-raiders  players=Ann") == std::optional<std::string_view>("big-board-raiders"));
    CHECK(HeaderGameWord("game flutter") == std::optional<std::string_view>("flutter"));
    CHECK(HeaderGameWord("game Toy players=A") == std::optional<std::string_view>("Toy"));  // as typed: comparing is the caller's
}

TEST_CASE("game word: a view into the line") {
    const std::string_view line = "game toy players=A,B";
    const std::optional<std::string_view> word = HeaderGameWord(line);
    REQUIRE(word);
    CHECK(word->data() == line.data() + 5);
    CHECK(word->size() == 3);
}

TEST_CASE("game word: none in a Big Board Raiders header or a line that is not a header") {
    CHECK_FALSE(HeaderGameWord("game players=Ann,Bob,Cy,Dee cash=100000"));
    CHECK_FALSE(HeaderGameWord("game"));
    CHECK_FALSE(HeaderGameWord("game   "));
    CHECK_FALSE(HeaderGameWord("game # toy"));
    CHECK_FALSE(HeaderGameWord(""));
    CHECK_FALSE(HeaderGameWord("add A 3"));
    CHECK_FALSE(HeaderGameWord("games toy players=A"));
    CHECK_FALSE(HeaderGameWord("gam toy players=A"));
    CHECK_FALSE(HeaderGameWord("# game toy players=A"));
    CHECK_FALSE(HeaderGameWord("Ann: game toy players=A"));
    CHECK_FALSE(HeaderGameWord("buy B 10k"));
}
