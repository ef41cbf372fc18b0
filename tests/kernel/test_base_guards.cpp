// The kernel's input guards, game-free (core/base: json_guard.h, names.h rules 2 and 4,
// safe_text.h FreeTextProblem, ShortText and the stamp bound, text.h LineKeys). Every game's use of
// them is tested on every registered game by tests/view/test_input_guards.cpp.
#include <doctest/doctest.h>

#include "base/json_guard.h"
#include "base/names.h"
#include "base/safe_text.h"
#include "base/text.h"

using namespace rutland;

namespace {
constexpr JsonBounds kBaseGuardBounds{1000, 3, "the test file", "a test", "kTestBytes", "kTestDepth"};
} // namespace

TEST_CASE("json guard: size, depth and a key twice are refused before parsing; plain JSON passes") {
    CHECK_FALSE(JsonGuardProblem(R"({"a":[{"b":1}],"c":"x"})", kBaseGuardBounds));
    CHECK_FALSE(JsonGuardProblem(R"({"a":{"k":1},"b":{"k":2}})", kBaseGuardBounds));  // one key in two objects
    CHECK_FALSE(JsonGuardProblem(R"(["a","a"])", kBaseGuardBounds));                  // values, not keys
    CHECK_FALSE(JsonGuardProblem(R"({"a":"b\"c","b\"c":1})", kBaseGuardBounds));      // an escaped quote
    const auto big = JsonGuardProblem(std::string(1001, ' '), kBaseGuardBounds);
    REQUIRE(big);
    CHECK(big->find("1,001 bytes, over the limit of 1,000 bytes for a test (kTestBytes)") != std::string::npos);
    const auto deep = JsonGuardProblem("[[[[1]]]]", kBaseGuardBounds);
    REQUIRE(deep);
    CHECK(deep->find("more than 3 deep (byte 3)") != std::string::npos);
    CHECK_FALSE(JsonGuardProblem("[[[1]]]", kBaseGuardBounds));
    CHECK_FALSE(JsonGuardProblem(R"(["[[[[", "{{{{"])", kBaseGuardBounds));  // brackets in strings
    const auto twice = JsonGuardProblem(R"({"a":1,"b":2,"a":3})", kBaseGuardBounds);
    REQUIRE(twice);
    CHECK(twice->find("the key \"a\" is given twice in one object") != std::string::npos);
    CHECK(JsonGuardProblem(R"({"a":1,"\u0061":2})", kBaseGuardBounds));  // one key, spelt two ways
    CHECK(JsonGuardProblem(R"({"x":{"a":1,"a":2}})", kBaseGuardBounds));
    // A key is quoted short and escaped.
    const auto raw = JsonGuardProblem("{\"\x1b" + std::string(200, 'k') + "\":1,\"\x1b" + std::string(200, 'k') + "\":2}",
                                      JsonBounds{10000, 3, "f", "t", "b", "d"});
    REQUIRE(raw);
    CHECK(raw->find('\x1b') == std::string::npos);
    CHECK(raw->size() < 200);
}

TEST_CASE("names rule 2: a name typed now holds no invisible character nor a space at its edges") {
    CHECK_FALSE(TypedNameProblem("Cy"));
    CHECK_FALSE(TypedNameProblem("\xc3\x89va"));           // Éva
    CHECK_FALSE(TypedNameProblem("Mary\xc2\xa0" "Ann"));   // NBSP inside: a name of two words
    CHECK(TypedNameProblem("Cy\xe3\x85\xa4") == "U+3164, an invisible character");
    CHECK(TypedNameProblem("Cy\xcd\x8f") == "U+034F, an invisible character");
    CHECK(TypedNameProblem("\xc2\xa0" "Cy") == "U+00A0, a space at its start");
    CHECK(TypedNameProblem("Cy\xe3\x80\x80") == "U+3000, a space at its end");
    CHECK(TypedNameProblem("C\xe2\x80\xaey")->find("bidi") != std::string::npos);
    // A stored name keeps rule 2 as it was (rule 3).
    CHECK_FALSE(NameProblem("Cy\xe3\x85\xa4"));
    CHECK(ShowName("Cy\xe3\x85\xa4") == "Cy<U+3164>");
}

TEST_CASE("names rule 4: look-alike names clash, by ICU's confusable skeletons; different names do not") {
    CHECK(NamesClash("Cy", "\xd0\xa1y"));         // Cyrillic С
    CHECK(NamesClash("Ann", "\xef\xbc\xa1nn"));   // fullwidth Ａ
    CHECK(NamesClash("Ann", "\xce\x91nn"));       // Greek Α
    CHECK(NamesClash("Al", "AI"));                // l and capital I
    CHECK(NamesClash("ann", "ANN"));              // rule 1
    CHECK_FALSE(NamesClash("Ann", "Bob"));
    CHECK_FALSE(NamesClash("Cy", "Cyd"));
    CHECK_FALSE(NamesClash("\xc3\x89va", "Eva"));  // Éva and Eva are two people
    const std::vector<std::string> names = {"Ann", "Cy", "Bob", "\xd0\xa1y"};
    const auto clash = FirstNameClash(names);
    REQUIRE(clash);
    CHECK(clash->earlier == 1);
    CHECK(clash->later == 3);
    CHECK_FALSE(clash->same);
    const std::string words = NameClashWords(names[1], names[3], false);
    CHECK(words.find("'\xd0\xa1y' (U+0421) looks like 'Cy'") != std::string::npos);
    const std::vector<std::string> same = {"\xc3\x89va", "\xc3\xa9va"};
    REQUIRE(FirstNameClash(same));
    CHECK(FirstNameClash(same)->same);
}

TEST_CASE("free text: control, line-separator and bidi characters are named; a refusal quotes a short escaped prefix") {
    CHECK_FALSE(FreeTextProblem("a plain note, \xc3\xa9t\xc3\xa9"));
    CHECK(FreeTextProblem("a\x1b[2J") == "U+001B, a control character");
    CHECK(FreeTextProblem("a\xe2\x80\xae" "b") == "U+202E, a bidi control character, which changes the order text reads in");
    CHECK(FreeTextProblem("a\xe2\x80\xa8" "b") == "U+2028, a line break");
    CHECK(FreeTextProblem("a\tb"));
    CHECK_FALSE(FreeTextProblem("a\tb", true));
    const std::string huge(7000000, 'x');
    const std::string shown = ShortText("\x1b" + huge);
    CHECK(shown.size() < 100);
    CHECK(shown.find('\x1b') == std::string::npos);
    CHECK(shown.find("7,000,001 bytes in all") != std::string::npos);
    CHECK(ShortText("short") == "short");
    CHECK(StampTextProblem(std::string(kMaxStampFieldBytes, 'a')) == std::nullopt);
    CHECK(StampTextProblem(std::string(kMaxStampFieldBytes + 1, 'a'))->find("(kMaxStampFieldBytes)") != std::string::npos);
}

TEST_CASE("line keys: a key twice in one line, whatever its case") {
    LineKeys keys;
    CHECK_FALSE(keys.Twice("cash"));
    CHECK_FALSE(keys.Twice("W"));
    CHECK(keys.Twice("CASH"));
    CHECK(keys.Twice("w"));
}

TEST_CASE("json output: bidi, line-separator and C1 characters are escaped; other text passes byte for byte") {
    CHECK(JsonEscapedControls(R"({"a":"plain \u001b é"})") == R"({"a":"plain \u001b é"})");
    CHECK(JsonEscapedControls("{\"a\":\"x\xe2\x80\xaey\"}") == R"({"a":"x\u202ey"})");
    CHECK(JsonEscapedControls("[\"\xe2\x80\xa8\xe2\x80\xa9\xc2\x85\"]") == R"(["\u2028\u2029\u0085"])");
}
