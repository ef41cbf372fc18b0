// Flutter's OpenGame (kit/host/open_game.h): the shared adapter (kit/host/basic_open_game.h: the
// kernel's session over Flutter's ruleset, rules/flutter.h, and its game file, store/store.h, or
// that store opened read-only for a game only read) with Flutter's words: its effects' renderer
// (lang/effect_text.h, with the broker's tokens to hand over, U-2), the state for a terminal and
// its rules' text (host/flutter_words.h). Its texts for rutland-cli take Big Board Raiders' shapes
// (the same header lines and JSON keys where the kernel's data is the same); `play --json` prints
// RULES.md section 16's JSON (rules/state_json.h).
#include "host/flutter_game.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/basic_open_game.h"
#include "host/flutter_boards.h"
#include "host/flutter_desk.h"
#include "host/flutter_page.h"
#include "host/flutter_settlement.h"
#include "host/flutter_shown.h"
#include "host/flutter_words.h"
#include "lang/effect_text.h"
#include "lang/table_language.h"
#include "report/table_view.h"
#include "ledger/ledger.h"
#include "rules/flutter.h"
#include "rules/legal.h"
#include "rules/state_json.h"
#include "store/store.h"

namespace rutland::flutter {

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

// Flutter's words for the shared adapter.
struct FlutterHost {
    using Game = Flutter;
    using Store = flutter::Store;
    static const host::GameDefinition& Definition() { return host::kFlutterGame; }
    static std::string EffectText(const Effect& e, const GameState& names) { return flutter::EffectText(e, names); }
    static std::string ShortEffects(const Entry& e, const GameState& names) { return flutter::ShortEffects(e, names); }
    static std::string StateWords(const GameState& s) { return flutter::StateWords(s); }
    static nlohmann::ordered_json StateJson(const GameState& s) { return ToJson(s); }
    static nlohmann::json EffectsJson(const Effects& effects, const GameState& names) {
        nlohmann::json out = nlohmann::json::array();
        for (const Effect& e : effects) {
            nlohmann::json one = {{"rule", e.rule}, {"text", ValidUtf8(flutter::EffectText(e, names))}};
            if (e.provisional) one["provisional"] = true;
            out.push_back(std::move(one));
        }
        return out;
    }
    static constexpr std::string_view kExportGame = Flutter::kGameName;
};

// What the table does for an entry's effects, one line each, in the order the rules did them:
// the money and certificates the broker hands over (U-2) and the pegs and cards moved
// (lang/effect_text.h TableStep).
std::vector<std::string> BrokerSteps(const Effects& effects, const GameState& names) {
    std::vector<std::string> out;
    for (const Effect& e : effects) {
        std::string step = TableStep(e, names);
        if (!step.empty()) out.push_back(std::move(step));
    }
    return out;
}

// What the table does for entry `seq`: an undo's are the commands it takes back, the newest first
// and each one's effects last first, every step the other way round (L-2; `after` is the game
// once undone); any other entry's (a redo's: the commands it puts back) its own effects' steps.
std::vector<std::string> EntrySteps(const Ledger& ledger, int seq, const GameState& after) {
    const Entry& entry = ledger.At(seq);
    if (entry.kind != EntryKind::Undo) return BrokerSteps(entry.effects, after);
    std::vector<std::string> out;
    // basic_ledger.h: an undo's targets, newest first; copied, as a streamed ledger's entries are
    // recalled into a cache of the last kRecalledEntries (invariant 10).
    const std::vector<int> targets = entry.targets;
    for (int target : targets) {
        if (target < 0 || target >= ledger.Size()) continue;
        const Effects& fx = ledger.At(target).effects;
        for (auto it = fx.rbegin(); it != fx.rend(); ++it) {
            std::string step = ReversedTableStep(*it, after);
            if (!step.empty()) out.push_back(std::move(step));
        }
    }
    return out;
}

bool Mentions(const Entry& entry, int player, int company, const std::string& rule) {
    return std::any_of(entry.effects.begin(), entry.effects.end(), [&](const Effect& e) {
        return (player < 0 || e.player == player) && (company < 0 || e.company == company) &&
               (rule.empty() || e.rule == rule);
    });
}

// Section 15's command words, as Tab completes a word that no line legal now continues.
constexpr std::string_view kCommandWords[] = {"throw", "news", "buy", "sell", "claim", "undo", "redo",
                                              "note", "board", "peg", "count", "player"};

// A command word typed alone ("sell", "sell "): why no line of it is legal now, with the rule, from
// the rules themselves: each company's one-certificate trade or throw (a claim: the current
// player's) tried on a copy of the state, the first company's rejection said; nullopt when one of
// its lines is legal, or for a word of no such try.
std::optional<Rejection> WhyNotNow(std::string_view typed, const GameState& state) {
    std::string word(typed);
    while (!word.empty() && word.back() == ' ') word.pop_back();
    while (!word.empty() && word.front() == ' ') word.erase(0, 1);
    if (word.empty() || word.find(' ') != std::string::npos) return std::nullopt;
    for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (word != "buy" && word != "sell" && word != "throw" && word != "claim") return std::nullopt;
    for (const Command& c : Legal(state).commands)
        if (PrintCommand(c).rfind(word + " ", 0) == 0) return std::nullopt;
    std::vector<std::string> tries;
    if (word == "buy" || word == "sell" || word == "throw")
        for (const Lane& lane : state.board->lanes) tries.push_back(word + " " + lane.letter + " 1");
    else if (word == "claim" && !state.players.empty())
        tries.push_back("claim " + state.players[static_cast<size_t>(state.current)].name);
    if (tries.empty()) return std::nullopt;
    std::optional<Rejection> first;
    for (const std::string& line : tries) {
        const ParseResult parsed = ParseCommand(line);
        if (!parsed.command) continue;
        GameState copy = state;
        const ApplyResult r = Apply(copy, *parsed.command);
        if (r.accepted) return std::nullopt;
        if (!first) first = r.rejection;
    }
    if (first) first->message = fmt::format("no {} is legal now: {}", word, first->message);
    return first;
}

class FlutterGame final : public host::BasicOpenGame<FlutterHost> {
public:
    using BasicOpenGame::BasicOpenGame;

    // For Flutter's own panels (host/flutter_shown.h).
    const GameState& ShownState() const { return Shown(); }
    const ShownTables& Tables() const {
        if (!m_tables || m_tables->version != Version()) {
            const Ledger& ledger = GetLedger();
            ShownTables t;
            t.version = Version();
            t.entry = ShownEntry().value_or(ledger.Size() - 1);
            t.if_ended_now = IfRoundEndedNow(Shown());
            t.last = LastSettlementOf(ledger, t.entry);
            t.entry_steps = StepsOf(ledger, t.entry);
            if (t.last) {  // the settlement's own steps: from its RoundEnded on (a card's dividend before it is the entry's)
                const Effects& fx = ledger.At(t.last->seq).effects;
                const auto from = std::find_if(fx.begin(), fx.end(), [](const Effect& e) { return e.kind == EffectKind::RoundEnded; });
                t.last_steps = StepsOf(Effects(from, fx.end()));
            }
            m_tables = std::move(t);
        }
        return *m_tables;
    }

    // [SECTION] Lines

    LinePreview Preview(std::string_view typed) const override {
        LinePreview out;
        out.typed = out.expanded = std::string(typed);
        out.entries = Size();
        const ParseResult parsed = ParseCommand(typed);
        if (parsed.error) {
            out.kind = LinePreview::Kind::Rejected;
            // A command word alone (Tab's completion of "se"): why none of its lines is legal now.
            const std::optional<Rejection> why = WhyNotNow(typed, Shown());
            out.text = why ? why->message : parsed.error->message;
            out.rule = why ? why->rule : parsed.error->rule;
            return out;
        }
        if (!parsed.command) return out;  // blank or comment
        out.expanded = PrintCommand(*parsed.command);  // the quick forms written out (section 15)
        const auto rejected = [&out](const Rejection& r) {
            out.kind = LinePreview::Kind::Rejected;
            out.text = r.message;
            out.rule = r.rule;
            return out;
        };
        const auto accepted = [&](const GameState& after, const Effects& effects) {
            out.kind = LinePreview::Kind::Accepted;
            for (const Effect& e : effects) {
                out.text += (out.text.empty() ? "" : "; ") + EffectText(e, after);
                out.provisional = out.provisional || e.provisional;
            }
            out.hand_over = BrokerSteps(effects, after);
            out.warnings = PreviewWarnings(GetLedger().State(), after, effects);  // host/flutter_desk.h
            return out;
        };
        // Nothing is changed. Undo and redo are the ledger's: tried on a copy of it. Any other
        // command is what the ledger's Submit would do, the rules' Apply on the state as it is,
        // here on a copy of the state alone (the ledger's entries grow with the game; this is
        // done once a keystroke).
        if (Flutter::LedgerOpOf(*parsed.command)) {
            Ledger copy = GetLedger();
            const SubmitResult r = copy.Submit(*parsed.command);
            if (!r.accepted) return rejected(r.rejection);
            accepted(copy.State(), copy.At(r.seq).effects);
            out.hand_over = EntrySteps(copy, r.seq, copy.State());  // an undo: what the table gives back
            return out;
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
    // N-1 (a card to type) and BD-7 (a board fact a throw uses first): host/flutter_desk.h.
    std::optional<host::Question> AskFirst(std::string_view typed) const override { return AskBeforeLine(GetLedger(), typed); }
    std::vector<std::string> Complete(std::string_view typed) const override {
        std::vector<std::string> out;
        for (const std::string& line : LegalLines())
            if (line.rfind(typed, 0) == 0) out.push_back(line);
        // No legal line continues it: the command word it begins ("se" -> "sell "), whose preview
        // then says why none of its lines is legal now, with the rule (WhyNotNow).
        if (out.empty() && !typed.empty() && typed.find(' ') == std::string_view::npos)
            for (std::string_view word : kCommandWords)
                if (word.size() > typed.size() && word.rfind(typed, 0) == 0) out.push_back(std::string(word) + " ");
        return out;
    }
    std::vector<std::string> LegalLines() const override {
        std::vector<std::string> out;
        for (const Command& c : Legal(Shown()).commands) out.push_back(PrintCommand(c));
        // The ledger takes `undo 1` / `redo 1` exactly when it has a command to undo / redo
        // (kernel/basic_ledger.h UndoRedo): asked, not tried on two copies of the whole ledger.
        const Ledger& ledger = GetLedger();
        if (ledger.UndoableCount() >= 1) out.push_back("undo 1");
        if (ledger.RedoableCount() >= 1) out.push_back("redo 1");
        return out;
    }
    std::string DefaultWho() const override { return GetLedger().State().header->broker.value_or("broker"); }  // G-1

private:
    mutable std::optional<ShownTables> m_tables;  // Tables(): made once per Version()

public:

    // [SECTION] Words and data

    std::string Explain(int seq) const override {
        const Ledger& ledger = GetLedger();
        if (seq < 0 || seq >= ledger.Size()) return "";
        std::string out;
        // An undo's: what it takes back, reversed (EntrySteps), on the game as it was once undone
        // (replayed only for an older undo: any other entry's steps need only the names).
        std::optional<GameState> replayed;
        if (ledger.At(seq).kind == EntryKind::Undo && seq + 1 != ledger.Size()) replayed = ledger.StateAt(seq);
        for (const std::string& step : EntrySteps(ledger, seq, replayed ? *replayed : ledger.State())) out += step + "\n";
        return out;
    }
    std::string Settlement() const override { return SettlementIfEndedNow(Shown()); }  // host/flutter_desk.h
    std::string RuleText(std::string_view id) const override { return RuleWords(id); }
    // Every player's cash and capital (W-1) in the desk's strip, the one who trades and throws first marked.
    std::vector<host::StripPlayer> PlayersStrip() const override {
        const GameState& state = Shown();
        std::vector<host::StripPlayer> out;
        for (const PlayerLine& line : TableOf(state).players)
            out.push_back({state.players[static_cast<size_t>(line.seat)].name, FormatPounds(line.cash),
                           "capital " + FormatPounds(line.capital), line.current && !state.Over(), false});
        return out;
    }

    // [SECTION] The file as a terminal reads it

    std::string FileSummary() const override {
        const GameState& s = GetLedger().State();
        std::string players;
        for (const Player& p : s.players) players += (players.empty() ? "" : ", ") + p.name;
        return fmt::format("flutter: players {}; round {}; board {}{}", players, s.round, s.board->name,
                           s.board->Verified() ? "" : ", not yet confirmed at the table (BD-7)");
    }
    host::GameSummary Summary() const override {
        host::GameSummary out;
        for (const Player& p : GetLedger().State().players) out.players.push_back(p.name);
        out.period = GetLedger().State().round;
        return out;
    }
    bool WriteLog(const host::LogFilter& filter, const std::string& file, std::ostream& out,
                  std::string* error) const override {
        const Store& store = GetStore();
        const GameState& names = GetLedger().State();
        int player = -1, company = -1;
        if (!filter.player.empty() && (player = names.PlayerNamed(filter.player)) < 0) {
            *error = "no player '" + PrintableText(filter.player) + "' in " + file;
            return false;
        }
        if (!filter.company.empty() && (company = names.board->CompanyOf(filter.company)) < 0) {
            *error = "no company '" + PrintableText(filter.company) + "' on this game's board (a letter W R B G Y K or a colour: C-1)";
            return false;
        }
        return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
            const bool all = filter.player.empty() && filter.company.empty() && filter.rule.empty();
            if (all || Mentions(entry, player, company, filter.rule)) out << LogLine(entry, record, names) << "\n";
        }, error);
    }
    std::vector<std::string> ExplainEntry(int seq) const override {
        const Ledger& ledger = GetStore().GetLedger();
        const Entry& e = ledger.At(seq);
        const GameState after = ledger.StateAt(seq);
        std::vector<std::string> out;
        out.push_back(fmt::format("Entry {}: {}", seq, e.line));
        for (const Effect& effect : e.effects) out.push_back("  " + EffectLine(effect, after));
        if (e.effects.empty()) out.push_back("  (no effects)");
        for (const std::string& step : EntrySteps(ledger, seq, after)) out.push_back("  > " + step);
        for (std::string& line : ExplainStamp(seq)) out.push_back(std::move(line));
        return out;
    }
    bool WriteSettlement(int seq, bool last, host::SettlementFormat format, const std::string& file, std::ostream& out,
                         std::string* error) const override {
        return WriteRoundEnd(*this, GetLedger(), seq, last, format, file, out, error);  // host/flutter_settlement.h
    }
    std::vector<std::string> DiffEntries(int from, int to) const override {
        const Ledger& ledger = GetStore().GetLedger();
        std::vector<std::string> out = DiffHead(from, to);
        const GameState a = ledger.StateAt(from), b = ledger.StateAt(to);
        const size_t before = out.size();
        for (int c = 0; c < kCompanies; ++c) {
            const Company& x = a.companies[static_cast<size_t>(c)];
            const Company& y = b.companies[static_cast<size_t>(c)];
            const std::string& colour = b.board->lanes[static_cast<size_t>(c)].colour;
            if (a.Price(c) != b.Price(c) || x.parent != y.parent)
                out.push_back(fmt::format("{}: parent level {} -> {}, price {} -> {}", colour, x.parent, y.parent,
                                          FormatPounds(a.Price(c)), FormatPounds(b.Price(c))));
            if (x.traveller != y.traveller)
                out.push_back(fmt::format("{}: traveller level {} -> {}", colour, x.traveller, y.traveller));
            if (x.stock != y.stock || x.reserve != y.reserve)
                out.push_back(fmt::format("{}: the broker's stock {} -> {}, reserve {} -> {}", colour, x.stock, y.stock,
                                          x.reserve, y.reserve));
            if (x.bankrupt != y.bankrupt) out.push_back(fmt::format("{}: {}", colour, y.bankrupt ? "bankrupt" : "no longer bankrupt"));
        }
        for (size_t i = 0; i < b.players.size() && i < a.players.size(); ++i) {
            const Player& x = a.players[i];
            const Player& y = b.players[i];
            if (x.cash != y.cash) out.push_back(fmt::format("{}: cash {} -> {}", y.name, FormatPounds(x.cash), FormatPounds(y.cash)));
            for (int c = 0; c < kCompanies; ++c)
                if (x.certificates[static_cast<size_t>(c)] != y.certificates[static_cast<size_t>(c)])
                    out.push_back(fmt::format("{}: {} certificates {} -> {}", y.name, b.board->lanes[static_cast<size_t>(c)].colour,
                                              x.certificates[static_cast<size_t>(c)], y.certificates[static_cast<size_t>(c)]));
        }
        if (a.round != b.round) out.push_back(fmt::format("round {} -> {}", a.round, b.round));
        if (out.size() == before) out.push_back("Nothing changed.");
        return out;
    }

    // [SECTION] A script played in

    // HeaderLine is the shared adapter's: on the board the file carries (store/store.h item 4).
    std::string AcceptedText(int seq, bool effects, bool explain) const override {
        const Ledger& ledger = GetLedger();
        const Entry& e = ledger.At(seq);
        std::string out = std::to_string(seq) + ": " + e.line + "\n";
        // Usually seq was just appended and the ledger's state is the state after it; only a
        // retried line already in the file needs a replay.
        std::optional<GameState> replayed;
        if (seq + 1 != ledger.Size()) replayed = ledger.StateAt(seq);
        const GameState& after = replayed ? *replayed : ledger.State();
        if (effects)
            for (const Effect& effect : e.effects) out += "  " + EffectLine(effect, after) + "\n";
        if (explain)
            for (const std::string& step : EntrySteps(ledger, seq, after)) out += "  > " + step + "\n";
        return out;
    }
};

// [SECTION] The definition's functions

ReadLine ReadGameLine(std::string_view line, bool with_printed) {
    return host::ReadLineOf(
        ParseCommand(line), with_printed,
        [](const Command& c) -> std::optional<std::string> {
            // Who enters the lines: the header's broker= (G-1), or "broker" as before it had one.
            const auto* header = std::get_if<Header>(&c.action);
            if (!header) return std::nullopt;
            return header->broker.value_or("broker");
        },
        PrintCommand);
}

std::unique_ptr<host::OpenGame> OpenGameFile(const std::string& path, host::Access access, const std::string& id_prefix,
                                             std::string* error) {
    return FlutterGame::OpenFile<FlutterGame>(path, access, id_prefix, error);
}

std::unique_ptr<host::OpenGame> CreateGameFile(const std::string& path, const ReadLine& header,
                                               const host::StampText& stamp, const std::string& id_prefix,
                                               std::string* error) {
    const std::optional<Header> h = FlutterFile::HeaderOf(CommandOf(header));
    if (!h) return *error = "not a header (F-D1)", nullptr;
    return FlutterGame::CreateFile<FlutterGame>(path, *h, stamp, id_prefix, error);
}

std::unique_ptr<host::OpenGame> StartInMemory(const ReadLine& header, std::string* rejection) {
    return FlutterGame::InMemory<FlutterGame>(FlutterFile::HeaderOf(CommandOf(header)), "not a header (F-D1)", rejection);
}

} // namespace

const GameState* ShownState(const host::OpenGame& game) {
    const auto* flutter_game = dynamic_cast<const FlutterGame*>(&game);
    return flutter_game ? &flutter_game->ShownState() : nullptr;
}

const ShownTables* ShownTablesOf(const host::OpenGame& game) {
    const auto* flutter_game = dynamic_cast<const FlutterGame*>(&game);
    return flutter_game ? &flutter_game->Tables() : nullptr;
}

} // namespace rutland::flutter

namespace rutland::registered {

using namespace rutland::host;

namespace {
// Its words for the input guards (open_game.h GameDefinition::free_text_lines; RULES.md section 15, L-1).
constexpr std::string_view kFlutterFreeTextLines[] = {"note {}", "board W name=\"{}\"", "board W colour={}",
                                                      "board W letter={}"};
constexpr std::string_view kFlutterKeyTwiceLines[] = {"count Ann cash=5 cash=10", "count Ann W=1 w=2",
                                                      "board W name=\"a\" name=\"b\"", "board W colour=red color=blue",
                                                      "peg W price=100 price=120",
                                                      "game flutter players=Ann,Bob players=Cy,Dee"};
} // namespace

// Constant data (registry.h invariant 1; registration.h invariant 1): nothing runs before main() for it.
constinit const GameDefinition flutter = {
    .name = flutter::Flutter::kGameName,
    .title = "Flutter",
    .rules_version = flutter::FlutterFile::kRulesVersion,
    .listed = true,  // a game for tables: offered on the start screen
    .example_header = "game flutter players=Ann,Bob,Cy",
    .language_rule = "L-1",  // RULES.md section 15: a line the language does not know (the ledger's own refusals cite L-2)
    .read = flutter::ReadGameLine,
    .open = flutter::OpenGameFile,
    .create = flutter::CreateGameFile,
    .in_memory = flutter::StartInMemory,
    .serve = flutter::ServeFlutterFile,  // host/flutter_page.h
    .rule_text = flutter::RuleWords,      // host/flutter_words.h
    .rule_ids = flutter::RuleIds,
    .boards = &flutter::kFlutterBoards,  // host/flutter_boards.h
    .header_options = flutter::kHeaderOptions,  // host/flutter_desk.h
    .free_text_lines = kFlutterFreeTextLines,
    .key_twice_lines = kFlutterKeyTwiceLines,
    .header_broker = true,  // `broker=` (RULES.md section 15, G-1)
};

} // namespace rutland::registered
