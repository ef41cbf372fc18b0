// Long text on the dashboard (display_text.h): cut for display with its length and where
// to read it whole; short text untouched.
#include <doctest/doctest.h>

#include <string>

#include "display_text.h"

using namespace rutland::view;

TEST_CASE("display text: a short note is shown as it is") {
    CHECK(CutForDisplay("note Bob disputes the roll") == "note Bob disputes the roll");
    const std::string exactly(kShownChars, 'x');
    CHECK(CutForDisplay(exactly) == exactly);
}

TEST_CASE("display text: a 32,000-character note is cut to the first characters, with its length and where to see it") {
    const std::string note(32000, 'x');  // no space: cut at exactly kShownChars characters
    const std::string shown = CutForDisplay(note);
    CHECK(shown.size() < 600);
    CHECK(shown.substr(0, 400) == std::string(400, 'x'));
    CHECK(shown.substr(400) ==
          "\u2026 (32,000 characters: select its entry in the Ledger tab, or run rutland-cli explain, to see it whole)");
}

TEST_CASE("display text: the cut falls at a space near the limit, and never inside a character") {
    // 99 words of "abc " (396 characters) then "defghij...": the cut goes back to the last space.
    std::string words;
    for (int i = 0; i < 99; ++i) words += "abc ";
    const std::string text = words + std::string(100, 'd');
    const std::string shown = CutForDisplay(text);
    CHECK(shown.substr(0, 395) == words.substr(0, 395));  // "abc ... abc" without the trailing space
    CHECK(shown.substr(395, 3) == "\u2026");
    CHECK(shown.find("(496 characters:") != std::string::npos);  // 396 + 100
    // Two-byte characters: 500 of them, cut after 400 characters = 800 bytes, on a character boundary.
    std::string accents;
    for (int i = 0; i < 500; ++i) accents += "\u00e9";
    CHECK(CountChars(accents) == 500);
    const std::string cut = CutForDisplay(accents);
    CHECK(cut.substr(0, 800) == accents.substr(0, 800));
    CHECK(cut.substr(800, 3) == "\u2026");
    CHECK(cut.find("(500 characters:") != std::string::npos);
}
