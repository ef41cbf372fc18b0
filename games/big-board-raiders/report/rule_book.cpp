#include "report/rule_book.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "base/edit_distance.h"

namespace rutland::bbr {

namespace {

std::string_view Trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> Lines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return lines;
}

// Invariant 2: the Markdown marks out, the words as they are ("\|" in a table cell is a '|').
std::string Plain(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '*' || s[i] == '`') continue;
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '|') continue;
        out += s[i];
    }
    return out;
}

bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// "S-6", "BD-1", "D-24": one or two capitals, a dash, a number without a leading zero (a Time
// card's name, "T-04", is not a rule). Returns the ID's length at the start of `s`, or 0.
size_t IdLength(std::string_view s) {
    size_t i = 0;
    while (i < s.size() && i < 2 && IsUpper(s[i])) ++i;
    if (i == 0 || i >= s.size() || s[i] != '-') return 0;
    ++i;
    if (i >= s.size() || s[i] < '1' || s[i] > '9') return 0;
    while (i < s.size() && IsDigit(s[i])) ++i;
    return i;
}

// The rule's first clause, its parentheses left out: "Margin calls cover a player's whole position
// in that company" (S-6), "Split" (M-4). Long first clauses are cut at a word.
std::string TitleOf(std::string_view text) {
    std::string title;
    int depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(') { ++depth; continue; }
        if (c == ')') { depth = std::max(0, depth - 1); continue; }
        if (depth > 0) continue;
        if (c == ':' || c == ';') break;
        if (c == '.' && (i + 1 == text.size() || text[i + 1] == ' ')) break;
        title += c;
    }
    std::string squeezed;
    for (char c : title)
        if (!(c == ' ' && (squeezed.empty() || squeezed.back() == ' '))) squeezed += c;
    while (!squeezed.empty() && (squeezed.back() == ' ' || squeezed.back() == ',')) squeezed.pop_back();
    constexpr size_t kLongest = 72;
    if (squeezed.size() > kLongest) {
        size_t cut = squeezed.rfind(' ', kLongest - 3);
        if (cut == std::string::npos || cut == 0) cut = kLongest - 3;
        squeezed = squeezed.substr(0, cut) + "...";
    }
    return squeezed;
}

std::string Upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string> TableCells(std::string_view row) {
    std::vector<std::string> cells;
    row = Trim(row);
    if (row.size() < 2 || row.front() != '|' || row.back() != '|') return cells;
    row = row.substr(1, row.size() - 2);
    std::string cell;
    for (size_t i = 0; i < row.size(); ++i) {
        if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (row[i] == '|') {
            cells.push_back(Plain(Trim(cell)));
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    cells.push_back(Plain(Trim(cell)));
    return cells;
}

std::string Capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

// Section 14's row: | D | question | default | variant name | evidence in the manual |
std::string DecisionText(const std::vector<std::string>& cells) {
    std::string text = "Question: " + cells[1] + "\nDefault: " + cells[2];
    if (cells[3].empty() || cells[3] == "\xE2\x80\x94")  // an em dash: no variant
        text += "\nNo variant.";
    else
        text += "\nVariant, a game may switch it on at setup: " + cells[3];
    if (cells.size() > 4 && !cells[4].empty()) text += "\nEvidence in the manual: " + cells[4];
    return text;
}

} // namespace

std::vector<RuleText> ParseRulesReference(std::string_view rules_md, std::string_view commands_md) {
    std::vector<RuleText> rules;
    std::vector<RuleText> sections;
    std::string section;
    RuleText* open = nullptr;  // the list item whose continuation lines follow
    auto find = [&rules](const std::string& id) -> RuleText* {
        for (RuleText& r : rules)
            if (r.id == id) return &r;
        return nullptr;
    };
    for (std::string_view line : Lines(rules_md)) {
        if (!line.empty() && line.front() == '>') {  // the reference's own header
            open = nullptr;
            continue;
        }
        if (line.rfind("## ", 0) == 0) {
            section = std::string(Trim(line.substr(3)));
            open = nullptr;
            const size_t dot = section.find(". ");
            if (dot != std::string::npos && dot > 0 && std::all_of(section.begin(), section.begin() + static_cast<long>(dot), IsDigit))
                sections.push_back({std::string("RULES.md section ").append(section, 0, dot), section, section.substr(dot + 2), ""});
            else
                sections.push_back({"", section, section, ""});
            continue;
        }
        if (section.empty()) continue;
        RuleText& in_section = sections.back();
        if (open && line.size() > 2 && line.rfind("  ", 0) == 0 && !Trim(line).empty()) {
            const std::string more = Plain(Trim(line));
            open->text += " " + more;
            in_section.text += " " + more;
            continue;
        }
        open = nullptr;
        const std::string_view trimmed = Trim(line);
        if (trimmed.empty()) continue;
        if (!in_section.text.empty()) in_section.text += '\n';
        in_section.text += Plain(trimmed);
        if (line.rfind("- ", 0) == 0) {
            const std::string_view item = line.substr(2);
            const size_t n = IdLength(item);
            if (n > 0 && item.size() > n && item[n] == ' ') {
                const std::string id(item.substr(0, n));
                RuleText* r = find(id);
                if (!r) {
                    rules.push_back({id, section, "", ""});
                    r = &rules.back();
                }
                r->text = Plain(Trim(item.substr(n + 1)));
                open = r;
            }
            continue;
        }
        const std::vector<std::string> cells = TableCells(line);
        if (cells.size() >= 4 && IdLength(cells[0]) == cells[0].size() && cells[0].size() > 0) {
            RuleText* r = find(cells[0]);
            if (r) {  // a decision with a list item of its own (D-2): the item, then its row
                r->text += "\n" + DecisionText(cells);
                r->title = Capitalised(cells[1]);
            } else {
                rules.push_back({cells[0], section, Capitalised(cells[1]), DecisionText(cells)});
            }
        }
    }
    for (RuleText& r : rules)
        if (r.title.empty()) r.title = TitleOf(r.text);
    // The sections a rejection can cite ("RULES.md section 2"), then the table language.
    for (RuleText& s : sections)
        if (!s.id.empty()) rules.push_back(std::move(s));
    RuleText language{"COMMANDS.md", "The table language", "The table language", ""};
    bool in_intro = false;
    bool in_lexical = false;
    bool intro_done = false;
    for (std::string_view line : Lines(commands_md)) {
        const std::string_view trimmed = Trim(line);
        if (line.rfind("# ", 0) == 0) {
            in_intro = true;
            continue;
        }
        if (line.rfind("## ", 0) == 0) {
            in_intro = false;
            intro_done = true;
            in_lexical = trimmed == "## Lexical";
            continue;
        }
        if (!line.empty() && line.front() == '>') continue;
        if (in_intro && !intro_done) {
            if (trimmed.empty()) {
                if (!language.text.empty()) intro_done = true;
                continue;
            }
            if (!language.text.empty()) language.text += ' ';
            language.text += Plain(trimmed);
        } else if (in_lexical && !trimmed.empty()) {
            language.text += line.rfind("- ", 0) == 0 ? '\n' : ' ';
            language.text += Plain(trimmed);
        }
    }
    rules.push_back(std::move(language));
    return rules;
}

const std::vector<RuleText>& AllRules() {
    static const std::vector<RuleText> rules = ParseRulesReference(RulesReferenceText(), CommandsReferenceText());
    return rules;
}

const RuleText* FindRule(std::string_view id) {
    // By the ID in capitals: the dashboard looks up every ID of every line it draws, every frame.
    static const std::map<std::string, const RuleText*, std::less<>> by_id = [] {
        std::map<std::string, const RuleText*, std::less<>> m;
        for (const RuleText& r : AllRules()) m.emplace(Upper(r.id), &r);
        return m;
    }();
    id = Trim(id);
    bool upper = true;
    for (char c : id) upper = upper && !(c >= 'a' && c <= 'z');
    const auto it = upper ? by_id.find(id) : by_id.find(Upper(id));
    return it == by_id.end() ? nullptr : it->second;
}

std::vector<std::string> NearestRuleIds(std::string_view id, size_t most) {
    std::string wanted = Upper(Trim(id));
    // "S6" for "S-6": the dash put back.
    const size_t letters = static_cast<size_t>(std::find_if(wanted.begin(), wanted.end(), [](char c) { return !IsUpper(c); }) - wanted.begin());
    if (letters > 0 && letters < wanted.size() && IsDigit(wanted[letters])) wanted = wanted.substr(0, letters).append("-").append(wanted, letters);
    if (FindRule(wanted)) return {wanted};
    // The nearest by edit distance; at the same distance, an ID of the same letters first (a mistyped
    // S number: the other S rules come before the M rule of that number).
    const std::string_view letters_typed = std::string_view(wanted).substr(0, letters);
    std::vector<std::pair<size_t, std::string>> near;
    for (const RuleText& r : AllRules()) {
        if (r.id.find('.') != std::string::npos) continue;  // the sections and COMMANDS.md are named, not typed
        const size_t d = EditDistanceIgnoringCase(wanted, r.id);
        const bool same_letters = r.id.size() > letters && r.id.compare(0, letters, letters_typed) == 0 && r.id[letters] == '-';
        if (d <= 1 || (d == 2 && wanted.size() > 3)) near.emplace_back(2 * d + (same_letters ? 0 : 1), r.id);
    }
    std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> ids;
    for (size_t i = 0; i < near.size() && i < most; ++i) ids.push_back(near[i].second);
    return ids;
}

} // namespace rutland::bbr
