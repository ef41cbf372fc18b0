#include "view/rule_mentions.h"

namespace rutland::bbr {

namespace {

bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsUpper(c) || IsDigit(c) || (c >= 'a' && c <= 'z') || c == '_' || c == '-' || c == '.'; }

// An ID at `at` ("S-6", "BD-1", "D-24"): its length, or 0.
size_t IdAt(std::string_view s, size_t at) {
    size_t i = at;
    while (i < s.size() && i - at < 2 && IsUpper(s[i])) ++i;
    if (i == at || i >= s.size() || s[i] != '-') return 0;
    ++i;
    if (i >= s.size() || s[i] < '1' || s[i] > '9') return 0;
    while (i < s.size() && IsDigit(s[i])) ++i;
    return i - at;
}

} // namespace

std::vector<RuleMention> FindRuleMentions(std::string_view words) {
    std::vector<RuleMention> mentions;
    // Most lines cite nothing: the dashboard asks of every line it draws, every frame.
    if (words.find('-') == std::string_view::npos && words.find(".md") == std::string_view::npos) return mentions;
    constexpr std::string_view kSection = "RULES.md section ";
    constexpr std::string_view kCommands = "COMMANDS.md";
    size_t i = 0;
    while (i < words.size()) {
        // Only at the start of a word: letters glued before an ID, or "0..N-1", hold no rule.
        if (i > 0 && IsWordChar(words[i - 1])) {
            ++i;
            continue;
        }
        size_t size = 0;
        if (words.compare(i, kSection.size(), kSection) == 0) {
            size = kSection.size();
            while (i + size < words.size() && IsDigit(words[i + size])) ++size;
            if (size == kSection.size()) size = 0;
        } else if (words.compare(i, kCommands.size(), kCommands) == 0) {
            size = kCommands.size();
        } else {
            size = IdAt(words, i);
        }
        // A word of its own at the end too: "S-6" in "S-6." or "(S-6)", not in "S-6x", "B-1-2" or "S-6.5".
        const size_t end = i + size;
        const bool ends = size > 0 && (end == words.size() || (words[end] == '.' ? end + 1 == words.size() || !IsWordChar(words[end + 1])
                                                                                 : !IsWordChar(words[end])));
        if (ends) {
            if (const RuleText* rule = FindRule(words.substr(i, size))) {
                mentions.push_back({i, size, rule});
                i += size;
                continue;
            }
        }
        ++i;
    }
    return mentions;
}

std::string RuleHeading(const RuleText& rule) {
    if (rule.id == "COMMANDS.md") return "COMMANDS.md  The table language";
    return rule.id + "  " + rule.title;
}

std::string RuleWhere(const RuleText& rule) {
    if (rule.id.find('.') != std::string::npos) return "";
    return "RULES.md section " + rule.section;
}

} // namespace rutland::bbr
