// Why a line was not accepted: a message and the rule it cites. Game-agnostic (the kernel's,
// core/kernel/ruleset.h): Big Board Raiders cites RULES.md IDs ("B-1") or "COMMANDS.md"; another game its own.
#pragma once

#include <string>

namespace rutland {

struct Rejection {
    std::string message;
    std::string rule;
    std::string ToString() const { return message + " (" + rule + ")"; }
};

} // namespace rutland
