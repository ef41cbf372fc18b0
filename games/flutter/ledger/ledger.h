// Flutter's in-memory ledger: the kernel's ledger (kernel/basic_ledger.h, where its invariants are)
// over the ruleset of rules/flutter.h. Instantiated once, in ledger.cpp.
#pragma once

#include "kernel/basic_ledger.h"
#include "rules/flutter.h"

namespace rutland {
extern template class BasicLedger<flutter::Flutter>;
} // namespace rutland

namespace rutland::flutter {

using Ledger = BasicLedger<Flutter>;
using Entry = BasicEntry<Flutter>;

} // namespace rutland::flutter
