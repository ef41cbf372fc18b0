// Big Board Raiders' in-memory ledger: the kernel's ledger (basic_ledger.h, where its invariants
// are) over the ruleset of rules/big_board_raiders.h. Instantiated once, in ledger.cpp.
#pragma once

#include <string>

#include "kernel/basic_ledger.h"
#include "rules/big_board_raiders.h"

namespace rutland {

extern template class BasicLedger<BigBoardRaiders>;

using Ledger = BasicLedger<BigBoardRaiders>;
using Entry = BasicEntry<BigBoardRaiders>;

// Prints the header line of a ledger (entry 0).
std::string PrintHeader(const GameHeader& header);

} // namespace rutland
