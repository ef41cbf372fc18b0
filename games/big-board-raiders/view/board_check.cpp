#include "view/board_check.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "base/text.h"
#include "rules/rules.h"

namespace rutland::bbr {

namespace {

std::string TrendLetters(const Trends& trend) {
    std::string text;
    for (Trend t : trend) text += t == Trend::Up ? 'U' : 'D';
    return text;
}

std::string Letters(CompanySet set) {
    std::string text;
    for (Company c : kCompanies)
        if (set.Has(c)) text += GetProspectus(c).letter;
    return text.empty() ? "-" : text;
}

bool Subsidiary(const Space& s) { return s.kind.value == SpaceKind::Subsidiary; }
bool KindReadable(const Space& s) { return s.kind.value == SpaceKind::Time || s.kind.value == SpaceKind::Market; }

} // namespace

// [SECTION] One space, one line

std::optional<SpaceReading> ParseReading(const Board& board, int space, std::string_view typed, std::string* why) {
    const Space& s = board.At(space);
    SpaceReading r;
    std::string word;
    std::vector<std::string> words;
    for (char ch : std::string(typed) + " ") {
        if (ch == ' ' || ch == ',' || ch == '\t') {
            if (!word.empty()) words.push_back(Lower(word));
            word.clear();
        } else {
            word += ch;
        }
    }
    auto fail = [&](std::string message) {
        *why = std::move(message);
        return std::nullopt;
    };
    for (const std::string& w : words) {
        const bool arrows = w.size() == 4 && std::all_of(w.begin(), w.end(), [](char c) { return c == 'u' || c == 'd'; });
        const bool digits = w.size() <= 2 && std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
        bool letters = w == "-" || std::all_of(w.begin(), w.end(), [](char c) { return c == 'y' || c == 'b' || c == 'r' || c == 'g'; });
        if (arrows) {
            if (r.trend) return fail(fmt::format("two sets of arrows ('{}')", w));
            Trends t{};
            for (size_t i = 0; i < 4; ++i) t[i] = w[i] == 'u' ? Trend::Up : Trend::Down;
            r.trend = t;
        } else if (letters) {
            if (r.set) return fail(fmt::format("two sets of companies ('{}')", w));
            CompanySet set;
            for (char c : w) {
                if (c == '-') continue;
                const Company company = *ParseCompany(std::string_view(&c, 1));
                if (set.Has(company)) return fail(fmt::format("'{}' names a company twice", w));
                set.Add(company);
            }
            r.set = set;
        } else if (digits) {
            const int position = std::stoi(w);
            if (position >= board.SpaceCount())
                return fail(fmt::format("positions run from 0 to {}, got {} (BD-1)", board.SpaceCount() - 1, position));
            r.position = position;
        } else if (std::string_view("time").starts_with(w) || std::string_view("market").starts_with(w)) {
            if (!KindReadable(s))
                return fail(fmt::format("{} is a {} space by its name; only a Time or market space may be read as the other (BD-1)",
                                        s.label, SpaceKindName(s.kind.value)));
            r.kind = w[0] == 't' ? SpaceKind::Time : SpaceKind::Market;
        } else {
            return fail(fmt::format("'{}' is not arrows (e.g. uudd), companies (e.g. brg, or - for none), a kind (time, market) or a "
                                    "position (0-{})",
                                    w, board.SpaceCount() - 1));
        }
    }
    if (r.set) {
        if (Subsidiary(s) && r.set->Count() != 3)
            return fail(fmt::format("{} is a subsidiary: it shows an Ask triplet (three companies), got {} (BD-3)", s.label, Letters(*r.set)));
        if (!Subsidiary(s) && r.set->Count() == 0)
            return fail(fmt::format("{} is not a subsidiary: it shows market Bids (BD-3)", s.label));
        if (s.kind.value == SpaceKind::Preferred && !r.set->Has(*s.company))
            return fail(fmt::format("{} shows a Bid for {} (BD-3)", s.label, GetProspectus(*s.company).name));
    }
    return r;
}

std::string FactsText(const Space& s) {
    std::string text = fmt::format("arrows {}, {} {}", TrendLetters(s.trend.value), Subsidiary(s) ? "Ask" : "Bids",
                                   Letters(Subsidiary(s) ? s.ask.value : s.bid.value));
    if (KindReadable(s)) text += fmt::format(", kind {}", SpaceKindName(s.kind.value));
    return text;
}

std::string UnverifiedRead(const Space& s) {
    std::vector<std::string> facts;
    if (!s.trend.verified) facts.emplace_back("arrows");
    if (Subsidiary(s) ? !s.ask.verified || !s.bid.verified : !s.bid.verified || !s.ask.verified)
        facts.emplace_back(Subsidiary(s) ? "Ask" : "Bids");
    if (KindReadable(s) && !s.kind.verified) facts.emplace_back("kind");
    std::string text;
    for (const std::string& f : facts) text += (text.empty() ? "" : ", ") + f;
    return text;
}

std::string ReadingLine(const Board& board, int space, const SpaceReading& r) {
    const Space& s = board.At(space);
    const CompanySet set = r.set.value_or(Subsidiary(s) ? s.ask.value : s.bid.value);
    std::string line = fmt::format("board @{} trend={}", s.name, TrendLetters(r.trend.value_or(s.trend.value)));
    // BD-3: the other set is empty; recorded too, so the one entry verifies both.
    line += Subsidiary(s) ? fmt::format(" ask={} bid=-", Letters(set)) : fmt::format(" ask=- bid={}", Letters(set));
    if (KindReadable(s)) line += fmt::format(" kind={}", SpaceKindName(r.kind.value_or(s.kind.value)));
    if (r.position) line += fmt::format(" pos={}", *r.position);
    return line;
}

// [SECTION] The first landing on a space

std::optional<LandingCheck> CheckLanding(const GameState& state, const Preview& preview) {
    if (preview.kind != Preview::Kind::Accepted || !preview.parsed.command) return std::nullopt;
    if (!std::holds_alternative<Roll>(preview.parsed.command->action)) return std::nullopt;
    GameState copy = state;
    if (preview.ends_turn_first && !Apply(copy, Command{std::nullopt, EndTurn{}}).accepted) return std::nullopt;
    if (!Apply(copy, *preview.parsed.command).accepted || !copy.turn_space) return std::nullopt;
    const int space = *copy.turn_space;
    // The facts as the board has them before the roll: the roll changes none of them.
    const Space& s = state.board->At(space);
    const std::string unverified = UnverifiedRead(s);
    if (unverified.empty()) return std::nullopt;
    return LandingCheck{space, s.label, FactsText(s), unverified, ReadingLine(*state.board, space, {})};
}

// [SECTION] Board setup

BoardSetup StartBoardSetup(const Board& base) {
    BoardSetup setup{base, {}, 0};
    for (int position = 0; position < base.SpaceCount(); ++position)
        if (int i = base.AtPosition(position); i >= 0) setup.order.push_back(i);
    return setup;
}

const Space* SetupSpace(const BoardSetup& setup) {
    if (setup.at >= static_cast<int>(setup.order.size())) return nullptr;
    return &setup.board.At(setup.order[static_cast<size_t>(setup.at)]);
}

bool EnterReading(BoardSetup& setup, std::string_view typed, std::string* why) {
    if (!SetupSpace(setup)) return false;
    const int space = setup.order[static_cast<size_t>(setup.at)];
    std::optional<SpaceReading> r = ParseReading(setup.board, space, typed, why);
    if (!r) return false;
    Space& s = setup.board.MutableAt(space);
    if (r->position && *r->position != s.position.value) {
        // BD-1: the space that stood there takes this one's old place (as `board pos=` does), unchecked.
        const int other = setup.board.AtPosition(*r->position);
        if (other >= 0) setup.board.MutableAt(other).position = {s.position.value, false};
        s.position.value = *r->position;
    }
    if (r->trend) s.trend.value = *r->trend;
    if (r->set) (Subsidiary(s) ? s.ask.value : s.bid.value) = *r->set;
    if (r->kind) s.kind.value = *r->kind;
    // Every fact of the space is now as the physical board shows it (the empty set by BD-3 too).
    s.kind.verified = s.position.verified = s.trend.verified = s.ask.verified = s.bid.verified = true;
    ++setup.at;
    return true;
}

} // namespace rutland::bbr
