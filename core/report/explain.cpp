#include "report/explain.h"

#include "lang/effect_text.h"

#include <map>

#include <fmt/format.h>

namespace rutland {

namespace {

std::string AccountName(const Account& a, const GameState& s) {
    switch (a.kind) {
        case AccountKind::Bank: return "the bank";
        case AccountKind::Player:
            if (a.index >= 0 && static_cast<size_t>(a.index) < s.players.size()) return s.players[static_cast<size_t>(a.index)].name;
            return fmt::format("player {}", a.index);
        case AccountKind::Margin: return fmt::format("the {} margin account", GetProspectus(static_cast<Company>(a.index)).name);
    }
    return "?";
}

// "bank", "Cy", "Green margin".
std::string ShortAccountName(const Account& a, const GameState& s) {
    if (a.kind == AccountKind::Margin) return fmt::format("{} margin", GetProspectus(static_cast<Company>(a.index)).name);
    const std::string name = AccountName(a, s);
    return a.kind == AccountKind::Bank ? "bank" : name;
}

std::string PlayerName(int player, const GameState& s) {
    return player >= 0 && static_cast<size_t>(player) < s.players.size() ? s.players[static_cast<size_t>(player)].name
                                                                          : fmt::format("player {}", player);
}

std::string SecurityName(Company c, Security security) {
    const Prospectus& p = GetProspectus(c);
    switch (security) {
        case Security::Common: return std::string(p.name);
        case Security::Preferred: return fmt::format("{} preferred", p.name);
        case Security::Bond: return fmt::format("{} {}", p.name, p.debt_name);
    }
    return "?";
}

bool ValidPlayer(int player, const GameState& s) {
    return player >= 0 && static_cast<size_t>(player) < s.players.size();
}

// A quantity of a security in its own unit: shares, or bond face in dollars.
std::string Quantity(Security security, int64_t q) {
    return security == Security::Bond ? FormatMoney(Money::Dollars(q)) : FormatCount(q);
}

std::string Signed(const std::string& magnitude, bool negative) { return (negative ? "- " : "+ ") + magnitude; }

} // namespace

std::vector<std::string> EffectArithmetic(const Effects& effects, const GameState& before) {
    std::vector<std::string> out;
    // Running balances, starting from the state before the entry.
    std::map<std::pair<int, int>, Money> cash;  // (account kind, index)
    auto balance = [&](const Account& a) -> Money& {
        auto key = std::make_pair(static_cast<int>(a.kind), a.index);
        auto it = cash.find(key);
        if (it != cash.end()) return it->second;
        Money start;
        if (a.kind == AccountKind::Bank) start = before.bank;
        else if (a.kind == AccountKind::Player && ValidPlayer(a.index, before)) start = before.players[static_cast<size_t>(a.index)].cash;
        else if (a.kind == AccountKind::Margin && a.index >= 0 && a.index < kCompanyCount) start = before.MarginHeld(static_cast<Company>(a.index));
        return cash.emplace(key, start).first->second;
    };
    std::map<std::tuple<int, int, int>, int64_t> holdings;  // (player, company, security)
    auto holding = [&](int player, Company c, Security sec) -> int64_t& {
        auto key = std::make_tuple(player, Index(c), static_cast<int>(sec));
        auto it = holdings.find(key);
        if (it != holdings.end()) return it->second;
        const PlayerState& p = before.players[static_cast<size_t>(player)];
        const int64_t start = sec == Security::Common ? p.common[c] : sec == Security::Preferred ? p.preferred[c] : p.bonds[c];
        return holdings.emplace(key, start).first->second;
    };

    for (const Effect& e : effects) {
        std::string line;
        switch (e.kind) {
            case EffectKind::Cash: {
                std::string parts;
                for (const Account& a : {e.from, e.to}) {
                    if (a.kind == AccountKind::Bank) continue;  // the bank's balance explains nothing at the table
                    Money& b = balance(a);
                    const Money next = a == e.from ? b - e.amount : b + e.amount;
                    const std::string label = a.kind == AccountKind::Player ? AccountName(a, before) + "'s cash"
                                                                            : AccountName(a, before);
                    parts += fmt::format("{}{}: {} {} = {}", parts.empty() ? "" : "; ", label,
                                         FormatMoney(b), Signed(FormatMoney(e.amount), a == e.from), FormatMoney(next));
                    b = next;
                }
                line = parts;
                break;
            }
            case EffectKind::Certificates: {
                if (!ValidPlayer(e.player, before)) break;
                int64_t& h = holding(e.player, e.company, e.security);
                const int64_t next = e.to_player ? h + e.quantity : h - e.quantity;
                line = fmt::format("{}'s {}: {} {} = {}", PlayerName(e.player, before), SecurityName(e.company, e.security),
                                   Quantity(e.security, h), Signed(Quantity(e.security, e.quantity), !e.to_player),
                                   Quantity(e.security, next));
                h = next;
                break;
            }
            case EffectKind::Price: {
                const int ticks = e.to_ticks - e.from_ticks;
                const int moved = ticks < 0 ? -ticks : ticks;
                line = fmt::format("{} {} tick{} x $0.05 = {}: {} {} {} = {}", ticks < 0 ? "down" : "up", moved,
                                   moved == 1 ? "" : "s", FormatMoney(Money::Cents(moved * kTickCents)),
                                   FormatPrice(e.from_ticks), ticks < 0 ? "-" : "+",
                                   FormatMoney(Money::Cents(moved * kTickCents)), FormatPrice(e.to_ticks));
                break;
            }
            // a count's quantities that no cash or certificate carries, before -> after.
            case EffectKind::Directorship:
                if (e.what == EffectWhat::CountDirectorships && ValidPlayer(e.player, before))
                    line = fmt::format("{}'s {} common directorships: {} {} = {}", PlayerName(e.player, before),
                                       GetProspectus(e.company).name, e.n[0], Signed(std::to_string(e.quantity < 0 ? -e.quantity : e.quantity), e.quantity < 0),
                                       e.n[1]);
                break;
            case EffectKind::ShortNote:
                if (e.what == EffectWhat::CountShort && ValidPlayer(e.player, before))
                    line = fmt::format("{}'s {} short: {} {} = {} shares", PlayerName(e.player, before), GetProspectus(e.company).name,
                                       FormatCount(e.n[0]), Signed(FormatCount(e.quantity < 0 ? -e.quantity : e.quantity), e.quantity < 0),
                                       FormatCount(e.n[1]));
                break;
            default: break;
        }
        out.push_back(std::move(line));
    }
    return out;
}

std::string ShortEffect(const Effect& e, const GameState& s) {
    std::string what;
    switch (e.kind) {
        case EffectKind::Cash:
            what = fmt::format("{}->{} {}", ShortAccountName(e.from, s), ShortAccountName(e.to, s), FormatMoney(e.amount));
            break;
        case EffectKind::Certificates:
            what = fmt::format("{} {}{} {}", PlayerName(e.player, s), e.to_player ? "+" : "-",
                               Quantity(e.security, e.quantity), SecurityName(e.company, e.security));
            break;
        case EffectKind::ShortNote:
            what = fmt::format("{} short {}{} {}", PlayerName(e.player, s), e.quantity < 0 ? "" : "+",
                               FormatCount(e.quantity), GetProspectus(e.company).name);
            break;
        case EffectKind::Price:
            what = fmt::format("{} {}->{}", GetProspectus(e.company).name, FormatPrice(e.from_ticks), FormatPrice(e.to_ticks));
            break;
        case EffectKind::Directorship:
            what = fmt::format("{} {}{} {} dir", PlayerName(e.player, s), e.quantity < 0 ? "" : "+", e.quantity,
                               GetProspectus(e.company).name);
            break;
        case EffectKind::Pawn:
            what = fmt::format("{} @{}", PlayerName(e.player, s),
                               e.space >= 0 && e.space < s.board->SpaceCount() ? s.board->At(e.space).label : "?");
            break;
        default: {
            // A sentence whole ("Ann ends the turn; Bob is next"): cut after a few words it said
            // nothing ("Bob is..."). Only a long one is cut, after its last word within
            // kShortChars; explain gives the rest.
            constexpr size_t kShortChars = 90;
            const std::string text = EffectText(e, RenderContext::Of(s));
            const size_t at = text.size() <= kShortChars ? std::string::npos : text.rfind(' ', kShortChars);
            what = at == std::string::npos ? text : text.substr(0, at) + "...";  // (no space: whole, never inside a character)
            break;
        }
    }
    return fmt::format("{} ({})", what, e.rule);
}

bool EffectInvolvesPlayer(const Effect& e, int player) {
    if (e.kind == EffectKind::Cash) return e.from == Account::Player(player) || e.to == Account::Player(player);
    return e.player == player;
}

bool EffectInvolvesCompany(const Effect& e, Company company) {
    switch (e.kind) {
        case EffectKind::Cash: return e.from == Account::Margin(company) || e.to == Account::Margin(company);
        case EffectKind::Certificates:
        case EffectKind::ShortNote:
        case EffectKind::Price:
        case EffectKind::MarketEvent:
        case EffectKind::Directorship:
        case EffectKind::Escrow:
            return e.company == company;
        default: return false;
    }
}

} // namespace rutland
