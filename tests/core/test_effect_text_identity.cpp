// The typed effects (effects.h) are rendered into the table's words by one renderer
// (effect_text.h). A game file of schema 3 stores no words (basic_store.h invariant 15; its stored data
// is pinned by test_effects_data.cpp), but a schema-2 file stored them, and its migration proves
// that the rendering gives them exactly (invariant 16). So this is the renderer's regression test:
// the words stay byte for byte what the rules wrote before effects became data, or a schema-2 game
// not yet migrated could no longer be. The fixtures in tests/games/effects/ were recorded by
// the code from before the change (commit "tests: fixtures of the stored effects text"), one line
// per entry: its seq and the SHA-256 of the effects JSON text the store writes for it.
//
// To record them again (only when a wording change is meant, which stops schema-2 files that were
// not migrated yet from migrating: they open read-only saying which entry's words differ):
//   RUTLAND_RECORD_EFFECT_FIXTURES=1 ./build/tests/rutland_core_tests -tc="effect text identity*"
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "store/effects_json.h"
#include "game_generator.h"
#include "text_checks.h"
#include "ledger/ledger.h"
#include "bbr_names.h"
#include "base/sha256.h"

namespace {

using rutland::test::ReadScript;

// What the store writes as an entry's effects column.
std::string EffectsWords(const rutland::Ledger& ledger, int seq) {
    return rutland::EffectsJsonText(ledger.At(seq).effects, rutland::RenderContext::Of(ledger.State()));
}

// Which sentences the games below make (a sentence no game makes is not checked by them).
std::array<int, static_cast<size_t>(rutland::EffectWhat::kCount)> g_seen{};

// "seq sha256" per entry of the game played from `lines` (lines the rules reject are skipped, as
// the CLI's --keep-going does).
std::string WordFingerprints(const std::vector<std::string>& lines) {
    auto header = rutland::ParseCommand(lines.at(0));
    rutland::Rejection why;
    auto ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(header.command->action), &why);
    REQUIRE(ledger.has_value());
    for (size_t i = 1; i < lines.size(); ++i) ledger->SubmitLine(lines[i]);
    std::string out;
    for (const rutland::Entry& e : ledger->Entries())
        for (const rutland::Effect& fx : e.effects) ++g_seen[static_cast<size_t>(fx.what)];
    for (int seq = 0; seq < ledger->Size(); ++seq)
        out += std::to_string(seq) + " " + rutland::ToHex(rutland::Sha256(EffectsWords(*ledger, seq))) + "\n";
    return out;
}

void CompareWords(const std::string& name, const std::vector<std::string>& lines) {
    const std::string path = std::string(RUTLAND_SOURCE_DIR) + "/tests/games/effects/" + name + ".sha256";
    const std::string now = WordFingerprints(lines);
    if (std::getenv("RUTLAND_RECORD_EFFECT_FIXTURES")) {
        std::ofstream(path, std::ios::binary) << now;
        return;
    }
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), path);
    std::stringstream expected;
    expected << in.rdbuf();
    // Line by line, so a failure names the first entry whose stored text changed.
    std::istringstream a(expected.str()), b(now);
    std::string la, lb;
    int lines_compared = 0;
    while (std::getline(a, la)) {
        REQUIRE_MESSAGE(std::getline(b, lb), name << ": fewer entries than recorded");
        REQUIRE_MESSAGE(la == lb, name << ": the stored effects of entry " << la.substr(0, la.find(' ')) << " changed");
        ++lines_compared;
    }
    CHECK_FALSE(std::getline(b, lb));
    CHECK(lines_compared > 10);
}

} // namespace

TEST_CASE("effect text identity: the recorded games store the effects text written before effects were typed") {
    CompareWords("full-game", ReadScript(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt"));
    CompareWords("year-end-order", ReadScript(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/year-end-order.txt"));
    CompareWords("first-game", ReadScript(std::string(RUTLAND_SOURCE_DIR) + "/assets/demo/first-game.txt"));
}

TEST_CASE("effect text identity: generated games store the effects text written before effects were typed") {
    struct Game { uint64_t seed; int players; };
    for (Game g : {Game{11, 2}, Game{2026, 4}, Game{777, 7}}) {
        rutland::testing::GenOptions options;
        options.seed = g.seed;
        options.players = g.players;
        options.entries = 2000;
        CompareWords("generated-" + std::to_string(g.seed) + "-" + std::to_string(g.players),
                rutland::testing::GenerateGame(options));
    }
    // The sentences none of the fixture games makes, which this check therefore does not cover
    // (ctest runs each case on its own: the recorded games are played again here to count them).
    for (const char* script : {"/tests/games/full-game.txt", "/tests/games/year-end-order.txt", "/assets/demo/first-game.txt"})
        WordFingerprints(ReadScript(std::string(RUTLAND_SOURCE_DIR) + script));
    std::string unseen;
    for (size_t k = 1; k < g_seen.size(); ++k)
        if (g_seen[k] == 0) unseen += " " + std::to_string(k);
    MESSAGE("EffectWhat values no fixture game makes:" << (unseen.empty() ? " none" : unseen));
}
