#include "rules/state_json.h"

#include "lang/effect_text.h"

namespace rutland::flutter {

namespace {

using Json = nlohmann::ordered_json;

std::string Key(const GameState& s, int c) { return s.board->lanes[static_cast<size_t>(c)].Key(); }

const char* BonusWord(SettledCompany::Bonus bonus) {
    switch (bonus) {
        case SettledCompany::Bonus::None: return nullptr;
        case SettledCompany::Bonus::Shares: return "shares";
        case SettledCompany::Bonus::Cash: return "cash";
    }
    return nullptr;
}

} // namespace

Json ToJson(const GameState& s) {
    Json j;
    j["game"] = "flutter";
    j["board"] = s.board->name;
    j["board_verified"] = s.board->Verified();
    j["round"] = s.round;
    j["current_player"] = s.players.empty() ? Json(nullptr) : Json(s.players[static_cast<size_t>(s.current)].name);
    j["stoppage"] = s.stoppage;
    j["target"] = s.header->target.value;
    Json prices = Json::object(), levels = Json::object(), at = Json::object(), stock = Json::object(), reserve = Json::object();
    Json bankrupt = Json::array(), anti_slump = Json::array();
    for (int c = 0; c < kCompanies; ++c) {
        const Company& co = s.companies[static_cast<size_t>(c)];
        const std::string key = Key(s, c);
        prices[key] = s.Price(c).value;
        if (co.bankrupt) {
            levels[key] = nullptr;
            at[key] = nullptr;
            bankrupt.push_back(key);
        } else {
            levels[key] = Json{{"parent", co.parent}, {"traveller", co.traveller}};
            at[key] = PositionWord(s.PositionOf(c));
        }
        if (co.anti_slump) anti_slump.push_back(key);
        stock[key] = co.stock;
        reserve[key] = co.reserve;
    }
    j["prices"] = prices;
    j["levels"] = levels;
    j["traveller_at"] = at;
    j["bankrupt"] = bankrupt;
    j["anti_slump"] = anti_slump;
    j["broker_stock"] = stock;
    j["reserve"] = reserve;
    Json players = Json::array();
    for (size_t p = 0; p < s.players.size(); ++p) {
        const Player& player = s.players[p];
        Json certificates = Json::object();
        for (int c = 0; c < kCompanies; ++c) certificates[Key(s, c)] = player.certificates[static_cast<size_t>(c)];
        players.push_back(Json{{"name", player.name},
                               {"cash", player.cash.value},
                               {"certificates", certificates},
                               {"capital", s.Capital(static_cast<int>(p)).value}});
    }
    j["players"] = players;
    Json pending = Json::array();
    if (s.pending.kind == Pending::Kind::News)
        pending.push_back(Json{{"kind", "news"}, {"company", Key(s, s.pending.company)},
                               {"player", s.players[static_cast<size_t>(s.pending.player)].name}});
    if (s.pending.kind == Pending::Kind::Rethrow)
        pending.push_back(Json{{"kind", "rethrow"}, {"player", s.players[static_cast<size_t>(s.pending.player)].name}});
    j["pending"] = pending;
    if (s.last_throw)
        j["last_throw"] = Json{{"player", s.players[static_cast<size_t>(s.last_throw->player)].name},
                               {"company", Key(s, s.last_throw->company)},
                               {"number", s.last_throw->number}};
    else
        j["last_throw"] = nullptr;
    if (s.last_round) {
        Json companies = Json::object();
        for (const SettledCompany& c : s.last_round->companies) {
            const char* bonus = BonusWord(c.bonus);
            companies[Key(s, c.company)] = Json{{"at", PositionWord(c.at)},
                                                {"dividend", c.dividend},
                                                {"move", c.move},
                                                {"bonus", bonus ? Json(bonus) : Json(nullptr)},
                                                {"bankrupt", c.bankrupt}};
        }
        j["last_round"] = Json{{"round", s.last_round->round},
                               {"ended_by", s.players[static_cast<size_t>(s.last_round->ended_by)].name},
                               {"companies", companies}};
    } else {
        j["last_round"] = nullptr;
    }
    Json claims = Json::array(), winners = Json::array();
    Pounds best{-1};
    for (const ClaimRecord& r : s.claims) best = std::max(best, r.capital);
    for (const ClaimRecord& r : s.claims) {
        const std::string& name = s.players[static_cast<size_t>(r.player)].name;
        claims.push_back(Json{{"name", name}, {"capital", r.capital.value}});
        if (r.capital == best) winners.push_back(name);
    }
    j["claims"] = claims;
    j["winner"] = winners.empty() ? Json(nullptr) : winners[0];
    j["winners"] = winners;
    // Extra keys (section 16 welcomes them): the rules' settings and the money the bank has paid.
    j["box"] = s.header->box;
    j["bank_paid"] = s.bank_paid.value;
    return j;
}

} // namespace rutland::flutter
