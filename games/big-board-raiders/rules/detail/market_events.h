// The rules' market events on top of the accounts (rules/detail/accounting.h): prices and the
// events they fire (M-1..M-6: Split, Roll Back, Bankruptcy), margin calls and covers (S-5, S-6),
// directorships, proxies and escrow (B-4, E-1..). Only the files of rules/ include it.
#pragma once

#include "rules/detail/accounting.h"

namespace rutland::bbr::detail {

class Engine : public Accounts {
public:
    using Accounts::Accounts;

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
};

} // namespace rutland::bbr::detail
