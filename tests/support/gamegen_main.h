// The command line every game's generator program shares (gamegen_main.cpp: Big Board Raiders';
// flutter_gamegen_main.cpp: Flutter's): `PROGRAM [--seed N] [--players 2..8] [--entries N]
// [--plain]` (and `--counts WEIGHT` for a generator whose options have a count mix), then the
// game's lines, one a line, as `rutland-cli play` accepts them.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace rutland::testing {

inline bool ReadGenNumber(const char* text, long long* out) {
    const char* end = text + std::strlen(text);
    auto [ptr, ec] = std::from_chars(text, end, *out);
    return ec == std::errc() && ptr == end;
}

// `generate(options)` gives the lines of the game those options make.
template <class Options, class Generate>
int GamegenMain(int argc, char** argv, std::string_view program, Generate generate) {
    constexpr bool has_counts = requires(Options o) { o.mix.count; };
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        long long value = 0;
        const bool number_option = arg == "--seed" || arg == "--players" || arg == "--entries" || (has_counts && arg == "--counts");
        if (arg == "--plain") {
            options.vary_header = false;
            options.vary_spelling = false;
        } else if (number_option && i + 1 < argc && ReadGenNumber(argv[i + 1], &value) && value >= 0) {
            ++i;
            if (arg == "--seed") options.seed = static_cast<uint64_t>(value);
            else if (arg == "--players") options.players = static_cast<int>(value);
            else if (arg == "--entries") options.entries = static_cast<int>(value);
            else if constexpr (has_counts) options.mix.count = static_cast<int>(value);
        } else {
            std::cerr << "usage: " << program << " [--seed N] [--players 2..8] [--entries N]"
                      << (has_counts ? " [--counts WEIGHT]" : "") << " [--plain]\n";
            return 2;
        }
    }
    if (options.players < 2 || options.players > 8 || options.entries < 1) {
        std::cerr << program << ": players is 2..8 and entries 1 or more\n";
        return 2;
    }
    for (const std::string& line : generate(options)) std::cout << line << "\n";
    return 0;
}

} // namespace rutland::testing
