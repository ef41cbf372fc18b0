// The version of the rules engine, stamped on every ledger entry (store.h). Raise it whenever a
// change to rules.cpp could give a recorded command different effects: opening an older game then
// reports, entry by entry, where the new rules disagree with what the table was told.
#pragma once

namespace rutland {

inline constexpr int kRulesVersion = 1;

} // namespace rutland
