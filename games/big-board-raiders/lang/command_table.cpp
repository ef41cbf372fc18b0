#include "lang/command_table.h"

#include <array>

namespace rutland::bbr {

namespace {

using S = ArgSource;

constexpr std::array<std::string_view, 6> kLots = {"5k", "10k", "15k", "20k"};

constexpr ArgSpec Arg(ArgSource from, std::array<std::string_view, 6> words = {}, std::string_view when_first = {}) {
    return ArgSpec{from, words, when_first};
}

// Keep in the order of COMMANDS.md's table: the entry line offers them so.
constexpr CommandInfo kCommands[] = {
    {"roll", "roll 3 4 2 @fulwell", {Arg(S::None), Arg(S::None), Arg(S::None), Arg(S::Spaces)}, 4},
    {"time", "time card=T-04 high-vol @fulwell delist=R", {Arg(S::Spaces, {"high-vol", "card=T-", "delist="})}, 1, true},
    {"end", "end"},
    {"buy", "buy B 10k", {Arg(S::Companies), Arg(S::None, {"pref", "bond", "5k", "10k", "15k", "20k"}), Arg(S::None, kLots)}, 3},
    {"sell", "sell B 10k", {Arg(S::Companies), Arg(S::None, {"pref", "bond", "5k", "10k", "15k", "20k"}), Arg(S::None, kLots)}, 3},
    {"short", "short R 5k", {Arg(S::Companies), Arg(S::None, kLots)}, 2},
    {"cover", "cover R 5k", {Arg(S::Companies), Arg(S::None, kLots)}, 2},
    {"dir", "dir B 2", {Arg(S::Companies)}, 1},
    {"convert", "convert Y pref 10k", {Arg(S::Companies), Arg(S::None, {"pref", "common", "bond"}), Arg(S::None, {"5k", "10k", "20k"})}, 3},
    {"rights", "rights R 5k 2000", {Arg(S::Companies), Arg(S::None, kLots)}, 2},
    {"call", "call B 5k 7750 500", {Arg(S::Companies), Arg(S::None, kLots)}, 2},
    {"put", "put B 5k 11750 500", {Arg(S::Companies), Arg(S::None, kLots)}, 2},
    {"exercise", "exercise #3 cash", {Arg(S::Options), Arg(S::None, {"cash", "buy", "cover", "sell", "short"})}, 2},
    {"transfer", "transfer #3 Cy 1500", {Arg(S::Options), Arg(S::Players)}, 2},
    {"escrow", "escrow switch G", {Arg(S::None, {"switch", "give-up"}), Arg(S::Companies, {}, "switch")}, 2},
    {"declare", "declare"},
    {"year-end", "year-end"},
    {"player", "player Bob", {Arg(S::Players)}, 1},
    {"undo", "undo 2", {Arg(S::UndoCount)}, 1},
    {"redo", "redo 2", {Arg(S::UndoCount)}, 1},
    {"note", "note Bob disputes the roll"},
    {"board", "board @fulwell trend=DUUD ask=BRG bid=YG kind=subsidiary pos=12",
     {Arg(S::Spaces), Arg(S::None, {"trend=", "ask=", "bid=", "kind=", "pos="})}, 2, true},
    {"count", "count Ann cash=54000 Y=20k G-short=10k@0.85 B-dir=2",
     {Arg(S::Players, {"market"}), Arg(S::CountKeys)}, 2, true},
    {"game", "game players=Ann,Bob,Cy,Dee cash=100000", {}, 0, false, true},
};

} // namespace

std::span<const CommandInfo> Commands() { return kCommands; }

const CommandInfo* FindCommand(std::string_view keyword) {
    for (const CommandInfo& c : kCommands)
        if (c.keyword == keyword) return &c;
    return nullptr;
}

bool IsKnownKeyword(std::string_view keyword) { return FindCommand(keyword) != nullptr; }

std::string Usage(std::string_view keyword) {
    const CommandInfo* c = FindCommand(keyword);
    return std::string(c ? c->usage : keyword);
}

const ArgSpec* ArgumentAt(const CommandInfo& command, size_t index) {
    if (command.arg_count == 0) return nullptr;
    const size_t count = static_cast<size_t>(command.arg_count);
    if (index < count) return &command.args[index];
    return command.last_repeats ? &command.args[count - 1] : nullptr;
}

} // namespace rutland::bbr
