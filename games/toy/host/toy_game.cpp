// The toy game's OpenGame (app/host/open_game.h): the kernel's session (core/kernel/basic_session.h)
// over the toy's ruleset (toy.h) and the kernel's game file (basic_store.h) for a game played, or
// that store opened read-only for a game only read. Its words are toy_words.h's; its texts for
// rutland-cli follow Big Board Raiders' in their shape (the same header lines, the same JSON keys
// where the kernel's data is the same), so a table reads one game's output as the other's.
#include "host/toy_game.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "kernel/basic_session.h"
#include "kernel/basic_store.h"
#include "kernel/basic_store_impl.h"
#include "host/toy_page.h"
#include "host/toy_words.h"
#include "toy.h"

namespace rutland::toy {

namespace {

using host::LinePreview;
using host::Note;
using host::ReadLine;
using host::SubmitReply;
using ToyStore = BasicStore<Toy>;
using ToySession = view::BasicSession<Toy, ToyStore>;
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

nlohmann::json EffectsJson(const std::vector<ToyEffect>& effects) {
    nlohmann::json out = nlohmann::json::array();
    for (const ToyEffect& e : effects)
        out.push_back({{"rule", e.rule}, {"who", ValidUtf8(e.who)}, {"delta", e.delta}, {"text", ValidUtf8(EffectText(e))}});
    return out;
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

const ToyCommand& CommandOf(const ReadLine& line) { return std::any_cast<const ToyCommand&>(line.command); }

// [SECTION] The game

class ToyGame final : public host::OpenGame {
public:
    explicit ToyGame(std::unique_ptr<ToySession> session) : m_session(std::move(session)) {}
    explicit ToyGame(std::unique_ptr<ToyStore> reader) : m_reader(std::move(reader)) {}

    const host::GameDefinition& Definition() const override { return host::kToyGame; }

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
        for (const ToyEffect& e : copy.At(r.seq).effects) {
            out.text += (out.text.empty() ? "" : "; ") + EffectText(e);
            out.hand_over.push_back(TableStep(e));
        }
        return out;
    }
    SubmitReply Submit(std::string_view typed, const LinePreview*, const std::string& time,
                       const std::string& who) override {
        if (m_reader) return Refused();
        return Described(m_session->Submit(typed, time, who));  // parsed once, here
    }
    LinePreview ConfirmPreview(bool redo) const override { return Preview(redo ? "redo 1" : "undo 1"); }
    SubmitReply Confirm(bool redo, const std::string& time, const std::string& who) override {
        if (m_reader) return Refused();
        return Described(m_session->Submit(Toy::LedgerCommand({redo ? LedgerOpKind::Redo : LedgerOpKind::Undo, 1}), time, who));
    }
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
        const ToyLedger& ledger = GetLedger();
        first = std::max(first, 0);
        last = std::min(last, ledger.Size() - 1);
        std::vector<host::Row> rows;
        for (int seq = first; seq <= last; ++seq) {
            const ToyEntry& e = ledger.At(seq);
            host::Row row;
            row.seq = seq;
            row.line = e.line;
            if (InFile()) {
                const Stamp& stamp = GetStore().Record(seq).stamp;
                row.time = stamp.time;
                row.who = stamp.who;
            }
            row.summary = ShortEffects(e);
            for (const ToyEffect& effect : e.effects) row.effects.push_back(Note{EffectText(effect), effect.rule});
            rows.push_back(std::move(row));
        }
        // Taken back: the commands an undo names and no later redo put back (basic_ledger.h `targets`).
        for (int seq = 0; seq < ledger.Size(); ++seq) {
            const ToyEntry& e = ledger.At(seq);
            for (int target : e.targets)
                if (target >= first && target <= last)
                    rows[static_cast<size_t>(target - first)].undone = e.kind == EntryKind::Undo;
        }
        return rows;
    }
    std::string Explain(int seq) const override {
        const ToyLedger& ledger = GetLedger();
        if (seq < 0 || seq >= ledger.Size()) return "";
        std::string out;
        for (const ToyEffect& e : ledger.At(seq).effects) out += TableStep(e) + "\n";
        return out;
    }
    std::string StateText() const override { return StateWords(Shown()); }
    std::string StateJson() const override { return StateJsonOf(Shown()).dump(); }
    std::string Settlement() const override { return ""; }  // the toy has no year or round to settle
    std::string PageJson() const override {
        nlohmann::json ledger = nlohmann::json::array();
        for (const host::Row& row : Rows(Size() - 20, Size() - 1))
            ledger.push_back({{"seq", row.seq}, {"line", row.line}, {"who", ValidUtf8(row.who)}, {"words", ValidUtf8(row.summary)}});
        return nlohmann::json{{"game", {{"title", "Toy"}, {"fingerprint", Fingerprint()}, {"entries", Size()}}},
                              {"state", StateJsonOf(Shown())},
                              {"ledger", std::move(ledger)}}
            .dump();
    }
    std::string RuleText(std::string_view id) const override { return RuleWords(id); }

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
    std::string FileSummary() const override {
        const ToyState& s = GetLedger().State();
        std::string players;
        for (const auto& counter : s.counters) players += (players.empty() ? "" : ", ") + counter.first;
        return fmt::format("toy: players {}; the counters sum to {} (T-4)", players, s.added);
    }
    bool Backup(const std::string& dest, std::string* error) const override {
        if (!InFile()) return *error = "a game in memory has no file to copy", false;
        return GetStore().Backup(dest, error);
    }
    bool StateAt(int seq, bool json, std::string* out, std::string* error) const override {
        const ToyStore& store = GetStore();
        ToyEntry entry;
        const std::optional<ToyState> at = store.StateAt(seq, error, &entry);
        if (!at) return false;
        if (json) {
            nlohmann::json j = StateJsonOf(*at);
            j["entry"] = seq;
            j["fingerprint"] = store.FingerprintAt(seq);
            *out = j.dump(2) + "\n";
        } else {
            *out = fmt::format("After entry {} of {} ({}), fingerprint {}\n\n", seq, store.Size() - 1, entry.line,
                               store.FingerprintAt(seq)) +
                   StateWords(*at);
        }
        return true;
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
        const ToyStore& store = GetStore();
        const ToyEntry& e = store.GetLedger().At(seq);
        const EntryRecord& r = store.Record(seq);
        std::vector<std::string> out;
        out.push_back(fmt::format("Entry {}: {}", seq, e.line));
        for (const ToyEffect& effect : e.effects) out.push_back(fmt::format("  [{}] {}", effect.rule, EffectText(effect)));
        if (e.effects.empty()) out.push_back("  (no effects)");
        out.push_back(fmt::format("Entered {} by {}, command id {}, rules version {}", PrintableText(r.stamp.time),
                                  PrintableText(r.stamp.who), PrintableText(r.stamp.command_id), r.rules_version));
        out.push_back(fmt::format("Hash {}, fingerprint there {}", r.hash, store.FingerprintAt(seq)));
        return out;
    }
    std::vector<std::string> DiffEntries(int from, int to) const override {
        const ToyStore& store = GetStore();
        const ToyLedger& ledger = store.GetLedger();
        std::vector<std::string> out;
        out.push_back(fmt::format("From entry {} (fingerprint {}) to entry {} (fingerprint {}):", from,
                                  store.FingerprintAt(from), to, store.FingerprintAt(to)));
        for (int seq = std::min(from, to) + 1; seq <= std::max(from, to); ++seq)
            out.push_back(fmt::format("  {}: {}", seq, ledger.At(seq).line));
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
    bool WriteExport(host::ExportFormat format, const std::string& file, std::ostream& out,
                     std::string* error) const override {
        const ToyStore& store = GetStore();
        switch (format) {
            case host::ExportFormat::Script:
                // As Big Board Raiders' (app/cli/cmd_export.cpp): each line after its stamp, so `play --db`
                // of it rebuilds the same hash chain.
                out << fmt::format("# {}: {} entries, fingerprint {}. Each '#=' line gives the next line's time,\n"
                                   "# who entered it and its command id.\n", PrintableText(file), store.Size(),
                                   store.Fingerprint());
                return store.ForEachEntry(0, store.Size() - 1, [&](const ToyEntry& entry, const EntryRecord& record) {
                    const Stamp& s = record.stamp;
                    nlohmann::json stamp = nlohmann::json::object();
                    if (auto problem = StampProblem(s)) {
                        out << fmt::format("# entry {}: its stamp is not one this Rutland writes ({}): a game played "
                                           "from here on has another hash chain\n", entry.seq, *problem);
                        if (IsUtcTime(s.time)) stamp["time"] = s.time;
                        if (!s.who.empty()) stamp["who"] = PrintableText(s.who);
                        if (!s.command_id.empty()) stamp["id"] = PrintableText(s.command_id);
                    } else {
                        stamp = {{"time", s.time}, {"who", s.who}, {"id", s.command_id}};
                    }
                    out << "#= " << stamp.dump() << "\n" << entry.line << "\n";
                }, error);
            case host::ExportFormat::Json: {
                nlohmann::json entries = nlohmann::json::array();
                const bool read = store.ForEachEntry(0, store.Size() - 1, [&](const ToyEntry& e, const EntryRecord& r) {
                    entries.push_back({{"seq", e.seq},
                                       {"kind", ValidUtf8(r.kind)},
                                       {"line", e.line},
                                       {"time", ValidUtf8(r.stamp.time)},
                                       {"who", ValidUtf8(r.stamp.who)},
                                       {"command_id", ValidUtf8(r.stamp.command_id)},
                                       {"rules_version", r.rules_version},
                                       {"effects", EffectsJson(e.effects)},
                                       {"prev_hash", ValidUtf8(r.prev_hash)},
                                       {"hash", ValidUtf8(r.hash)}});
                }, error);
                if (!read) return false;
                const nlohmann::json doc = {{"clean", store.Report().Clean()},
                                            {"entries", std::move(entries)},
                                            {"file", ValidUtf8(file)},
                                            {"fingerprint", store.Fingerprint()},
                                            {"game", Toy::kGameName},
                                            {"schema_version", store.Schema()},
                                            {"state", StateJsonOf(store.GetLedger().State())}};
                out << doc.dump(2) << "\n";
                return true;
            }
            case host::ExportFormat::Csv:
                out << "seq,time,who,command_id,rules_version,kind,line,effects,hash\n";
                return store.ForEachEntry(0, store.Size() - 1, [&](const ToyEntry& e, const EntryRecord& r) {
                    out << fmt::format("{},{},{},{},{},{},{},{},{}\n", e.seq, CsvTextCell(r.stamp.time),
                                       CsvTextCell(r.stamp.who), CsvTextCell(r.stamp.command_id), r.rules_version,
                                       CsvTextCell(r.kind), CsvTextCell(e.line), CsvTextCell(ShortEffects(e)),
                                       CsvTextCell(r.hash));
                }, error);
        }
        return false;
    }

    // [SECTION] A script played in

    std::optional<std::string> HeaderLine(const ReadLine& header, std::string* rejection) const override {
        Rejection why;
        const std::optional<Toy::Header> h = Toy::HeaderOf(CommandOf(header));
        const std::optional<ToyLedger> ledger = h ? ToyLedger::Start(*h, &why) : std::nullopt;
        if (!ledger) {
            *rejection = h ? why.ToString() : "not a header (TOY.md)";
            return std::nullopt;
        }
        return ledger->At(0).line;
    }
    SubmitReply SubmitRead(const ReadLine& line, const host::StampText* stamp) override {
        if (m_reader) return Refused();
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
        const ToyEntry& e = GetLedger().At(seq);
        std::string out = std::to_string(seq) + ": " + e.line + "\n";
        if (effects)
            for (const ToyEffect& effect : e.effects) out += fmt::format("  [{}] {}\n", effect.rule, EffectText(effect));
        if (explain)
            for (const ToyEffect& effect : e.effects) out += "  > " + TableStep(effect) + "\n";
        return out;
    }
    std::string PlayedState(bool json) const override {
        const ToyState& state = GetLedger().State();
        if (!json) return StateWords(state);
        nlohmann::json j = StateJsonOf(state);
        if (InFile()) {
            j["entries"] = GetStore().Size();
            j["fingerprint"] = GetStore().Fingerprint();
        }
        return j.dump(2) + "\n";
    }

private:
    bool InFile() const { return m_reader || m_session->InFile(); }
    const ToyStore& GetStore() const { return m_reader ? *m_reader : m_session->GetStore(); }  // InFile() only
    const ToyLedger& GetLedger() const { return m_reader ? m_reader->GetLedger() : m_session->GetLedger(); }
    const ToyState& Shown() const {
        if (!m_reader) return m_session->Shown();
        return m_view ? m_view_state : m_reader->GetLedger().State();
    }
    SubmitReply Described(const view::SubmitOutcome& r) const {
        SubmitReply out = ReplyOf(r);
        if (r.status == SubmitStatus::Accepted)
            for (const ToyEffect& e : GetLedger().At(r.seq).effects) out.text += (out.text.empty() ? "" : "; ") + EffectText(e);
        return out;
    }
    static SubmitReply Refused() {
        SubmitReply out;
        out.status = SubmitReply::Status::Refused;
        out.text = "this game was opened to be read, not played: nothing can be added";
        return out;
    }

    std::unique_ptr<ToySession> m_session;  // Access::Play, and a game in memory
    std::unique_ptr<ToyStore> m_reader;     // Access::Read and Access::Stream
    std::optional<int> m_view;              // the reader's time travel (the session keeps its own)
    ToyState m_view_state;
    uint64_t m_version = 1;
};

// [SECTION] The definition's functions

ReadLine ReadGameLine(std::string_view line, bool with_printed) {
    Toy::Parsed parsed = Toy::Parse(line);
    ReadLine out;
    if (parsed.error) {
        out.kind = ReadLine::Kind::Error;
        out.error = parsed.error->ToString();
        return out;
    }
    if (!parsed.command) return out;  // blank or comment
    out.kind = parsed.command->op == "game" ? ReadLine::Kind::Header : ReadLine::Kind::Command;
    if (out.kind == ReadLine::Kind::Header) out.who = "table";
    if (with_printed) out.printed = Toy::Print(*parsed.command);
    out.command = std::move(*parsed.command);
    return out;
}

std::unique_ptr<host::OpenGame> OpenGameFile(const std::string& path, host::Access access, const std::string& id_prefix,
                                             std::string* error) {
    if (access == host::Access::Play) {
        std::unique_ptr<ToySession> session = ToySession::Open(path, id_prefix, error);
        if (!session) return nullptr;
        return std::make_unique<ToyGame>(std::move(session));
    }
    StoreOptions options;
    options.stream_entries = access == host::Access::Stream;
    std::unique_ptr<ToyStore> store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, error, options);
    if (!store) return nullptr;
    return std::make_unique<ToyGame>(std::move(store));
}

std::unique_ptr<host::OpenGame> CreateGameFile(const std::string& path, const ReadLine& header,
                                               const host::StampText& stamp, const std::string& id_prefix,
                                               std::string* error) {
    const std::optional<Toy::Header> h = Toy::HeaderOf(CommandOf(header));
    if (!h) return *error = "not a header (TOY.md)", nullptr;
    std::unique_ptr<ToySession> session =
        ToySession::Create(path, *h, Stamp{stamp.time, stamp.who, stamp.command_id}, id_prefix, error);
    if (!session) return nullptr;
    return std::make_unique<ToyGame>(std::move(session));
}

std::unique_ptr<host::OpenGame> StartInMemory(const ReadLine& header, std::string* rejection) {
    Rejection why;
    const std::optional<Toy::Header> h = Toy::HeaderOf(CommandOf(header));
    std::optional<ToyLedger> ledger = h ? ToyLedger::Start(*h, &why) : std::nullopt;
    if (!ledger) {
        *rejection = h ? why.ToString() : "not a header (TOY.md)";
        return nullptr;
    }
    return std::make_unique<ToyGame>(ToySession::InMemory(std::move(*ledger)));
}

} // namespace

} // namespace rutland::toy

namespace rutland::host {

// Constant data (registry.h invariant 1): nothing runs before main() for it.
constinit const GameDefinition kToyGame = {
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
};

} // namespace rutland::host
