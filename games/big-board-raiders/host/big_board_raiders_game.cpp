// Big Board Raiders' OpenGame (app/host/open_game.h): the game's session (app/view/session.h) for a
// game played, or its store opened read-only for a game only read. Every text rutland-cli prints of
// a game of Big Board Raiders is made here, by the code that made it in app/cli/ before games had a
// registry, moved and unchanged (open_game.h invariant 5; tests/cli/ check it byte for byte).
//
// The view models it uses (entry_model.h, ledger_view.h, board_check.h, board_files.h) are the
// shell's still (app/view/); a game's host part may include them until they move into the game
// (tests/check_layers.cmake rule 5).
#include "host/big_board_raiders_game.h"

#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "board_check.h"
#include "board_files.h"
#include "entry_model.h"
#include "ledger_view.h"
#include "session.h"

#include "base/safe_text.h"
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
#include "host/big_board_raiders_page.h"
#include "web/served_page.h"

namespace rutland::bbr {

namespace {

using host::LinePreview;
using host::Note;
using host::ReadLine;
using host::SubmitReply;

// [SECTION] From the game's types to the facade's

SubmitReply ReplyOf(const view::SubmitOutcome& r) {
    SubmitReply out;
    switch (r.status) {
        case SubmitStatus::Accepted: out.status = SubmitReply::Status::Accepted; break;
        case SubmitStatus::Duplicate: out.status = SubmitReply::Status::Duplicate; break;
        case SubmitStatus::Rejected: out.status = SubmitReply::Status::Rejected; break;
        case SubmitStatus::Blank: out.status = SubmitReply::Status::Blank; break;
        case SubmitStatus::Refused: out.status = SubmitReply::Status::Refused; break;
    }
    out.seq = r.seq;
    out.moved = r.moved;
    if (r.status == SubmitStatus::Rejected) {
        out.text = r.rejection.ToString();
        out.rule = r.rejection.rule;
    } else if (r.status == SubmitStatus::Refused) {
        out.text = r.refusal;
    }
    return out;
}

LinePreview PreviewOf(const view::Preview& p) {
    LinePreview out;
    out.kind = p.kind == view::Preview::Kind::Accepted   ? LinePreview::Kind::Accepted
               : p.kind == view::Preview::Kind::Rejected ? LinePreview::Kind::Rejected
                                                         : LinePreview::Kind::Empty;
    out.typed = p.typed;
    out.expanded = p.expanded;
    out.text = p.text;
    out.rule = p.rule;
    out.provisional = p.provisional;
    out.did_you_mean = p.did_you_mean;
    for (const view::Warning& w : p.warnings) out.warnings.push_back(Note{w.text, w.rule});
    out.hand_over = p.steps;  // undo: what the table hands back (instructions.h UndoInstructions)
    out.entries = p.entries;
    return out;
}

const Command& CommandOf(const ReadLine& line) { return std::any_cast<const Command&>(line.command); }
const GameHeader& HeaderOf(const ReadLine& line) { return std::get<GameHeader>(CommandOf(line).action); }

// Ledger::Start on a given board instead of the one the header names.
std::optional<Ledger> StartOnBoard(const GameHeader& header, std::shared_ptr<const Board> board, Rejection* why) {
    StartResult r = StartGame(header, std::move(board));
    return Ledger::FromStart(BigBoardRaiders::Started{std::move(r.state), std::move(r.rejection), std::move(r.effects),
                                                      Command{std::nullopt, std::move(r.canonical)}},
                             why);
}

// [SECTION] export (rutland-cli export FILE --csv | --json | --script)

// A value written by dump(2) as it would be at `depth` levels inside the document: JSON text has
// no raw line breaks in its strings, so every line break is an indentation point.
std::string Indented(const std::string& text, int depth) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char ch : text) {
        out += ch;
        if (ch == '\n') out.append(static_cast<size_t>(depth) * 2, ' ');
    }
    return out;
}

// --json, written as it is produced: the document nlohmann's dump(2) gives for
// {clean, entries, file, fingerprint, schema_version, state} (keys in its sorted order), without
// ever holding more than one entry's JSON (a whole tree took ~18 KB an entry: 3.7 GB at 200,000).
// Stored text that is not UTF-8 (a stamp an older Rutland let through, basic_store.h invariant 14) is
// written with U+FFFD in place of each bad byte, so the document is always valid JSON.
bool WriteJson(std::ostream& out, const Store& store, const std::string& file, std::string* error) {
    const Ledger& ledger = store.GetLedger();
    const RenderContext context = RenderContext::Of(ledger.State());
    out << "{\n  \"clean\": " << (store.Report().Clean() ? "true" : "false") << ",\n  \"entries\": [";
    const bool read = store.ForEachEntry(0, store.Size() - 1, [&](const Entry& e, const EntryRecord& r) {
        const nlohmann::json entry = {{"seq", e.seq},
                                      {"kind", ValidUtf8(r.kind)},
                                      {"line", e.line},
                                      {"time", ValidUtf8(r.stamp.time)},
                                      {"who", ValidUtf8(r.stamp.who)},
                                      {"command_id", ValidUtf8(r.stamp.command_id)},
                                      {"rules_version", r.rules_version},
                                      {"effects", EffectsToJson(e.effects, context)},
                                      {"prev_hash", ValidUtf8(r.prev_hash)},
                                      {"hash", ValidUtf8(r.hash)}};
        out << (e.seq == 0 ? "\n    " : ",\n    ") << Indented(entry.dump(2), 2);
    }, error);
    if (!read) return false;
    out << "\n  ],\n  \"file\": " << nlohmann::json(ValidUtf8(file)).dump()
        << ",\n  \"fingerprint\": " << nlohmann::json(store.Fingerprint()).dump()
        << ",\n  \"schema_version\": " << store.Schema()
        << ",\n  \"state\": " << Indented(StateToJson(ledger.State()).dump(2), 1) << "\n}\n";
    return true;
}

// --script: each line after a "#=" line with its stamp. A stamp an older Rutland let through
// (basic_store.h invariant 14) would be refused by `play`: it is written as `log` prints it (a time that
// is not one is left out, so `play` stamps its own), after a comment that says so, since a game
// played from the script then differs from this one in its hash chain from that entry on.
bool WriteScript(std::ostream& out, const Store& store, const std::string& file, std::string* error) {
    out << fmt::format("# {}: {} entries, fingerprint {}. Each '#=' line gives the next line's time,\n"
                       "# who entered it and its command id.\n", PrintableText(file), store.Size(), store.Fingerprint());
    return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
        const int seq = entry.seq;
        const Stamp& s = record.stamp;
        nlohmann::json stamp = nlohmann::json::object();
        if (auto problem = StampProblem(s)) {
            out << fmt::format("# entry {}: its stamp is not one this Rutland writes ({}): it is given as `log` shows "
                               "it, and a game played from here on has another hash chain\n", seq, *problem);
            if (IsUtcTime(s.time)) stamp["time"] = s.time;
            if (!s.who.empty()) stamp["who"] = PrintableText(s.who);
            if (!s.command_id.empty()) stamp["id"] = PrintableText(s.command_id);
        } else {
            stamp = {{"time", s.time}, {"who", s.who}, {"id", s.command_id}};
        }
        out << "#= " << stamp.dump() << "\n" << entry.line << "\n";
    }, error);
}

// --csv: text cells through CsvTextCell (one line, valid UTF-8, never a live spreadsheet formula);
// seq and rules_version are numbers.
bool WriteCsv(std::ostream& out, const Store& store, std::string* error) {
    const GameState& names = store.GetLedger().State();
    out << "seq,time,who,command_id,rules_version,kind,line,effects,hash\n";
    return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& r) {
        std::string effects;
        for (const Effect& e : entry.effects) effects += (effects.empty() ? "" : "; ") + ShortEffect(e, names);
        out << fmt::format("{},{},{},{},{},{},{},{},{}\n", entry.seq, CsvTextCell(r.stamp.time), CsvTextCell(r.stamp.who),
                           CsvTextCell(r.stamp.command_id), r.rules_version, CsvTextCell(r.kind),
                           CsvTextCell(entry.line), CsvTextCell(effects), CsvTextCell(r.hash));
    }, error);
}

// [SECTION] The game

class BigBoardRaidersGame final : public host::OpenGame {
public:
    explicit BigBoardRaidersGame(std::unique_ptr<view::Session> session) : m_session(std::move(session)) {}
    explicit BigBoardRaidersGame(std::unique_ptr<Store> reader) : m_reader(std::move(reader)) {}

    const host::GameDefinition& Definition() const override { return host::kBigBoardRaidersGame; }

    // [SECTION] The file

    std::string Path() const override { return m_reader ? m_reader->Path() : m_session->Path(); }
    std::string ReadOnlyReason() const override {
        if (m_reader) return "opened to be read, not played";
        return m_session->ReadOnlyWhy();
    }
    int Follow(std::string* problem) override {
        if (!m_reader) return m_session->Follow(problem);
        const int n = m_reader->Follow(problem);
        if (n > 0) {
            if (m_view) m_view_state = m_reader->GetLedger().StateAt(*m_view);
            ++m_version;
        }
        return n;
    }
    uint64_t Version() const override { return m_reader ? m_version : m_session->Version(); }
    int Size() const override { return InFile() ? GetStore().Size() : GetLedger().Size(); }
    std::string Fingerprint() const override { return InFile() ? GetStore().Fingerprint() : std::string(); }

    // [SECTION] Lines

    LinePreview Preview(std::string_view typed) const override {
        m_preview = view::PreviewLine(typed, Shown(), &GetLedger());
        return PreviewOf(*m_preview);
    }
    SubmitReply Submit(std::string_view typed, const LinePreview* preview, const std::string& time,
                       const std::string& who) override {
        if (m_reader) return Refused();
        // The command the preview parsed is what Enter records (entry_model.h SubmitEntry), when
        // the preview is of this very text and on as many entries.
        const bool same = preview && m_preview && m_preview->typed == typed && preview->typed == typed &&
                          preview->entries == m_preview->entries;
        const view::SubmitOutcome r = view::SubmitEntry(*m_session, typed, same ? &*m_preview : nullptr, time, who);
        return Accepted(r);
    }
    LinePreview ConfirmPreview(bool redo) const override {
        return PreviewOf(view::ConfirmPreview(redo, Shown(), GetLedger()));
    }
    SubmitReply Confirm(bool redo, const std::string& time, const std::string& who) override {
        if (m_reader) return Refused();
        return Accepted(m_session->Submit(view::ConfirmCommand(redo), time, who));
    }
    std::optional<host::Question> AskFirst(std::string_view typed) const override {
        const view::Preview p = view::PreviewLine(typed, Shown(), &GetLedger());
        const std::optional<view::LandingCheck> check = view::CheckLanding(Shown(), p);
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
        return view::Complete(typed, Shown(), Legal(Shown()), &GetLedger());
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

    // [SECTION] Time travel

    void ShowEntry(std::optional<int> seq) override {
        if (!m_reader) return m_session->ViewAt(seq);
        if (seq && (*seq < 0 || *seq >= m_reader->Size() - 1)) seq.reset();  // the last entry is now
        if (seq == m_view) return;
        m_view = seq;
        if (m_view) m_view_state = m_reader->GetLedger().StateAt(*m_view);
        ++m_version;
    }
    std::optional<int> ShownEntry() const override { return m_reader ? m_view : m_session->Viewing(); }

    // [SECTION] Words and data

    std::vector<host::Row> Rows(int first, int last) const override {
        const Ledger& ledger = GetLedger();
        first = std::max(first, 0);
        last = std::min(last, ledger.Size() - 1);
        std::vector<host::Row> rows;
        if (first > last) return rows;
        const GameState& names = ledger.State();
        const RenderContext context = RenderContext::Of(names);
        const std::vector<char> undone = view::UndoneEntries(ledger);
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
            row.summary = view::ShortEffects(e, names);
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
        for (const std::string& step : BrokerInstructions(ledger.At(seq).effects, ledger.StateAt(seq))) out += step + "\n";
        return out;
    }
    std::string StateText() const override { return BrokerSummary(Shown()); }
    std::string StateJson() const override { return StateToJson(Shown()).dump(); }
    std::string Settlement() const override { return StatementText(PreviewStatement(Shown())); }
    std::string PageJson() const override { return InFile() ? BigBoardRaidersPageJson(GetStore()) : std::string(); }
    std::string RuleText(std::string_view id) const override {
        const bbr::RuleText* rule = FindRule(id);
        return rule ? rule->text : std::string();
    }

    // [SECTION] The file as a terminal reads it

    host::FileCheck Check() const override {
        host::FileCheck out;
        if (!InFile()) return out;
        const VerifyReport& r = GetStore().Report();
        out.clean = r.Clean();
        out.entries = r.entries;
        out.notes = r.notes;
        for (const Finding& f : r.problems) out.problems.push_back(f.ToString());
        for (const Finding& f : r.rules_changes) out.rules_changes.push_back(f.ToString());
        return out;
    }
    std::string FingerprintAt(int seq) const override { return InFile() ? GetStore().FingerprintAt(seq) : std::string(); }
    std::string FileSummary() const override { return InFile() ? "board: " + view::GameBoardSummary(GetStore()) : ""; }
    bool Backup(const std::string& dest, std::string* error) const override {
        if (!InFile()) return *error = "a game in memory has no file to copy", false;
        return GetStore().Backup(dest, error);
    }
    bool StateAt(int seq, bool json, std::string* out, std::string* error) const override {
        const Store& store = GetStore();
        Entry entry;
        const std::optional<GameState> at = store.StateAt(seq, error, &entry);
        if (!at) return false;
        const GameState& state = *at;
        if (json) {
            nlohmann::json j = StateToJson(state);
            j["entry"] = seq;
            j["fingerprint"] = store.FingerprintAt(seq);
            *out = j.dump(2) + "\n";
        } else {
            *out = fmt::format("After entry {} of {} ({}), fingerprint {}\n\n", seq, store.Size() - 1, entry.line,
                               store.FingerprintAt(seq)) +
                   BrokerSummary(state);
        }
        return true;
    }
    bool WriteLog(const host::LogFilter& options, const std::string& file, std::ostream& out,
                  std::string* error) const override {
        const Store& store = GetStore();
        const GameState& names = store.GetLedger().State();
        const std::optional<view::LedgerFilter> filter =
            view::ParseLedgerFilter(names, options.player, options.company, options.rule, error);
        if (!filter) {
            // A player belongs to this file; a company letter does not.
            const bool player_missing = !options.player.empty() && !names.FindPlayer(options.player);
            if (player_missing) *error += " in " + file;
            return false;
        }
        // Entry by entry as the store reads them (basic_store.h invariant 20: none is held in memory).
        return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
            if (view::EntryMatches(entry, *filter, names)) out << view::LogLine(entry, record, names) << "\n";
        }, error);
    }
    std::vector<std::string> ExplainEntry(int seq) const override {
        std::vector<std::string> out;
        for (const view::ExplainLine& line : view::ExplainEntry(GetStore(), seq)) out.push_back(line.text);
        return out;
    }
    std::vector<std::string> DiffEntries(int from, int to) const override {
        return view::DiffEntries(GetStore(), from, to);
    }
    bool WriteExport(host::ExportFormat format, const std::string& file, std::ostream& out,
                     std::string* error) const override {
        switch (format) {
            case host::ExportFormat::Script: return WriteScript(out, GetStore(), file, error);
            case host::ExportFormat::Json: return WriteJson(out, GetStore(), file, error);
            case host::ExportFormat::Csv: return WriteCsv(out, GetStore(), error);
        }
        return false;
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
    SubmitReply SubmitRead(const ReadLine& line, const host::StampText* stamp) override {
        if (m_reader) return Refused();
        // In memory nothing is stamped: no clock is read for it.
        return ReplyOf(m_session->Submit(CommandOf(line), stamp ? Stamp{stamp->time, stamp->who, stamp->command_id}
                                                                : Stamp{}));
    }
    std::string Line(int seq) const override { return GetLedger().At(seq).line; }
    std::string CommandId(int seq) const override { return InFile() ? GetStore().Record(seq).stamp.command_id : ""; }
    std::optional<int> FindCommandId(std::string_view id) const override {
        if (!InFile()) return std::nullopt;
        return GetStore().FindCommandId(id);
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
            for (const std::string& step : BrokerInstructions(e.effects, after)) out += "  > " + step + "\n";
        }
        return out;
    }
    std::string PlayedState(bool json) const override {
        const GameState& state = GetLedger().State();
        if (!json) return BrokerSummary(state);
        nlohmann::json j = StateToJson(state);
        if (InFile()) {
            j["entries"] = GetStore().Size();
            j["fingerprint"] = GetStore().Fingerprint();
        }
        return j.dump(2) + "\n";
    }

private:
    bool InFile() const { return m_reader || m_session->InFile(); }
    const Store& GetStore() const { return m_reader ? *m_reader : m_session->GetStore(); }  // InFile() only
    const Ledger& GetLedger() const { return m_reader ? m_reader->GetLedger() : m_session->GetLedger(); }
    const GameState& Shown() const {
        if (!m_reader) return m_session->Shown();
        return m_view ? m_view_state : m_reader->GetLedger().State();
    }
    SubmitReply Accepted(const view::SubmitOutcome& r) const {
        SubmitReply out = ReplyOf(r);
        if (r.status == SubmitStatus::Accepted)
            out.text = DescribeEffects(GetLedger().At(r.seq).effects, GetLedger().State());
        return out;
    }
    static SubmitReply Refused() {
        SubmitReply out;
        out.status = SubmitReply::Status::Refused;
        out.text = "this game was opened to be read, not played: nothing can be added";
        return out;
    }

    std::unique_ptr<view::Session> m_session;  // Access::Play, and a game in memory
    std::unique_ptr<Store> m_reader;           // Access::Read and Access::Stream
    // The reader's time travel (the session keeps its own).
    std::optional<int> m_view;
    GameState m_view_state;
    uint64_t m_version = 1;
    mutable std::optional<view::Preview> m_preview;  // the last Preview's: what Submit records of the same text
};

// [SECTION] The definition's functions

ReadLine ReadGameLine(std::string_view line, bool with_printed) {
    ParseResult parsed = ParseCommand(line);
    ReadLine out;
    if (parsed.error) {
        out.kind = ReadLine::Kind::Error;
        out.error = parsed.error->ToString();
        return out;
    }
    if (!parsed.command) return out;  // blank or comment
    if (const auto* header = std::get_if<GameHeader>(&parsed.command->action)) {
        out.kind = ReadLine::Kind::Header;
        out.who = header->broker ? *header->broker : "broker";
    } else {
        out.kind = ReadLine::Kind::Command;
    }
    if (with_printed) out.printed = PrintCommand(*parsed.command);
    out.command = std::move(*parsed.command);
    return out;
}

std::unique_ptr<host::OpenGame> OpenGameFile(const std::string& path, host::Access access, const std::string& id_prefix,
                                     std::string* error) {
    if (access == host::Access::Play) {
        std::unique_ptr<view::Session> session = view::Session::Open(path, id_prefix, error);
        if (!session) return nullptr;
        return std::make_unique<BigBoardRaidersGame>(std::move(session));
    }
    StoreOptions options;
    options.stream_entries = access == host::Access::Stream;
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, error, options);
    if (!store) return nullptr;
    return std::make_unique<BigBoardRaidersGame>(std::move(store));
}

std::unique_ptr<host::OpenGame> CreateGameFile(const std::string& path, const ReadLine& header, const host::StampText& stamp,
                                       const std::string& id_prefix, std::string* error) {
    std::unique_ptr<view::Session> session = view::Session::Create(
        path, HeaderOf(header), Stamp{stamp.time, stamp.who, stamp.command_id}, id_prefix, error);
    if (!session) return nullptr;
    return std::make_unique<BigBoardRaidersGame>(std::move(session));
}

std::unique_ptr<host::OpenGame> StartInMemory(const ReadLine& header, std::string* rejection) {
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(HeaderOf(header), &why);
    if (!ledger) {
        *rejection = why.ToString();
        return nullptr;
    }
    return std::make_unique<BigBoardRaidersGame>(view::Session::InMemory(std::move(*ledger)));
}

} // namespace

} // namespace rutland::bbr

namespace rutland::host {

// Constant data (registry.h invariant 1): nothing runs before main() for it.
constinit const GameDefinition kBigBoardRaidersGame = {
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
};

} // namespace rutland::host
