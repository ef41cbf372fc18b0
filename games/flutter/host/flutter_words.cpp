#include "host/flutter_words.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "lang/effect_text.h"
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

// "| F-D1 | which game ... | ... |" (RULES.md section 14's decisions): the ID, or "".
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
    // An item's words run on over its indented lines. A table after a blank line (BD-5's board,
    // N-2's effects, RE-3's positions) is the item's too, each row a line of its own ("\n|...|"),
    // and so is a paragraph after the table (BD-5's "That is: ...", N-2's "N is a whole number"),
    // which starts a line of its own; a heading, the next item or a second blank line ends it.
    bool gap = false;    // a blank line since the item's last line
    bool table = false;  // the item has had a table
    bool plain = false;  // inside a paragraph after the table
    ForEachLine(RulesText(), [&](std::string_view line) {
        if (done) return;
        const std::string_view item = ItemId(line);
        if (in) {
            if (line.empty()) {
                if (gap) done = true;
                gap = true;
                plain = false;
                return;
            }
            if (!item.empty() || line[0] == '#' || line[0] == '-' || line[0] == '*') {
                done = true;
                return;
            }
            if (line[0] == '|') {
                if (!RowId(line).empty()) {  // section 14's decisions are rules of their own
                    done = true;
                    return;
                }
                out.append("\n").append(line);
                gap = false;
                table = true;
                return;
            }
            // Words: the item's run-on (indented) lines, or after a table a paragraph's lines.
            const bool indented = line[0] == ' ';
            if (gap ? !table : !indented && !plain) {
                done = true;
                return;
            }
            const size_t first = line.find_first_not_of(' ');
            out.append(gap ? "\n" : " ").append(line.substr(first));
            gap = false;
            plain = table;
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

} // namespace rutland::flutter
