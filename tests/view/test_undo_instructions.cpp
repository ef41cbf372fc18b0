// What the table is told to do, through the facade every game has (app/host/open_game.h): an
// undo's confirm and the accepted undo's instructions (OpenGame::Explain, AcceptedText) name what
// the table reverses; Flutter's instructions name the pegs moved, not the money alone; Flutter's Tab
// on a command word nothing legal continues, its recent games row and its header's broker=; the
// start screen's words for every game offered (app/view/start_view.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "desk_fixture.h"
#include "host/registry.h"
#include "new_game_form.h"
#include "start_view.h"

using namespace rutland;

namespace {

struct UndoGame {
    const char* name;
    const char* header;
    std::vector<const char*> lines;  // the last is undone
};

// Games whose last line hands money or pieces over: Big Board Raiders (a purchase), Flutter (a
// round's end with dividends to three holders and every parent peg moved), the toy (a gift).
const UndoGame kUndoGames[] = {
    {"big-board-raiders", "game players=Ann,Bob start=@market-1", {"roll 3 4 2", "buy B 10k"}},
    {"flutter", "game flutter players=Ann,Bob,Cy",
     {"+w1", "k1", "+w1", "k1", "+w1", "peg W traveller=L24", "w1"}},
    {"toy", "game toy players=A,B", {"add A 3", "give A B 2"}},
};

host::SubmitReply UndoSubmit(host::OpenGame& game, const std::string& line) {
    return game.Submit(line, nullptr, testing::DeskNow(), "broker");
}

std::vector<std::string> UndoLinesOf(const std::string& text) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        if (end > at) out.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

bool UndoHas(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

size_t UndoCount(const std::vector<std::string>& lines, const std::string& word) {
    return static_cast<size_t>(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(word) != std::string::npos; }));
}

} // namespace

TEST_CASE("every game: the undo's confirm says what the table reverses, and the accepted undo's instructions say the same") {
    for (const UndoGame& g : kUndoGames) {
        CAPTURE(g.name);
        testing::DeskGame d = testing::DeskInMemory(g.name, g.header);
        host::OpenGame& game = *d.game;
        for (const char* line : g.lines) REQUIRE(UndoSubmit(game, line).status == host::SubmitReply::Status::Accepted);
        const int undone = game.Size() - 1;
        const std::vector<std::string> forward = UndoLinesOf(game.Explain(undone));
        REQUIRE_FALSE(forward.empty());

        const host::LinePreview confirm = game.ConfirmPreview(false);
        REQUIRE(confirm.kind == host::LinePreview::Kind::Accepted);
        CHECK_FALSE(confirm.hand_over.empty());
        for (const std::string& step : forward) CHECK_FALSE(UndoHas(confirm.hand_over, step));  // reversed, not repeated

        REQUIRE(game.Confirm(false, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
        const int undo = game.Size() - 1;
        const std::vector<std::string> told = UndoLinesOf(game.Explain(undo));
        for (const std::string& step : confirm.hand_over) CHECK(UndoHas(told, step));
        // `rutland-cli play --explain` prints the same instructions under the entry.
        const std::string accepted = game.AcceptedText(undo, false, true);
        for (const std::string& step : confirm.hand_over) CHECK(accepted.find("  > " + step + "\n") != std::string::npos);

        // The redo puts back what the undo took: its confirm and instructions are the entry's own.
        const host::LinePreview redo = game.ConfirmPreview(true);
        REQUIRE(redo.kind == host::LinePreview::Kind::Accepted);
        for (const std::string& step : forward) CHECK(UndoHas(redo.hand_over, step));
        REQUIRE(game.Confirm(true, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
        const std::vector<std::string> again = UndoLinesOf(game.Explain(game.Size() - 1));
        for (const std::string& step : forward) CHECK(UndoHas(again, step));
    }
}

TEST_CASE("flutter: the undo of a round-ending throw hands back every dividend and moves every parent peg back") {
    testing::DeskGame d = testing::DeskInMemory("flutter", kUndoGames[1].header);
    host::OpenGame& game = *d.game;
    for (const char* line : kUndoGames[1].lines) REQUIRE(UndoSubmit(game, line).status == host::SubmitReply::Status::Accepted);
    const int thrown = game.Size() - 1;
    // What the rules did: every dividend paid and every parent moved (the entry's effects, RE-2, RE-3).
    const std::vector<host::Row> rows = game.Rows(thrown, thrown);
    REQUIRE(rows.size() == 1);
    std::vector<std::string> paid;
    size_t parents = 0;
    for (const host::Note& effect : rows.front().effects) {
        if (effect.rule == "RE-2") paid.push_back(effect.text.substr(0, effect.text.find(' ')));
        if (effect.text.find("'s parent moves") != std::string::npos) ++parents;
    }
    REQUIRE(paid.size() == 3);
    REQUIRE(parents == 6);
    const std::vector<std::string> forward = UndoLinesOf(game.Explain(thrown));
    CHECK(UndoCount(forward, "parent peg") == parents);  // the round end's peg moves are instructions too
    REQUIRE(UndoSubmit(game, "undo").status == host::SubmitReply::Status::Accepted);
    const std::vector<std::string> back = UndoLinesOf(game.Explain(game.Size() - 1));
    for (const std::string& player : paid) CHECK(UndoCount(back, player + " hands the broker back") == 1);
    CHECK(UndoCount(back, "parent peg back") == parents);
}

TEST_CASE("flutter: Tab completes a command word nothing legal now continues, and its preview says why, with the rule") {
    testing::DeskGame d = testing::DeskInMemory("flutter", "game flutter players=Ann,Bob");
    host::OpenGame& game = *d.game;
    // Ann holds nothing: no `sell` is legal.
    const std::vector<std::string> legal = game.LegalLines();
    REQUIRE(std::none_of(legal.begin(), legal.end(), [](const std::string& l) { return l.rfind("sell ", 0) == 0; }));
    const std::vector<std::string> completions = game.Complete("se");
    REQUIRE(completions == std::vector<std::string>{"sell "});
    const host::LinePreview why = game.Preview(completions.front());
    CHECK(why.kind == host::LinePreview::Kind::Rejected);
    // The rule the rules give for selling the first company now, not the language's L-1.
    const host::LinePreview tried = game.Preview("sell W 1");
    REQUIRE(tried.kind == host::LinePreview::Kind::Rejected);
    CHECK(why.rule == tried.rule);
    CHECK(why.text.find(tried.text) != std::string::npos);
    CHECK(why.text.find("not a Flutter command") == std::string::npos);
    // A word with a legal line keeps completing to the lines.
    const std::vector<std::string> buys = game.Complete("bu");
    CHECK_FALSE(buys.empty());
    CHECK(std::all_of(buys.begin(), buys.end(), [](const std::string& l) { return l.rfind("buy ", 0) == 0 && l != "buy "; }));
}

TEST_CASE("the recent games row of a Flutter game has its players and its round, read from the file") {
    const host::GameDefinition* flutter = host::FindGame("flutter");
    REQUIRE(flutter != nullptr);
    const std::filesystem::path path = std::filesystem::temp_directory_path() / "rutland-test-recent-flutter.rutland";
    std::filesystem::remove(path);
    std::string error;
    {
        std::unique_ptr<host::OpenGame> g = flutter->create(path.string(), flutter->read("game flutter players=Ann,Bob,Cy", true),
                                                            host::StampText{testing::DeskNow(), "broker", "t:header"}, "t", &error);
        REQUIRE_MESSAGE(g != nullptr, error);
        for (const char* line : {"peg W traveller=L24", "w1"})
            REQUIRE(UndoSubmit(*g, line).status == host::SubmitReply::Status::Accepted);
    }
    const view::RecentGame r = view::ReadRecentGame(path.string(), *flutter);
    CHECK(r.error.empty());
    CHECK(r.players == std::vector<std::string>{"Ann", "Bob", "Cy"});
    std::unique_ptr<host::OpenGame> read = flutter->open(path.string(), host::Access::Read, "", &error);
    REQUIRE(read != nullptr);
    CHECK(r.year == read->Summary().period);
    CHECK(r.year > 1);  // the throw to TOP ended round 1
    std::filesystem::remove(path);
}

TEST_CASE("flutter's header takes broker=: the form writes it, the entries are the broker's, a header without it reads as before") {
    const host::GameDefinition* flutter = host::FindGame("flutter");
    REQUIRE(flutter != nullptr);
    view::HostGameForm form;
    form.players = "Ann, Bob";
    form.broker = "Dee";
    const view::HostGameCheck check = view::CheckHostGame(*flutter, form);
    REQUIRE(check.Ok());
    CHECK(check.header.who == "Dee");
    CHECK(check.header.printed.find(" broker=Dee") != std::string::npos);
    std::string why;
    std::unique_ptr<host::OpenGame> game = flutter->in_memory(check.header, &why);
    REQUIRE_MESSAGE(game != nullptr, why);
    CHECK(game->DefaultWho() == "Dee");
    CHECK(game->Line(0).find(" broker=Dee") != std::string::npos);
    // Without broker=, the line is what it was: no broker= printed, the entries "broker"'s.
    const host::ReadLine plain = flutter->read("game flutter players=Ann,Bob", true);
    REQUIRE(plain.kind == host::ReadLine::Kind::Header);
    CHECK(plain.printed.find("broker=") == std::string::npos);
    CHECK(plain.who == "broker");
    // Big Board Raiders' form keeps its broker in its own header as it did; the toy has none.
    const host::GameDefinition* toy = host::FindGame("toy");
    REQUIRE(toy != nullptr);
    view::HostGameForm toy_form;
    toy_form.players = "A, B";
    toy_form.broker = "Dee";
    const view::HostGameCheck toy_check = view::CheckHostGame(*toy, toy_form);
    REQUIRE(toy_check.Ok());
    CHECK(toy_check.header_line.find("broker=") == std::string::npos);
}

TEST_CASE("the start screen says Rutland is the desk of every game it offers, not of the first alone") {
    const std::vector<const host::GameDefinition*> listed = view::ListedGames(host::Games());
    REQUIRE(listed.size() >= 2);
    const std::string words = view::DeskFor(listed);
    for (const host::GameDefinition* g : listed) CHECK(words.find(g->title) != std::string::npos);
}
