// rutland-flutter-gamegen: prints a random legal Flutter game (flutter_game_generator.h) as a script
// that `rutland-cli play` accepts line by line.
//
//   rutland-flutter-gamegen [--seed N] [--players 2..8] [--entries N] [--plain]
//   --plain: the canonical spelling and the plainest header (`game flutter players=...`)
#include <charconv>
#include <cstring>
#include <iostream>
#include <string>

#include "flutter_game_generator.h"

namespace {

bool ReadNumber(const char* text, long long* out) {
    const char* end = text + std::strlen(text);
    auto [ptr, ec] = std::from_chars(text, end, *out);
    return ec == std::errc() && ptr == end;
}

} // namespace

int main(int argc, char** argv) {
    rutland::testing::FlutterGenOptions options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        long long value = 0;
        if (arg == "--plain") {
            options.vary_header = false;
            options.vary_spelling = false;
        } else if ((arg == "--seed" || arg == "--players" || arg == "--entries") && i + 1 < argc &&
                   ReadNumber(argv[i + 1], &value) && value >= 0) {
            ++i;
            if (arg == "--seed") options.seed = static_cast<uint64_t>(value);
            else if (arg == "--players") options.players = static_cast<int>(value);
            else options.entries = static_cast<int>(value);
        } else {
            std::cerr << "usage: rutland-flutter-gamegen [--seed N] [--players 2..8] [--entries N] [--plain]\n";
            return 2;
        }
    }
    if (options.players < 2 || options.players > 8 || options.entries < 1) {
        std::cerr << "rutland-flutter-gamegen: players is 2..8 and entries 1 or more\n";
        return 2;
    }
    for (const std::string& line : rutland::testing::GenerateFlutterGame(options)) std::cout << line << "\n";
    return 0;
}
