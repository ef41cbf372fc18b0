#include "host/flutter_words.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "lang/effect_text.h"
#include "rule_book_text.h"
#include "lang/table_language.h"

namespace rutland::flutter {

std::string StateWords(const GameState& s) {
    std::string out = fmt::format("Round {}, {} to {}{}; target {}; board {}{}\n", s.round,
                                  s.players.empty() ? std::string("?") : s.players[static_cast<size_t>(s.current)].name,
                                  s.stoppage ? "trade or claim (a stoppage: W-2)" : "trade and throw",
                                  s.Over() ? "; the game is won (W-5)" : "", FormatPounds(s.header->target), s.board->name,
                                  s.board->Verified() ? "" : ", not yet confirmed at the table (BD-7)");
    if (s.pending.kind == Pending::Kind::News)
        out += fmt::format("A Market News card is pending for {} (N-1)\n",
                           s.board->lanes[static_cast<size_t>(s.pending.company)].colour);
    out += "Companies (price, parent and traveller levels, the broker's stock and reserve)\n";
    size_t width = 0;
    for (const Lane& lane : s.board->lanes) width = std::max(width, lane.colour.size());
    for (int c = 0; c < kCompanies; ++c) {
        const Company& co = s.companies[static_cast<size_t>(c)];
        const Lane& lane = s.board->lanes[static_cast<size_t>(c)];
        if (co.bankrupt) {
            out += fmt::format("  {} {:<{}}  bankrupt (BK-1)\n", lane.letter, lane.colour, width);
            continue;
        }
        out += fmt::format("  {} {:<{}}  {:>6}  parent {:>2}  traveller {:>2} ({})  stock {:>2}  reserve {:>2}{}\n",
                           lane.letter, lane.colour, width, FormatPounds(s.Price(c)), co.parent, co.traveller,
                           PositionWord(s.PositionOf(c)), co.stock, co.reserve, co.anti_slump ? "  anti-slump (N-4)" : "");
    }
    out += "Players (cash, certificates, capital)\n";
    width = 0;
    for (const Player& p : s.players) width = std::max(width, p.name.size());
    for (size_t i = 0; i < s.players.size(); ++i) {
        const Player& p = s.players[i];
        std::string held;
        for (int c = 0; c < kCompanies; ++c)
            if (p.certificates[static_cast<size_t>(c)] > 0)
                held += fmt::format("{}{} {}", held.empty() ? "" : ", ", p.certificates[static_cast<size_t>(c)],
                                    s.board->lanes[static_cast<size_t>(c)].letter);
        out += fmt::format("  {:<{}}  {:>7}  {:<24}  capital {}\n", p.name, width, FormatPounds(p.cash),
                           held.empty() ? "no certificates" : held, FormatPounds(s.Capital(static_cast<int>(i))));
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

} // namespace rutland::flutter
