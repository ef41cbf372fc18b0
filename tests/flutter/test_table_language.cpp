// Flutter's table language (RULES.md section 15): parse, print, the quick forms, and
// Parse(Print(c)) == c for every command kind.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "lang/table_language.h"

using namespace rutland::flutter;

namespace {

Command Parsed(const std::string& line) {
    const ParseResult r = ParseCommand(line);
    REQUIRE_MESSAGE(r.command, (line + ": " + (r.error ? r.error->ToString() : "blank")));
    return *r.command;
}

std::string Rule(const std::string& line) {
    const ParseResult r = ParseCommand(line);
    REQUIRE_MESSAGE(r.error, (line + " parsed"));
    return r.error->rule;
}

} // namespace

TEST_CASE("Parse(Print(c)) == c for every command kind, and Print is canonical (F-D1, L-2)") {
    const std::vector<std::string> lines = {
        "game flutter players=Ann,Bob,Cy",
        "game flutter players=Ann,Bob cash=250 target=800 board=provisional box=20 variants=rethrow-bankrupt,bonus-from-stock",
        "throw W 4", "Ann: throw white 4 @news", "w4 @L14", "k6 @M", "r2 @5", "r2 @10%", "r2 @t", "b1 @s",
        "news W up 2, dividend 10", "n u2 div10", "news d3 pu1 pd2 as none", "news up 3 @L21", "n div£15",
        "news black parent up 2, parent down 1, anti-slump, nothing",
        "buy W 2", "+w2", "+w", "Bob: buy R", "sell R 1", "-r1", "-r", "Cy: sell K 3",
        "claim", "claim Ann", "Ann: claim",
        "undo", "undo 3", "redo", "redo 2",
        "note Ann says the white peg was knocked", "note Bob: \"it was a 5\"",
        "board W name=\"Captivating Cosmetics Ltd.\" colour=Orange letter=O m=5,14 ok",
        "board m=none", "board L12 price=120 ok", "board L22 label=5% L23 label=slump", "board levels=27", "board R m=none",
        "peg W price=120 traveller=L14 anti-slump=yes", "peg R traveller=parent", "peg B traveller=news anti-slump=no",
        "count Ann cash=250 W=2 R=0", "count Bob", "player Bob",
    };
    for (const std::string& line : lines) {
        CAPTURE(line);
        const Command c = Parsed(line);
        const std::string printed = PrintCommand(c);
        CHECK(Parsed(printed) == c);
        CHECK(PrintCommand(Parsed(printed)) == printed);
    }
    // Every alternative of the variant is covered by the list above.
    std::vector<bool> seen(std::variant_size_v<Action>, false);
    for (const std::string& line : lines) seen[Parsed(line).action.index()] = true;
    for (size_t i = 0; i < seen.size(); ++i) CHECK_MESSAGE(seen[i], "no line of kind " << i);
}

TEST_CASE("a quick trade's count may stand apart, as the long form's does: `+w 2` is `buy W 2`") {
    CHECK(Parsed("+w 2") == Parsed("buy W 2"));
    CHECK(Parsed("-R 1") == Parsed("sell R 1"));
    CHECK(Parsed("Bob: +white 3") == Parsed("Bob: buy white 3"));
    CHECK(PrintCommand(Parsed("+w 2")) == "buy W 2");
    for (const char* line : {"+w2 3", "+w 2 3", "-r 1 x"}) {
        CAPTURE(line);
        CHECK_FALSE(ParseCommand(line).command);
        CHECK(ParseCommand(line).error->rule == "L-1");
    }
}

TEST_CASE("the quick forms are their long forms (section 15)") {
    CHECK(Parsed("w4") == Parsed("throw W 4"));
    CHECK(Parsed("W4 @news") == Parsed("throw w 4 @n"));
    CHECK(Parsed("+w2") == Parsed("buy W 2"));
    CHECK(Parsed("+w") == Parsed("buy W 1"));
    CHECK(Parsed("buy W") == Parsed("buy W 1"));
    CHECK(Parsed("-r1") == Parsed("sell R 1"));
    CHECK(Parsed("-r") == Parsed("sell R"));
    CHECK(Parsed("n u2 div10") == Parsed("news up 2, dividend 10"));
    CHECK(Parsed("n u2, d3") == Parsed("news up 2, down 3"));
    CHECK(Parsed("news pu1 pd2 as none") == Parsed("news parent up 1, parent down 2, anti-slump, nothing"));
    CHECK(Parsed("n W u2") == Parsed("news w up 2"));
    CHECK(Parsed("Ann: claim") == Parsed("claim Ann"));
    CHECK(Parsed("throw W 4 # the dice said so") == Parsed("throw W 4"));
    CHECK(PrintCommand(Parsed("n u2 div10")) == "news up 2, dividend 10");
    CHECK(PrintCommand(Parsed("+w2")) == "buy W 2");
    CHECK(PrintCommand(Parsed("w4 @5")) == "throw W 4 @5%");
    CHECK(PrintCommand(Parsed("w4 @20%")) == "throw W 4 @top");
    // Places: any unambiguous prefix; @5 and @10 are holes, @L5 a level.
    const auto place = [](const std::string& line) { return std::get<Throw>(Parsed(line).action).place; };
    CHECK(place("w1 @n")->kind == Place::Kind::News);
    CHECK(place("w1 @sl")->kind == Place::Kind::Slump);
    CHECK(place("w1 @t")->kind == Place::Kind::Top);
    CHECK(place("w1 @5")->kind == Place::Kind::Five);
    CHECK(place("w1 @L5")->level == 5);
    CHECK(place("w1 @m")->kind == Place::Kind::M);
    // Money: whole pounds, with or without £.
    CHECK(std::get<Header>(Parsed("game flutter players=A,B cash=£250").action).cash == Pounds(250));
    CHECK(std::get<News>(Parsed("n div£10").action).effects[0].n == 10);
}

TEST_CASE("F-D1: a Flutter script's first line is `game flutter players=...`; Big Board Raiders' header is not Flutter's (L-1)") {
    const Header h = std::get<Header>(Parsed("game flutter players=Ann,Bob,Cy").action);
    CHECK(h.players == std::vector<std::string>{"Ann", "Bob", "Cy"});
    CHECK(h.cash == Pounds(300));
    CHECK(h.target == Pounds(600));
    CHECK(h.box == 12);
    CHECK(h.board == "provisional");
    CHECK(Rule("game players=Ann,Bob") == "L-1");
    CHECK(ParseCommand("game toy players=A,B").error->message.find("`game toy` is another game's header") == 0);
    CHECK(Rule("game flutter") == "L-1");  // no players
}

TEST_CASE("L-1: a header setting given twice is refused, never read as the last one") {
    for (const char* line : {"game flutter players=Ann,Bob cash=300 cash=400", "game flutter players=Ann,Bob players=Cy,Dee",
                             "game flutter players=Ann,Bob TARGET=500 target=500", "game flutter players=Ann,Bob box=6 box=6"}) {
        CAPTURE(line);
        CHECK(Rule(line) == "L-1");
        CHECK(ParseCommand(line).error->message.find("given twice") != std::string::npos);
    }
}

TEST_CASE("L-1: a line the language does not know is rejected, naming it") {
    CHECK(Rule("end") == "L-1");  // F-D16: there is no `end`
    CHECK(Rule("roll") == "L-1");
    CHECK(Rule("game flutter players=Ann,Bob variants=double-dice") == "L-1");
    CHECK(Rule("game flutter players=Ann,Bob colour=red") == "L-1");
    CHECK(Rule("Ann: note hello") == "L-1");  // `NAME:` elsewhere
    CHECK(Rule("Ann: player Bob") == "L-1");
    CHECK(Rule("news") == "L-1");            // a card needs its effects
    CHECK(Rule("news up") == "L-1");
    CHECK(Rule("news sideways 2") == "L-1");
    CHECK(Rule("w4 @moon") == "L-1");
    CHECK(Rule("board W price=120") == "L-1");  // a price belongs to a level
    CHECK(Rule("board L12 name=\"x\"") == "L-1");
    CHECK(Rule("board W ok name=\"unclosed") == "L-1");
    CHECK(Rule("peg W traveller=M") == "L-1");
    CHECK(Rule("count Ann W=two") == "L-1");
    CHECK(Rule("game flutter players=Ann,Bo\xE2\x80\xAE" "b") == "L-1");  // a bidi control in a name
    // Bytes that are not UTF-8 text anywhere in a line (found by
    // tests/fuzz/fuzz_flutter_table_language.cpp: such a name made the state's JSON throw).
    CHECK(Rule("game flutter players=Ann,Bo\xFF\xFF" "b") == "L-1");
    CHECK(ParseCommand("game flutter players=Ann,Bo\xFF" "b").error->message.find("UTF-8") != std::string::npos);
    CHECK(Rule("Bo\xC3: claim") == "L-1");
    CHECK(Rule("note caf\xE9") == "L-1");
    CHECK(ParseCommand("w4\r").command);  // a script with CRLF line ends still plays
    // Limits, named in the message: amounts up to £1,000,000,000, holes up to 1000.
    CHECK(Rule("game flutter players=Ann,Bob cash=1000000005") == "L-1");
    CHECK(ParseCommand("game flutter players=Ann,Bob cash=1000000005").error->message.find("at most") != std::string::npos);
    CHECK(Rule("n div99999999999") == "L-1");
    CHECK(Rule("n u1001") == "L-1");
    CHECK(Rule("news up 1001") == "L-1");
    CHECK(ParseCommand("ending").error->message.find("ending") != std::string::npos);
    // Blank and comment lines are no command and no error.
    CHECK_FALSE(ParseCommand("   ").command);
    CHECK_FALSE(ParseCommand("   ").error);
    CHECK_FALSE(ParseCommand("# a comment").command);
}

TEST_CASE("TR-3 and T-1 at the parser: a count that is not whole, a die face that is not a number") {
    CHECK(Rule("buy W 1.5") == "TR-3");
    CHECK(Rule("sell W two") == "TR-3");
    CHECK(Rule("throw W four") == "T-1");
    CHECK(Rule("undo 0") == "L-2");
    CHECK(Rule("redo -1") == "L-2");
}

TEST_CASE("FormatPounds writes whole pounds with £ and thousands (U-1)") {
    CHECK(FormatPounds(Pounds(0)) == "\xC2\xA3" "0");
    CHECK(FormatPounds(Pounds(105)) == "\xC2\xA3" "105");
    CHECK(FormatPounds(Pounds(1090)) == "\xC2\xA3" "1,090");
    CHECK(FormatPounds(Pounds(-1234567)) == "-\xC2\xA3" "1,234,567");
}

TEST_CASE("random lines from the language's words: Parse never throws, and whatever it accepts prints and parses back the same") {
    const std::vector<std::string> words = {
        "game", "flutter", "players=Ann,Bob", "cash=300", "box=4", "variants=bonus-from-stock", "throw", "W", "r", "k",
        "4", "0", "7", "@news", "@L14", "@M", "@5", "news", "n", "u2", "d3", "pu1", "pd2", "div10", "as", "none", "up",
        "down", "parent", "dividend", "anti-slump", "nothing", ",", "buy", "sell", "+w2", "-r", "claim", "Ann:", "undo",
        "redo", "note", "board", "L12", "price=120", "label=slump", "ok", "m=5,14", "m=none", "levels=27", "name=\"X Y\"",
        "colour=Orange", "letter=O", "peg", "traveller=L14", "traveller=parent", "anti-slump=yes", "count", "Ann",
        "cash=-5", "W=2", "player", "Bob", "#", "£5", "w4", "\"", "=", "@", "L", "999999999999999999"};
    uint32_t seed = 12345;
    auto next = [&seed] { return seed = seed * 1103515245u + 12345u, (seed >> 8); };
    int accepted = 0;
    for (int i = 0; i < 3000; ++i) {
        std::string line;
        const int count = 1 + static_cast<int>(next() % 6);
        for (int w = 0; w < count; ++w) line += (w ? " " : "") + words[next() % words.size()];
        CAPTURE(line);
        ParseResult r;
        CHECK_NOTHROW(r = ParseCommand(line));
        if (!r.command) continue;
        ++accepted;
        const std::string printed = PrintCommand(*r.command);
        const ParseResult back = ParseCommand(printed);
        REQUIRE_MESSAGE(back.command, printed);
        CHECK(*back.command == *r.command);
    }
    CHECK(accepted > 100);
}
