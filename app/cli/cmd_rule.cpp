// rutland-cli rule [ID] [--game NAME]: what a rule Rutland cites says, from each game's rules
// reference compiled in, reached through the registry (kit/host/open_game.h GameDefinition
// rule_text, rule_ids and the rule_heading, rule_listing, rule_nearest a game may word them with:
// Big Board Raiders' games/big-board-raiders/report/rule_book.h, Flutter's and the toy's RULES.md).
// Without an ID, every game's IDs with their titles; an ID without --game is looked up in every
// game offered (registry order), and one that several games have is said to be so.
#include <algorithm>
#include <iostream>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli.h"
#include "base/safe_text.h"
#include "host/registry.h"

namespace rutland::cli {

namespace {

constexpr size_t kWidth = 80;

// Columns, not bytes: a UTF-8 dash is one column.
size_t Columns(std::string_view s) {
    size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// Words wrapped at spaces to `width` columns (a longer word stays whole on a line of its own).
std::vector<std::string> WrapWords(std::string_view text, size_t width) {
    std::vector<std::string> lines;
    std::string line;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find(' ', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(pos, end - pos);
        pos = end + 1;
        if (word.empty()) continue;
        if (!line.empty() && Columns(line) + 1 + Columns(word) > width) {
            lines.push_back(std::move(line));
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += word;
    }
    lines.push_back(std::move(line));
    return lines;
}

// A RULES.md table ("| level | centre price |" rows, the "|---|" row under the first) as aligned
// columns two spaces apart, the header underlined, within the 80 columns where it can be: the
// widest column is narrowed and its cells wrap.
std::string TableText(const std::vector<std::string_view>& rows, size_t indent) {
    std::vector<std::vector<std::string>> cells;
    for (std::string_view row : rows) {
        std::vector<std::string> one;
        size_t at = row.find('|') + 1;
        while (at < row.size()) {
            size_t end = row.find('|', at);
            // "\|" inside a cell is a bar of the text (RULES.md's `m=5,14\|none`).
            while (end != std::string_view::npos && end > 0 && row[end - 1] == '\\') end = row.find('|', end + 1);
            if (end == std::string_view::npos) break;
            std::string cell(row.substr(at, end - at));
            for (size_t bar; (bar = cell.find("\\|")) != std::string::npos;) cell.erase(bar, 1);
            const size_t first = cell.find_first_not_of(' ');
            cell = first == std::string::npos ? std::string() : cell.substr(first, cell.find_last_not_of(' ') - first + 1);
            one.push_back(std::move(cell));
            at = end + 1;
        }
        const bool rule_row = !one.empty() && std::all_of(one.begin(), one.end(), [](const std::string& c) {
            return !c.empty() && c.find_first_not_of("-:") == std::string::npos;
        });
        if (!rule_row) cells.push_back(std::move(one));
    }
    size_t n = 0;
    for (const auto& row : cells) n = std::max(n, row.size());
    std::vector<size_t> width(n, 0);
    for (const auto& row : cells)
        for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], Columns(row[i]));
    auto total = [&] {
        size_t sum = indent;
        for (size_t w : width) sum += w + 2;
        return sum;
    };
    while (total() > kWidth + 2) {
        auto widest = std::max_element(width.begin(), width.end());
        if (*widest <= 12) break;
        --*widest;
    }
    std::string out;
    for (size_t r = 0; r < cells.size(); ++r) {
        std::vector<std::vector<std::string>> wrapped;
        size_t height = 1;
        for (size_t i = 0; i < n; ++i) {
            wrapped.push_back(WrapWords(i < cells[r].size() ? cells[r][i] : std::string(), width[i]));
            height = std::max(height, wrapped.back().size());
        }
        for (size_t h = 0; h < height; ++h) {
            std::string line(indent, ' ');
            for (size_t i = 0; i < n; ++i) {
                const std::string& part = h < wrapped[i].size() ? wrapped[i][h] : std::string();
                line += part;
                if (i + 1 < n) line += std::string(width[i] >= Columns(part) ? width[i] - Columns(part) + 2 : 2, ' ');
            }
            line.erase(line.find_last_not_of(' ') + 1);
            out += line + "\n";
        }
        if (r == 0 && cells.size() > 1) {
            std::string line(indent, ' ');
            for (size_t i = 0; i < n; ++i) line += std::string(width[i], '-') + (i + 1 < n ? "  " : "");
            out += line + "\n";
        }
    }
    return out;
}

// Wrapped at spaces to the terminal's usual 80 columns; every line of it indented by `indent`. A
// line of the text that is a table's row ("| ... |": a RULES.md table a rule holds, Flutter's
// provisional board) is set out with the rest of its table (TableText), between blank lines.
std::string Wrap(std::string_view text, size_t indent) {
    std::string out;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view paragraph = text.substr(pos, end - pos);
        if (paragraph.rfind('|', 0) == 0) {
            std::vector<std::string_view> rows;
            while (pos <= text.size()) {
                end = text.find('\n', pos);
                if (end == std::string_view::npos) end = text.size();
                const std::string_view row = text.substr(pos, end - pos);
                if (row.rfind('|', 0) != 0) break;
                rows.push_back(row);
                pos = end + 1;
            }
            out += "\n" + TableText(rows, indent + 2) + "\n";
            continue;
        }
        // A list item ("- One command per line; ...") hangs under its first word.
        const size_t hang = paragraph.rfind("- ", 0) == 0 ? 2 : 0;
        size_t line_indent = indent;
        std::string line;
        size_t word_pos = 0;
        while (word_pos <= paragraph.size()) {
            size_t word_end = paragraph.find(' ', word_pos);
            if (word_end == std::string_view::npos) word_end = paragraph.size();
            const std::string_view word = paragraph.substr(word_pos, word_end - word_pos);
            word_pos = word_end + 1;
            if (word.empty()) continue;
            if (!line.empty() && line_indent + Columns(line) + 1 + Columns(word) > kWidth) {
                out += std::string(line_indent, ' ') + line + "\n";
                line.clear();
                line_indent = indent + hang;
            }
            if (!line.empty()) line += ' ';
            line += word;
        }
        out += std::string(line_indent, ' ') + line + "\n";
        pos = end + 1;
    }
    return out;
}

// "Big Board Raiders'", "Flutter's".
std::string Possessive(std::string_view title) {
    return std::string(title) + (!title.empty() && title.back() == 's' ? "'" : "'s");
}

bool HasRules(const host::GameDefinition& game) { return game.rule_text && game.rule_ids; }

// Every ID with its title: the game's own listing, or each ID with its words' first line.
std::string Listing(const host::GameDefinition& game) {
    if (game.rule_listing) return game.rule_listing();
    std::string out = fmt::format("{} rules (its RULES.md)\n", Possessive(game.title));
    for (const std::string& each : game.rule_ids()) {
        const std::string text = game.rule_text(each);
        std::string title = text.substr(each.size() + (text.size() > each.size() ? 1 : 0));
        if (title.size() > 66) title = title.substr(0, title.rfind(' ', 66)) + " ...";
        out += fmt::format("  {:<6} {}\n", each, title);
    }
    out += fmt::format("\nrutland-cli rule --game {} ID prints one in full.\n", game.name);
    return out;
}

// The rule in full: its heading (the game's, or "ID  (Title's RULES.md)"), then its words wrapped.
void PrintRule(const host::GameDefinition& game, const std::string& id, const std::string& text) {
    std::cout << (game.rule_heading ? game.rule_heading(id) : fmt::format("{}  ({} RULES.md)\n", id, Possessive(game.title)))
              << "\n" << Wrap(text, 0);
}

std::string DidYouMean(std::vector<std::string> near) {
    return near.empty() ? "" : fmt::format(" Did you mean {}?", fmt::join(near, ", "));
}

// `rule --game NAME [ID]`: that game's rules alone.
int ShowGameRule(const host::GameDefinition& game, const std::string& id) {
    if (!HasRules(game)) {
        std::cerr << fmt::format("rutland-cli: {} has no rules reference in this Rutland\n", game.title);
        return kExitUnusable;
    }
    if (id.empty()) {
        std::cout << Listing(game);
        return kExitAccepted;
    }
    const std::string text = game.rule_text(id);
    if (text.empty()) {
        std::cerr << fmt::format("rutland-cli: no rule '{}' in {} rules reference (RULES.md).{} 'rutland-cli rule --game {}' "
                                 "lists them all.\n", PrintableText(id), Possessive(game.title),
                                 game.rule_nearest ? DidYouMean(game.rule_nearest(id)) : "", game.name);
        return kExitUnusable;
    }
    PrintRule(game, id, text);
    return kExitAccepted;
}

} // namespace

int ShowRule(const std::string& id, const std::string& game_name) {
    if (!game_name.empty()) {
        const host::GameDefinition* game = host::FindGame(game_name);
        if (!game) {
            std::string names;
            for (const host::GameDefinition* each : host::Games())
                if (each->listed) names += (names.empty() ? "" : ", ") + std::string(each->name);
            std::cerr << fmt::format("rutland-cli: no game called '{}' in this Rutland; it has {}\n", PrintableText(game_name),
                                     names);
            return kExitUnusable;
        }
        return ShowGameRule(*game, id);
    }
    // Every game the table is offered (the toy, a test game, only by --game toy).
    std::vector<const host::GameDefinition*> games;
    for (const host::GameDefinition* each : host::Games())
        if (each->listed && HasRules(*each)) games.push_back(each);
    if (id.empty()) {
        for (size_t i = 0; i < games.size(); ++i) std::cout << (i ? "\n" : "") << Listing(*games[i]);
        return kExitAccepted;
    }
    // Rule IDs repeat across games (BD-1 is both Big Board Raiders' and Flutter's): the first game's
    // is printed, and the others that have one are named, so the table can ask for theirs.
    const host::GameDefinition* shown = nullptr;
    std::string also;
    for (const host::GameDefinition* game : games) {
        const std::string text = game->rule_text(id);
        if (text.empty()) continue;
        if (!shown) {
            shown = game;
            PrintRule(*game, id, text);
        } else {
            also += fmt::format("{}{} (rutland-cli rule --game {} {})", also.empty() ? "" : ", ", game->title, game->name,
                                PrintableText(id));
        }
    }
    if (shown) {
        if (!also.empty())
            std::cerr << fmt::format("note: '{}' is a rule of more than one game; above is {}; also {}\n", PrintableText(id),
                                     Possessive(shown->title), also);
        return kExitAccepted;
    }
    std::vector<std::string> near;
    for (const host::GameDefinition* game : games)
        if (game->rule_nearest)
            for (std::string& each : game->rule_nearest(id)) near.push_back(std::move(each));
    std::cerr << fmt::format("rutland-cli: no rule '{}' in the rules reference (RULES.md).{} 'rutland-cli rule' lists them all.\n",
                             PrintableText(id), DidYouMean(near));
    return kExitUnusable;
}

} // namespace rutland::cli
