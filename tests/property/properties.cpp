// Big Board Raiders' property tests with RapidCheck: the properties every game has
// (game_properties.h, where each invariant is written out) and parser_round_trip, checked on games
// nobody wrote by hand, made by the random legal-game generator (tests/support/game_generator.h)
// from a seed, a player count, a length and a weight of the table's counts (X-1) that RapidCheck
// draws (and shrinks: a shorter length is a prefix of the same game, so a failure shrinks to the
// shortest game that shows it). This file keeps only what is Big Board Raiders' own: how to draw its
// games, commands and junk lines, and which rules a rejection may cite.
//
//   rutland_properties NAME|all [--cases N]
//   RUTLAND_PROP_CASES=N   cases per property (default 1,000; more for a longer run)
//   RC_PARAMS="seed=S"     RapidCheck's own settings, e.g. to repeat a failing run
//
// The properties (the ctest names are prop.NAME): replay_equals_live, undo_k_redo_k_is_identity,
// export_script_replays (ledger.h invariant 3), store_export_script, conservation (CheckConservation,
// rules.h), parser_round_trip (command.h; a refused line cites COMMANDS.md) and
// illegal_commands_rejected (ledger.h invariant 5): game_properties.h.
#include <rapidcheck.h>

#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "game_properties.h"
#include "game_generator.h"
#include "ledger/ledger.h"
#include "rules/legal.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"

using namespace rutland;
using rutland::testing::GenerateGame;
using rutland::testing::GenOptions;

namespace {

// ---------------------------------------------------------------------------------------------
// Random commands: any value the table language can print (names are words, spaces lower-case,
// amounts whole and above zero where the language asks for that).
// ---------------------------------------------------------------------------------------------
const std::vector<std::string> kNames = {"Ann", "Bob", "Cy", "Dee", "Eve", "zoë", "O'Neil", "x-1", "BOB", "Hal"};
const std::vector<std::string> kSpaces = {"fulwell", "fulw", "time", "time-2", "market-1", "preferred-yellow",
                                          "rights-1", "calls", "puts", "derwent", "nowhere", "a.b_c"};

std::string DrawName() { return *rc::gen::elementOf(kNames); }
Company DrawCompany() { return kCompanies[static_cast<size_t>(*rc::gen::inRange(0, 4))]; }
int64_t DrawAmount() {
    switch (*rc::gen::inRange(0, 4)) {
        case 0: return 5000 * *rc::gen::inRange<int64_t>(1, 5);
        case 1: return 1000 * *rc::gen::inRange<int64_t>(1, 200);
        case 2: return *rc::gen::inRange<int64_t>(1, 100000);
        default: return *rc::gen::inRange<int64_t>(1, 1'000'000'000'000);
    }
}
Money DrawDollars(bool allow_zero) { return Money::Dollars(*rc::gen::inRange<int64_t>(allow_zero ? 0 : 1, 2'000'000)); }
Security DrawSecurity() { return static_cast<Security>(*rc::gen::inRange(0, 3)); }
CompanySet DrawSet() { return CompanySet{static_cast<uint8_t>(*rc::gen::inRange(0, 16))}; }

Command DrawCommand(bool with_header) {
    Command c;
    if (*rc::gen::inRange(0, 5) == 0) c.actor = DrawName();
    switch (*rc::gen::inRange(with_header ? 0 : 1, 24)) {
        case 0: {
            GameHeader h;
            const int n = *rc::gen::inRange(1, 9);
            for (int i = 0; i < n; ++i) h.players.push_back("P" + std::to_string(i) + DrawName());
            h.cash = DrawDollars(false);
            if (*rc::gen::arbitrary<bool>()) h.broker = DrawName();
            if (*rc::gen::arbitrary<bool>()) h.sec = DrawName();
            h.board = *rc::gen::elementOf(std::vector<std::string>{"standard", "other"});
            if (*rc::gen::arbitrary<bool>()) h.year_cards = *rc::gen::inRange(1, 100);
            if (*rc::gen::arbitrary<bool>()) h.variants = {"uptick", "rollback-cover=0.50"};
            if (*rc::gen::arbitrary<bool>()) h.start = {"market-1", "fulwell"};
            c.actor.reset();
            c.action = h;
            break;
        }
        case 1: {
            Roll r{*rc::gen::inRange(0, 10), *rc::gen::inRange(0, 10), *rc::gen::inRange(0, 10), std::nullopt};
            if (*rc::gen::arbitrary<bool>()) r.space = *rc::gen::elementOf(kSpaces);
            c.action = r;
            break;
        }
        case 2: {
            TimeCard t;
            if (*rc::gen::arbitrary<bool>()) t.card = "T-0" + std::to_string(*rc::gen::inRange(1, 10));
            t.high_volatility = *rc::gen::arbitrary<bool>();
            if (*rc::gen::arbitrary<bool>()) t.space = *rc::gen::elementOf(kSpaces);
            if (*rc::gen::arbitrary<bool>()) t.delist = DrawCompany();
            c.action = t;
            break;
        }
        case 3: c.action = EndTurn{}; break;
        case 4: c.action = YearEnd{}; break;
        case 5: c.action = SetPlayer{DrawName()}; break;
        case 6: {
            const Security s = DrawSecurity();
            c.action = Buy{DrawCompany(), s, DrawAmount()};
            break;
        }
        case 7: c.action = Sell{DrawCompany(), DrawSecurity(), DrawAmount()}; break;
        case 8: c.action = ShortSale{DrawCompany(), DrawAmount()}; break;
        case 9: c.action = Cover{DrawCompany(), DrawAmount()}; break;
        case 10: c.action = BuyDirectorship{DrawCompany(), *rc::gen::inRange(1, 10)}; break;
        case 11: c.action = Convert{DrawCompany(), DrawSecurity(), DrawAmount()}; break;
        case 12: c.action = Rights{DrawCompany(), DrawAmount(), DrawDollars(false)}; break;
        case 13:
            c.action = AcceptOption{*rc::gen::arbitrary<bool>() ? OptionKind::Call : OptionKind::Put, DrawCompany(),
                                    DrawAmount(), DrawDollars(false), DrawDollars(true)};
            break;
        case 14:
            c.action = Exercise{*rc::gen::inRange(1, 20), static_cast<ExerciseMode>(*rc::gen::inRange(0, 5))};
            break;
        case 15: c.action = Transfer{*rc::gen::inRange(1, 20), DrawName(), DrawDollars(true)}; break;
        case 16:
            c.action = EscrowChange{*rc::gen::arbitrary<bool>() ? std::optional<Company>(DrawCompany()) : std::nullopt};
            break;
        case 17: c.action = Declare{}; break;
        case 18: c.action = Undo{*rc::gen::inRange(1, 50)}; break;
        case 19: c.action = Redo{*rc::gen::inRange(1, 50)}; break;
        case 20: {
            const std::vector<std::string> words = {"Bob", "disputes", "#", "#3", "—", "✓", "roll", "a:b", "@x", "$5"};
            std::string text = *rc::gen::elementOf(words);
            const int more = *rc::gen::inRange(0, 5);
            for (int i = 0; i < more; ++i) text += " " + *rc::gen::elementOf(words);
            c.action = Note{text};
            break;
        }
        case 22: {
            CountMarket m;
            for (auto& price : m.price)
                if (*rc::gen::arbitrary<bool>()) price = Money::Cents(*rc::gen::inRange(0, 100000));
            if (*rc::gen::arbitrary<bool>()) m.high_volatility = *rc::gen::arbitrary<bool>();
            if (*rc::gen::arbitrary<bool>()) m.delisted = DrawSet();
            if (*rc::gen::arbitrary<bool>()) m.year = *rc::gen::inRange(0, 100);
            if (*rc::gen::arbitrary<bool>() || m == CountMarket{}) m.cards = *rc::gen::inRange(0, 100);
            if (*rc::gen::arbitrary<bool>()) m.turn = DrawName();
            c.action = m;
            break;
        }
        case 23: {
            CountPlayer p;
            p.player = DrawName();
            CountedHoldings& held = p.counted.Mut();
            held.cash = DrawDollars(true);
            for (size_t i = 0; i < 4; ++i) {
                if (*rc::gen::arbitrary<bool>()) held.common[i] = DrawAmount();
                if (*rc::gen::arbitrary<bool>()) held.preferred[i] = DrawAmount();
                if (*rc::gen::arbitrary<bool>()) held.bonds[i] = DrawAmount();
                if (*rc::gen::arbitrary<bool>()) held.shorts[i] = CountedShort{DrawAmount(), Money::Cents(*rc::gen::inRange(0, 100000))};
                if (*rc::gen::arbitrary<bool>()) held.directorships[i] = *rc::gen::inRange(0, 10);
            }
            if (*rc::gen::arbitrary<bool>())
                held.escrow = *rc::gen::arbitrary<bool>() ? std::optional<Company>(DrawCompany()) : std::optional<Company>();
            if (*rc::gen::arbitrary<bool>()) {
                held.proxies = std::vector<std::string>{"fulwell", "brada"};
                held.add_proxies = *rc::gen::arbitrary<bool>();
            }
            c.action = p;
            break;
        }
        default: {
            BoardFix f;
            f.space = *rc::gen::elementOf(kSpaces);
            bool any = false;
            if (*rc::gen::arbitrary<bool>()) {
                Trends t{};
                for (auto& x : t) x = *rc::gen::arbitrary<bool>() ? Trend::Up : Trend::Down;
                f.trend = t;
                any = true;
            }
            if (*rc::gen::arbitrary<bool>()) f.ask = DrawSet(), any = true;
            if (*rc::gen::arbitrary<bool>()) f.bid = DrawSet(), any = true;
            if (*rc::gen::arbitrary<bool>()) f.kind = static_cast<SpaceKind>(*rc::gen::inRange(0, 7)), any = true;
            if (!any || *rc::gen::arbitrary<bool>()) f.position = *rc::gen::inRange(0, 100);
            c.action = f;
            break;
        }
    }
    return c;
}

// Token soup: words of the language, numbers, names and junk, glued into one line.
std::string DrawSoup() {
    static const std::vector<std::string> kWords = {
        "game", "players=Ann,Bob", "roll", "time", "end", "year-end", "player", "buy", "sell", "short", "cover", "dir",
        "convert", "rights", "call", "put", "exercise", "transfer", "escrow", "switch", "give-up", "declare", "undo",
        "redo", "note", "board", "Y", "b", "red", "GREEN", "pref", "bond", "deb", "common", "10k", "5000", "$7,750",
        "1.55", "-5", "0", "99999999999999999999", "#3", "#", "@fulw", "@time", "@", "card=T-4", "high-vol",
        "delist=R", "trend=DUUD", "ask=BRG", "bid=-", "kind=time", "pos=12", "Bob:", ":", "cash=100000",
        "start=@market-1", "variants=uptick", "year-cards=2", "k", "1,000", "1,0000", "zoë", "\t", "cash", "buy"};
    std::string line;
    const int n = *rc::gen::inRange(0, 8);
    for (int i = 0; i < n; ++i) {
        if (i > 0) line += ' ';
        line += *rc::gen::elementOf(kWords);
    }
    return line;
}

// The rule a rejection cites: a RULES.md ID, or the table language / rule-book section itself.
bool CitesARule(const Rejection& r) {
    static const std::regex kRuleId("^[A-Z]{1,2}-[0-9]+$");
    return std::regex_match(r.rule, kRuleId) || r.rule == "COMMANDS.md" || r.rule.rfind("RULES.md", 0) == 0;
}

// The same command with one thing wrong: another actor, an odd amount, another company.
Command Mutate(Command c) {
    std::visit(
        [&](auto& a) {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, Buy> || std::is_same_v<T, Sell> || std::is_same_v<T, Convert>) {
                a.amount += *rc::gen::elementOf(std::vector<int64_t>{-1000, 1000, 2500, 85000, 1'000'000'000});
                if (*rc::gen::arbitrary<bool>()) a.company = DrawCompany();
            } else if constexpr (std::is_same_v<T, ShortSale> || std::is_same_v<T, Cover>) {
                a.shares += *rc::gen::elementOf(std::vector<int64_t>{-1000, 1000, 2500, 85000, 1'000'000'000});
            } else if constexpr (std::is_same_v<T, BuyDirectorship>) {
                a.count += *rc::gen::inRange(1, 9);
            } else if constexpr (std::is_same_v<T, Exercise>) {
                a.mode = static_cast<ExerciseMode>(*rc::gen::inRange(0, 5));
            }
        },
        c.action);
    if (*rc::gen::inRange(0, 3) == 0) c.actor = DrawName();
    return c;
}


// What game_properties.h asks of Big Board Raiders.
struct BigBoardRaidersProperties {
    using Ruleset = BigBoardRaiders;
    using Store = rutland::bbr::Store;

    // A game for one case: seed, players, length and the table's counts drawn by RapidCheck.
    static std::vector<std::string> DrawGame(int max_entries) {
        GenOptions options;
        options.seed = *rc::gen::arbitrary<uint64_t>();
        options.players = *rc::gen::inRange(2, 9);
        options.entries = *rc::gen::inRange(1, max_entries + 1);
        options.mix.count = *rc::gen::inRange(0, 6);  // the table's counts (X-1) in most games
        return GenerateGame(options);
    }
    static std::string Json(const GameState& s) { return StateToJson(s).dump(); }
    static Command DrawCommand(bool with_header) { return ::DrawCommand(with_header); }
    static Command Mutate(const Command& c) { return ::Mutate(c); }
    static std::string DrawSoup() { return ::DrawSoup(); }
    static std::vector<Command> LegalCommands(const GameState& s) {
        const LegalNow legal = Legal(s);
        std::vector<Command> out;
        for (const auto& list : {legal.trades, legal.other})
            for (const Command& c : list) out.push_back(c);
        return out;
    }
    static bool IsLegal(const GameState& s, const Command& c) { return rutland::bbr::IsLegal(s, c); }
    static bool CitesARule(const Rejection& r) { return ::CitesARule(r); }
    static constexpr std::string_view kCitedRules = "a rule (a RULES.md ID, COMMANDS.md or a RULES.md section)";
    static constexpr std::string_view kWorkDirName = "rutland-properties";
};

using Properties = rutland::testing::GameProperties<BigBoardRaidersProperties>;

} // namespace

int main(int argc, char** argv) {
    std::vector<rutland::testing::Property> properties = Properties::Generic();
    properties.insert(properties.end() - 1, Properties::ParserRoundTripProperty());  // before illegal_commands_rejected, as listed
    return Properties::Main(argc, argv, "rutland_properties", "property", properties, 1000);
}
