// The entry line's parts that are every game's: the Up-arrow history (the lines typed, oldest first,
// without repeats in a row) and Tab's common prefix. Big Board Raiders' entry line
// (games/big-board-raiders/view/entry_model.h) and the desk of every other game (host_desk.h) use them.
#pragma once

#include <string>
#include <vector>

namespace rutland::view {

// The longest common prefix of the completions (what Tab fills in first).
std::string CommonPrefix(const std::vector<std::string>& lines);

// Up-arrow history.
class History {
public:
    void Add(std::string line);
    // Older (-1) or newer (+1) than the current position; "" past the newest.
    std::string Step(int direction);
    void ResetPosition() { m_pos = static_cast<int>(m_lines.size()); }
    const std::vector<std::string>& Lines() const { return m_lines; }

private:
    std::vector<std::string> m_lines;
    int m_pos = 0;
};

} // namespace rutland::view
