// The desk every game gets (app/view/host_desk.h), driven headless as the broker would drive it,
// on the toy game (games/toy/, through the registry: app/host/registry.h), a game with no panels
// of its own. What the desk shows is the game's own words (open_game.h invariant 2): the
// expectations compare with what the game says through the same facade, not with literals.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include "desk_fixture.h"
#include "host/registry.h"
#include "host_desk.h"
#include "start_view.h"

using namespace rutland;

namespace {

using ToyDesk = testing::DeskGame;
ToyDesk InMemory(const char* header = "game toy players=A,B") { return testing::DeskInMemory("toy", header); }

} // namespace

TEST_CASE("desk: Enter records what the preview showed; a rejection leaves the line with its rule, Up brings it back") {
    ToyDesk d = InMemory();
    view::HostDesk& desk = *d.desk;
    const host::LinePreview p = desk.PreviewOf("add A 5");
    CHECK(p.kind == host::LinePreview::Kind::Accepted);
    CHECK(d.game->Size() == 1);  // a preview changes nothing
    CHECK(testing::DeskType(desk, "add A 5"));
    REQUIRE(d.game->Size() == 2);
    CHECK(d.game->Rows(1, 1).front().line == "add A 5");
    CHECK(desk.Accepted().find(p.text) != std::string::npos);  // the words the preview showed

    const host::LinePreview bad = desk.PreviewOf("give A B 9");
    REQUIRE(bad.kind == host::LinePreview::Kind::Rejected);
    CHECK(testing::DeskType(desk, "give A B 9"));  // it leaves the field: the next line is not glued to it
    CHECK(d.game->Size() == 2);
    CHECK(desk.Rejection() == bad.text);
    CHECK(desk.RejectionRule() == bad.rule);
    CHECK(!d.game->RuleText(desk.RejectionRule()).empty());  // F1 has the rule's words
    CHECK(desk.Status().find(bad.rule) != std::string::npos);
    CHECK(desk.HistoryStep(-1) == "give A B 9");
    CHECK(desk.HistoryStep(-1) == "add A 5");
    CHECK_FALSE(desk.Enter("   "));  // a blank line is nothing
}

TEST_CASE("desk: Tab completes from the game's own completions, then cycles through them") {
    ToyDesk d = InMemory();
    view::HostDesk& desk = *d.desk;
    const std::vector<std::string> all = d.game->Complete("give ");
    REQUIRE(all.size() >= 2);
    std::string line = desk.Tab("give ");
    CHECK(line == all.front());
    CHECK(desk.Tab(line) == all[1]);
    CHECK(desk.Tab("add B") == d.game->Complete("add B").front());
}

TEST_CASE("desk: undo is asked first; lines typed meanwhile wait, then are entered in order") {
    ToyDesk d = InMemory();
    view::HostDesk& desk = *d.desk;
    REQUIRE(testing::DeskType(desk, "add A 5"));
    REQUIRE(testing::DeskType(desk, "add B 3"));
    const host::LinePreview undo = d.game->ConfirmPreview(false);
    desk.AskConfirm(false);
    REQUIRE(desk.Question().kind == view::DeskQuestion::Kind::Confirm);
    CHECK(desk.Question().preview.text == undo.text);
    CHECK(testing::DeskType(desk, "add A 1"));  // waits behind the question
    CHECK(testing::DeskType(desk, "add B 2"));
    CHECK(d.game->Size() == 3);
    CHECK(desk.WaitingText().find("2 lines waiting: add A 1, add B 2") == 0);
    CHECK(desk.Enter(""));  // Enter on an empty line: yes
    CHECK_FALSE(desk.Question().Open());
    REQUIRE(d.game->Size() == 6);
    const std::vector<host::Row> rows = d.game->Rows(3, 5);
    CHECK(rows[0].line == undo.expanded);  // the undo the confirm showed
    CHECK(d.game->Rows(2, 2).front().undone);  // add B 3 taken back
    CHECK(rows[1].line == "add A 1");
    CHECK(rows[2].line == "add B 2");
    CHECK(desk.WaitingText().empty());

    // Esc on an empty line answers no: nothing is undone.
    desk.AskConfirm(false);
    REQUIRE(desk.Question().Open());
    desk.Escape(true);
    CHECK_FALSE(desk.Question().Open());
    CHECK(d.game->Size() == 6);
}

TEST_CASE("desk: while looking back nothing is recorded; Esc comes back to now") {
    ToyDesk d = InMemory();
    view::HostDesk& desk = *d.desk;
    REQUIRE(testing::DeskType(desk, "add A 5"));
    REQUIRE(testing::DeskType(desk, "add B 3"));
    const std::string now = desk.StateNow();
    desk.StepBack();
    REQUIRE(d.game->ShownEntry() == 1);
    CHECK(desk.StateNow() != now);  // the state shown is entry 1's
    CHECK(desk.ExplainNow() == d.game->Explain(1));
    CHECK(testing::DeskType(desk, "add A 1"));
    CHECK(d.game->Size() == 3);
    CHECK(desk.Rejection().find("Viewing entry 1") == 0);
    desk.AskConfirm(false);
    CHECK_FALSE(desk.Question().Open());  // no undo while looking back
    desk.StepForward();  // entry 2 is the last: back to now
    CHECK_FALSE(d.game->ShownEntry().has_value());
    desk.StepBack();
    desk.Escape(true);
    CHECK_FALSE(d.game->ShownEntry().has_value());
    CHECK(desk.StateNow() == now);
}

TEST_CASE("desk: the rows and the instructions follow the game (no stale cache)") {
    ToyDesk d = InMemory();
    view::HostDesk& desk = *d.desk;
    CHECK(desk.RowsNow().size() == 1);
    REQUIRE(testing::DeskType(desk, "add A 5"));
    CHECK(desk.RowsNow().size() == 2);
    CHECK(desk.ExplainNow() == d.game->Explain(1));
    REQUIRE(testing::DeskType(desk, "give A B 2"));
    CHECK(desk.RowsNow().size() == 3);
    CHECK(desk.ExplainNow() == d.game->Explain(2));
}

TEST_CASE("start screen: only listed games are offered, in the registry's order") {
    const std::vector<const host::GameDefinition*> listed = view::ListedGames(host::Games());
    REQUIRE(!listed.empty());
    CHECK(listed.front() == &host::FirstGame());
    for (const host::GameDefinition* g : listed) CHECK(g->listed);
    CHECK(std::find(listed.begin(), listed.end(), host::FindGame("toy")) == listed.end());  // a test game
}

TEST_CASE("start screen: a recent toy game shows its game's title, entries and fingerprint") {
    const host::GameDefinition* toy = host::FindGame("toy");
    REQUIRE(toy != nullptr);
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-host-desk";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "recent-toy.rutland").string();
    std::filesystem::remove(path);
    std::string error;
    {
        std::unique_ptr<host::OpenGame> g =
            toy->create(path, toy->read("game toy players=A,B", true), host::StampText{testing::DeskNow(), "table", "t:header"}, "t", &error);
        REQUIRE_MESSAGE(g != nullptr, error);
        view::HostDesk desk(*g, testing::DeskNow);
        REQUIRE(testing::DeskType(desk, "add A 2"));
    }
    const view::RecentGame r = view::ReadRecentGame(path, *toy);
    CHECK(r.error.empty());
    CHECK(r.game == toy->title);
    CHECK(r.entries == 2);
    CHECK(r.last_played == "2026-11-26 10:00");
    CHECK(!r.fingerprint.empty());
    std::filesystem::remove(path);
}

// [SECTION] Big Board Raiders through the same desk: its question before a line (AskFirst: the board
// check at a first landing, D-2) and a line the game moved under (basic_session.h invariant 6).

namespace {

constexpr const char* kBbrHeader = "game players=Ann,Bob,Cy,Dee broker=Dee sec=Cy start=@market-1,@market-1,@market-1,@market-1";

} // namespace

TEST_CASE("desk: a game's question comes first; its answer is recorded before the line, lines typed meanwhile after") {
    const host::GameDefinition& bbr = host::FirstGame();
    std::string why;
    std::unique_ptr<host::OpenGame> game = bbr.in_memory(bbr.read(kBbrHeader, true), &why);
    REQUIRE_MESSAGE(game != nullptr, why);
    view::HostDesk desk(*game, testing::DeskNow);
    const std::optional<host::Question> asked = game->AskFirst("roll 1 2 2");
    REQUIRE(asked.has_value());  // the first landing on a space the table has not checked (D-2)
    REQUIRE(!asked->answers.empty());
    CHECK(testing::DeskType(desk, "roll 1 2 2"));
    REQUIRE(desk.Question().kind == view::DeskQuestion::Kind::Ask);
    CHECK(desk.Question().text == asked->text);
    CHECK(desk.Question().rule == asked->rule);
    CHECK(game->Size() == 1);
    CHECK(testing::DeskType(desk, "note typed while asked"));  // waits behind the question
    CHECK(game->Size() == 1);
    CHECK(desk.Enter(""));  // yes
    REQUIRE(game->Size() == 4);
    const std::vector<host::Row> rows = game->Rows(1, 3);
    CHECK(rows[0].line == game->Preview(asked->answers.front()).expanded);
    CHECK(rows[1].line == game->Preview("roll 1 2 2").expanded);  // the roll, not asked again
    CHECK(rows[2].line.find("typed while asked") != std::string::npos);
}

TEST_CASE("desk: a line whose game moved under it is held and previewed again; Enter records it, nothing twice") {
    const host::GameDefinition& bbr = host::FirstGame();
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-host-desk";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "moved.rutland").string();
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
    std::string error;
    std::unique_ptr<host::OpenGame> ours =
        bbr.create(path, bbr.read(kBbrHeader, true), host::StampText{testing::DeskNow(), "Dee", "ours:header"}, "ours", &error);
    REQUIRE_MESSAGE(ours != nullptr, error);
    std::unique_ptr<host::OpenGame> theirs = bbr.open(path, host::Access::Play, "theirs", &error);
    REQUIRE_MESSAGE(theirs != nullptr, error);
    view::HostDesk desk(*ours, testing::DeskNow);
    const host::LinePreview before = desk.PreviewOf("note ours");
    CHECK(before.entries == 1);
    REQUIRE(theirs->Submit("note theirs", nullptr, testing::DeskNow(), "Cy").status == host::SubmitReply::Status::Accepted);
    CHECK(desk.Enter("note ours"));
    REQUIRE(desk.Question().kind == view::DeskQuestion::Kind::Moved);
    CHECK(ours->Size() == 2);  // theirs taken in, ours not recorded
    CHECK(desk.Question().preview.entries == 2);  // previewed again on the game as it is now
    CHECK(testing::DeskType(desk, "note after"));  // waits behind the question
    desk.Answer(true);
    CHECK_FALSE(desk.Question().Open());
    REQUIRE(ours->Size() == 4);
    const std::vector<host::Row> rows = ours->Rows(1, 3);
    CHECK(rows[0].line.find("theirs") != std::string::npos);
    CHECK(rows[1].line.find("ours") != std::string::npos);
    CHECK(rows[2].line.find("after") != std::string::npos);
    ours.reset();
    theirs.reset();
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
}
