// The rules' accounting primitives (RULES.md's money and certificates): the one way cash and
// certificates move. Every cash movement is a transfer (Pay, WriteNote, TakeBackNotes, Charge) and
// every certificate movement goes between a player and the tray (MoveCertificates); each emits its
// effect with its rule. So conservation (CheckConservation) holds after every command by
// construction, and the effects explain every change.
//
// Part of the rules' insides (rules/detail/): only the files of rules/ include it (a test checks).
//
// Index:
// [SECTION] Messages and small helpers
// [SECTION] Accounts: effects and transfers
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/text.h"
#include "lang/effect_text.h"
#include "rules/rules.h"

namespace rutland::bbr::detail {

// [SECTION] Messages and small helpers


constexpr int64_t kSharesPerDirectorship = 40000;  // B-4, S-3
const Money kDirectorshipFee = Money::Dollars(500);  // B-4

inline ApplyResult Rejected(std::string message, std::string rule) {
    ApplyResult r;
    r.accepted = false;
    r.rejection = Rejection{std::move(message), std::move(rule)};
    return r;
}

inline std::string_view Name(Company c) { return GetProspectus(c).name; }

inline std::string Shares(int64_t n) { return FormatCount(n); }

inline std::string SecurityWords(Company c, Security s) {
    switch (s) {
        case Security::Common: return std::string(Name(c));
        case Security::Preferred: return fmt::format("{} preferred", Name(c));
        case Security::Bond: return fmt::format("{} {}", Name(c), GetProspectus(c).debt_name);
    }
    return {};
}

inline const Space& SpaceOf(const GameState& s, int space) { return s.board->At(space); }

inline int EscrowsHeld(const GameState& s) {
    int n = 0;
    for (const PlayerState& p : s.players) n += p.escrow.has_value();
    return n;
}

inline std::optional<int> EscrowHolder(const GameState& s, Company c) {
    for (size_t i = 0; i < s.players.size(); ++i)
        if (s.players[i].escrow == c) return static_cast<int>(i);
    return std::nullopt;
}

// S-6: "the player who would normally shake the dice next". During a turn (after its roll) that is
// the next player in turn order, or the same player after doubles (T-5, D-23); between turns, the
// current player, who rolls next. A turn that closes (`end`, `player`) makes the next player
// current before a due year end settles (CloseTurn), so its calls start with them.
inline int NextToRoll(const GameState& s) {
    if (!s.rolled || s.doubles) return s.current;
    return (s.current + 1) % static_cast<int>(s.players.size());
}

// S-6: margin calls (at market or at a fixed price) are covered in turn order starting with the
// player who would roll next. At market the order changes everybody's cash (each cover promotes
// the price before the next); at a fixed price it only orders the covers and what is owed.
inline std::vector<int> CallOrder(const GameState& s) { return TurnOrderFrom(s, NextToRoll(s)); }

// M-1: every share transaction is 5,000 to 20,000 shares in board lots.
inline std::optional<Rejection> CheckLot(int64_t shares) {
    if (shares % kBoardLot != 0 || shares < kBoardLot || shares > 4 * kBoardLot)
        return Rejection{fmt::format("a share transaction is 5,000 to 20,000 shares in lots of 5,000, got {}",
                                  Shares(shares)),
                      "M-1"};
    return std::nullopt;
}

// U-3: bonds and debentures come in $10,000 certificates.
inline std::optional<Rejection> CheckBondAmount(Company c, int64_t face, std::string_view rule) {
    if (face <= 0 || face % kBondCertificate != 0)
        return Rejection{fmt::format("{} come in $10,000 certificates, got {}", GetProspectus(c).debt_name,
                                  FormatMoney(Money::Dollars(face))),
                      std::string(rule)};
    return std::nullopt;
}

// The proceeds clipped to the oldest `shares` shares of the player's notes (S-5). A partly used
// note gives back proceeds in proportion; whatever rounding leaves stays on the note and goes
// back with its last share. With `rest`, also the notes as they stand once those are taken back.
inline Money OldestNotes(const std::vector<ShortNote>& notes, int player, int64_t shares, std::vector<ShortNote>* rest) {
    Money total;
    int64_t want = shares;
    if (rest) rest->clear();
    for (const ShortNote& n : notes) {
        const int64_t take = n.player == player ? std::min(want, n.shares) : 0;
        const Money part = take == n.shares ? n.proceeds : Money::Cents(n.proceeds.cents() * take / n.shares);
        total += part;
        want -= take;
        if (rest && take < n.shares) rest->push_back(ShortNote{n.player, n.shares - take, n.proceeds - part});
    }
    return total;
}

// "DUUD": the arrows in Yellow, Blue, Red, Green order, as the table reads them aloud.
inline std::string ArrowsText(const Trends& trends) {
    std::string out;
    for (Trend t : trends) out += t == Trend::Up ? 'U' : 'D';
    return out;
}

inline std::string Unverified(bool verified) { return verified ? "" : " on the provisional board (D-2)"; }


// [SECTION] Accounts: effects and transfers

// An effect's sentence as data: which one, its numbers and, only for text the table typed, a quote
// (effects.h, EffectWhat). There is no way to hand the Engine words: effect_text.cpp writes them.
struct Say {
    EffectWhat what;
    std::array<int64_t, 6> n{};
    std::string quote;
    explicit Say(EffectWhat w, std::array<int64_t, 6> numbers = {}, std::string q = {})
        : what(w), n(numbers), quote(std::move(q)) {}
    void Into(Effect& e) && {
        e.what = what;
        e.n = n;
        e.quote = std::move(quote);
    }
};

class Accounts {
public:
    // Most commands make a handful of effects, a Market Open or a year end dozens: one allocation
    // up front instead of the vector growing (and moving every Effect) as they come.
    Accounts(GameState& state, Effects& effects) : m_s(state), m_fx(effects) {
        if (m_fx.capacity() == 0) m_fx.reserve(16);
    }

    GameState& S() { return m_s; }
    PlayerState& P(int p) { return m_s.players[static_cast<size_t>(p)]; }
    const std::string& PName(int p) { return P(p).name; }

    void Emit(Effect e) { m_fx.push_back(std::move(e)); }

    void Info(std::string rule, Say say) {
        Effect e;
        e.kind = EffectKind::Info;
        e.rule = std::move(rule);
        std::move(say).Into(e);
        Emit(std::move(e));
    }

    Money& Balance(Account a) {
        switch (a.kind) {
            case AccountKind::Bank: return m_s.bank;
            case AccountKind::Player: return P(a.index).cash;
            case AccountKind::Margin: break;
        }
        // A margin account is the sum of its notes and moves only with them (WriteNote,
        // TakeBackNotes); a plain payment into one would unbalance the notes.
        throw std::logic_error("a margin account is paid only through its notes");
    }

    // Cash between the bank and a player (margin accounts move only with their notes).
    void Pay(Account from, Account to, Money amount, std::string rule, Say say) {
        if (amount == Money()) return;
        Balance(from) -= amount;
        Balance(to) += amount;
        Effect e;
        e.kind = EffectKind::Cash;
        e.rule = std::move(rule);
        std::move(say).Into(e);
        e.from = from;
        e.to = to;
        e.amount = amount;
        Emit(std::move(e));
    }

    // Certificates between the tray and a player.
    void MoveCertificates(int player, Company c, Security sec, int64_t quantity, bool to_player,
                          std::string rule, Say say) {
        if (quantity == 0) return;
        PlayerState& p = P(player);
        Tray& tray = m_s.tray[c];
        int64_t& held = sec == Security::Common ? p.common[c] : sec == Security::Preferred ? p.preferred[c] : p.bonds[c];
        int64_t& left = sec == Security::Common ? tray.common : sec == Security::Preferred ? tray.preferred : tray.bonds;
        const int64_t signed_q = to_player ? quantity : -quantity;
        held += signed_q;
        left -= signed_q;
        Effect e;
        e.kind = EffectKind::Certificates;
        e.rule = std::move(rule);
        std::move(say).Into(e);
        e.player = player;
        e.company = c;
        e.security = sec;
        e.quantity = quantity;
        e.to_player = to_player;
        Emit(std::move(e));
    }

    // S-4: the sale proceeds go to the company's margin account with the seller's note.
    void WriteNote(int player, Company c, int64_t shares, Money proceeds, std::string rule) {
        m_s.margin[c].push_back(ShortNote{player, shares, proceeds});
        m_s.bank -= proceeds;
        Effect cash;
        cash.kind = EffectKind::Cash;
        cash.rule = rule;
        cash.what = EffectWhat::NoteWritten;
        cash.n = {player, Index(c), shares};
        cash.from = Account::Bank();
        cash.to = Account::Margin(c);
        cash.amount = proceeds;
        Emit(std::move(cash));
        Effect note;
        note.kind = EffectKind::ShortNote;
        note.rule = std::move(rule);
        note.what = EffectWhat::ShortTotal;
        note.n = {m_s.ShortShares(player, c)};
        note.player = player;
        note.company = c;
        note.quantity = shares;
        Emit(std::move(note));
    }

    Money ProceedsFor(int player, Company c, int64_t shares) const {
        return OldestNotes(m_s.margin[c], player, shares, nullptr);
    }

    // Takes back `shares` of the player's notes, oldest first, paying their proceeds to the player.
    void TakeBackNotes(int player, Company c, int64_t shares, std::string rule) {
        std::vector<ShortNote> rest;
        const Money paid = OldestNotes(m_s.margin[c], player, shares, &rest);
        m_s.margin[c] = std::move(rest);
        P(player).cash += paid;
        Effect cash;
        cash.kind = EffectKind::Cash;
        cash.rule = rule;
        cash.what = EffectWhat::NoteTakenBack;
        cash.n = {0, Index(c), shares};
        cash.from = Account::Margin(c);
        cash.to = Account::Player(player);
        cash.amount = paid;
        Emit(std::move(cash));
        Effect note;
        note.kind = EffectKind::ShortNote;
        note.rule = std::move(rule);
        const int64_t left = m_s.ShortShares(player, c);
        note.what = EffectWhat::ShortLeft;
        note.n = {left};
        note.player = player;
        note.company = c;
        note.quantity = -shares;
        Emit(std::move(note));
    }

    // the table's count of a short. The player's notes in the company's margin account are
    // replaced by one note of `shares` at `price` a share (none when 0 shares): the old proceeds go
    // back to the bank, the new ones come from it, so the account still equals its notes.
    void ReplaceNotes(int player, Company c, int64_t shares, Money price, const std::string& rule) {
        const int64_t was = m_s.ShortShares(player, c);
        std::vector<ShortNote>& notes = m_s.margin[c];
        const Money released = m_s.ShortProceeds(player, c);
        notes.erase(std::remove_if(notes.begin(), notes.end(), [&](const ShortNote& n) { return n.player == player; }),
                    notes.end());
        m_s.bank += released;
        if (was > 0) {
            Effect cash;
            cash.kind = EffectKind::Cash;
            cash.rule = rule;
            cash.what = EffectWhat::CountNotesReleased;
            cash.n = {player, Index(c), was};
            cash.from = Account::Margin(c);
            cash.to = Account::Bank();
            cash.amount = released;
            Emit(std::move(cash));
        }
        if (shares > 0) {
            const Money proceeds = price * shares;
            notes.push_back(ShortNote{player, shares, proceeds});
            m_s.bank -= proceeds;
            Effect cash;
            cash.kind = EffectKind::Cash;
            cash.rule = rule;
            cash.what = EffectWhat::CountNoteWritten;
            cash.n = {player, Index(c), shares, price.cents()};
            cash.from = Account::Bank();
            cash.to = Account::Margin(c);
            cash.amount = proceeds;
            Emit(std::move(cash));
        }
        Effect note;
        note.kind = EffectKind::ShortNote;
        note.rule = rule;
        note.what = EffectWhat::CountShort;
        note.n = {was, shares, price.cents()};
        note.player = player;
        note.company = c;
        note.quantity = shares - was;
        Emit(std::move(note));
    }

    // A payment the player may not be able to make in full (a forced cover, the roll-back odd
    // lot): what cash there is goes to the bank; the rest becomes a pending obligation (S-6).
    void Charge(int player, Money amount, const std::string& rule, const ChargeReason& why) {
        const Money cash = P(player).cash;
        const Money now = std::min(cash, amount);
        Say say(EffectWhat::ChargePaid);
        Effect tmp;
        EncodeReason(tmp, why);
        say.n = tmp.n;
        Pay(Account::Player(player), Account::Bank(), now, rule, std::move(say));
        const Money owed = amount - now;
        if (owed > Money()) AddObligation(player, owed, rule, why);
    }

    // The state keeps the reason's words (the state JSON's "pending" shows them): rendered here,
    // only when a debt is actually left, which is rare.
    void AddObligation(int player, Money owed, const std::string& rule, const ChargeReason& why) {
        m_s.pending.push_back(Obligation{player, owed, rule, ChargeReasonText(why)});
        Effect e;
        e.kind = EffectKind::Obligation;
        e.what = EffectWhat::ObligationMade;
        e.rule = "S-6";
        e.player = player;
        e.amount = owed;
        EncodeReason(e, why);
        Emit(std::move(e));
    }

    // Once a command has been applied in full: cash a debtor received after being charged (a
    // cover's proceeds, a Split payout) pays what they owe, and a debtor left with nothing to
    // sell is written off. Done at the end, not inside each event, so a later event of the same
    // Market Open can still pay a debt an earlier one made.
    void SettleObligations() {
        for (auto it = m_s.pending.begin(); it != m_s.pending.end();) {
            PlayerState& p = P(it->player);
            const Money part = std::min(p.cash, it->amount);
            if (part > Money()) {
                it->amount -= part;
                Pay(Account::Player(it->player), Account::Bank(), part, "S-6",
                    Say(EffectWhat::DebtPaid, {it->amount.cents()}, it->reason));
            }
            if (it->amount == Money()) it = m_s.pending.erase(it);
            else ++it;
        }
        std::vector<int> debtors;
        for (const Obligation& o : m_s.pending)
            if (std::find(debtors.begin(), debtors.end(), o.player) == debtors.end()) debtors.push_back(o.player);
        for (int p : debtors) WriteOffIfNothingToSell(p);
    }

    bool HasSellableAssets(int player) {
        const PlayerState& p = P(player);
        for (Company c : kCompanies)
            if (m_s.listed[c] && (p.common[c] > 0 || p.preferred[c] > 0 || p.bonds[c] > 0)) return true;
        return false;
    }

    // A player with nothing left to sell cannot pay: the bank writes the rest off, so the game can
    // go on. (The manual is silent; the table would do the same.)
    void WriteOffIfNothingToSell(int player) {
        if (HasSellableAssets(player)) return;
        for (auto it = m_s.pending.begin(); it != m_s.pending.end();) {
            if (it->player != player) { ++it; continue; }
            Info("S-6", Say(EffectWhat::DebtWrittenOff, {player, it->amount.cents()}, it->reason));
            it = m_s.pending.erase(it);
        }
    }

protected:
    GameState& m_s;
    Effects& m_fx;
};

} // namespace rutland::bbr::detail
