#include "host_desk.h"

#include <cctype>

#include <algorithm>
#include <utility>

namespace rutland::view {

namespace {

// The status line's and the Up history's reach: the last lines of the game as recorded.
constexpr int kHistoryEntries = 200;

bool Blank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; }

std::string Quoted(const std::string& line) { return "'" + line + "'"; }

// The first word of a line, in lower case ("" for none).
std::string FirstWord(const std::string& line) {
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) return "";
    std::string word = line.substr(start, line.find_first_of(" \t", start) - start);
    for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return word;
}

} // namespace

HostDesk::HostDesk(host::OpenGame& game, std::function<std::string()> now) : m_game(game), m_now(std::move(now)) {
    // The Up arrow reaches back into the game as recorded, as the Big Board Raiders desk's does.
    const int last = m_game.Size() - 1;
    for (const host::Row& row : m_game.Rows(std::max(1, last - kHistoryEntries + 1), last)) m_history.Add(row.line);
    m_history.ResetPosition();
    if (!m_game.ReadOnlyReason().empty()) m_status = "Read-only: " + m_game.ReadOnlyReason();
}

// [SECTION] The entry line

const host::LinePreview& HostDesk::PreviewOf(const std::string& typed) {
    const uint64_t version = m_game.Version();
    if (!m_preview_valid || typed != m_preview_for || version != m_preview_version) {
        m_preview = m_game.Preview(typed);
        m_preview_for = typed;
        m_preview_version = version;
        m_preview_valid = true;
    }
    return m_preview;
}

std::string HostDesk::Tab(const std::string& typed) {
    const host::LinePreview& p = PreviewOf(typed);
    if (p.kind == host::LinePreview::Kind::Rejected && !p.did_you_mean.empty()) {
        m_completions.clear();
        return p.did_you_mean;
    }
    if (typed != m_cycled || m_completions.empty()) {
        m_completions = m_game.Complete(typed);
        m_completions_for = typed;
        m_completion_index = -1;
        m_cycled.clear();
        if (m_completions.empty()) return typed;
        const std::string prefix = CommonPrefix(m_completions);
        if (m_completions.size() == 1 || prefix.size() > typed.size()) {
            const std::string pick = m_completions.size() == 1 ? m_completions.front() : prefix;
            if (m_completions.size() == 1) m_completions.clear();
            return pick;
        }
    }
    m_completion_index = (m_completion_index + 1) % static_cast<int>(m_completions.size());
    m_cycled = m_completions[static_cast<size_t>(m_completion_index)];
    return m_cycled;
}

bool HostDesk::Enter(const std::string& typed) {
    m_completions.clear();
    m_history.ResetPosition();
    if (m_question.Open()) {
        if (Blank(typed)) {
            Answer(true);  // a question with no answer of its own stays open (invariant 6)
        } else if (AnswersQuestion(typed)) {
            AnswerWith(typed);
        } else {
            m_waiting.push_back(typed);
            m_status = WaitingText() + ": entered in order once the question is answered";
        }
        return true;
    }
    if (Blank(typed)) return false;
    if (const std::optional<int> shown = m_game.ShownEntry()) {
        m_history.Add(typed);
        m_rejection = "Viewing entry " + std::to_string(*shown) + ": nothing is recorded while looking back (Esc: back to now)";
        m_rejection_rule.clear();
        m_rejected_line = typed;
        m_status = "Not recorded: " + m_rejection;
        return true;
    }
    if (!m_game.ReadOnlyReason().empty()) {
        m_history.Add(typed);
        m_rejection = "This game is open read-only: " + m_game.ReadOnlyReason();
        m_rejection_rule.clear();
        m_rejected_line = typed;
        m_status = "Not recorded: " + m_rejection;
        return true;
    }
    if (std::optional<host::Question> q = m_game.AskFirst(typed)) {
        m_question = DeskQuestion{};
        m_question.kind = DeskQuestion::Kind::Ask;
        m_question.title = q->title.empty() ? std::string("A question first") : q->title;
        m_question.text = q->text;
        m_question.rule = q->rule;
        m_question.answers = q->answers;
        m_question.field = q->field;
        m_question.line = typed;
        m_question.version = m_game.Version();
        m_status = m_question.title + ": Enter answers yes, Esc no";
        return true;
    }
    // Invariant 1: the preview of this very text, if it is the one shown.
    const host::LinePreview* preview = m_preview_valid && m_preview_for == typed && m_preview_version == m_game.Version()
                                           ? &m_preview
                                           : nullptr;
    return Record(typed, preview);
}

// Invariant 7: what the game asks as soon as a line is recorded (AskFirst of no line: Flutter's
// card drawn by a throw, N-1), asked at once with no line held.
void HostDesk::AskNow() {
    if (m_question.Open()) return;
    std::optional<host::Question> q = m_game.AskFirst("");
    if (!q) return;
    m_question = DeskQuestion{};
    m_question.kind = DeskQuestion::Kind::Ask;
    m_question.title = q->title.empty() ? std::string("A question first") : q->title;
    m_question.text = q->text;
    m_question.rule = q->rule;
    m_question.answers = q->answers;
    m_question.field = q->field;
    m_question.version = m_game.Version();
    m_status += ". " + m_question.title;
}

bool HostDesk::Record(const std::string& line, const host::LinePreview* preview) {
    const host::SubmitReply r = m_game.Submit(line, preview, Now(), m_game.DefaultWho());
    using Status = host::SubmitReply::Status;
    if (r.moved) {
        // Nothing was recorded (invariant 1): held, previewed on the game as it is now, and asked.
        m_question = DeskQuestion{};
        m_question.kind = DeskQuestion::Kind::Moved;
        m_question.title = "The game moved";
        m_question.text = r.text;
        m_question.line = line;
        m_question.preview = m_game.Preview(line);
        m_question.version = m_game.Version();
        m_status = "Not recorded yet: " + r.text + ". Check the new preview: Enter records it, Esc drops it";
        return true;
    }
    switch (r.status) {
        case Status::Accepted:
        case Status::Duplicate:
            m_history.Add(line);
            m_rejection.clear();
            m_rejection_rule.clear();
            m_rejected_line.clear();
            m_accepted = std::to_string(r.seq) + ": " + line + (r.text.empty() ? "" : "  " + r.text);
            m_status = (r.status == Status::Duplicate ? "Already recorded as entry " : "Entry ") + std::to_string(r.seq) +
                       " saved: " + line + (m_game.Fingerprint().empty() ? "" : " (fingerprint " + m_game.Fingerprint() + ")");
            AskNow();
            return true;
        case Status::Rejected:
        case Status::Refused:
            // It leaves the field (the next line typed is not glued to it) and Up brings it back.
            m_history.Add(line);
            m_rejection = r.text;
            m_rejection_rule = r.rule;
            // A game may say its rule in the words too ("... (T-1)"): shown once, after them.
            if (const std::string cited = " (" + r.rule + ")"; !r.rule.empty() && m_rejection.ends_with(cited))
                m_rejection.resize(m_rejection.size() - cited.size());
            m_rejected_line = line;
            m_status = r.status == Status::Rejected ? "Rejected: " + m_rejection + (r.rule.empty() ? "" : " (" + r.rule + ")")
                                                    : "Not saved: " + r.text;
            return true;
        case Status::Blank: break;
    }
    return false;
}

void HostDesk::Escape(bool line_empty) {
    m_completions.clear();
    m_history.ResetPosition();
    if (!line_empty) {
        m_rejection.clear();
        m_rejected_line.clear();
        return;
    }
    if (m_question.Open()) {
        Answer(false);
        return;
    }
    m_rejection.clear();
    m_rejected_line.clear();
    if (m_game.ShownEntry()) View(std::nullopt);
}

// [SECTION] Questions

const DeskQuestion& HostDesk::Question() {
    if (m_question.Open() && m_question.version != m_game.Version()) {
        // The game changed under the question (another program appended): what it shows is of now.
        if (m_question.kind == DeskQuestion::Kind::Moved) m_question.preview = m_game.Preview(m_question.line);
        if (m_question.kind == DeskQuestion::Kind::Confirm) m_question.preview = m_game.ConfirmPreview(m_question.redo);
        m_question.version = m_game.Version();
    }
    return m_question;
}

void HostDesk::AskConfirm(bool redo) {
    if (m_question.Open()) return;  // one question at a time
    if (m_game.ShownEntry()) {
        m_status = std::string("Not while looking back: Esc to now, then ") + (redo ? "redo" : "undo");
        return;
    }
    if (!m_game.ReadOnlyReason().empty()) {
        m_status = "This game is open read-only: " + m_game.ReadOnlyReason();
        return;
    }
    m_question = DeskQuestion{};
    m_question.kind = DeskQuestion::Kind::Confirm;
    m_question.redo = redo;
    m_question.title = redo ? "Redo?" : "Undo?";
    m_question.preview = m_game.ConfirmPreview(redo);
    m_question.version = m_game.Version();
}

void HostDesk::Answer(bool yes) {
    if (yes && m_question.kind == DeskQuestion::Kind::Ask && m_question.answers.empty() && !m_question.field.empty()) {
        // Invariant 6: no answer of its own; only a line typed answers it.
        m_status = m_question.title + " Type the answer: a line '" + m_question.field + "...' (Esc: not now)";
        return;
    }
    const DeskQuestion q = Question();
    m_question = DeskQuestion{};
    switch (q.kind) {
        case DeskQuestion::Kind::None: return;
        case DeskQuestion::Kind::Ask:
            if (yes) {
                // The answer is a line of the game, recorded before the line asked about.
                bool answered = true;
                if (!q.answers.empty()) {
                    const int before = m_game.Size();
                    Record(q.answers.front(), nullptr);
                    answered = m_game.Size() > before;  // a refused answer leaves the line unrecorded, said
                }
                if (answered && !m_question.Open()) Record(q.line, nullptr);
            } else if (Blank(q.line)) {
                m_status = "Not answered yet: " + q.title + " (" + q.rule + ")";  // asked again by the next line
            } else {
                m_history.Add(q.line);
                m_status = "Not recorded: " + Quoted(q.line) + " (Up brings it back)";
            }
            break;
        case DeskQuestion::Kind::Confirm:
            if (yes && q.preview.kind == host::LinePreview::Kind::Accepted) {
                const host::SubmitReply r = m_game.Confirm(q.redo, Now(), m_game.DefaultWho());
                if (r.moved) {  // asked again, on the game as it is now
                    AskConfirm(q.redo);
                    m_status = std::string("Not ") + (q.redo ? "redone" : "undone") + ": " + r.text + ". Look again, then Enter";
                    return;  // the lines waiting still wait
                }
                if (r.status == host::SubmitReply::Status::Accepted) {
                    m_accepted = std::to_string(r.seq) + ": " + (q.redo ? "redo" : "undo") + (r.text.empty() ? "" : "  " + r.text);
                    m_status = "Entry " + std::to_string(r.seq) + (q.redo ? " redoes" : " undoes") + ": " + r.text;
                } else {
                    m_status = "Not " + std::string(q.redo ? "redone" : "undone") + ": " + r.text + (r.rule.empty() ? "" : " (" + r.rule + ")");
                }
            } else if (yes) {
                m_status = q.preview.text;  // nothing to undo or redo: said, and closed
            } else {
                m_status = std::string(q.redo ? "Redo" : "Undo") + " cancelled";
            }
            break;
        case DeskQuestion::Kind::Moved:
            if (yes) {
                Record(q.line, &q.preview);  // what the box showed; moved again: asked again
            } else {
                m_history.Add(q.line);
                m_status = "Dropped " + Quoted(q.line) + " (Up brings it back)";
            }
            break;
    }
    Drain();
}

// Invariant 6: a line of the kind the question's field is (its first word, quick forms written out
// by the game's preview) answers it; any other waits behind it.
bool HostDesk::AnswersQuestion(const std::string& typed) {
    if (m_question.kind != DeskQuestion::Kind::Ask || m_question.field.empty()) return false;
    const host::LinePreview p = m_game.Preview(typed);
    if (p.kind == host::LinePreview::Kind::Empty) return false;
    const std::string word = FirstWord(m_question.field);
    return FirstWord(typed) == word || FirstWord(p.expanded) == word;
}

void HostDesk::AnswerWith(const std::string& typed) {
    const DeskQuestion q = m_question;
    m_question = DeskQuestion{};
    const int before = m_game.Size();
    Record(typed, nullptr);
    if (m_game.Size() == before) {
        m_question = q;  // a rejected answer: said (Rejection), and still asked
        m_question.version = m_game.Version();
        return;
    }
    if (!m_question.Open() && !Blank(q.line)) Enter(q.line);  // the line held, asked about again if need be
    Drain();
}

void HostDesk::Drain() {
    // Invariant 2: in order; a question opened on the way stops it, unless the line next in the
    // queue answers that question (invariant 6: the card's `news` line typed right behind the throw).
    while (!m_waiting.empty() && (!m_question.Open() || AnswersQuestion(m_waiting.front()))) {
        const std::string line = std::move(m_waiting.front());
        m_waiting.pop_front();
        Enter(line);
    }
}

std::string HostDesk::WaitingText() const {
    if (m_waiting.empty()) return {};
    std::string out = std::to_string(m_waiting.size()) + (m_waiting.size() == 1 ? " line waiting: " : " lines waiting: ");
    constexpr size_t kShown = 4;
    for (size_t i = 0; i < m_waiting.size() && i < kShown; ++i) out += (i ? ", " : "") + m_waiting[i];
    if (m_waiting.size() > kShown) out += ", ...";
    return out;
}

// [SECTION] Time travel

void HostDesk::View(std::optional<int> seq) {
    m_game.ShowEntry(seq);
    const std::optional<int> shown = m_game.ShownEntry();
    m_status = shown ? "Viewing the state after entry " + std::to_string(*shown) + " (read-only)" : "Back to now";
    if (shown) m_selected = *shown;
}

void HostDesk::StepBack() {
    const int last = m_game.Size() - 1;
    if (last > 0) View(std::max(0, m_game.ShownEntry().value_or(last) - 1));
}

void HostDesk::StepForward() {
    const std::optional<int> shown = m_game.ShownEntry();
    if (!shown) return;
    const int last = m_game.Size() - 1;
    View(*shown + 1 >= last ? std::nullopt : std::optional<int>(*shown + 1));
}

// [SECTION] The file and what the panels show

int HostDesk::Follow() {
    const int before = m_game.Size();
    std::string why;
    const int n = m_game.Follow(&why);
    if (n > 0) {
        m_status = n == 1 ? "Entry " + std::to_string(before) + " added by another program"
                          : "Entries " + std::to_string(before) + " to " + std::to_string(before + n - 1) + " added by another program";
    } else if (n < 0 && !why.empty() && m_status != "Not following the game file: " + why) {
        m_status = "Not following the game file: " + why;
    }
    return n;
}

const std::vector<host::Row>& HostDesk::RowsNow() {
    if (!m_rows_valid || m_rows_version != m_game.Version()) {
        m_rows = m_game.Rows(0, m_game.Size() - 1);
        m_rows_version = m_game.Version();
        m_rows_valid = true;
    }
    return m_rows;
}

const std::string& HostDesk::ExplainNow() {
    const int seq = m_game.ShownEntry().value_or(m_game.Size() - 1);
    const std::string key = std::to_string(m_game.Version()) + ":" + std::to_string(seq);
    if (key != m_explain_key) {
        m_explain = m_game.Explain(seq);
        m_explain_key = key;
    }
    return m_explain;
}

const std::vector<host::StripPlayer>& HostDesk::Strip() {
    const std::string key = std::to_string(m_game.Version()) + ":" + std::to_string(m_game.ShownEntry().value_or(-1));
    if (key != m_strip_key) {
        m_strip = m_game.PlayersStrip();
        m_strip_key = key;
    }
    return m_strip;
}

const std::string& HostDesk::PlayersNow() {
    const std::string key = std::to_string(m_game.Version()) + ":" + std::to_string(m_game.ShownEntry().value_or(-1));
    if (key != m_players_key) {
        m_players_text = m_game.PlayersText();
        m_players_key = key;
    }
    return m_players_text;
}

const std::string& HostDesk::StateNow() {
    const std::string key = std::to_string(m_game.Version()) + ":" + std::to_string(m_game.ShownEntry().value_or(-1));
    if (key != m_state_key) {
        m_state = m_game.StateText();
        m_state_key = key;
    }
    return m_state;
}

} // namespace rutland::view
