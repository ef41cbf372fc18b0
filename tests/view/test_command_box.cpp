// ReadLine's command (kit/host/open_game.h CommandBox): a game's parsed command held without its
// type, in place when it fits, read back only as the type the game put in, through copies and
// moves, and the lines of every game of the registry read and played through it.
#include <doctest/doctest.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string>

#include "host/registry.h"

using namespace rutland;

namespace {

// A command with a heap part, so that a copy or a move that only copied bytes would show.
struct SmallCommand {
    std::string word;
    std::shared_ptr<int> counted;
};

// One larger than the box holds in place: held on the heap.
struct LargeCommand {
    std::array<char, host::CommandBox::kInlineBytes + 1> bytes{};
    std::string word;
};

} // namespace

TEST_CASE("command box: a command is read back as what was put in, through copies and moves") {
    auto counted = std::make_shared<int>(7);
    host::CommandBox box;
    CHECK_FALSE(box.HasValue());
    box.Emplace(SmallCommand{"a word longer than the short-string buffer", counted});
    REQUIRE(box.HasValue());
    CHECK(box.As<SmallCommand>().word == "a word longer than the short-string buffer");
    CHECK(counted.use_count() == 2);

    host::CommandBox copy = box;  // a copy holds its own command
    CHECK(counted.use_count() == 3);
    CHECK(copy.As<SmallCommand>().word == box.As<SmallCommand>().word);

    host::CommandBox moved = std::move(copy);  // a move leaves the source empty
    CHECK_FALSE(copy.HasValue());  // NOLINT(bugprone-use-after-move): what a move leaves is the point
    CHECK(moved.As<SmallCommand>().word == "a word longer than the short-string buffer");
    CHECK(counted.use_count() == 3);

    moved = host::CommandBox();  // assigning an empty box destroys the command held
    CHECK(counted.use_count() == 2);
    box.Reset();
    CHECK(counted.use_count() == 1);
    CHECK_FALSE(box.HasValue());
}

TEST_CASE("command box: a command larger than the box is held on the heap, the same to its reader") {
    host::CommandBox box(LargeCommand{{}, "large"});
    host::CommandBox copy = box;
    host::CommandBox moved = std::move(box);
    CHECK(copy.As<LargeCommand>().word == "large");
    CHECK(moved.As<LargeCommand>().word == "large");
    copy = moved;
    CHECK(copy.As<LargeCommand>().word == "large");
}

TEST_CASE("command box: read as any other type, it refuses (only the game that read a line looks inside)") {
    host::CommandBox box(SmallCommand{"x", nullptr});
    CHECK_THROWS_AS(box.As<LargeCommand>(), std::logic_error);
    CHECK_THROWS_AS(host::CommandBox().As<SmallCommand>(), std::logic_error);
}

TEST_CASE("command box: every game's lines are read into it and played from it") {
    struct Case {
        std::string_view game, header, line;
    };
    const std::array<Case, 3> cases = {{
        {"big-board-raiders", "game players=Ann,Bob", "roll 1 6 3 @market-5"},
        {"flutter", "game flutter players=Ann,Bob,Cy target=330", "buy W 2"},
        {"toy", "game toy players=Ann,Bob", "add Ann 5"},
    }};
    for (const Case& c : cases) {
        CAPTURE(c.game);
        const host::GameDefinition* definition = host::FindGame(c.game);
        REQUIRE(definition != nullptr);
        const host::ReadLine header = definition->read(c.header, true);
        REQUIRE(header.kind == host::ReadLine::Kind::Header);
        REQUIRE(header.command.HasValue());
        std::string why;
        std::unique_ptr<host::OpenGame> game = definition->in_memory(header, &why);
        REQUIRE_MESSAGE(game != nullptr, why);
        host::ReadLine line = definition->read(c.line, true);
        REQUIRE_MESSAGE(line.kind == host::ReadLine::Kind::Command, line.error);
        const host::ReadLine kept = std::move(line);  // what `play` does: read once, kept, played later
        const host::SubmitReply reply = game->SubmitRead(kept, nullptr);
        CHECK_MESSAGE(reply.status == host::SubmitReply::Status::Accepted, reply.text);
        CHECK(game->Line(1) == kept.printed);
    }
}
