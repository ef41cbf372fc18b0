// The toy game's OpenGame (kit/host/open_game.h): the shared adapter (kit/host/basic_open_game.h:
// the kernel's session over the toy's ruleset, toy.h, and the kernel's game file, basic_store.h, or
// that store opened read-only for a game only read) with the toy's words (ToyHost) and its extras. Its words are toy_words.h's; its texts for
// rutland-cli follow Big Board Raiders' in their shape (the same header lines, the same JSON keys
// where the kernel's data is the same), so a table reads one game's output as the other's.
#include "host/toy_game.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/basic_open_game.h"
#include "kernel/basic_session.h"
#include "kernel/basic_store.h"
#include "kernel/basic_store_impl.h"
#include "host/toy_page.h"
#include "host/toy_words.h"
#include "toy.h"

namespace rutland::toy {

namespace {

using host::LinePreview;
using host::ReadLine;
using host::SubmitReply;
using ToyStore = BasicStore<Toy>;
using ToyLedger = BasicLedger<Toy>;
using ToyEntry = ToyLedger::Entry;

// [SECTION] Words of the state and the entries

std::string StateWords(const ToyState& s) {
    std::string out = fmt::format("Counters (they sum to {}, all that was added: T-4)\n", s.added);
    size_t width = 0;
    for (const auto& counter : s.counters) width = std::max(width, counter.first.size());
    for (const auto& counter : s.counters) out += fmt::format("  {:<{}}  {}\n", counter.first, width, counter.second);
    return out;
}

nlohmann::json StateJsonOf(const ToyState& s) {
    nlohmann::json counters = nlohmann::json::object();
    for (const auto& counter : s.counters) counters[counter.first] = counter.second;
    return {{"added", s.added}, {"counters", std::move(counters)}};
}

std::string ShortEffects(const ToyEntry& entry) {
    std::string out;
    for (const ToyEffect& e : entry.effects) out += (out.empty() ? "" : "; ") + EffectShort(e);
    return out;
}

// The entry's line as `log` shows it: number, time, who, line, the effects in short.
std::string LogLine(const ToyEntry& entry, const EntryRecord& record) {
    return fmt::format("{:>5}  {}  {:<8} {}  | {}", entry.seq, PrintableText(record.stamp.time),
                       PrintableText(record.stamp.who), entry.line, ShortEffects(entry));
}

const ToyCommand& CommandOf(const ReadLine& line) { return line.command.As<ToyCommand>(); }

// The toy's words for the shared adapter (kit/host/basic_open_game.h).
struct ToyHost {
    using Game = Toy;
    using Store = ToyStore;
    static const host::GameDefinition& Definition() { return host::kToyGame; }
    static std::string EffectText(const ToyEffect& e, const ToyState&) { return toy::EffectText(e); }
    static std::string ShortEffects(const ToyEntry& e, const ToyState&) { return toy::ShortEffects(e); }
    static std::string StateWords(const ToyState& s) { return toy::StateWords(s); }
    static nlohmann::json StateJson(const ToyState& s) { return StateJsonOf(s); }
    static nlohmann::json EffectsJson(const std::vector<ToyEffect>& effects, const ToyState&) {
        nlohmann::json out = nlohmann::json::array();
        for (const ToyEffect& e : effects)
            out.push_back({{"rule", e.rule}, {"who", ValidUtf8(e.who)}, {"delta", e.delta}, {"text", ValidUtf8(toy::EffectText(e))}});
        return out;
    }
    static constexpr std::string_view kExportGame = Toy::kGameName;
};

// What the table does for entry `seq`: its effects' steps (host/toy_words.h TableStep); an undo's
// ("put back the counters of entry 3 as they were") followed by the steps of the commands it takes
// back, the newest first and each one's effects last first, every counter the other way (T-2).
std::vector<std::string> EntrySteps(const ToyLedger& ledger, int seq) {
    const ToyEntry& entry = ledger.At(seq);
    std::vector<std::string> out;
    for (const ToyEffect& e : entry.effects) out.push_back(TableStep(e));
    if (entry.kind != EntryKind::Undo) return out;
    // basic_ledger.h: an undo's targets, newest first; copied, as a streamed ledger's entries are
    // recalled into a cache of the last kRecalledEntries (invariant 10).
    const std::vector<int> targets = entry.targets;
    for (int target : targets) {
        if (target < 0 || target >= ledger.Size()) continue;
        const std::vector<ToyEffect>& fx = ledger.At(target).effects;
        for (auto it = fx.rbegin(); it != fx.rend(); ++it) out.push_back(TableStep(ToyEffect{it->rule, it->who, -it->delta}));
    }
    return out;
}

// [SECTION] The game

class ToyGame final : public host::BasicOpenGame<ToyHost> {
public:
    using BasicOpenGame::BasicOpenGame;

    // [SECTION] Lines

    LinePreview Preview(std::string_view typed) const override {
        LinePreview out;
        out.typed = out.expanded = std::string(typed);  // the toy has no quick forms
        out.entries = Size();
        const Toy::Parsed parsed = Toy::Parse(typed);
        if (parsed.error) {
            out.kind = LinePreview::Kind::Rejected;
            out.text = parsed.error->message;
            out.rule = parsed.error->rule;
            return out;
        }
        if (!parsed.command) return out;  // blank or comment
        // On a copy of the ledger (undo and redo are the ledger's): nothing is changed.
        ToyLedger copy = GetLedger();
        const SubmitResult r = copy.Submit(*parsed.command);
        if (!r.accepted) {
            out.kind = LinePreview::Kind::Rejected;
            out.text = r.rejection.message;
            out.rule = r.rejection.rule;
            return out;
        }
        out.kind = LinePreview::Kind::Accepted;
        for (const ToyEffect& e : copy.At(r.seq).effects) out.text += (out.text.empty() ? "" : "; ") + EffectText(e);
        out.hand_over = EntrySteps(copy, r.seq);
        return out;
    }
    SubmitReply Submit(std::string_view typed, const LinePreview*, const std::string& time,
                       const std::string& who) override {
        if (Reader()) return Refused();
        return Described(GetSession().Submit(typed, time, who));  // parsed once, here
    }
    LinePreview ConfirmPreview(bool redo) const override { return Preview(redo ? "redo 1" : "undo 1"); }
    std::optional<host::Question> AskFirst(std::string_view) const override { return std::nullopt; }  // the toy asks nothing
    std::vector<std::string> Complete(std::string_view typed) const override {
        std::vector<std::string> candidates;
        for (const auto& counter : Shown().counters) {
            candidates.push_back("add " + counter.first + " ");
            for (const auto& other : Shown().counters)
                if (other.first != counter.first) candidates.push_back("give " + counter.first + " " + other.first + " ");
        }
        for (const std::string& line : LegalLines()) candidates.push_back(line);
        std::vector<std::string> out;
        for (const std::string& c : candidates)
            if (c.rfind(typed, 0) == 0) out.push_back(c);
        return out;
    }
    std::vector<std::string> LegalLines() const override {
        std::vector<std::string> out;
        for (const char* line : {"undo 1", "redo 1"}) {
            ToyLedger copy = GetLedger();
            if (copy.Submit(*Toy::Parse(line).command).accepted) out.push_back(line);
        }
        return out;
    }
    std::string DefaultWho() const override { return "table"; }  // the toy has no broker

    // [SECTION] Words and data

    std::string Explain(int seq) const override {
        const ToyLedger& ledger = GetLedger();
        if (seq < 0 || seq >= ledger.Size()) return "";
        std::string out;
        for (const std::string& step : EntrySteps(ledger, seq)) out += step + "\n";
        return out;
    }
    std::string Settlement() const override { return ""; }  // the toy has no year or round to settle
    std::string RuleText(std::string_view id) const override { return RuleWords(id); }
    // Every player's counters in the desk's strip (the toy has no other money).
    std::vector<host::StripPlayer> PlayersStrip() const override {
        std::vector<host::StripPlayer> out;
        for (const auto& [name, counters] : Shown().counters) out.push_back({name, std::to_string(counters), "", false, false});
        return out;
    }

    // [SECTION] The file as a terminal reads it

    std::string FileSummary() const override {
        const ToyState& s = GetLedger().State();
        std::string players;
        for (const auto& counter : s.counters) players += (players.empty() ? "" : ", ") + counter.first;
        return fmt::format("toy: players {}; the counters sum to {} (T-4)", players, s.added);
    }
    host::GameSummary Summary() const override {  // the toy has no year or round
        host::GameSummary out;
        for (const auto& counter : GetLedger().State().counters) out.players.push_back(counter.first);
        return out;
    }
    bool WriteLog(const host::LogFilter& filter, const std::string& file, std::ostream& out,
                  std::string* error) const override {
        const ToyStore& store = GetStore();
        if (!filter.company.empty()) {
            *error = "the toy game has no companies (--company '" + PrintableText(filter.company) + "')";
            return false;
        }
        if (!filter.player.empty() && !GetLedger().State().counters.count(filter.player)) {
            *error = "no player '" + PrintableText(filter.player) + "' in " + file;
            return false;
        }
        return store.ForEachEntry(0, store.Size() - 1, [&](const ToyEntry& entry, const EntryRecord& record) {
            const bool player = filter.player.empty() ||
                                std::any_of(entry.effects.begin(), entry.effects.end(),
                                            [&](const ToyEffect& e) { return e.who == filter.player; });
            const bool rule = filter.rule.empty() ||
                              std::any_of(entry.effects.begin(), entry.effects.end(),
                                          [&](const ToyEffect& e) { return e.rule == filter.rule; });
            if (player && rule) out << LogLine(entry, record) << "\n";
        }, error);
    }
    std::vector<std::string> ExplainEntry(int seq) const override {
        const ToyEntry& e = GetStore().GetLedger().At(seq);
        std::vector<std::string> out;
        out.push_back(fmt::format("Entry {}: {}", seq, e.line));
        for (const ToyEffect& effect : e.effects) out.push_back(fmt::format("  [{}] {}", effect.rule, EffectText(effect)));
        if (e.effects.empty()) out.push_back("  (no effects)");
        for (std::string& line : ExplainStamp(seq)) out.push_back(std::move(line));
        return out;
    }
    std::vector<std::string> DiffEntries(int from, int to) const override {
        const ToyLedger& ledger = GetStore().GetLedger();
        std::vector<std::string> out = DiffHead(from, to);
        const ToyState a = ledger.StateAt(from), b = ledger.StateAt(to);
        bool changed = false;
        for (const auto& counter : b.counters) {
            const auto before = a.counters.find(counter.first);
            const int64_t was = before == a.counters.end() ? 0 : before->second;
            if (was == counter.second) continue;
            out.push_back(fmt::format("{}: {} -> {}", counter.first, was, counter.second));
            changed = true;
        }
        if (!changed) out.push_back("No counter changed.");
        return out;
    }
    bool WriteSettlement(int, bool, host::SettlementFormat, const std::string& file, std::ostream&,
                         std::string* error) const override {
        *error = fmt::format("{} is a game of the toy, which has no year or round to settle (TOY.md); "
                             "year-end has nothing to show", PrintableText(file));
        return false;
    }

    // [SECTION] A script played in

    std::string AcceptedText(int seq, bool effects, bool explain) const override {
        const ToyEntry& e = GetLedger().At(seq);
        std::string out = std::to_string(seq) + ": " + e.line + "\n";
        if (effects)
            for (const ToyEffect& effect : e.effects) out += fmt::format("  [{}] {}\n", effect.rule, EffectText(effect));
        if (explain)
            for (const std::string& step : EntrySteps(GetLedger(), seq)) out += "  > " + step + "\n";
        return out;
    }
};

// [SECTION] The definition's functions

ReadLine ReadGameLine(std::string_view line, bool with_printed) {
    return host::ReadLineOf(
        Toy::Parse(line), with_printed,
        [](const ToyCommand& c) { return c.op == "game" ? std::optional<std::string>("table") : std::nullopt; }, Toy::Print);
}

std::unique_ptr<host::OpenGame> OpenGameFile(const std::string& path, host::Access access, const std::string& id_prefix,
                                             std::string* error) {
    return ToyGame::OpenFile<ToyGame>(path, access, id_prefix, error);
}

std::unique_ptr<host::OpenGame> CreateGameFile(const std::string& path, const ReadLine& header,
                                               const host::StampText& stamp, const std::string& id_prefix,
                                               std::string* error) {
    const std::optional<Toy::Header> h = Toy::HeaderOf(CommandOf(header));
    if (!h) return *error = "not a header (TOY.md)", nullptr;
    return ToyGame::CreateFile<ToyGame>(path, *h, stamp, id_prefix, error);
}

std::unique_ptr<host::OpenGame> StartInMemory(const ReadLine& header, std::string* rejection) {
    return ToyGame::InMemory<ToyGame>(Toy::HeaderOf(CommandOf(header)), "not a header (TOY.md)", rejection);
}

} // namespace

} // namespace rutland::toy

namespace rutland::registered {

using namespace rutland::host;

namespace {
constexpr std::string_view kToyKeyTwiceLines[] = {"game toy players=A,B players=C"};
} // namespace

// Constant data (registry.h invariant 1; registration.h invariant 1): nothing runs before main() for it.
constinit const GameDefinition toy = {
    .name = toy::Toy::kGameName,
    .title = "Toy",
    .rules_version = toy::Toy::kRulesVersion,
    .listed = false,  // a test game: offered on no start screen, its files open everywhere
    .example_header = "game toy players=A,B",
    .language_rule = toy::Toy::kLanguageRule,
    .read = toy::ReadGameLine,
    .open = toy::OpenGameFile,
    .create = toy::CreateGameFile,
    .in_memory = toy::StartInMemory,
    .serve = toy::ServeToyFile,  // host/toy_page.h
    // No free text (TOY.md): its only key is the header's players= (tests/view/test_input_guards.cpp).
    .key_twice_lines = kToyKeyTwiceLines,
};

} // namespace rutland::registered
