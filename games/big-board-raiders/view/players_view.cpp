#include "view/players_view.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "rules/rules.h"

namespace rutland::bbr {

namespace {

// The first `n` characters (code points) of UTF-8 text and an ellipsis, when it is longer.
std::string FirstChars(const std::string& text, size_t n) {
    size_t chars = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // inside a character
        if (chars++ == n) return text.substr(0, i) + "\u2026";
    }
    return text;
}

std::string Plural(int64_t n, const char* one, const char* many) { return fmt::format("{} {}", FormatCount(n), n == 1 ? one : many); }

} // namespace

int MajorityProgress::Permille() const {
    // Integer thirds: the escrow counts whole when held, else by the proxies collected towards it
    // (nobody else may hold it for those to matter).
    const int escrow_part = escrow ? 1000 : (escrow_holder ? 0 : proxies * 1000 / 6);
    const int dir_part = need_directorships > 0 ? std::min(directorships, need_directorships) * 1000 / need_directorships : 1000;
    const int share_part = need_shares > 0 ? static_cast<int>(std::min(shares, need_shares) * 1000 / need_shares) : 1000;
    return (escrow_part + dir_part + share_part) / 3;
}

std::string MajorityProgress::Lacks() const {
    std::vector<std::string> parts;
    const std::string_view name = GetProspectus(company).name;
    if (!escrow) {
        if (escrow_holder)
            parts.push_back(fmt::format("the {} escrow (held by another player)", name));
        else
            parts.push_back(fmt::format("the {} escrow ({} of 6 proxies)", name, proxies));
    }
    if (directorships < need_directorships)
        parts.push_back(Plural(need_directorships - directorships, "common directorship", "common directorships"));
    if (shares < need_shares) parts.push_back(Plural(need_shares - shares, "share", "shares"));
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
        out += parts[i];
    }
    return out;
}

std::string MajorityProgress::Summary() const {
    const std::string_view name = GetProspectus(company).name;
    std::string escrow_words = escrow ? "yes" : escrow_holder ? "held by another player" : fmt::format("no ({} of 6 proxies)", proxies);
    return fmt::format("{} majority (W-1): escrow {}, common directorships {} of {}, shares {} of {}", name, escrow_words, directorships,
                       need_directorships, FormatCount(shares), FormatCount(need_shares));
}

MajorityProgress Majority(const GameState& state, int player, Company c) {
    const PlayerState& p = state.players[static_cast<size_t>(player)];
    const Prospectus& pr = GetProspectus(c);
    MajorityProgress m;
    m.company = c;
    m.escrow = p.escrow == c;
    for (int q = 0; q < static_cast<int>(state.players.size()); ++q)
        if (state.players[static_cast<size_t>(q)].escrow == c) m.escrow_holder = q;
    if (m.escrow_holder == player) m.escrow_holder.reset();
    for (std::string_view sub : pr.subsidiaries) {
        std::string error;
        if (auto idx = state.board->Find(sub, &error); idx && p.HasProxy(*idx)) ++m.proxies;
    }
    m.directorships = p.directorships[c];
    m.need_directorships = pr.majority_directorships;
    m.shares = p.VotingShares(c);
    m.need_shares = pr.majority_shares;
    return m;
}

std::string CompanyHoldings::HoldingText(bool short_form) const {
    std::vector<std::string> parts;
    auto count = [short_form](int64_t n) { return short_form ? ShortCount(n) : FormatCount(n); };
    if (common > 0) parts.push_back(count(common));
    if (preferred > 0) parts.push_back(count(preferred) + " pref");
    if (bonds > 0)
        parts.push_back(FormatMoney(Money::Dollars(bonds)) +
                        (GetProspectus(company).bonds_convertible ? " bonds" : " deb."));
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : " + ") + p;
    return out;
}

std::string CompanyHoldings::ExDividendText() const {
    std::vector<std::string> parts;
    if (ex_directorships > 0) parts.push_back(fmt::format("{} dir", ex_directorships));
    if (ex_preferred > 0) parts.push_back(FormatCount(ex_preferred) + " pref");
    if (ex_bonds > 0) parts.push_back(FormatMoney(Money::Dollars(ex_bonds)) + (GetProspectus(company).bonds_convertible ? " bonds" : " deb."));
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "ex (B-5): " : ", ") + p;
    return out;
}

std::string ShortCount(int64_t n) {
    if (n >= 10000 && n % 1000 == 0) return fmt::format("{}k", n / 1000);
    return FormatCount(n);
}

PlayersView MakePlayersView(const GameState& s) {
    PlayersView v;
    for (Company c : kCompanies) {
        v.price[static_cast<size_t>(Index(c))] = s.price[c];
        v.listed[static_cast<size_t>(Index(c))] = s.listed[c];
    }
    const std::vector<Claim> claims = CouldDeclare(s);
    for (int i = 0; i < static_cast<int>(s.players.size()); ++i) {
        const PlayerState& p = s.players[static_cast<size_t>(i)];
        PlayerView pv;
        pv.index = i;
        pv.name = p.name;
        pv.current = i == s.current && !s.winner;
        pv.cash = p.cash;
        pv.net_worth = s.NetWorth(i);
        pv.escrow = p.escrow;
        for (const Obligation& o : s.pending)
            if (o.player == i) pv.owed += o.amount;
        for (const Claim& cl : claims)
            if (cl.player == i) pv.could_declare = cl.company;
        for (Company c : kCompanies) {
            CompanyHoldings& h = pv.companies[static_cast<size_t>(Index(c))];
            const Prospectus& pr = GetProspectus(c);
            h.company = c;
            h.common = p.common[c];
            h.preferred = p.preferred[c];
            h.bonds = p.bonds[c];
            h.value = ValueAt(h.common + h.preferred, s.price[c]) + Money::Dollars(h.bonds);
            h.directorships = p.directorships[c];
            h.ex_directorships = p.ex_directorships[c];
            h.ex_preferred = p.ex_preferred[c];
            h.ex_bonds = p.ex_bonds[c];
            h.escrow = p.escrow == c;
            h.short_shares = s.ShortShares(i, c);
            h.short_held = s.ShortProceeds(i, c);
            h.cover_cost = ValueAt(h.short_shares, s.price[c]);
            for (size_t k = 0; k < pr.subsidiaries.size(); ++k) {
                ProxyCell& cell = h.proxies[k];
                std::string error;
                if (auto idx = s.board->Find(pr.subsidiaries[k], &error)) {
                    cell.space = *idx;
                    cell.label = s.board->At(*idx).label;
                    cell.earned = p.HasProxy(*idx);
                } else {
                    cell.label = std::string(pr.subsidiaries[k]);
                }
                if (cell.earned) ++pv.proxy_count;
            }
            h.majority = Majority(s, i, c);
            pv.long_value += h.value;
        }
        // Nearest: the highest share of the way there; ties go to the company order (T-2).
        pv.nearest = pv.companies[0].majority;
        for (const CompanyHoldings& h : pv.companies)
            if (h.majority.Permille() > pv.nearest.Permille()) pv.nearest = h.majority;
        for (const OptionCard& o : s.options) {
            if (o.holder != i) continue;
            OptionHeld oh;
            oh.id = o.id;
            const bool call = o.kind == OptionKind::Call;
            const Money market = ValueAt(o.shares, s.price[o.company]);
            oh.value_now = std::max(Money(), call ? market - o.strike_total : o.strike_total - market);
            oh.exercisable = o.drawn_turn < s.turn;
            // The strike per share is exact only when the total divides by the shares; say it
            // when it does (option cards print it that way: "$1.55").
            const int64_t per_share_cents = o.shares > 0 && o.strike_total.cents() % o.shares == 0 ? o.strike_total.cents() / o.shares : -1;
            oh.text = fmt::format("#{} {} {} {} at {}{}", o.id, call ? "call" : "put", FormatCount(o.shares), GetProspectus(o.company).name,
                                  FormatMoney(o.strike_total),
                                  per_share_cents >= 0 && per_share_cents % kTickCents == 0
                                      ? fmt::format(" ({})", FormatPrice(static_cast<int>(per_share_cents / kTickCents)))
                                      : "");
            oh.short_text = fmt::format("#{} {} {} {} {}", o.id, call ? "call" : "put", ShortCount(o.shares), GetProspectus(o.company).letter,
                                        FormatMoney(o.strike_total));
            pv.options.push_back(std::move(oh));
        }
        v.players.push_back(std::move(pv));
    }
    return v;
}

std::vector<StripCell> MakePlayersStrip(const PlayersView& view) {
    std::vector<StripCell> out;
    for (const PlayerView& p : view.players) {
        StripCell c;
        c.name = FirstChars(p.name, kStripNameChars);
        c.cash = FormatMoney(p.cash);
        c.net_worth = "net " + FormatMoney(p.net_worth);
        if (p.owed > Money()) c.owes = "owes " + FormatMoney(p.owed);
        c.current = p.current;
        out.push_back(std::move(c));
    }
    return out;
}

std::string StripCellText(const StripCell& cell) {
    // The marker's room is kept for every cell, so the cells line up.
    std::string text = "\u25B6 " + cell.name + "  " + cell.cash;
    if (!cell.net_worth.empty()) text += "  " + cell.net_worth;
    if (!cell.owes.empty()) text += "  " + cell.owes;
    return text;
}

} // namespace rutland::bbr
