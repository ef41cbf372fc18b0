// Property tests with RapidCheck: each property is checked on games nobody wrote by
// hand, made by the random legal-game generator (tests/support/game_generator.h) from a seed,
// a player count and a length that RapidCheck draws (and shrinks: a shorter length is a prefix of
// the same game, so a failure shrinks to the shortest game that shows it).
//
//   rutland_properties NAME|all [--cases N]
//   RUTLAND_PROP_CASES=N   cases per property (default 1,000; more for a longer run)
//   RC_PARAMS="seed=S"     RapidCheck's own settings, e.g. to repeat a failing run
//
// Invariants these properties hold the core to (the names are the ctest names, prop.NAME):
//  replay_equals_live          the state after entry n, rebuilt from the ledger (StateAt), is the
//                              state the live game had right after entry n, and the state a new
//                              ledger replaying entries 0-n has (the last n and a random one), and
//                              the live state is the replay of the commands in effect (ledger.h
//                              invariants 2, 4)
//  undo_k_redo_k_is_identity   undo k then redo k gives back the same state and commands in effect;
//                              after the undo the state is the replay of the commands left
//  export_script_replays       the ledger printed as lines, played again, gives the same entries and
//                              state (ledger.h invariant 3)
//  store_export_script         through the game file: an export --script (lines with their stamps)
//                              played into a new file gives the same hash chain and state, and the
//                              first file reopens clean (basic_store.h invariants 4, 5)
//  conservation                after every entry, CheckConservation holds (rules.h)
//  parser_round_trip           PrintCommand(ParseCommand(x)) is a fixed point, for random commands,
//                              generated games' lines and random token soup (command.h)
//  illegal_commands_rejected   a command Apply would not accept is rejected citing a rule, leaves
//                              StateToJson byte-identical and adds no entry (ledger.h invariant 5)
#include <rapidcheck.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include "property_runner.h"
#include "game_generator.h"
#include "ledger/ledger.h"
#include "rules/legal.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"

namespace fs = std::filesystem;
using namespace rutland;
using rutland::testing::GenerateGame;
using rutland::testing::GenOptions;

namespace {

// Figures for the closing line of each property (docs/reliability.md quotes them).
rutland::testing::PropertyCounts g_counts;  // printed after each property (property_runner.h)
std::atomic<long>& g_entries = g_counts.entries;
std::atomic<long>& g_bad_inputs = g_counts.bad_inputs;
std::map<std::string, long>& g_rules = g_counts.rules;
std::atomic<long>& g_round_trips = g_counts.round_trips;

// A game for one case: seed, players and length drawn by RapidCheck.
struct Game {
    std::vector<std::string> lines;
    std::optional<Ledger> ledger;
    std::vector<std::string> live;  // StateToJson(...).dump() right after entry n
};

GenOptions DrawOptions(int max_entries) {
    GenOptions options;
    options.seed = *rc::gen::arbitrary<uint64_t>();
    options.players = *rc::gen::inRange(2, 9);
    options.entries = *rc::gen::inRange(1, max_entries + 1);
    options.mix.count = *rc::gen::inRange(0, 6);  // the table's counts (X-1) in most games
    return options;
}

std::string Json(const GameState& s) { return StateToJson(s).dump(); }

// Plays the lines on a ledger; every line must be accepted (the generator's invariant 1).
Game Play(std::vector<std::string> lines, bool record_states) {
    Game g;
    g.lines = std::move(lines);
    auto header = ParseCommand(g.lines.at(0));
    RC_ASSERT(header.command.has_value());
    Rejection why;
    g.ledger = Ledger::Start(std::get<GameHeader>(header.command->action), &why);
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

Game DrawGame(int max_entries, bool record_states) { return Play(GenerateGame(DrawOptions(max_entries)), record_states); }

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

// A directory for game files: /dev/shm where there is one (these properties check the chain and
// the export, not the disk: tests/powerloss/ is the durability test), else the temp directory.
fs::path WorkDir() {
    static const fs::path dir = [] {
        std::error_code ec;
        fs::path base = fs::exists("/dev/shm", ec) && access("/dev/shm", W_OK) == 0 ? fs::path("/dev/shm")
                                                                                    : fs::temp_directory_path();
        fs::path d = base / ("rutland-properties-" + std::to_string(getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// =============================================================================================
// The properties
// =============================================================================================

// The state the commands in effect give when replayed from the header, on a new ledger.
std::string ReplayOf(const Ledger& ledger, const std::vector<int>& seqs) {
    Rejection why;
    auto fresh = Ledger::Start(std::get<GameHeader>(ledger.At(0).command.action), &why);
    for (int seq : seqs) {
        SubmitResult r = fresh->SubmitLine(ledger.At(seq).line);
        if (!r.accepted) RC_FAIL("replaying entry " + std::to_string(seq) + " '" + ledger.At(seq).line + "' fails: " + r.rejection.ToString());
    }
    return Json(fresh->State());
}

void ReplayEqualsLive() {
    Game g = DrawGame(100, true);
    for (int seq = 0; seq < g.ledger->Size(); ++seq) {
        const std::string replayed = Json(g.ledger->StateAt(seq));
        if (replayed != g.live[static_cast<size_t>(seq)])
            RC_FAIL("StateAt(" + std::to_string(seq) + ") differs from the live state after '" + g.ledger->At(seq).line + "'");
    }
    // The last entry and one drawn at random, against a new ledger that replays the entries up to
    // it from the header: StateAt(last) and State() are the same object in the ledger, so only a
    // replay elsewhere can say either is wrong. The last state is also the replay of only the
    // commands in effect (no undo or redo on the way, no recent states or checkpoints).
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

void StoreExportScript() {
    static std::atomic<long> counter{0};
    const std::vector<std::string> lines = GenerateGame(DrawOptions(60));
    const fs::path dir = WorkDir();
    const std::string id = std::to_string(counter++);
    const std::string a_path = (dir / ("a-" + id + ".rutland")).string();
    const std::string b_path = (dir / ("b-" + id + ".rutland")).string();
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
    std::string error;
    std::string fingerprint;
    std::string state;
    {
        auto a = Store::Create(a_path, std::get<GameHeader>(ParseCommand(lines[0]).command->action), stamp(0), &error);
        if (!a) RC_FAIL("Create: " + error);
        for (size_t i = 1; i < lines.size(); ++i) {
            StoreReceipt r = a->SubmitLine(lines[i], stamp(i));
            if (r.status != SubmitStatus::Accepted) RC_FAIL("the store refuses generated line '" + lines[i] + "': " + r.Why());
        }
        fingerprint = a->Fingerprint();
        state = Json(a->GetLedger().State());
    }
    // export --script: every entry's canonical line with its stamp; played into a new file.
    auto a = Store::Open(a_path, Store::Mode::ReadOnly, &error);
    if (!a) RC_FAIL("reopening: " + error);
    if (!a->Report().Clean()) RC_FAIL("the file does not reopen clean: " + a->Report().problems.at(0).ToString());
    RC_ASSERT(a->Fingerprint() == fingerprint);
    RC_ASSERT(Json(a->GetLedger().State()) == state);
    const Ledger& exported = a->GetLedger();
    auto b = Store::Create(b_path, std::get<GameHeader>(exported.At(0).command.action), a->Record(0).stamp, &error);
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

void Conservation() {
    const std::vector<std::string> lines = GenerateGame(DrawOptions(150));
    Rejection why;
    auto ledger = Ledger::Start(std::get<GameHeader>(ParseCommand(lines[0]).command->action), &why);
    for (size_t i = 1; i < lines.size(); ++i) {
        SubmitResult r = ledger->SubmitLine(lines[i]);
        if (!r.accepted) RC_FAIL("generated line '" + lines[i] + "' is rejected: " + r.rejection.ToString());
        if (auto wrong = CheckConservation(ledger->State()))
            RC_FAIL("after '" + lines[i] + "' (line " + std::to_string(i) + "): " + *wrong);
    }
    g_entries += static_cast<long>(lines.size());
}

// Parse(Print(c)) == c and Print is stable on what it prints.
void RoundTrip(const Command& c) {
    ++g_round_trips;
    const std::string printed = PrintCommand(c);
    ParseResult again = ParseCommand(printed);
    if (!again.command) RC_FAIL("'" + printed + "' does not parse: " + (again.error ? again.error->ToString() : "blank"));
    if (!(*again.command == c)) RC_FAIL("'" + printed + "' parses to another command, printed '" + PrintCommand(*again.command) + "'");
    RC_ASSERT(PrintCommand(*again.command) == printed);
}

void ParserRoundTrip() {
    // 1. A random command prints to a line that parses back to it.
    RoundTrip(DrawCommand(true));
    // 2. Whatever a generated game or token soup parses to round-trips from there.
    std::vector<std::string> lines = GenerateGame(DrawOptions(20));
    lines.push_back(DrawSoup());
    for (const std::string& line : lines) {
        ParseResult p = ParseCommand(line);
        if (p.command) RoundTrip(*p.command);
        else if (p.error) RC_ASSERT(p.error->rule == "COMMANDS.md");
    }
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

void IllegalCommandsRejected() {
    Game g = DrawGame(100, false);
    Ledger& ledger = *g.ledger;
    const LegalNow legal = Legal(ledger.State());
    std::vector<Command> near;
    for (const auto& list : {legal.trades, legal.other})
        for (const Command& c : list) near.push_back(c);
    const int tries = *rc::gen::inRange(1, 8);
    for (int t = 0; t < tries; ++t) {
        // A random command, a legal one made wrong, an undo/redo past the ledger, or a junk line.
        std::optional<Command> command;
        std::string line;
        switch (*rc::gen::inRange(0, 4)) {
            case 0: command = DrawCommand(true); break;
            case 1:
                if (near.empty()) command = DrawCommand(false);
                else command = Mutate(*rc::gen::elementOf(near));
                break;
            case 2:
                command = *rc::gen::arbitrary<bool>() ? Command{std::nullopt, Undo{ledger.UndoableCount() + *rc::gen::inRange(1, 5)}}
                                                      : Command{std::nullopt, Redo{ledger.RedoableCount() + *rc::gen::inRange(1, 5)}};
                break;
            default: line = DrawSoup(); break;
        }
        if (command) {
            const bool ledger_command = std::holds_alternative<Undo>(command->action) || std::holds_alternative<Redo>(command->action);
            if (!ledger_command && IsLegal(ledger.State(), *command)) continue;  // legal after all: not this property's business
            line = PrintCommand(*command);
        }
        const ParseResult parsed = ParseCommand(line);
        if (!parsed.command && !parsed.error) continue;  // blank or a comment: neither accepted nor rejected
        if (parsed.command && !std::holds_alternative<Undo>(parsed.command->action) &&
            !std::holds_alternative<Redo>(parsed.command->action) && IsLegal(ledger.State(), *parsed.command))
            continue;  // soup that happens to be legal
        if (parsed.command && std::holds_alternative<Undo>(parsed.command->action) &&
            std::get<Undo>(parsed.command->action).count <= ledger.UndoableCount())
            continue;
        if (parsed.command && std::holds_alternative<Redo>(parsed.command->action) &&
            std::get<Redo>(parsed.command->action).count <= ledger.RedoableCount())
            continue;
        const std::string before = Json(ledger.State());
        const GameState before_state = ledger.State();
        const int size = ledger.Size();
        const std::vector<int> in_effect = ledger.InEffect();
        SubmitResult r = ledger.SubmitLine(line);
        if (r.accepted) RC_FAIL("the illegal line '" + line + "' was accepted");
        if (!CitesARule(r.rejection)) RC_FAIL("'" + line + "' is rejected without a rule: " + r.rejection.ToString());
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
    {"parser_round_trip", ParserRoundTrip},
    {"illegal_commands_rejected", IllegalCommandsRejected},
};

} // namespace

int main(int argc, char** argv) {
    return rutland::testing::PropertyMain(argc, argv, "rutland_properties", "property", kProperties, 1000, g_counts, [] {
        std::error_code ec;
        fs::remove_all(WorkDir(), ec);
    });
}
