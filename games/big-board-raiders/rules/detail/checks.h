// The handlers' context and the checks every trade shares (whose turn, listed, an Ask or a Bid
// here, enough cash), and the handlers implemented in other files of rules/. rules.cpp (the turn
// and the trades), rules_cards.cpp (Time cards, rights, options) and rules_year.cpp (conversions,
// escrow, the year end, winning) include it. Only the files of rules/ include it (a test checks).
#pragma once

#include "rules/detail/market_events.h"

namespace rutland::bbr::detail {

// [SECTION] Handler context and the checks every trade shares

struct Ctx {
    GameState& s;
    const Command& cmd;
    int actor;  // player acting (the current player unless "Bob:" says otherwise)
};

// The command as the ledger records it: acting for the current player, who is implied.
inline Command Canon(const Ctx& x) {
    Command c = x.cmd;
    c.actor.reset();
    return c;
}

inline ApplyResult Accept(Effects fx, Command canonical) {
    ApplyResult r;
    r.accepted = true;
    r.effects = std::move(fx);
    r.canonical = std::move(canonical);
    return r;
}

// T-6: the spaces whose offers the current player may use now: the landed space and, once a Time
// card moved the pawn, the space it moved to (T-4). Empty before the roll.
inline std::vector<int> TradeSpaces(const GameState& s) {
    std::vector<int> out;
    if (s.turn_space) out.push_back(*s.turn_space);
    if (s.time_space && s.time_space != s.turn_space) out.push_back(*s.time_space);
    return out;
}

// The trade space of the given kind (for the given company, when a Preferred space), if any.
inline std::optional<int> TradeSpaceOfKind(const GameState& s, SpaceKind kind, std::optional<Company> company = {}) {
    for (int sp : TradeSpaces(s)) {
        const Space& space = SpaceOf(s, sp);
        if (space.kind.value == kind && (!company || space.company == company)) return sp;
    }
    return std::nullopt;
}

// The k-th trade space (TradeSpaces), or -1: what an effect records of "where" (TradeSpacesWords).
inline int64_t TradeSpaceAt(const GameState& s, size_t k) {
    const std::vector<int> spaces = TradeSpaces(s);
    return k < spaces.size() ? spaces[k] : -1;
}

// "Fulwell", or "Time or Fulwell" after a Time card moved the pawn.
inline std::string TradeSpacesText(const GameState& s) {
    std::string out;
    for (int sp : TradeSpaces(s)) out += (out.empty() ? "" : " or ") + SpaceOf(s, sp).label;
    return out;
}

// T-6 and T-2: trades only by the current player, after the roll, on the landed space; T-4: on a
// TIME space, after the Time card is drawn.
inline std::optional<Rejection> CheckTurn(const Ctx& x) {
    const GameState& s = x.s;
    if (x.actor != s.current)
        return Rejection{fmt::format("it is {}'s turn: {} trades only on their own turn",
                                  s.players[static_cast<size_t>(s.current)].name, s.players[static_cast<size_t>(x.actor)].name),
                      "T-6"};
    if (!s.rolled || !s.turn_space)
        return Rejection{fmt::format("{} has not rolled yet: the Market Open comes before any transaction",
                                  s.players[static_cast<size_t>(s.current)].name),
                      "T-2"};
    if (SpaceOf(s, *s.turn_space).kind.value == SpaceKind::Time && !s.time_drawn)
        return Rejection{fmt::format("{} landed on {}: draw the Time card first (e.g. 'time card=T-04')",
                                  s.players[static_cast<size_t>(s.current)].name, SpaceOf(s, *s.turn_space).label),
                      "T-4"};
    return std::nullopt;
}

inline std::optional<Rejection> CheckListed(const GameState& s, Company c) {
    if (!s.listed[c]) return Rejection{fmt::format("{} is delisted until the new year", Name(c)), "M-7"};
    return std::nullopt;
}

inline std::optional<Rejection> NeedAsk(const GameState& s, Company c, const std::string& rule) {
    for (int sp : TradeSpaces(s))
        if (HasAsk(s, sp, c)) return std::nullopt;
    const Space& sp = SpaceOf(s, TradeSpaces(s).back());
    const std::string where = TradeSpacesText(s);
    if (sp.kind.value == SpaceKind::Preferred)
        return Rejection{fmt::format("no Ask for {} at {}: {} has an Ask for {} preferred only", Name(c), where, sp.label,
                                  Name(*sp.company)),
                      rule};
    if (sp.kind.value != SpaceKind::Subsidiary)  // BD-3, not a provisional fact
        return Rejection{fmt::format("no Ask for {} at {}: only subsidiaries show Asks", Name(c), where), rule};
    return Rejection{fmt::format("no Ask for {} at {}{}", Name(c), where, Unverified(sp.ask.verified)), rule};
}

inline std::optional<Rejection> NeedBid(const GameState& s, Company c, const std::string& rule) {
    for (int sp : TradeSpaces(s))
        if (HasBid(s, sp, c)) return std::nullopt;
    const Space& sp = SpaceOf(s, TradeSpaces(s).back());
    const std::string where = TradeSpacesText(s);
    if (sp.kind.value == SpaceKind::Subsidiary)  // BD-3, not a provisional fact
        return Rejection{fmt::format("no Bid for {} at {}: subsidiaries show Asks, not Bids", Name(c), where), rule};
    return Rejection{fmt::format("no Bid for {} at {}{}", Name(c), where, Unverified(sp.bid.verified)), rule};
}

// Tells the table when a trade relied on a board fact nobody has verified (D-2).
inline void NoteUnverified(Engine& e, const GameState& s, bool ask, Company c) {
    for (int index : TradeSpaces(s)) {
        const Space& sp = SpaceOf(s, index);
        if (!(ask ? HasAsk(s, index, c) : HasBid(s, index, c))) continue;
        if (!(ask ? sp.ask.verified : sp.bid.verified))
            e.Info("D-2", Say(EffectWhat::UnverifiedUsed, {ask ? 1 : 0, Index(c), index}));
        return;
    }
}

// B-5: what the year-ending player buys after the draw is ex-dividend / ex-interest.
inline bool ExDividend(const GameState& s, int actor) { return s.year_end_due && s.year_ender == actor; }

// D-24: after the year-ending draw, on that turn, the drawing player buys common directorships
// without an Ask and preferred off the PREFERRED spaces (both ex-dividend, B-5), unless the game
// plays the variant strict-year-end-buys.
inline bool YearEndBuys(const GameState& s, int actor) { return ExDividend(s, actor) && !s.variants.strict_year_end_buys; }

// Appended to an Ask or PREFERRED-space rejection that D-24 would have lifted but for the variant.
inline std::string StrictYearEndNote(const GameState& s, int actor) {
    return ExDividend(s, actor) && s.variants.strict_year_end_buys
               ? "; the variant strict-year-end-buys keeps this after the year-ending draw (D-24)"
               : "";
}

// `what` makes the words of what costs `cost` (only when the cash is short: no words on the way
// to an accepted command).
template <class What>
std::optional<Rejection> NeedCash(const PlayerState& p, Money cost, const What& what, const std::string& rule) {
    if (p.cash >= cost) return std::nullopt;
    return Rejection{fmt::format("{} has {}; {} costs {}", p.name, FormatMoney(p.cash), what(), FormatMoney(cost)), rule};
}

#define RUTLAND_TRY(expr)                                                   \
    do {                                                                    \
        if (auto rutland_reject_ = (expr)) return Rejected(rutland_reject_->message, rutland_reject_->rule); \
    } while (false)

inline bool Owes(const GameState& s, int player) {
    return std::any_of(s.pending.begin(), s.pending.end(), [&](const Obligation& o) { return o.player == player; });
}

// The per-turn marks go with the turn (T-4, T-6, R-1, O-1).
inline void ClearTurn(GameState& s) {
    s.rolled = false;
    s.doubles = false;
    s.turn_space.reset();
    s.time_drawn = false;
    s.time_space.reset();
    s.rights_taken = false;
    s.option_taken = false;
}

// [SECTION] Handlers in other files

// rules_cards.cpp: Time cards (T-4, D-19, M-7), rights offerings, options (O-1..O-5).
ApplyResult DoTime(Ctx& x, const TimeCard& card);
ApplyResult DoRights(Ctx& x, const Rights& rights);
ApplyResult DoAcceptOption(Ctx& x, const AcceptOption& option);
ApplyResult DoExercise(Ctx& x, const Exercise& exercise);
ApplyResult DoTransfer(Ctx& x, const Transfer& transfer);

// rules_year.cpp: conversions (C-1..C-4), escrow changes (E-2, D-17), winning (W-1), the year end
// (Y-1..Y-5).
ApplyResult DoConvert(Ctx& x, const Convert& convert);
ApplyResult DoEscrowChange(Ctx& x, const EscrowChange& change);
ApplyResult DoDeclare(Ctx& x);
ApplyResult DoYearEnd(Ctx& x);
void SettleYearEnd(Engine& e);
Effects PreviewYearEnd(const GameState& state);
// W-1: a declaration whose margin call is paid is decided (the winner, or a failed claim).
void DecideClaim(Engine& e);
bool HoldsMajority(const GameState& s, int player, Company c);

// rules_count.cpp: the table's count (X-1..X-3).
ApplyResult DoCountMarket(Ctx& x, const CountMarket& count);
ApplyResult DoCountPlayer(Ctx& x, const CountPlayer& count);

} // namespace rutland::bbr::detail
