// The rules engine, part three: conversions (C-1..C-4), escrow changes (E-2, E-3, D-17), winning
// (W-1) and the year end (Y-1..Y-5). Same two phases as rules.cpp: every check first, then the
// mutation through the Engine.
//
// Index:
// [SECTION] Conversions (C-1..C-4, D-15)
// [SECTION] Escrow switching and giving up (E-2, D-17)
// [SECTION] Winning (W-1)
// [SECTION] The year end (Y-1..Y-5, B-5, D-9, D-10, D-13)

#include <algorithm>

#include <fmt/format.h>

#include "rules/detail/checks.h"

namespace rutland::bbr::detail {

// [SECTION] Conversions (C-1..C-4, D-15)

namespace {

constexpr int64_t kGainPerLot = 500;  // D-15: $1,000 per 10,000 shares, so $500 per 5,000

std::optional<Rejection> CheckConvertLot(int64_t shares, const std::string& rule) {
    if (shares < kBoardLot || shares % kBoardLot != 0)
        return Rejection{fmt::format("conversions go in lots of 5,000 shares, got {}", Shares(shares)), rule};
    return std::nullopt;
}

} // namespace

ApplyResult DoConvert(Ctx& x, const Convert& cv) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    const Company c = cv.company;
    const Prospectus& pr = GetProspectus(c);
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const Tray& tray = s.tray[c];
    const std::string rule = cv.from == Security::Common ? "C-1" : cv.from == Security::Preferred ? "C-2" : "C-3";
    RUTLAND_TRY(CheckListed(s, c));

    if (cv.from == Security::Bond) {  // C-3
        if (!pr.bonds_convertible)
            return Rejected(fmt::format("{} {} are not convertible", Name(c), pr.debt_name), "C-3");
        RUTLAND_TRY(CheckBondAmount(c, cv.amount, "C-3"));
        if (me.bonds[c] < cv.amount)
            return Rejected(fmt::format("{} holds {} of {} bonds, cannot convert {}", me.name,
                                        FormatMoney(Money::Dollars(me.bonds[c])), Name(c), FormatMoney(Money::Dollars(cv.amount))),
                            "C-3");
        const int64_t shares = cv.amount / kBondCertificate * kBoardLot;
        if (tray.common < shares)
            return Rejected(fmt::format("the tray has only {} {} common left", Shares(tray.common), Name(c)), "C-3");
        Effects fx;
        Engine e(s, fx);
        // B-5: bonds bought after the year-ending draw are still convertible; converting them
        // first leaves the bonds held before the draw to earn their interest.
        PlayerState& holder = e.P(x.actor);
        holder.ex_bonds[c] -= std::min(holder.ex_bonds[c], cv.amount);
        e.MoveCertificates(x.actor, c, Security::Bond, cv.amount, false, "C-3", Say(EffectWhat::BondsConverted));
        e.MoveCertificates(x.actor, c, Security::Common, shares, true, "C-3",
                           Say(EffectWhat::BondSharesTaken, {cv.amount / kBondCertificate}));
        return Accept(std::move(fx), Canon(x));
    }

    if (pr.preferred_shares == 0) return Rejected(fmt::format("{} has no preferred shares", Name(c)), rule);
    RUTLAND_TRY(CheckConvertLot(cv.amount, rule));
    const bool to_preferred = cv.from == Security::Common;
    if (to_preferred) {  // C-1
        if (!TradeSpaceOfKind(s, SpaceKind::Preferred, c))
            return Rejected(fmt::format("common converts to {} preferred only at Preferred {}, not at {}", Name(c), Name(c),
                                        TradeSpacesText(s)),
                            "C-1");
        if (me.common[c] < cv.amount)
            return Rejected(fmt::format("{} holds {} {} common, cannot convert {}", me.name, Shares(me.common[c]), Name(c),
                                        Shares(cv.amount)),
                            "C-1");
        if (tray.preferred < cv.amount)
            return Rejected(fmt::format("the tray has only {} {} preferred left", Shares(tray.preferred), Name(c)), "C-1");
    } else {  // C-2
        RUTLAND_TRY(NeedAsk(s, c, "C-2"));
        if (me.preferred[c] < cv.amount)
            return Rejected(fmt::format("{} holds {} {} preferred, cannot convert {}", me.name, Shares(me.preferred[c]),
                                        Name(c), Shares(cv.amount)),
                            "C-2");
        if (tray.common < cv.amount)
            return Rejected(fmt::format("the tray has only {} {} common left", Shares(tray.common), Name(c)), "C-2");
    }
    Effects fx;
    Engine e(s, fx);
    if (!to_preferred) NoteUnverified(e, s, true, c);
    const Security from = to_preferred ? Security::Common : Security::Preferred;
    const Security to = to_preferred ? Security::Preferred : Security::Common;
    e.MoveCertificates(x.actor, c, from, cv.amount, false, rule, Say(EffectWhat::SharesHanded));
    e.MoveCertificates(x.actor, c, to, cv.amount, true, rule, Say(EffectWhat::ConvertedTaken));
    // B-5: preferred that arrives after the year-ending draw earns no dividend this year end (the
    // same as buying it then); converting preferred away uses up such preferred first.
    PlayerState& holder = e.P(x.actor);
    if (to_preferred && ExDividend(s, x.actor)) {
        holder.ex_preferred[c] += cv.amount;
        e.Info("B-5", Say(EffectWhat::ConvertedExPreferred));
    } else if (!to_preferred) {
        holder.ex_preferred[c] -= std::min(holder.ex_preferred[c], cv.amount);
    }
    const int64_t lots = cv.amount / kBoardLot;
    const Money gain = Money::Dollars(kGainPerLot * lots);
    e.Pay(Account::Bank(), Account::Player(x.actor), gain, "D-15", Say(EffectWhat::ConversionGain, {lots}));
    return Accept(std::move(fx), Canon(x));
}

// [SECTION] Escrow switching and giving up (E-2, D-17)

namespace {

// D-17: an escrow directorship given up goes to the next player in turn order (after the one who
// gave it up) holding all its proxies and no escrow; else it waits for the next to complete them.
void HandOverEscrow(Engine& e, Company c, int from) {
    GameState& s = e.S();
    const int n = static_cast<int>(s.players.size());
    for (int k = 1; k < n; ++k) {
        const int p = (from + k) % n;
        if (s.players[static_cast<size_t>(p)].escrow || e.ProxyCount(p, c) < 6) continue;
        e.SeatEscrow(p, c, "D-17", EscrowHow::NextInTurn);
        return;
    }
    e.Info("D-17", Say(EffectWhat::EscrowWaits, {Index(c)}));
}

// `switch_to`: the company the player switches to (E-2), if any.
void GiveUp(Engine& e, int player, Company c, std::optional<Company> switch_to) {
    e.P(player).escrow.reset();
    Effect lost;
    lost.kind = EffectKind::Escrow;
    lost.rule = "E-2";
    lost.player = player;
    lost.company = c;
    lost.quantity = -1;
    lost.what = EffectWhat::EscrowGivenUp;
    lost.n = {switch_to ? Index(*switch_to) + 1 : 0};
    e.Emit(std::move(lost));
}

} // namespace

ApplyResult DoEscrowChange(Ctx& x, const EscrowChange& change) {
    GameState& s = x.s;
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (!me.escrow) return Rejected(fmt::format("{} holds no escrow directorship", me.name), "E-2");
    const Company old = *me.escrow;
    Effects fx;
    Engine e(s, fx);
    if (change.switch_to) {
        const Company c = *change.switch_to;
        if (c == old) return Rejected(fmt::format("{} already holds the {} escrow directorship", me.name, Name(c)), "E-2");
        if (auto holder = EscrowHolder(s, c))
            return Rejected(fmt::format("the {} escrow directorship is {}'s", Name(c), s.players[static_cast<size_t>(*holder)].name),
                            "E-2");
        const int proxies = e.ProxyCount(x.actor, c);
        if (proxies < 6)
            return Rejected(fmt::format("switching to {} needs all six {} proxies; {} holds {}", Name(c), Name(c), me.name,
                                        proxies),
                            "E-2");
        GiveUp(e, x.actor, old, c);
        e.SeatEscrow(x.actor, c, "E-2", EscrowHow::Switches);
    } else {
        GiveUp(e, x.actor, old, std::nullopt);
    }
    HandOverEscrow(e, old, x.actor);
    Command canonical = Canon(x);
    if (x.actor != s.current) canonical.actor = me.name;  // any time, by the holder
    return Accept(std::move(fx), std::move(canonical));
}

// [SECTION] Winning (W-1)

bool HoldsMajority(const GameState& s, int player, Company c) {
    const PlayerState& p = s.players[static_cast<size_t>(player)];
    const Prospectus& pr = GetProspectus(c);
    return p.escrow == c && p.directorships[c] >= pr.majority_directorships && p.VotingShares(c) >= pr.majority_shares;
}

namespace {

// The numbers of MajorityWords for an effect: escrow held (1/0), common directorships, voting shares.
std::array<int64_t, 3> MajorityNumbers(const GameState& s, int player, Company c) {
    const PlayerState& p = s.players[static_cast<size_t>(player)];
    return {p.escrow == c ? 1 : 0, p.directorships[c], p.VotingShares(c)};
}

std::string MajorityWords(const GameState& s, int player, Company c) {
    const PlayerState& p = s.players[static_cast<size_t>(player)];
    const Prospectus& pr = GetProspectus(c);
    return fmt::format("{} escrow {}, common directorships {} of {}, shares {} of {}", Name(c), p.escrow == c ? "yes" : "no",
                       p.directorships[c], pr.majority_directorships, Shares(p.VotingShares(c)), Shares(pr.majority_shares));
}

} // namespace

void DecideClaim(Engine& e) {
    GameState& s = e.S();
    const int p = *s.declaring;
    s.declaring.reset();
    const std::optional<Company> c = s.players[static_cast<size_t>(p)].escrow;
    Effect result;
    result.kind = EffectKind::Turn;
    result.rule = "W-1";
    result.player = p;
    if (c && HoldsMajority(s, p, *c)) {
        s.winner = p;
        result.company = *c;
        const auto m = MajorityNumbers(s, p, *c);
        result.what = EffectWhat::ClaimWon;
        result.n = {Index(*c) + 1, m[0], m[1], m[2]};
    } else {
        result.what = EffectWhat::ClaimFails;
        if (c) {
            const auto m = MajorityNumbers(s, p, *c);
            result.n = {Index(*c) + 1, m[0], m[1], m[2]};
        }
    }
    e.Emit(std::move(result));
}

ApplyResult DoDeclare(Ctx& x) {
    GameState& s = x.s;
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (x.actor != s.current)
        return Rejected(fmt::format("a player declares on their own turn; it is {}'s turn",
                                    s.players[static_cast<size_t>(s.current)].name),
                        "W-1");
    if (!me.escrow)
        return Rejected(fmt::format("{} holds no escrow directorship: a win needs an escrow directorship plus the "
                                    "company's voting majority",
                                    me.name),
                        "W-1");
    const Company c = *me.escrow;
    if (!HoldsMajority(s, x.actor, c))
        return Rejected(fmt::format("{} does not hold the {} majority: {}", me.name, Name(c), MajorityWords(s, x.actor, c)),
                        "W-1");
    Effects fx;
    Engine e(s, fx);
    const auto m = MajorityNumbers(s, x.actor, c);
    e.Info("W-1", Say(EffectWhat::WinDeclared, {Index(c) + 1, m[0], m[1], m[2], x.actor}));
    for (Company k : kCompanies) e.MarketCall(x.actor, k, "W-1", CoverWhy::WinDeclaration);
    // Apply decides the claim (DecideClaim) as soon as nothing is owed: now, or after the sales.
    s.declaring = x.actor;
    if (Owes(s, x.actor)) e.Info("W-1", Say(EffectWhat::ClaimWaits, {x.actor}));
    return Accept(std::move(fx), Canon(x));
}

// [SECTION] The year end (Y-1..Y-5, B-5, D-9, D-10, D-13)

namespace {

void PayYearEnd(Engine& e, int player) {
    PlayerState& p = e.P(player);
    for (Company c : kCompanies) {
        const Prospectus& pr = GetProspectus(c);
        const int escrow = p.escrow == c ? 1 : 0;
        const int directorships = std::max(0, p.directorships[c] - p.ex_directorships[c]) + escrow;
        if (directorships > 0) {
            const Money pay = pr.dividend_per_directorship * directorships;
            e.Pay(Account::Bank(), Account::Player(player), pay, "Y-2",
                  Say(EffectWhat::PayoutDirectorships, {Index(c), directorships, escrow}));
        }
        const int64_t preferred = std::max<int64_t>(0, p.preferred[c] - p.ex_preferred[c]);
        if (preferred > 0) {
            const Money pay = Money::Dollars(preferred / kBoardLot * 1000);
            e.Pay(Account::Bank(), Account::Player(player), pay, "Y-2",
                  Say(EffectWhat::PayoutPreferred, {Index(c), preferred / kBoardLot}));
        }
        const int64_t face = std::max<int64_t>(0, p.bonds[c] - p.ex_bonds[c]);
        if (face > 0) {
            const Money pay = Money::Dollars(face * pr.debt_rate_percent / 100);
            e.Pay(Account::Bank(), Account::Player(player), pay, "Y-2", Say(EffectWhat::PayoutInterest, {Index(c), face}));
        }
        if (p.ex_directorships[c] > 0 || p.ex_preferred[c] > 0 || p.ex_bonds[c] > 0)
            e.Info("B-5", Say(EffectWhat::NotPaidExDividend, {player, Index(c)}));
    }
}

} // namespace

void SettleYearEnd(Engine& e) {
    GameState& s = e.S();
    const int ender = s.year_ender.value_or(s.current);
    {
        Effect y;
        y.kind = EffectKind::Year;
        y.rule = "Y-1";
        y.what = EffectWhat::YearEndStarts;
        y.n = {s.year, ender};
        e.Emit(std::move(y));
    }
    for (int p : TurnOrderFrom(s, ender)) PayYearEnd(e, p);  // Y-2, E-4, B-5
    for (const OptionCard& o : s.options) {  // Y-3
        Effect expired;
        expired.kind = EffectKind::Option;
        expired.rule = "Y-3";
        expired.player = o.holder;
        expired.company = o.company;
        expired.quantity = o.shares;
        expired.option_id = o.id;
        expired.what = EffectWhat::OptionExpired;
        expired.n = {o.kind == OptionKind::Call ? 0 : 1};
        e.Emit(std::move(expired));
        s.expired_options.push_back(o.id);
    }
    s.options.clear();
    for (Company c : kCompanies) {  // D-9, D-10
        if (s.listed[c]) continue;
        s.listed[c] = true;
        Effect listing;
        listing.kind = EffectKind::Listing;
        listing.rule = "D-9";
        listing.company = c;
        listing.quantity = 1;
        listing.what = EffectWhat::ListedAgain;
        e.Emit(std::move(listing));
        e.MarkerToIssue(c, "D-9");
        e.CoverAllShorts(c, GetProspectus(c).issue_ticks, "D-10", CoverWhy::DelistedIssue);
    }
    if (s.variants.shorts_carry_over) {  // D-13
        for (Company c : kCompanies)
            if (!s.margin[c].empty()) {
                e.Info("D-13", Say(EffectWhat::ShortsCarryOver));
                break;
            }
    } else {
        // S-6: in turn order from the player who would roll next (the next player, or the ender
        // again after doubles, D-23), each covering every company before the next player.
        const std::vector<int> order = CallOrder(s);
        bool any_short = false;
        for (Company c : kCompanies) any_short = any_short || !s.margin[c].empty();
        if (any_short)
            e.Info("S-6", Say(EffectWhat::YearEndCalls, {order.front()}));
        for (int p : order)
            for (Company c : kCompanies) e.MarketCall(p, c, "D-13", CoverWhy::YearEndCall);
    }
    // Y-5
    const bool was_high = s.volatility == Volatility::High;
    s.volatility = Volatility::Normal;
    ++s.year;
    s.time_cards_drawn = 0;
    s.year_end_due = false;
    s.year_ender.reset();
    for (PlayerState& p : s.players) {
        p.ex_directorships = {};
        p.ex_preferred = {};
        p.ex_bonds = {};
    }
    Effect y;
    y.kind = EffectKind::Year;
    y.rule = "Y-5";
    y.what = EffectWhat::YearBegins;
    y.n = {s.year, was_high ? 1 : 0};
    e.Emit(std::move(y));
}

Effects PreviewYearEnd(const GameState& state) {
    GameState copy = state;
    Effects fx;
    if (copy.winner) return fx;
    Engine e(copy, fx);
    SettleYearEnd(e);
    if (!copy.pending.empty()) e.SettleObligations();
    return fx;
}

ApplyResult DoYearEnd(Ctx& x) {
    Effects fx;
    Engine e(x.s, fx);
    e.Info("Y-1", Say(EffectWhat::YearEndNow, {x.s.time_cards_drawn, x.s.year_cards}));
    SettleYearEnd(e);
    return Accept(std::move(fx), Canon(x));
}

} // namespace rutland::bbr::detail
