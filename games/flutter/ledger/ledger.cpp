#include "ledger/ledger.h"

namespace rutland {
template class BasicLedger<flutter::Flutter>;
} // namespace rutland
