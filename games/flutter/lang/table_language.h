// Flutter's table language (RULES.md section 15): a line to a Command and back. Parse knows no
// game: it reads the words, and Apply (rules/rules.h) finds the companies and players in the game.
// Print writes the canonical line, and Parse(Print(c)) == c for every command.
//
// Quick forms: `w4` (throw W 4), `+w2` / `+w` (buy), `-r1` / `-r` (sell), `n u2 div10` (news, quick
// effects separated by spaces or commas). Case is free; `#` starts a comment.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/rejection.h"
#include "model/command.h"
#include "model/money.h"

namespace rutland::flutter {

struct ParseResult {
    std::optional<Command> command;    // nullopt and no error: a blank or comment line
    std::optional<Rejection> error;
};

// A line typed or played now: every limit of the language, among them those of base/names.h rule 2
// (TypedNameProblem), rule 4 (look-alike players, G-1), free text holding no control or bidi
// character (a note, a lane's name=, colour=, letter=) and no key twice in a line (L-1).
ParseResult ParseCommand(std::string_view line);
// A line as the game file stored it (store.h ParseStored): read as it was written, before the
// limits newer than the file (names.h rule 3), so an older game replays exactly as before.
ParseResult ParseStoredCommand(std::string_view line);
std::string PrintCommand(const Command& command);

// £1,090 (U-1: whole pounds).
std::string FormatPounds(Pounds amount);
// The place as the language writes it: "@news", "@L14" (T-8); for `peg traveller=`, without the @.
std::string PrintPlace(const Place& place);

} // namespace rutland::flutter
