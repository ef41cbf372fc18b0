// Big Board Raiders' in-memory ledger: the kernel's ledger (basic_ledger.h, where its invariants
// are) over the ruleset of rules/big_board_raiders.h. Instantiated once, in ledger.cpp.
#pragma once

#include <string>

#include "kernel/basic_ledger.h"
#include "rules/big_board_raiders.h"

// The kernel's ledger for the game, instantiated once (ledger.cpp). An explicit instantiation
// belongs to the template's namespace, the kernel's.
namespace rutland {
extern template class BasicLedger<bbr::BigBoardRaiders>;
} // namespace rutland

namespace rutland::bbr {

using Ledger = BasicLedger<BigBoardRaiders>;
using Entry = BasicEntry<BigBoardRaiders>;

// Prints the header line of a ledger (entry 0).
std::string PrintHeader(const GameHeader& header);

} // namespace rutland::bbr
