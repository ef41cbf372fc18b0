// rutland-gamegen: prints a random legal game (tests/support/game_generator.h) as a script that
// `rutland-cli play` accepts line by line.
//
//   rutland-gamegen [--seed N] [--players N] [--entries N] [--counts WEIGHT] [--plain]
//   --counts: how often the table's count is typed (GenMix::count; 0, the default, never)
//   --plain: the canonical spelling and the plainest header (no variants, cash or odd names)
#include "game_generator.h"
#include "gamegen_main.h"

int main(int argc, char** argv) {
    return rutland::testing::GamegenMain<rutland::testing::GenOptions>(
        argc, argv, "rutland-gamegen", [](const rutland::testing::GenOptions& o) { return rutland::testing::GenerateGame(o); });
}
