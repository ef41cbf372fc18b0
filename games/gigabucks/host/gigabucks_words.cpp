// Corporate Gigabucks' words for a terminal (host/gigabucks_words.h). Its rules' words are found in
// RULES.md as Flutter's are (games/flutter/host/flutter_words.cpp): a list item `- ID ...` with its
// indented lines, or a decision's table row `| CG-Dn | ... |`.
#include "host/gigabucks_words.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "lang/effect_text.h"
#include "rules/rules.h"

namespace rutland::gigabucks {

std::string StateWords(const GameState& s) {
    std::string out;
    const char* phase = s.phase == Phase::Start ? "to begin his turn" : s.phase == Phase::Due ? "a result is due (T-8)"
                        : s.phase == Phase::Open ? "his turn is open (T-9)" : "the game is over (W-1)";
    if (s.phase == Phase::Over)
        out += fmt::format("The game is over: {} wins (W-1)\n", s.winner >= 0 ? s.players[static_cast<size_t>(s.winner)].name : "?");
    else
        out += fmt::format("{} holds the current player token: {}\n", s.players[static_cast<size_t>(s.current)].name, phase);
    out += fmt::format("A ring of {} spaces; the money total {} G, {} waiting (U-3, RS-4)\n", s.Spaces(), s.money_total, s.Pool());
    out += "Players (cash, token, turns begun, corporations)\n";
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
        out += fmt::format("  {:<{}}  {:>5} G  {:>5}  {:>3}  {}{}\n", p.name, width, p.cash,
                           p.space >= 0 ? std::to_string(p.space) : std::string("-"), p.turns, corps.empty() ? "-" : corps, status);
    }
    return out;
}

std::string ShortEffects(const Entry& entry, const GameState& state) {
    std::string out;
    for (const Effect& e : entry.effects) out += (out.empty() ? "" : "; ") + EffectText(e, state);
    return out;
}

namespace {

// "- T-2 ..." at a line's start: the ID, or "".
std::string_view ItemId(std::string_view line) {
    if (line.size() < 4 || line.substr(0, 2) != "- ") return {};
    const size_t end = line.find(' ', 2);
    const std::string_view id = line.substr(2, end == std::string_view::npos ? std::string_view::npos : end - 2);
    const size_t dash = id.find('-');
    if (dash == std::string_view::npos || dash == 0 || dash + 1 >= id.size()) return {};
    for (size_t i = 0; i < id.size(); ++i) {
        const char ch = id[i];
        const bool ok = i < dash ? (ch >= 'A' && ch <= 'Z') : i == dash || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z');
        if (!ok) return {};
    }
    return id;
}

// "| CG-D1 | which game ... | ... |" (RULES.md section 16's decisions): the ID, or "".
std::string_view RowId(std::string_view line) {
    if (line.size() < 4 || line.substr(0, 2) != "| ") return {};
    const size_t end = line.find(" |", 2);
    if (end == std::string_view::npos) return {};
    const std::string_view id = line.substr(2, end - 2);
    std::string probe = "- ";
    probe.append(id).append(" ");
    return ItemId(probe).empty() ? std::string_view() : id;
}

// A decision's row in words: its cells after the ID, "; " apart ("—" cells left out).
std::string RowWords(std::string_view line) {
    std::string out;
    size_t at = 1;
    while (at < line.size()) {
        size_t end = line.find('|', at);
        if (end == std::string_view::npos) end = line.size();
        std::string_view cell = line.substr(at, end - at);
        while (!cell.empty() && cell.front() == ' ') cell.remove_prefix(1);
        while (!cell.empty() && cell.back() == ' ') cell.remove_suffix(1);
        if (!cell.empty() && cell != "\u2014") {
            if (!out.empty()) out.append(out.find(' ') == std::string::npos ? " " : "; ");
            out.append(cell);
        }
        at = end + 1;
    }
    return out;
}

template <class F>
void ForEachLine(std::string_view text, F&& f) {
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        f(text.substr(at, end - at));
        at = end + 1;
    }
}

} // namespace

std::string RuleWords(std::string_view id) {
    if (id.empty()) return "";
    std::string out;
    bool in = false;
    bool done = false;
    ForEachLine(RulesText(), [&](std::string_view line) {
        if (done) return;
        const std::string_view item = ItemId(line);
        if (in) {
            if (!item.empty() || line.empty() || line[0] != ' ') {
                done = true;
                return;
            }
            size_t first = line.find_first_not_of(' ');
            out.append(" ").append(line.substr(first));
            return;
        }
        if (item == id) {
            in = true;
            out = std::string(line.substr(2));
        } else if (!RowId(line).empty() && RowId(line) == id) {
            out = RowWords(line);
            done = true;
        }
    });
    return out;
}

std::vector<std::string> RuleIds() {
    std::vector<std::string> out;
    ForEachLine(RulesText(), [&](std::string_view line) {
        std::string_view id = ItemId(line);
        if (id.empty()) id = RowId(line);
        if (!id.empty() && std::find(out.begin(), out.end(), id) == out.end()) out.emplace_back(id);
    });
    return out;
}

} // namespace rutland::gigabucks
