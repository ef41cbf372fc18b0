// rutland-flutter-gamegen: prints a random legal Flutter game (flutter_game_generator.h) as a script
// that `rutland-cli play` accepts line by line.
//
//   rutland-flutter-gamegen [--seed N] [--players 2..8] [--entries N] [--plain]
//   --plain: the canonical spelling and the plainest header (`game flutter players=...`)
#include "flutter_game_generator.h"
#include "gamegen_main.h"

int main(int argc, char** argv) {
    return rutland::testing::GamegenMain<rutland::testing::FlutterGenOptions>(
        argc, argv, "rutland-flutter-gamegen",
        [](const rutland::testing::FlutterGenOptions& o) { return rutland::testing::GenerateFlutterGame(o); });
}
