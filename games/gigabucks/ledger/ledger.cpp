#include "ledger/ledger.h"

namespace rutland {
template class BasicLedger<gigabucks::Gigabucks>;
} // namespace rutland
