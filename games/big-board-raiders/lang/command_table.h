// The table language's commands, described once: each command's keyword, an
// example of its use (the parser's messages quote it), and its arguments as the entry line
// completes them. The parser (table_language.cpp) reads the keyword and the example from here
// (IsKnownKeyword, Usage); the dashboard's completion (games/big-board-raiders/view/entry_model.cpp Complete) reads
// the arguments. How each keyword's arguments are parsed is its handler in table_language.cpp;
// tests/core/test_table_language.cpp parses every example here, so a keyword the parser does
// not handle, or an example it rejects, fails a test.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace rutland::bbr {

// What an argument's completions are drawn from, besides its fixed words. The game supplies the
// names (its players, its board's spaces, the option cards in play, how many entries can be undone).
enum class ArgSource : unsigned {
    None = 0,
    Companies = 1u << 0,   // Y B R G
    Spaces = 1u << 1,      // @fulwell
    Players = 1u << 2,     // Bob
    Options = 1u << 3,     // #3
    UndoCount = 1u << 4,   // 1 .. min(undoable, 5)
    CountKeys = 1u << 5,   // a count's keys, the market's or a player's (Y= Y-pref= B-bond= R-deb= ...)
};
constexpr ArgSource operator|(ArgSource a, ArgSource b) { return static_cast<ArgSource>(static_cast<unsigned>(a) | static_cast<unsigned>(b)); }
constexpr bool Has(ArgSource set, ArgSource one) { return (static_cast<unsigned>(set) & static_cast<unsigned>(one)) != 0; }

// One argument position. A word ending in '=' or '-' is open-ended: completion adds no space after it.
struct ArgSpec {
    ArgSource from = ArgSource::None;
    std::array<std::string_view, 6> words{};  // fixed words offered, in order (empty ones unused)
    std::string_view when_first{};             // offered only when the first argument is this word
};

struct CommandInfo {
    std::string_view keyword;
    std::string_view usage;          // an example the parser accepts, quoted in its messages
    std::array<ArgSpec, 4> args{};   // by position after the keyword
    int arg_count = 0;               // how many of `args` are used
    bool last_repeats = false;       // the last argument may come again (time's words, board's keys)
    bool header = false;             // the game's first line only: not offered on the entry line
};

// Every command, in the order the entry line offers them.
std::span<const CommandInfo> Commands();
// The command with this keyword (exact, lower case), or null.
const CommandInfo* FindCommand(std::string_view keyword);
bool IsKnownKeyword(std::string_view keyword);
// The example of a keyword's use ("buy B 10k"); the keyword itself when unknown.
std::string Usage(std::string_view keyword);
// The spec of the argument at `index` (0: the first after the keyword), or null past the last.
const ArgSpec* ArgumentAt(const CommandInfo& command, size_t index);

} // namespace rutland::bbr
