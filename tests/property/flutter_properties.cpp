// Flutter's property tests with RapidCheck: the properties every game has (game_properties.h,
// where each invariant is written out), checked on Flutter games nobody wrote by hand, made by the
// random legal-game generator (tests/support/flutter_game_generator.h) from a seed, a player count
// and a length that RapidCheck draws (and shrinks: a shorter length is a prefix of the same game).
// This file keeps only what is Flutter's own: how to draw its games, commands and junk lines, the
// conservation it counts apart from CheckConservation, and its rule IDs. A file of its own:
// Flutter's headers share their relative names with Big Board Raiders'.
//
//   rutland_flutter_properties NAME|all [--cases N]
//   RUTLAND_PROP_CASES=N   cases per property (default 150; more for a longer run)
//   RC_PARAMS="seed=S"     RapidCheck's own settings, e.g. to repeat a failing run
//
// The properties (the ctest names are prop.flutter_NAME): replay_equals_live,
// undo_k_redo_k_is_identity (L-2), export_script_replays (RULES.md section 15: an exported ledger
// replays), store_export_script, conservation (CheckConservation and, counted here apart from it,
// the players' cash is their starting cash plus what the bank paid, and per company holdings + sale
// stock + reserve = issued, which is the box, or 0 once bankrupt: model/state.h invariants 1, 2;
// G-3, BK-1) and illegal_commands_rejected (rejected citing a rule ID of RULES.md: rules.h
// invariant 1).
#include <rapidcheck.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "game_properties.h"
#include "flutter_game_generator.h"
#include "ledger/ledger.h"
#include "rules/legal.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "store/store.h"

using namespace rutland;
using namespace rutland::flutter;
using rutland::testing::FlutterGenOptions;
using rutland::testing::GenerateFlutterGame;

namespace {

// Model/state.h invariants 1 and 2, counted here from the state's parts (not by CheckConservation).
std::optional<std::string> CountedApart(const GameState& s) {
    int64_t cash = 0;
    for (const Player& p : s.players) cash += p.cash.value;
    const int64_t start = s.header->cash.value * static_cast<int64_t>(s.players.size());
    if (cash != start + s.bank_paid.value)
        return "the players hold £" + std::to_string(cash) + ", not £" + std::to_string(start) + " + £" +
               std::to_string(s.bank_paid.value) + " paid by the bank";
    for (size_t c = 0; c < s.companies.size(); ++c) {
        const Company& co = s.companies[c];
        int64_t held = 0;
        for (const Player& p : s.players) {
            if (p.certificates[c] < 0) return "a negative holding of company " + std::to_string(c);
            held += p.certificates[c];
        }
        if (co.stock < 0 || co.reserve < 0) return "a negative sale stock or reserve of company " + std::to_string(c);
        if (held + co.stock + co.reserve != co.issued)
            return "company " + std::to_string(c) + ": " + std::to_string(held) + " held + " + std::to_string(co.stock) +
                   " for sale + " + std::to_string(co.reserve) + " in reserve != " + std::to_string(co.issued) + " issued";
        if (co.issued != (co.bankrupt ? 0 : s.header->box))
            return "company " + std::to_string(c) + " has " + std::to_string(co.issued) + " issued, not " +
                   (co.bankrupt ? "0 (bankrupt)" : "the box");
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Illegal commands: random ones, legal ones made wrong, token soup
// ---------------------------------------------------------------------------------------------
const std::vector<std::string> kNames = {"Ann", "Bob", "Cy", "Dee", "Eve", "Zoë", "Nobody", "ann"};
const std::vector<std::string> kCompanyWords = {"W", "R", "B", "G", "Y", "K", "white", "black", "Q", "orange"};

std::optional<Place> DrawPlace() {
    switch (*rc::gen::inRange(0, 9)) {
        case 0: return Place{Place::Kind::News, 0};
        case 1: return Place{Place::Kind::Slump, 0};
        case 2: return Place{Place::Kind::Five, 0};
        case 3: return Place{Place::Kind::Ten, 0};
        case 4: return Place{Place::Kind::Top, 0};
        case 5: return Place{Place::Kind::M, 0};
        case 6: return Place{Place::Kind::Level, *rc::gen::inRange(0, 40)};
        default: return std::nullopt;
    }
}

Command DrawCommand() {
    const std::string company = *rc::gen::elementOf(kCompanyWords);
    std::optional<std::string> who;
    if (*rc::gen::inRange(0, 4) == 0) who = *rc::gen::elementOf(kNames);
    switch (*rc::gen::inRange(0, 10)) {
        case 0: return Command{Throw{who, company, *rc::gen::inRange(0, 9), DrawPlace()}};
        case 1: return Command{Buy{who, company, *rc::gen::inRange<int64_t>(0, 30)}};
        case 2: return Command{Sell{who, company, *rc::gen::inRange<int64_t>(0, 30)}};
        case 3: {
            News n;
            if (*rc::gen::arbitrary<bool>()) n.company = company;
            const int effects = *rc::gen::inRange(1, 4);
            for (int i = 0; i < effects; ++i)
                n.effects.push_back(CardEffect{static_cast<CardEffect::Kind>(*rc::gen::inRange(0, 7)), *rc::gen::inRange<int64_t>(0, 40)});
            for (CardEffect& e : n.effects)
                if (e.kind == CardEffect::Kind::AntiSlump || e.kind == CardEffect::Kind::Nothing) e.n = 0;
            if (*rc::gen::inRange(0, 4) == 0) n.place = DrawPlace();
            return Command{n};
        }
        case 4: return Command{Claim{*rc::gen::arbitrary<bool>() ? std::optional<std::string>(*rc::gen::elementOf(kNames)) : std::nullopt}};
        case 5: {
            Peg p{company, {}, {}, {}};
            if (*rc::gen::arbitrary<bool>()) p.price = Pounds(5 * *rc::gen::inRange<int64_t>(0, 50));
            if (*rc::gen::arbitrary<bool>()) p.traveller = DrawPlace();
            if (p.traveller && p.traveller->kind == Place::Kind::M) p.traveller.reset();
            if (*rc::gen::arbitrary<bool>() || (!p.price && !p.traveller)) p.anti_slump = *rc::gen::arbitrary<bool>();
            return Command{p};
        }
        case 6: {
            Count c{*rc::gen::elementOf(kNames), {}, {}};
            if (*rc::gen::arbitrary<bool>()) c.cash = Pounds(5 * *rc::gen::inRange<int64_t>(-10, 400));
            if (*rc::gen::arbitrary<bool>() || !c.cash) c.certificates.push_back({company, *rc::gen::inRange<int64_t>(0, 30)});
            return Command{c};
        }
        case 7: return Command{PlayerTurn{*rc::gen::elementOf(kNames)}};
        case 8: {
            BoardChange change;
            change.target = BoardChange::Target::Level;
            change.level = *rc::gen::inRange(0, 40);
            if (*rc::gen::arbitrary<bool>()) change.price = Pounds(5 * *rc::gen::inRange<int64_t>(0, 60));
            else change.label = static_cast<Label>(*rc::gen::inRange(0, 6));
            return Command{BoardLine{{change}}};
        }
        default: return Command{Throw{who, company, *rc::gen::inRange(1, 7), std::nullopt}};
    }
}

// A legal command with one thing wrong: too many certificates, another player, a number off the die.
Command Mutate(Command c) {
    std::visit(
        [&](auto& a) {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, Buy> || std::is_same_v<T, Sell>) {
                a.count += *rc::gen::elementOf(std::vector<int64_t>{-1000, 1, 7, 1000});
                if (*rc::gen::arbitrary<bool>()) a.who = *rc::gen::elementOf(kNames);
            } else if constexpr (std::is_same_v<T, Throw>) {
                if (*rc::gen::arbitrary<bool>()) a.number += *rc::gen::elementOf(std::vector<int>{-7, 6, 10});
                else a.who = *rc::gen::elementOf(kNames);
            } else if constexpr (std::is_same_v<T, Claim>) {
                a.name = *rc::gen::elementOf(kNames);
            } else if constexpr (std::is_same_v<T, News>) {
                a.effects.push_back(CardEffect{CardEffect::Kind::Dividend, *rc::gen::inRange<int64_t>(1, 5)});  // not in £5 (U-1)
            }
        },
        c.action);
    return c;
}

std::string DrawSoup() {
    static const std::vector<std::string> kWords = {
        "game", "flutter", "players=Ann,Bob", "throw", "w4", "+w2", "-r", "n", "u2", "div10", "news", "buy", "sell",
        "claim", "Ann:", "undo", "redo", "note", "board", "peg", "count", "player", "W", "white", "7", "0", "£5",
        "@news", "@L14", "@M", "@", "price=120", "traveller=parent", "anti-slump=yes", "cash=250", "W=2", "L12",
        "label=slump", "ok", "levels=27", "m=none", "99999999999999999999", "#", "zoë", ":", "="};
    std::string line;
    const int n = *rc::gen::inRange(0, 7);
    for (int i = 0; i < n; ++i) {
        if (i > 0) line += ' ';
        line += *rc::gen::elementOf(kWords);
    }
    return line;
}

// The rule IDs of RULES.md (tests/flutter/rule_ids.txt lists them, and a test checks the two agree).
const std::set<std::string>& RuleIds() {
    static const std::set<std::string> ids = [] {
        std::set<std::string> out;
        std::ifstream in(RUTLAND_FLUTTER_RULE_IDS);
        for (std::string line; std::getline(in, line);)
            if (!line.empty()) out.insert(line);
        return out;
    }();
    return ids;
}


// What game_properties.h asks of Flutter.
struct FlutterProperties {
    using Ruleset = Flutter;
    using Store = flutter::Store;

    static constexpr rutland::testing::PropertyLengths kLengths{.replay = 150};

    static std::vector<std::string> DrawGame(int max_entries) {
        FlutterGenOptions options;
        options.seed = *rc::gen::arbitrary<uint64_t>();
        options.players = *rc::gen::inRange(2, 9);
        options.entries = *rc::gen::inRange(1, max_entries + 1);
        return GenerateFlutterGame(options);
    }
    static std::string Json(const GameState& s) { return ToJson(s).dump(); }
    static Command DrawCommand(bool /*with_header: Flutter's random commands hold no header*/) { return ::DrawCommand(); }
    static Command Mutate(const Command& c) { return ::Mutate(c); }
    static std::string DrawSoup() { return ::DrawSoup(); }
    static std::vector<Command> LegalCommands(const GameState& s) { return Legal(s).commands; }
    static bool IsLegal(const GameState& s, const Command& c) { return flutter::IsLegal(s, c); }
    static bool CitesARule(const Rejection& r) { return RuleIds().count(r.rule) > 0; }
    static constexpr std::string_view kCitedRules = "a rule ID of RULES.md";
    static std::optional<std::string> CountedApart(const GameState& s) { return ::CountedApart(s); }
    static constexpr std::string_view kWorkDirName = "rutland-flutter-properties";
};

using Properties = rutland::testing::GameProperties<FlutterProperties>;

} // namespace

int main(int argc, char** argv) {
    if (RuleIds().empty()) {
        std::cerr << "rutland_flutter_properties: cannot read the rule IDs (" << RUTLAND_FLUTTER_RULE_IDS << ")\n";
        return 2;
    }
    return Properties::Main(argc, argv, "rutland_flutter_properties", "property flutter", Properties::Generic(), 150);
}
