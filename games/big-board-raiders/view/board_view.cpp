#include "view/board_view.h"

#include <algorithm>

#include "lang/command.h"

namespace rutland::bbr {

namespace {

std::string TrendText(const Trends& trends) {
    std::string out;
    for (Trend t : trends) out += t == Trend::Up ? 'U' : 'D';
    return out;
}

} // namespace

// [SECTION] The spaces and their facts

std::string SetLetters(CompanySet set) {
    std::string out;
    for (Company c : kCompanies)
        if (set.Has(c)) out += GetProspectus(c).letter;
    return out.empty() ? "none" : out;
}

BoardFacts ListBoard(const GameState& state, bool only_unverified) {
    BoardFacts facts;
    const Board& board = *state.board;
    facts.spaces = board.SpaceCount();
    for (int i = 0; i < board.SpaceCount(); ++i) {
        const Space& sp = board.At(i);
        if (sp.FullyVerified()) ++facts.verified_spaces;
        if (only_unverified && sp.FullyVerified()) continue;
        BoardRow r;
        r.space = i;
        r.position = sp.position.value;
        r.position_verified = sp.position.verified;
        r.name = sp.name;
        r.label = sp.label;
        r.kind = sp.kind.value;
        r.kind_verified = sp.kind.verified;
        r.company = sp.company;
        r.trend = sp.trend.value;
        r.trend_text = TrendText(sp.trend.value);
        r.trend_verified = sp.trend.verified;
        r.subsidiary = sp.kind.value == SpaceKind::Subsidiary;
        r.ask = sp.ask.value;
        r.bid = sp.bid.value;
        r.ask_verified = sp.ask.verified;
        r.bid_verified = sp.bid.verified;
        r.fully_verified = sp.FullyVerified();
        std::vector<std::string> missing;
        if (!sp.kind.verified) missing.push_back("kind");
        if (!sp.position.verified) missing.push_back("position");
        if (!sp.trend.verified) missing.push_back("arrows");
        if (!sp.ask.verified) missing.push_back(r.subsidiary ? "Ask" : "empty Ask");
        if (!sp.bid.verified) missing.push_back(r.subsidiary ? "empty Bids" : "Bids");
        for (const std::string& m : missing) r.unverified += (r.unverified.empty() ? "" : ", ") + m;
        for (const PlayerState& p : state.players)
            if (p.space == i) r.pawns.push_back(p.name);
        r.in_use = state.turn_space == i || state.time_space == i;
        facts.rows.push_back(std::move(r));
    }
    std::stable_sort(facts.rows.begin(), facts.rows.end(),
                     [](const BoardRow& a, const BoardRow& b) { return a.position < b.position; });
    return facts;
}

// [SECTION] A correction from the physical board

BoardEdit StartBoardEdit(const GameState& state, int space) {
    const Space& sp = state.board->At(space);
    BoardEdit e;
    e.space = space;
    e.trend = sp.trend.value;
    e.set = sp.kind.value == SpaceKind::Subsidiary ? sp.ask.value : sp.bid.value;
    e.kind = sp.kind.value;
    e.position = sp.position.value;
    return e;
}

bool KindCorrectable(const GameState& state, int space) {
    const SpaceKind k = state.board->At(space).kind.value;
    return k == SpaceKind::Time || k == SpaceKind::Market;
}

void TickAll(const GameState& state, BoardEdit& edit) {
    edit.with_trend = edit.with_set = edit.with_position = true;
    edit.with_kind = KindCorrectable(state, edit.space);
}

std::string BoardFixLine(const GameState& state, const BoardEdit& edit) {
    if (edit.space < 0 || edit.space >= state.board->SpaceCount()) return "";
    if (!edit.with_trend && !edit.with_set && !edit.with_kind && !edit.with_position) return "";
    const Space& sp = state.board->At(edit.space);
    BoardFix fix;
    fix.space = sp.name;
    if (edit.with_trend) fix.trend = edit.trend;
    if (edit.with_set) {
        // The set this space shows, and the other one empty (BD-3), so both become verified.
        if (sp.kind.value == SpaceKind::Subsidiary) {
            fix.ask = edit.set;
            fix.bid = CompanySet{};
        } else {
            fix.ask = CompanySet{};
            fix.bid = edit.set;
        }
    }
    if (edit.with_kind) fix.kind = edit.kind;
    if (edit.with_position) fix.position = edit.position;
    Command command;
    command.action = fix;
    return PrintCommand(command);
}

Preview PreviewBoardFix(const GameState& state, const BoardEdit& edit) {
    const std::string line = BoardFixLine(state, edit);
    if (line.empty()) return {};
    return PreviewLine(line, state, nullptr);
}

} // namespace rutland::bbr
