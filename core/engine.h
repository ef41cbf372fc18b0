// The rules engine's insides, shared by the files that implement RULES.md (rules.cpp: the turn and
// the trades; rules_cards.cpp: Time cards, rights and options; rules_year.cpp: conversions, escrow,
// the year end and winning). Not part of the core's interface: only those files include it.
//
// The one way state changes is through Engine: every cash movement is a transfer (Pay, WriteNote,
// TakeBackNotes, Charge), every certificate movement goes between a player and the tray
// (MoveCertificates), and each emits its effect with its rule. So conservation (CheckConservation)
// holds after every command by construction, and the effects explain every change.
//
// Index:
// [SECTION] Messages and small helpers
// [SECTION] Engine: transfers, prices and market events, directorships, proxies, escrow
// [SECTION] Handler context and the checks every trade shares
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "effect_text.h"
#include "rules.h"
#include "text.h"

namespace rutland::detail {

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

// Players in turn order starting with `first` (Y-2 payouts, S-6 calls).
inline std::vector<int> TurnOrderFrom(const GameState& s, int first) {
    std::vector<int> order;
    const int n = static_cast<int>(s.players.size());
    for (int k = 0; k < n; ++k) order.push_back((first + k) % n);
    return order;
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


// [SECTION] Engine: transfers, prices and market events, directorships, proxies, escrow

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

class Engine {
public:
    // Most commands make a handful of effects, a Market Open or a year end dozens: one allocation
    // up front instead of the vector growing (and moving every Effect) as they come.
    Engine(GameState& state, Effects& effects) : m_s(state), m_fx(effects) {
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

    // [SECTION] Prices and market events (M-1..M-6)

    // Moves the marker by `delta` ticks. Reaching or passing a level fires the event at once; the
    // marker goes to Issue and the rest of the move is dropped (M-3, D-8).
    // `why`: a promotion (M-1) or the Market Open (T-2, with its volatility).
    void MovePrice(Company c, int delta, const std::string& rule, PriceWhy why, int volatility = 0) {
        if (delta == 0) return;
        const Prospectus& pr = GetProspectus(c);
        const int from = m_s.price[c];
        int to = from + delta;
        const bool split = to >= pr.split_ticks;
        const bool floor = to <= pr.floor_ticks;
        if (split) to = pr.split_ticks;
        if (floor) to = pr.floor_ticks;
        m_s.price[c] = to;
        Effect e;
        e.kind = EffectKind::Price;
        e.rule = rule;
        e.company = c;
        e.from_ticks = from;
        e.to_ticks = to;
        e.what = EffectWhat::PriceMove;
        e.n = {delta, static_cast<int64_t>(why), volatility};
        Emit(std::move(e));
        if (split) Split(c);
        else if (floor && pr.floor_event == FloorEvent::RollBack) RollBack(c);
        else if (floor) Bankruptcy(c);
    }

    // M-1: promotion after a share transaction, one tick per 5,000 shares.
    void Promote(Company c, int64_t shares, bool up) {
        const int ticks = static_cast<int>(shares / kBoardLot);
        MovePrice(c, up ? ticks : -ticks, "M-1", PriceWhy::Promotion);
    }

    void MarkerToIssue(Company c, const std::string& rule) {
        const int from = m_s.price[c];
        const int issue = GetProspectus(c).issue_ticks;
        m_s.price[c] = issue;
        Effect e;
        e.kind = EffectKind::Price;
        e.rule = rule;
        e.company = c;
        e.from_ticks = from;
        e.to_ticks = issue;
        e.what = EffectWhat::MarkerToIssue;
        Emit(std::move(e));
    }

    void Event(Company c, const std::string& rule, EffectWhat what) {
        Effect e;
        e.kind = EffectKind::MarketEvent;
        e.what = what;
        e.rule = rule;
        e.company = c;
        Emit(std::move(e));
    }

    // Covers a player's whole short at a fixed price, with no promotion (D-14): the player takes
    // back the notes and their proceeds and pays shares x price (S-5 "use those proceeds and top up").
    void FixedPriceCover(int player, Company c, int ticks, const std::string& rule, CoverWhy why) {
        const int64_t shares = m_s.ShortShares(player, c);
        if (shares == 0) return;
        const Money cost = ValueAt(shares, ticks);
        TakeBackNotes(player, c, shares, rule);
        Charge(player, cost, rule, ChargeReason{ChargeFor::FixedCover, c, shares, ticks, why, 0});
    }

    void CoverAllShorts(Company c, int ticks, const std::string& rule, CoverWhy why) {
        for (int p : CallOrder(m_s)) FixedPriceCover(p, c, ticks, rule, why);
    }

    // S-6 at market: the player's whole short in the company is bought back at the current price
    // in transactions of at most 20,000 shares, each followed by its promotion (M-1) before the
    // next; no Ask is needed. A delisted company's price is frozen (M-7), so its covers move nothing.
    // A Split fired by a promotion covers what is left at the Split price (M-4).
    void MarketCall(int player, Company c, const std::string& rule, CoverWhy why, int option_id = 0) {
        while (const int64_t left = m_s.ShortShares(player, c)) {
            const int64_t lot = std::min<int64_t>(left, 4 * kBoardLot);
            const int ticks = m_s.price[c];
            const Money cost = ValueAt(lot, ticks);
            TakeBackNotes(player, c, lot, rule);
            Charge(player, cost, rule, ChargeReason{ChargeFor::MarketCover, c, lot, ticks, why, option_id});
            if (m_s.listed[c]) Promote(c, lot, true);
        }
    }

    // Every short in the company, players in turn order from the one who would roll next (S-6).
    void MarketCallAll(Company c, const std::string& rule, CoverWhy why) {
        for (int p : CallOrder(m_s)) MarketCall(p, c, rule, why);
    }

    // M-4 Split.
    void Split(Company c) {
        const Prospectus& pr = GetProspectus(c);
        Event(c, "M-4", EffectWhat::SplitEvent);
        MarkerToIssue(c, "M-4");
        for (int p : TurnOrderFrom(m_s, m_s.current)) {
            const int64_t shares = P(p).common[c] + P(p).preferred[c];
            if (shares == 0) continue;
            Pay(Account::Bank(), Account::Player(p), Money::Dollars(shares), "M-4",
                Say(EffectWhat::SplitPayout, {shares, Index(c)}));
        }
        CoverAllShorts(c, pr.split_ticks, "M-4", CoverWhy::SplitCall);
    }

    // M-5 Roll Back (Yellow, Blue).
    void RollBack(Company c) {
        const Prospectus& pr = GetProspectus(c);
        Event(c, "M-5", EffectWhat::RollBackEvent);
        MarkerToIssue(c, "M-5");
        const int odd_lot_ticks = m_s.variants.rollback_odd_lot_level ? pr.floor_ticks : pr.issue_ticks;  // D-6
        for (int p : TurnOrderFrom(m_s, m_s.current)) {
            const int64_t held = P(p).common[c];
            if (held == 0) continue;
            const int64_t half = held / 2;
            const int64_t keep = (half + kBoardLot - 1) / kBoardLot * kBoardLot;
            MoveCertificates(p, c, Security::Common, held - keep, false, "M-5",
                             Say(EffectWhat::RollBackReturn, {held, keep}));
            if (keep != half) {
                const Money odd = ValueAt(kBoardLot / 2, odd_lot_ticks);
                Charge(p, odd, "D-6", ChargeReason{ChargeFor::RollBackOddLot, c, kBoardLot / 2, odd_lot_ticks, CoverWhy::SplitCall, 0});
            }
            Forfeits(p, c);
        }
        const int cover_ticks = m_s.variants.rollback_cover_half ? 10 : 20;  // D-7
        CoverAllShorts(c, cover_ticks, "D-7", CoverWhy::RollBackCall);
    }

    // M-6 Bankruptcy (Red, Green).
    void Bankruptcy(Company c) {
        Event(c, "M-6", EffectWhat::BankruptcyEvent);
        for (int p : TurnOrderFrom(m_s, m_s.current)) {
            PlayerState& pl = P(p);
            if (pl.common[c] > 0)
                MoveCertificates(p, c, Security::Common, pl.common[c], false, "M-6",
                                 Say(EffectWhat::BankruptcyReturnCommon));
            if (pl.directorships[c] > 0)
                LoseDirectorships(p, c, pl.directorships[c], "M-6", Say(EffectWhat::ForfeitBankruptcy));
            if (pl.bonds[c] > 0)
                MoveCertificates(p, c, Security::Bond, pl.bonds[c], false, "M-6",
                                 Say(EffectWhat::BankruptcyReturnBonds));
        }
        // The loop-hole: covered at $0, the seller keeps the whole margin proceeds.
        CoverAllShorts(c, 0, "M-6", CoverWhy::BankruptcyZero);
        MarkerToIssue(c, "M-6");
    }

    // [SECTION] Directorships, proxies, escrow (S-3, B-4, E-1, E-2)

    // `why`: ForfeitBankruptcy or ForfeitShares with its numbers.
    void LoseDirectorships(int player, Company c, int count, const std::string& rule, Say why) {
        P(player).directorships[c] -= count;
        Effect e;
        e.kind = EffectKind::Directorship;
        e.rule = rule;
        e.player = player;
        e.company = c;
        e.quantity = -count;
        std::move(why).Into(e);
        Emit(std::move(e));
    }

    // S-3: after any decrease of holdings (a sale, a Roll Back...), 40,000 shares must back each
    // common directorship.
    void Forfeits(int player, Company c) {
        const PlayerState& p = P(player);
        const int supported = static_cast<int>(p.VotingShares(c) / kSharesPerDirectorship);
        if (p.directorships[c] <= supported) return;
        const int lose = p.directorships[c] - supported;
        LoseDirectorships(player, c, lose, "S-3", Say(EffectWhat::ForfeitShares, {p.VotingShares(c), supported}));
    }

    // E-1, T-3: the first landing on a subsidiary earns its proxy, while any escrow is unclaimed.
    void EarnProxy(int player, int space) {
        const Space& sp = SpaceOf(m_s, space);
        if (sp.kind.value != SpaceKind::Subsidiary || !sp.company) return;
        PlayerState& p = P(player);
        if (p.HasProxy(space)) return;
        if (EscrowsHeld(m_s) == kCompanyCount) {
            Info("E-1", Say(EffectWhat::ProxiesClosed));
            return;
        }
        p.proxies |= uint64_t{1} << space;
        Effect e;
        e.kind = EffectKind::Proxy;
        e.rule = "E-1";
        e.player = player;
        e.space = space;
        e.company = *sp.company;
        e.what = EffectWhat::ProxyEarned;
        e.n = {ProxyCount(player, *sp.company)};
        Emit(std::move(e));
        MaybeElect(player, *sp.company);
    }

    int ProxyCount(int player, Company c) {
        int n = 0;
        for (std::string_view sub : GetProspectus(c).subsidiaries) {
            std::string error;
            if (auto idx = m_s.board->Find(sub, &error); idx && P(player).HasProxy(*idx)) ++n;
        }
        return n;
    }

    // E-2: the first player holding all six proxies of a company, holding no escrow directorship
    // yet, is elected its escrow director, free.
    void MaybeElect(int player, Company c) {
        PlayerState& p = P(player);
        if (ProxyCount(player, c) < 6 || EscrowHolder(m_s, c)) return;
        if (p.escrow) {
            Info("E-2", Say(EffectWhat::AlreadyEscrow, {player, Index(c), Index(*p.escrow)}));
            return;
        }
        SeatEscrow(player, c, "E-2", EscrowHow::Elected);
    }

    // The player becomes the company's escrow director (E-2 election, a switch, or D-17's hand-over).
    void SeatEscrow(int player, Company c, const std::string& rule, EscrowHow how) {
        P(player).escrow = c;
        Effect e;
        e.kind = EffectKind::Escrow;
        e.rule = rule;
        e.player = player;
        e.company = c;
        e.quantity = 1;
        e.what = EffectWhat::EscrowSeated;
        e.n = {static_cast<int64_t>(how)};
        Emit(std::move(e));
    }

private:
    GameState& m_s;
    Effects& m_fx;
};

// [SECTION] Handler context and the checks every trade shares

struct Ctx {
    GameState& s;
    const Command& cmd;
    int actor;  // player acting (the current player unless "Bob:" says otherwise)
};

// The command as the ledger records it: acting for the current player, who is implied.
inline Command Canon(const Ctx& x) {
    Command c = x.cmd;
    c.actor.reset();
    return c;
}

inline ApplyResult Accept(Effects fx, Command canonical) {
    ApplyResult r;
    r.accepted = true;
    r.effects = std::move(fx);
    r.canonical = std::move(canonical);
    return r;
}

// T-6: the spaces whose offers the current player may use now: the landed space and, once a Time
// card moved the pawn, the space it moved to (T-4). Empty before the roll.
inline std::vector<int> TradeSpaces(const GameState& s) {
    std::vector<int> out;
    if (s.turn_space) out.push_back(*s.turn_space);
    if (s.time_space && s.time_space != s.turn_space) out.push_back(*s.time_space);
    return out;
}

// The trade space of the given kind (for the given company, when a Preferred space), if any.
inline std::optional<int> TradeSpaceOfKind(const GameState& s, SpaceKind kind, std::optional<Company> company = {}) {
    for (int sp : TradeSpaces(s)) {
        const Space& space = SpaceOf(s, sp);
        if (space.kind.value == kind && (!company || space.company == company)) return sp;
    }
    return std::nullopt;
}

// The k-th trade space (TradeSpaces), or -1: what an effect records of "where" (TradeSpacesWords).
inline int64_t TradeSpaceAt(const GameState& s, size_t k) {
    const std::vector<int> spaces = TradeSpaces(s);
    return k < spaces.size() ? spaces[k] : -1;
}

// "Fulwell", or "Time or Fulwell" after a Time card moved the pawn.
inline std::string TradeSpacesText(const GameState& s) {
    std::string out;
    for (int sp : TradeSpaces(s)) out += (out.empty() ? "" : " or ") + SpaceOf(s, sp).label;
    return out;
}

// T-6 and T-2: trades only by the current player, after the roll, on the landed space; T-4: on a
// TIME space, after the Time card is drawn.
inline std::optional<Rejection> CheckTurn(const Ctx& x) {
    const GameState& s = x.s;
    if (x.actor != s.current)
        return Rejection{fmt::format("it is {}'s turn: {} trades only on their own turn",
                                  s.players[static_cast<size_t>(s.current)].name, s.players[static_cast<size_t>(x.actor)].name),
                      "T-6"};
    if (!s.rolled || !s.turn_space)
        return Rejection{fmt::format("{} has not rolled yet: the Market Open comes before any transaction",
                                  s.players[static_cast<size_t>(s.current)].name),
                      "T-2"};
    if (SpaceOf(s, *s.turn_space).kind.value == SpaceKind::Time && !s.time_drawn)
        return Rejection{fmt::format("{} landed on {}: draw the Time card first (e.g. 'time card=T-04')",
                                  s.players[static_cast<size_t>(s.current)].name, SpaceOf(s, *s.turn_space).label),
                      "T-4"};
    return std::nullopt;
}

inline std::optional<Rejection> CheckListed(const GameState& s, Company c) {
    if (!s.listed[c]) return Rejection{fmt::format("{} is delisted until the new year", Name(c)), "M-7"};
    return std::nullopt;
}

inline std::optional<Rejection> NeedAsk(const GameState& s, Company c, const std::string& rule) {
    for (int sp : TradeSpaces(s))
        if (HasAsk(s, sp, c)) return std::nullopt;
    const Space& sp = SpaceOf(s, TradeSpaces(s).back());
    const std::string where = TradeSpacesText(s);
    if (sp.kind.value == SpaceKind::Preferred)
        return Rejection{fmt::format("no Ask for {} at {}: {} has an Ask for {} preferred only", Name(c), where, sp.label,
                                  Name(*sp.company)),
                      rule};
    if (sp.kind.value != SpaceKind::Subsidiary)  // BD-3, not a provisional fact
        return Rejection{fmt::format("no Ask for {} at {}: only subsidiaries show Asks", Name(c), where), rule};
    return Rejection{fmt::format("no Ask for {} at {}{}", Name(c), where, Unverified(sp.ask.verified)), rule};
}

inline std::optional<Rejection> NeedBid(const GameState& s, Company c, const std::string& rule) {
    for (int sp : TradeSpaces(s))
        if (HasBid(s, sp, c)) return std::nullopt;
    const Space& sp = SpaceOf(s, TradeSpaces(s).back());
    const std::string where = TradeSpacesText(s);
    if (sp.kind.value == SpaceKind::Subsidiary)  // BD-3, not a provisional fact
        return Rejection{fmt::format("no Bid for {} at {}: subsidiaries show Asks, not Bids", Name(c), where), rule};
    return Rejection{fmt::format("no Bid for {} at {}{}", Name(c), where, Unverified(sp.bid.verified)), rule};
}

// Tells the table when a trade relied on a board fact nobody has verified (D-2).
inline void NoteUnverified(Engine& e, const GameState& s, bool ask, Company c) {
    for (int index : TradeSpaces(s)) {
        const Space& sp = SpaceOf(s, index);
        if (!(ask ? HasAsk(s, index, c) : HasBid(s, index, c))) continue;
        if (!(ask ? sp.ask.verified : sp.bid.verified))
            e.Info("D-2", Say(EffectWhat::UnverifiedUsed, {ask ? 1 : 0, Index(c), index}));
        return;
    }
}

// B-5: what the year-ending player buys after the draw is ex-dividend / ex-interest.
inline bool ExDividend(const GameState& s, int actor) { return s.year_end_due && s.year_ender == actor; }

// D-24: after the year-ending draw, on that turn, the drawing player buys common directorships
// without an Ask and preferred off the PREFERRED spaces (both ex-dividend, B-5), unless the game
// plays the variant strict-year-end-buys.
inline bool YearEndBuys(const GameState& s, int actor) { return ExDividend(s, actor) && !s.variants.strict_year_end_buys; }

// Appended to an Ask or PREFERRED-space rejection that D-24 would have lifted but for the variant.
inline std::string StrictYearEndNote(const GameState& s, int actor) {
    return ExDividend(s, actor) && s.variants.strict_year_end_buys
               ? "; the variant strict-year-end-buys keeps this after the year-ending draw (D-24)"
               : "";
}

// `what` makes the words of what costs `cost` (only when the cash is short: no words on the way
// to an accepted command).
template <class What>
std::optional<Rejection> NeedCash(const PlayerState& p, Money cost, const What& what, const std::string& rule) {
    if (p.cash >= cost) return std::nullopt;
    return Rejection{fmt::format("{} has {}; {} costs {}", p.name, FormatMoney(p.cash), what(), FormatMoney(cost)), rule};
}

#define RUTLAND_TRY(expr)                                                   \
    do {                                                                    \
        if (auto rutland_reject_ = (expr)) return Rejected(rutland_reject_->message, rutland_reject_->rule); \
    } while (false)

inline bool Owes(const GameState& s, int player) {
    return std::any_of(s.pending.begin(), s.pending.end(), [&](const Obligation& o) { return o.player == player; });
}

// [SECTION] Handlers in other files

// rules_cards.cpp: Time cards (T-4, D-19, M-7), rights offerings, options (O-1..O-5).
ApplyResult DoTime(Ctx& x, const TimeCard& card);
ApplyResult DoRights(Ctx& x, const Rights& rights);
ApplyResult DoAcceptOption(Ctx& x, const AcceptOption& option);
ApplyResult DoExercise(Ctx& x, const Exercise& exercise);
ApplyResult DoTransfer(Ctx& x, const Transfer& transfer);

// rules_year.cpp: conversions (C-1..C-4), escrow changes (E-2, D-17), winning (W-1), the year end
// (Y-1..Y-5).
ApplyResult DoConvert(Ctx& x, const Convert& convert);
ApplyResult DoEscrowChange(Ctx& x, const EscrowChange& change);
ApplyResult DoDeclare(Ctx& x);
ApplyResult DoYearEnd(Ctx& x);
void SettleYearEnd(Engine& e);
Effects PreviewYearEnd(const GameState& state);
// W-1: a declaration whose margin call is paid is decided (the winner, or a failed claim).
void DecideClaim(Engine& e);
bool HoldsMajority(const GameState& s, int player, Company c);

} // namespace rutland::detail
