// rutland-cli rule [ID]: what a rule Rutland cites says, from the rules reference compiled in
// (report/rule_book.h, games/big-board-raiders/docs/RULES.md); without an ID, every ID with its title.
#include <iostream>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli.h"
#include "report/rule_book.h"
#include "games.h"
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

// Another game's rules, through its GameDefinition (host/open_game.h rule_text, rule_ids).
int ShowGameRule(const host::GameDefinition& game, const std::string& id) {
    if (!game.rule_text || !game.rule_ids) {
        std::cerr << fmt::format("rutland-cli: {} has no rules reference in this Rutland\n", game.title);
        return kExitUnusable;
    }
    if (id.empty()) {
        std::cout << fmt::format("{}'s rules (its RULES.md)\n", game.title);
        for (const std::string& each : game.rule_ids()) {
            const std::string text = game.rule_text(each);
            std::string title = text.substr(each.size() + (text.size() > each.size() ? 1 : 0));
            if (title.size() > 66) title = title.substr(0, title.rfind(' ', 66)) + " ...";
            std::cout << fmt::format("  {:<6} {}\n", each, title);
        }
        std::cout << fmt::format("\nrutland-cli rule --game {} ID prints one in full.\n", game.name);
        return kExitAccepted;
    }
    const std::string text = game.rule_text(id);
    if (text.empty()) {
        std::cerr << fmt::format("rutland-cli: no rule '{}' in {}'s rules reference (RULES.md). 'rutland-cli rule --game {}' "
                                 "lists them all.\n", PrintableText(id), game.title, game.name);
        return kExitUnusable;
    }
    std::cout << fmt::format("{}  ({}'s RULES.md)\n\n", id, game.title) << Wrap(text, 0);
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
        if (game != &host::ShellGame()) return ShowGameRule(*game, id);
    }
    if (id.empty()) {
        std::string section;
        for (const RuleText& r : AllRules()) {
            if (r.id.find('.') != std::string::npos) continue;  // the sections and COMMANDS.md: below
            if (r.section != section) {
                section = r.section;
                std::cout << (section.empty() ? "" : "\n") << section << "\n";
            }
            std::cout << fmt::format("  {:<5} {}\n", r.id, r.title);
        }
        std::cout << "\nRejections also cite COMMANDS.md (the table language) and RULES.md section 1 to 15.\n"
                     "rutland-cli rule ID prints one in full.\n";
        return kExitAccepted;
    }
    const RuleText* rule = FindRule(id);
    if (!rule) {
        const std::vector<std::string> near = NearestRuleIds(id);
        std::cerr << fmt::format("rutland-cli: no rule '{}' in the rules reference (RULES.md).{} 'rutland-cli rule' lists them all.\n", id,
                                 near.empty() ? "" : fmt::format(" Did you mean {}?", fmt::join(near, ", ")));
        return kExitUnusable;
    }
    std::cout << fmt::format("{}  {}\n", rule->id, rule->title);
    if (rule->id.find('.') == std::string::npos) std::cout << fmt::format("RULES.md section {}\n", rule->section);
    std::cout << "\n" << Wrap(rule->text, 0);
    return kExitAccepted;
}

} // namespace rutland::cli
