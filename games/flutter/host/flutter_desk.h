// What Flutter says at the broker's desk before a line is recorded (kit/host/open_game.h
// AskFirst, LinePreview::warnings, Settlement): its questions (flutter_questions.cpp) and its amber
// warnings (flutter_warnings.cpp). flutter_game.cpp's OpenGame calls these and nothing else of them.
//
// Invariants:
//  1. Nothing here changes the game: every answer is computed on a copy of the ledger or state.
//  2. Every question and warning cites the rule it comes from (RULES.md), and its words are made
//     here from the game's typed data, never parsed back from an effect's sentence.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/open_game.h"
#include "ledger/ledger.h"

namespace rutland::flutter {

// RULES.md section 15's header options after `players=`, for the start screen's new-game form.
inline constexpr host::HeaderOption kHeaderOptions[] = {
    {"cash", "Starting cash (£)", "blank: £300 each (G-2)"},
    {"target", "Target (£)", "blank: £600 (G-6, W-3)"},
    {"board", "Board", "blank: provisional (BD-5), or a board of the table's"},
    {"box", "Certificates a company", "blank: 12 (G-3)"},
    {"variants", "Variants", "blank: none; rethrow-bankrupt, bonus-from-stock (section 14)"},
};

// The question the table must answer before `typed` is recorded, or nullopt:
//  - N-1: a Market News card is pending and `typed` is not its `news` line (typed "" too: the desk
//    asks as soon as a throw draws a card). The answer is the card's own line; there is no default.
//  - BD-7: a throw whose landing rests on a fact of the board not yet confirmed at the table (the
//    level it ends on, its lane's M holes, MARKET NEWS after an M hole, TOP): the first time only,
//    since the answer (`board ... ok`, or a correction) confirms the fact.
std::optional<host::Question> AskBeforeLine(const Ledger& ledger, std::string_view typed);

// The amber warnings of a line accepted on a copy (`before` the game as it is, `after` the copy
// once the line's `effects` acted): a throw that ends the round (RE-1), into SLUMP (SL-1..SL-3), a
// card drawn (N-1), a purchase emptying the broker's stock (TR-4), a bonus paid in cash (BN-3), a
// bankruptcy (BK-1).
std::vector<host::Note> PreviewWarnings(const GameState& before, const GameState& after, const Effects& effects);

// "If the round ended now": the settlement RE-1..RE-6 would make were the traveller nearest TOP to
// reach it with the next throw, in the game's words, one effect a line ("" when no throw can be
// made now: a card pending, a re-throw due, every company bankrupt).
std::string SettlementIfEndedNow(const GameState& state);

} // namespace rutland::flutter
