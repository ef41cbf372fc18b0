// A question the dashboard asks the table, and the lines typed while it is open (without a window).
// The questions: the board check at a first landing (board_check.h CheckLanding, D-2), the undo or
// redo confirm (Ctrl+Z), and a line whose game moved under it since its preview (basic_session.h
// invariant 6). A broker typing from the game's sheet does not stop for them, so:
//  1. While a question is open the entry line keeps the keyboard. Enter on an empty line answers
//     yes, Esc on an empty line answers no; for the board check, a line that reads the space
//     ("dduu ybr", ParseReading) and is no line of the game is the correction ("time" is the game's
//     Time card: "time uudd" reads a Time space).
//  2. Any other line typed while it is open waits, in order, behind the question (WaitingLines),
//     and the screen says how many ("2 lines waiting: +y, 34"). Once the question is answered
//     they are submitted one by one as if typed then; a line that opens another question stops
//     there, and the rest wait behind that one.
//  3. A line that tries to read the space and cannot ('dduX': its first word looks like arrows) is
//     refused with the reason and goes into the Up history, as a rejected line of the game does;
//     nothing typed is ever thrown away without a word.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "view/board_check.h"

namespace rutland::bbr {

enum class AtQuestion {
    Yes,      // an empty line: the question's Enter
    Reading,  // the board check's correction (`reading`)
    Refused,  // a reading that does not parse (`why`): into the Up history
    Waits,    // a line of the game: it waits behind the question (rule 2)
};
struct LineAtQuestion {
    AtQuestion what = AtQuestion::Waits;
    std::optional<SpaceReading> reading;
    std::string why;
};

// What a line typed while a question is open is (rule 1). `landing` is the board check's space on
// `board`, or -1 for a question that reads no space (the confirm, a moved line).
LineAtQuestion ClassifyAtQuestion(const Board& board, int landing, std::string_view typed);

// The lines typed behind a question, oldest first (rule 2).
class WaitingLines {
public:
    void Add(std::string line) { m_lines.push_back(std::move(line)); }
    bool Empty() const { return m_lines.empty(); }
    int Size() const { return static_cast<int>(m_lines.size()); }
    std::string Take();  // the oldest; Empty() must be false
    void Clear() { m_lines.clear(); }
    // "1 line waiting: +y" / "3 lines waiting: +y, 34, end" (at most `shown` lines quoted, then "...").
    std::string Text(int shown = 4) const;

private:
    std::deque<std::string> m_lines;
};

} // namespace rutland::bbr
