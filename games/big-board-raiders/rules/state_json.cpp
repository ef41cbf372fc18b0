#include "rules/state_json.h"

#include "rules/rules.h"

namespace rutland::bbr {

namespace {

template <class T>
nlohmann::json ByCompany(const PerCompany<T>& values) {
    nlohmann::json out = nlohmann::json::object();
    for (Company c : kCompanies) out[std::string(GetProspectus(c).key)] = values[c];
    return out;
}

std::string Key(Company c) { return std::string(GetProspectus(c).key); }

} // namespace

nlohmann::json StateToJson(const GameState& s) {
    nlohmann::json j;
    j["year"] = s.year;
    j["volatility"] = s.volatility == Volatility::Normal ? "normal" : "high";
    j["current_player"] = s.players[static_cast<size_t>(s.current)].name;
    j["winner"] = s.winner ? nlohmann::json(s.players[static_cast<size_t>(*s.winner)].name) : nlohmann::json(nullptr);
    j["prices"] = ByCompany(PerCompany<int>{{s.price[Company::Yellow] * 5, s.price[Company::Blue] * 5,
                                             s.price[Company::Red] * 5, s.price[Company::Green] * 5}});
    j["listed"] = ByCompany(s.listed);
    nlohmann::json players = nlohmann::json::array();
    for (size_t i = 0; i < s.players.size(); ++i) {
        const PlayerState& p = s.players[i];
        const int idx = static_cast<int>(i);
        nlohmann::json pj;
        pj["name"] = p.name;
        pj["cash"] = p.cash.cents();
        pj["space"] = p.space ? nlohmann::json(s.board->At(*p.space).label) : nlohmann::json(nullptr);
        pj["common"] = ByCompany(p.common);
        pj["preferred"] = {{"yellow", p.preferred[Company::Yellow]}, {"blue", p.preferred[Company::Blue]}};
        PerCompany<int64_t> bonds_cents;
        PerCompany<int64_t> shorts;
        for (Company c : kCompanies) {
            bonds_cents[c] = p.bonds[c] * 100;
            shorts[c] = s.ShortShares(idx, c);
        }
        pj["bonds"] = ByCompany(bonds_cents);
        pj["shorts"] = ByCompany(shorts);
        pj["directorships"] = ByCompany(p.directorships);
        pj["escrow"] = p.escrow ? nlohmann::json(Key(*p.escrow)) : nlohmann::json(nullptr);
        nlohmann::json proxies = nlohmann::json::array();
        for (int sp = 0; sp < s.board->SpaceCount(); ++sp)
            if (p.HasProxy(sp)) proxies.push_back(s.board->At(sp).label);
        pj["proxies"] = proxies;
        nlohmann::json options = nlohmann::json::array();
        for (const OptionCard& o : s.options)
            if (o.holder == idx)
                options.push_back({{"id", o.id},
                                   {"kind", o.kind == OptionKind::Call ? "call" : "put"},
                                   {"company", Key(o.company)},
                                   {"shares", o.shares},
                                   {"strike_total", o.strike_total.cents()},
                                   {"cost", o.cost.cents()},
                                   {"exercisable", o.drawn_turn < s.turn}});
        pj["options"] = std::move(options);
        pj["net_worth"] = s.NetWorth(idx).cents();
        players.push_back(std::move(pj));
    }
    j["players"] = std::move(players);
    PerCompany<int64_t> margin;
    for (Company c : kCompanies) margin[c] = s.MarginHeld(c).cents();
    j["margin_accounts"] = ByCompany(margin);
    nlohmann::json tray = nlohmann::json::object();
    for (Company c : kCompanies)
        tray[Key(c)] = {{"common", s.tray[c].common}, {"preferred", s.tray[c].preferred}, {"bonds", s.tray[c].bonds * 100}};
    j["tray"] = std::move(tray);
    nlohmann::json pending = nlohmann::json::array();
    for (const Obligation& o : s.pending)
        pending.push_back({{"kind", "payment"},
                           {"player", s.players[static_cast<size_t>(o.player)].name},
                           {"amount", o.amount.cents()},
                           {"rule", o.rule},
                           {"reason", o.reason}});
    j["pending"] = std::move(pending);

    // Extra keys (COMMANDS.md welcomes them).
    j["bank"] = s.bank.cents();
    j["time_cards_drawn"] = s.time_cards_drawn;
    j["year_cards"] = s.year_cards;
    j["rolled"] = s.rolled;
    j["doubles"] = s.doubles;
    j["turn_space"] = s.turn_space ? nlohmann::json(s.board->At(*s.turn_space).label) : nlohmann::json(nullptr);
    nlohmann::json notes = nlohmann::json::object();
    for (Company c : kCompanies) {
        nlohmann::json list = nlohmann::json::array();
        for (const ShortNote& n : s.margin[c])
            list.push_back({{"player", s.players[static_cast<size_t>(n.player)].name},
                            {"shares", n.shares},
                            {"proceeds", n.proceeds.cents()}});
        notes[Key(c)] = std::move(list);
    }
    j["margin_notes"] = std::move(notes);
    j["turn"] = s.turn;
    j["time_drawn"] = s.time_drawn;
    j["time_space"] = s.time_space ? nlohmann::json(s.board->At(*s.time_space).label) : nlohmann::json(nullptr);
    j["year_end_due"] = s.year_end_due;
    nlohmann::json could = nlohmann::json::array();
    for (const Claim& c : CouldDeclare(s))
        could.push_back({{"player", s.players[static_cast<size_t>(c.player)].name}, {"company", Key(c.company)}});
    j["could_declare"] = std::move(could);
    j["declaring"] = s.declaring ? nlohmann::json(s.players[static_cast<size_t>(*s.declaring)].name) : nlohmann::json(nullptr);
    nlohmann::json cards = nlohmann::json::array();
    for (const auto& [id, effect] : *s.card_list) {
        nlohmann::json card = {{"card", id}, {"high_volatility", effect.high_volatility}};
        card["space"] = effect.space ? nlohmann::json(*effect.space) : nlohmann::json(nullptr);
        card["delist"] = effect.delist ? nlohmann::json(Key(*effect.delist)) : nlohmann::json(nullptr);
        cards.push_back(std::move(card));
    }
    j["card_list"] = std::move(cards);
    return j;
}

} // namespace rutland::bbr
