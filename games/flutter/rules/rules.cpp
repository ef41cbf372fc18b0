// Flutter's rules (rules.h). The sections follow RULES.md: setting up (G), a throw (T) and its
// landing (T-3..T-6, SL), Market News (N), the round end (RE) with bonus shares (BN) and
// bankruptcy (BK), trading (TR), winning (W), corrections (X) and the board (BD-6, BD-7).
#include "rules/rules.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "base/names.h"
#include "lang/table_language.h"

namespace rutland::flutter {

namespace {

Rejection Reject(std::string message, std::string rule) { return Rejection{std::move(message), std::move(rule)}; }

// What an upward move of a traveller led to.
enum class Landed : uint8_t { Nothing, Card, RoundEnd };

// The level a place names on the board (T-8), or -1. M is the caller's.
int LevelOf(const GameState& s, const Place& place, int company) {
    const Board& b = *s.board;
    switch (place.kind) {
        case Place::Kind::Parent: return s.companies[static_cast<size_t>(company)].parent;
        case Place::Kind::News: return b.News();
        case Place::Kind::Slump: return b.Slump();
        case Place::Kind::Five: return b.Lowest(Label::Five);
        case Place::Kind::Ten: return b.Lowest(Label::Ten);
        case Place::Kind::Top: return b.Top();
        case Place::Kind::M: return -1;
        case Place::Kind::Level: return place.level <= b.Top() ? place.level : -1;
    }
    return -1;
}

// T-8: nullopt when the table's place is one the traveller could have reached from `from`.
std::optional<Rejection> CheckPlace(const GameState& s, const Place& place, int company, int from) {
    if (place.kind == Place::Kind::M) {
        if (from >= s.board->News()) return Reject("@M: the traveller stood at MARKET NEWS or above, where no M hole is", "T-8");
        return std::nullopt;
    }
    if (place.kind == Place::Kind::Parent) return Reject("@parent is no place a move up ends", "T-8");
    const int level = LevelOf(s, place, company);
    if (level < 0) return Reject("@" + PrintPlace(place) + " is off the board", "T-8");
    if (level <= from)
        return Reject("@" + PrintPlace(place) + " is not above where the traveller stood (level " + std::to_string(from) + ")", "T-8");
    return std::nullopt;
}

class Engine {
public:
    // Room for a throw's usual effects at once: growing the vector one effect at a time moved
    // every effect already made (each with its strings) and was a tenth of a replay.
    Engine(GameState& state, Effects& effects) : s(state), fx(effects) { fx.reserve(8); }

    void Emit(EffectKind kind, std::string rule, int company, int player, std::array<int64_t, 4> n = {}, std::string text = {}) {
        fx.push_back(Effect{kind, std::move(rule), company, player, n, std::move(text)});
    }

    // BD-7: the last effect's figure rests on a fact not yet confirmed.
    void Provisional(bool provisional) { fx.back().provisional = provisional; }
    bool Unconfirmed(int level) const {
        return level >= 0 && static_cast<size_t>(level) < s.board->levels.size() && !s.board->levels[static_cast<size_t>(level)].verified;
    }
    bool UnconfirmedLane(int c) const { return !s.board->lanes[static_cast<size_t>(c)].verified; }

    Company& C(int c) { return s.companies[static_cast<size_t>(c)]; }
    Player& P(int p) { return s.players[static_cast<size_t>(p)]; }
    int Players() const { return static_cast<int>(s.players.size()); }

    // Cash from the bank to a player (negative: to the bank); model/state.h invariant 1.
    void Pay(int player, Pounds amount) {
        P(player).cash += amount;
        s.bank_paid += amount;
    }

    // T-9: the dice pass clockwise.
    void PassDice(int from) {
        s.current = (from + 1) % Players();
        Emit(EffectKind::DicePassed, "T-9", -1, s.current);
    }

    // T-2..T-6, SL-1..SL-4: the traveller moves up `holes` (or to the table's place) and the hole
    // it ends in acts; holes passed over do nothing.
    Landed MoveUp(int c, int holes, const std::optional<Place>& place, const std::string& rule) {
        Company& co = C(c);
        const int from = co.traveller;
        const int top = s.board->Top(), news = s.board->News();
        int to = std::min(from + holes, top);
        if (place) {  // T-8: the table wins; the ledger notes where the app's board put it
            const int table = place->kind == Place::Kind::M ? -1 : LevelOf(s, *place, c);
            if (table != to) Emit(EffectKind::TableWins, "T-8", c, -1, {to, table});
            if (place->kind == Place::Kind::M) {
                co.traveller = news;
                Emit(EffectKind::MJump, "T-4", c, -1, {-1, news});
                Provisional(Unconfirmed(news));
                return Landed::Card;
            }
            to = table;
        }
        co.traveller = to;
        Emit(EffectKind::TravellerMoved, rule, c, -1, {from, to});
        if (to >= top) return Landed::RoundEnd;  // T-3
        if (to < news && s.board->IsMHole(c, to)) {  // T-4
            co.traveller = news;
            Emit(EffectKind::MJump, "T-4", c, -1, {to, news});
            Provisional(UnconfirmedLane(c) || Unconfirmed(news));
            return Landed::Card;
        }
        if (to == news) return Landed::Card;  // T-5
        if (to == s.board->Slump()) {          // T-6
            if (co.anti_slump) {  // SL-3
                Emit(EffectKind::SlumpHeld, "SL-3", c, -1, {to});
                Provisional(Unconfirmed(to));
                return Landed::Nothing;
            }
            const int drop = to - 6;  // SL-1; SL-2: never below its parent; SL-4: nothing acts there
            const int stop = std::max(drop, co.parent);
            co.traveller = stop;
            Emit(EffectKind::SlumpDrop, drop < co.parent ? "SL-2" : "SL-1", c, -1, {to, stop, drop < co.parent ? 1 : 0});
            Provisional(Unconfirmed(to));
        }
        return Landed::Nothing;
    }

    // BK-1: the company leaves the game, its certificates worth nothing.
    void Bankrupt(int c, const std::string& rule) {
        Company& co = C(c);
        Emit(EffectKind::Bankrupt, rule, c, -1);
        for (int p = 0; p < Players(); ++p) {
            int64_t& held = P(p).certificates[static_cast<size_t>(c)];
            if (held) Emit(EffectKind::CertificatesLost, "BK-1", c, p, {held, 0});
            held = 0;
        }
        if (co.stock) Emit(EffectKind::CertificatesLost, "BK-1", c, -1, {co.stock, 1});
        if (co.reserve) Emit(EffectKind::CertificatesLost, "BK-1", c, -1, {co.reserve, 2});
        co = Company{};
        co.bankrupt = true;
    }

    // BN-1..BN-4: bonus shares one for one from the reserve (and the sale stock with
    // bonus-from-stock, the reserve first), all or nothing; short, £100 a certificate in cash.
    SettledCompany::Bonus Bonus(int c) {
        Company& co = C(c);
        int64_t held = 0;
        for (const Player& p : s.players) held += p.certificates[static_cast<size_t>(c)];
        const int64_t available = co.reserve + (s.header->bonus_from_stock ? co.stock : 0);
        if (available >= held) {
            for (int p = 0; p < Players(); ++p) {
                int64_t& h = P(p).certificates[static_cast<size_t>(c)];
                if (!h) continue;
                const int64_t from_reserve = std::min(h, co.reserve);
                const int64_t from_stock = h - from_reserve;
                co.reserve -= from_reserve;
                co.stock -= from_stock;
                Emit(EffectKind::BonusShares, from_stock ? "BN-4" : "BN-2", c, p, {h, from_reserve, from_stock});
                h += h;
            }
            return SettledCompany::Bonus::Shares;
        }
        for (int p = 0; p < Players(); ++p) {
            const int64_t h = P(p).certificates[static_cast<size_t>(c)];
            if (!h) continue;
            const Pounds amount = Pounds(100) * h;
            Pay(p, amount);
            Emit(EffectKind::BonusCash, "BN-3", c, p, {h, amount.value});
        }
        return SettledCompany::Bonus::Cash;
    }

    // N-3, RE-3 with BN-1 and BK-1: the parent moves `delta` levels; a traveller on it (or passed
    // by it) goes with it.
    void MoveParent(int c, int delta, const std::string& rule, SettledCompany* record) {
        if (delta == 0) return;
        Company& co = C(c);
        const int from = co.parent;
        const Pounds from_price = s.board->PriceAt(from);
        if (delta > 0) {
            const int bonus = s.board->Bonus();
            if (from + delta >= bonus) {  // BN-1: into the PAR 100 hole, the rest of the move dropped
                const bool carried = co.traveller <= bonus;
                Emit(EffectKind::ParentMoved, rule, c, -1, {from, bonus, from_price.value, s.board->PriceAt(bonus).value});
                Provisional(Unconfirmed(from) || Unconfirmed(bonus));
                const SettledCompany::Bonus kind = Bonus(c);
                if (record) record->bonus = kind;
                co.parent = s.board->Par();
                if (carried) co.traveller = co.parent;
                Emit(EffectKind::BonusToPar, "BN-1", c, -1, {bonus, co.parent});
                Provisional(Unconfirmed(bonus) || Unconfirmed(co.parent));
                return;
            }
            co.parent = from + delta;
            co.traveller = std::max(co.traveller, co.parent);  // N-3: it carries its traveller
        } else {
            const bool on_parent = co.traveller == co.parent;
            if (from + delta <= 0) {  // BK-1: the bottom
                Emit(EffectKind::ParentMoved, rule, c, -1, {from, 0, from_price.value, 0});
                Provisional(Unconfirmed(from) || Unconfirmed(0));
                Bankrupt(c, "BK-1");
                if (record) record->bankrupt = true;
                return;
            }
            co.parent = from + delta;
            if (on_parent) co.traveller = co.parent;
        }
        Emit(EffectKind::ParentMoved, rule, c, -1, {from, co.parent, from_price.value, s.board->PriceAt(co.parent).value});
        Provisional(Unconfirmed(from) || Unconfirmed(co.parent));
    }

    // Pays every holder `per` a certificate of company c (N-2 `dividend`, RE-2).
    void PayDividend(int c, Pounds per, const std::string& rule) {
        if (per.value == 0) return;
        for (int p = 0; p < Players(); ++p) {
            const int64_t h = P(p).certificates[static_cast<size_t>(c)];
            if (!h) continue;
            Pay(p, per * h);
            Emit(EffectKind::Dividend, rule, c, p, {per.value, h, (per * h).value});
        }
    }

    // RE-1..RE-6: the round ends; each company settled in lane order.
    void Settle(int company_at_top, int ender) {
        Emit(EffectKind::RoundEnded, "RE-1", company_at_top, ender, {s.round});
        Provisional(Unconfirmed(s.board->Top()));
        LastRound last;
        last.round = s.round;
        last.ended_by = ender;
        for (int c = 0; c < kCompanies; ++c) {
            if (C(c).bankrupt) continue;
            SettledCompany record;
            record.company = c;
            record.at = s.PositionOf(c);
            int64_t dividend = 0;
            int move = 0;
            const char* rule = "RE-3";
            switch (record.at) {
                case Position::Top: dividend = 20, move = 2; break;
                case Position::Ten: dividend = 10, move = 1; break;
                case Position::Five: dividend = 5, move = 1; break;
                case Position::Slump:
                    if (C(c).anti_slump) dividend = 10, move = 1;
                    else move = -1, rule = "RE-4";
                    break;
                case Position::News: break;
                case Position::Below: move = -1; break;
                case Position::Parent: move = -2; break;
            }
            record.dividend = dividend;
            record.move = move;
            Emit(EffectKind::Settled, rule, c, -1, {static_cast<int64_t>(record.at), dividend, move});
            // The position rests on the traveller's level's label (or, on its parent, on nothing new).
            const bool provisional = record.at != Position::Parent && Unconfirmed(C(c).traveller);
            Provisional(provisional);
            const size_t first_dividend = fx.size();
            PayDividend(c, Pounds(dividend), "RE-2");
            for (size_t i = first_dividend; i < fx.size(); ++i) fx[i].provisional = provisional;
            C(c).traveller = C(c).parent;  // RE-2: back to its parent, then both move
            MoveParent(c, move, "RE-3", &record);
            last.companies.push_back(record);
        }
        for (Company& co : s.companies) co.anti_slump = false, co.traveller = co.parent;  // RE-5
        s.round += 1;
        s.pending = Pending{};
        s.stoppage = true;  // RE-6, W-2
        s.claims.clear();
        s.current = (ender + 1) % Players();
        s.last_round = std::move(last);
        Emit(EffectKind::NewRound, "RE-6", -1, s.current, {s.round});
    }

    GameState& s;
    Effects& fx;
};

// The player a `NAME:` or a name means; -1 when no player of the game.
int Seat(const GameState& s, const std::string& name) { return s.PlayerNamed(name); }

ApplyResult Rejected(Rejection r) {
    ApplyResult out;
    out.rejection = std::move(r);
    return out;
}

std::optional<Rejection> UnknownPlayer(const GameState& s, const std::string& name, int* seat) {
    *seat = Seat(s, name);
    if (*seat < 0) return Reject(ShowName(name) + " is no player of this game", "L-1");
    return std::nullopt;
}

std::optional<Rejection> UnknownCompany(const GameState& s, const std::string& word, int* company) {
    *company = s.board->CompanyOf(word);
    if (*company < 0) return Reject("no company " + word + " on this board", "L-1");
    return std::nullopt;
}

std::string Letter(const GameState& s, int c) { return s.board->lanes[static_cast<size_t>(c)].letter; }
std::string Colour(const GameState& s, int c) { return s.board->lanes[static_cast<size_t>(c)].colour; }

// ---- trading (TR-1..TR-7) ----
template <class Trade>
ApplyResult ApplyTrade(GameState& s, const Trade& t, bool buy) {
    int seat = s.current, c = -1;
    if (t.who)
        if (auto r = UnknownPlayer(s, *t.who, &seat)) return Rejected(*r);
    if (auto r = UnknownCompany(s, t.company, &c)) return Rejected(*r);
    if (s.Over()) return Rejected(Reject("the game is won: no more trading", "W-5"));
    if (s.pending.kind != Pending::Kind::None)
        return Rejected(Reject("the dice have been thrown: nobody trades until they pass", "TR-2"));
    if (seat != s.current)
        return Rejected(Reject("only the current player, " + s.players[static_cast<size_t>(s.current)].name + ", trades now", "TR-1"));
    const Company& co = s.companies[static_cast<size_t>(c)];
    if (co.bankrupt) return Rejected(Reject(Colour(s, c) + " is bankrupt and has ceased trading", "BK-2"));
    if (t.count < 1) return Rejected(Reject("trades are in whole certificates, at least one", "TR-3"));
    Player& p = s.players[static_cast<size_t>(seat)];
    int64_t& held = p.certificates[static_cast<size_t>(c)];
    const Pounds price = s.Price(c);
    ApplyResult out;
    Engine e(s, out.effects);
    if (buy) {
        if (t.count > co.stock)
            return Rejected(Reject("the broker has " + std::string(co.stock ? std::to_string(co.stock) : "no") + " " + Colour(s, c) +
                                       " certificate" + (co.stock > 1 ? "s" : "") + " left",
                                   "TR-4"));
        const Pounds cost = (price + kFive) * t.count;
        if (p.cash < cost)
            return Rejected(Reject(std::to_string(t.count) + " " + Colour(s, c) + " certificate" + (t.count == 1 ? "" : "s") + " cost " +
                                       FormatPounds(cost) + " with brokerage (" + FormatPounds(price + kFive) + " each), and " + p.name +
                                       " has " + FormatPounds(p.cash) + ": no credit",
                                   "TR-5"));
        e.Pay(seat, -cost);
        s.companies[static_cast<size_t>(c)].stock -= t.count;
        held += t.count;
        e.Emit(EffectKind::Bought, "TR-5", c, seat, {t.count, price.value, cost.value});
        e.Provisional(e.Unconfirmed(co.parent));
    } else {
        if (t.count > held)
            return Rejected(Reject(p.name + " holds " + (held ? std::to_string(held) : std::string("no")) + " " + Colour(s, c) +
                                       " certificate" + (held == 1 ? "" : "s"),
                                   "TR-6"));
        const Pounds paid = price * t.count;
        e.Pay(seat, paid);
        s.companies[static_cast<size_t>(c)].stock += t.count;
        held -= t.count;
        e.Emit(EffectKind::Sold, "TR-6", c, seat, {t.count, price.value, paid.value});
        e.Provisional(e.Unconfirmed(co.parent));
    }
    s.stoppage = false;  // RE-6: the first trade ends the stoppage
    out.accepted = true;
    Trade canonical = t;
    canonical.company = Letter(s, c);
    if (t.who) canonical.who = p.name;
    out.canonical = Command{canonical};
    return out;
}

// ---- a throw (T-1..T-9) ----
ApplyResult ApplyThrow(GameState& s, const Throw& t) {
    int seat = s.current, c = -1;
    if (t.who)
        if (auto r = UnknownPlayer(s, *t.who, &seat)) return Rejected(*r);
    if (auto r = UnknownCompany(s, t.company, &c)) return Rejected(*r);
    if (s.Over()) return Rejected(Reject("the game is won: no more throws", "W-5"));
    if (s.pending.kind == Pending::Kind::News) return Rejected(Reject("a Market News card is pending: type it with `news`", "N-1"));
    if (seat != s.current)
        return Rejected(Reject("only the current player, " + s.players[static_cast<size_t>(s.current)].name + ", throws now", "T-1"));
    if (t.number < 1 || t.number > 6) return Rejected(Reject("the numbered die shows 1 to 6", "T-1"));
    if (t.place) {
        if (s.companies[static_cast<size_t>(c)].bankrupt)
            return Rejected(Reject(Colour(s, c) + " is bankrupt: its traveller is off the board", "T-8"));
        if (auto r = CheckPlace(s, *t.place, c, s.companies[static_cast<size_t>(c)].traveller)) return Rejected(*r);
    }
    ApplyResult out;
    Engine e(s, out.effects);
    s.stoppage = false;  // RE-6: the first throw ends the stoppage
    s.thrown = true;
    s.pending = Pending{};
    s.last_throw = LastThrow{seat, c, t.number};
    e.Emit(EffectKind::Thrown, "T-1", c, seat, {t.number});
    if (s.companies[static_cast<size_t>(c)].bankrupt) {  // T-7
        e.Emit(EffectKind::VoidThrow, "T-7", c, seat);
        if (s.header->rethrow_bankrupt) {
            s.pending = Pending{Pending::Kind::Rethrow, -1, seat};
            e.Emit(EffectKind::RethrowDue, "T-7", -1, seat);
        } else {
            e.PassDice(seat);
        }
    } else {
        switch (e.MoveUp(c, t.number, t.place, "T-2")) {
            case Landed::RoundEnd: e.Settle(c, seat); break;
            case Landed::Card:
                s.pending = Pending{Pending::Kind::News, c, seat};
                e.Emit(EffectKind::CardDue, "T-5", c, seat);
                break;
            case Landed::Nothing: e.PassDice(seat); break;
        }
    }
    out.accepted = true;
    Throw canonical = t;
    canonical.company = Letter(s, c);
    if (t.who) canonical.who = s.players[static_cast<size_t>(seat)].name;
    out.canonical = Command{canonical};
    return out;
}

// ---- Market News (N-1..N-5) ----
ApplyResult ApplyNews(GameState& state, const News& n) {
    int c = -1;
    if (n.company)
        if (auto r = UnknownCompany(state, *n.company, &c)) return Rejected(*r);
    if (state.pending.kind != Pending::Kind::News) return Rejected(Reject("no Market News card is pending", "N-1"));
    if (n.company && c != state.pending.company)
        return Rejected(Reject("the card pending is " + Colour(state, state.pending.company) + "'s, not " + Colour(state, c) + "'s", "N-1"));
    c = state.pending.company;
    for (const CardEffect& effect : n.effects)
        if (effect.kind == CardEffect::Kind::Dividend && !Pounds(effect.n).InFives())
            return Rejected(Reject("a dividend of " + FormatPounds(Pounds(effect.n)) + " is not in £5", "U-1"));
    const auto ups = std::count_if(n.effects.begin(), n.effects.end(), [](const CardEffect& e) { return e.kind == CardEffect::Kind::Up; });
    if (n.place && ups != 1) return Rejected(Reject("@place goes with a card that has exactly one `up`", "T-8"));

    // The card acts on a copy: the table's place for its `up` is checked where that move begins (T-8).
    GameState s = state;
    ApplyResult out;
    Engine e(s, out.effects);
    const int thrower = s.pending.player;
    s.pending = Pending{};
    bool next_card = false, ended = false, broke = false;
    for (size_t i = 0; i < n.effects.size(); ++i) {
        if (ended || broke) {  // N-5, F-D19
            e.Emit(EffectKind::RestDropped, "N-5", c, -1, {static_cast<int64_t>(n.effects.size() - i)});
            break;
        }
        const CardEffect& effect = n.effects[i];
        Company& co = s.companies[static_cast<size_t>(c)];
        switch (effect.kind) {
            case CardEffect::Kind::Up: {
                if (n.place)
                    if (auto r = CheckPlace(s, *n.place, c, co.traveller)) return Rejected(*r);
                const Landed landed = e.MoveUp(c, static_cast<int>(std::min<int64_t>(effect.n, 1000)), n.place, "N-2");
                ended = landed == Landed::RoundEnd;
                next_card = next_card || landed == Landed::Card;
                break;
            }
            case CardEffect::Kind::Down: {
                const int from = co.traveller;
                const int64_t want = from - effect.n;
                const int to = want < co.parent ? co.parent : static_cast<int>(want);  // SL-2
                co.traveller = to;
                e.Emit(EffectKind::TravellerMoved, want < co.parent ? "SL-2" : "N-2", c, -1, {from, to});
                break;
            }
            case CardEffect::Kind::ParentUp:
            case CardEffect::Kind::ParentDown: {
                const int levels = static_cast<int>(std::min<int64_t>(effect.n, 1000));
                e.MoveParent(c, effect.kind == CardEffect::Kind::ParentUp ? levels : -levels, "N-3", nullptr);
                broke = s.companies[static_cast<size_t>(c)].bankrupt;
                break;
            }
            case CardEffect::Kind::Dividend: e.PayDividend(c, Pounds(effect.n), "N-2"); break;
            case CardEffect::Kind::AntiSlump:
                co.anti_slump = true;
                e.Emit(EffectKind::AntiSlumpKept, "N-4", c, -1);
                break;
            case CardEffect::Kind::Nothing: e.Emit(EffectKind::CardNothing, "N-2", c, -1); break;
        }
    }
    if (ended) {
        e.Settle(c, thrower);
    } else if (next_card && !broke) {  // N-5: the next card, typed on its own line
        s.pending = Pending{Pending::Kind::News, c, thrower};
        e.Emit(EffectKind::CardDue, "N-5", c, thrower);
    } else {
        e.PassDice(thrower);
    }
    state = std::move(s);
    out.accepted = true;
    News canonical = n;
    canonical.company = Letter(state, c);
    out.canonical = Command{canonical};
    return out;
}

// ---- claims (W-1..W-5) ----
ApplyResult ApplyClaim(GameState& s, const Claim& claim) {
    int seat = s.current;
    if (claim.name)
        if (auto r = UnknownPlayer(s, *claim.name, &seat)) return Rejected(*r);
    const std::string& name = s.players[static_cast<size_t>(seat)].name;
    if (s.pending.kind == Pending::Kind::News) return Rejected(Reject("a Market News card is pending", "N-1"));
    if (!s.stoppage)
        return Rejected(Reject("a claim is taken only at a stoppage, after a round's settlement and before the next trade or throw", "W-2"));
    for (const ClaimRecord& r : s.claims)
        if (r.player == seat) return Rejected(Reject(name + " has claimed at this stoppage", "W-4"));
    const Pounds capital = s.Capital(seat);
    if (capital < s.header->target)
        return Rejected(Reject(name + "'s capital is " + FormatPounds(capital) + ", below the target of " + FormatPounds(s.header->target), "W-3"));
    ApplyResult out;
    Engine e(s, out.effects);
    s.claims.push_back(ClaimRecord{seat, capital});
    e.Emit(EffectKind::ClaimValid, "W-3", -1, seat, {capital.value, s.header->target.value});
    bool provisional = false;  // W-1: the capital counts each holding at its price
    for (int c = 0; c < kCompanies; ++c)
        provisional = provisional || (s.players[static_cast<size_t>(seat)].certificates[static_cast<size_t>(c)] > 0 &&
                                      e.Unconfirmed(s.companies[static_cast<size_t>(c)].parent));
    e.Provisional(provisional);
    Pounds best{0};
    for (const ClaimRecord& r : s.claims) best = std::max(best, r.capital);
    const auto winners = std::count_if(s.claims.begin(), s.claims.end(), [&](const ClaimRecord& r) { return r.capital == best; });
    for (const ClaimRecord& r : s.claims)
        if (r.capital == best) e.Emit(EffectKind::Winner, "W-4", -1, r.player, {r.capital.value, winners > 1 ? 1 : 0});
    out.accepted = true;
    out.canonical = Command{Claim{name}};
    return out;
}

// ---- corrections (X-1..X-3) ----
std::optional<Rejection> CorrectionGate(const GameState& s) {
    if (s.Over()) return Reject("the game is won: `undo` reopens it", "W-5");
    if (s.pending.kind == Pending::Kind::News) return Reject("a Market News card is pending", "N-1");
    return std::nullopt;
}

ApplyResult ApplyPeg(GameState& s, const Peg& peg) {
    int c = -1;
    if (auto r = UnknownCompany(s, peg.company, &c)) return Rejected(*r);
    if (auto r = CorrectionGate(s)) return Rejected(*r);
    if (peg.price && !peg.price->InFives()) return Rejected(Reject("a price of " + FormatPounds(*peg.price) + " is not in £5", "U-1"));
    Company& co = s.companies[static_cast<size_t>(c)];
    if (co.bankrupt) return Rejected(Reject(Colour(s, c) + " is bankrupt: it has no pegs", "X-2"));
    int parent = co.parent;
    if (peg.price) {
        parent = s.board->LevelShowing(*peg.price);
        if (parent < 0) return Rejected(Reject("no level shows " + FormatPounds(*peg.price), "X-2"));
        if (parent <= 0 || parent >= s.board->Bonus())
            return Rejected(Reject("a parent stands strictly between the bottom and the £200 level, not at " + FormatPounds(*peg.price), "X-2"));
    }
    int traveller = co.traveller == co.parent ? parent : co.traveller;  // X-1: on its parent, it moves with it
    if (peg.traveller) {
        if (peg.traveller->kind == Place::Kind::Top) return Rejected(Reject("a traveller at the TOP ends the round: it cannot stand there", "X-2"));
        traveller = LevelOf(s, *peg.traveller, c);
        if (peg.traveller->kind == Place::Kind::Parent) traveller = parent;
        if (traveller < 0) return Rejected(Reject("traveller=" + PrintPlace(*peg.traveller) + " is off the board", "X-2"));
    }
    if (traveller < parent) return Rejected(Reject("the traveller would stand below its parent", "X-2"));
    if (traveller >= s.board->Top()) return Rejected(Reject("the traveller would stand at the TOP", "X-2"));
    ApplyResult out;
    Engine e(s, out.effects);
    e.Emit(EffectKind::PegSet, "X-1", c, -1, {co.parent, parent, co.traveller, traveller});
    co.parent = parent;
    co.traveller = traveller;
    if (peg.anti_slump) {
        co.anti_slump = *peg.anti_slump;
        e.Emit(EffectKind::AntiSlumpSet, "X-1", c, -1, {*peg.anti_slump ? 1 : 0});
    }
    out.accepted = true;
    Peg canonical = peg;
    canonical.company = Letter(s, c);
    out.canonical = Command{canonical};
    return out;
}

ApplyResult ApplyCount(GameState& s, const Count& count) {
    int seat = -1;
    if (auto r = UnknownPlayer(s, count.name, &seat)) return Rejected(*r);
    std::vector<std::pair<int, int64_t>> certificates;
    for (const auto& [word, n] : count.certificates) {
        int c = -1;
        if (auto r = UnknownCompany(s, word, &c)) return Rejected(*r);
        certificates.emplace_back(c, n);
    }
    if (auto r = CorrectionGate(s)) return Rejected(*r);
    if (count.cash && !count.cash->InFives()) return Rejected(Reject("a cash of " + FormatPounds(*count.cash) + " is not in £5", "U-1"));
    if (count.cash && *count.cash < Pounds(0)) return Rejected(Reject("a player's cash is never below £0", "X-2"));
    for (const auto& [c, n] : certificates)
        if (n < 0) return Rejected(Reject("a count of certificates is never below 0", "X-2"));
    GameState next = s;
    ApplyResult out;
    Engine e(next, out.effects);
    Player& p = next.players[static_cast<size_t>(seat)];
    if (count.cash) {
        e.Emit(EffectKind::CashCounted, "X-1", -1, seat, {p.cash.value, count.cash->value});
        e.Pay(seat, *count.cash - p.cash);  // X-1: the difference to or from the bank
    }
    for (const auto& [c, n] : certificates) {
        Company& co = next.companies[static_cast<size_t>(c)];
        int64_t& held = p.certificates[static_cast<size_t>(c)];
        if (co.bankrupt && n != 0) return Rejected(Reject(Colour(s, c) + " is bankrupt: nobody holds its certificates", "X-2"));
        const int64_t stock = co.stock - (n - held);  // X-1: the difference to or from the sale stock
        if (stock < 0)
            return Rejected(Reject(p.name + " would hold " + std::to_string(n) + " " + Colour(s, c) + ", " + std::to_string(n - held) +
                                       " more than now, and the broker's sale stock has " + std::to_string(co.stock),
                                   "X-2"));
        e.Emit(EffectKind::CertificatesCounted, "X-1", c, seat, {held, n, co.stock, stock});
        co.stock = stock;
        held = n;
    }
    s = std::move(next);
    out.accepted = true;
    Count canonical = count;
    canonical.name = s.players[static_cast<size_t>(seat)].name;
    for (size_t i = 0; i < certificates.size(); ++i) canonical.certificates[i].first = Letter(s, certificates[i].first);
    out.canonical = Command{canonical};
    return out;
}

ApplyResult ApplyPlayer(GameState& s, const PlayerTurn& turn) {
    int seat = -1;
    if (auto r = UnknownPlayer(s, turn.name, &seat)) return Rejected(*r);
    if (auto r = CorrectionGate(s)) return Rejected(*r);
    ApplyResult out;
    Engine e(s, out.effects);
    s.current = seat;
    if (s.pending.kind == Pending::Kind::Rethrow) s.pending = Pending{};  // section 15: `player` drops a re-throw due
    e.Emit(EffectKind::TurnSet, "X-1", -1, seat);
    out.accepted = true;
    out.canonical = Command{PlayerTurn{s.players[static_cast<size_t>(seat)].name}};
    return out;
}

// ---- the board (BD-6, BD-7) ----
std::string LaneText(const Lane& lane) {
    std::string m;
    for (int level : lane.m_holes) {
        if (!m.empty()) m += ',';
        m += std::to_string(level);
    }
    return lane.letter + '\x1f' + lane.colour + '\x1f' + lane.name + '\x1f' + m;
}

ApplyResult ApplyBoard(GameState& s, const BoardLine& line) {
    using T = BoardChange::Target;
    Board board = *s.board;
    std::optional<std::string> bd6;
    std::vector<int> lanes_touched, levels_touched;
    int levels_before = static_cast<int>(board.levels.size());
    // Section 15's order for `board`: L-1 (a lane or level the board has not), U-1, then BD-6.
    int most_levels = levels_before;
    for (const BoardChange& change : line.changes)
        if (change.levels) most_levels = std::max(most_levels, *change.levels);
    for (const BoardChange& change : line.changes) {
        if (change.target == T::Lane && board.CompanyOf(change.company) < 0 && !std::any_of(line.changes.begin(), line.changes.end(), [&](const BoardChange& other) { return other.letter == change.company; }))
            return Rejected(Reject("no lane " + change.company + " on this board", "L-1"));
        if (change.target == T::Level && (change.level < 0 || change.level >= most_levels))
            return Rejected(Reject("no level " + std::to_string(change.level) + " on this board (0 to " + std::to_string(most_levels - 1) + ")", "L-1"));
    }
    for (const BoardChange& change : line.changes)
        if (change.price && !change.price->InFives())
            return Rejected(Reject("a price of " + FormatPounds(*change.price) + " is not in £5", "U-1"));
    for (const BoardChange& change : line.changes) {
        if (change.target == T::Lane) {
            const int c = board.CompanyOf(change.company);
            if (c < 0) return Rejected(Reject("no lane " + change.company + " on this board", "L-1"));
            Lane& lane = board.lanes[static_cast<size_t>(c)];
            if ((change.colour || change.letter) && s.thrown && !bd6)
                bd6 = "a lane's colour and letter are fixed once the first throw is made";
            if (change.name) lane.name = *change.name;
            if (change.colour) {  // shown as a name: "Orange" for `colour=orange`; its key is the lower case
                lane.colour = *change.colour;
                for (size_t i = 0; i < lane.colour.size(); ++i)
                    lane.colour[i] = static_cast<char>(i ? std::tolower(static_cast<unsigned char>(lane.colour[i]))
                                                         : std::toupper(static_cast<unsigned char>(lane.colour[i])));
            }
            if (change.letter) lane.letter = *change.letter;
            if (change.m) lane.m_holes = *change.m, std::sort(lane.m_holes.begin(), lane.m_holes.end());
            lane.verified = true;  // BD-7: named with `ok` or a corrected fact
            lanes_touched.push_back(c);
        } else if (change.target == T::Level) {
            if (change.level < 0 || change.level > board.Top())
                return Rejected(Reject("no level " + std::to_string(change.level) + " on this board (0 to " + std::to_string(board.Top()) + ")", "L-1"));
            if (change.price && !change.price->InFives())
                return Rejected(Reject("a price of " + FormatPounds(*change.price) + " is not in £5", "U-1"));
            Level& level = board.levels[static_cast<size_t>(change.level)];
            if (change.price) level.price = *change.price, level.label = change.label.value_or(Label::None);
            if (change.label) {
                level.label = *change.label;
                if (*change.label != Label::None && !change.price) level.price.reset();
            }
            level.verified = true;
            levels_touched.push_back(change.level);
        } else {
            if (change.levels) {
                if (*change.levels < 3) return Rejected(Reject("a board has at least 3 levels", "BD-6"));
                board.levels.resize(static_cast<size_t>(*change.levels));
            }
            if (change.m)
                for (Lane& lane : board.lanes) lane.m_holes.clear();
        }
    }
    if (bd6) return Rejected(Reject(*bd6, "BD-6"));
    if (auto why = board.Validate()) return Rejected(Reject(*why, "BD-6"));
    for (int c = 0; c < kCompanies; ++c) {
        const Company& co = s.companies[static_cast<size_t>(c)];
        if (co.bankrupt) continue;
        if (co.parent >= board.Bonus() || co.parent <= 0 || co.parent >= board.News())
            return Rejected(Reject(board.lanes[static_cast<size_t>(c)].colour + "'s parent would stand off the price column", "BD-6"));
        if (co.traveller >= board.Top())
            return Rejected(Reject(board.lanes[static_cast<size_t>(c)].colour + "'s traveller would stand at the TOP", "BD-6"));
    }
    ApplyResult out;
    Engine e(s, out.effects);
    s.board = std::move(board);
    if (static_cast<int>(s.board->levels.size()) != levels_before)
        e.Emit(EffectKind::BoardLevels, "BD-6", -1, -1, {levels_before, static_cast<int64_t>(s.board->levels.size())});
    for (int level : levels_touched) {
        const Level& l = s.board->levels[static_cast<size_t>(level)];
        e.Emit(EffectKind::BoardLevel, "BD-7", -1, -1, {level, l.price ? l.price->value : -1, static_cast<int64_t>(l.label), 1});
    }
    for (int c : lanes_touched) e.Emit(EffectKind::BoardLane, "BD-7", c, -1, {1}, LaneText(s.board->lanes[static_cast<size_t>(c)]));
    out.accepted = true;
    out.canonical = Command{line};
    return out;
}

struct Dispatch {
    GameState& s;
    ApplyResult operator()(const Header&) const {
        return Rejected(Reject("the game has begun: a header is only the first line", "L-1"));
    }
    ApplyResult operator()(const Throw& t) const { return ApplyThrow(s, t); }
    ApplyResult operator()(const News& n) const { return ApplyNews(s, n); }
    ApplyResult operator()(const Buy& b) const { return ApplyTrade(s, b, true); }
    ApplyResult operator()(const Sell& b) const { return ApplyTrade(s, b, false); }
    ApplyResult operator()(const Claim& c) const { return ApplyClaim(s, c); }
    ApplyResult operator()(const Undo&) const { return Rejected(Reject("undo is the ledger's", "L-2")); }
    ApplyResult operator()(const Redo&) const { return Rejected(Reject("redo is the ledger's", "L-2")); }
    ApplyResult operator()(const Note& n) const {
        ApplyResult out;
        out.effects.push_back(Effect{EffectKind::Noted, "note", -1, -1, {}, n.text});
        out.accepted = true;
        out.canonical = Command{n};
        return out;
    }
    ApplyResult operator()(const BoardLine& b) const { return ApplyBoard(s, b); }
    ApplyResult operator()(const Peg& p) const { return ApplyPeg(s, p); }
    ApplyResult operator()(const Count& c) const { return ApplyCount(s, c); }
    ApplyResult operator()(const PlayerTurn& p) const { return ApplyPlayer(s, p); }
};

} // namespace

ApplyResult Apply(GameState& state, const Command& command) { return std::visit(Dispatch{state}, command.action); }

StartResult StartGame(const Header& header) {
    std::optional<Board> board = Board::Named(header.board);
    if (!board) {
        // The header's other rules come first (section 15: G-1, G-3, U-1, L-1).
        StartResult checked = StartGame(header, Board::Provisional());
        if (!checked.state) return checked;
        StartResult out;
        out.rejection = Reject("no board named " + header.board + " (the built-in board is provisional)", "L-1");
        return out;
    }
    return StartGame(header, *board);
}

StartResult StartGame(const Header& header, const Board& board) {
    StartResult out;
    const int n = static_cast<int>(header.players.size());
    if (n < 2 || n > 8) return out.rejection = Reject("Flutter is for 2 to 8 players", "G-1"), out;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (SameName(header.players[static_cast<size_t>(i)], header.players[static_cast<size_t>(j)]))
                return out.rejection = Reject(ShowName(header.players[static_cast<size_t>(j)]) + " is named twice", "G-1"), out;
    if (header.box < n)
        return out.rejection = Reject("a box of " + std::to_string(header.box) + " certificates a company is fewer than the players", "G-3"), out;
    if (!header.cash.InFives()) return out.rejection = Reject("cash=" + std::to_string(header.cash.value) + " is not in £5", "U-1"), out;
    if (!header.target.InFives()) return out.rejection = Reject("target=" + std::to_string(header.target.value) + " is not in £5", "U-1"), out;
    if (auto why = board.Validate()) return out.rejection = Reject("the board breaks BD-6: " + *why, "BD-6"), out;

    GameState s;
    s.header = header;
    s.board = board;
    for (const std::string& name : header.players) s.players.push_back(Player{name, header.cash, {}});  // G-2
    for (Company& co : s.companies) {  // G-3, G-4
        co.parent = co.traveller = board.Par();
        co.stock = n;
        co.reserve = header.box - n;
        co.issued = header.box;
    }
    out.effects.push_back(Effect{EffectKind::GameStarted, "G-1", -1, -1, {n, header.cash.value, header.target.value, header.box}, {}});
    for (int c = 0; c < kCompanies; ++c)
        out.effects.push_back(Effect{EffectKind::CertificatesSet, "G-3", c, -1, {n, header.box - n}, {}});
    out.effects.push_back(Effect{EffectKind::Starter, "G-5", -1, 0, {}, {}});
    out.state = std::move(s);
    out.canonical = Command{header};
    return out;
}

std::optional<std::string> CheckConservation(const GameState& s) {
    Pounds cash{0};
    for (const Player& p : s.players) {
        if (p.cash < Pounds(0)) return p.name + " has negative cash";
        cash += p.cash;
    }
    const Pounds expected = s.header->cash * static_cast<int64_t>(s.players.size()) + s.bank_paid;
    if (cash != expected)
        return "the players hold " + FormatPounds(cash) + ", but started with and were paid " + FormatPounds(expected);
    for (int c = 0; c < kCompanies; ++c) {
        const Company& co = s.companies[static_cast<size_t>(c)];
        int64_t total = co.stock + co.reserve;
        if (co.stock < 0 || co.reserve < 0) return s.board->lanes[static_cast<size_t>(c)].colour + ": a negative count";
        for (const Player& p : s.players) {
            const int64_t h = p.certificates[static_cast<size_t>(c)];
            if (h < 0) return p.name + " holds a negative count of " + s.board->lanes[static_cast<size_t>(c)].colour;
            total += h;
        }
        const int64_t issued = co.bankrupt ? 0 : s.header->box;
        if (total != co.issued || co.issued != issued)
            return s.board->lanes[static_cast<size_t>(c)].colour + ": holdings + sale stock + reserve = " + std::to_string(total) +
                   ", issued " + std::to_string(issued);
        if (co.bankrupt) continue;
        if (co.parent <= 0 || co.parent >= s.board->Bonus())
            return s.board->lanes[static_cast<size_t>(c)].colour + "'s parent is off the price column";
        if (co.traveller < co.parent || co.traveller >= s.board->Top())
            return s.board->lanes[static_cast<size_t>(c)].colour + "'s traveller is below its parent or at the TOP";
    }
    if (s.current < 0 || s.current >= static_cast<int>(s.players.size())) return "no current player";
    return std::nullopt;
}

} // namespace rutland::flutter
