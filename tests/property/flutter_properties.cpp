// Flutter's property tests with RapidCheck, mirroring Big Board Raiders' (properties.cpp): each
// property is checked on Flutter games nobody wrote by hand, made by the random legal-game generator
// (tests/support/flutter_game_generator.h) from a seed, a player count and a length that RapidCheck
// draws (and shrinks: a shorter length is a prefix of the same game). A file of its own: Flutter's
// headers share their relative names with Big Board Raiders'.
//
//   rutland_flutter_properties NAME|all [--cases N]
//   RUTLAND_PROP_CASES=N   cases per property (default 150; more for a longer run)
//   RC_PARAMS="seed=S"     RapidCheck's own settings, e.g. to repeat a failing run
//
// Invariants these properties hold Flutter to (the ctest names are prop.flutter_NAME):
//  replay_equals_live          the state after entry n rebuilt by the ledger (StateAt) is the state
//                              the live game had right after it, and a new ledger replaying entries
//                              0-n (the last n and a random one) has it too; the live state is the
//                              replay of the commands in effect (basic_ledger.h invariants 2, 4)
//  undo_k_redo_k_is_identity   undo k then redo k gives back the same state and commands in effect,
//                              and after the undo the state is the replay of the commands left (L-2)
//  export_script_replays       the ledger's canonical lines played again give the same entries and
//                              the same state JSON (RULES.md section 15: an exported ledger replays)
//  store_export_script         through the game file: an export --script (lines with their stamps)
//                              played into a new file gives the same hash chain, fingerprint and
//                              state, and the first file reopens clean (basic_store.h invariants 4, 5)
//  conservation                after every entry, CheckConservation holds and, counted here apart
//                              from it, the players' cash is their starting cash plus what the bank
//                              paid, and per company holdings + sale stock + reserve = issued, which
//                              is the box, or 0 once bankrupt (model/state.h invariants 1, 2; G-3, BK-1)
//  illegal_commands_rejected   a command Apply would not accept (a random one, a legal one made
//                              wrong, an undo/redo past the ledger, token soup) is rejected citing a
//                              rule ID of RULES.md, leaves the state JSON byte-identical and adds no
//                              entry (rules.h invariant 1)
#include <rapidcheck.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include "property_runner.h"
#include "flutter_game_generator.h"
#include "ledger/ledger.h"
#include "rules/legal.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "store/store.h"

namespace fs = std::filesystem;
using namespace rutland;
using namespace rutland::flutter;
using rutland::testing::FlutterGenOptions;
using rutland::testing::GenerateFlutterGame;

namespace {

// Figures for the closing line of each property.
rutland::testing::PropertyCounts g_counts;  // printed after each property (property_runner.h)
std::atomic<long>& g_entries = g_counts.entries;
std::atomic<long>& g_bad_inputs = g_counts.bad_inputs;
std::map<std::string, long>& g_rules = g_counts.rules;

struct Game {
    std::vector<std::string> lines;
    std::optional<Ledger> ledger;
    std::vector<std::string> live;  // the state JSON right after entry n
};

FlutterGenOptions DrawOptions(int max_entries) {
    FlutterGenOptions options;
    options.seed = *rc::gen::arbitrary<uint64_t>();
    options.players = *rc::gen::inRange(2, 9);
    options.entries = *rc::gen::inRange(1, max_entries + 1);
    return options;
}

std::string Json(const GameState& s) { return ToJson(s).dump(); }

Header HeaderOf(const std::string& line) {
    ParseResult parsed = ParseCommand(line);
    RC_ASSERT(parsed.command.has_value());
    RC_ASSERT(std::holds_alternative<Header>(parsed.command->action));
    return std::get<Header>(parsed.command->action);
}

// Plays the lines on a ledger; every line must be accepted (the generator's invariant 1).
Game Play(std::vector<std::string> lines, bool record_states) {
    Game g;
    g.lines = std::move(lines);
    Rejection why;
    g.ledger = Ledger::Start(HeaderOf(g.lines.at(0)), &why);
    if (!g.ledger) RC_FAIL("the generated header is refused: " + why.ToString());
    if (record_states) g.live.push_back(Json(g.ledger->State()));
    for (size_t i = 1; i < g.lines.size(); ++i) {
        SubmitResult r = g.ledger->SubmitLine(g.lines[i]);
        if (!r.accepted) RC_FAIL("generated line " + std::to_string(i) + " '" + g.lines[i] + "' is rejected: " + r.rejection.ToString());
        if (record_states) g.live.push_back(Json(g.ledger->State()));
    }
    g_entries += static_cast<long>(g.lines.size());
    return g;
}

Game DrawGame(int max_entries, bool record_states) { return Play(GenerateFlutterGame(DrawOptions(max_entries)), record_states); }

// The state the commands in effect give when replayed from the header, on a new ledger.
std::string ReplayOf(const Ledger& ledger, const std::vector<int>& seqs) {
    std::vector<std::string> lines = {ledger.At(0).line};
    for (int seq : seqs) lines.push_back(ledger.At(seq).line);
    return Json(Play(lines, false).ledger->State());
}

void ReplayEqualsLive() {
    Game g = DrawGame(150, true);
    for (int seq = 0; seq < g.ledger->Size(); ++seq)
        if (Json(g.ledger->StateAt(seq)) != g.live[static_cast<size_t>(seq)])
            RC_FAIL("StateAt(" + std::to_string(seq) + ") differs from the live state after '" + g.ledger->At(seq).line + "'");
    const int last = g.ledger->Size() - 1;
    const int k = *rc::gen::inRange(0, last + 1);
    for (const int seq : {last, k}) {
        const Game fresh = Play(std::vector<std::string>(g.lines.begin(), g.lines.begin() + seq + 1), false);
        RC_ASSERT(fresh.ledger->Size() == seq + 1);
        if (Json(g.ledger->StateAt(seq)) != Json(fresh.ledger->State()))
            RC_FAIL("StateAt(" + std::to_string(seq) + ") differs from a new ledger's replay of entries 0-" + std::to_string(seq));
        RC_ASSERT(g.ledger->StateAt(seq) == fresh.ledger->State());
    }
    if (Json(g.ledger->State()) != ReplayOf(*g.ledger, g.ledger->InEffect()))
        RC_FAIL("the live state differs from a new ledger's replay of the commands in effect");
}

void UndoRedoIdentity() {
    Game g = DrawGame(120, false);
    Ledger& ledger = *g.ledger;
    RC_PRE(ledger.UndoableCount() > 0);
    const int k = *rc::gen::inRange(1, ledger.UndoableCount() + 1);
    const bool one_line = *rc::gen::arbitrary<bool>();  // `undo 3` or `undo` three times
    const std::string before = Json(ledger.State());
    const GameState before_state = ledger.State();
    const std::vector<int> in_effect = ledger.InEffect();
    const int size = ledger.Size();
    auto step = [&](const char* word) {
        const int times = one_line ? 1 : k;
        for (int i = 0; i < times; ++i) {
            const std::string line = one_line && k > 1 ? std::string(word) + " " + std::to_string(k) : std::string(word);
            SubmitResult r = ledger.SubmitLine(line);
            if (!r.accepted) RC_FAIL(std::string(word) + " is rejected: " + r.rejection.ToString());
        }
    };
    step("undo");
    RC_ASSERT(ledger.UndoableCount() == static_cast<int>(in_effect.size()) - k);
    const std::vector<int> left(in_effect.begin(), in_effect.end() - k);
    RC_ASSERT(ledger.InEffect() == left);
    if (Json(ledger.State()) != ReplayOf(ledger, left)) RC_FAIL("after undo " + std::to_string(k) + " the state is not the replay of the commands left");
    step("redo");
    RC_ASSERT(ledger.InEffect() == in_effect);
    if (Json(ledger.State()) != before) RC_FAIL("undo " + std::to_string(k) + " then redo " + std::to_string(k) + " changed the state");
    RC_ASSERT(ledger.State() == before_state);
    RC_ASSERT(ledger.Size() == size + (one_line ? 2 : 2 * k));
    g_entries += one_line ? 2 : 2 * k;
}

void ExportScriptReplays() {
    Game g = DrawGame(150, false);
    std::vector<std::string> script;
    for (const Entry& e : g.ledger->Entries()) script.push_back(e.line);
    Game again = Play(script, false);
    RC_ASSERT(again.ledger->Size() == g.ledger->Size());
    for (int seq = 0; seq < g.ledger->Size(); ++seq) {
        const Entry& a = g.ledger->At(seq);
        const Entry& b = again.ledger->At(seq);
        if (a.line != b.line || a.kind != b.kind || a.targets != b.targets)
            RC_FAIL("entry " + std::to_string(seq) + " replays as '" + b.line + "', was '" + a.line + "'");
    }
    RC_ASSERT(Json(again.ledger->State()) == Json(g.ledger->State()));
    RC_ASSERT(again.ledger->State() == g.ledger->State());
}

// A directory for game files: /dev/shm where there is one (this checks the chain and the export,
// not the disk), else the temp directory.
fs::path WorkDir() {
    static const fs::path dir = [] {
        std::error_code ec;
        fs::path base = fs::exists("/dev/shm", ec) && access("/dev/shm", W_OK) == 0 ? fs::path("/dev/shm") : fs::temp_directory_path();
        fs::path d = base / ("rutland-flutter-properties-" + std::to_string(getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

void StoreExportScript() {
    static std::atomic<long> counter{0};
    const std::vector<std::string> lines = GenerateFlutterGame(DrawOptions(60));
    const std::string id = std::to_string(counter++);
    const std::string a_path = (WorkDir() / ("a-" + id + ".rutland")).string();
    const std::string b_path = (WorkDir() / ("b-" + id + ".rutland")).string();
    struct Cleanup {
        std::vector<std::string> paths;
        ~Cleanup() {
            std::error_code ec;
            for (const auto& p : paths)
                for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(p + suffix, ec);
        }
    } cleanup{{a_path, b_path}};
    auto stamp = [&](size_t i) {
        return Stamp{"2026-01-01T00:00:" + std::to_string(10 + i % 50) + "Z", i % 3 ? "Dee" : "Cy", "gen:" + std::to_string(i)};
    };
    std::string error, fingerprint, state;
    {
        auto a = Store::Create(a_path, HeaderOf(lines[0]), stamp(0), &error);
        if (!a) RC_FAIL("Create: " + error);
        for (size_t i = 1; i < lines.size(); ++i) {
            StoreReceipt r = a->SubmitLine(lines[i], stamp(i));
            if (r.status != SubmitStatus::Accepted) RC_FAIL("the store refuses generated line '" + lines[i] + "': " + r.Why());
        }
        fingerprint = a->Fingerprint();
        state = Json(a->GetLedger().State());
    }
    auto a = Store::Open(a_path, Store::Mode::ReadOnly, &error);
    if (!a) RC_FAIL("reopening: " + error);
    if (!a->Report().Clean()) RC_FAIL("the file does not reopen clean: " + a->Report().problems.at(0).ToString());
    RC_ASSERT(a->Fingerprint() == fingerprint);
    RC_ASSERT(Json(a->GetLedger().State()) == state);
    // export --script: every entry's canonical line with its stamp, played into a new file.
    const Ledger& exported = a->GetLedger();
    auto b = Store::Create(b_path, std::get<Header>(exported.At(0).command.action), a->Record(0).stamp, &error);
    if (!b) RC_FAIL("Create from the export: " + error);
    for (int seq = 1; seq < exported.Size(); ++seq) {
        StoreReceipt r = b->SubmitLine(exported.At(seq).line, a->Record(seq).stamp);
        if (!r.accepted) RC_FAIL("the exported line '" + exported.At(seq).line + "' is refused: " + r.Why());
        if (b->Record(seq).hash != a->Record(seq).hash) RC_FAIL("the hash chain forks at entry " + std::to_string(seq));
    }
    RC_ASSERT(b->Fingerprint() == fingerprint);
    RC_ASSERT(Json(b->GetLedger().State()) == state);
    g_entries += 2 * static_cast<long>(lines.size());
}

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

void Conservation() {
    const std::vector<std::string> lines = GenerateFlutterGame(DrawOptions(150));
    Rejection why;
    auto ledger = Ledger::Start(HeaderOf(lines[0]), &why);
    RC_ASSERT(ledger.has_value());
    for (size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) {
            SubmitResult r = ledger->SubmitLine(lines[i]);
            if (!r.accepted) RC_FAIL("generated line '" + lines[i] + "' is rejected: " + r.rejection.ToString());
        }
        if (auto wrong = CheckConservation(ledger->State())) RC_FAIL("after '" + lines[i] + "' (line " + std::to_string(i) + "): " + *wrong);
        if (auto wrong = CountedApart(ledger->State())) RC_FAIL("after '" + lines[i] + "' (line " + std::to_string(i) + "): " + *wrong);
    }
    g_entries += static_cast<long>(lines.size());
}

// ---------------------------------------------------------------------------------------------
// Illegal commands
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

void IllegalCommandsRejected() {
    Game g = DrawGame(100, false);
    Ledger& ledger = *g.ledger;
    const LegalNow legal = Legal(ledger.State());
    const int tries = *rc::gen::inRange(1, 8);
    for (int t = 0; t < tries; ++t) {
        std::optional<Command> command;
        std::string line;
        switch (*rc::gen::inRange(0, 4)) {
            case 0: command = DrawCommand(); break;
            case 1: command = legal.commands.empty() ? DrawCommand() : Mutate(*rc::gen::elementOf(legal.commands)); break;
            case 2:
                command = *rc::gen::arbitrary<bool>() ? Command{Undo{ledger.UndoableCount() + *rc::gen::inRange(1, 5)}}
                                                      : Command{Redo{ledger.RedoableCount() + *rc::gen::inRange(1, 5)}};
                break;
            default: line = DrawSoup(); break;
        }
        if (command) line = PrintCommand(*command);
        const ParseResult parsed = ParseCommand(line);
        if (!parsed.command && !parsed.error) continue;  // blank or a comment: neither accepted nor rejected
        if (parsed.command) {
            if (const auto* u = std::get_if<Undo>(&parsed.command->action)) {
                if (u->count <= ledger.UndoableCount()) continue;
            } else if (const auto* r = std::get_if<Redo>(&parsed.command->action)) {
                if (r->count <= ledger.RedoableCount()) continue;
            } else if (IsLegal(ledger.State(), *parsed.command)) {
                continue;  // legal after all: not this property's business
            }
        }
        const std::string before = Json(ledger.State());
        const GameState before_state = ledger.State();
        const int size = ledger.Size();
        const std::vector<int> in_effect = ledger.InEffect();
        SubmitResult r = ledger.SubmitLine(line);
        if (r.accepted) RC_FAIL("the illegal line '" + line + "' was accepted");
        if (!RuleIds().count(r.rejection.rule)) RC_FAIL("'" + line + "' is rejected without a rule ID of RULES.md: " + r.rejection.ToString());
        if (r.rejection.message.empty()) RC_FAIL("'" + line + "' is rejected without saying why");
        if (Json(ledger.State()) != before) RC_FAIL("the rejected line '" + line + "' changed the state");
        RC_ASSERT(ledger.State() == before_state);
        RC_ASSERT(ledger.Size() == size);
        RC_ASSERT(ledger.InEffect() == in_effect);
        ++g_bad_inputs;
        ++g_rules[r.rejection.rule];
    }
}

using rutland::testing::Property;

const std::vector<Property> kProperties = {
    {"replay_equals_live", ReplayEqualsLive},
    {"undo_k_redo_k_is_identity", UndoRedoIdentity},
    {"export_script_replays", ExportScriptReplays},
    {"store_export_script", StoreExportScript},
    {"conservation", Conservation},
    {"illegal_commands_rejected", IllegalCommandsRejected},
};

} // namespace

int main(int argc, char** argv) {
    if (RuleIds().empty()) {
        std::cerr << "rutland_flutter_properties: cannot read the rule IDs (" << RUTLAND_FLUTTER_RULE_IDS << ")\n";
        return 2;
    }
    return rutland::testing::PropertyMain(argc, argv, "rutland_flutter_properties", "property flutter", kProperties, 150, g_counts, [] {
        std::error_code ec;
        fs::remove_all(WorkDir(), ec);
    });
}
