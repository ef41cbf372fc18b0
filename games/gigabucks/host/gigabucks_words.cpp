// Corporate Gigabucks' words for a terminal (host/gigabucks_words.h). Its rules' words are found in
// RULES.md as Flutter's are (games/flutter/host/flutter_words.cpp): a list item `- ID ...` with its
// indented lines, or a decision's table row `| CG-Dn | ... |`.
#include "host/gigabucks_words.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "lang/effect_text.h"
#include "rule_book_text.h"
#include "rules/rules.h"

namespace rutland::gigabucks {

std::string StateWords(const GameState& s, bool cash) {
    std::string out;
    const char* phase = s.phase == Phase::Start ? "to begin his turn" : s.phase == Phase::Due ? "a result is due (T-8)"
                        : s.phase == Phase::Open ? "his turn is open (T-9)" : "the game is over (W-1)";
    if (s.phase == Phase::Over)
        out += fmt::format("The game is over: {} wins (W-1)\n", s.winner >= 0 ? s.players[static_cast<size_t>(s.winner)].name : "?");
    else
        out += fmt::format("{} holds the current player token: {}\n", s.players[static_cast<size_t>(s.current)].name, phase);
    out += fmt::format("A ring of {} spaces; the money total {} G, {} waiting (U-3, RS-4)\n", s.Spaces(), s.money_total, s.Pool());
    out += cash ? "Players (cash, token, turns begun, corporations)\n" : "Players (token, turns begun, corporations)\n";
    size_t width = 0;
    for (const Player& p : s.players) width = std::max(width, p.name.size());
    for (size_t i = 0; i < s.players.size(); ++i) {
        const Player& p = s.players[i];
        std::string corps;
        for (int x = 0; x < s.Spaces(); ++x) {
            const Corporation& c = s.corporations[static_cast<size_t>(x)];
            if (c.status == CorpStatus::Chartered && c.owner == static_cast<int>(i))
                corps += fmt::format("{}{}({})", corps.empty() ? "" : " ", x, c.lines);
        }
        const char* status = p.status == PlayerStatus::Active ? "" : p.status == PlayerStatus::Bankrupt ? "  bankrupt" : "  resigned";
        const std::string money = cash ? fmt::format("  {:>5} G", p.cash) : std::string();
        out += fmt::format("  {:<{}}{}  {:>5}  {:>3}  {}{}\n", p.name, width, money,
                           p.space >= 0 ? std::to_string(p.space) : std::string("-"), p.turns, corps.empty() ? "-" : corps, status);
    }
    return out;
}

std::string ShortEffects(const Entry& entry, const GameState& state) {
    std::string out;
    for (const Effect& e : entry.effects) out += (out.empty() ? "" : "; ") + EffectText(e, state);
    return out;
}

std::string RuleWords(std::string_view id) { return view::RuleBookWords(RulesText(), id); }

std::vector<std::string> RuleIds() { return view::RuleBookIds(RulesText()); }

} // namespace rutland::gigabucks
