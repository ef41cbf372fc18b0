// The rules engine (RULES.md), part one: starting a game, the turn and the trades. Every Apply
// handler works in two phases: it first checks every condition, rejecting with a message that
// names the rule, and only then mutates the state. So a rejected command never changes anything,
// and once mutation starts nothing can fail: market events, margin covers and forfeits that a
// transaction triggers are applied in full, and money a player cannot pay becomes a pending
// obligation instead of a failure. The Engine (rules/detail/market_events.h, over
// the accounts of rules/detail/accounting.h) is the only way the state changes.
//
// Index:
// [SECTION] Starting a game (G-1..G-5)
// [SECTION] The turn (T-1..T-6)
// [SECTION] Trades (B-1..B-4, B-6, S-1..S-5)
// [SECTION] Obligations (S-6: a player short of cash sells)
// [SECTION] Ledger-only and table commands
// [SECTION] Apply
// [SECTION] Conservation

#include "rules/rules.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "rules/detail/checks.h"
#include "base/text.h"
#include "model/board_catalog.h"

namespace rutland::bbr {

using namespace detail;  // NOLINT: the engine is this file's own vocabulary

std::vector<int> TurnOrderFrom(const GameState& s, int first) {
    std::vector<int> order;
    const int n = static_cast<int>(s.players.size());
    for (int k = 0; k < n; ++k) order.push_back((first + k) % n);
    return order;
}

bool HasAsk(const GameState& state, int space, Company c) { return SpaceOf(state, space).ask.value.Has(c); }
bool HasBid(const GameState& state, int space, Company c) { return SpaceOf(state, space).bid.value.Has(c); }

// [SECTION] Starting a game (G-1..G-5)

namespace {

std::optional<Variants> ParseVariants(const std::vector<std::string>& names, Rejection* why) {
    Variants v;
    for (const std::string& raw : names) {
        const std::string n = Lower(raw);
        if (n == "rollback-odd-lot=level") v.rollback_odd_lot_level = true;
        else if (n == "rollback-cover=0.50" || n == "rollback-cover=0.5") v.rollback_cover_half = true;
        else if (n == "delist-cover=market") v.delist_cover_market = true;
        else if (n == "shorts-carry-over") v.shorts_carry_over = true;
        else if (n == "put-cash-needs-ask") v.put_cash_needs_ask = true;
        else if (n == "uptick") v.uptick = true;
        else if (n == "strict-year-end-buys") v.strict_year_end_buys = true;
        else {
            *why = Rejection{fmt::format("unknown variant '{}'; the variants are rollback-odd-lot=level (D-6), "
                                      "rollback-cover=0.50 (D-7), delist-cover=market (D-10), shorts-carry-over "
                                      "(D-13), put-cash-needs-ask (D-16), uptick (D-21), strict-year-end-buys (D-24)",
                                      raw),
                          "RULES.md section 14"};
            return std::nullopt;
        }
    }
    return v;
}

} // namespace

StartResult StartGame(const GameHeader& header) {
    auto board = FindBoard(header.board);
    if (!board) {
        StartResult out;
        std::string names;
        for (const std::string& b : KnownBoardNames()) names += (names.empty() ? "" : ", ") + b;
        out.rejection = Rejection{fmt::format("no board called '{}' (boards: {})", header.board, names), "D-2"};
        return out;
    }
    return StartGame(header, std::move(board));
}

StartResult StartGame(const GameHeader& header, std::shared_ptr<const Board> board) {
    StartResult out;
    auto reject = [&](std::string message, std::string rule) {
        out.rejection = Rejection{std::move(message), std::move(rule)};
        return out;
    };
    const int n = static_cast<int>(header.players.size());
    if (n < 2 || n > 8) return reject(fmt::format("a game has 2 to 8 players, got {}", n), "G-1");
    for (int i = 0; i < n; ++i) {
        if (header.players[static_cast<size_t>(i)].empty()) return reject("a player needs a name", "G-1");
        for (int j = 0; j < i; ++j)
            if (Lower(header.players[static_cast<size_t>(i)]) == Lower(header.players[static_cast<size_t>(j)]))
                return reject(fmt::format("two players are called {}", header.players[static_cast<size_t>(i)]), "G-1");
    }
    if (header.cash < Money::Dollars(100000))
        return reject(fmt::format("each player starts with $100,000 or more, got {}", FormatMoney(header.cash)), "G-1");
    if (header.cash > Money::Dollars(1000000000))
        return reject(fmt::format("starting cash {} is beyond any table", FormatMoney(header.cash)), "G-1");
    if (header.year_cards && (*header.year_cards < 1 || *header.year_cards > 40))
        return reject(fmt::format("a year has 1 or more Time cards, got {}", *header.year_cards), "D-4");
    Rejection why;
    auto variants = ParseVariants(header.variants, &why);
    if (!variants) return reject(why.message, why.rule);
    if (static_cast<int>(header.start.size()) > n)
        return reject(fmt::format("start= names {} spaces for {} players", header.start.size(), n), "G-2");

    GameState s;
    s.header = header;
    s.variants = *variants;
    s.year_cards = header.year_cards.value_or(n);
    s.board = board;
    for (Company c : kCompanies) {
        const Prospectus& pr = GetProspectus(c);
        s.price[c] = pr.issue_ticks;  // G-4
        s.listed[c] = true;
        s.tray[c] = Tray{pr.common_shares, pr.preferred_shares, pr.debt_issue.cents() / 100};
    }
    out.canonical = header;
    for (int i = 0; i < n; ++i) {
        PlayerState p;
        p.name = header.players[static_cast<size_t>(i)];
        // start= with one space starts every player there (the new-game form's "@market-1 for
        // all", COMMANDS.md's game header); a list names each player's in turn order.
        const size_t from = header.start.size() == 1 ? 0 : static_cast<size_t>(i);
        if (from < header.start.size()) {
            std::string error;
            auto space = board->Find(header.start[from], &error);
            if (!space) return reject(fmt::format("start for {}: {}", p.name, error), "G-2");
            p.space = *space;
            out.canonical.start[from] = board->At(*space).name;
        }
        s.players.push_back(std::move(p));
    }
    Effects fx;
    Engine engine(s, fx);
    for (int i = 0; i < n; ++i)
        engine.Pay(Account::Bank(), Account::Player(i), header.cash, "G-1", Say(EffectWhat::StartCash));
    out.effects = std::move(fx);
    out.state = std::move(s);
    return out;
}

// [SECTION] The turn (T-1..T-6)

namespace {

ApplyResult DoRoll(Ctx& x, const Roll& roll) {
    GameState& s = x.s;
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (x.actor != s.current)
        return Rejected(fmt::format("it is {}'s turn to roll, not {}'s", s.players[static_cast<size_t>(s.current)].name, me.name), "T-1");
    if (s.rolled)
        return Rejected(fmt::format("{} has already rolled this turn; enter 'end' first", me.name), "T-1");
    if (roll.d1 < 1 || roll.d1 > 6 || roll.d2 < 1 || roll.d2 > 6)
        return Rejected(fmt::format("the travelling dice show 1 to 6, got {} and {}", roll.d1, roll.d2), "T-1");
    const int max_v = s.volatility == Volatility::Normal ? 3 : 6;
    if (roll.volatility < 1 || roll.volatility > max_v)
        return Rejected(fmt::format("the {} volatility die ({} volatility) shows 1 to {}, got {}",
                                    s.volatility == Volatility::Normal ? "yellow" : "red",
                                    s.volatility == Volatility::Normal ? "normal" : "high", max_v, roll.volatility),
                        "D-5");
    std::optional<int> by_board;
    if (me.space) by_board = s.board->Advance(*me.space, roll.d1 + roll.d2);
    std::optional<int> told;
    if (roll.space) {
        std::string error;
        told = s.board->Find(*roll.space, &error);
        // "@time" names one of several spaces; when the board order's landing is one of them,
        // that is the one the table means.
        const std::string prefix = Lower(*roll.space);
        if (!told && by_board && s.board->At(*by_board).name.rfind(prefix, 0) == 0) told = by_board;
        if (!told) return Rejected(error, "BD-1");
    }
    if (!told && !by_board)
        return Rejected(fmt::format("{}'s pawn has no known space yet: say where it landed, e.g. roll {} {} {} @fulwell",
                                    me.name, roll.d1, roll.d2, roll.volatility),
                        "T-1");

    // Mutation from here on.
    Effects fx;
    Engine e(s, fx);
    const int landed = told ? *told : *by_board;
    Command canonical = Canon(x);
    Roll canon_roll = roll;
    if (told) canon_roll.space = s.board->At(*told).name;
    canonical.action = canon_roll;

    PlayerState& p = e.P(x.actor);
    p.space = landed;
    s.rolled = true;
    s.doubles = roll.d1 == roll.d2;
    s.turn_space = landed;
    const Space& sp = s.board->At(landed);
    {
        Effect pawn;
        pawn.kind = EffectKind::Pawn;
        pawn.rule = "T-1";
        pawn.player = x.actor;
        pawn.space = landed;
        pawn.what = EffectWhat::PawnRolled;
        pawn.n = {roll.d1, roll.d2, roll.volatility, s.doubles ? 1 : 0};
        e.Emit(std::move(pawn));
    }
    if (told && by_board && *told != *by_board)
        e.Info("D-2", Say(EffectWhat::BoardOrderDisagrees, {x.actor, roll.d1 + roll.d2, *by_board, landed}));
    // T-2: the Market Open, Yellow, Blue, Red, Green; each event settles as it happens (M-3).
    int64_t arrows = 0;
    for (int k = 0; k < kCompanyCount; ++k)
        if (sp.trend.value[static_cast<size_t>(k)] == Trend::Up) arrows |= int64_t{1} << k;
    e.Info(sp.trend.verified ? "T-2" : "D-2",
           Say(EffectWhat::MarketOpen, {landed, arrows, sp.trend.verified ? 1 : 0, roll.volatility}));
    for (Company c : kCompanies) {
        if (!s.listed[c]) continue;
        const bool up = sp.trend.value[static_cast<size_t>(Index(c))] == Trend::Up;
        e.MovePrice(c, up ? roll.volatility : -roll.volatility, "T-2", PriceWhy::MarketOpen);
    }
    e.EarnProxy(x.actor, landed);  // T-3
    return Accept(std::move(fx), std::move(canonical));
}

// A turn is over, by `end` or by `player` closing it: it counts for O-2 ("a later turn"), the
// player who rolls next becomes current, and a due year end settles now, after the drawing
// player's turn and before the next (Y-1); its calls start with that next player (S-6).
void CloseTurn(Engine& e, int next) {
    GameState& s = e.S();
    ClearTurn(s);
    ++s.turn;
    s.current = next;
    if (s.year_end_due) SettleYearEnd(e);
}

ApplyResult DoEnd(Ctx& x) {
    GameState& s = x.s;
    if (x.actor != s.current)
        return Rejected(fmt::format("it is {}'s turn, not {}'s", s.players[static_cast<size_t>(s.current)].name,
                                    s.players[static_cast<size_t>(x.actor)].name),
                        "T-1");
    if (!s.rolled)
        return Rejected(fmt::format("{} has not rolled yet this turn", s.players[static_cast<size_t>(s.current)].name), "T-1");
    if (s.turn_space && SpaceOf(s, *s.turn_space).kind.value == SpaceKind::Time && !s.time_drawn)
        return Rejected(fmt::format("{} landed on {}: enter the Time card drawn first (e.g. 'time card=T-04', or just "
                                    "'time' for a card with no effect)",
                                    s.players[static_cast<size_t>(s.current)].name, SpaceOf(s, *s.turn_space).label),
                        "T-4");
    Effects fx;
    Engine e(s, fx);
    const int ending = s.current;
    const bool doubles = s.doubles;
    CloseTurn(e, NextToRoll(s));  // T-5, D-23: after doubles the same player, even across a year end
    Effect turn;
    turn.kind = EffectKind::Turn;
    if (doubles) {
        turn.rule = "T-5";
        turn.what = EffectWhat::TurnDoubles;
        turn.n = {ending};
    } else {
        turn.rule = "G-2";
        turn.what = EffectWhat::TurnEnds;
        turn.n = {ending};
    }
    turn.player = s.current;
    e.Emit(std::move(turn));
    Command canonical = Canon(x);
    return Accept(std::move(fx), std::move(canonical));
}

ApplyResult DoSetPlayer(Ctx& x, const SetPlayer& sp) {
    GameState& s = x.s;
    auto who = s.FindPlayer(sp.name);
    if (!who) return Rejected(fmt::format("no player called {}", sp.name), "G-2");
    Effects fx;
    Engine e(s, fx);
    const bool mid_turn = s.rolled;
    if (mid_turn) CloseTurn(e, *who);  // as if ended, with the named player next
    else ClearTurn(s);
    s.current = *who;
    e.Info("G-2", Say(EffectWhat::CurrentPlayerSet, {*who, mid_turn ? 1 : 0}));
    Command canonical = Canon(x);
    canonical.action = SetPlayer{s.players[static_cast<size_t>(*who)].name};
    return Accept(std::move(fx), std::move(canonical));
}

// [SECTION] Trades (B-1..B-4, B-6, S-1..S-5)

ApplyResult DoBuy(Ctx& x, const Buy& b) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    RUTLAND_TRY(CheckListed(s, b.company));
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const Prospectus& pr = GetProspectus(b.company);
    const Tray& tray = s.tray[b.company];

    if (b.security == Security::Bond) {  // B-3
        RUTLAND_TRY(NeedAsk(s, b.company, "B-3"));
        RUTLAND_TRY(CheckBondAmount(b.company, b.amount, "B-3"));
        if (tray.bonds < b.amount)
            return Rejected(fmt::format("the tray has only {} of {} {} left", FormatMoney(Money::Dollars(tray.bonds)),
                                        Name(b.company), pr.debt_name),
                            "B-3");
        const Money cost = Money::Dollars(b.amount);
        RUTLAND_TRY(NeedCash(me, cost, [&] { return fmt::format("{} of {} {}", FormatMoney(cost), Name(b.company), pr.debt_name); }, "B-3"));
        Effects fx;
        Engine e(s, fx);
        NoteUnverified(e, s, true, b.company);
        e.Pay(Account::Player(x.actor), Account::Bank(), cost, "B-3", Say(EffectWhat::BondBuyPaid, {Index(b.company)}));
        e.MoveCertificates(x.actor, b.company, Security::Bond, b.amount, true, "B-3", Say(EffectWhat::BondTaken));
        if (ExDividend(s, x.actor)) {
            e.P(x.actor).ex_bonds[b.company] += b.amount;
            e.Info("B-5", Say(EffectWhat::ExBonds, {Index(b.company)}));
        }
        return Accept(std::move(fx), Canon(x));
    }

    std::string rule = "B-1";
    bool off_preferred_space = false;  // D-24
    if (b.security == Security::Preferred) {  // B-2
        rule = "B-2";
        if (pr.preferred_shares == 0) return Rejected(fmt::format("{} has no preferred shares", Name(b.company)), "B-2");
        if (!TradeSpaceOfKind(s, SpaceKind::Preferred, b.company)) {
            if (!YearEndBuys(s, x.actor))
                return Rejected(fmt::format("{} preferred is sold only at Preferred {}, not at {}{}", Name(b.company),
                                            Name(b.company), TradeSpacesText(s), StrictYearEndNote(s, x.actor)),
                                "B-2");
            off_preferred_space = true;
        }
    } else {
        RUTLAND_TRY(NeedAsk(s, b.company, "B-1"));
    }
    RUTLAND_TRY(CheckLot(b.amount));
    const int64_t left = b.security == Security::Preferred ? tray.preferred : tray.common;
    if (left < b.amount)
        return Rejected(left == 0 ? fmt::format("the tray has no {} left", SecurityWords(b.company, b.security))
                                  : fmt::format("the tray has only {} {} left", Shares(left), SecurityWords(b.company, b.security)),
                        rule);
    const Money cost = ValueAt(b.amount, s.price[b.company]);
    RUTLAND_TRY(NeedCash(me, cost, [&] {
        return fmt::format("{} {} at {}", Shares(b.amount), SecurityWords(b.company, b.security), FormatPrice(s.price[b.company]));
    }, rule));
    Effects fx;
    Engine e(s, fx);
    if (b.security == Security::Common) NoteUnverified(e, s, true, b.company);
    if (off_preferred_space)
        e.Info("D-24", Say(EffectWhat::OffPreferredSpace, {x.actor, Index(b.company), TradeSpaceAt(s, 0), TradeSpaceAt(s, 1)}));
    e.Pay(Account::Player(x.actor), Account::Bank(), cost, rule,
          Say(EffectWhat::BuyPaid, {Index(b.company), static_cast<int64_t>(b.security), b.amount, s.price[b.company]}));
    e.MoveCertificates(x.actor, b.company, b.security, b.amount, true, rule, Say(EffectWhat::SharesTaken));
    if (b.security == Security::Preferred && ExDividend(s, x.actor)) {
        e.P(x.actor).ex_preferred[b.company] += b.amount;
        e.Info("B-5", Say(EffectWhat::ExPreferred));
    }
    e.Promote(b.company, b.amount, true);
    return Accept(std::move(fx), Canon(x));
}

// S-6: the broker sells "up to the amount of money required". A forced sale is refused when the
// same sale one certificate smaller (5,000 shares, $10,000 of bonds) would already pay all the
// player owes; the last lot may overshoot (the surplus is the player's cash). Proceeds are
// reckoned as the sale pays them: shares all at the current price (M-1), bonds at face (S-2). A
// player whose whole holding would not pay may sell any of it.
std::optional<Rejection> CheckForcedSaleSize(const GameState& s, int player, Company c, Security sec, int64_t amount) {
    const PlayerState& me = s.players[static_cast<size_t>(player)];
    Money owed;
    for (const Obligation& o : s.pending)
        if (o.player == player) owed += o.amount;
    owed -= me.cash;  // cash is taken first (SettleObligations): normally none is left
    const bool bonds = sec == Security::Bond;
    const int64_t step = bonds ? kBondCertificate : kBoardLot;
    auto proceeds = [&](int64_t n) { return bonds ? Money::Dollars(n) : ValueAt(n, s.price[c]); };
    if (amount <= step || proceeds(amount - step) < owed) return std::nullopt;
    int64_t largest = step;
    while (proceeds(largest) < owed) largest += step;
    const std::string words = SecurityWords(c, sec);
    auto amount_words = [&](int64_t n) {
        return bonds ? fmt::format("{} of {}", FormatMoney(Money::Dollars(n)), words) : fmt::format("{} {}", Shares(n), words);
    };
    const std::string at = bonds ? std::string("at face") : fmt::format("at {}", FormatPrice(s.price[c]));
    return Rejection{fmt::format("{} owes {}: selling {} {} ({}) already pays it; the largest forced sale of {} allowed "
                                 "is {}",
                                 me.name, FormatMoney(owed), amount_words(amount - step), at,
                                 FormatMoney(proceeds(amount - step)), words,
                                 bonds ? FormatMoney(Money::Dollars(largest)) : Shares(largest)),
                     "S-6"};
}

ApplyResult DoSell(Ctx& x, const Sell& b) {
    GameState& s = x.s;
    // A player who owes the bank sells to pay it: no Bid needed, on anyone's turn (S-6).
    const bool forced = Owes(s, x.actor);
    if (!forced) RUTLAND_TRY(CheckTurn(x));
    RUTLAND_TRY(CheckListed(s, b.company));
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const Prospectus& pr = GetProspectus(b.company);

    if (b.security == Security::Bond) {  // S-2
        if (!forced) RUTLAND_TRY(NeedBid(s, b.company, "S-2"));
        RUTLAND_TRY(CheckBondAmount(b.company, b.amount, "S-2"));
        if (me.bonds[b.company] < b.amount)
            return Rejected(fmt::format("{} holds {} of {} {}, cannot sell {}", me.name,
                                        FormatMoney(Money::Dollars(me.bonds[b.company])), Name(b.company), pr.debt_name,
                                        FormatMoney(Money::Dollars(b.amount))),
                            "S-2");
        if (forced) RUTLAND_TRY(CheckForcedSaleSize(s, x.actor, b.company, b.security, b.amount));
        Effects fx;
        Engine e(s, fx);
        if (!forced) NoteUnverified(e, s, false, b.company);
        const Money proceeds = Money::Dollars(b.amount);
        e.MoveCertificates(x.actor, b.company, Security::Bond, b.amount, false, "S-2", Say(EffectWhat::BondHanded));
        e.Pay(Account::Bank(), Account::Player(x.actor), proceeds, "S-2", Say(EffectWhat::BondProceeds, {Index(b.company)}));
        return Accept(std::move(fx), x.cmd);
    }

    if (b.security == Security::Preferred && pr.preferred_shares == 0)
        return Rejected(fmt::format("{} has no preferred shares", Name(b.company)), "S-1");
    if (!forced) RUTLAND_TRY(NeedBid(s, b.company, "S-1"));
    RUTLAND_TRY(CheckLot(b.amount));
    const int64_t held = b.security == Security::Preferred ? me.preferred[b.company] : me.common[b.company];
    if (held < b.amount)
        return Rejected(fmt::format("{} holds {} {}, cannot sell {}", me.name, Shares(held),
                                    SecurityWords(b.company, b.security), Shares(b.amount)),
                        "S-1");
    if (forced) RUTLAND_TRY(CheckForcedSaleSize(s, x.actor, b.company, b.security, b.amount));
    Effects fx;
    Engine e(s, fx);
    if (!forced) NoteUnverified(e, s, false, b.company);
    else e.Info("S-6", Say(EffectWhat::ForcedSale, {x.actor}));
    const int ticks = s.price[b.company];
    const Money proceeds = ValueAt(b.amount, ticks);
    e.MoveCertificates(x.actor, b.company, b.security, b.amount, false, "S-1", Say(EffectWhat::SharesHanded));
    e.Pay(Account::Bank(), Account::Player(x.actor), proceeds, "S-1",
          Say(EffectWhat::SaleProceeds, {Index(b.company), static_cast<int64_t>(b.security), b.amount, ticks}));
    e.Forfeits(x.actor, b.company);
    e.Promote(b.company, b.amount, false);
    return Accept(std::move(fx), x.cmd);
}

ApplyResult DoShort(Ctx& x, const ShortSale& sh) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    RUTLAND_TRY(CheckListed(s, sh.company));
    RUTLAND_TRY(NeedBid(s, sh.company, "S-4"));
    RUTLAND_TRY(CheckLot(sh.shares));
    const Space& sp = SpaceOf(s, *s.turn_space);
    if (s.variants.uptick && sp.trend.value[static_cast<size_t>(Index(sh.company))] != Trend::Up)
        return Rejected(fmt::format("the up-tick rule is on and {}'s arrow at {} is Down", Name(sh.company), sp.label), "M-8");
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const int ticks = s.price[sh.company];
    const Money value = ValueAt(sh.shares, ticks);
    const Money need = (s.ShortExposure(x.actor) + value) * 2;  // D-12
    const Money have = s.MarginAssets(x.actor);
    if (have < need)
        return Rejected(fmt::format("{} needs {} of assets for this short, has {}", me.name, FormatMoney(need),
                                    FormatMoney(have)),
                        "S-4");
    Effects fx;
    Engine e(s, fx);
    NoteUnverified(e, s, false, sh.company);
    e.Info("S-4", Say(EffectWhat::ShortSold, {x.actor, Index(sh.company), sh.shares, ticks, have.cents(), need.cents()}));
    e.WriteNote(x.actor, sh.company, sh.shares, value, "S-4");
    e.Promote(sh.company, sh.shares, false);
    return Accept(std::move(fx), Canon(x));
}

ApplyResult DoCover(Ctx& x, const Cover& cv) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    RUTLAND_TRY(CheckListed(s, cv.company));
    RUTLAND_TRY(NeedAsk(s, cv.company, "B-6"));
    RUTLAND_TRY(CheckLot(cv.shares));
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const int64_t short_shares = s.ShortShares(x.actor, cv.company);
    if (short_shares < cv.shares)
        return Rejected(fmt::format("{} is short {} {}, cannot cover {}", me.name, Shares(short_shares),
                                    Name(cv.company), Shares(cv.shares)),
                        "S-5");
    const int ticks = s.price[cv.company];
    const Money cost = ValueAt(cv.shares, ticks);
    Effects fx;
    Engine e(s, fx);
    const Money back = e.ProceedsFor(x.actor, cv.company, cv.shares);
    if (me.cash + back < cost)
        return Rejected(fmt::format("{} needs {} to cover {} {} at {}, has {} in cash and {} on the notes", me.name,
                                    FormatMoney(cost), Shares(cv.shares), Name(cv.company), FormatPrice(ticks),
                                    FormatMoney(me.cash), FormatMoney(back)),
                        "S-5");
    NoteUnverified(e, s, true, cv.company);
    e.TakeBackNotes(x.actor, cv.company, cv.shares, "S-5");
    e.Pay(Account::Player(x.actor), Account::Bank(), cost, "S-5",
          Say(EffectWhat::CoverPaid, {Index(cv.company), cv.shares, ticks}));
    e.Promote(cv.company, cv.shares, true);
    return Accept(std::move(fx), Canon(x));
}

ApplyResult DoDirectorship(Ctx& x, const BuyDirectorship& d) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    RUTLAND_TRY(CheckListed(s, d.company));
    // D-24: after the year-ending draw a common directorship needs no Ask (the manual's "one
    // exception"); the holding, the count and the fee below still apply.
    const bool no_ask = NeedAsk(s, d.company, "B-4").has_value();
    if (no_ask && !YearEndBuys(s, x.actor)) {
        const Rejection r = *NeedAsk(s, d.company, "B-4");
        return Rejected(r.message + StrictYearEndNote(s, x.actor), r.rule);
    }
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const Prospectus& pr = GetProspectus(d.company);
    if (d.count < 1) return Rejected("buy at least one directorship", "B-4");
    int held_by_all = 0;
    for (const PlayerState& p : s.players) held_by_all += p.directorships[d.company];
    if (held_by_all + d.count > pr.common_directorships)
        return Rejected(fmt::format("{} has {} common directorships and {} are held", Name(d.company),
                                    pr.common_directorships, held_by_all),
                        "B-4");
    const int total = me.directorships[d.company] + d.count;
    const int64_t need = kSharesPerDirectorship * total;
    if (me.VotingShares(d.company) < need)
        return Rejected(fmt::format("{} holds {} {} shares; {} common directorship{} {} {}", me.name,
                                    Shares(me.VotingShares(d.company)), Name(d.company), total, total == 1 ? "" : "s",
                                    total == 1 ? "needs" : "need", Shares(need)),
                        "B-4");
    const Money fee = kDirectorshipFee * d.count;
    RUTLAND_TRY(NeedCash(me, fee, [&] { return fmt::format("{} legal fee{}", d.count, d.count == 1 ? "" : "s"); }, "B-4"));
    Effects fx;
    Engine e(s, fx);
    if (no_ask)
        e.Info("D-24", Say(EffectWhat::NoAskYearEnd, {Index(d.company), TradeSpaceAt(s, 0), TradeSpaceAt(s, 1)}));
    else NoteUnverified(e, s, true, d.company);
    e.Pay(Account::Player(x.actor), Account::Bank(), fee, "B-4", Say(EffectWhat::LegalFees, {d.count}));
    e.P(x.actor).directorships[d.company] += d.count;
    Effect ring;
    ring.kind = EffectKind::Directorship;
    ring.rule = "B-4";
    ring.player = x.actor;
    ring.company = d.company;
    ring.quantity = d.count;
    ring.what = EffectWhat::RingsOn;
    ring.n = {total};
    e.Emit(std::move(ring));
    if (ExDividend(s, x.actor)) {
        e.P(x.actor).ex_directorships[d.company] += d.count;
        e.Info("B-5", Say(EffectWhat::ExDirectorship));
    }
    return Accept(std::move(fx), Canon(x));
}

// [SECTION] Obligations (S-6: a player short of cash sells)

// While someone owes the bank, only their sales (and notes, board corrections, undo) go through.
std::optional<Rejection> CheckPending(const GameState& s, const Command& cmd) {
    if (s.pending.empty()) return std::nullopt;
    if (std::holds_alternative<Note>(cmd.action) || std::holds_alternative<BoardFix>(cmd.action)) return std::nullopt;
    const Obligation& o = s.pending.front();
    const std::string& who = s.players[static_cast<size_t>(o.player)].name;
    if (std::holds_alternative<Sell>(cmd.action)) return std::nullopt;  // DoSell checks who may sell now
    return Rejection{fmt::format("{} still owes the bank {} for {}: first {} sells assets to pay (e.g. '{}: sell ...'), or "
                              "undo",
                              who, FormatMoney(o.amount), o.reason, who, who),
                  "S-6"};
}

// [SECTION] Ledger-only and table commands

ApplyResult DoBoardFix(Ctx& x, const BoardFix& f) {
    GameState& s = x.s;
    std::string error;
    auto idx = s.board->Find(f.space, &error);
    if (!idx) return Rejected(error, "D-2");
    const Space old = s.board->At(*idx);  // a copy: the board it lives in is replaced below
    Space fixed = old;
    if (f.kind) {
        const bool changeable = old.kind.value == SpaceKind::Time || old.kind.value == SpaceKind::Market;
        if (!changeable || (*f.kind != SpaceKind::Time && *f.kind != SpaceKind::Market))
            return Rejected(fmt::format("{} is a {} space by its name; only a Time or market space may be corrected to the "
                                        "other",
                                        old.label, SpaceKindName(old.kind.value)),
                            "BD-1");
        fixed.kind = {*f.kind, true};
    }
    if (f.trend) fixed.trend = {*f.trend, true};
    if (f.ask) {
        if (old.kind.value != SpaceKind::Subsidiary && f.ask->Count() > 0)
            return Rejected(fmt::format("{} is not a subsidiary: only subsidiaries show an Ask", old.label), "BD-3");
        if (old.kind.value == SpaceKind::Subsidiary && f.ask->Count() != 3)
            return Rejected(fmt::format("a subsidiary shows an Ask triplet (three companies), got {}", f.ask->Count()), "BD-3");
        fixed.ask = {*f.ask, true};
    }
    if (f.bid) {
        if (old.kind.value == SpaceKind::Subsidiary && f.bid->Count() > 0)
            return Rejected(fmt::format("{} is a subsidiary: subsidiaries show no Bids", old.label), "BD-3");
        if (old.kind.value != SpaceKind::Subsidiary && f.bid->Count() == 0)
            return Rejected(fmt::format("{} is not a subsidiary: it shows market Bids", old.label), "BD-3");
        if (old.kind.value == SpaceKind::Preferred && !f.bid->Has(*old.company))
            return Rejected(fmt::format("{} shows a Bid for {}", old.label, Name(*old.company)), "BD-3");
        fixed.bid = {*f.bid, true};
    }
    if (f.position && (*f.position < 0 || *f.position >= s.board->SpaceCount()))
        return Rejected(fmt::format("positions run from 0 to {}, got {}", s.board->SpaceCount() - 1, *f.position), "BD-1");

    Effects fx;
    Engine e(s, fx);
    auto board = std::make_shared<Board>(*s.board);
    int other = -1;  // the space whose position the corrected one takes (BD-1: they swap)
    if (f.position && *f.position != old.position.value) {
        other = board->AtPosition(*f.position);
        if (other >= 0) board->MutableAt(other).position.value = old.position.value;
    }
    if (f.position) fixed.position = {*f.position, true};
    board->MutableAt(*idx) = fixed;
    s.board = std::move(board);
    auto arrows = [](const Trends& t) {
        int64_t bits = 0;
        for (int k = 0; k < kCompanyCount; ++k)
            if (t[static_cast<size_t>(k)] == Trend::Up) bits |= int64_t{1} << k;
        return bits;
    };
    Effect fix;
    fix.kind = EffectKind::Board;
    fix.rule = "D-2";
    fix.space = *idx;
    fix.what = EffectWhat::BoardCorrected;
    fix.n = {(f.kind ? 1 : 0) | (f.position ? 2 : 0) | (f.trend ? 4 : 0) | (f.ask ? 8 : 0) | (f.bid ? 16 : 0),
             static_cast<int64_t>(old.kind.value) | static_cast<int64_t>(fixed.kind.value) << 8,
             static_cast<int64_t>(old.position.value) | static_cast<int64_t>(fixed.position.value) << 16,
             arrows(old.trend.value) | arrows(fixed.trend.value) << 4 | int64_t{old.ask.value.bits} << 8 |
                 int64_t{fixed.ask.value.bits} << 12 | int64_t{old.bid.value.bits} << 16 | int64_t{fixed.bid.value.bits} << 20,
             other + 1, old.position.value};
    e.Emit(std::move(fix));
    Command canonical = Canon(x);
    BoardFix canon_fix = f;
    canon_fix.space = old.name;
    canonical.action = canon_fix;
    return Accept(std::move(fx), std::move(canonical));
}

} // namespace

// [SECTION] Apply

ApplyResult Apply(GameState& state, const Command& command) {
    int actor = state.current;
    if (command.actor) {
        auto who = state.FindPlayer(*command.actor);
        if (!who) return Rejected(fmt::format("no player called {}", *command.actor), "G-2");
        actor = *who;
    }
    if (state.winner && !std::holds_alternative<Note>(command.action))
        return Rejected(fmt::format("the game is over: {} has won; only undo and notes are accepted",
                                    state.players[static_cast<size_t>(*state.winner)].name),
                        "W-1");
    if (auto r = CheckPending(state, command)) return Rejected(r->message, r->rule);
    if (std::holds_alternative<Sell>(command.action) && !state.pending.empty() && !Owes(state, actor)) {
        const Obligation& o = state.pending.front();
        return Rejected(fmt::format("{} still owes the bank {} for {}: only {}'s sales are accepted until it is paid",
                                    state.players[static_cast<size_t>(o.player)].name, FormatMoney(o.amount), o.reason,
                                    state.players[static_cast<size_t>(o.player)].name),
                        "S-6");
    }
    Ctx x{state, command, actor};
    ApplyResult result = std::visit(
        [&](const auto& a) -> ApplyResult {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, GameHeader>) return Rejected("the game header comes once, on the first line", "G-1");
            else if constexpr (std::is_same_v<T, Roll>) return DoRoll(x, a);
            else if constexpr (std::is_same_v<T, EndTurn>) return DoEnd(x);
            else if constexpr (std::is_same_v<T, SetPlayer>) return DoSetPlayer(x, a);
            else if constexpr (std::is_same_v<T, Buy>) return DoBuy(x, a);
            else if constexpr (std::is_same_v<T, Sell>) return DoSell(x, a);
            else if constexpr (std::is_same_v<T, ShortSale>) return DoShort(x, a);
            else if constexpr (std::is_same_v<T, Cover>) return DoCover(x, a);
            else if constexpr (std::is_same_v<T, BuyDirectorship>) return DoDirectorship(x, a);
            else if constexpr (std::is_same_v<T, BoardFix>) return DoBoardFix(x, a);
            else if constexpr (std::is_same_v<T, Note>) {
                Effects fx;
                Effect e;
                e.kind = EffectKind::Info;
                e.rule = "note";
                e.what = EffectWhat::Note;
                e.quote = a.text;
                fx.push_back(std::move(e));
                return Accept(std::move(fx), command);
            }
            else if constexpr (std::is_same_v<T, Undo> || std::is_same_v<T, Redo>)
                return Rejected("undo and redo act on the ledger, not on a state", "COMMANDS.md");
            else if constexpr (std::is_same_v<T, TimeCard>) return DoTime(x, a);
            else if constexpr (std::is_same_v<T, YearEnd>) return DoYearEnd(x);
            else if constexpr (std::is_same_v<T, Convert>) return DoConvert(x, a);
            else if constexpr (std::is_same_v<T, Rights>) return DoRights(x, a);
            else if constexpr (std::is_same_v<T, AcceptOption>) return DoAcceptOption(x, a);
            else if constexpr (std::is_same_v<T, Exercise>) return DoExercise(x, a);
            else if constexpr (std::is_same_v<T, Transfer>) return DoTransfer(x, a);
            else if constexpr (std::is_same_v<T, EscrowChange>) return DoEscrowChange(x, a);
            else if constexpr (std::is_same_v<T, Declare>) return DoDeclare(x);
            else if constexpr (std::is_same_v<T, CountMarket>) return DoCountMarket(x, a);
            else if constexpr (std::is_same_v<T, CountPlayer>) return DoCountPlayer(x, a);
        },
        command.action);
    if (result.accepted && !state.pending.empty()) Engine(state, result.effects).SettleObligations();
    if (result.accepted && state.declaring && !Owes(state, *state.declaring)) {
        Engine e(state, result.effects);
        DecideClaim(e);  // W-1: the declarer's margin call is paid
    }
    return result;
}

Effects YearEndPreview(const GameState& state) { return PreviewYearEnd(state); }

std::vector<Claim> CouldDeclare(const GameState& state) {
    std::vector<Claim> out;
    if (state.winner) return out;  // the game is over
    for (int p = 0; p < static_cast<int>(state.players.size()); ++p)
        if (auto c = state.players[static_cast<size_t>(p)].escrow; c && HoldsMajority(state, p, *c)) out.push_back({p, *c});
    return out;
}

// [SECTION] Conservation

std::optional<std::string> CheckConservation(const GameState& s) {
    Money total = s.bank;
    for (const PlayerState& p : s.players) {
        total += p.cash;
        if (p.cash < Money()) return fmt::format("{} has negative cash {}", p.name, FormatMoney(p.cash));
    }
    for (Company c : kCompanies) total += s.MarginHeld(c);
    if (total != Money()) return fmt::format("cash does not balance: bank + players + margin accounts = {}", FormatMoney(total));
    for (Company c : kCompanies) {
        const Prospectus& pr = GetProspectus(c);
        int64_t common = s.tray[c].common, preferred = s.tray[c].preferred, bonds = s.tray[c].bonds;
        int directorships = 0;
        for (const PlayerState& p : s.players) {
            common += p.common[c];
            preferred += p.preferred[c];
            bonds += p.bonds[c];
            directorships += p.directorships[c];
            if (p.common[c] < 0 || p.preferred[c] < 0 || p.bonds[c] < 0 || p.directorships[c] < 0)
                return fmt::format("{} holds a negative amount of {}", p.name, pr.name);
        }
        if (common != pr.common_shares) return fmt::format("{} common: tray + holdings = {}, issued {}", pr.name, common, pr.common_shares);
        if (preferred != pr.preferred_shares)
            return fmt::format("{} preferred: tray + holdings = {}, issued {}", pr.name, preferred, pr.preferred_shares);
        if (bonds * 100 != pr.debt_issue.cents())
            return fmt::format("{} {}: tray + holdings = {}, issued {}", pr.name, pr.debt_name, bonds, pr.debt_issue.cents() / 100);
        if (directorships > pr.common_directorships)
            return fmt::format("{}: {} common directorships held, only {} exist", pr.name, directorships, pr.common_directorships);
        for (const ShortNote& n : s.margin[c])
            if (n.shares <= 0 || n.proceeds < Money()) return fmt::format("{} margin account holds an empty note", pr.name);
    }
    return std::nullopt;
}

} // namespace rutland::bbr
