#include "view/diff_words.h"

#include <fmt/format.h>

namespace rutland::bbr {

namespace {

std::string WhoName(const GameState& s, std::optional<int> p) {
    if (!p || *p < 0 || *p >= static_cast<int>(s.players.size())) return "nobody";
    return s.players[static_cast<size_t>(*p)].name;
}

std::string SpaceName(const GameState& s, std::optional<int> space, const char* none) {
    if (!space || !s.board || *space < 0 || *space >= s.board->SpaceCount()) return none;
    return s.board->At(*space).label;
}

std::string Shares(int64_t n) { return n == 0 ? "none" : FormatCount(n); }

std::string Owed(const GameState& s) {
    if (s.pending.empty()) return "nothing owed";
    std::string out;
    for (const Obligation& o : s.pending)
        out += fmt::format("{}{} owes {} ({})", out.empty() ? "" : "; ", WhoName(s, o.player), FormatMoney(o.amount), o.rule);
    return out;
}

std::string Proxies(const GameState& s, const PlayerState& p) {
    std::string out;
    int n = 0;
    for (int i = 0; s.board && i < s.board->SpaceCount() && i < 64; ++i)
        if (p.HasProxy(i)) {
            ++n;
            out += (out.empty() ? "" : ", ") + s.board->At(i).label;
        }
    return n == 0 ? "none" : fmt::format("{} ({})", n, out);
}

std::string Options(const GameState& s, int player) {
    std::string out;
    for (const OptionCard& o : s.options)
        if (o.holder == player)
            out += fmt::format("{}#{} {} {} {}", out.empty() ? "" : ", ", o.id, o.kind == OptionKind::Call ? "call" : "put",
                               FormatCount(o.shares), GetProspectus(o.company).name);
    return out.empty() ? "none" : out;
}

} // namespace

std::vector<ChangeInWords> DiffInWords(const GameState& a, const GameState& b) {
    std::vector<ChangeInWords> out;
    auto add = [&](std::string what, std::string then, std::string now) {
        if (then != now) out.push_back({std::move(what), std::move(then), std::move(now)});
    };
    add("the year", std::to_string(a.year), std::to_string(b.year));
    add("Time cards drawn this year", fmt::format("{} of {}", a.time_cards_drawn, a.year_cards),
        fmt::format("{} of {}", b.time_cards_drawn, b.year_cards));
    add("volatility", a.volatility == Volatility::High ? "high" : "normal", b.volatility == Volatility::High ? "high" : "normal");
    add("whose turn", WhoName(a, a.current), WhoName(b, b.current));
    auto roll = [](const GameState& s) { return !s.rolled ? std::string("not rolled yet") : s.doubles ? "rolled doubles" : "rolled"; };
    add("the roll", roll(a), roll(b));
    add("the space the turn is on", SpaceName(a, a.turn_space, "none yet"), SpaceName(b, b.turn_space, "none yet"));
    for (Company c : kCompanies) {
        const std::string name(GetProspectus(c).name);
        add(name + "'s price", FormatPrice(a.price[c]), FormatPrice(b.price[c]));
        add(name + "'s listing", a.listed[c] ? "listed" : "delisted", b.listed[c] ? "listed" : "delisted");
    }
    add("what is owed to the bank", Owed(a), Owed(b));
    add("the winner", a.winner ? WhoName(a, a.winner) : "nobody yet", b.winner ? WhoName(b, b.winner) : "nobody yet");
    const size_t players = std::min(a.players.size(), b.players.size());
    for (size_t i = 0; i < players; ++i) {
        const PlayerState& p = a.players[i];
        const PlayerState& q = b.players[i];
        const std::string who = q.name + "'s ";
        add(who + "cash", FormatMoney(p.cash), FormatMoney(q.cash));
        for (Company c : kCompanies) {
            const std::string name(GetProspectus(c).name);
            add(who + name + " common shares", Shares(p.common[c]), Shares(q.common[c]));
            add(who + name + " preferred shares", Shares(p.preferred[c]), Shares(q.preferred[c]));
            add(who + name + " " + std::string(GetProspectus(c).debt_name), p.bonds[c] ? FormatMoney(Money::Dollars(p.bonds[c])) : "none",
                q.bonds[c] ? FormatMoney(Money::Dollars(q.bonds[c])) : "none");
            add(who + name + " shares short", Shares(a.ShortShares(static_cast<int>(i), c)), Shares(b.ShortShares(static_cast<int>(i), c)));
            add(who + name + " common directorships", std::to_string(p.directorships[c]), std::to_string(q.directorships[c]));
        }
        add(who + "escrow directorship", p.escrow ? std::string(GetProspectus(*p.escrow).name) : "none",
            q.escrow ? std::string(GetProspectus(*q.escrow).name) : "none");
        add(who + "proxies", Proxies(a, p), Proxies(b, q));
        add(who + "pawn", SpaceName(a, p.space, "not known yet"), SpaceName(b, q.space, "not known yet"));
        add(who + "options", Options(a, static_cast<int>(i)), Options(b, static_cast<int>(i)));
    }
    return out;
}

} // namespace rutland::bbr
