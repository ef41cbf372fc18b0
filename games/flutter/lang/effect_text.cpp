// The table's words for Flutter's effects: the only place they are made.
#include "lang/effect_text.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "lang/table_language.h"

namespace rutland::flutter {

std::string PositionWord(Position position) {
    switch (position) {
        case Position::Parent: return "parent";
        case Position::Below: return "below";
        case Position::News: return "news";
        case Position::Slump: return "slump";
        case Position::Five: return "5%";
        case Position::Ten: return "10%";
        case Position::Top: return "top";
    }
    return "below";
}

std::string TokensFor(Pounds amount) {
    std::string out;
    int64_t left = amount.value < 0 ? -amount.value : amount.value;
    for (int64_t token : {100, 50, 20, 10, 5}) {
        const int64_t count = left / token;
        left -= count * token;
        if (count == 0) continue;
        if (!out.empty()) out += " + ";
        if (count > 1) out += std::to_string(count) + " x ";
        out += FormatPounds(Pounds(token));
    }
    return out.empty() ? FormatPounds(Pounds(0)) : out;
}

namespace {

std::string LabelPhrase(Label label) {
    switch (label) {
        case Label::News: return "MARKET NEWS";
        case Label::Slump: return "SLUMP";
        case Label::Five: return "5%";
        case Label::Ten: return "10%";
        case Label::Top: return "TOP";
        case Label::None: return "";
    }
    return "";
}

std::string Plural(int64_t n, const char* one, const char* many) { return fmt::format("{} {}", n, n == 1 ? one : many); }

std::string PositionPhrase(Position position) {
    switch (position) {
        case Position::Parent: return "still on its parent";
        case Position::Below: return "below MARKET NEWS";
        case Position::News: return "opposite MARKET NEWS";
        case Position::Slump: return "opposite SLUMP";
        case Position::Five: return "opposite 5%";
        case Position::Ten: return "opposite 10%";
        case Position::Top: return "at the TOP (20%)";
    }
    return "";
}

} // namespace

std::string EffectText(const Effect& e, const GameState& s) {
    auto company = [&](int i) -> std::string {
        if (i < 0 || i >= kCompanies) return "?";
        return s.board->lanes[static_cast<size_t>(i)].colour;
    };
    auto player = [&](int i) -> std::string {
        if (i < 0) return "the broker";
        if (static_cast<size_t>(i) >= s.players.size()) return "?";
        return s.players[static_cast<size_t>(i)].name;
    };
    const std::string c = company(e.company), p = player(e.player);
    const auto& n = e.n;
    auto pounds = [](int64_t v) { return FormatPounds(Pounds(v)); };
    // A traveller's hole: its level and, from MARKET NEWS up, its label (the centre column's price
    // is the parent's business, BD-2).
    auto level = [&](int64_t l) {
        if (l < 0) return std::string("an M hole");  // T-8: the table said `@M`
        if (static_cast<size_t>(l) < s.board->levels.size()) {
            const Label label = s.board->levels[static_cast<size_t>(l)].label;
            if (label != Label::None) return fmt::format("level {} ({})", l, LabelPhrase(label));
        }
        return fmt::format("level {}", l);
    };
    // n certificates of company c: "1 White certificate", "2 White certificates".
    auto certificates = [&](int64_t count) { return fmt::format("{} {} certificate{}", count, c, count == 1 ? "" : "s"); };
    switch (e.kind) {
        case EffectKind::GameStarted:
            return fmt::format("a game of Flutter for {} players: {} each, the target {}, {} certificates a company",
                               n[0], pounds(n[1]), pounds(n[2]), n[3]);
        case EffectKind::CertificatesSet:
            return fmt::format("{}: {} for sale at the broker, {} in reserve", c, Plural(n[0], "certificate", "certificates"), n[1]);
        case EffectKind::Starter: return p + " throws first";
        case EffectKind::Bought:
            return fmt::format("{} buys {} at {} + {} brokerage each: pays {} (tokens: {})", p, certificates(n[0]), pounds(n[1]),
                               pounds(5), pounds(n[2]), TokensFor(Pounds(n[2])));
        case EffectKind::Sold:
            return fmt::format("{} sells {} to the broker at {} each: receives {} (tokens: {})", p, certificates(n[0]), pounds(n[1]),
                               pounds(n[2]), TokensFor(Pounds(n[2])));
        case EffectKind::Thrown: return fmt::format("{} throws {} {}", p, c, n[0]);
        case EffectKind::VoidThrow: return fmt::format("{} is bankrupt: nothing moves", c);
        case EffectKind::RethrowDue: return fmt::format("{} throws again", p);
        case EffectKind::TravellerMoved: return fmt::format("{}'s traveller moves from {} to {}", c, level(n[0]), level(n[1]));
        case EffectKind::TableWins:
            return fmt::format("the table puts {}'s traveller at {} (the board here says {})", c, level(n[1]), level(n[0]));
        case EffectKind::MJump:
            if (n[0] < 0) return fmt::format("{}'s traveller is in an M hole: on up to MARKET NEWS", c);
            return fmt::format("{}'s traveller is in an M hole at level {}: on up to MARKET NEWS", c, n[0]);
        case EffectKind::CardDue: return fmt::format("a Market News card for {}: the broker turns it up", c);
        case EffectKind::SlumpDrop:
            return fmt::format("SLUMP: {}'s traveller drops back from {} to {}{}", c, level(n[0]), level(n[1]),
                               n[2] ? ", stopping on its parent" : "");
        case EffectKind::SlumpHeld: return fmt::format("{} holds the anti-slump card: its traveller stays opposite SLUMP", c);
        case EffectKind::AntiSlumpKept: return fmt::format("{} keeps the anti-slump card until the round's end", c);
        case EffectKind::Dividend:
            return fmt::format("{} is paid {} on {} at {} each (tokens: {})", p, pounds(n[2]), certificates(n[1]), pounds(n[0]),
                               TokensFor(Pounds(n[2])));
        case EffectKind::ParentMoved:
            return fmt::format("{}'s parent moves {} from level {} to level {}: price {} -> {}", c, n[1] > n[0] ? "up" : "down", n[0],
                               n[1], pounds(n[2]), pounds(n[3]));
        case EffectKind::CardNothing: return "the card has no effect";
        case EffectKind::RestDropped:
            return n[0] == 1 ? std::string("the card's remaining effect is dropped")
                             : fmt::format("the card's remaining {} effects are dropped", n[0]);
        case EffectKind::RoundEnded: return fmt::format("{}'s traveller reaches the TOP: round {} ends", c, n[0]);
        case EffectKind::Settled: {
            const std::string move = n[2] == 0 ? "stays" : n[2] > 0 ? fmt::format("{} up", Plural(n[2], "space", "spaces"))
                                                                     : fmt::format("{} down", Plural(-n[2], "space", "spaces"));
            return fmt::format("{}: traveller {}; dividend {}; parent {}", c, PositionPhrase(static_cast<Position>(n[0])),
                               n[1] ? pounds(n[1]) : std::string("none"), move);
        }
        case EffectKind::BonusShares:
            return fmt::format("bonus issue: {} gets {} free", p, certificates(n[0]));
        case EffectKind::BonusCash:
            return fmt::format("bonus in cash (the reserve is short): {} is paid {} for {} held (tokens: {})", p, pounds(n[1]),
                               certificates(n[0]), TokensFor(Pounds(n[1])));
        case EffectKind::BonusToPar: return fmt::format("{}'s parent goes into the PAR 100 hole (level {})", c, n[1]);
        case EffectKind::Bankrupt: return fmt::format("{} is bankrupt: its pegs leave the board", c);
        case EffectKind::CertificatesLost: {
            const char* whose = n[1] == 0 ? nullptr : n[1] == 1 ? "the broker's sale stock" : "the reserve";
            return fmt::format("{} {} the game worthless ({})", certificates(n[0]), n[0] == 1 ? "leaves" : "leave",
                               whose ? std::string(whose) : p + "'s");
        }
        case EffectKind::NewRound: return fmt::format("round {} begins: {} throws first", n[0], p);
        case EffectKind::DicePassed: return fmt::format("the dice pass to {}", p);
        case EffectKind::ClaimValid: return fmt::format("{} claims with capital {} (target {})", p, pounds(n[0]), pounds(n[1]));
        case EffectKind::Winner:
            return fmt::format("{} {} with capital {}", p, n[1] ? "shares the win" : "wins the game", pounds(n[0]));
        case EffectKind::CashCounted: return fmt::format("count: {}'s cash {} -> {}", p, pounds(n[0]), pounds(n[1]));
        case EffectKind::CertificatesCounted:
            return fmt::format("count: {} holds {} {} certificates, was {} (the broker's sale stock {} -> {})", p, n[1], c, n[0], n[2], n[3]);
        case EffectKind::PegSet:
            return fmt::format("peg: {}'s parent level {} -> {} ({} -> {}), traveller level {} -> {}", c, n[0], n[1],
                               pounds(s.board->PriceAt(static_cast<int>(n[0])).value), pounds(s.board->PriceAt(static_cast<int>(n[1])).value),
                               n[2], n[3]);
        case EffectKind::AntiSlumpSet: return fmt::format("peg: {} {} the anti-slump card", c, n[0] ? "holds" : "does not hold");
        case EffectKind::TurnSet: return fmt::format("{} is the current player", p);
        case EffectKind::BoardLevel:
            return fmt::format("board: level {} {} {}{}", n[0], n[1] >= 0 ? pounds(n[1]) : std::string("no price"),
                               LabelWord(static_cast<Label>(n[2])), n[3] ? ", confirmed" : "");
        case EffectKind::BoardLane: {
            // text: letter, colour, name and M holes, a unit separator apart (rules.cpp LaneText).
            std::vector<std::string> f{""};
            for (char ch : e.text) ch == '\x1f' ? void(f.emplace_back()) : void(f.back() += ch);
            f.resize(4);
            return fmt::format("board: lane {} is {} {} ({}), M holes {}{}", e.company + 1, f[0], f[1], f[2],
                               f[3].empty() ? std::string("none") : f[3], n[0] ? ", confirmed" : "");
        }
        case EffectKind::BoardLevels: return fmt::format("board: {} levels, was {}", n[1], n[0]);
        case EffectKind::Noted: return "note: " + e.text;
        case EffectKind::Undone: return "undone: " + e.text;
        case EffectKind::Redone: return "redone: " + e.text;
    }
    return "?";
}

namespace {
// What a table step names of an effect: its company's colour, its player, and how certificates and
// money handed over are said (BrokerStep and ReversedTableStep alike).
struct StepNames {
    std::string c, p;
    std::string cards(int64_t count) const { return fmt::format("{} {} certificate{}", count, c, count == 1 ? "" : "s"); }
    static std::string paid(int64_t amount) { return fmt::format("{}: {}", FormatPounds(Pounds(amount)), TokensFor(Pounds(amount))); }
};
StepNames NamesOf(const Effect& e, const GameState& s) {
    return {e.company >= 0 && e.company < kCompanies ? s.board->lanes[static_cast<size_t>(e.company)].colour : std::string("?"),
            e.player >= 0 && static_cast<size_t>(e.player) < s.players.size() ? s.players[static_cast<size_t>(e.player)].name
                                                                               : std::string("?")};
}
} // namespace

std::string BrokerStep(const Effect& e, const GameState& s) {
    const StepNames names = NamesOf(e, s);
    const std::string& p = names.p;
    const auto& n = e.n;
    auto cards = [&](int64_t count) { return names.cards(count); };
    auto paid = [](int64_t amount) { return StepNames::paid(amount); };
    switch (e.kind) {
        case EffectKind::Bought:
            return fmt::format("{} hands the broker {}; the broker gives {} {}", p, paid(n[2]), p, cards(n[0]));
        case EffectKind::Sold:
            return fmt::format("{} hands the broker {}; the broker pays {} {}", p, cards(n[0]), p, paid(n[2]));
        case EffectKind::Dividend: return fmt::format("the broker pays {} {}", p, paid(n[2]));
        case EffectKind::BonusCash: return fmt::format("the broker pays {} {}", p, paid(n[1]));
        case EffectKind::BonusShares: return fmt::format("the broker gives {} {} free", p, cards(n[0]));
        case EffectKind::CertificatesLost:
            if (n[1] == 0) return fmt::format("{} hands the broker {} (worthless)", p, cards(n[0]));
            return fmt::format("the broker puts {} back in the box (worthless)", cards(n[0]));
        default: return "";
    }
}

namespace {

// A level as the table finds it: "level 14 (MARKET NEWS)", "level 10 (£100)".
std::string StepLevel(const GameState& s, int64_t l) {
    if (l < 0) return "the M hole";  // T-8: the table said `@M`
    if (static_cast<size_t>(l) < s.board->levels.size()) {
        const Level& level = s.board->levels[static_cast<size_t>(l)];
        if (level.label != Label::None) return fmt::format("level {} ({})", l, LabelPhrase(level.label));
        if (level.price) return fmt::format("level {} ({})", l, FormatPounds(*level.price));
    }
    return fmt::format("level {}", l);
}

// A traveller's hole: its level and, from MARKET NEWS up, its label (the centre column's price is
// the parent's, BD-2).
std::string StepHole(const GameState& s, int64_t l) {
    if (l >= 0 && static_cast<size_t>(l) < s.board->levels.size() &&
        s.board->levels[static_cast<size_t>(l)].label == Label::None)
        return fmt::format("level {}", l);
    return StepLevel(s, l);
}

} // namespace

std::string PegStep(const Effect& e, const GameState& s) {
    const std::string c = e.company >= 0 && e.company < kCompanies ? s.board->lanes[static_cast<size_t>(e.company)].colour
                                                                   : std::string("?");
    const auto& n = e.n;
    switch (e.kind) {
        case EffectKind::TravellerMoved:
            return fmt::format("move {}'s traveller from {} to {}", c, StepHole(s, n[0]), StepHole(s, n[1]));
        case EffectKind::MJump:
            return fmt::format("move {}'s traveller from {} up to {} (T-4)", c,
                               n[0] < 0 ? std::string("the M hole") : "the M hole at " + StepHole(s, n[0]), StepHole(s, n[1]));
        case EffectKind::SlumpDrop:
            return fmt::format("move {}'s traveller down from {} to {}{}", c, StepHole(s, n[0]), StepHole(s, n[1]),
                               n[2] ? ", onto its parent" : "");
        case EffectKind::AntiSlumpKept: return fmt::format("put the anti-slump card beside {}'s lane (N-4)", c);
        case EffectKind::Settled:  // a traveller already on its parent has nowhere to go
            if (static_cast<Position>(n[0]) == Position::Parent) return "";
            return fmt::format("move {}'s traveller back onto its parent (RE-2)", c);
        case EffectKind::ParentMoved:  // at the round's end the traveller is on it (RE-2) and goes with it
            return fmt::format("move {}'s parent peg from {} to {}{}", c, StepLevel(s, n[0]), StepLevel(s, n[1]),
                               e.rule == "RE-3" ? ", its traveller with it" : "");
        case EffectKind::BonusToPar:
            return fmt::format("move {}'s parent peg from {} into the PAR 100 hole, {} (BN-1)", c, StepLevel(s, n[0]), StepLevel(s, n[1]));
        case EffectKind::Bankrupt: return fmt::format("take {}'s pegs off the board (BK-1)", c);
        case EffectKind::NewRound: return "put the anti-slump cards back in the Market News pile and shuffle it (RE-5)";
        default: return "";
    }
}

std::string TableStep(const Effect& e, const GameState& s) {
    std::string step = BrokerStep(e, s);
    return step.empty() ? PegStep(e, s) : step;
}

std::string ReversedTableStep(const Effect& e, const GameState& s) {
    const StepNames names = NamesOf(e, s);
    const std::string& c = names.c;
    const std::string& p = names.p;
    const auto& n = e.n;
    auto cards = [&](int64_t count) { return names.cards(count); };
    auto paid = [](int64_t amount) { return StepNames::paid(amount); };
    switch (e.kind) {
        case EffectKind::Bought:
            return fmt::format("{} hands the broker back {}; the broker hands {} back {}", p, cards(n[0]), p, paid(n[2]));
        case EffectKind::Sold:
            return fmt::format("{} hands the broker back {}; the broker hands {} back {}", p, paid(n[2]), p, cards(n[0]));
        case EffectKind::Dividend: return fmt::format("{} hands the broker back {}", p, paid(n[2]));
        case EffectKind::BonusCash: return fmt::format("{} hands the broker back {}", p, paid(n[1]));
        case EffectKind::BonusShares: return fmt::format("{} hands the broker back {}", p, cards(n[0]));
        case EffectKind::CertificatesLost:
            if (n[1] == 0) return fmt::format("the broker gives {} back {}", p, cards(n[0]));
            return fmt::format("the broker takes {} back out of the box", cards(n[0]));
        case EffectKind::TravellerMoved:
            return fmt::format("move {}'s traveller back from {} to {}", c, StepHole(s, n[1]), StepHole(s, n[0]));
        case EffectKind::MJump:
            return fmt::format("move {}'s traveller back from {} to {}", c, StepHole(s, n[1]),
                               n[0] < 0 ? std::string("the M hole") : "the M hole at " + StepHole(s, n[0]));
        case EffectKind::SlumpDrop:
            return fmt::format("move {}'s traveller back up from {} to {}", c, StepHole(s, n[1]), StepHole(s, n[0]));
        case EffectKind::AntiSlumpKept: return fmt::format("put the anti-slump card beside {}'s lane back in the Market News pile", c);
        case EffectKind::Settled: {
            // Where it stood at the settlement: the TOP for the company whose move ended the round
            // (the only one the entry moved before, N-2, T-3), else where the undone game has it.
            const Position at = static_cast<Position>(n[0]);
            if (at == Position::Parent) return "";
            const int company = std::clamp(e.company, 0, kCompanies - 1);
            const int level = at == Position::Top ? s.board->Top() : s.companies[static_cast<size_t>(company)].traveller;
            return fmt::format("move {}'s traveller back off its parent to {}, where it stood ({})", c, StepHole(s, level),
                               PositionPhrase(at));
        }
        case EffectKind::ParentMoved:
            return fmt::format("move {}'s parent peg back from {} to {}{}", c, StepLevel(s, n[1]), StepLevel(s, n[0]),
                               e.rule == "RE-3" ? ", its traveller with it" : "");
        case EffectKind::BonusToPar:
            return fmt::format("move {}'s parent peg back from the PAR 100 hole to {}", c, StepLevel(s, n[0]));
        case EffectKind::Bankrupt: return fmt::format("put {}'s pegs back on the board", c);
        case EffectKind::NewRound: {
            // RE-5 took the anti-slump cards back: the companies that held one hold it again.
            std::string held;
            for (int k = 0; k < kCompanies; ++k)
                if (s.companies[static_cast<size_t>(k)].anti_slump)
                    held += (held.empty() ? "" : ", ") + s.board->lanes[static_cast<size_t>(k)].colour;
            return held.empty() ? std::string() : fmt::format("take the anti-slump card back out of the pile for {}", held);
        }
        default: return "";
    }
}

std::string EffectLine(const Effect& effect, const GameState& state) {
    return fmt::format("[{}] {}{}", effect.rule, EffectText(effect, state), effect.provisional ? " (provisional board)" : "");
}

} // namespace rutland::flutter
