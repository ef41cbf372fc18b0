// Recorded games replay to their expected final state. Each tests/games/NAME.expected.json holds,
// written and checked by hand, the parts of the final state JSON that matter; the script is
// tests/games/NAME.txt, or the bundled demo assets/demo/NAME.txt. For every game, undoing k
// commands gives the state of the first n-k commands, and redoing them restores it.
// The games every checkout must hold (more may be added beside them):
//  - first-game: the bundled two-round demo (assets/demo/first-game.txt);
//  - full-game: four players, three whole years and a declared win, touching every rule ID of
//    RULES.md (tests/games/full-game.txt names them in its comments).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "json_subset.h"
#include "table_fixture.h"

namespace fs = std::filesystem;
using rutland::testing::CheckSubset;
using rutland::testing::Table;

namespace {

std::vector<std::string> ReadLines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

} // namespace

TEST_CASE("recorded games replay to their hand-checked final state; undo k / redo k hold at every k") {
    const fs::path root = RUTLAND_SOURCE_DIR;
    const std::vector<std::string> required = {"first-game", "full-game"};
    std::vector<std::string> seen;
    int games = 0;
    for (const auto& entry : fs::directory_iterator(root / "tests" / "games")) {
        const std::string file = entry.path().filename().string();
        const std::string suffix = ".expected.json";
        if (file.size() <= suffix.size() || file.substr(file.size() - suffix.size()) != suffix) continue;
        const std::string name = file.substr(0, file.size() - suffix.size());
        fs::path script = root / "tests" / "games" / (name + ".txt");
        if (!fs::exists(script)) script = root / "assets" / "demo" / (name + ".txt");
        CAPTURE(name);
        REQUIRE(fs::exists(script));
        ++games;
        seen.push_back(name);

        std::vector<std::string> lines = ReadLines(script);
        size_t header = 0;
        while (header < lines.size() && rutland::ParseCommand(lines[header]).command == std::nullopt) ++header;
        REQUIRE(header < lines.size());
        Table t(lines[header]);
        std::vector<std::string> states = {rutland::StateToJson(t.State()).dump()};
        for (size_t i = header + 1; i < lines.size(); ++i) {
            auto parsed = rutland::ParseCommand(lines[i]);
            if (!parsed.command && !parsed.error) continue;
            t.Play(lines[i]);
            states.push_back(rutland::StateToJson(t.State()).dump());
        }
        std::ifstream in(entry.path());
        const nlohmann::json expected = nlohmann::json::parse(in);
        CheckSubset(expected, rutland::StateToJson(t.State()), name);

        const int n = static_cast<int>(states.size()) - 1;
        for (int k = 1; k <= n; ++k) {
            Table u(lines[header]);
            for (size_t i = header + 1; i < lines.size(); ++i) {
                auto parsed = rutland::ParseCommand(lines[i]);
                if (parsed.command) u.Play(lines[i]);
            }
            u.Play("undo " + std::to_string(k));
            CHECK_MESSAGE(rutland::StateToJson(u.State()).dump() == states[static_cast<size_t>(n - k)], "undo ", k);
            u.Play("redo " + std::to_string(k));
            CHECK_MESSAGE(rutland::StateToJson(u.State()).dump() == states.back(), "redo ", k);
        }
    }
    CHECK(games >= 1);
    for (const std::string& name : required)
        CHECK_MESSAGE(std::find(seen.begin(), seen.end(), name) != seen.end(), "recorded game ", name, " is missing");
}
