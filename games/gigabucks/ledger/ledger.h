// Corporate Gigabucks' in-memory ledger: the kernel's ledger (kernel/basic_ledger.h, where its
// invariants are) over the ruleset of rules/gigabucks.h. Instantiated once, in ledger.cpp.
#pragma once

#include "kernel/basic_ledger.h"
#include "rules/gigabucks.h"

namespace rutland {
extern template class BasicLedger<gigabucks::Gigabucks>;
} // namespace rutland

namespace rutland::gigabucks {

using Ledger = BasicLedger<Gigabucks>;
using Entry = BasicEntry<Gigabucks>;

} // namespace rutland::gigabucks
