// Flutter at the desk every game gets (app/view/host_desk.h), driven headless as the broker would:
// its questions (BD-7 a board fact a throw uses first, N-1 a Market News card to type) and its amber
// warnings before Enter (games/flutter/host/flutter_desk.h). The expectations compare with what the
// game says through the same facade (open_game.h invariant 2), and with its rule IDs.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "desk_fixture.h"
#include "host/registry.h"
#include "host_desk.h"

using namespace rutland;

namespace {

using FlutterDesk = testing::DeskGame;
FlutterDesk FlutterInMemory(const char* header) { return testing::DeskInMemory("flutter", header); }

bool Cites(const host::LinePreview& p, const std::string& rule) {
    return std::any_of(p.warnings.begin(), p.warnings.end(), [&](const host::Note& n) { return n.rule == rule; });
}

} // namespace

TEST_CASE("flutter desk: the first throw onto an unconfirmed hole asks BD-7; Enter confirms it, then the throw is recorded") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    view::HostDesk& desk = *d.desk;
    const std::optional<host::Question> q = d.game->AskFirst("throw W 4");
    REQUIRE(q.has_value());
    CHECK(q->rule == "BD-7");
    REQUIRE(!q->answers.empty());
    CHECK(q->answers.front().rfind("board ", 0) == 0);
    CHECK(d.game->AskFirst("w4").has_value());  // the quick form is the same throw

    CHECK(testing::DeskType(desk, "w4"));
    CHECK(d.game->Size() == 1);  // nothing recorded while asked
    REQUIRE(desk.Question().Open());
    CHECK(desk.Question().rule == "BD-7");
    CHECK(desk.Question().text == q->text);
    desk.Enter("");  // yes: the confirmation, then the throw
    REQUIRE(d.game->Size() == 3);
    CHECK(d.game->Line(1) == q->answers.front());
    CHECK(d.game->Line(2) == "throw W 4");
    // Confirmed: the same throw on the same facts is not asked again.
    CHECK_FALSE(d.game->AskFirst("undo 1").has_value());
}

TEST_CASE("flutter desk: a fact confirmed once is not asked again; a correction typed answers the question") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    const std::optional<host::Question> q = d.game->AskFirst("throw W 4");
    REQUIRE(q.has_value());
    REQUIRE(d.game->Submit(q->answers.front(), nullptr, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
    CHECK_FALSE(d.game->AskFirst("throw W 4").has_value());

    FlutterDesk e = FlutterInMemory("game flutter players=Ann,Bob");
    view::HostDesk& desk = *e.desk;
    CHECK(testing::DeskType(desk, "throw W 4"));
    REQUIRE(desk.Question().Open());
    // The table's board shows £145 at level 14: the correction answers, then the throw is asked
    // about what is still unconfirmed.
    CHECK(testing::DeskType(desk, "board L14 price=145"));
    CHECK(e.game->Line(1) == "board L14 price=145");
    REQUIRE(desk.Question().Open());
    CHECK(desk.Question().rule == "BD-7");
    REQUIRE(!desk.Question().answers.empty());
    CHECK(desk.Question().answers.front().find("L14 ") == std::string::npos);  // no longer in doubt
    CHECK(q->answers.front().find("L14 ") != std::string::npos);
    desk.Enter("");
    CHECK(e.game->Line(e.game->Size() - 1) == "throw W 4");
}

TEST_CASE("flutter desk: a throw that draws a card asks at once what it says; the card's line answers, the lines typed after wait") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    view::HostDesk& desk = *d.desk;
    const std::optional<host::Question> board = d.game->AskFirst("throw W 4");
    REQUIRE(board.has_value());
    CHECK(testing::DeskType(desk, board->answers.front()));
    const host::LinePreview p = desk.PreviewOf("throw W 4");
    REQUIRE(p.kind == host::LinePreview::Kind::Accepted);
    CHECK(Cites(p, "N-1"));  // amber before Enter: a card will be pending
    CHECK(testing::DeskType(desk, "throw W 4"));
    REQUIRE(desk.Question().Open());
    CHECK(desk.Question().rule == "N-1");
    CHECK(desk.Question().answers.empty());  // the card's faces are the table's: no default
    const int size = d.game->Size();
    desk.Enter("");  // no answer of its own: still asked, nothing recorded
    CHECK(desk.Question().Open());
    desk.Answer(true);  // nor the Yes of a click
    CHECK(desk.Question().Open());
    CHECK(d.game->Size() == size);
    CHECK(testing::DeskType(desk, "+r"));  // Bob's purchase waits behind the card
    CHECK(d.game->Size() == size);
    CHECK(desk.WaitingText().find("+r") != std::string::npos);
    CHECK(testing::DeskType(desk, "n u2 div10"));  // the card, in its quick form, answers
    CHECK_FALSE(desk.Question().Open());
    REQUIRE(d.game->Size() == size + 2);
    CHECK(d.game->Line(size).rfind("news ", 0) == 0);
    CHECK(d.game->Line(size + 1) == "buy R 1");
}

TEST_CASE("flutter desk: lines typed behind a board question: the throw draws a card once answered, and the card's line waiting next answers it") {
    // As a broker types without looking up: the throw, the card the table turned up, a purchase;
    // the throw waits for the board question (BD-7), then draws the card (N-1), which the waiting
    // `news` line answers; the purchase follows.
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    view::HostDesk& desk = *d.desk;
    CHECK(testing::DeskType(desk, "w4"));
    REQUIRE(desk.Question().Open());
    CHECK(desk.Question().rule == "BD-7");
    CHECK(testing::DeskType(desk, "n u2 div10"));
    CHECK(testing::DeskType(desk, "+r"));
    CHECK(d.game->Size() == 1);
    desk.Enter("");  // yes: the board's facts as Rutland has them
    CHECK_FALSE(desk.Question().Open());
    CHECK(desk.WaitingText().empty());
    REQUIRE(d.game->Size() == 5);
    CHECK(d.game->Line(2) == "throw W 4");
    CHECK(d.game->Line(3).rfind("news ", 0) == 0);
    CHECK(d.game->Line(4) == "buy R 1");
}

TEST_CASE("flutter desk: a line other than the card's while one is pending is asked about (N-1); board and note are not") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    REQUIRE(d.game->Submit(d.game->AskFirst("throw W 4")->answers.front(), nullptr, testing::DeskNow(), "broker").status ==
            host::SubmitReply::Status::Accepted);
    REQUIRE(d.game->Submit("throw W 4", nullptr, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
    CHECK(d.game->AskFirst("").has_value());
    CHECK(d.game->AskFirst("buy R 1")->rule == "N-1");
    CHECK_FALSE(d.game->AskFirst("news nothing").has_value());
    CHECK_FALSE(d.game->AskFirst("note the card is torn").has_value());
    CHECK_FALSE(d.game->AskFirst("board L12 ok").has_value());
}

TEST_CASE("flutter desk: amber warnings before Enter: the round's end with its settlement, a bonus in cash, a bankruptcy, the stock emptied") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob box=2");
    view::HostDesk& desk = *d.desk;
    const host::LinePreview buy = desk.PreviewOf("buy W 2");
    REQUIRE(buy.kind == host::LinePreview::Kind::Accepted);
    CHECK(Cites(buy, "TR-4"));  // the broker's last White certificates
    CHECK_FALSE(Cites(desk.PreviewOf("buy W 1"), "TR-4"));
    CHECK(testing::DeskType(desk, "buy W 2"));
    CHECK(testing::DeskType(desk, "peg W price=190 traveller=L24"));
    CHECK(testing::DeskType(desk, "peg K price=10"));
    CHECK(d.game->Size() == 4);

    // "If the round ended now": White, the nearest TOP, settles first; Black falls to the bottom.
    const std::string settlement = d.game->Settlement();
    CHECK(settlement.find("White") != std::string::npos);
    CHECK(settlement.find("[BN-3]") != std::string::npos);
    CHECK(settlement.find("[BK-1]") != std::string::npos);
    CHECK(d.game->Size() == 4);  // nothing changed

    const host::LinePreview end = desk.PreviewOf("throw W 1");
    REQUIRE(end.kind == host::LinePreview::Kind::Accepted);
    CHECK(Cites(end, "RE-1"));
    CHECK(Cites(end, "BN-3"));
    CHECK(Cites(end, "BK-1"));
    CHECK_FALSE(Cites(end, "N-1"));
    for (const host::Note& w : end.warnings) CHECK(!d.game->RuleText(w.rule).empty());  // F1 has each rule's words
    CHECK(d.game->Size() == 4);  // a preview changes nothing
    CHECK(d.game->Settlement().empty() == false);
}

TEST_CASE("flutter desk: a throw into SLUMP warns where the traveller drops back to (SL-1), or that the card holds it (SL-3)") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    view::HostDesk& desk = *d.desk;
    CHECK(testing::DeskType(desk, "peg W traveller=L18"));
    const host::LinePreview slump = desk.PreviewOf("throw W 4");
    REQUIRE(slump.kind == host::LinePreview::Kind::Accepted);
    CHECK(Cites(slump, "SL-1"));
    CHECK_FALSE(Cites(desk.PreviewOf("throw W 2"), "SL-1"));
    CHECK(testing::DeskType(desk, "peg W anti-slump=yes"));
    CHECK(Cites(desk.PreviewOf("throw W 4"), "SL-3"));
}

TEST_CASE("flutter desk: the legal lines offer undo 1 and redo 1 exactly when the ledger takes them") {
    FlutterDesk d = FlutterInMemory("game flutter players=Ann,Bob");
    const auto offers = [&](const std::string& line) {
        const std::vector<std::string> legal = d.game->LegalLines();
        return std::find(legal.begin(), legal.end(), line) != legal.end();
    };
    const auto takes = [&](const std::string& line) {
        return d.game->Preview(line).kind == host::LinePreview::Kind::Accepted;
    };
    const auto agree = [&] {
        CHECK(offers("undo 1") == takes("undo 1"));
        CHECK(offers("redo 1") == takes("redo 1"));
    };
    agree();  // nothing to undo or redo
    CHECK_FALSE(offers("undo 1"));
    REQUIRE(d.game->Submit("note first", nullptr, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
    agree();
    CHECK(offers("undo 1"));
    REQUIRE(d.game->Submit("undo 1", nullptr, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
    agree();
    CHECK(offers("redo 1"));
    CHECK_FALSE(offers("undo 1"));
    REQUIRE(d.game->Submit("redo 1", nullptr, testing::DeskNow(), "broker").status == host::SubmitReply::Status::Accepted);
    agree();
    CHECK_FALSE(offers("redo 1"));
}
