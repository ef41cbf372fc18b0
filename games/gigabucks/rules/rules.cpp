// Corporate Gigabucks' rules (rules/rules.h; RULES.md sections 4-14).
#include "rules/rules.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "base/names.h"

namespace rutland::gigabucks {

namespace {

using K = EffectKind;

struct Refused {
    Rejection why;
};

[[noreturn]] void Refuse(std::string message, const char* rule) { throw Refused{Rejection{std::move(message), rule}}; }

// G-1: a letter then letters or digits; a byte above ASCII is part of a letter (the header's names
// passed the kernel's guards, base/names.h, when the line was read).
bool IsName(std::string_view s) {
    const auto letter = [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0 || static_cast<unsigned char>(ch) >= 0x80; };
    if (s.empty() || !letter(s[0])) return false;
    return std::all_of(s.begin(), s.end(), [&](char ch) { return letter(ch) || std::isdigit(static_cast<unsigned char>(ch)) != 0; });
}

// Section 17: a player by his name or by a prefix no other name shares (retired players included);
// a full name always names its player. Else L-1.
int Resolve(const GameState& s, const std::string& typed) {
    const std::string t = FoldName(typed);
    int found = -1, count = 0;
    for (size_t i = 0; i < s.players.size(); ++i) {
        const std::string n = FoldName(s.players[i].name);
        if (n == t) return static_cast<int>(i);
        if (n.rfind(t, 0) == 0) found = static_cast<int>(i), ++count;
    }
    if (count != 1) Refuse(count == 0 ? "no player " + typed : typed + " names more than one player", "L-1");
    return found;
}

class Engine {
public:
    Engine(GameState& s, Effects& fx) : m_s(s), m_fx(fx) {}

    void Add(K kind, const char* rule, int player = -1, int other = -1, int space = -1, int64_t n0 = 0, int64_t n1 = 0,
             int64_t n2 = 0) {
        Effect e;
        e.kind = kind;
        e.rule = rule;
        e.player = player;
        e.other = other;
        e.space = space;
        e.n = {n0, n1, n2};
        m_fx.push_back(std::move(e));
    }
    Player& P(int p) { return m_s.players[static_cast<size_t>(p)]; }
    Corporation& C(int space) { return m_s.corporations[static_cast<size_t>(space)]; }

    // U-3: the only ways money moves. A player pays another; a player's G go to wait (RS-2, RS-4);
    // a remainder waiting pays a player (RS-4, W-1).
    void Transfer(int from, int to, Money amount, const char* rule) {
        if (amount <= 0) return;
        P(from).cash -= amount;
        P(to).cash += amount;
        Add(K::Paid, rule, from, to, -1, amount);
    }
    void ToPool(int from, Money amount, const char* rule) {
        if (amount <= 0) return;
        P(from).cash -= amount;
        if (m_s.header.combine_remainders && !m_s.remainders.empty()) m_s.remainders[0] += amount;
        else m_s.remainders.push_back(amount);
        Add(K::Paid, rule, from, -1, -1, amount);
        Add(K::RemainderWaits, rule, -1, -1, -1, amount);
    }
    void FromPool(size_t index, int to, Money amount, const char* rule) {
        if (amount <= 0) return;
        m_s.remainders[index] -= amount;
        P(to).cash += amount;
        Add(K::Paid, rule, -1, to, -1, amount);
    }

    std::vector<int> InGame() const {
        std::vector<int> out;
        for (size_t i = 0; i < m_s.players.size(); ++i)
            if (m_s.InGame(static_cast<int>(i))) out.push_back(static_cast<int>(i));
        return out;
    }
    // AU-6: every other player in the game, in seating order from the winner's left.
    std::vector<int> Opponents(int of) const {
        std::vector<int> out;
        const int n = static_cast<int>(m_s.players.size());
        for (int k = 1; k < n; ++k) {
            const int i = (of + k) % n;
            if (m_s.InGame(i)) out.push_back(i);
        }
        return out;
    }

    // RS-4: remainders paid out at a retirement.
    void PayRemainders() {
        const std::vector<int> left = InGame();
        const Money n = static_cast<Money>(left.size());
        if (n == 0) return;
        if (m_s.header.combine_remainders) {
            if (!m_s.remainders.empty() && m_s.remainders[0] >= n) {
                const Money each = m_s.remainders[0] / n;
                for (int p : left) FromPool(0, p, each, "RS-4");
            }
        } else {
            for (size_t i = 0; i < m_s.remainders.size(); ++i)
                if (m_s.remainders[i] == n)
                    for (int p : left) FromPool(i, p, 1, "RS-4");
        }
        m_s.remainders.erase(std::remove(m_s.remainders.begin(), m_s.remainders.end(), 0), m_s.remainders.end());
    }

    // BK-2, BK-3, RS-2, RS-3, W-1: a player leaves the game.
    void Retire(int p, bool resigned, const char* rule) {
        P(p).status = resigned ? PlayerStatus::Resigned : PlayerStatus::Bankrupt;
        Add(resigned ? K::Resigned : K::Bankrupt, rule, p);
        m_s.pending.erase(std::remove(m_s.pending.begin(), m_s.pending.end(), p), m_s.pending.end());
        if (P(p).space >= 0) {
            Add(K::TokenLeft, "BK-2", p, -1, P(p).space);
            P(p).space = -1;
        }
        if (resigned) {
            for (int space = 0; space < m_s.Spaces(); ++space)
                if (C(space).status == CorpStatus::Chartered && C(space).owner == p) {
                    C(space).status = CorpStatus::Inactive;
                    C(space).owner = -1;
                    Add(K::MadeInactive, "RS-3", p, -1, space, C(space).lines);
                }
            if (!m_s.header.keep_funds) {
                const std::vector<int> left = InGame();
                if (!left.empty()) {
                    const Money each = P(p).cash / static_cast<Money>(left.size());
                    for (int q : left) Transfer(p, q, each, "RS-2");
                    ToPool(p, P(p).cash, "RS-2");
                }
            }
        }
        PayRemainders();
        const std::vector<int> left = InGame();
        if (left.size() == 1) {  // W-1
            m_s.winner = left[0];
            for (size_t i = 0; i < m_s.remainders.size(); ++i) FromPool(i, left[0], m_s.remainders[i], "W-1");
            m_s.remainders.clear();
            m_s.phase = Phase::Over;
            m_s.turn.reset();
            m_s.due = {};
            m_s.pending.clear();
            Add(K::GameWon, "W-1", left[0]);
        }
    }

    bool Over() const { return m_s.phase == Phase::Over; }

    // T-1: the CuPlTo to the next player in the game after `from`.
    void PassFrom(int from, const char* rule) {
        const int n = static_cast<int>(m_s.players.size());
        for (int k = 1; k <= n; ++k) {
            const int i = (from + k) % n;
            if (m_s.InGame(i)) {
                m_s.current = i;
                break;
            }
        }
        Add(K::TurnPassed, rule, m_s.current);
    }

    // T-9, T-10, RS-5: the turn ends; held resignations act in the order typed (the CuPl's own
    // last, when he resigns); the CuPlTo passes (to `to` for X-3).
    void FinishTurn(const char* rule, bool cupl_resigns = false, int to = -1) {
        const int cupl = m_s.current;
        Add(K::TurnEnded, rule, cupl);
        const std::vector<int> held = m_s.pending;
        m_s.pending.clear();
        for (int p : held) {
            if (Over()) break;
            Retire(p, true, "RS-5");
        }
        if (cupl_resigns && !Over()) Retire(cupl, true, "RS-5");
        if (Over()) return;
        m_s.turn.reset();
        m_s.due = {};
        m_s.phase = Phase::Start;
        if (to >= 0) {
            m_s.current = to;
            Add(K::TurnPassed, "X-3", to);
        } else {
            PassFrom(cupl, "T-1");
        }
    }

private:
    GameState& m_s;
    Effects& m_fx;
};

Money Floor(Money v, Money step) { return step > 0 ? v / step * step : v; }

void CheckSpace(const GameState& s, int space) {
    if (space < 0 || space >= s.Spaces())
        Refuse(fmt::format("no space {}: the ring is 0 to {}", space, s.Spaces() - 1), "BD-1");
}

void CheckNotOverNotDue(const GameState& s) {
    if (s.phase == Phase::Over) Refuse("the game is over: only note, undo and redo", "W-2");
    if (s.phase == Phase::Due) Refuse("a result is due first", "T-8");
}

std::string DueWords(const GameState& s) {
    switch (s.due.kind) {
        case Due::Kind::Charter: return fmt::format("the charter auction for {} is due", s.due.space);
        case Due::Kind::Reactivation: return fmt::format("the reactivation auction for {} is due", s.due.space);
        case Due::Kind::Royalty: return fmt::format("{} owes a royalty of {} to {}: involuntary liquidation auctions are due",
                                                    s.players[static_cast<size_t>(s.current)].name, s.due.amount,
                                                    s.players[static_cast<size_t>(s.due.to)].name);
        case Due::Kind::None: break;
    }
    return "a result is due";
}

const std::string& Name(const GameState& s, int p) { return s.players[static_cast<size_t>(p)].name; }

// [SECTION] The landing (T-7)

void Land(GameState& s, Engine& en, int p, int space) {
    Turn& turn = *s.turn;
    const Corporation& c = s.corporations[static_cast<size_t>(space)];
    if (c.status == CorpStatus::Unchartered) {
        turn.landed = Landed::Unchartered;
        s.due = {Due::Kind::Charter, space, -1, 0};
        s.phase = Phase::Due;
        en.Add(K::AuctionDue, "CH-1", -1, -1, space, static_cast<int64_t>(AuctionKind::Charter));
        return;
    }
    if (c.status == CorpStatus::Inactive) {
        turn.landed = Landed::Inactive;
        s.due = {Due::Kind::Reactivation, space, -1, 0};
        s.phase = Phase::Due;
        en.Add(K::AuctionDue, "CH-4", -1, -1, space, static_cast<int64_t>(AuctionKind::Reactivation));
        return;
    }
    if (c.owner == p) {
        turn.landed = Landed::Own;
        s.phase = Phase::Open;
        return;
    }
    turn.landed = Landed::Opponent;
    const int owner = c.owner;
    const RoyaltyFigure fig = FigureRoyalty(s, space);
    RoyaltyRecord r;
    r.payer = p;
    r.owner = owner;
    r.space = space;
    r.rule = s.header.royalty;
    r.amount = fig.amount;
    r.parts = fig.parts;
    en.Add(K::RoyaltyFigured, "RY-2", p, owner, space, fig.amount);
    s.phase = Phase::Open;
    if (fig.amount == 0) {
        r.outcome = Outcome::None;
    } else if (en.P(p).cash >= fig.amount) {
        en.Transfer(p, owner, fig.amount, "RY-5");
        r.paid = fig.amount;
        r.outcome = Outcome::Paid;
    } else if (s.OwnsAny(p)) {
        r.outcome = Outcome::Due;
        s.due = {Due::Kind::Royalty, space, owner, fig.amount};
        s.phase = Phase::Due;
        en.Add(K::RoyaltyDue, "IN-1", p, owner, space, fig.amount, fig.amount - en.P(p).cash);
    } else {
        r.paid = en.P(p).cash;
        r.outcome = Outcome::Bankrupt;
        en.Transfer(p, owner, en.P(p).cash, "BK-1");
        s.last_royalty = r;
        en.Retire(p, false, "BK-1");
        if (!en.Over()) en.FinishTurn("T-10");
        return;
    }
    s.last_royalty = r;
}

// After an InLiAu (IN-4, BK-1): the royalty paid once the cash covers it, or bankruptcy.
void SettleRoyalty(GameState& s, Engine& en) {
    const int p = s.current;
    const int owner = s.due.to;
    const Money amount = s.due.amount;
    RoyaltyRecord& r = *s.last_royalty;
    if (en.P(p).cash >= amount) {
        en.Transfer(p, owner, amount, "IN-4");
        r.paid = amount;
        r.outcome = Outcome::Paid;
        en.FinishTurn("T-10");
    } else if (!s.OwnsAny(p)) {
        r.paid = en.P(p).cash;
        r.outcome = Outcome::Bankrupt;
        en.Transfer(p, owner, en.P(p).cash, "BK-1");
        en.Retire(p, false, "BK-1");
        if (!en.Over()) en.FinishTurn("T-10");
    } else {
        en.Add(K::RoyaltyDue, "IN-1", p, owner, s.due.space, amount, amount - en.P(p).cash);
    }
}

// [SECTION] The commands

// A player named on a line, or nobody (`-`).
struct Seat {
    int v = -1;
    explicit operator bool() const { return v >= 0; }
    int operator*() const { return v; }
};

struct Applier {
    GameState& s;
    Engine& en;

    std::optional<int> WhoOf(const std::optional<std::string>& who) { return who ? std::optional<int>(Resolve(s, *who)) : std::nullopt; }

    // T-1: the player to move, on the table he plays on (held resignations acted).
    void ToMoveTable(const std::optional<int>& who) {
        CheckNotOverNotDue(s);
        const std::optional<GameState> table = MoverTable(s);
        if (!table) Refuse("nobody is to move: every other player's resignation is held", "T-1");
        if (who && *who != table->current)
            Refuse(fmt::format("{} is not to move: {} is", Name(s, *who), Name(*table, table->current)), "T-1");
        if (s.phase == Phase::Open) en.FinishTurn("T-9");
    }

    void operator()(const Header&) { Refuse("one game a script: another header", "L-1"); }

    void operator()(Place& c) {
        const std::optional<int> who = WhoOf(c.who);
        if (who) c.who = Name(s, *who);
        ToMoveTable(who);
        const int p = s.current;
        CheckSpace(s, c.space);
        if (KindFor(s, p) != MoveKind::Place) Refuse(fmt::format("{} rolls: not a flexible turn", Name(s, p)), "T-2");
        const int token = s.TokenAt(c.space);
        if (token >= 0 && token != p) Refuse(fmt::format("{}'s token stands on {}", Name(s, token), c.space), "T-2");
        if (s.corporations[static_cast<size_t>(c.space)].status != CorpStatus::Unchartered)
            Refuse(fmt::format("{} is not unchartered", c.space), "T-2");
        Player& pl = en.P(p);
        pl.turns += 1;
        pl.space = c.space;
        s.turn = Turn{};
        s.turn->flexible = true;
        s.turn->space = c.space;
        s.turn->landed = Landed::Placed;
        en.Add(K::Placed, "T-2", p, -1, c.space);
        s.due = {Due::Kind::Charter, c.space, -1, 0};
        s.phase = Phase::Due;
        en.Add(K::AuctionDue, "CH-1", -1, -1, c.space, static_cast<int64_t>(AuctionKind::Charter));
    }

    void operator()(Roll& c) {
        const std::optional<int> who = WhoOf(c.who);
        if (who) c.who = Name(s, *who);
        ToMoveTable(who);
        const int p = s.current;
        const int lo = s.header.dice_count, hi = s.header.dice_count * s.header.dice_sides;
        if (KindFor(s, p) != MoveKind::Roll) Refuse(fmt::format("{} places: a flexible turn", Name(s, p)), "T-4");
        if (c.total < lo || c.total > hi) Refuse(fmt::format("a roll of {} dice is {} to {}", DiceWordOf(), lo, hi), "T-4");
        if (c.at) {
            CheckSpace(s, *c.at);
            const int token = s.TokenAt(*c.at);
            if (token >= 0 && token != p) Refuse(fmt::format("{}'s token stands on {}", Name(s, token), *c.at), "T-6");
        }
        const int desk = Arrival(s, p, c.total);
        const int arrive = c.at.value_or(desk);
        Player& pl = en.P(p);
        pl.turns += 1;
        pl.space = arrive;
        s.turn = Turn{};
        s.turn->roll = c.total;
        s.turn->space = arrive;
        en.Add(K::Moved, c.at ? "T-6" : "T-5", p, -1, arrive, c.total, desk);
        Land(s, en, p, arrive);
    }
    std::string DiceWordOf() const { return std::to_string(s.header.dice_count) + "d" + std::to_string(s.header.dice_sides); }

    void CheckBid(Money bid, Money step) {
        if (bid < 1) Refuse("a bid is at least 1", "AU-2");
        if (bid % step != 0) Refuse(fmt::format("a bid is a multiple of {}", step), "AU-2");
    }

    AuctionRecord Record(AuctionKind kind) {
        AuctionRecord a;
        a.kind = kind;
        a.caller = s.current;
        return a;
    }

    void operator()(Charter& c) {
        const Seat winner = c.winner ? Seat{Resolve(s, *c.winner)} : Seat{};
        if (winner) c.winner = Name(s, *winner);
        const Due::Kind want = c.reactivate ? Due::Kind::Reactivation : Due::Kind::Charter;
        const char* rule = c.reactivate ? "CH-4" : "CH-2";
        if (s.phase == Phase::Over) Refuse("the game is over: only note, undo and redo", "W-2");
        if (s.phase == Phase::Due && s.due.kind != want) Refuse(DueWords(s), "T-8");
        if (s.phase != Phase::Due) Refuse(fmt::format("no {} auction is due", c.reactivate ? "reactivation" : "charter"), "AU-1");
        const int space = s.due.space;
        AuctionRecord a = Record(c.reactivate ? AuctionKind::Reactivation : AuctionKind::Charter);
        a.spaces = {space};
        if (winner) {
            const int w = *winner;
            if (!s.InGame(w)) Refuse(fmt::format("{} is out of the game", Name(s, w)), "AU-4");
            CheckBid(c.bid, s.header.bid_step);
            const std::vector<int> opp = en.Opponents(w);
            const Money total = c.bid * static_cast<Money>(opp.size());
            if (total > en.P(w).cash)
                Refuse(fmt::format("{} cannot pay {} to each of {} opponents ({}), he has {}", Name(s, w), c.bid, opp.size(), total,
                                   en.P(w).cash), "AU-3");
            for (int o : opp) en.Transfer(w, o, c.bid, rule);
            Corporation& corp = en.C(space);
            corp.status = CorpStatus::Chartered;
            corp.owner = w;
            if (!c.reactivate) corp.lines = 0;
            en.Add(K::Chartered, rule, w, -1, space, c.bid);
            a.winner = w;
            a.bid = c.bid;
            a.each = c.bid;
            a.total = total;
        } else {
            en.Add(K::NobodyBid, c.reactivate ? "CH-4" : "CH-3", -1, -1, space,
                   static_cast<int64_t>(c.reactivate ? AuctionKind::Reactivation : AuctionKind::Charter));
        }
        s.last_auction = a;
        s.due = {};
        if (s.turn && s.turn->flexible) {
            en.FinishTurn("T-10");
        } else {
            s.phase = Phase::Open;
            if (s.turn) s.turn->reoffer_open = false;
        }
    }

    void OpenTurnAuction(const char* what, bool held) {
        if (s.phase == Phase::Over) Refuse("the game is over: only note, undo and redo", "W-2");
        if (s.phase == Phase::Due) Refuse(DueWords(s), "T-8");
        if (s.phase != Phase::Open) Refuse(fmt::format("a {} is called only in the CuPl's open turn", what), "AU-1");
        if (held) Refuse(fmt::format("this turn's {} was held already", what), "AU-1");
    }

    void operator()(Diversify& c) {
        const Seat winner = c.winner ? Seat{Resolve(s, *c.winner)} : Seat{};
        if (winner) c.winner = Name(s, *winner);
        OpenTurnAuction("diversification auction", s.turn && s.turn->diversified);
        AuctionRecord a = Record(AuctionKind::Diversify);
        if (winner) {
            const int w = *winner;
            if (!s.InGame(w)) Refuse(fmt::format("{} is out of the game", Name(s, w)), "AU-4");
            if (!s.OwnsAny(w)) Refuse(fmt::format("{} owns no corporation", Name(s, w)), "AU-4");
            CheckBid(c.bid, s.header.bid_step);
            int lines = 0;
            for (const auto& [space, k] : c.lines) {
                CheckSpace(s, space);
                lines += k;
            }
            if (lines < 1) Refuse("a diversification buys at least one line", "DI-1");
            for (const auto& [space, k] : c.lines) {
                const Corporation& corp = s.corporations[static_cast<size_t>(space)];
                if (corp.status != CorpStatus::Chartered || corp.owner != w)
                    Refuse(fmt::format("{} does not own {}", Name(s, w), space), "DI-1");
            }
            const std::vector<int> opp = en.Opponents(w);
            const Money each = c.bid * lines;
            const Money total = each * static_cast<Money>(opp.size());
            if (total > en.P(w).cash)
                Refuse(fmt::format("{} cannot pay {} x {} = {} to each of {} opponents ({}), he has {}", Name(s, w), c.bid, lines, each,
                                   opp.size(), total, en.P(w).cash), "AU-3");
            for (int o : opp) en.Transfer(w, o, each, "DI-3");
            for (const auto& [space, k] : c.lines) {
                if (k == 0) continue;
                en.C(space).lines += k;
                en.Add(K::LinesAdded, "DI-3", w, -1, space, k);
                a.spaces.push_back(space);
            }
            a.winner = w;
            a.bid = c.bid;
            a.lines = lines;
            a.each = each;
            a.total = total;
        } else {
            en.Add(K::NobodyBid, "DI-3", -1, -1, -1, static_cast<int64_t>(AuctionKind::Diversify));
        }
        s.turn->diversified = true;
        s.turn->reoffer_open = false;
        s.last_auction = a;
    }

    void operator()(Voluntary& c) {
        const Seat winner = c.winner ? Seat{Resolve(s, *c.winner)} : Seat{};
        if (winner) c.winner = Name(s, *winner);
        OpenTurnAuction("voluntary liquidation auction",
                        s.turn && (s.turn->voluntary == VoluntaryDone::Sold || (s.turn->voluntary == VoluntaryDone::Unmet && !s.header.reoffer)));
        Turn& turn = *s.turn;
        if (turn.voluntary == VoluntaryDone::Unmet) {  // VO-4, with `reoffer`
            if (!turn.reoffer_open) Refuse("a re-offer is only the next auction result after the unmet one", "VO-4");
            if (!c.min || *c.min > turn.unmet_min - 5)
                Refuse(fmt::format("a re-offer's min= is at least 5 below the unmet one's ({}): at most {}", turn.unmet_min,
                                   turn.unmet_min - 5), "VO-4");
        }
        const int cupl = s.current;
        if (winner) {
            const int w = *winner;
            if (!s.InGame(w)) Refuse(fmt::format("{} is out of the game", Name(s, w)), "AU-4");
            if (w == cupl) Refuse(fmt::format("{} is the seller", Name(s, w)), "AU-4");
        }
        if (c.min && *c.min < 1) Refuse("min= is at least 1", "AU-2");
        if (winner) {
            CheckBid(c.price, s.header.liq_step);
            if (c.anyway && !c.min) Refuse("anyway is a sale below its min=, which is not typed", "AU-2");
            if (c.anyway && c.price >= *c.min) Refuse(fmt::format("anyway: {} is not below min={}", c.price, *c.min), "AU-2");
            if (!c.anyway && c.min && c.price < *c.min)
                Refuse(fmt::format("{} is below the minimum {}: cancel (`voluntary - min={}`) or sell anyway", c.price, *c.min, *c.min), "AU-2");
            for (int space : c.spaces) CheckSpace(s, space);
            if (c.spaces.empty()) Refuse("a sale names at least one space", "VO-2");
            std::set<int> seen;
            for (int space : c.spaces) {
                if (!seen.insert(space).second) Refuse(fmt::format("{} named twice", space), "VO-2");
                const Corporation& corp = s.corporations[static_cast<size_t>(space)];
                if (corp.status != CorpStatus::Chartered || corp.owner != cupl)
                    Refuse(fmt::format("{} does not own {}", Name(s, cupl), space), "VO-2");
            }
            const int w = *winner;
            if (c.price > en.P(w).cash) Refuse(fmt::format("{} cannot pay {}, he has {}", Name(s, w), c.price, en.P(w).cash), "AU-3");
        }
        AuctionRecord a = Record(AuctionKind::Voluntary);
        a.min = c.min;
        if (winner) {
            const int w = *winner;
            en.Transfer(w, cupl, c.price, "VO-2");
            for (int space : c.spaces) {
                en.C(space).owner = w;
                en.Add(K::CorporationSold, "VO-2", w, cupl, space, c.price);
                a.spaces.push_back(space);
            }
            std::sort(a.spaces.begin(), a.spaces.end());  // section 18: the spaces bought, ascending
            a.winner = w;
            a.bid = c.price;
            a.total = c.price;
            turn.voluntary = VoluntaryDone::Sold;
            turn.reoffer_open = false;
        } else {
            en.Add(K::NobodyBid, "VO-1", cupl, -1, -1, static_cast<int64_t>(AuctionKind::Voluntary), c.min.value_or(1));
            turn.voluntary = VoluntaryDone::Unmet;
            turn.unmet_min = c.min.value_or(1);
            turn.reoffer_open = true;
        }
        s.last_auction = a;
    }

    void operator()(Involuntary& c) {
        const Seat winner = c.winner ? Seat{Resolve(s, *c.winner)} : Seat{};
        if (winner) c.winner = Name(s, *winner);
        if (s.phase == Phase::Over) Refuse("the game is over: only note, undo and redo", "W-2");
        if (s.phase == Phase::Due && s.due.kind != Due::Kind::Royalty) Refuse(DueWords(s), "T-8");
        if (s.phase != Phase::Due) Refuse("no involuntary liquidation auction is due", "AU-1");
        const int cupl = s.current;
        const int creditor = s.due.to;
        AuctionRecord a = Record(AuctionKind::Involuntary);
        if (winner) {
            const int w = *winner;
            if (!s.InGame(w)) Refuse(fmt::format("{} is out of the game", Name(s, w)), "AU-4");
            if (w == cupl) Refuse(fmt::format("{} is the seller", Name(s, w)), "AU-4");
            CheckBid(c.price, s.header.liq_step);
            CheckSpace(s, c.space);
            const Corporation& corp = s.corporations[static_cast<size_t>(c.space)];
            if (corp.status != CorpStatus::Chartered || corp.owner != cupl)
                Refuse(fmt::format("{} does not own {}", Name(s, cupl), c.space), "IN-2");
            if (c.price > en.P(w).cash) Refuse(fmt::format("{} cannot pay {}, he has {}", Name(s, w), c.price, en.P(w).cash), "AU-3");
            en.Transfer(w, cupl, c.price, "IN-3");
            en.C(c.space).owner = w;
            en.Add(K::CorporationSold, "IN-3", w, cupl, c.space, c.price);
            a.winner = w;
            a.bid = c.price;
            a.spaces = {c.space};
            a.total = c.price;
            s.last_auction = a;
            SettleRoyalty(s, en);
            return;
        }
        // IN-5: nobody bid: the creditor takes every G and every corporation.
        en.Add(K::NobodyBid, "IN-5", -1, -1, -1, static_cast<int64_t>(AuctionKind::Involuntary));
        RoyaltyRecord& r = *s.last_royalty;
        r.paid = en.P(cupl).cash;
        r.outcome = Outcome::Assets;
        en.Transfer(cupl, creditor, en.P(cupl).cash, "IN-5");
        for (int space = 0; space < s.Spaces(); ++space)
            if (s.corporations[static_cast<size_t>(space)].status == CorpStatus::Chartered && s.corporations[static_cast<size_t>(space)].owner == cupl) {
                en.C(space).owner = creditor;
                en.Add(K::CorporationSold, "IN-5", creditor, cupl, space, 0);
            }
        s.last_auction = a;
        en.Retire(cupl, false, "IN-5");
        if (!en.Over()) en.FinishTurn("T-10");
    }

    void operator()(End& c) {
        const std::optional<int> who = WhoOf(c.who);
        if (who) c.who = Name(s, *who);
        CheckNotOverNotDue(s);
        if (who && *who != s.current) Refuse(fmt::format("{} is not the current player: {} is", Name(s, *who), Name(s, s.current)), "T-1");
        if (s.phase != Phase::Open) Refuse("no open turn to end", "T-9");
        en.FinishTurn("T-9");
    }

    void operator()(Resign& c) {
        const int p = Resolve(s, c.who);
        c.who = Name(s, p);
        CheckNotOverNotDue(s);
        if (!s.InGame(p)) Refuse(fmt::format("{} is out of the game", Name(s, p)), "RS-1");
        if (s.Held(p)) Refuse(fmt::format("{}'s resignation is held already", Name(s, p)), "RS-1");
        if (s.phase == Phase::Open && p != s.current) {
            s.pending.push_back(p);
            en.Add(K::ResignationHeld, "RS-5", p, s.current);
            return;
        }
        if (s.phase == Phase::Open) {
            en.FinishTurn("RS-5", true);
            return;
        }
        const bool cupl = p == s.current;
        en.Retire(p, true, "RS-2");
        if (cupl && !en.Over()) en.PassFrom(p, "RS-5");
    }

    void operator()(GivePlayer& c) {
        const int p = Resolve(s, c.who);
        c.who = Name(s, p);
        CheckNotOverNotDue(s);
        if (!s.InGame(p)) Refuse(fmt::format("{} is out of the game", Name(s, p)), "X-2");
        if (s.Held(p)) Refuse(fmt::format("{}'s resignation is held", Name(s, p)), "X-2");
        if (s.phase == Phase::Open) {
            en.FinishTurn("X-3", false, p);
            return;
        }
        s.current = p;
        en.Add(K::TurnPassed, "X-3", p);
    }

    void operator()(SpaceFix& c) {
        int owner = -1;
        if (c.owner == SpaceFix::Owner::Player) {
            owner = Resolve(s, c.owner_name);
            c.owner_name = Name(s, owner);
        }
        CheckNotOverNotDue(s);
        CheckSpace(s, c.first);
        CheckSpace(s, c.last);
        if (c.owner == SpaceFix::Owner::Player && !s.InGame(owner)) Refuse(fmt::format("{} is out of the game", Name(s, owner)), "X-2");
        for (int space = c.first; space <= c.last; ++space) {
            Corporation corp = s.corporations[static_cast<size_t>(space)];
            if (c.owner == SpaceFix::Owner::Player) corp.status = CorpStatus::Chartered, corp.owner = owner;
            if (c.owner == SpaceFix::Owner::None) corp.status = CorpStatus::Unchartered, corp.owner = -1;
            if (c.owner == SpaceFix::Owner::Inactive) corp.status = CorpStatus::Inactive, corp.owner = -1;
            if (!c.lines.empty()) corp.lines = c.lines.size() == 1 ? c.lines[0] : c.lines[static_cast<size_t>(space - c.first)];
            if (corp.status == CorpStatus::Unchartered && corp.lines > 0)
                Refuse(fmt::format("an unchartered corporation has no lines ({} would have {})", space, corp.lines), "X-2");
            s.corporations[static_cast<size_t>(space)] = corp;
            en.Add(K::SpaceFixed, "X-1", -1, corp.status == CorpStatus::Chartered ? corp.owner : corp.status == CorpStatus::Unchartered ? -1 : -2,
                   space, corp.lines);
        }
    }

    void operator()(At& c) {
        const int p = Resolve(s, c.who);
        c.who = Name(s, p);
        CheckNotOverNotDue(s);
        CheckSpace(s, c.space);
        if (!s.InGame(p)) Refuse(fmt::format("{} is out of the game", Name(s, p)), "X-2");
        const int token = s.TokenAt(c.space);
        if (token >= 0 && token != p) Refuse(fmt::format("{}'s token stands on {}", Name(s, token), c.space), "X-2");
        Player& pl = en.P(p);
        pl.space = c.space;
        if (c.turns) pl.turns = *c.turns;
        en.Add(K::TokenFixed, "X-1", p, -1, c.space, pl.turns);
    }

    void operator()(Count& c) {
        std::vector<std::pair<int, Money>> cash;
        for (auto& [name, amount] : c.cash) {
            const int p = Resolve(s, name);
            name = Name(s, p);
            cash.emplace_back(p, amount);
        }
        if (c.pool && s.header.combine_remainders && c.pool->size() > 1) Refuse("with combine-remainders the remainders are one pool", "L-1");
        std::set<int> seen;
        for (const auto& [p, amount] : cash)
            if (!seen.insert(p).second) Refuse("the key " + Name(s, p) + " twice", "L-1");
        CheckNotOverNotDue(s);
        for (const auto& [p, amount] : cash)
            if (!s.InGame(p)) Refuse(fmt::format("{} is out of the game", Name(s, p)), "X-2");
        std::vector<Money> pool = s.remainders;
        if (c.pool) {
            pool = *c.pool;
            if (pool.size() == 1 && pool[0] == 0) pool.clear();
            const Money n = s.InGameCount();
            for (Money r : pool)
                if (!s.header.combine_remainders && (r < 1 || r > n - 1))
                    Refuse(fmt::format("a remainder waiting is 1 to {} G with {} players in the game", n - 1, n), "X-2");
        }
        Money total = 0;
        for (size_t i = 0; i < s.players.size(); ++i) {
            Money v = s.players[i].cash;
            for (const auto& [p, amount] : cash)
                if (p == static_cast<int>(i)) v = amount;
            total += v;
        }
        for (Money r : pool) total += r;
        if (c.total && total != *c.total) Refuse(fmt::format("the count comes to {}, not total={}", total, *c.total), "X-4");
        if (!c.total && total != s.money_total)
            Refuse(fmt::format("the count comes to {}, the money total is {}: no bank, say total=", total, s.money_total), "X-4");
        for (const auto& [p, amount] : cash)
            if (s.players[static_cast<size_t>(p)].cash != amount) {
                en.Add(K::CashFixed, "X-1", p, -1, -1, s.players[static_cast<size_t>(p)].cash, amount);
                en.P(p).cash = amount;
            }
        if (c.pool) {
            en.Add(K::PoolFixed, "X-1", -1, -1, -1, s.Pool(), [&] { Money t = 0; for (Money r : pool) t += r; return t; }());
            s.remainders = pool;
        }
        if (total != s.money_total) {
            en.Add(K::TotalFixed, "X-4", -1, -1, -1, s.money_total, total);
            s.money_total = total;
        }
    }

    void operator()(BoardSize& c) {
        CheckNotOverNotDue(s);
        const bool token = std::any_of(s.players.begin(), s.players.end(), [](const Player& p) { return p.space >= 0; });
        const bool corp = std::any_of(s.corporations.begin(), s.corporations.end(),
                                      [](const Corporation& x) { return x.status != CorpStatus::Unchartered || x.lines != 0; });
        if (token || corp) Refuse("the board's size changes only before any token is placed and while every corporation is unchartered", "BD-3");
        if (c.spaces < 12 || c.spaces > 100) Refuse("a board has 12 to 100 spaces", "G-3");
        en.Add(K::BoardResized, "BD-3", -1, -1, -1, s.Spaces(), c.spaces);
        s.corporations.assign(static_cast<size_t>(c.spaces), Corporation{});
        s.header.spaces = c.spaces;
    }

    void operator()(const Undo&) { Refuse("undo is the ledger's", "L-2"); }
    void operator()(const Redo&) { Refuse("redo is the ledger's", "L-2"); }
    // The note's text is the table's own words; Apply puts it on the effect.
    void operator()(const Note&) { en.Add(K::Noted, "L-1"); }
};

} // namespace

StartResult StartGame(const Header& h) {
    StartResult out;
    auto refuse = [&](std::string message, const char* rule) {
        out.rejection = Rejection{std::move(message), rule};
        return out;
    };
    if (h.players.size() < 2 || h.players.size() > 10) return refuse("Corporate Gigabucks is for 2 to 10 players", "G-1");
    std::set<std::string> names;
    for (const std::string& p : h.players) {
        const std::string l = FoldName(p);
        if (!IsName(p)) return refuse("not a player's name (a letter, then letters or digits): " + p, "G-1");
        if (l == "none" || l == "inactive" || l == "pool" || l == "total" || l == "min") return refuse("a word of the language, not a name: " + p, "G-1");
        if (!names.insert(l).second) return refuse("a name twice: " + p, "G-1");
    }
    if (h.cash < 1) return refuse("cash= is at least 1", "G-2");
    if (h.spaces < 12 || h.spaces > 100) return refuse("spaces= is 12 to 100", "G-3");
    if (h.flexible < 1 || h.flexible > 3) return refuse("flexible= is 1 to 3", "G-3");
    if (h.dice_count < 1 || h.dice_count > 4 || h.dice_sides < 2 || h.dice_sides > 20) return refuse("dice= is 1d2 to 4d20", "G-3");
    if (h.unit < 1 || h.bid_step < 1 || h.liq_step < 1) return refuse("unit=, bid-step= and liq-step= are at least 1", "G-3");
    GameState s;
    s.header = h;
    for (const std::string& p : h.players) s.players.push_back(Player{p, h.cash, PlayerStatus::Active, -1, 0});
    s.corporations.assign(static_cast<size_t>(h.spaces), Corporation{});
    s.money_total = h.cash * static_cast<Money>(h.players.size());
    Effect e;
    e.kind = EffectKind::Started;
    e.rule = "G-2";
    e.n = {static_cast<int64_t>(h.players.size()), h.cash, h.spaces};
    out.effects.push_back(e);
    out.state = std::move(s);
    out.canonical = Command{h};
    return out;
}

ApplyResult Apply(GameState& state, const Command& command) {
    ApplyResult out;
    GameState s = state;
    Command canonical = command;
    try {
        Engine en(s, out.effects);
        Applier applier{s, en};
        std::visit([&](auto& c) { applier(c); }, canonical.action);
    } catch (const Refused& r) {
        out.effects.clear();
        out.rejection = r.why;
        return out;
    }
    if (const auto* note = std::get_if<Note>(&canonical.action)) out.effects.back().text = note->text;
    state = std::move(s);
    out.accepted = true;
    out.canonical = std::move(canonical);
    return out;
}

std::optional<std::string> CheckConservation(const GameState& s) {
    Money total = s.Pool();
    for (const Player& p : s.players) {
        if (p.cash < 0) return p.name + "'s cash is below 0";
        total += p.cash;
    }
    if (total != s.money_total) return fmt::format("cash and remainders come to {}, the money total is {} (U-3)", total, s.money_total);
    for (size_t i = 0; i < s.corporations.size(); ++i) {
        const Corporation& c = s.corporations[i];
        if (c.status == CorpStatus::Chartered && !s.InGame(c.owner)) return fmt::format("{} is owned by nobody in the game", i);
        if (c.status == CorpStatus::Unchartered && c.lines != 0) return fmt::format("{} is unchartered with lines", i);
    }
    std::set<int> spaces;
    for (const Player& p : s.players) {
        if (p.space < 0) continue;
        if (p.status != PlayerStatus::Active) return p.name + " is out of the game with a token on the board";
        if (!spaces.insert(p.space).second) return fmt::format("two tokens on {}", p.space);
    }
    return std::nullopt;
}

// [SECTION] What the rules compute

RoyaltyFigure FigureRoyalty(const GameState& s, int space) {
    RoyaltyFigure out;
    const int n = s.Spaces();
    const int owner = s.corporations[static_cast<size_t>(space)].owner;
    const auto mine = [&](int x) {
        const Corporation& c = s.corporations[static_cast<size_t>(((x % n) + n) % n)];
        return c.status == CorpStatus::Chartered && c.owner == owner;
    };
    const auto lines = [&](int x) { return static_cast<Money>(s.corporations[static_cast<size_t>(((x % n) + n) % n)].lines); };
    bool whole = true;
    for (int x = 0; x < n; ++x) whole = whole && mine(x);
    std::vector<int> run;  // ring order
    if (whole) {
        for (int x = 0; x < n; ++x) run.push_back(x);
    } else {
        int b = space;
        while (mine(b - 1)) --b;
        for (int x = b; mine(x); ++x) run.push_back(((x % n) + n) % n);
    }
    const Money unit = s.header.unit;
    const Money here = lines(space);
    for (int x : run) {
        Money part = 0;
        if (s.header.royalty == RoyaltyRule::Simple) {
            part = (x == space ? 2 : 1) * unit * lines(x);
        } else if (s.header.royalty == RoyaltyRule::Product) {
            part = unit * here * lines(x);
        } else if (!whole) {
            // RY-2: the fewest lines from the CuSp to x along the run.
            const auto at = [&](int y) { return static_cast<int>(std::find(run.begin(), run.end(), y) - run.begin()); };
            const int from = at(space), to = at(x);
            Money m = here;
            for (int k = std::min(from, to); k <= std::max(from, to); ++k) m = std::min(m, lines(run[static_cast<size_t>(k)]));
            part = unit * m;
        } else {
            // CG-D12: the larger of the two minima, one each way round the ring.
            Money cw = here, ccw = here;
            for (int k = 0; (space + k) % n != x; ++k) cw = std::min(cw, lines(space + k + 1));
            for (int k = 0; ((space - k) % n + n) % n != x; ++k) ccw = std::min(ccw, lines(space - k - 1));
            part = unit * std::max(cw, ccw);
        }
        out.parts.emplace_back(x, part);
        out.amount += part;
    }
    return out;
}

std::vector<Conglomerate> Conglomerates(const GameState& s) {
    std::vector<Conglomerate> out;
    const int n = s.Spaces();
    const auto owner_of = [&](int x) {
        const Corporation& c = s.corporations[static_cast<size_t>(((x % n) + n) % n)];
        return c.status == CorpStatus::Chartered ? c.owner : -1;
    };
    bool whole = owner_of(0) >= 0;
    for (int x = 0; x < n; ++x) whole = whole && owner_of(x) == owner_of(0);
    for (int x = 0; x < n; ++x) {
        const int o = owner_of(x);
        if (o < 0) continue;
        if (!whole && owner_of(x - 1) == o) continue;
        if (whole && x != 0) break;
        Conglomerate c;
        c.owner = o;
        for (int k = 0; k < n && owner_of(x + k) == o; ++k) {
            const int y = (x + k) % n;
            c.spaces.push_back(y);
            c.lines += s.corporations[static_cast<size_t>(y)].lines;
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::optional<GameState> MoverTable(const GameState& state) {
    if (state.phase == Phase::Start) return state;
    if (state.phase != Phase::Open) return std::nullopt;
    GameState s = state;
    Effects fx;
    Engine en(s, fx);
    en.FinishTurn("T-9");
    if (s.phase == Phase::Over) return std::nullopt;
    return s;
}

MoveKind KindFor(const GameState& s, int p) {
    const Player& pl = s.players[static_cast<size_t>(p)];
    if (pl.space < 0) return MoveKind::Place;  // T-3
    if (pl.turns >= s.header.flexible) return MoveKind::Roll;
    for (int x = 0; x < s.Spaces(); ++x) {
        const int token = s.TokenAt(x);
        if (s.corporations[static_cast<size_t>(x)].status == CorpStatus::Unchartered && (token < 0 || token == p)) return MoveKind::Place;
    }
    return MoveKind::Roll;  // T-3: no unchartered space free
}

int Arrival(const GameState& s, int p, int total) {
    const int n = s.Spaces();
    int x = (s.players[static_cast<size_t>(p)].space + total) % n;
    for (int k = 0; k < n; ++k) {
        const int token = s.TokenAt(x);
        if (token < 0 || token == p) break;
        x = (x + 1) % n;
    }
    return x;
}

Landed LandingOn(const GameState& s, int p, int space) {
    const Corporation& c = s.corporations[static_cast<size_t>(space)];
    if (c.status == CorpStatus::Unchartered) return Landed::Unchartered;
    if (c.status == CorpStatus::Inactive) return Landed::Inactive;
    return c.owner == p ? Landed::Own : Landed::Opponent;
}

Money MaxCharterBid(const GameState& s, int p) {
    const int n = s.InGameCount();
    if (n < 2) return 0;
    return Floor(s.players[static_cast<size_t>(p)].cash / (n - 1), s.header.bid_step);
}

Money MaxDiversifyBid(const GameState& s, int p) { return s.OwnsAny(p) ? MaxCharterBid(s, p) : 0; }

Money MaxLiquidationBid(const GameState& s, int p) {
    if (p == s.current) return 0;
    return Floor(s.players[static_cast<size_t>(p)].cash, s.header.liq_step);
}

} // namespace rutland::gigabucks
