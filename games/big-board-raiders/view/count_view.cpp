#include "view/count_view.h"

#include "lang/command.h"

namespace rutland::bbr {

PlayerCount StartPlayerCount(const GameState& s, int player) {
    PlayerCount f;
    if (player < 0 || player >= static_cast<int>(s.players.size())) return f;
    const PlayerState& p = s.players[static_cast<size_t>(player)];
    f.player = player;
    f.cash_dollars = p.cash.cents() / 100;
    for (Company c : kCompanies) {
        const size_t k = static_cast<size_t>(Index(c));
        f.common[k] = p.common[c];
        f.preferred[k] = p.preferred[c];
        f.bonds[k] = p.bonds[c];
        f.directorships[k] = p.directorships[c];
        f.short_shares[k] = s.ShortShares(player, c);
        f.short_price_cents[k] = f.short_shares[k] > 0
                                     ? static_cast<int>(s.ShortProceeds(player, c).cents() / f.short_shares[k])
                                     : s.price[c] * static_cast<int>(kTickCents);
    }
    f.escrow = p.escrow ? Index(*p.escrow) + 1 : 0;
    f.proxies = p.proxies;
    return f;
}

MarketCount StartMarketCount(const GameState& s) {
    MarketCount m;
    for (Company c : kCompanies) {
        const size_t k = static_cast<size_t>(Index(c));
        m.price_cents[k] = s.price[c] * static_cast<int>(kTickCents);
        m.delisted[k] = !s.listed[c];
    }
    m.high_volatility = s.volatility == Volatility::High;
    m.year = s.year;
    m.cards = s.time_cards_drawn;
    m.turn = s.current;
    return m;
}

bool LedgerMoved(const PlayerCount& base, const PlayerCount& now) {
    PlayerCount a = base, b = now;
    for (size_t k = 0; k < 4; ++k) {
        if (a.short_shares[k] == 0) a.short_price_cents[k] = 0;
        if (b.short_shares[k] == 0) b.short_price_cents[k] = 0;
    }
    return !(a == b);
}

std::string CountPlayerLine(const GameState& s, const PlayerCount& f) {
    if (f.player < 0 || f.player >= static_cast<int>(s.players.size())) return "";
    const PlayerCount was = StartPlayerCount(s, f.player);
    CountPlayer c;
    c.player = s.players[static_cast<size_t>(f.player)].name;
    CountedHoldings& held = c.counted.Mut();
    bool any = false;
    if (f.cash_dollars != was.cash_dollars) held.cash = Money::Dollars(f.cash_dollars), any = true;
    for (size_t k = 0; k < 4; ++k) {
        if (f.common[k] != was.common[k]) held.common[k] = f.common[k], any = true;
        if (f.preferred[k] != was.preferred[k]) held.preferred[k] = f.preferred[k], any = true;
        if (f.bonds[k] != was.bonds[k]) held.bonds[k] = f.bonds[k], any = true;
        if (f.directorships[k] != was.directorships[k]) held.directorships[k] = f.directorships[k], any = true;
        if (f.short_shares[k] != was.short_shares[k] || (f.short_shares[k] > 0 && f.short_price_cents[k] != was.short_price_cents[k])) {
            held.shorts[k] = CountedShort{f.short_shares[k], f.short_shares[k] > 0 ? Money::Cents(f.short_price_cents[k]) : Money()};
            any = true;
        }
    }
    if (f.escrow != was.escrow) {
        held.escrow = f.escrow > 0 ? std::optional<Company>(kCompanies[static_cast<size_t>(f.escrow - 1) % 4]) : std::nullopt;
        any = true;
    }
    if (f.proxies != was.proxies) {
        std::vector<std::string> names;
        for (int sp = 0; sp < s.board->SpaceCount() && sp < 64; ++sp)
            if ((f.proxies >> sp) & 1u) names.push_back(s.board->At(sp).name);
        held.proxies = std::move(names);
        any = true;
    }
    if (!any) return "";
    return PrintCommand(Command{std::nullopt, c});
}

std::string CountMarketLine(const GameState& s, const MarketCount& f) {
    const MarketCount was = StartMarketCount(s);
    CountMarket m;
    bool any = false;
    for (size_t k = 0; k < 4; ++k)
        if (f.price_cents[k] != was.price_cents[k]) m.price[k] = Money::Cents(f.price_cents[k]), any = true;
    if (f.high_volatility != was.high_volatility) m.high_volatility = f.high_volatility, any = true;
    if (f.delisted != was.delisted) {
        CompanySet set;
        for (Company c : kCompanies)
            if (f.delisted[static_cast<size_t>(Index(c))]) set.Add(c);
        m.delisted = set;
        any = true;
    }
    if (f.year != was.year) m.year = f.year, any = true;
    if (f.cards != was.cards) m.cards = f.cards, any = true;
    if (f.turn != was.turn && f.turn >= 0 && f.turn < static_cast<int>(s.players.size()))
        m.turn = s.players[static_cast<size_t>(f.turn)].name, any = true;
    if (!any) return "";
    return PrintCommand(Command{std::nullopt, m});
}

Preview PreviewCount(const GameState& state, const std::string& line) {
    if (line.empty()) return {};
    return PreviewLine(line, state, nullptr);
}

std::vector<std::pair<int, std::string>> SubsidiarySpaces(const GameState& s) {
    std::vector<std::pair<int, std::string>> out;
    for (int sp = 0; sp < s.board->SpaceCount(); ++sp)
        if (s.board->At(sp).kind.value == SpaceKind::Subsidiary) out.emplace_back(sp, s.board->At(sp).label);
    return out;
}

} // namespace rutland::bbr
