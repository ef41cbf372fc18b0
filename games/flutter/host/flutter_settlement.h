// rutland-cli year-end of a game of Flutter (kit/host/open_game.h OpenGame::WriteSettlement): its
// round end (RE-1..RE-6), either the one the next throw would make were the round to end after an
// entry (the desk's "if the round ended now", flutter_desk.h SettlementIfEndedNow) or the last one
// settled by then (report/table_view.h LastSettlementOf), effect by effect in the game's words
// (lang/effect_text.h), each with its rule, and the fingerprint of the entry it is of.
#pragma once

#include <iosfwd>
#include <string>

#include "host/open_game.h"
#include "ledger/ledger.h"

namespace rutland::flutter {

// `game`'s round end after entry seq of `ledger` (its ledger), as rutland-cli prints it: for a
// terminal, as CSV (round,kind,player,rule,item,cash: one row an effect, cash the pounds
// the broker pays the player by it), or as a printable HTML page
// titled with `file`. False and *error (citing RE-1) when there is none: no round has ended by
// then (`last`), or no throw can be made after that entry (a Market News card pending, a re-throw
// due, every company bankrupt).
bool WriteRoundEnd(const host::OpenGame& game, const Ledger& ledger, int seq, bool last, host::SettlementFormat format,
                   const std::string& file, std::ostream& out, std::string* error);

} // namespace rutland::flutter
