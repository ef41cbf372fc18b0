// Random games: lines drawn from the whole language (std::mt19937 with fixed seeds, so each run is
// the same), typed through the ledger. After every line: an accepted one keeps the money total
// (U-3) and the table legal (CheckConservation), its canonical line parses back to its command
// (L-1), its effects come back from the game file's bytes (store/store.h item 1); a rejected one
// changes nothing (rules/rules.h item 1).
#include <doctest/doctest.h>

#include <random>

#include "gigabucks_table.h"
#include "store/store.h"

using namespace gigabucks_test;

namespace {

std::string RandomLine(std::mt19937& rng, int spaces) {
    const char* names[] = {"Ann", "Bob", "Cy", "Dee"};
    const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const std::string who = names[pick(4)];
    const std::string space = std::to_string(pick(spaces + 1));
    switch (pick(17)) {
        case 0: return "p" + space;
        case 1: case 2: case 3: return "r" + std::to_string(2 + pick(11));
        case 4: return pick(3) ? "ch " + who + " " + std::to_string(1 + pick(40)) : "ch -";
        case 5: return pick(3) ? "re " + who + " " + std::to_string(1 + pick(40)) : "re -";
        case 6: return pick(3) ? "di " + who + " " + std::to_string(1 + pick(5)) + " " + space + "x" + std::to_string(pick(3)) : "di -";
        case 7: return pick(3) ? "vo " + who + " " + std::to_string(1 + pick(60)) + " " + space + (pick(2) ? " min=" + std::to_string(1 + pick(40)) : "")
                               : "vo - min=" + std::to_string(1 + pick(40));
        case 8: case 9: return pick(4) ? "in " + who + " " + std::to_string(1 + pick(30)) + " " + space : "in -";
        case 10: case 11: return "e";
        case 12: return pick(6) ? "undo" : "resign " + who;
        case 13: return pick(2) ? "redo" : "player " + who;
        case 14: return "at " + who + " " + space;
        case 15: return "space " + space + " owner=" + who + " lines=" + std::to_string(pick(4));
        default: return "count " + who + "=" + std::to_string(pick(400)) + (pick(2) ? " total=" + std::to_string(1100 + pick(200)) : "");
    }
}

} // namespace

TEST_CASE("U-3, L-1, L-2, X-2: random games keep the money total, a legal table and their canonical lines") {
    for (unsigned seed = 1; seed <= 6; ++seed) {
        Table t(seed % 3 ? "game gigabucks players=Ann,Bob,Cy,Dee cash=60"
                         : "game gigabucks players=Ann,Bob,Cy,Dee cash=40 spaces=12 variants=reoffer,combine-remainders");
        std::mt19937 rng(seed);
        int accepted = 0;
        for (int i = 0; i < 1000; ++i) {
            const std::string line = RandomLine(rng, t.S().Spaces());
            const GameState before = t.S();
            const rutland::SubmitResult r = t.ledger->SubmitLine(line);
            if (!r.accepted) {
                REQUIRE_MESSAGE(t.S() == before, line);
                continue;
            }
            ++accepted;
            const auto problem = CheckConservation(t.S());
            REQUIRE_MESSAGE(!problem, line << ": " << problem.value_or(""));
            const Entry& e = t.ledger->At(r.seq);
            const ParseResult back = ParseCommand(e.line);
            REQUIRE_MESSAGE(back.command, e.line);
            CHECK(PrintCommand(*back.command) == e.line);
            std::string why;
            const auto effects = GigabucksFile::Decode(GigabucksFile::Encode(e.effects), &why);
            REQUIRE_MESSAGE(effects, why);
            CHECK(*effects == e.effects);
            (void)t.Json();  // section 18's JSON of every state
        }
        CHECK(accepted > 100);
    }
}
