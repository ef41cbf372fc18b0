// Money in Corporate Gigabucks: whole gigabucks (U-1), an integer; fractions never arise. It moves
// only by transfers (rules/rules.cpp Transfer: from a player or the remainders waiting to another),
// so every player's cash plus the remainders waiting stays the money total (U-3), which only a
// `count ... total=` changes.
#pragma once

#include <cstdint>

namespace rutland::gigabucks {

using Money = int64_t;  // whole gigabucks (U-1)

} // namespace rutland::gigabucks
