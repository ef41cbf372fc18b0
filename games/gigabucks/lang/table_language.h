// Corporate Gigabucks' table language (RULES.md section 17): a line to a Command and back. Parse
// knows no game: it reads the words, and Apply (rules/rules.h) finds the players in the game and
// checks the spaces against the ring. Print writes the canonical line, and Parse(Print(c)) == c for
// every command. Quick forms: `p12`, `r7`, `ch`, `re`, `di`, `vo`, `in`, `e`. Case is free; `#`
// starts a comment (not in a note's text, which is the table's own).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/rejection.h"
#include "model/command.h"

namespace rutland::gigabucks {

struct ParseResult {
    std::optional<Command> command;  // nullopt and no error: a blank or comment line
    std::optional<Rejection> error;
};

ParseResult ParseCommand(std::string_view line);
std::string PrintCommand(const Command& command);

std::string_view RoyaltyWord(RoyaltyRule rule);
// "2d6" (T-4).
std::string DiceWord(const Header& header);

} // namespace rutland::gigabucks
