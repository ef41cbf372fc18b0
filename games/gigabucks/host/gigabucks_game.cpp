// Corporate Gigabucks' OpenGame (kit/host/open_game.h): the shared adapter (kit/host/basic_open_game.h:
// the kernel's session over the ruleset of rules/gigabucks.h and its game file, store/store.h, or
// that store opened read-only for a game only read) with its words (GigabucksHost): its effects'
// renderer (lang/effect_text.h), the state for a terminal and its rules' text
// (host/gigabucks_words.h), and RULES.md section 18's JSON (rules/state_json.h) for `play --json`.
#include "host/gigabucks_game.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/basic_open_game.h"
#include "kernel/basic_session.h"
#include "kernel/basic_store.h"
#include "host/gigabucks_words.h"
#include "lang/effect_text.h"
#include "lang/table_language.h"
#include "ledger/ledger.h"
#include "rules/gigabucks.h"
#include "rules/state_json.h"
#include "store/store.h"

namespace rutland::gigabucks {

namespace {

using host::LinePreview;
using host::ReadLine;
using host::SubmitReply;

const Command& CommandOf(const ReadLine& line) { return line.command.As<Command>(); }

// The entry's line as `log` shows it: number, time, who, line, the effects in short.
std::string LogLine(const Entry& entry, const EntryRecord& record, const GameState& names) {
    const std::string effects = ShortEffects(entry, names);
    return PrintableText(fmt::format("{:>4}  {}  {:<8}  {}{}{}", entry.seq, record.stamp.time, record.stamp.who, entry.line,
                                     effects.empty() ? "" : "  | ", effects));
}

// Corporate Gigabucks' words for the shared adapter (kit/host/basic_open_game.h).
struct GigabucksHost {
    using Game = Gigabucks;
    using Store = gigabucks::Store;
    static const host::GameDefinition& Definition() { return host::kGigabucksGame; }
    static std::string EffectText(const Effect& e, const GameState& names) { return gigabucks::EffectText(e, names); }
    static std::string ShortEffects(const Entry& e, const GameState& names) { return gigabucks::ShortEffects(e, names); }
    static std::string StateWords(const GameState& s) { return gigabucks::StateWords(s); }
    static nlohmann::ordered_json StateJson(const GameState& s) { return ToJson(s); }
    static nlohmann::json EffectsJson(const Effects& effects, const GameState& names) {
        nlohmann::json out = nlohmann::json::array();
        for (const Effect& e : effects) out.push_back({{"rule", e.rule}, {"text", ValidUtf8(gigabucks::EffectText(e, names))}});
        return out;
    }
    static constexpr std::string_view kExportGame = Gigabucks::kGameName;
};

bool Mentions(const Entry& entry, int player, const std::string& rule) {
    return std::any_of(entry.effects.begin(), entry.effects.end(), [&](const Effect& e) {
        return (player < 0 || e.player == player || e.other == player) && (rule.empty() || e.rule == rule);
    });
}

// [SECTION] The game

class GigabucksGame final : public host::BasicOpenGame<GigabucksHost> {
public:
    using BasicOpenGame::BasicOpenGame;

    // The players' window shows no player's cash unless the header opens it (DS-6, open-money).
    std::string PlayersText() const override { return StateWords(Shown(), Shown().header.open_money); }

    // [SECTION] Lines

    LinePreview Preview(std::string_view typed) const override {
        LinePreview out;
        out.typed = out.expanded = std::string(typed);
        out.entries = Size();
        const ParseResult parsed = ParseCommand(typed);
        const auto rejected = [&out](const Rejection& r) {
            out.kind = LinePreview::Kind::Rejected;
            out.text = r.message;
            out.rule = r.rule;
            return out;
        };
        if (parsed.error) return rejected(*parsed.error);
        if (!parsed.command) return out;  // blank or comment
        out.expanded = PrintCommand(*parsed.command);  // the quick forms written out (section 17)
        const auto accepted = [&](const GameState& after, const Effects& effects) {
            out.kind = LinePreview::Kind::Accepted;
            for (const Effect& e : effects) {
                out.text += (out.text.empty() ? "" : "; ") + EffectText(e, after);
                if (e.kind == EffectKind::Paid) out.hand_over.push_back(EffectText(e, after));
            }
            return out;
        };
        // Nothing is changed: undo and redo on a copy of the ledger, any other command on a copy
        // of the state (Apply changes nothing when it rejects, and works on its own copy anyway).
        if (Gigabucks::LedgerOpOf(*parsed.command)) {
            Ledger copy = GetLedger();
            const SubmitResult r = copy.Submit(*parsed.command);
            return r.accepted ? accepted(copy.State(), copy.At(r.seq).effects) : rejected(r.rejection);
        }
        GameState after = GetLedger().State();
        const ApplyResult r = Apply(after, *parsed.command);
        return r.accepted ? accepted(after, r.effects) : rejected(r.rejection);
    }
    SubmitReply Submit(std::string_view typed, const LinePreview*, const std::string& time,
                       const std::string& who) override {
        if (Reader()) return Refused();
        return Described(GetSession().Submit(typed, time, who));  // parsed once, here
    }
    LinePreview ConfirmPreview(bool redo) const override { return Preview(redo ? "redo 1" : "undo 1"); }
    std::optional<host::Question> AskFirst(std::string_view) const override { return std::nullopt; }
    std::vector<std::string> Complete(std::string_view typed) const override {
        std::vector<std::string> out;
        for (const std::string& line : LegalLines())
            if (line.rfind(typed, 0) == 0) out.push_back(line);
        return out;
    }
    std::vector<std::string> LegalLines() const override {
        std::vector<std::string> out;
        const GameState& s = Shown();
        if (s.phase == Phase::Due && s.due.kind == Due::Kind::Charter) out.push_back("charter -");
        if (s.phase == Phase::Due && s.due.kind == Due::Kind::Reactivation) out.push_back("reactivate -");
        if (s.phase == Phase::Due && s.due.kind == Due::Kind::Royalty) out.push_back("involuntary -");
        if (s.phase == Phase::Open) out.push_back("end");
        const Ledger& ledger = GetLedger();
        if (ledger.UndoableCount() >= 1) out.push_back("undo 1");
        if (ledger.RedoableCount() >= 1) out.push_back("redo 1");
        return out;
    }
    std::string DefaultWho() const override { return "keeper"; }

    // [SECTION] Words and data

    std::string Explain(int seq) const override {
        const Ledger& ledger = GetLedger();
        if (seq < 0 || seq >= ledger.Size()) return "";
        std::string out;
        for (const Effect& e : ledger.At(seq).effects)
            if (e.kind == EffectKind::Paid) out += EffectText(e, ledger.State()) + "\n";
        return out;
    }
    std::string Settlement() const override { return ""; }  // no year or round to settle
    std::string RuleText(std::string_view id) const override { return RuleWords(id); }

    // Every player's cash in the desk's strip (CG-D20: the keeper's dashboard shows cash).
    std::vector<host::StripPlayer> PlayersStrip() const override {
        std::vector<host::StripPlayer> out;
        const GameState& s = Shown();
        for (size_t i = 0; i < s.players.size(); ++i)
            out.push_back({s.players[i].name, std::to_string(s.players[i].cash), "",
                           s.phase != Phase::Over && static_cast<int>(i) == s.current, !s.InGame(static_cast<int>(i))});
        return out;
    }

    // [SECTION] The file as a terminal reads it

    host::GameSummary Summary() const override {  // turns, no year or round
        host::GameSummary out;
        for (const Player& p : GetLedger().State().players) out.players.push_back(p.name);
        return out;
    }

    std::string FileSummary() const override {
        const GameState& s = GetLedger().State();
        std::string players;
        for (const Player& p : s.players) players += (players.empty() ? "" : ", ") + p.name;
        return fmt::format("gigabucks: players {}; a ring of {} spaces; the money total {} G (U-3)", players, s.Spaces(), s.money_total);
    }
    bool WriteLog(const host::LogFilter& filter, const std::string& file, std::ostream& out,
                  std::string* error) const override {
        const Store& store = GetStore();
        const GameState& names = GetLedger().State();
        if (!filter.company.empty()) {
            *error = "Corporate Gigabucks has no companies (--company '" + PrintableText(filter.company) + "')";
            return false;
        }
        int player = -1;
        if (!filter.player.empty()) {
            for (size_t i = 0; i < names.players.size(); ++i)
                if (names.players[i].name == filter.player) player = static_cast<int>(i);
            if (player < 0) {
                *error = "no player '" + PrintableText(filter.player) + "' in " + file;
                return false;
            }
        }
        return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
            const bool all = filter.player.empty() && filter.rule.empty();
            if (all || Mentions(entry, player, filter.rule)) out << LogLine(entry, record, names) << "\n";
        }, error);
    }
    std::vector<std::string> ExplainEntry(int seq) const override {
        const Ledger& ledger = GetStore().GetLedger();
        const Entry& e = ledger.At(seq);
        std::vector<std::string> out;
        out.push_back(fmt::format("Entry {}: {}", seq, e.line));
        for (const Effect& effect : e.effects) out.push_back("  " + EffectLine(effect, ledger.State()));
        if (e.effects.empty()) out.push_back("  (no effects)");
        for (std::string& line : ExplainStamp(seq)) out.push_back(std::move(line));
        return out;
    }
    std::vector<std::string> DiffEntries(int from, int to) const override {
        const Ledger& ledger = GetStore().GetLedger();
        std::vector<std::string> out = DiffHead(from, to);
        const GameState a = ledger.StateAt(from), b = ledger.StateAt(to);
        const size_t before = out.size();
        for (size_t i = 0; i < a.players.size() && i < b.players.size(); ++i)
            if (a.players[i].cash != b.players[i].cash)
                out.push_back(fmt::format("{}: cash {} -> {}", b.players[i].name, a.players[i].cash, b.players[i].cash));
        for (size_t x = 0; x < a.corporations.size() && x < b.corporations.size(); ++x)
            if (!(a.corporations[x] == b.corporations[x]))
                out.push_back(fmt::format("{}: lines {} -> {}", x, a.corporations[x].lines, b.corporations[x].lines));
        if (out.size() == before) out.push_back("Nothing changed.");
        return out;
    }
    bool WriteSettlement(int, bool, host::SettlementFormat, const std::string& file, std::ostream&,
                         std::string* error) const override {
        *error = fmt::format("{} is a game of Corporate Gigabucks, which has no year or round to settle; "
                             "year-end has nothing to show", PrintableText(file));
        return false;
    }

    // [SECTION] A script played in

    std::optional<std::string> HeaderLine(const ReadLine& header, std::string* rejection) const override {
        const std::optional<Ledger> ledger = StartLedger(GigabucksFile::HeaderOf(CommandOf(header)), "not a header (CG-D1)", rejection);
        if (!ledger) return std::nullopt;
        return ledger->At(0).line;
    }
    std::string AcceptedText(int seq, bool effects, bool explain) const override {
        const Ledger& ledger = GetLedger();
        const Entry& e = ledger.At(seq);
        std::string out = std::to_string(seq) + ": " + e.line + "\n";
        if (effects)
            for (const Effect& effect : e.effects) out += "  " + EffectLine(effect, ledger.State()) + "\n";
        if (explain)
            for (const Effect& effect : e.effects)
                if (effect.kind == EffectKind::Paid) out += "  > " + EffectText(effect, ledger.State()) + "\n";
        return out;
    }
};

// [SECTION] The definition's functions

ReadLine ReadGameLine(std::string_view line, bool with_printed) {
    return host::ReadLineOf(
        ParseCommand(line), with_printed,
        [](const Command& c) {
            return std::holds_alternative<Header>(c.action) ? std::optional<std::string>("keeper") : std::nullopt;
        },
        PrintCommand);
}

std::unique_ptr<host::OpenGame> OpenGameFile(const std::string& path, host::Access access, const std::string& id_prefix,
                                             std::string* error) {
    return GigabucksGame::OpenFile<GigabucksGame>(path, access, id_prefix, error);
}

std::unique_ptr<host::OpenGame> CreateGameFile(const std::string& path, const ReadLine& header,
                                               const host::StampText& stamp, const std::string& id_prefix,
                                               std::string* error) {
    const std::optional<Header> h = GigabucksFile::HeaderOf(CommandOf(header));
    if (!h) return *error = "not a header (CG-D1)", nullptr;
    return GigabucksGame::CreateFile<GigabucksGame>(path, *h, stamp, id_prefix, error);
}

std::unique_ptr<host::OpenGame> StartInMemory(const ReadLine& header, std::string* rejection) {
    return GigabucksGame::InMemory<GigabucksGame>(GigabucksFile::HeaderOf(CommandOf(header)), "not a header (CG-D1)", rejection);
}

} // namespace

} // namespace rutland::gigabucks

namespace rutland::registered {

using namespace rutland::host;

namespace {
// Its words for the input guards (open_game.h GameDefinition::free_text_lines; RULES.md section 17, L-1).
constexpr std::string_view kGigabucksFreeTextLines[] = {"note {}"};
constexpr std::string_view kGigabucksKeyTwiceLines[] = {"game gigabucks players=Ann,Bob players=Cy,Dee", "count Ann=5 Ann=6",
                                                        "space 3 owner=Ann owner=Bob"};
} // namespace

// Constant data (registry.h invariant 1; registration.h invariant 1): nothing runs before main() for it.
constinit const GameDefinition gigabucks = {
    .name = gigabucks::Gigabucks::kGameName,
    .title = "Corporate Gigabucks",
    .rules_version = gigabucks::GigabucksFile::kRulesVersion,
    .listed = false,  // offered on no start screen until its desk panels come; its files open everywhere
    .example_header = "game gigabucks players=Ann,Bob,Cy,Dee",
    .language_rule = "L-1",  // RULES.md section 17: a line the language does not know (the ledger's own refusals cite L-2)
    .read = gigabucks::ReadGameLine,
    .open = gigabucks::OpenGameFile,
    .create = gigabucks::CreateGameFile,
    .in_memory = gigabucks::StartInMemory,
    .rule_text = gigabucks::RuleWords,  // host/gigabucks_words.h
    .rule_ids = gigabucks::RuleIds,
    .free_text_lines = kGigabucksFreeTextLines,
    .key_twice_lines = kGigabucksKeyTwiceLines,
};

} // namespace rutland::registered
