// A question the dashboard asks and the lines typed behind it (question.h): which line answers,
// which is refused and which waits, and the waiting lines in order.
#include <doctest/doctest.h>

#include "model/board_catalog.h"
#include "bbr_names.h"
#include "question.h"

using namespace rutland;
using namespace rutland::view;

namespace {

const Board& Standard() { return *FindBoard("standard"); }
int StandardIndex(const char* name) { return *Standard().Find(name, nullptr); }

} // namespace

TEST_CASE("D-2: at the board check, Enter alone confirms, a reading corrects, a mistyped reading is refused, a line of the game waits") {
    const int altamont = StandardIndex("altamont");
    CHECK(ClassifyAtQuestion(Standard(), altamont, "").what == AtQuestion::Yes);
    CHECK(ClassifyAtQuestion(Standard(), altamont, "   ").what == AtQuestion::Yes);
    const LineAtQuestion reading = ClassifyAtQuestion(Standard(), altamont, "dduu brg");
    CHECK(reading.what == AtQuestion::Reading);
    REQUIRE(reading.reading);
    CHECK(reading.reading->trend);
    const LineAtQuestion kind = ClassifyAtQuestion(Standard(), StandardIndex("market-2"), "time uudd");
    CHECK(kind.what == AtQuestion::Reading);
    REQUIRE(kind.reading);
    CHECK(kind.reading->kind == SpaceKind::Time);
    // Meant for the board, mistyped: refused with the reason (into the Up history), not queued.
    const LineAtQuestion typo = ClassifyAtQuestion(Standard(), altamont, "ddux brg");
    CHECK(typo.what == AtQuestion::Refused);
    CHECK_FALSE(typo.why.empty());
    // Lines of the game typed on without looking: they wait behind the question.
    // "time" could read the space's kind, but it is the game's Time card: a line of the game waits.
    for (const char* line : {"+y", "buy Y 20k", "end", "342", "roll 3 4 2", "note the board check is slow", "time"}) {
        CAPTURE(line);
        CHECK(ClassifyAtQuestion(Standard(), altamont, line).what == AtQuestion::Waits);
    }
}

TEST_CASE("a question that reads no space (the undo confirm, a moved line): only Enter alone answers, every line waits") {
    CHECK(ClassifyAtQuestion(Standard(), -1, "").what == AtQuestion::Yes);
    CHECK(ClassifyAtQuestion(Standard(), -1, "dduu brg").what == AtQuestion::Waits);
    CHECK(ClassifyAtQuestion(Standard(), -1, "ddux").what == AtQuestion::Waits);
}

TEST_CASE("the lines typed behind a question come out in the order typed, and the screen says how many") {
    WaitingLines w;
    CHECK(w.Empty());
    CHECK(w.Text().empty());
    w.Add("+y");
    CHECK(w.Text() == "1 line waiting: +y");
    w.Add("34");
    w.Add("end");
    CHECK(w.Size() == 3);
    CHECK(w.Text() == "3 lines waiting: +y, 34, end");
    CHECK(w.Text(2) == "3 lines waiting: +y, 34, ...");
    CHECK(w.Take() == "+y");
    CHECK(w.Take() == "34");
    CHECK(w.Take() == "end");
    CHECK(w.Empty());
}
