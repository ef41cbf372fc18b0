// Big Board Raiders' OpenGame (kit/host/open_game.h): the shared adapter (kit/host/basic_open_game.h:
// the game's session, games/big-board-raiders/view/session.h, for a game played, or its store opened read-only for a
// game only read) with the game's words (BigBoardRaidersHost) and its extras. Every text rutland-cli prints of
// a game of Big Board Raiders is made here, by the code that made it in app/cli/ before games had a
// registry, moved and unchanged (open_game.h invariant 5; tests/cli/ check it byte for byte).
//
// The view models it uses (entry_model.h, ledger_view.h, board_check.h, board_files.h) are the
// shell's still (app/view/); a game's host part may include them until they move into the game
// (tests/check_layers.cmake rule 5).
#include "host/big_board_raiders_game.h"
#include "host/big_board_raiders_terminal.h"

#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "view/board_check.h"
#include "view/board_files.h"
#include "view/entry_model.h"
#include "view/ledger_view.h"
#include "view/session.h"

#include "base/safe_text.h"
#include "host/basic_open_game.h"
#include "kernel/basic_store.h"
#include "kernel/game_word.h"
#include "lang/command.h"
#include "lang/effect_text.h"
#include "report/explain.h"
#include "report/instructions.h"
#include "report/report.h"
#include "report/rule_book.h"
#include "report/year_end_report.h"
#include "rules/big_board_raiders.h"
#include "rules/legal.h"
#include "rules/state_json.h"
#include "store/effects_json.h"
#include "store/store.h"
#include "web/served_page.h"

namespace rutland::bbr {

namespace {

using host::LinePreview;
using host::Note;
using host::ReadLine;
using host::SubmitReply;

// [SECTION] From the game's types to the facade's

LinePreview PreviewOf(const bbr::Preview& p) {
    LinePreview out;
    out.kind = p.kind == bbr::Preview::Kind::Accepted   ? LinePreview::Kind::Accepted
               : p.kind == bbr::Preview::Kind::Rejected ? LinePreview::Kind::Rejected
                                                         : LinePreview::Kind::Empty;
    out.typed = p.typed;
    out.expanded = p.expanded;
    out.text = p.text;
    out.rule = p.rule;
    out.provisional = p.provisional;
    out.did_you_mean = p.did_you_mean;
    for (const bbr::Warning& w : p.warnings) out.warnings.push_back(Note{w.text, w.rule});
    out.hand_over = p.steps;  // undo: what the table hands back (instructions.h UndoInstructions); redo: again
    out.entries = p.entries;
    return out;
}

const Command& CommandOf(const ReadLine& line) { return line.command.As<Command>(); }
const GameHeader& HeaderOf(const ReadLine& line) { return std::get<GameHeader>(CommandOf(line).action); }

// Ledger::Start on a given board instead of the one the header names.
std::optional<Ledger> StartOnBoard(const GameHeader& header, std::shared_ptr<const Board> board, Rejection* why) {
    StartResult r = StartGame(header, std::move(board));
    return Ledger::FromStart(BigBoardRaiders::Started{std::move(r.state), std::move(r.rejection), std::move(r.effects),
                                                      Command{std::nullopt, std::move(r.canonical)}},
                             why);
}

// The broker's instructions for entry `seq` (`after`: the game after it): its effects' steps
// (report/instructions.h BrokerInstructions); an undo's ("undoes entry 14 ...") followed by what
// the table does to take its commands back (ReversalInstructions: the cash, certificates, markers
// and pawns the other way), as its confirm showed them (view/entry_model.h ConfirmPreview).
std::vector<std::string> EntryInstructions(const Ledger& ledger, int seq, const GameState& after) {
    const Entry& e = ledger.At(seq);
    std::vector<std::string> out = BrokerInstructions(e.effects, after);
    if (e.kind != EntryKind::Undo) return out;
    // basic_ledger.h: an undo's targets, newest first; their effects copied, as a streamed ledger's
    // entries are recalled into a cache of the last kRecalledEntries (invariant 10).
    const std::vector<int> targets = e.targets;
    std::vector<Effects> kept;
    kept.reserve(targets.size());
    for (int target : targets)
        if (target >= 0 && target < ledger.Size()) kept.push_back(ledger.At(target).effects);
    std::vector<const Effects*> undone;
    for (const Effects& fx : kept) undone.push_back(&fx);
    for (std::string& step : ReversalInstructions(undone, after)) out.push_back(std::move(step));
    return out;
}

// The game's words for the shared adapter (kit/host/basic_open_game.h).
struct BigBoardRaidersHost {
    using Game = BigBoardRaiders;
    using Store = bbr::Store;
    static const host::GameDefinition& Definition() { return host::kBigBoardRaidersGame; }
    static std::string EffectText(const Effect& e, const GameState& names) {
        return bbr::EffectText(e, RenderContext::Of(names));
    }
    static std::string ShortEffects(const Entry& entry, const GameState& names) {
        // export --csv's cell: every effect (bbr::ShortEffects leaves out the D-2 notes a row hides).
        std::string effects;
        for (const Effect& e : entry.effects) effects += (effects.empty() ? "" : "; ") + ShortEffect(e, names);
        return effects;
    }
    static std::string StateWords(const GameState& s) { return BrokerSummary(s); }
    static nlohmann::json StateJson(const GameState& s) { return StateToJson(s); }
    static nlohmann::json EffectsJson(const Effects& effects, const GameState& names) {
        return EffectsToJson(effects, RenderContext::Of(names));
    }
    static constexpr std::string_view kExportGame = "";  // its export --json has no "game" key (as before games had names)
};

// [SECTION] The game

class BigBoardRaidersGame final : public host::BasicOpenGame<BigBoardRaidersHost> {
public:
    using BasicOpenGame::BasicOpenGame;

    // [SECTION] Lines

    LinePreview Preview(std::string_view typed) const override {
        m_preview = bbr::PreviewLine(typed, Shown(), &GetLedger());
        return PreviewOf(*m_preview);
    }
    SubmitReply Submit(std::string_view typed, const LinePreview* preview, const std::string& time,
                       const std::string& who) override {
        if (Reader()) return Refused();
        // The command the preview parsed is what Enter records (entry_model.h SubmitEntry), when
        // the preview is of this very text and on as many entries.
        const bool same = preview && m_preview && m_preview->typed == typed && preview->typed == typed &&
                          preview->entries == m_preview->entries;
        const bbr::SubmitOutcome r = bbr::SubmitEntry(GetSession(), typed, same ? &*m_preview : nullptr, time, who);
        return Accepted(r);
    }
    LinePreview ConfirmPreview(bool redo) const override {
        return PreviewOf(bbr::ConfirmPreview(redo, Shown(), GetLedger()));
    }
    SubmitReply Confirm(bool redo, const std::string& time, const std::string& who) override {
        if (Reader()) return Refused();
        return Accepted(GetSession().Submit(bbr::ConfirmCommand(redo), time, who));
    }
    std::optional<host::Question> AskFirst(std::string_view typed) const override {
        const bbr::Preview p = bbr::PreviewLine(typed, Shown(), &GetLedger());
        const std::optional<bbr::LandingCheck> check = bbr::CheckLanding(Shown(), p);
        if (!check) return std::nullopt;
        host::Question q;
        q.title = "Is this space right?";
        q.text = fmt::format("{}: the board here has {}; not yet checked against the table's board: {}", check->label,
                             check->facts, check->unverified);
        q.rule = "D-2";
        q.answers = {check->confirm_line};
        q.field = check->confirm_line;
        return q;
    }
    std::vector<std::string> Complete(std::string_view typed) const override {
        return bbr::Complete(typed, Shown(), Legal(Shown()), &GetLedger());
    }
    std::vector<std::string> LegalLines() const override {
        const LegalNow legal = Legal(Shown());
        std::vector<std::string> out;
        if (legal.end) out.push_back("end");
        for (const Command& c : legal.trades) out.push_back(PrintCommand(c));
        for (const Command& c : legal.other) out.push_back(PrintCommand(c));
        return out;
    }
    std::string DefaultWho() const override { return BigBoardRaiders::DefaultWho(GetLedger().State()); }

    // [SECTION] Words and data

    std::vector<host::Row> Rows(int first, int last) const override {
        const Ledger& ledger = GetLedger();
        first = std::max(first, 0);
        last = std::min(last, ledger.Size() - 1);
        std::vector<host::Row> rows;
        if (first > last) return rows;
        const GameState& names = ledger.State();
        const RenderContext context = RenderContext::Of(names);
        const std::vector<char> undone = bbr::UndoneEntries(ledger);
        for (int seq = first; seq <= last; ++seq) {
            const Entry& e = ledger.At(seq);
            host::Row row;
            row.seq = seq;
            row.line = e.line;
            if (InFile()) {
                const Stamp& stamp = GetStore().Record(seq).stamp;
                row.time = stamp.time;
                row.who = stamp.who;
            }
            row.summary = bbr::ShortEffects(e, names);
            for (const Effect& effect : e.effects) row.effects.push_back(Note{EffectText(effect, context), effect.rule});
            row.undone = static_cast<size_t>(seq) < undone.size() && undone[static_cast<size_t>(seq)];
            rows.push_back(std::move(row));
        }
        return rows;
    }
    std::string Explain(int seq) const override {
        const Ledger& ledger = GetLedger();
        if (seq < 0 || seq >= ledger.Size()) return "";
        std::string out;
        for (const std::string& step : EntryInstructions(ledger, seq, ledger.StateAt(seq))) out += step + "\n";
        return out;
    }
    std::string Settlement() const override { return StatementText(PreviewStatement(Shown())); }
    std::string RuleText(std::string_view id) const override {
        const bbr::RuleText* rule = FindRule(id);
        return rule ? rule->text : std::string();
    }

    // [SECTION] The file as a terminal reads it

    std::string FileSummary() const override { return InFile() ? "board: " + bbr::GameBoardSummary(GetStore()) : ""; }
    host::GameSummary Summary() const override {
        host::GameSummary out;
        for (const PlayerState& p : GetLedger().State().players) out.players.push_back(p.name);
        out.period = GetLedger().State().year;
        return out;
    }
    bool WriteLog(const host::LogFilter& options, const std::string& file, std::ostream& out,
                  std::string* error) const override {
        const Store& store = GetStore();
        const GameState& names = store.GetLedger().State();
        const std::optional<bbr::LedgerFilter> filter =
            bbr::ParseLedgerFilter(names, options.player, options.company, options.rule, error);
        if (!filter) {
            // A player belongs to this file; a company letter does not.
            const bool player_missing = !options.player.empty() && !names.FindPlayer(options.player);
            if (player_missing) *error += " in " + file;
            return false;
        }
        // Entry by entry as the store reads them (basic_store.h invariant 20: none is held in memory).
        return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
            if (bbr::EntryMatches(entry, *filter, names)) out << bbr::LogLine(entry, record, names) << "\n";
        }, error);
    }
    std::vector<std::string> ExplainEntry(int seq) const override {
        std::vector<std::string> out;
        for (const bbr::ExplainLine& line : bbr::ExplainEntry(GetStore(), seq)) out.push_back(line.text);
        return out;
    }
    std::vector<std::string> DiffEntries(int from, int to) const override {
        return bbr::DiffEntries(GetStore(), from, to);
    }
    bool WriteSettlement(int seq, bool last, host::SettlementFormat format, const std::string& file, std::ostream& out,
                         std::string* error) const override {
        return WriteYearEnd(*this, GetLedger(), seq, last, format, file, out, error);  // host/big_board_raiders_terminal.h
    }
    // [SECTION] A script played in

    std::optional<std::string> HeaderLine(const ReadLine& header, std::string* rejection) const override {
        Rejection why;
        // Into an existing game the header is started on the board the game carries: a game
        // never needs its board file again (basic_store.h invariant 19), and a board file edited or
        // deleted since changes nothing of it.
        const std::optional<Ledger> ledger = StartOnBoard(HeaderOf(header), GetLedger().State().board, &why);
        if (!ledger) {
            *rejection = why.ToString();
            return std::nullopt;
        }
        return ledger->At(0).line;
    }
    std::string AcceptedText(int seq, bool effects, bool explain) const override {
        const Ledger& ledger = GetLedger();
        const Entry& e = ledger.At(seq);
        std::string out = std::to_string(seq) + ": " + e.line + "\n";
        if (effects) out += DescribeEffects(e.effects, ledger.State());
        if (explain) {  // "  > Ann pays the broker $42,000: 4 x $10,000 + 2 x $1,000"
            // Usually seq was just appended and the ledger's state is the state after it; only a
            // retried line already in the file needs a replay.
            std::optional<GameState> replayed;
            if (seq + 1 != ledger.Size()) replayed = ledger.StateAt(seq);
            const GameState& after = replayed ? *replayed : ledger.State();
            for (const std::string& step : EntryInstructions(ledger, seq, after)) out += "  > " + step + "\n";
        }
        return out;
    }

private:
    SubmitReply Accepted(const bbr::SubmitOutcome& r) const {
        SubmitReply out = host::ReplyOf(r);
        if (r.status == SubmitStatus::Accepted)
            out.text = DescribeEffects(GetLedger().At(r.seq).effects, GetLedger().State());
        return out;
    }
    mutable std::optional<bbr::Preview> m_preview;  // the last Preview's: what Submit records of the same text
};

// [SECTION] The definition's functions

// A script's line takes the entry line's quick forms ("342", "+b10", "e": view/entry_model.h
// ExpandQuickForm, as the dashboard does before parsing), so a script plays what the broker types;
// the ledger keeps the canonical line (PrintCommand), never the quick form.
ReadLine ReadGameLine(std::string_view line, bool with_printed) {
    return host::ReadLineOf(
        ParseCommand(ExpandQuickForm(line)), with_printed,
        [](const Command& c) -> std::optional<std::string> {
            const auto* header = std::get_if<GameHeader>(&c.action);
            if (!header) return std::nullopt;
            return header->broker ? *header->broker : std::string("broker");
        },
        [](const Command& c) { return PrintCommand(c); });
}

std::unique_ptr<host::OpenGame> OpenGameFile(const std::string& path, host::Access access, const std::string& id_prefix,
                                     std::string* error) {
    return BigBoardRaidersGame::OpenFile<BigBoardRaidersGame>(path, access, id_prefix, error);
}

std::unique_ptr<host::OpenGame> CreateGameFile(const std::string& path, const ReadLine& header, const host::StampText& stamp,
                                       const std::string& id_prefix, std::string* error) {
    return BigBoardRaidersGame::CreateFile<BigBoardRaidersGame>(path, HeaderOf(header), stamp, id_prefix, error);
}

std::unique_ptr<host::OpenGame> StartInMemory(const ReadLine& header, std::string* rejection) {
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(HeaderOf(header), &why);
    if (!ledger) {
        *rejection = why.ToString();
        return nullptr;
    }
    return std::make_unique<BigBoardRaidersGame>(bbr::Session::InMemory(std::move(*ledger)));
}

} // namespace

} // namespace rutland::bbr

namespace rutland::registered {

using namespace rutland::host;

namespace {
// Its words for the input guards (open_game.h GameDefinition::free_text_lines; COMMANDS.md).
constexpr std::string_view kBbrFreeTextLines[] = {"note {}", "Ann: note {}"};
constexpr std::string_view kBbrKeyTwiceLines[] = {"count Ann cash=5 cash=10", "count market Y=2.35 Y=2.40",
                                                  "game players=Ann,Bob players=Cy,Dee"};
} // namespace

// Constant data (registry.h invariant 1; registration.h invariant 1): nothing runs before main() for it.
constinit const GameDefinition big_board_raiders = {
    .name = kFirstGame,  // its header has no game word (kernel/game_word.h)
    .title = "Big Board Raiders",
    .rules_version = bbr::kRulesVersion,
    .listed = true,
    .example_header = "game players=Ann,Bob,Cy,Dee",
    .language_rule = bbr::BigBoardRaiders::kLanguageRule,
    .read = bbr::ReadGameLine,
    .open = bbr::OpenGameFile,
    .create = bbr::CreateGameFile,
    .in_memory = bbr::StartInMemory,
    .serve = bbr::web::ServeGameFile,  // web/served_page.h
    // Its rules, boards and year end as rutland-cli prints them: host/big_board_raiders_terminal.h.
    .rule_text = bbr::RuleWords,
    .rule_ids = bbr::RuleIds,
    .rule_heading = bbr::RuleHeading,
    .rule_listing = bbr::RuleListing,
    .rule_nearest = bbr::RuleNearest,
    .board_commands = &bbr::kBoardCommands,
    .free_text_lines = kBbrFreeTextLines,
    .key_twice_lines = kBbrKeyTwiceLines,
};

} // namespace rutland::registered
