// The properties every game is held to, written once over a game's ruleset (core/kernel/ruleset.h),
// its ledger (BasicLedger<R>, core/kernel/basic_ledger.h) and its game file (BasicStore,
// core/kernel/basic_store.h), and run by property_runner.h. A game's properties file
// (properties.cpp: Big Board Raiders'; flutter_properties.cpp: Flutter's) supplies a traits struct T
// and registers the properties it wants by name (GameProperties<T>::Generic(), or one by one),
// beside any property of its own. docs/adding-a-game.md section 7 says what a new game writes.
//
// The traits struct T (every member static):
//   using Ruleset, Store                    the game's ruleset R and its BasicStore<R, D>
//   DrawGame(max_entries)                   -> a game's lines from the game's generator, with the
//                                              seed, players and length (1..max_entries lines)
//                                              drawn by RapidCheck (rc::gen), so a case shrinks
//   Json(state)                             -> the state as JSON text: the comparison of states
//                                              (byte-identical), beside R::State's ==
//   DrawCommand(with_header)                -> any command the language can print (a header too
//                                              when with_header); random, so mostly illegal
//   Mutate(command)                         -> a legal command with one thing made wrong
//   DrawSoup()                              -> a line of random tokens of the language
//   LegalCommands(state)                    -> the rules' legal commands now (rules/legal.h)
//   IsLegal(state, command)                 -> whether the rules would take the command now
//   CitesARule(rejection)                   -> the rejection names a rule the game has (its RULES.md
//                                              IDs, or its language's section); kCitedRules says
//                                              which, for a failure's message
//   kCitedRules                             -> e.g. "a rule ID of RULES.md"
//   kWorkDirName                            -> the game files' directory name (with the pid)
// and, optional:
//   CountedApart(state)                     -> nullopt, or what is wrong: conservation counted from
//                                              the state's parts by the test itself, not by R::Check
//                                              (e.g. how the table's counted corrections, X-1, move
//                                              cash and certificates: what they moved must balance)
//   kLengths                                -> a PropertyLengths: the longest game each property
//                                              draws (the defaults below otherwise)
//
// The invariants (the ctest names are prop.NAME for Big Board Raiders, prop.<game>_NAME otherwise):
//  replay_equals_live          the state after entry n rebuilt by the ledger (StateAt) is the state
//                              the live game had right after it (as JSON), and a new ledger replaying
//                              entries 0-n (the last n and a random one) has it too (JSON and ==);
//                              the live state is the replay of the commands in effect (basic_ledger.h
//                              invariants 2, 4)
//  undo_k_redo_k_is_identity   undo k then redo k (one line `undo k`, or k lines) gives back the same
//                              state (JSON and ==) and commands in effect, and after the undo the
//                              state is the replay of the commands left; 2 or 2k entries are added
//  export_script_replays       the ledger's canonical lines played again give the same entries (line,
//                              kind, targets) and the same state (JSON and ==)
//  store_export_script         through the game file: an export --script (lines with their stamps)
//                              played into a new file gives the same hash chain, fingerprint and
//                              state, and the first file reopens clean (basic_store.h invariants 4, 5)
//  conservation                from the header on, after every entry, R::Check holds and so does
//                              T::CountedApart where the game has one
//  parser_round_trip           R::Print(R::Parse(x)) is a fixed point and Parse(Print(c)) == c, for
//                              random commands, generated games' lines and token soup; a line the
//                              language refuses cites R::kLanguageRule
//  illegal_commands_rejected   a line the rules would not take (a random command, a legal one made
//                              wrong, an undo/redo past the ledger, token soup) is rejected citing a
//                              rule (T::CitesARule) with a message, leaves the state byte-identical
//                              (JSON and ==), adds no entry and changes no command in effect
#pragma once

#include <rapidcheck.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>
#include <variant>
#include <vector>

#include "kernel/basic_ledger.h"
#include "kernel/basic_store.h"
#include "kernel/ruleset.h"
#include "property_runner.h"

namespace rutland::testing {

// The longest game (lines, the header included) each property draws.
struct PropertyLengths {
    int replay = 100;
    int undo_redo = 120;
    int export_script = 150;
    int store = 60;
    int conservation = 150;
    int parser = 20;
    int illegal = 100;
};

// What the properties played, printed after each (property_runner.h); one program, one game.
inline PropertyCounts g_property_counts;

template <class T>
struct GameProperties {
    using R = typename T::Ruleset;
    using Store = typename T::Store;
    using Ledger = BasicLedger<R>;
    using State = typename R::State;
    using Command = typename R::Command;
    using Header = typename R::Header;
    using Entry = typename Ledger::Entry;

    static constexpr PropertyLengths Lengths() {
        if constexpr (requires { T::kLengths; })
            return T::kLengths;
        else
            return PropertyLengths{};
    }

    static std::string Json(const State& s) { return T::Json(s); }

    // The header a line holds (a generated game's first line, an entry 0).
    static Header HeaderOf(const Command& c) {
        RC_ASSERT(std::holds_alternative<Header>(c.action));
        return std::get<Header>(c.action);
    }
    static Header HeaderOf(const std::string& line) {
        auto parsed = R::Parse(line);
        if (!parsed.command) RC_FAIL("the header line '" + line + "' does not parse");
        return HeaderOf(*parsed.command);
    }

    // A game for one case: its lines, its ledger and (record_states) the live state after each entry.
    struct Game {
        std::vector<std::string> lines;
        std::optional<Ledger> ledger;
        std::vector<std::string> live;  // Json(...) right after entry n
    };

    // Plays the lines on a ledger; every line must be accepted (each generator's invariant 1).
    static Game Play(std::vector<std::string> lines, bool record_states) {
        Game g;
        g.lines = std::move(lines);
        Rejection why;
        g.ledger = Ledger::Start(HeaderOf(g.lines.at(0)), &why);
        if (!g.ledger) RC_FAIL("the generated header is refused: " + why.ToString());
        if (record_states) g.live.push_back(Json(g.ledger->State()));
        for (size_t i = 1; i < g.lines.size(); ++i) {
            auto r = g.ledger->SubmitLine(g.lines[i]);
            if (!r.accepted) RC_FAIL("generated line " + std::to_string(i) + " '" + g.lines[i] + "' is rejected: " + r.rejection.ToString());
            if (record_states) g.live.push_back(Json(g.ledger->State()));
        }
        g_property_counts.entries += static_cast<long>(g.lines.size());
        return g;
    }

    static Game DrawGame(int max_entries, bool record_states) { return Play(T::DrawGame(max_entries), record_states); }

    // The state the commands in effect give when replayed from the header, on a new ledger.
    static std::string ReplayOf(const Ledger& ledger, const std::vector<int>& seqs) {
        Rejection why;
        auto fresh = Ledger::Start(HeaderOf(ledger.At(0).command), &why);
        if (!fresh) RC_FAIL("the header of entry 0 is refused: " + why.ToString());
        for (int seq : seqs) {
            auto r = fresh->SubmitLine(ledger.At(seq).line);
            if (!r.accepted) RC_FAIL("replaying entry " + std::to_string(seq) + " '" + ledger.At(seq).line + "' fails: " + r.rejection.ToString());
        }
        return Json(fresh->State());
    }

    static std::string LedgerLine(LedgerOpKind kind, int count) { return R::Print(R::LedgerCommand(LedgerOp{kind, count})); }

    // A directory for game files: /dev/shm where there is one (these properties check the chain and
    // the export, not the disk: tests/powerloss/ is the durability test), else the temp directory.
    static std::filesystem::path WorkDir() {
        namespace fs = std::filesystem;
        static const fs::path dir = [] {
            std::error_code ec;
            fs::path base = fs::exists("/dev/shm", ec) && access("/dev/shm", W_OK) == 0 ? fs::path("/dev/shm") : fs::temp_directory_path();
            fs::path d = base / (std::string(T::kWorkDirName) + "-" + std::to_string(getpid()));
            fs::create_directories(d);
            return d;
        }();
        return dir;
    }
    static void RemoveWorkDir() {
        std::error_code ec;
        std::filesystem::remove_all(WorkDir(), ec);
    }

    // =========================================================================================
    // The properties
    // =========================================================================================

    static void ReplayEqualsLive() {
        Game g = DrawGame(Lengths().replay, true);
        for (int seq = 0; seq < g.ledger->Size(); ++seq)
            if (Json(g.ledger->StateAt(seq)) != g.live[static_cast<size_t>(seq)])
                RC_FAIL("StateAt(" + std::to_string(seq) + ") differs from the live state after '" + g.ledger->At(seq).line + "'");
        // The last entry and one drawn at random, against a new ledger that replays the entries up
        // to it from the header: StateAt(last) and State() are the same object in the ledger, so
        // only a replay elsewhere can say either is wrong. The last state is also the replay of only
        // the commands in effect (no undo or redo on the way, no recent states or checkpoints).
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

    static void UndoRedoIdentity() {
        Game g = DrawGame(Lengths().undo_redo, false);
        Ledger& ledger = *g.ledger;
        RC_PRE(ledger.UndoableCount() > 0);
        const int k = *rc::gen::inRange(1, ledger.UndoableCount() + 1);
        const bool one_line = *rc::gen::arbitrary<bool>();  // `undo 3` or `undo` three times
        const std::string before = Json(ledger.State());
        const State before_state = ledger.State();
        const std::vector<int> in_effect = ledger.InEffect();
        const int size = ledger.Size();
        auto step = [&](LedgerOpKind kind) {
            const int times = one_line ? 1 : k;
            const std::string line = LedgerLine(kind, one_line ? k : 1);
            for (int i = 0; i < times; ++i) {
                auto r = ledger.SubmitLine(line);
                if (!r.accepted) RC_FAIL("'" + line + "' is rejected: " + r.rejection.ToString());
            }
        };
        step(LedgerOpKind::Undo);
        RC_ASSERT(ledger.UndoableCount() == static_cast<int>(in_effect.size()) - k);
        const std::vector<int> left(in_effect.begin(), in_effect.end() - k);
        RC_ASSERT(ledger.InEffect() == left);
        if (Json(ledger.State()) != ReplayOf(ledger, left)) RC_FAIL("after undo " + std::to_string(k) + " the state is not the replay of the commands left");
        step(LedgerOpKind::Redo);
        RC_ASSERT(ledger.InEffect() == in_effect);
        if (Json(ledger.State()) != before) RC_FAIL("undo " + std::to_string(k) + " then redo " + std::to_string(k) + " changed the state");
        RC_ASSERT(ledger.State() == before_state);
        RC_ASSERT(ledger.Size() == size + (one_line ? 2 : 2 * k));
        g_property_counts.entries += one_line ? 2 : 2 * k;
    }

    static void ExportScriptReplays() {
        Game g = DrawGame(Lengths().export_script, false);
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

    static void StoreExportScript() {
        namespace fs = std::filesystem;
        static std::atomic<long> counter{0};
        const std::vector<std::string> lines = T::DrawGame(Lengths().store);
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
            auto a = Store::Create(a_path, HeaderOf(lines.at(0)), stamp(0), &error);
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
        const auto& exported = a->GetLedger();
        auto b = Store::Create(b_path, HeaderOf(exported.At(0).command), a->Record(0).stamp, &error);
        if (!b) RC_FAIL("Create from the export: " + error);
        for (int seq = 1; seq < exported.Size(); ++seq) {
            StoreReceipt r = b->SubmitLine(exported.At(seq).line, a->Record(seq).stamp);
            if (!r.accepted) RC_FAIL("the exported line '" + exported.At(seq).line + "' is refused: " + r.Why());
            if (b->Record(seq).hash != a->Record(seq).hash) RC_FAIL("the hash chain forks at entry " + std::to_string(seq));
        }
        RC_ASSERT(b->Fingerprint() == fingerprint);
        RC_ASSERT(Json(b->GetLedger().State()) == state);
        g_property_counts.entries += 2 * static_cast<long>(lines.size());
    }

    static void Conservation() {
        const std::vector<std::string> lines = T::DrawGame(Lengths().conservation);
        Rejection why;
        auto ledger = Ledger::Start(HeaderOf(lines.at(0)), &why);
        if (!ledger) RC_FAIL("the generated header is refused: " + why.ToString());
        for (size_t i = 0; i < lines.size(); ++i) {
            if (i > 0) {
                auto r = ledger->SubmitLine(lines[i]);
                if (!r.accepted) RC_FAIL("generated line '" + lines[i] + "' is rejected: " + r.rejection.ToString());
            }
            const std::string after = "after '" + lines[i] + "' (line " + std::to_string(i) + "): ";
            if (auto wrong = R::Check(ledger->State())) RC_FAIL(after + *wrong);
            if constexpr (requires(const State& s) { T::CountedApart(s); })
                if (auto wrong = T::CountedApart(ledger->State())) RC_FAIL(after + *wrong);
        }
        g_property_counts.entries += static_cast<long>(lines.size());
    }

    // Parse(Print(c)) == c and Print is stable on what it prints.
    static void RoundTrip(const Command& c) {
        ++g_property_counts.round_trips;
        const std::string printed = R::Print(c);
        auto again = R::Parse(printed);
        if (!again.command) RC_FAIL("'" + printed + "' does not parse: " + (again.error ? again.error->ToString() : "blank"));
        if (!(*again.command == c)) RC_FAIL("'" + printed + "' parses to another command, printed '" + R::Print(*again.command) + "'");
        RC_ASSERT(R::Print(*again.command) == printed);
    }

    static void ParserRoundTrip() {
        // 1. A random command prints to a line that parses back to it.
        RoundTrip(T::DrawCommand(true));
        // 2. Whatever a generated game or token soup parses to round-trips from there.
        std::vector<std::string> lines = T::DrawGame(Lengths().parser);
        lines.push_back(T::DrawSoup());
        for (const std::string& line : lines) {
            auto p = R::Parse(line);
            if (p.command) RoundTrip(*p.command);
            else if (p.error) RC_ASSERT(p.error->rule == std::string(R::kLanguageRule));
        }
    }

    static void IllegalCommandsRejected() {
        Game g = DrawGame(Lengths().illegal, false);
        Ledger& ledger = *g.ledger;
        const std::vector<Command> near = T::LegalCommands(ledger.State());
        const int tries = *rc::gen::inRange(1, 8);
        for (int t = 0; t < tries; ++t) {
            // A random command, a legal one made wrong, an undo/redo past the ledger, or a junk line.
            std::optional<Command> command;
            std::string line;
            switch (*rc::gen::inRange(0, 4)) {
                case 0: command = T::DrawCommand(true); break;
                case 1: command = near.empty() ? T::DrawCommand(false) : T::Mutate(*rc::gen::elementOf(near)); break;
                case 2:
                    command = *rc::gen::arbitrary<bool>()
                                  ? R::LedgerCommand(LedgerOp{LedgerOpKind::Undo, ledger.UndoableCount() + *rc::gen::inRange(1, 5)})
                                  : R::LedgerCommand(LedgerOp{LedgerOpKind::Redo, ledger.RedoableCount() + *rc::gen::inRange(1, 5)});
                    break;
                default: line = T::DrawSoup(); break;
            }
            if (command) line = R::Print(*command);
            const auto parsed = R::Parse(line);
            if (!parsed.command && !parsed.error) continue;  // blank or a comment: neither accepted nor rejected
            if (parsed.command) {
                if (const std::optional<LedgerOp> op = R::LedgerOpOf(*parsed.command)) {
                    const int can = op->kind == LedgerOpKind::Undo ? ledger.UndoableCount() : ledger.RedoableCount();
                    if (op->count <= can) continue;  // an undo or redo the ledger can do
                } else if (T::IsLegal(ledger.State(), *parsed.command)) {
                    continue;  // legal after all: not this property's business
                }
            }
            const std::string before = Json(ledger.State());
            const State before_state = ledger.State();
            const int size = ledger.Size();
            const std::vector<int> in_effect = ledger.InEffect();
            auto r = ledger.SubmitLine(line);
            if (r.accepted) RC_FAIL("the illegal line '" + line + "' was accepted");
            if (!T::CitesARule(r.rejection))
                RC_FAIL("'" + line + "' is rejected without " + std::string(T::kCitedRules) + ": " + r.rejection.ToString());
            if (r.rejection.message.empty()) RC_FAIL("'" + line + "' is rejected without saying why");
            if (Json(ledger.State()) != before) RC_FAIL("the rejected line '" + line + "' changed the state");
            RC_ASSERT(ledger.State() == before_state);
            RC_ASSERT(ledger.Size() == size);
            RC_ASSERT(ledger.InEffect() == in_effect);
            ++g_property_counts.bad_inputs;
            ++g_property_counts.rules[r.rejection.rule];
        }
    }

    // The properties every game has, by their names (parser_round_trip is apart: it asks of
    // T::DrawCommand that every command it draws be one the language prints and parses back).
    static std::vector<Property> Generic() {
        return {
            {"replay_equals_live", ReplayEqualsLive},
            {"undo_k_redo_k_is_identity", UndoRedoIdentity},
            {"export_script_replays", ExportScriptReplays},
            {"store_export_script", StoreExportScript},
            {"conservation", Conservation},
            {"illegal_commands_rejected", IllegalCommandsRejected},
        };
    }
    static Property ParserRoundTripProperty() { return {"parser_round_trip", ParserRoundTrip}; }

    // The program's main (property_runner.h's PropertyMain) over these counts, removing WorkDir().
    static int Main(int argc, char** argv, const std::string& program, const std::string& label,
                    const std::vector<Property>& properties, int default_cases) {
        return PropertyMain(argc, argv, program, label, properties, default_cases, g_property_counts, [] { RemoveWorkDir(); });
    }
};

} // namespace rutland::testing
