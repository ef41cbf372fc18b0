// Flutter open for play through the kernel's session (core/kernel/basic_session.h), over its game
// file: what the shell will use once it names the game. Legal() and DefaultWho() come through.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "flutter_table.h"
#include "kernel/basic_session.h"
#include "store/store.h"
#include "support/temp_dir.h"

using namespace flutter_test;
using FlutterSession = rutland::view::BasicSession<Flutter, Store>;

TEST_CASE("a Flutter game in a session over its file: typed lines, undo, Legal, reopened the same") {
    TempDir dir;
    const std::string path = dir.File("session.rutland");
    std::string error;
    const Header header = std::get<Header>(ParseCommand("game flutter players=Ann,Bob").command->action);
    GameState played;
    {
        auto s = FlutterSession::Create(path, header, "2026-11-26T14:30:00Z", "Dee", "run1", &error);
        REQUIRE_MESSAGE(s, error);
        CHECK(s->DefaultWho() == "broker");
        for (const char* line : {"+w2", "w4", "n u2 div10", "r1"}) {
            const rutland::view::SubmitOutcome r = s->Submit(std::string_view(line), "2026-11-26T14:30:01Z", "Dee");
            REQUIRE_MESSAGE(r.accepted, (std::string(line) + ": " + r.rejection.ToString()));
        }
        // White 10 + 4 = 14, its M hole: 21; the card: up 2 -> 23 (5%), £10 x 2 to Ann: 90 + 20 = 110.
        CHECK(s->Live().players[0].cash == Pounds(110));
        CHECK(s->Live().companies[0].traveller == 23);
        CHECK(s->Submit(std::string_view("Bob: throw W 1"), "2026-11-26T14:30:02Z", "Dee").rejection.rule == "T-1");  // Ann's turn again
        const auto& legal = s->LegalCommands();
        CHECK(legal.throws);
        CHECK(legal.trade);
        CHECK_FALSE(legal.news);
        REQUIRE(s->Submit(std::string_view("undo"), "2026-11-26T14:30:03Z", "Dee").accepted);
        CHECK(s->Live().companies[1].traveller == 10);
        played = s->Live();
    }
    auto again = FlutterSession::Open(path, "run2", &error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->Live() == played);
    CHECK_FALSE(again->ReadOnly());
}
