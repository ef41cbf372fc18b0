// Flutter's questions before a line is recorded (flutter_desk.h AskBeforeLine): a Market News card
// the broker must type (N-1, N-2: the faces are lost, F-D7) and a fact of the provisional board a
// throw is about to use for the first time (BD-5, BD-7), as Big Board Raiders' board check asks of
// its spaces (D-2).
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "host/flutter_desk.h"
#include "lang/table_language.h"

namespace rutland::flutter {

namespace {

// A level as the board here has it, for the table to check against its own board.
std::string LevelFacts(const Board& board, int level) {
    const Level& l = board.levels.at(static_cast<size_t>(level));
    if (l.price) return fmt::format("level {} at {}", level, FormatPounds(*l.price));
    switch (l.label) {
        case Label::News: return fmt::format("level {} MARKET NEWS", level);
        case Label::Slump: return fmt::format("level {} SLUMP", level);
        case Label::Five: return fmt::format("level {} 5%", level);
        case Label::Ten: return fmt::format("level {} 10%", level);
        case Label::Top: return fmt::format("level {} TOP", level);
        case Label::None: break;
    }
    return fmt::format("level {}", level);
}

std::string LaneFacts(const Board& board, int company) {
    const Lane& lane = board.lanes.at(static_cast<size_t>(company));
    std::string holes;
    for (int m : lane.m_holes) holes += (holes.empty() ? "" : ", ") + std::to_string(m);
    return fmt::format("the {} lane's M holes {}", lane.colour, holes.empty() ? std::string("none") : "at levels " + holes);
}

// N-1: while a card is pending only its `news` line is what the table must type next.
std::optional<host::Question> NewsQuestion(const GameState& s, const ParseResult& parsed) {
    if (s.pending.kind != Pending::Kind::News) return std::nullopt;
    if (parsed.command && std::holds_alternative<News>(parsed.command->action)) return std::nullopt;
    // `board`, `note`, `undo`, `redo` are taken while a card is pending (N-1): not asked about.
    if (parsed.command && (std::holds_alternative<BoardLine>(parsed.command->action) ||
                           std::holds_alternative<Note>(parsed.command->action) ||
                           std::holds_alternative<Undo>(parsed.command->action) ||
                           std::holds_alternative<Redo>(parsed.command->action)))
        return std::nullopt;
    const std::string& colour = s.board->lanes[static_cast<size_t>(s.pending.company)].colour;
    host::Question q;
    q.title = "What does the Market News card say?";
    q.text = fmt::format("{}'s traveller is on MARKET NEWS and {} drew a card: type its effects in its order, "
                         "e.g. `news up 2, dividend 10` or `n u2 div10` (`news nothing` for a card that does nothing)",
                         colour, s.players[static_cast<size_t>(s.pending.player)].name);
    q.rule = "N-1";
    q.field = "news ";  // the answer is the card's own line; no default answer (F-D7: the faces are lost)
    return q;
}

// BD-7: the facts of the board the throw's landing rests on, not yet confirmed.
std::optional<host::Question> BoardQuestion(const Ledger& ledger, const Command& command) {
    if (!std::holds_alternative<Throw>(command.action)) return std::nullopt;
    Ledger copy = ledger;
    const SubmitResult r = copy.Submit(command);
    if (!r.accepted) return std::nullopt;  // its rejection is the preview's to say
    const Board& board = *ledger.State().board;
    int company = -1, from = -1, to = -1;
    bool jumped = false;
    for (const Effect& e : copy.At(r.seq).effects) {
        if (e.kind == EffectKind::Thrown) company = e.company;
        if (e.kind == EffectKind::TravellerMoved && e.rule == "T-2" && to < 0) from = static_cast<int>(e.n[0]), to = static_cast<int>(e.n[1]);
        if (e.kind == EffectKind::MJump) jumped = true;
    }
    if (company < 0) return std::nullopt;
    const auto unverified_level = [&](int level) {
        return level >= 0 && level <= board.Top() && !board.levels[static_cast<size_t>(level)].verified;
    };
    std::set<int> levels;
    bool lane = false;
    if (to >= 0) {
        if (unverified_level(to)) levels.insert(to);
        // Below MARKET NEWS the lane's M holes decide whether it goes on up (T-4).
        if (to < board.News() && !board.lanes[static_cast<size_t>(company)].verified) lane = true;
    }
    if (jumped && unverified_level(board.News())) levels.insert(board.News());
    if (levels.empty() && !lane) return std::nullopt;

    const Lane& l = board.lanes[static_cast<size_t>(company)];
    std::string facts, confirm = "board";
    for (int level : levels) {
        facts += (facts.empty() ? "" : "; ") + LevelFacts(board, level);
        confirm += fmt::format(" L{} ok", level);
    }
    if (lane) {
        facts += (facts.empty() ? "" : "; ") + LaneFacts(board, company);
        confirm += " " + l.letter + " ok";
    }
    host::Question q;
    q.title = "Is this hole right?";
    const std::string moves = to >= 0 ? fmt::format("moves {}'s traveller from level {} to level {}{}", l.colour, from, to,
                                                     jumped ? ", an M hole: on up to MARKET NEWS" : "")
                                      : fmt::format("puts {}'s traveller in an M hole: on up to MARKET NEWS", l.colour);
    q.text = fmt::format("This throw {}. The board here has {}; not yet checked against the table's board. "
                         "Enter confirms it (`{}`); or type the correction (`board L{} price=...`, `board {} m=...`)",
                         moves, facts, confirm, levels.empty() ? std::max(to, 0) : *levels.begin(), l.letter);
    q.rule = "BD-7";
    q.answers = {confirm};
    q.field = confirm;
    return q;
}

} // namespace

std::optional<host::Question> AskBeforeLine(const Ledger& ledger, std::string_view typed) {
    const ParseResult parsed = ParseCommand(typed);
    if (parsed.error) return std::nullopt;  // the preview says why
    if (std::optional<host::Question> q = NewsQuestion(ledger.State(), parsed)) return q;
    if (!parsed.command) return std::nullopt;
    return BoardQuestion(ledger, *parsed.command);
}

} // namespace rutland::flutter
