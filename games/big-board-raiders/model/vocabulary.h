// The game's vocabulary, below the table language: what a game starts from (GameHeader), the kinds
// of security and option, and why something was refused (Rejection, the kernel's). The state (state.h), the
// effects (effects.h) and the commands (lang/command.h) all speak it; it knows none of them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel/rejection.h"  // Rejection: `rule` is a RULES.md ID ("B-1"), or "COMMANDS.md" for a line
                               // that is not in the table language at all
#include "model/money.h"

namespace rutland::bbr {

// game players=Ann,Bob [cash=100000] [broker=Dee] [sec=Cy] [board=standard] [year-cards=N]
//      [variants=v1,v2] [start=@space,@space,...]
struct GameHeader {
    std::vector<std::string> players;
    Money cash = Money::Dollars(100000);
    std::optional<std::string> broker;
    std::optional<std::string> sec;
    std::string board = "standard";
    std::optional<int> year_cards;
    std::vector<std::string> variants;  // as typed, e.g. "uptick", "rollback-cover=0.50"
    std::vector<std::string> start;     // space names (without '@'), one per player, in order
    bool operator==(const GameHeader&) const = default;
};

enum class Security : uint8_t { Common, Preferred, Bond };  // Bond = debentures for Red/Green

enum class OptionKind : uint8_t { Call, Put };

} // namespace rutland::bbr
