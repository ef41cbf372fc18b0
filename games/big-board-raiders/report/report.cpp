#include "report/report.h"

#include "lang/effect_text.h"

#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/rules.h"
#include "rules/state_json.h"

namespace rutland::bbr {

namespace {

std::string Holdings(const GameState& s, int player) {
    const PlayerState& p = s.players[static_cast<size_t>(player)];
    std::string out;
    auto add = [&](const std::string& item) { out += (out.empty() ? "" : ", ") + item; };
    for (Company c : kCompanies) {
        const Prospectus& pr = GetProspectus(c);
        if (p.common[c]) add(fmt::format("{} {}", FormatCount(p.common[c]), pr.name));
        if (p.preferred[c]) add(fmt::format("{} {} pref", FormatCount(p.preferred[c]), pr.name));
        if (p.bonds[c]) add(fmt::format("{} {} {}", FormatMoney(Money::Dollars(p.bonds[c])), pr.name, pr.debt_name));
        if (const int64_t sh = s.ShortShares(player, c))
            add(fmt::format("short {} {} ({} held)", FormatCount(sh), pr.name, FormatMoney(s.ShortProceeds(player, c))));
        if (p.directorships[c]) add(fmt::format("{} {} dir{}", p.directorships[c], pr.name, p.directorships[c] == 1 ? "" : "s"));
    }
    if (p.escrow) add(fmt::format("escrow {}", GetProspectus(*p.escrow).name));
    for (const OptionCard& o : s.options)
        if (o.holder == player)
            add(fmt::format("option #{} {} {} {} for {}", o.id, o.kind == OptionKind::Call ? "call" : "put",
                            FormatCount(o.shares), GetProspectus(o.company).name, FormatMoney(o.strike_total)));
    int proxies = 0;
    for (int sp = 0; sp < s.board->SpaceCount(); ++sp) proxies += p.HasProxy(sp);
    if (proxies) add(fmt::format("{} prox{}", proxies, proxies == 1 ? "y" : "ies"));
    return out.empty() ? "-" : out;
}

} // namespace

std::string BrokerSummary(const GameState& s) {
    std::string out;
    const PlayerState& cur = s.players[static_cast<size_t>(s.current)];
    out += fmt::format("Year {}, {} to play{}; {} volatility; Time cards {} of {}\n", s.year, cur.name,
                       s.rolled ? fmt::format(" (rolled, on {})", s.board->At(*s.turn_space).label) : "",
                       s.volatility == Volatility::Normal ? "normal" : "high", s.time_cards_drawn, s.year_cards);
    if (s.year_end_due)
        out += fmt::format("The year's last Time card is drawn: year {} ends when {} ends the turn (Y-1)\n", s.year,
                           s.players[static_cast<size_t>(s.year_ender.value_or(s.current))].name);
    if (s.winner) out += fmt::format("Winner: {}\n", s.players[static_cast<size_t>(*s.winner)].name);
    for (const Claim& c : CouldDeclare(s))
        if (!s.winner)
            out += fmt::format("{} holds the {} escrow and majority: could declare on their turn (W-1)\n",
                               s.players[static_cast<size_t>(c.player)].name, GetProspectus(c.company).name);
    out += "\nPrices: ";
    for (Company c : kCompanies)
        out += fmt::format("{} {}{}  ", GetProspectus(c).name, FormatPrice(s.price[c]), s.listed[c] ? "" : " (delisted)");
    out += "\n\n";
    size_t width = 6;
    for (const PlayerState& p : s.players) width = std::max(width, p.name.size());
    out += fmt::format("{:<{}}  {:>12}  {:>12}  {}\n", "Player", width, "Cash", "Net worth", "Holdings");
    for (size_t i = 0; i < s.players.size(); ++i) {
        const PlayerState& p = s.players[i];
        out += fmt::format("{:<{}}  {:>12}  {:>12}  {}\n", p.name, width, FormatMoney(p.cash),
                           FormatMoney(s.NetWorth(static_cast<int>(i))), Holdings(s, static_cast<int>(i)));
    }
    bool any_margin = false;
    for (Company c : kCompanies) any_margin = any_margin || s.MarginHeld(c) > Money();
    if (any_margin) {
        out += "\nMargin accounts: ";
        for (Company c : kCompanies)
            if (s.MarginHeld(c) > Money()) out += fmt::format("{} {}  ", GetProspectus(c).name, FormatMoney(s.MarginHeld(c)));
        out += "\n";
    }
    if (!s.pending.empty()) {
        out += "\nPending:\n";
        for (const Obligation& o : s.pending)
            out += fmt::format("  {} owes the bank {} for {} ({})\n", s.players[static_cast<size_t>(o.player)].name,
                               FormatMoney(o.amount), o.reason, o.rule);
    }
    return out;
}

std::string DescribeEffects(const Effects& effects, const GameState& state) {
    const RenderContext context = RenderContext::Of(state);
    std::string out;
    for (const Effect& e : effects) out += fmt::format("    [{}] {}\n", e.rule, EffectText(e, context));
    return out;
}

// [SECTION] Differences between two states

namespace {

// The state JSON as path -> value, players keyed by name ("players.Ann.cash").
void Flatten(const nlohmann::json& j, const std::string& path, std::map<std::string, nlohmann::json>& out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) Flatten(it.value(), path.empty() ? it.key() : path + "." + it.key(), out);
    } else if (j.is_array() && path == "players") {
        for (const auto& p : j) Flatten(p, "players." + p.value("name", "?"), out);
    } else {
        out[path] = j;
    }
}

// Values in cents read as money; everything else as JSON.
std::string Value(const std::string& path, const nlohmann::json& v) {
    if (!v.is_number_integer()) return v.dump();
    for (const char* money : {"cash", "net_worth", "bank", "prices.", "margin_accounts.", "bonds", "amount"})
        if (path.find(money) != std::string::npos) return FormatMoney(Money::Cents(v.get<int64_t>()));
    return FormatCount(v.get<int64_t>());
}

} // namespace

std::vector<StateChange> DiffStates(const GameState& before, const GameState& after) {
    std::map<std::string, nlohmann::json> a, b;
    Flatten(StateToJson(before), "", a);
    Flatten(StateToJson(after), "", b);
    std::map<std::string, StateChange> changes;
    for (const auto& [path, value] : b) {
        auto it = a.find(path);
        if (it != a.end() && it->second == value) continue;
        changes[path] = {path, it == a.end() ? "(none)" : Value(path, it->second), Value(path, value)};
    }
    for (const auto& [path, value] : a)
        if (!b.count(path)) changes[path] = {path, Value(path, value), "(none)"};
    std::vector<StateChange> out;
    for (auto& [path, change] : changes) out.push_back(std::move(change));
    return out;
}

} // namespace rutland::bbr
