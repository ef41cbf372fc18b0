// rutland-cli rule [ID] [--game NAME]: what a rule Rutland cites says, from each game's rules
// reference compiled in, reached through the registry (kit/host/open_game.h GameDefinition
// rule_text, rule_ids and the rule_heading, rule_listing, rule_nearest a game may word them with:
// Big Board Raiders' games/big-board-raiders/report/rule_book.h, Flutter's and the toy's RULES.md).
// Without an ID, every game's IDs with their titles; an ID without --game is looked up in every
// game offered (registry order), and one that several games have is said to be so.
#include <iostream>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli.h"
#include "base/safe_text.h"
#include "host/registry.h"

namespace rutland::cli {

namespace {

constexpr size_t kWidth = 80;

// Wrapped at spaces to the terminal's usual 80 columns; every line of it indented by `indent`.
std::string Wrap(std::string_view text, size_t indent) {
    std::string out;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view paragraph = text.substr(pos, end - pos);
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
            // Columns, not bytes: a UTF-8 dash is one column.
            auto columns = [](std::string_view s) {
                size_t n = 0;
                for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
                return n;
            };
            if (!line.empty() && line_indent + columns(line) + 1 + columns(word) > kWidth) {
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
