// The rules engine, part four: the table's count (RULES.md section 15, X-1..X-3). A count sets what
// the table shows: a game picked up in progress, or a table whose bills and certificates drifted
// from the ledger. Like every handler it first checks (X-2: the table it describes must be legal,
// else nothing changes) and only then moves, through the accounts (accounting.h), so conservation
// holds after it: cash between the player and the bank, certificates between the player and the
// tray, a short's proceeds between the bank and the margin account.
//
// Invariants:
//  1. Nothing else happens: no promotion, no market event, no forfeit, no margin check, no
//     proxy election, no change of turn unless `turn=` says so. The checks below are of the table
//     after the count, never of how it got there.
//  2. Every count starts with one CountOpens effect (so `log --rule X-1` finds even a count that
//     changed nothing) and then one effect per quantity that changed, each saying before -> after.
//
// Index:
// [SECTION] X-2: the counted table must be legal
// [SECTION] count market
// [SECTION] count PLAYER

#include <algorithm>

#include <fmt/format.h>

#include "rules/detail/checks.h"

namespace rutland::bbr::detail {

namespace {

// [SECTION] X-2: the counted table must be legal

// "the count would break U-2: ..." cites X-2 and the rule the table would break.
ApplyResult Illegal(const std::string& what, const std::string& rule) {
    return Rejected(fmt::format("a count must describe a legal table: {} ({})", what, rule), "X-2");
}

// The opening effect (invariant 2), put in front once the count knows whether it changed anything.
void Open(Effects& fx, int player) {
    Effect e;
    e.kind = EffectKind::Info;
    e.rule = "X-1";
    e.what = EffectWhat::CountOpens;
    e.player = player;
    e.n = {player, fx.empty() ? 1 : 0};
    fx.insert(fx.begin(), std::move(e));
}

std::string Held(Security sec, int64_t q) {
    return sec == Security::Bond ? FormatMoney(Money::Dollars(q)) : Shares(q);
}

// [SECTION] count market

} // namespace

ApplyResult DoCountMarket(Ctx& x, const CountMarket& c) {
    GameState& s = x.s;
    for (Company co : kCompanies) {
        const auto& price = c.price[static_cast<size_t>(Index(co))];
        if (!price) continue;
        const Prospectus& pr = GetProspectus(co);
        if (price->cents() % kTickCents != 0)
            return Illegal(fmt::format("{} at {} is not a whole number of ticks of $0.05", Name(co), FormatMoney(*price)), "U-2");
        const int ticks = static_cast<int>(price->cents() / kTickCents);
        if (ticks != pr.issue_ticks && (ticks <= pr.floor_ticks || ticks >= pr.split_ticks))
            return Illegal(fmt::format("{} at {} is not at Issue ({}) or strictly between {} and its Split level {}", Name(co),
                                       FormatMoney(*price), FormatPrice(pr.issue_ticks), FormatPrice(pr.floor_ticks),
                                       FormatPrice(pr.split_ticks)),
                           "D-1, M-3");
    }
    if (c.year && *c.year < 1) return Illegal("the years count from 1", "G-4");
    if (c.cards && *c.cards >= s.year_cards)
        return Illegal(fmt::format("{} Time cards drawn this year: the year ends at the {}th, so fewer than {} have been "
                                   "drawn",
                                   *c.cards, s.year_cards, s.year_cards),
                       "D-4");
    std::optional<int> turn;
    if (c.turn) {
        turn = s.FindPlayer(*c.turn);
        if (!turn) return Illegal(fmt::format("turn={}: no player called {}", *c.turn, *c.turn), "G-2");
    }

    // Mutation from here on.
    Effects fx;
    Engine e(s, fx);
    Command canonical = Canon(x);
    CountMarket canon = c;
    for (Company co : kCompanies) {
        const auto& price = c.price[static_cast<size_t>(Index(co))];
        if (!price) continue;
        const int to = static_cast<int>(price->cents() / kTickCents);
        if (to == s.price[co]) continue;
        Effect p;
        p.kind = EffectKind::Price;
        p.rule = "X-1";
        p.what = EffectWhat::CountPrice;
        p.company = co;
        p.from_ticks = s.price[co];
        p.to_ticks = to;
        s.price[co] = to;
        e.Emit(std::move(p));
    }
    if (c.high_volatility && *c.high_volatility != (s.volatility == Volatility::High)) {
        e.Info("X-1", Say(EffectWhat::CountVolatility, {s.volatility == Volatility::High ? 1 : 0, *c.high_volatility ? 1 : 0}));
        fx.back().kind = EffectKind::Year;
        s.volatility = *c.high_volatility ? Volatility::High : Volatility::Normal;
    }
    if (c.delisted) {
        for (Company co : kCompanies) {
            const bool listed = !c.delisted->Has(co);
            if (listed == s.listed[co]) continue;
            Effect l;
            l.kind = EffectKind::Listing;
            l.rule = "X-1";
            l.what = EffectWhat::CountListing;
            l.company = co;
            l.n = {s.listed[co] ? 1 : 0, listed ? 1 : 0};
            s.listed[co] = listed;
            e.Emit(std::move(l));
        }
    }
    if (c.year && *c.year != s.year) {
        e.Info("X-1", Say(EffectWhat::CountYear, {s.year, *c.year}));
        fx.back().kind = EffectKind::Year;
        s.year = *c.year;
    }
    if (c.cards && (*c.cards != s.time_cards_drawn || s.year_end_due)) {
        e.Info("X-1", Say(EffectWhat::CountCards, {s.time_cards_drawn, *c.cards, s.year_cards}));
        fx.back().kind = EffectKind::Year;
        s.time_cards_drawn = *c.cards;
        // Fewer than the year's N cards are drawn: the year end is not due any more (Y-1).
        s.year_end_due = false;
        s.year_ender.reset();
    }
    if (turn) {
        canon.turn = s.players[static_cast<size_t>(*turn)].name;
        if (*turn != s.current || s.rolled) {
            Effect t;
            t.kind = EffectKind::Turn;
            t.rule = "X-1";
            t.what = EffectWhat::CountTurn;
            t.player = *turn;
            t.n = {s.current, *turn, s.rolled ? 1 : 0};
            ClearTurn(s);  // the named player is about to roll (X-1: no turn is counted as ended)
            s.current = *turn;
            e.Emit(std::move(t));
        }
    }
    Open(fx, -1);
    canonical.action = canon;
    return Accept(std::move(fx), std::move(canonical));
}

// [SECTION] count PLAYER

ApplyResult DoCountPlayer(Ctx& x, const CountPlayer& count) {
    GameState& s = x.s;
    const CountedHoldings& c = *count.counted;
    const std::optional<int> found = s.FindPlayer(count.player);
    if (!found) return Illegal(fmt::format("no player called {}", count.player), "G-2");
    const int who = *found;
    const PlayerState& me = s.players[static_cast<size_t>(who)];

    // No table holds a billion dollars (as G-1 says of the starting cash); the bound also keeps
    // every sum of cents far from overflowing.
    const Money kBeyondAnyTable = Money::Dollars(1000000000);
    if (c.cash && *c.cash > kBeyondAnyTable)
        return Illegal(fmt::format("{}'s cash {} is beyond any table", me.name, FormatMoney(*c.cash)), "G-1");
    for (const auto& sh : c.shorts)
        if (sh && sh->price > Money() && sh->shares > kBeyondAnyTable.cents() / sh->price.cents())
            return Illegal(fmt::format("a short of {} shares at {} is beyond any table", Shares(sh->shares), FormatMoney(sh->price)),
                           "G-1");

    // The player as counted: the X-2 checks read the table after the count.
    PlayerState after = me;
    if (c.cash) after.cash = *c.cash;
    for (Company co : kCompanies) {
        const size_t k = static_cast<size_t>(Index(co));
        const Prospectus& pr = GetProspectus(co);
        struct Class {
            Security sec;
            const std::optional<int64_t>& counted;
            int64_t& held;
            int64_t tray;
            int64_t issued;
        };
        const Class classes[] = {
            {Security::Common, c.common[k], after.common[co], s.tray[co].common, pr.common_shares},
            {Security::Preferred, c.preferred[k], after.preferred[co], s.tray[co].preferred, pr.preferred_shares},
            {Security::Bond, c.bonds[k], after.bonds[co], s.tray[co].bonds, pr.debt_issue.cents() / 100},
        };
        for (const Class& cl : classes) {
            if (!cl.counted) continue;
            const int64_t q = *cl.counted;
            if (cl.sec == Security::Bond && q % kBondCertificate != 0)
                return Illegal(fmt::format("{} {} of {}: they come in $10,000 certificates", me.name,
                                           Held(cl.sec, q), SecurityWords(co, cl.sec)),
                               "U-3");
            if (cl.sec != Security::Bond && q % kBoardLot != 0)
                return Illegal(fmt::format("{} {} {}: shares come in lots of 5,000", me.name, Shares(q), SecurityWords(co, cl.sec)),
                               "U-3");
            if (cl.sec == Security::Preferred && cl.issued == 0 && q > 0)
                return Illegal(fmt::format("{} has no preferred shares", Name(co)), "section 2");
            // The tray never goes negative: the others' holdings plus this count stay within the issue.
            const int64_t others = cl.issued - cl.tray - cl.held;
            if (others + q > cl.issued)
                return Illegal(fmt::format("{} {} {} with {} held by the others is more than the {} issued", me.name,
                                           Held(cl.sec, q), SecurityWords(co, cl.sec), Held(cl.sec, others), Held(cl.sec, cl.issued)),
                               "section 2");
            cl.held = q;
        }
        if (const auto& sh = c.shorts[k]) {
            if (sh->shares % kBoardLot != 0)
                return Illegal(fmt::format("{} short {} {}: shares come in lots of 5,000", me.name, Shares(sh->shares), Name(co)), "U-3");
            if (sh->shares > 0 && (sh->price <= Money() || sh->price.cents() % kTickCents != 0))
                return Illegal(fmt::format("a short sold at {} a share: a price is a whole number of ticks of $0.05 above $0",
                                           FormatMoney(sh->price)),
                               "U-2");
        }
        if (c.directorships[k]) after.directorships[co] = *c.directorships[k];
    }
    if (c.escrow) after.escrow = *c.escrow;
    for (Company co : kCompanies) {
        const Prospectus& pr = GetProspectus(co);
        int held_by_all = after.directorships[co];
        for (size_t i = 0; i < s.players.size(); ++i)
            if (static_cast<int>(i) != who) held_by_all += s.players[i].directorships[co];
        if (held_by_all > pr.common_directorships)
            return Illegal(fmt::format("{} common directorships of {} held in all, and it has {}", held_by_all, Name(co),
                                       pr.common_directorships),
                           "B-4");
        const int64_t need = kSharesPerDirectorship * after.directorships[co];
        if (after.VotingShares(co) < need)
            return Illegal(fmt::format("{} with {} {} common directorship{} needs {} {} shares, and holds {}", me.name,
                                       after.directorships[co], Name(co), after.directorships[co] == 1 ? "" : "s", Shares(need),
                                       Name(co), Shares(after.VotingShares(co))),
                           "B-4");
    }
    if (after.escrow) {
        const std::optional<int> holder = EscrowHolder(s, *after.escrow);
        if (holder && *holder != who)
            return Illegal(fmt::format("{} holds the {} escrow directorship: there is one per company",
                                       s.players[static_cast<size_t>(*holder)].name, Name(*after.escrow)),
                           "E-2");
    }
    std::vector<std::string> proxy_names;
    if (c.proxies) {
        uint64_t bits = c.add_proxies ? me.proxies : 0;
        for (const std::string& name : *c.proxies) {
            std::string error;
            const std::optional<int> space = s.board->Find(name, &error);
            if (!space) return Illegal(fmt::format("proxies: {}", error), "BD-1");
            const Space& sp = s.board->At(*space);
            if (sp.kind.value != SpaceKind::Subsidiary)
                return Illegal(fmt::format("a proxy of {}: proxies are only of subsidiary spaces", sp.label), "E-1");
            bits |= uint64_t{1} << *space;
            proxy_names.push_back(sp.name);
        }
        after.proxies = bits;
    }

    // Mutation from here on: the differences move through the accounts (accounting.h).
    Effects fx;
    Engine e(s, fx);
    PlayerState& p = e.P(who);
    if (c.cash && *c.cash != p.cash) {
        const Money was = p.cash;
        const bool in = *c.cash > was;
        e.Pay(in ? Account::Bank() : Account::Player(who), in ? Account::Player(who) : Account::Bank(),
              in ? *c.cash - was : was - *c.cash, "X-1", Say(EffectWhat::CountCash, {who, was.cents(), c.cash->cents()}));
    }
    for (Company co : kCompanies) {
        const size_t k = static_cast<size_t>(Index(co));
        const std::pair<Security, const std::optional<int64_t>*> classes[] = {
            {Security::Common, &c.common[k]}, {Security::Preferred, &c.preferred[k]}, {Security::Bond, &c.bonds[k]}};
        for (const auto& [sec, counted] : classes) {
            if (!*counted) continue;
            const int64_t was = sec == Security::Common ? p.common[co] : sec == Security::Preferred ? p.preferred[co] : p.bonds[co];
            const int64_t now = **counted;
            if (now == was) continue;
            e.MoveCertificates(who, co, sec, now > was ? now - was : was - now, now > was, "X-1",
                               Say(EffectWhat::CountHolding, {was, now}));
        }
        // B-5's ex-dividend marks never exceed what is held.
        p.ex_preferred[co] = std::min(p.ex_preferred[co], p.preferred[co]);
        p.ex_bonds[co] = std::min(p.ex_bonds[co], p.bonds[co]);
        if (const auto& sh = c.shorts[k]) {
            const std::vector<ShortNote>& notes = s.margin[co];
            const auto mine = std::count_if(notes.begin(), notes.end(), [&](const ShortNote& n) { return n.player == who; });
            const bool same = sh->shares == 0 ? mine == 0
                                              : mine == 1 && s.ShortShares(who, co) == sh->shares &&
                                                    s.ShortProceeds(who, co) == sh->price * sh->shares;
            if (!same) e.ReplaceNotes(who, co, sh->shares, sh->price, "X-1");
        }
        if (c.directorships[k] && *c.directorships[k] != p.directorships[co]) {
            const int was = p.directorships[co];
            const int now = *c.directorships[k];
            p.directorships[co] = now;
            p.ex_directorships[co] = std::min(p.ex_directorships[co], now);
            Effect ring;
            ring.kind = EffectKind::Directorship;
            ring.rule = "X-1";
            ring.what = EffectWhat::CountDirectorships;
            ring.player = who;
            ring.company = co;
            ring.quantity = now - was;
            ring.n = {was, now};
            e.Emit(std::move(ring));
        }
    }
    if (c.escrow && *c.escrow != p.escrow) {
        for (const auto& [company, quantity] : {std::pair{p.escrow, -1}, std::pair{*c.escrow, 1}}) {
            if (!company) continue;
            Effect esc;
            esc.kind = EffectKind::Escrow;
            esc.rule = "X-1";
            esc.what = EffectWhat::CountEscrow;
            esc.player = who;
            esc.company = *company;
            esc.quantity = quantity;
            e.Emit(std::move(esc));
        }
        p.escrow = *c.escrow;
    }
    if (c.proxies && after.proxies != p.proxies) {
        Effect proxy;
        proxy.kind = EffectKind::Proxy;
        proxy.rule = "X-1";
        proxy.what = EffectWhat::CountProxies;
        proxy.player = who;
        proxy.n = {static_cast<int64_t>(p.proxies), static_cast<int64_t>(after.proxies)};
        p.proxies = after.proxies;
        e.Emit(std::move(proxy));
    }
    Open(fx, who);

    Command canonical = Canon(x);
    CountPlayer canon = count;
    canon.player = me.name;
    if (c.proxies) canon.counted.Mut().proxies = proxy_names;
    canonical.action = canon;
    return Accept(std::move(fx), std::move(canonical));
}

} // namespace rutland::bbr::detail
