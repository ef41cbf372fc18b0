#include "host/flutter_page.h"

#include <filesystem>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/basic_served_game.h"
#include "host/flutter_words.h"
#include "lang/effect_text.h"
#include "lang/table_language.h"
#include "report/table_view.h"
#include "rules/state_json.h"
#include "store/store.h"

namespace rutland::flutter {

namespace {

using nlohmann::json;

// A rule's heading: its first words, up to a colon or a full stop (at most about 60 characters,
// cut at a word), after its ID.
std::string Heading(const std::string& words) {
    std::string head = words.substr(0, words.find_first_of(":.("));
    while (!head.empty() && head.back() == ' ') head.pop_back();
    if (head.size() > 60) head = head.substr(0, head.rfind(' ', 60)) + "\u2026";
    return head;
}

// Whether a fact of the board at `level` is one the table has not confirmed (BD-7).
bool Provisional(const Board& board, int level) {
    return level >= 0 && static_cast<size_t>(level) < board.levels.size() && !board.levels[static_cast<size_t>(level)].verified;
}

class ServedFlutter final : public host::BasicServedGame<Store> {
public:
    std::string PageJson(const std::string& problem) override {
        const GameState& s = GetStore().GetLedger().State();
        const int last = GetStore().Size() - 1;
        json lanes = json::array();
        for (int c = 0; c < kCompanies; ++c) {
            const Company& co = s.companies[static_cast<size_t>(c)];
            const Lane& lane = s.board->lanes[static_cast<size_t>(c)];
            const bool provisional = Provisional(*s.board, co.parent) || Provisional(*s.board, co.traveller) || !lane.verified;
            lanes.push_back({{"letter", ValidUtf8(lane.letter)},
                             {"colour", ValidUtf8(lane.colour)},
                             {"key", ValidUtf8(lane.Key())},
                             {"name", ValidUtf8(lane.name)},
                             {"bankrupt", co.bankrupt},
                             {"parent", co.parent},
                             {"traveller", co.traveller},
                             {"position", PositionWord(s.PositionOf(c))},
                             {"price", co.bankrupt ? std::string("-") : FormatPounds(s.Price(c))},
                             {"stock", co.stock},
                             {"reserve", co.reserve},
                             {"anti_slump", co.anti_slump},
                             {"provisional", provisional}});
        }
        // The players as the desk's tables show them (report/table_view.h): holdings at today's
        // price, capital against the target and whether a claim is taken now (W-1..W-4).
        const TableLines table = TableOf(s);
        const Claims claims = ClaimsOf(s);
        json players = json::array();
        for (size_t i = 0; i < s.players.size(); ++i) {
            const Player& p = s.players[i];
            const PlayerLine& line = table.players[i];
            const ClaimLine& claim = claims.players[i];
            json held = json::array();
            for (int c = 0; c < kCompanies; ++c)
                if (p.certificates[static_cast<size_t>(c)] > 0)
                    held.push_back({{"letter", s.board->lanes[static_cast<size_t>(c)].letter},
                                    {"count", p.certificates[static_cast<size_t>(c)]},
                                    {"value", FormatPounds(line.holdings[static_cast<size_t>(c)].value)}});
            const std::string claim_text =
                claim.claimed     ? "claimed (W-3)"
                : claim.may_claim ? fmt::format("may claim: the broker types `{}` (W-2)", ValidUtf8(claim.line))
                : claim.short_by > Pounds() ? fmt::format("{} short of the target (W-3)", FormatPounds(claim.short_by))
                                            : std::string("has reached the target (W-3)");
            players.push_back({{"name", ValidUtf8(p.name)},
                               {"cash", FormatPounds(p.cash)},
                               {"capital", FormatPounds(line.capital)},
                               {"holdings", std::move(held)},
                               {"current", static_cast<int>(i) == s.current},
                               {"claim", claim_text},
                               {"may_claim", claim.may_claim}});
        }
        // The last round end (RE-2, RE-3: section 16's last_round), company by company in lane order.
        json last_round = nullptr;
        if (s.last_round) {
            json companies = json::array();
            for (const SettledCompany& sc : s.last_round->companies) {
                const Lane& lane = s.board->lanes.at(static_cast<size_t>(sc.company));
                const std::string then = sc.bankrupt                                     ? "bankrupt (BK-1)"
                                         : sc.bonus == SettledCompany::Bonus::Shares ? "bonus shares (BN-2)"
                                         : sc.bonus == SettledCompany::Bonus::Cash   ? "bonus in cash (BN-3)"
                                                                                     : "";
                companies.push_back({{"letter", ValidUtf8(lane.letter)},
                                     {"key", ValidUtf8(lane.Key())},
                                     {"colour", ValidUtf8(lane.colour)},
                                     {"at", PositionWord(sc.at)},
                                     {"dividend", sc.dividend > 0 ? FormatPounds(Pounds(sc.dividend)) + " a certificate" : "-"},
                                     {"move", sc.move == 0 ? std::string("stays") : fmt::format("{:+d}", sc.move)},
                                     {"then", then}});
            }
            last_round = {{"title", fmt::format("Round {} ended by {}'s throw (RE-1)", s.last_round->round,
                                                ValidUtf8(s.players.at(static_cast<size_t>(s.last_round->ended_by)).name))},
                          {"companies", std::move(companies)}};
        }
        const std::string claims_text =
            claims.over       ? "The game is won (W-4, W-5)"
            : claims.pending  ? "A card or a re-throw is due first: no claim now (N-1)"
            : claims.stoppage ? fmt::format("A stoppage: claims are taken now, target {} (W-2)", FormatPounds(claims.target))
                              : fmt::format("Claims are taken after a round's settlement; target {} (W-2)", FormatPounds(claims.target));
        json alerts = json::array();
        if (s.pending.kind == Pending::Kind::News)
            alerts.push_back({{"kind", "warn"},
                              {"text", fmt::format("A Market News card is pending for {}", s.board->lanes[static_cast<size_t>(s.pending.company)].colour)},
                              {"detail", "Only the card's `news` line plays on until it is entered (N-1)."}});
        if (!s.board->Verified())
            alerts.push_back({{"kind", "warn"},
                              {"text", "The board is provisional"},
                              {"detail", "Figures flagged provisional rest on a fact of the board the table has not confirmed (BD-7)."}});
        if (s.Over()) alerts.push_back({{"kind", "good"}, {"text", "The game is won (W-5)"}});
        const std::string current = s.players.empty() ? std::string() : s.players[static_cast<size_t>(s.current)].name;
        json ledger = LedgerJson();
        json game = {{"file", std::filesystem::path(GetStore().Path()).filename().string()},
                     {"fingerprint", GetStore().Fingerprint()},
                     {"entry", last},
                     {"headline", s.Over() ? fmt::format("Flutter, round {}: the game is won", s.round)
                                           : fmt::format("Flutter, round {}: {} to {}", s.round, ValidUtf8(current),
                                                         s.stoppage ? "trade or claim" : "trade and throw")},
                     {"detail", fmt::format("{} entries; target {}; board {}", last + 1, FormatPounds(s.header->target),
                                            ValidUtf8(s.board->name))},
                     {"turn", TurnJson(ledger)},
                     {"alerts", std::move(alerts)},
                     {"problem", problem}};
        return json{{"game", std::move(game)},
                    {"lanes", std::move(lanes)},
                    {"players", std::move(players)},
                    {"claims", claims_text},
                    {"last_round", std::move(last_round)},
                    {"board", {{"name", ValidUtf8(s.board->name)}, {"verified", s.board->Verified()}}},
                    {"words",
                     {{"lanes", "The companies"},
                      {"players", "The players"},
                      {"parent", "parent"},
                      {"traveller", "traveller"},
                      {"price", "price"},
                      {"stock", "stock"},
                      {"lanes_note", "stock: the broker's certificates for sale (TR-4); reserve: kept for bonus issues (G-3, BN-2)"},
                      {"reserve", "reserve"},
                      {"cash", "cash"},
                      {"capital", "capital"},
                      {"holdings", "holdings"},
                      {"none", "no certificates"},
                      {"bankrupt", "bankrupt (BK-1)"},
                      {"anti_slump", "anti-slump card (N-4)"},
                      {"provisional", "provisional (BD-7)"},
                      {"current", "to play"},
                      {"last_round", "The last round end"},
                      {"dividend", "dividend"},
                      {"at", "traveller"},
                      {"move", "parent"}}},
                    {"ledger", std::move(ledger)}}
            .dump();
    }

    // As `rutland-cli state --json` prints it: section 16's JSON with "entry" and "fingerprint".
    std::string StateJson() const override {
        const int last = GetStore().Size() - 1;
        nlohmann::ordered_json j = ToJson(GetStore().GetLedger().State());
        j["entry"] = last;
        j["fingerprint"] = GetStore().FingerprintAt(last);
        return j.dump();
    }

    // Every rule RULES.md lists ("- T-1 ..." items), with its words.
    std::string RulesJson() const override {
        json rules = json::object();
        for (const std::string& id : RuleIds()) {
            const std::string words = RuleWords(id);
            if (words.empty()) continue;
            rules[id] = {{"heading", Heading(words)}, {"where", "Flutter's RULES.md"}, {"text", words}};
        }
        return json{{"rules", std::move(rules)}}.dump();
    }

private:
    json Words(const Entry& e) const override {
        const GameState& names = GetStore().GetLedger().State();
        json words = json::array();
        for (const Effect& fx : e.effects)
            words.push_back({{"rule", fx.rule},
                             {"text", ValidUtf8(EffectText(fx, names) + (fx.provisional ? " (provisional board)" : ""))}});
        return words;
    }
};

} // namespace

std::unique_ptr<host::ServedGame> ServeFlutterFile(const std::string& path, std::string* error) {
    auto served = std::make_unique<ServedFlutter>();
    if (!served->Open(path, error)) return nullptr;
    return served;
}

} // namespace rutland::flutter
