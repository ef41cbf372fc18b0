// A question and the lines typed behind it: see question.h.
#include "view/question.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "display_text.h"
#include "view/entry_model.h"
#include "lang/command.h"

namespace rutland::bbr {

LineAtQuestion ClassifyAtQuestion(const Board& board, int landing, std::string_view typed) {
    LineAtQuestion out;
    const size_t first = typed.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
        out.what = AtQuestion::Yes;
        return out;
    }
    if (landing < 0) return out;  // Waits: nothing but Enter and Esc answers it
    // A line of the game is one, even when it could also read the space ("time", the Time card
    // drawn): a broker typing on from the game's sheet types the game's lines. A reading that
    // says only the kind gives the arrows too ("time uudd").
    if (ParseCommand(ExpandQuickForm(typed)).command) return out;
    std::string why;
    if (std::optional<SpaceReading> r = ParseReading(board, landing, typed, &why)) {
        out.what = AtQuestion::Reading;
        out.reading = std::move(r);
        return out;
    }
    // Rule 3: a first word of four arrow letters (u, d) mistyped ("dduX") was meant for the board.
    const std::string_view rest = typed.substr(first);
    const std::string_view word = rest.substr(0, rest.find_first_of(" \t,"));
    const bool arrows_like = word.size() == 4 &&
                             std::count_if(word.begin(), word.end(), [](char c) { return std::tolower(static_cast<unsigned char>(c)) == 'u' ||
                                                                                        std::tolower(static_cast<unsigned char>(c)) == 'd'; }) >= 3;
    if (arrows_like) {
        out.what = AtQuestion::Refused;
        out.why = why;
    }
    return out;
}

std::string WaitingLines::Take() {
    std::string line = std::move(m_lines.front());
    m_lines.pop_front();
    return line;
}

std::string WaitingLines::Text(int shown) const {
    if (m_lines.empty()) return {};
    std::string quoted;
    int n = 0;
    for (const std::string& line : m_lines) {
        if (n == shown) {
            quoted += ", ...";
            break;
        }
        quoted += (n++ ? ", " : "") + view::CutForDisplay(line, 24);
    }
    return fmt::format("{} {} waiting: {}", m_lines.size(), m_lines.size() == 1 ? "line" : "lines", quoted);
}

} // namespace rutland::bbr
