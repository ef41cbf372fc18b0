// Section 18's JSON (rules/state_json.h).
#include "rules/state_json.h"

#include "lang/table_language.h"
#include "rules/rules.h"

namespace rutland::gigabucks {

namespace {

using Json = nlohmann::ordered_json;

Json NameOr(const GameState& s, int p) { return p >= 0 ? Json(s.players[static_cast<size_t>(p)].name) : Json(nullptr); }

const char* LandedWord(Landed l) {
    switch (l) {
        case Landed::Placed: return "placed";
        case Landed::Unchartered: return "unchartered";
        case Landed::Inactive: return "inactive";
        case Landed::Own: return "own";
        case Landed::Opponent: return "opponent";
    }
    return "placed";
}

const char* OutcomeWord(Outcome o) {
    switch (o) {
        case Outcome::None: return "none";
        case Outcome::Paid: return "paid";
        case Outcome::Due: return "due";
        case Outcome::Bankrupt: return "bankrupt";
        case Outcome::Assets: return "assets";
    }
    return "none";
}

const char* AuctionWord(AuctionKind k) {
    switch (k) {
        case AuctionKind::Charter: return "charter";
        case AuctionKind::Reactivation: return "reactivation";
        case AuctionKind::Diversify: return "diversify";
        case AuctionKind::Voluntary: return "voluntary";
        case AuctionKind::Involuntary: return "involuntary";
    }
    return "charter";
}

const char* PhaseWord(Phase p) {
    switch (p) {
        case Phase::Start: return "start";
        case Phase::Due: return "due";
        case Phase::Open: return "open";
        case Phase::Over: return "over";
    }
    return "start";
}

const char* StatusWord(PlayerStatus s) {
    switch (s) {
        case PlayerStatus::Active: return "active";
        case PlayerStatus::Bankrupt: return "bankrupt";
        case PlayerStatus::Resigned: return "resigned";
    }
    return "active";
}

Json Settings(const Header& h) {
    Json variants = Json::array();
    if (h.combine_remainders) variants.push_back("combine-remainders");
    if (h.keep_funds) variants.push_back("keep-funds");
    if (h.open_money) variants.push_back("open-money");
    if (h.reoffer) variants.push_back("reoffer");
    return {{"cash", h.cash}, {"flexible", h.flexible}, {"dice", DiceWord(h)}, {"royalty", std::string(RoyaltyWord(h.royalty))},
            {"unit", h.unit}, {"bid_step", h.bid_step}, {"liq_step", h.liq_step}, {"variants", variants}};
}

} // namespace

Json ToJson(const GameState& s) {
    Json j;
    const bool over = s.phase == Phase::Over;
    j["game"] = "gigabucks";
    j["spaces"] = s.Spaces();
    j["settings"] = Settings(s.header);
    j["current_player"] = over ? Json(nullptr) : NameOr(s, s.current);
    j["phase"] = PhaseWord(s.phase);
    const std::optional<GameState> table = MoverTable(s);
    int mover = -1;
    if (table) mover = table->current;
    j["to_roll"] = NameOr(s, mover);
    j["to_roll_kind"] = mover < 0 ? Json(nullptr) : Json(KindFor(*table, mover) == MoveKind::Place ? "place" : "roll");
    if (s.turn && !over) {
        const Turn& t = *s.turn;
        j["turn"] = {{"player", NameOr(s, s.current)}, {"kind", t.flexible ? "flexible" : "inflexible"},
                     {"roll", t.roll ? Json(*t.roll) : Json(nullptr)}, {"space", t.space}, {"landed", LandedWord(t.landed)}};
    } else {
        j["turn"] = nullptr;
    }
    Json due = Json::array();
    if (s.phase == Phase::Due) {
        if (s.due.kind == Due::Kind::Charter) due.push_back({{"kind", "charter"}, {"space", s.due.space}});
        if (s.due.kind == Due::Kind::Reactivation) due.push_back({{"kind", "reactivation"}, {"space", s.due.space}});
        if (s.due.kind == Due::Kind::Royalty)
            due.push_back({{"kind", "royalty"}, {"space", s.due.space}, {"to", NameOr(s, s.due.to)}, {"amount", s.due.amount},
                           {"short", s.due.amount - s.players[static_cast<size_t>(s.current)].cash}});
    }
    j["due"] = due;
    Json pending = Json::array();
    for (int p : s.pending) pending.push_back(s.players[static_cast<size_t>(p)].name);
    j["pending_resignations"] = pending;
    Json players = Json::array();
    for (size_t i = 0; i < s.players.size(); ++i) {
        const Player& p = s.players[i];
        const int pi = static_cast<int>(i);
        Json corps = Json::array();
        int lines = 0;
        for (int x = 0; x < s.Spaces(); ++x) {
            const Corporation& c = s.corporations[static_cast<size_t>(x)];
            if (c.status == CorpStatus::Chartered && c.owner == pi) corps.push_back(x), lines += c.lines;
        }
        Json max_bid = nullptr;
        if (!over && s.InGame(pi))
            max_bid = {{"charter", MaxCharterBid(s, pi)}, {"diversify", MaxDiversifyBid(s, pi)}, {"liquidation", MaxLiquidationBid(s, pi)}};
        players.push_back({{"name", p.name}, {"status", StatusWord(p.status)}, {"cash", p.cash},
                           {"space", p.space >= 0 ? Json(p.space) : Json(nullptr)}, {"turns", p.turns}, {"corporations", corps},
                           {"lines", lines}, {"max_bid", max_bid}});
    }
    j["players"] = players;
    Json corporations = Json::object();
    for (int x = 0; x < s.Spaces(); ++x) {
        const Corporation& c = s.corporations[static_cast<size_t>(x)];
        const char* status = c.status == CorpStatus::Chartered ? "chartered" : c.status == CorpStatus::Inactive ? "inactive" : "unchartered";
        corporations[std::to_string(x)] = {{"owner", c.status == CorpStatus::Chartered ? NameOr(s, c.owner) : Json(nullptr)},
                                           {"status", status}, {"lines", c.lines}, {"token", NameOr(s, s.TokenAt(x))}};
    }
    j["corporations"] = corporations;
    Json conglomerates = Json::array();
    for (const Conglomerate& c : Conglomerates(s)) conglomerates.push_back({{"owner", NameOr(s, c.owner)}, {"spaces", c.spaces}, {"lines", c.lines}});
    j["conglomerates"] = conglomerates;
    j["pool"] = s.Pool();
    j["remainders"] = s.remainders;
    Money total = s.Pool();
    for (const Player& p : s.players) total += p.cash;
    j["money_total"] = total;
    if (s.last_royalty) {
        const RoyaltyRecord& r = *s.last_royalty;
        Json parts = Json::object();
        for (const auto& [space, part] : r.parts) parts[std::to_string(space)] = part;
        j["last_royalty"] = {{"payer", NameOr(s, r.payer)}, {"owner", NameOr(s, r.owner)}, {"space", r.space},
                             {"rule", std::string(RoyaltyWord(r.rule))}, {"amount", r.amount}, {"parts", parts},
                             {"paid", r.paid}, {"outcome", OutcomeWord(r.outcome)}};
    } else {
        j["last_royalty"] = nullptr;
    }
    if (s.last_auction) {
        const AuctionRecord& a = *s.last_auction;
        const bool bid = a.winner >= 0;
        Json one = {{"kind", AuctionWord(a.kind)}, {"caller", NameOr(s, a.caller)}, {"winner", NameOr(s, a.winner)},
                    {"bid", bid ? Json(a.bid) : Json(nullptr)}, {"spaces", a.spaces},
                    {"lines", a.kind == AuctionKind::Diversify ? Json(a.lines) : Json(nullptr)},
                    {"each", a.each ? Json(*a.each) : Json(nullptr)}, {"total", a.total}};
        j["last_auction"] = one;
    } else {
        j["last_auction"] = nullptr;
    }
    if (mover >= 0 && KindFor(*table, mover) == MoveKind::Roll) {
        Json forecast = Json::object();
        const int lo = s.header.dice_count, hi = s.header.dice_count * s.header.dice_sides;
        for (int t = lo; t <= hi; ++t) {
            const int x = Arrival(*table, mover, t);
            const Landed l = LandingOn(*table, mover, x);
            const Corporation& c = table->corporations[static_cast<size_t>(x)];
            forecast[std::to_string(t)] = {{"space", x}, {"landed", LandedWord(l)},
                                           {"owner", c.status == CorpStatus::Chartered ? NameOr(s, c.owner) : Json(nullptr)},
                                           {"royalty", l == Landed::Opponent ? FigureRoyalty(*table, x).amount : 0}};
        }
        j["forecast"] = forecast;
    } else {
        j["forecast"] = nullptr;
    }
    j["winner"] = NameOr(s, s.winner);
    return j;
}

Json PublicJson(const GameState& s) {
    Json j = ToJson(s);
    if (s.header.open_money) return j;
    for (Json& p : j["players"]) {
        p.erase("cash");
        p.erase("max_bid");
    }
    for (Json& d : j["due"]) d.erase("short");
    return j;
}

} // namespace rutland::gigabucks
