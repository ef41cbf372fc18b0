#include "ledger/ledger.h"

namespace rutland {

template class BasicLedger<BigBoardRaiders>;

std::string PrintHeader(const GameHeader& header) { return PrintCommand(Command{std::nullopt, header}); }

} // namespace rutland
