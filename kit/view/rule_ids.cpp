#include "rule_ids.h"

namespace rutland::view {

namespace {

bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsUpper(c) || IsDigit(c) || (c >= 'a' && c <= 'z') || c == '_'; }

} // namespace

std::vector<RuleIdAt> FindRuleIds(std::string_view words, const std::function<bool(std::string_view)>& known) {
    std::vector<RuleIdAt> out;
    const size_t n = words.size();
    for (size_t i = 0; i < n; ++i) {
        if (!IsUpper(words[i])) continue;
        if (i > 0 && (IsWordChar(words[i - 1]) || words[i - 1] == '.' || words[i - 1] == '-')) continue;
        size_t j = i;
        while (j < n && j - i < 3 && IsUpper(words[j])) ++j;
        if (j >= n || words[j] != '-') continue;
        size_t k = j + 1;
        while (k < n && IsDigit(words[k])) ++k;
        if (k == j + 1) continue;
        if (k < n && (IsWordChar(words[k]) || words[k] == '-')) continue;
        const std::string_view id = words.substr(i, k - i);
        if (known(id)) out.push_back(RuleIdAt{i, k - i, std::string(id)});
        i = k - 1;
    }
    return out;
}

const std::vector<RuleIdAt>& RuleIdCache::Find(std::string_view words, const Finder& find) {
    if (auto it = m_found.find(words); it != m_found.end()) return it->second;
    if (m_found.size() >= kMaxTexts) m_found.clear();
    return m_found.emplace(std::string(words), find ? find(words) : std::vector<RuleIdAt>{}).first->second;
}

} // namespace rutland::view
