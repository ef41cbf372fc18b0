#include "view/turn_view.h"

#include <algorithm>

#include <fmt/format.h>

namespace rutland::bbr {

namespace {

// Lower ranks come first: what the table most likely enters next.
int Rank(const Command& c, const GameState& s) {
    const bool debtor = !s.pending.empty();
    return std::visit(
        [&](const auto& a) -> int {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, TimeCard>) return 0;  // T-4: the card comes first
            else if constexpr (std::is_same_v<T, Sell>) return debtor ? 0 : 4;
            else if constexpr (std::is_same_v<T, Buy>) return 2;
            else if constexpr (std::is_same_v<T, BuyDirectorship>) return 3;
            else if constexpr (std::is_same_v<T, ShortSale> || std::is_same_v<T, Cover>) return 5;
            else return 7;  // conversions, options, escrow, declaring, the year end
        },
        c.action);
}

std::string TurnPlayerName(const GameState& s, int p) {
    if (p < 0 || p >= static_cast<int>(s.players.size())) return "?";
    return s.players[static_cast<size_t>(p)].name;
}

} // namespace

// The landed space's kind and position are provisional only where the board check reads them
// (board_check.h): a Time or market space's kind. A subsidiary is one by its name and its position
// is not read at a landing, so once its arrows and Ask are checked nothing about it is provisional.
bool LandingProvisional(const Space& sp) {
    const bool kind_readable = sp.kind.value == SpaceKind::Time || sp.kind.value == SpaceKind::Market;
    return kind_readable && !sp.kind.verified;
}

std::vector<std::string> LegalLines(const LegalNow& legal, const GameState& state) {
    struct Item {
        int rank;
        size_t order;
        std::string line;
    };
    std::vector<Item> items;
    size_t order = 0;
    if (legal.roll) items.push_back({1, order++, "roll"});
    for (const std::vector<Command>* list : {&legal.trades, &legal.other})
        for (const Command& c : *list) items.push_back({Rank(c, state), order++, PrintCommand(c)});
    if (legal.end) items.push_back({6, order++, "end"});
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.rank < b.rank; });
    std::vector<std::string> out;
    for (Item& i : items) out.push_back(std::move(i.line));
    return out;
}

bool IsBonusTurn(const Ledger& ledger, std::optional<int> seq, const GameState& state) {
    const std::vector<int> active = seq ? ledger.InEffectAt(*seq) : ledger.InEffect();
    for (auto it = active.rbegin(); it != active.rend(); ++it) {
        const Effects& fx = ledger.At(*it).effects;
        for (auto e = fx.rbegin(); e != fx.rend(); ++e) {
            if (e->what == EffectWhat::TurnDoubles) return e->n[0] == state.current;
            if (e->kind == EffectKind::Turn || e->what == EffectWhat::CurrentPlayerSet) return false;
        }
    }
    return false;
}

std::vector<char> BonusTurnEntries(const Ledger& ledger) {
    std::vector<char> out(static_cast<size_t>(ledger.Size()), 0);
    bool bonus = false;
    for (int seq : ledger.InEffect()) {
        out[static_cast<size_t>(seq)] = bonus ? 1 : 0;
        for (const Effect& e : ledger.At(seq).effects) {
            if (e.what == EffectWhat::TurnDoubles) bonus = true;
            else if (e.kind == EffectKind::Turn || e.what == EffectWhat::CurrentPlayerSet) bonus = false;
        }
    }
    return out;
}

TurnView MakeTurnView(const GameState& s, const LegalNow& legal, bool bonus) {
    TurnView v;
    v.won = s.winner.has_value();
    v.heading = v.won ? fmt::format("{} has won the game (W-1)", TurnPlayerName(s, *s.winner))
                      : fmt::format("Year {}  \u2014  {}'s turn", s.year, TurnPlayerName(s, s.current));
    v.bonus = bonus && !v.won;
    v.time_cards = fmt::format("Time cards drawn this year: {} of {}", s.time_cards_drawn, s.year_cards);
    v.year_end_due = s.year_end_due;
    v.roll = !s.rolled ? "Not rolled yet" : s.doubles ? "Rolled doubles: another turn follows (T-5)" : "Rolled";
    if (!v.won && !s.players.empty()) {
        const int n = static_cast<int>(s.players.size());
        if (s.rolled && s.doubles) v.next = fmt::format("Next: {} again (doubles, T-5)", TurnPlayerName(s, s.current));
        else v.next = fmt::format("Next: {}", TurnPlayerName(s, (s.current + 1) % n));
    }
    for (const Obligation& o : s.pending)
        v.pending.push_back(fmt::format("{} owes the bank {} ({}): only {}'s sales are accepted until it is paid (S-6)",
                                        TurnPlayerName(s, o.player), FormatMoney(o.amount), o.rule, TurnPlayerName(s, o.player)));
    if (s.declaring) v.declaring = fmt::format("{}'s claim waits for a margin call (W-1)", TurnPlayerName(s, *s.declaring));
    if (s.turn_space) {
        v.spaces.push_back(*s.turn_space);
        if (s.time_space && *s.time_space != *s.turn_space) v.spaces.push_back(*s.time_space);
        for (size_t i = 0; i < v.spaces.size(); ++i) {
            const Space& sp = s.board->At(v.spaces[i]);
            const char* provisional = " (provisional)";
            v.space_lines.push_back(fmt::format("{} {} ({}, position {}){}", i == 0 ? "Landed on" : "The Time card moved the pawn to",
                                                sp.label, SpaceKindName(sp.kind.value), sp.position.value,
                                                LandingProvisional(sp) ? provisional : ""));
            std::string arrows = "Arrows:";
            for (Company c : kCompanies)
                arrows += fmt::format(" {} {}", GetProspectus(c).letter,
                                      sp.trend.value[static_cast<size_t>(Index(c))] == Trend::Up ? "\u2191 up" : "\u2193 down");
            v.space_lines.push_back(arrows + (sp.trend.verified ? "" : provisional));
            const bool subsidiary = sp.kind.value == SpaceKind::Subsidiary;
            const CompanySet set = subsidiary ? sp.ask.value : sp.bid.value;
            std::string deals = subsidiary ? "Asks (buy here):" : "Bids (sell here):";
            if (set.Count() == 0) deals += " none";
            for (Company c : kCompanies)
                if (set.Has(c)) {
                    deals += ' ';
                    deals += GetProspectus(c).name;  // appended, not " " + name: GCC 12's -Wrestrict misfires on that
                }
            v.space_lines.push_back(deals + ((subsidiary ? sp.ask.verified : sp.bid.verified) ? "" : provisional));
        }
    } else if (!s.players.empty()) {
        const PlayerState& p = s.players[static_cast<size_t>(s.current)];
        v.pawn = p.space ? fmt::format("Pawn on {}", s.board->At(*p.space).label)
                         : "Pawn position not known yet: give the landed space with the roll (roll 3 4 2 @fulwell)";
    }
    if (!v.won) v.legal = LegalLines(legal, s);
    return v;
}

} // namespace rutland::bbr
