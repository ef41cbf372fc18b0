#include "entry_line.h"

#include <algorithm>

namespace rutland::view {

std::string CommonPrefix(const std::vector<std::string>& lines) {
    if (lines.empty()) return {};
    std::string prefix = lines.front();
    for (const std::string& l : lines) {
        size_t n = 0;
        while (n < prefix.size() && n < l.size() && prefix[n] == l[n]) ++n;
        prefix.resize(n);
    }
    return prefix;
}

void History::Add(std::string line) {
    if (line.empty()) return;
    if (m_lines.empty() || m_lines.back() != line) m_lines.push_back(std::move(line));
    ResetPosition();
}

std::string History::Step(int direction) {
    const int n = static_cast<int>(m_lines.size());
    m_pos = std::clamp(m_pos + (direction < 0 ? -1 : 1), 0, n);
    return m_pos == n ? std::string() : m_lines[static_cast<size_t>(m_pos)];
}

} // namespace rutland::view
