// Whole games: the recorded games of tests/flutter/games/ played through the ledger to their
// hand-written expected JSON (each `#reject RULE: LINE` line of a game refused citing RULE, nothing
// changed), and random legal games (drawn from Legal()) checked for conservation
// after every command.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "flutter_table.h"
#include "rules/legal.h"

using namespace flutter_test;

namespace {

// A recorded game's line that must be refused: `#reject RULE: LINE`.
constexpr std::string_view kReject = "#reject ";

std::string ReadFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in, ("cannot open " + path.string()));
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace

TEST_CASE("recorded games: each tests/flutter/games/*.txt plays through the ledger to its hand-checked .json, its #reject lines refused") {
    const std::filesystem::path dir = RUTLAND_FLUTTER_TESTS_DIR "/games";
    int games = 0, refusals = 0;
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
        if (file.path().extension() != ".txt") continue;
        CAPTURE(file.path().string());
        std::istringstream lines(ReadFile(file.path()));
        std::string line, header;
        while (header.empty() && std::getline(lines, line))
            if (ParseCommand(line).command) header = line;
        Table t(header);
        int n = 0;
        while (std::getline(lines, line)) {
            CAPTURE(line);
            // `#reject RULE: LINE` (a comment to every other reader): LINE is refused citing RULE,
            // and the state, its JSON and the ledger are as before (section 15).
            if (line.starts_with(kReject)) {
                const size_t colon = line.find(": ");
                REQUIRE(colon != std::string::npos);
                const std::string rule = line.substr(kReject.size(), colon - kReject.size());
                const std::string refused = line.substr(colon + 2);
                CAPTURE(refused);
                const GameState before = t.S();
                const auto json_before = t.Json();
                const int size_before = t.ledger->Size();
                const rutland::SubmitResult r = t.ledger->SubmitLine(refused);
                REQUIRE_FALSE(r.accepted);
                CHECK(r.rejection.rule == rule);
                CHECK(r.rejection.ToString().find("(" + rule + ")") != std::string::npos);
                CHECK(t.S() == before);
                CHECK(t.Json() == json_before);
                CHECK(t.ledger->Size() == size_before);
                ++refusals;
                continue;
            }
            const rutland::SubmitResult r = t.ledger->SubmitLine(line);
            if (r.status == rutland::SubmitStatus::Blank) continue;
            REQUIRE_MESSAGE(r.accepted, r.rejection.ToString());
            REQUIRE_FALSE(CheckConservation(t.S()));
            ++n;
        }
        const auto expected = nlohmann::ordered_json::parse(ReadFile(std::filesystem::path(file.path()).replace_extension(".json")));
        const auto got = t.Json();
        for (const auto& item : expected.items()) {
            const std::string key = item.key();
            CAPTURE(key);
            REQUIRE(got.contains(key));
            CHECK(got[key] == item.value());
        }
        // The exported ledger replays to the same state (section 15: canonical lines).
        Table replay(header);
        for (int seq = 1; seq < t.ledger->Size(); ++seq) replay.Do(t.ledger->At(seq).line);
        CHECK(replay.S() == t.S());
        CHECK(n > 0);
        ++games;
    }
    CHECK(games >= 10);
    CHECK(refusals >= 40);
}

TEST_CASE("random legal games: conservation after every command; canonical lines parse back; undo restores") {
    int total_bonuses = 0, total_bankrupt = 0;
    for (unsigned seed = 1; seed <= 6; ++seed) {
        CAPTURE(seed);
        std::mt19937 random(seed);
        Table t(seed % 2 ? "game flutter players=Ann,Bob,Cy,Dee target=900" : "game flutter players=Ann,Bob box=3 variants=rethrow-bankrupt,bonus-from-stock");
        int rounds_seen = 0, cards = 0, bonuses = 0;
        for (int step = 0; step < 250; ++step) {
            const LegalNow legal = Legal(t.S());
            REQUIRE_FALSE(legal.commands.empty());
            // Prefer throwing, so that rounds end; trade sometimes; claim when one is offered.
            std::vector<Command> throws, others;
            for (const Command& c : legal.commands)
                (std::holds_alternative<Throw>(c.action) ? throws : others).push_back(c);
            const bool pick_throw = !throws.empty() && (others.empty() || random() % 3 != 0);
            const std::vector<Command>& pool = pick_throw ? throws : others;
            const Command& c = pool[random() % pool.size()];
            if (std::holds_alternative<Claim>(c.action)) break;  // the game is won
            const GameState before = t.S();
            const Effects& fx = t.Do(PrintCommand(c));
            const std::string line = t.ledger->At(t.ledger->Size() - 1).line;
            CHECK(PrintCommand(*ParseCommand(line).command) == line);
            cards += CountOf(fx, EffectKind::CardDue);
            bonuses += CountOf(fx, EffectKind::BonusToPar);
            if (t.S().round != before.round) ++rounds_seen;
            if (step % 17 == 5) {
                t.Do("undo");
                CHECK(t.S() == before);
                t.Do("redo");
            }
        }
        CHECK(rounds_seen >= 1);
        CHECK(cards >= 1);
        total_bonuses += bonuses;
        for (const Company& co : t.S().companies) total_bankrupt += co.bankrupt;
    }
    // The seeds reach the rarer rules too: bonus issues (BN-1) and bankruptcies (BK-1).
    CHECK(total_bonuses >= 1);
    CHECK(total_bankrupt >= 1);
}
