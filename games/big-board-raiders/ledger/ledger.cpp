#include "ledger/ledger.h"

namespace rutland {
template class BasicLedger<bbr::BigBoardRaiders>;
} // namespace rutland

namespace rutland::bbr {

std::string PrintHeader(const GameHeader& header) { return PrintCommand(Command{std::nullopt, header}); }

} // namespace rutland::bbr
