// The broker's desk of any game, without a window: the entry line, its questions, time travel, the
// ledger's rows and the instructions, over an open game through the shell's facade only
// (kit/host/open_game.h). The dashboard draws it (app/dashboard/desk.cpp and its panel_desk_*.cpp)
// for a game that brings no panels of its own (the toy); the doctest suite tests/view/test_host_desk.cpp
// drives it headless, as the broker would.
//
// Invariants:
//  1. Enter records exactly what the preview showed: the preview of the very text typed, made on
//     the game as it was drawn (LinePreview::entries), goes to Submit with it. When another program
//     appended since (SubmitReply::moved, basic_session.h invariant 6) nothing is recorded: the line
//     is held in a question with its preview on the game as it is now, until Enter or Esc.
//  2. One question at a time (the game's AskFirst, the undo/redo confirm, a line the game moved
//     under). While it is open the entry line keeps the keyboard: Enter on an empty line answers
//     yes, Esc on an empty line no, and any other line waits, in order, behind it; once it is
//     answered the waiting lines are entered one by one as if typed then, and a line that opens a
//     question stops there (the rest wait behind that one) unless the next waiting line answers
//     it (invariant 6), as it would have had it been typed then. Nothing typed is dropped without a word.
//  3. While time travelling (OpenGame::ShowEntry) nothing is recorded: a line entered is refused
//     with the reason and goes into the Up history; undo/redo is not asked.
//  4. Every cache here (the preview, the rows, the instructions) is keyed by OpenGame::Version()
//     and the text or entry it is of, so nothing stale is ever shown after the game changes.
//  5. The words all come from the game (open_game.h invariant 2); this file writes only the shell's
//     own: the status line and what a question's buttons do.
//  6. A question the game asks (AskFirst) is answered by Enter on an empty line (its first answer),
//     or by a line of the kind its `field` is (the same first word once the game's quick forms are
//     written out: a `news` line for a Market News card, a `board` line correcting a fact): that
//     line is recorded first, then the line held. A question with no answer of its own (no
//     `answers`) stays open on an empty Enter until such a line is typed, or Esc.
//  7. Once a line is recorded the game is asked with no line (AskFirst("")): a question it has at
//     once (Flutter: a card drawn, N-1) opens with no line held, and the lines typed after wait.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "entry_line.h"  // History, CommonPrefix
#include "host/open_game.h"

namespace rutland::view {

// The one question open (invariant 2).
struct DeskQuestion {
    enum class Kind { None, Ask, Confirm, Moved } kind = Kind::None;
    std::string title;             // the box's title
    std::string text;              // what is asked, in the game's words
    std::string rule;
    std::string line;              // Ask, Moved: the line held until it is answered
    std::vector<std::string> answers;  // Ask: the lines that answer it (the first on Enter)
    std::string field;             // Ask: a line of its kind answers it too (invariant 6)
    bool redo = false;             // Confirm: redo, not undo
    host::LinePreview preview;     // Confirm: what undo/redo does; Moved: the line on the game as it is now
    uint64_t version = 0;          // the game's version `preview` is of
    bool Open() const { return kind != Kind::None; }
};

class HostDesk {
public:
    // `now`: the wall-clock time as ISO 8601 UTC, for each entry's stamp (the core reads no clock).
    HostDesk(host::OpenGame& game, std::function<std::string()> now);

    host::OpenGame& Game() { return m_game; }
    const host::OpenGame& Game() const { return m_game; }

    // [SECTION] The entry line
    // What the text typed would do, on the game as it is (cached: invariant 4).
    const host::LinePreview& PreviewOf(const std::string& typed);
    // Tab: the did-you-mean of a rejected line; else the completions' common prefix, then each in turn.
    std::string Tab(const std::string& typed);
    const std::vector<std::string>& Completions() const { return m_completions; }
    int CompletionIndex() const { return m_completion_index; }
    // Up (-1) and Down (+1) through the lines entered (this session's, after the game's own).
    std::string HistoryStep(int direction) { return m_history.Step(direction); }
    // Enter with `typed` in the line (invariants 1-3). Returns true when the line leaves the field.
    bool Enter(const std::string& typed);
    // Esc: with a line typed, it is emptied (the caller does); on an empty line it answers the question
    // no, or leaves time travel.
    void Escape(bool line_empty);
    // The last line rejected or refused, with its rule, shown until the next Enter or Esc.
    const std::string& Rejection() const { return m_rejection; }
    const std::string& RejectionRule() const { return m_rejection_rule; }
    const std::string& RejectedLine() const { return m_rejected_line; }
    const std::string& Accepted() const { return m_accepted; }  // "12: add A 3" and its words

    // [SECTION] Questions (invariant 2)
    const DeskQuestion& Question();  // refreshed when the game moved under it
    void Answer(bool yes);
    void AskConfirm(bool redo);      // Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y
    std::string WaitingText() const;  // "2 lines waiting: add A 1, give A B 2"

    // [SECTION] Time travel
    void View(std::optional<int> seq);
    void StepBack();     // PgUp: one entry back
    void StepForward();  // PgDn: one forward, to now at the last

    // [SECTION] The file and what the panels show
    // Another program's entries (about twice a second); how many came.
    int Follow();
    const std::vector<host::Row>& RowsNow();  // every entry, the header first (invariant 4)
    int SelectedRow() const { return m_selected; }
    void Select(int seq) { m_selected = seq; }
    const std::string& ExplainNow();          // what the table does after the entry shown (or the last)
    const std::string& StateNow();            // the game's state as a terminal shows it
    const std::string& PlayersNow();          // the game's state as the players' window shows it
    const std::vector<host::StripPlayer>& Strip();  // every player's money (OpenGame::PlayersStrip)
    std::string& Status() { return m_status; }

private:
    bool Record(const std::string& line, const host::LinePreview* preview);
    void Drain();
    bool AnswersQuestion(const std::string& typed);
    void AnswerWith(const std::string& typed);
    void AskNow();
    std::string Now() const { return m_now(); }

    host::OpenGame& m_game;
    std::function<std::string()> m_now;
    History m_history;
    host::LinePreview m_preview;
    std::string m_preview_for;
    uint64_t m_preview_version = 0;
    bool m_preview_valid = false;
    std::vector<std::string> m_completions;
    std::string m_completions_for;
    std::string m_cycled;
    int m_completion_index = -1;
    std::string m_rejection, m_rejection_rule, m_rejected_line, m_accepted;
    DeskQuestion m_question;
    std::deque<std::string> m_waiting;
    std::vector<host::Row> m_rows;
    uint64_t m_rows_version = 0;
    bool m_rows_valid = false;
    int m_selected = -1;
    std::string m_explain;
    std::string m_explain_key;
    std::string m_state;
    std::string m_state_key;
    std::string m_players_text;
    std::string m_players_key;
    std::vector<host::StripPlayer> m_strip;
    std::string m_strip_key;
    std::string m_status;
};

} // namespace rutland::view
