// What an accepted command did, as typed data: a kind, the rule it follows, the company and the
// player it concerns and up to four numbers. No words: lang/effect_text.cpp is the one place that
// says them, and the game file stores and hashes this data (store/store.h), so rewording a sentence
// changes no file. `text` carries only what the table typed (a note, an undone line, a name or
// colour set by `board`), never words of the rules.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rutland::flutter {

enum class EffectKind : uint8_t {
    GameStarted,      // G-1..G-6: n = {players, cash each, target, box}
    CertificatesSet,  // G-3: company; n = {sale stock, reserve}
    Starter,          // G-5: player starts
    Bought,           // TR-5: player, company; n = {certificates, price, total paid}
    Sold,             // TR-6: player, company; n = {certificates, price, total received}
    Thrown,           // T-1: player, company; n = {number}
    VoidThrow,        // T-7: company bankrupt, nothing moves
    RethrowDue,       // T-7 variant: player throws again
    TravellerMoved,   // T-2 / N-2 / SL-1 / SL-2: company; n = {from, to}
    TableWins,        // T-8: company; n = {where the app's board put it, where the table put it}
    MJump,            // T-4: company; n = {the M hole, the MARKET NEWS level}
    CardDue,          // T-5 / N-1: company, player (who threw)
    SlumpDrop,        // SL-1: company; n = {from, to, stopped on the parent 0/1}
    SlumpHeld,        // SL-3: company; n = {level}
    AntiSlumpKept,    // N-4: company
    Dividend,         // N-2 / RE-2: player, company; n = {per certificate, certificates, amount}
    ParentMoved,      // N-3 / RE-3: company; n = {from level, to level, from price, to price}
    CardNothing,      // N-2 `nothing`
    RestDropped,      // N-5 / F-D19: company; n = {how many of the card's effects were dropped}
    RoundEnded,       // RE-1: company that reached TOP, player; n = {round}
    Settled,          // RE-3: company; n = {position (Position), dividend, move}
    BonusShares,      // BN-2: player, company; n = {certificates given, from reserve, from sale stock}
    BonusCash,        // BN-3: player, company; n = {certificates held, amount}
    BonusToPar,       // BN-1: company; n = {from level, to level (PAR 100)}
    Bankrupt,         // BK-1: company
    CertificatesLost, // BK-1: company, player (-1: the broker); n = {certificates, kind 0 player 1 sale stock 2 reserve}
    NewRound,         // RE-5 / RE-6: player starts; n = {round}
    DicePassed,       // T-9: player to throw next
    ClaimValid,       // W-3 / W-4: player; n = {capital, target}
    Winner,           // W-4: player; n = {capital, shared 0/1}
    CashCounted,      // player; n = {from, to}
    CertificatesCounted,  // player, company; n = {from, to, sale stock from, sale stock to}
    PegSet,           // company; n = {parent from, parent to, traveller from, traveller to}
    AntiSlumpSet,     // company; n = {held 0/1}
    TurnSet,          // player
    BoardLevel,       // BD-7: n = {level, price or -1, Label, verified 0/1}
    BoardLane,        // BD-7: company; n = {verified 0/1}; text = letter \x1f colour \x1f name \x1f M holes
    BoardLevels,      // BD-6: n = {levels before, levels after}
    Noted,            // note: text
    Undone,           // L-2: n = {first seq, last seq, count}; text = the line(s)
    Redone,           // L-2: as Undone
};

// A traveller's position (BD-3), as RE-3 reads it.
enum class Position : uint8_t { Parent, Below, News, Slump, Five, Ten, Top };

struct Effect {
    EffectKind kind = EffectKind::Noted;
    std::string rule;   // "T-2"
    int company = -1;   // lane index, -1: none
    int player = -1;    // seat index, -1: none
    std::array<int64_t, 4> n{};
    std::string text;
    // BD-7: a figure computed from a fact of the board not yet confirmed at the table (a price, a
    // label, an M hole) says so.
    bool provisional = false;
    bool operator==(const Effect&) const = default;
};

using Effects = std::vector<Effect>;

} // namespace rutland::flutter
