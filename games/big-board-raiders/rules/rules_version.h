// The version of the rules engine, stamped on every ledger entry (store.h). Raise it whenever a
// change to rules.cpp could give a recorded command different effects: opening an older game then
// reports, entry by entry, where the new rules disagree with what the table was told.
#pragma once

namespace rutland::bbr {

// 1: the first rules. 2: calls at market from the player who would roll next (S-6), forced
// sales no larger than the debt (S-6), the year-ending draw's exception (D-24), expired options cite
// Y-3.
inline constexpr int kRulesVersion = 2;

} // namespace rutland::bbr
