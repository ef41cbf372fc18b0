// The table language (lang/table_language.h; RULES.md section 17) and the header (section 4).
#include <doctest/doctest.h>

#include "gigabucks_table.h"

using namespace gigabucks_test;

namespace {

Command ParseOk(std::string_view line) {
    const ParseResult r = ParseCommand(line);
    REQUIRE_MESSAGE(r.command, (std::string(line) + ": " + (r.error ? r.error->ToString() : "blank")));
    return *r.command;
}

std::string ParseRule(std::string_view line) {
    const ParseResult r = ParseCommand(line);
    return r.error ? r.error->rule : "";
}

} // namespace

TEST_CASE("L-1: the quick forms mean their long forms, and the canonical line parses back to the same command") {
    const std::pair<const char*, const char*> pairs[] = {
        {"p12", "place 12"},         {"p 12", "place 12"},       {"r7", "roll 7"},
        {"r 7 @28", "roll 7 @28"},   {"ch Bob 4", "charter Bob 4"}, {"ch -", "charter -"},
        {"re Bob 4g", "reactivate Bob 4"}, {"re -", "reactivate -"},
        {"di Bob 5 10x2 9", "diversify Bob 5 9 10x2"}, {"di Bob 5 10,9,10", "diversify Bob 5 9 10x2"},
        {"di -", "diversify -"},     {"vo Bob 35 2 14 27 min=35", "voluntary Bob 35 2 14 27 min=35"},
        {"vo - min=30", "voluntary - min=30"}, {"in Cy 12 14", "involuntary Cy 12 14"}, {"in -", "involuntary -"},
        {"e", "end"},                {"Ann: R7", "Ann: roll 7"},  {"UNDO", "undo 1"},
        {"count Ann=245 Bob=305 pool=3,2 total=1200", "count Ann=245 Bob=305 pool=3,2 total=1200"},
        {"space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6", "space 24-31 owner=Bob lines=4,0,2,3,4,5,1,6"},
        {"at Ann 21 turns=1", "at Ann 21 turns=1"}, {"board spaces=36", "board spaces=36"},
        {"note Bob offers 5 for 12 # a deal", "note Bob offers 5 for 12 # a deal"},
    };
    for (const auto& [typed, canonical] : pairs) {
        const Command c = ParseOk(typed);
        CHECK(PrintCommand(c) == canonical);
        CHECK(ParseOk(PrintCommand(c)) == c);
    }
    CHECK(PrintCommand(ParseOk("di Bob 5 10x0")) == "diversify Bob 5 10x0");  // 10x0 names 10, adds no line
    CHECK(PrintCommand(ParseOk("vo Bob 20 10 min=25 anyway")) == "voluntary Bob 20 10 min=25 anyway");
}

TEST_CASE("L-1: a line the language does not know is rejected citing L-1") {
    for (const char* line : {"frobnicate", "place", "roll seven", "charter Bob", "Ann: charter Bob 4", "space 31-24 owner=Bob",
                             "space 3 colour=red", "count", "count Ann", "involuntary Cy 12 14 15", "voluntary - 3",
                             "voluntary - anyway", "at Ann", "board spaces=x", "charter Bob -4", "space 3 lines=1,2"})
        CHECK_MESSAGE(ParseRule(line) == "L-1", line);
    Table t;
    CHECK(t.Refused("charter Zed 4") == "L-1");  // no such player
    CHECK(t.Refused("game gigabucks players=A,B") == "L-1");  // one game a script
    Table five("game gigabucks players=Al,Alan,Bob");
    five.Do("space 3 owner=Al");  // a full name always names its player
    CHECK(five.C(3).owner == 0);
    CHECK(five.Refused("space 4 owner=A") == "L-1");  // a prefix two names share
}

TEST_CASE("CG-D1, CG-D3, G-1, G-2, G-3, CG-D22, CG-D23: the header, its defaults and its limits") {
    const Command c = ParseOk("GAME Gigabucks PLAYERS=Ann,Bob");
    const Header& h = std::get<Header>(c.action);
    CHECK(h.cash == 300);
    CHECK(h.spaces == 42);
    CHECK(h.flexible == 1);
    CHECK(h.dice_count == 2);
    CHECK(h.dice_sides == 6);
    CHECK(h.bid_step == 1);
    CHECK(h.liq_step == 1);
    CHECK(PrintCommand(c) == "game gigabucks players=Ann,Bob spaces=42");  // the ring's size always written
    CHECK(HeaderRefused("game gigabucks players=Ann") == "G-1");
    CHECK(HeaderRefused("game gigabucks players=A,B,C,D,E,F,G,H,I,J,K") == "G-1");
    CHECK(HeaderRefused("game gigabucks players=Ann,ann") == "G-1");
    CHECK(HeaderRefused("game gigabucks players=Ann,9x") == "G-1");
    CHECK(HeaderRefused("game gigabucks players=Ann,Pool") == "G-1");
    CHECK(HeaderRefused("game gigabucks players=Ann,Bob cash=0") == "G-2");
    CHECK(HeaderRefused("game gigabucks players=Ann,Bob spaces=11") == "G-3");
    CHECK(HeaderRefused("game gigabucks players=Ann,Bob flexible=4") == "G-3");
    CHECK(HeaderRefused("game gigabucks players=Ann,Bob dice=5d6") == "G-3");
    CHECK(HeaderRefused("game gigabucks players=Ann,Bob bid-step=0") == "G-3");
    CHECK(HeaderRefused("game gigabucks players=Ann,Bob variants=foo") == "L-1");
    CHECK(HeaderRefused("game gigabucks cash=3") == "L-1");
    CHECK(HeaderRefused("game gigabucks players=Ann cash=0 colour=red") == "L-1");  // L-1 before G-1
    CHECK(HeaderRefused("game gigabucks players=Ann cash=0") == "G-1");             // G-1 before G-2
    Table ten("game gigabucks players=A,B,C,D,E,F,G,H,I,J dice=3d4 bid-step=2 liq-step=5 variants=reoffer,reoffer");
    CHECK(ten.S().players.size() == 10);
    CHECK(ten.Json()["settings"]["dice"] == "3d4");
    CHECK(ten.Json()["settings"]["variants"] == nlohmann::json::array({"reoffer"}));
    CHECK(ten.Json()["money_total"] == 3000);
}

TEST_CASE("U-1, U-2: amounts are whole gigabucks, typed `5` or `5g`") {
    CHECK(ParseOk("charter Bob 5g") == ParseOk("charter Bob 5"));
    CHECK(ParseRule("charter Bob 5.5") == "L-1");
    CHECK(ParseRule("charter Bob $5") == "L-1");
}
