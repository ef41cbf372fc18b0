// The part of OpenGame (open_game.h) that is the same for every game over the kernel: a template
// over a small traits struct W naming the game's ruleset, its store and its words, as
// core/kernel/basic_ledger.h, basic_store.h and basic_session.h are templates over the ruleset. A
// game's adapter (games/<name>/host/) derives from BasicOpenGame<W> and writes only what is its
// own: its Definition, how a line is previewed, asked about and completed, what the table does
// (Explain, AcceptedText), its summary words and its extras; everything below (the session over the
// BasicStore, submit, undo and redo, time travel, rows, following the file, verify, backup, the
// streamed read-only open, export, a script's lines played in) is written once, here.
//
// What W must offer (a struct of static members; the toy's is games/toy/host/toy_game.cpp ToyHost):
//   using Game = the ruleset (kernel/ruleset.h); using Store = BasicStore<Game, ...>;
//   static const GameDefinition& Definition();
//   static std::string EffectText(const Effect&, const State& names);   // one effect in words
//   static std::string ShortEffects(const Entry&, const State& names);  // an entry's, for a log line or CSV cell
//   static std::string StateWords(const State&);                         // the state for a terminal
//   static JSON StateJson(const State&);  // the state as JSON, one object (nlohmann::json or ordered_json)
//   static nlohmann::json EffectsJson(const std::vector<Effect>&, const State& names);  // export --json
//   static constexpr std::string_view kExportGame;  // export --json's "game" ("" : no such key)
//
// Invariants:
//  1. Nothing here is a word of any game: every sentence comes from W (open_game.h invariant 2).
//     The texts' shapes (a log line's columns, export's headers and keys, `state`'s first line) are
//     Big Board Raiders' as rutland-cli printed them before games had a registry, byte for byte
//     (tests/cli/), so a table reads every game's output alike.
//  2. Exactly one of m_session (Access::Play and Access::Append, whose store streams; and a game in
//     memory) and m_reader (Access::Read and Access::Stream) is set; a reader never records (Refused()), and its time travel is kept here
//     (the session keeps its own, basic_session.h invariant 3).
//  3. export and log read the file entry by entry (basic_store.h invariant 20): --json is written as
//     it is produced and never holds more than one entry's JSON.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/open_game.h"
#include "kernel/basic_session.h"
#include "kernel/basic_store.h"

namespace rutland::host {

// [SECTION] Helpers every adapter uses

// basic_session.h's SubmitOutcome in the facade's words (the effects' words are the game's: Described).
inline SubmitReply ReplyOf(const view::SubmitOutcome& r) {
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

// A value written by dump(2) as it would be at `depth` levels inside the document: JSON text has
// no raw line breaks in its strings, so every line break is an indentation point.
inline std::string IndentedJson(const std::string& text, int depth) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char ch : text) {
        out += ch;
        if (ch == '\n') out.append(static_cast<size_t>(depth) * 2, ' ');
    }
    return out;
}

// A line of a game's language as the shell reads it (GameDefinition::read, open_game.h invariant
// 6): `parsed` is the game's own parse of it ({optional<Rejection> error; optional<Command>
// command}); `header_who(command)` is who enters lines when the command is the game's header
// (nullopt: it is no header); `print` writes the canonical line (with_printed only).
template <class Parsed, class HeaderWho, class Print>
ReadLine ReadLineOf(Parsed&& parsed, bool with_printed, HeaderWho header_who, Print print) {
    ReadLine out;
    if (parsed.error) {
        out.kind = ReadLine::Kind::Error;
        out.error = parsed.error->ToString();
        return out;
    }
    if (!parsed.command) return out;  // blank or comment
    if (std::optional<std::string> who = header_who(*parsed.command)) {
        out.kind = ReadLine::Kind::Header;
        out.who = std::move(*who);
    } else {
        out.kind = ReadLine::Kind::Command;
    }
    if (with_printed) out.printed = print(*parsed.command);
    out.command.Emplace(std::move(*parsed.command));
    return out;
}

// [SECTION] The template

template <class W>
class BasicOpenGame : public OpenGame {
public:
    using Game = typename W::Game;
    using Store = typename W::Store;
    using Session = view::BasicSession<Game, Store>;
    using Ledger = BasicLedger<Game>;
    using Entry = BasicEntry<Game>;
    using State = typename Game::State;
    using Effect = typename Game::Effect;

    explicit BasicOpenGame(std::unique_ptr<Session> session) : m_session(std::move(session)) {}
    explicit BasicOpenGame(std::unique_ptr<Store> reader) : m_reader(std::move(reader)) {}

    const GameDefinition& Definition() const override { return W::Definition(); }

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
    SubmitReply Confirm(bool redo, const std::string& time, const std::string& who) override {
        if (m_reader) return Refused();
        return Described(
            m_session->Submit(Game::LedgerCommand({redo ? LedgerOpKind::Redo : LedgerOpKind::Undo, 1}), time, who));
    }

    // [SECTION] Time travel (invariant 2)

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

    std::vector<Row> Rows(int first, int last) const override {
        const Ledger& ledger = GetLedger();
        first = std::max(first, 0);
        last = std::min(last, ledger.Size() - 1);
        std::vector<Row> rows;
        if (first > last) return rows;
        const State& names = ledger.State();
        for (int seq = first; seq <= last; ++seq) {
            const Entry& e = ledger.At(seq);
            Row row;
            row.seq = seq;
            row.line = e.line;
            if (InFile()) {
                const Stamp& stamp = GetStore().Record(seq).stamp;
                row.time = stamp.time;
                row.who = stamp.who;
            }
            row.summary = W::ShortEffects(e, names);
            for (const Effect& effect : e.effects) row.effects.push_back(Note{W::EffectText(effect, names), effect.rule});
            rows.push_back(std::move(row));
        }
        // Taken back: the commands an undo names and no later redo put back (basic_ledger.h `targets`).
        for (int seq = 0; seq < ledger.Size(); ++seq) {
            const Entry& e = ledger.At(seq);
            for (int target : e.targets)
                if (target >= first && target <= last)
                    rows[static_cast<size_t>(target - first)].undone = e.kind == EntryKind::Undo;
        }
        return rows;
    }
    std::string StateText() const override { return W::StateWords(Shown()); }
    std::string StateJson() const override { return W::StateJson(Shown()).dump(); }

    // [SECTION] The file as a terminal reads it

    FileCheck Check() const override {
        FileCheck out;
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
    bool Backup(const std::string& dest, std::string* error) const override {
        if (!InFile()) return *error = "a game in memory has no file to copy", false;
        return GetStore().Backup(dest, error);
    }
    bool StateAt(int seq, bool json, std::string* out, std::string* error) const override {
        const Store& store = GetStore();
        Entry entry;
        const std::optional<State> at = store.StateAt(seq, error, &entry);
        if (!at) return false;
        if (json) {
            auto j = W::StateJson(*at);
            j["entry"] = seq;
            j["fingerprint"] = store.FingerprintAt(seq);
            *out = j.dump(2) + "\n";
        } else {
            *out = fmt::format("After entry {} of {} ({}), fingerprint {}\n\n", seq, store.Size() - 1, entry.line,
                               store.FingerprintAt(seq)) +
                   W::StateWords(*at);
        }
        return true;
    }
    bool WriteExport(ExportFormat format, const std::string& file, std::ostream& out,
                     std::string* error) const override {
        switch (format) {
            case ExportFormat::Script: return WriteScript(out, file, error);
            case ExportFormat::Json: return WriteJson(out, file, error);
            case ExportFormat::Csv: return WriteCsv(out, error);
        }
        return false;
    }

    // [SECTION] A script played in

    // The entry 0 `header` would make in this game, to compare with Line(0): in a file, started as
    // the file starts its game (BasicStore::StartOf: on the start data it carries, basic_store.h
    // invariant 19), so a game is continued from its script after the board file its header names
    // was deleted or changed; in memory, from the header alone. Big Board Raiders writes its own
    // (its schema-3 files carry no board, and start on the one its state holds).
    std::optional<std::string> HeaderLine(const ReadLine& header, std::string* rejection) const override {
        const std::optional<typename Game::Header> h =
            Store::File::HeaderOf(header.command.template As<typename Game::Command>());
        if (!h) {
            *rejection = fmt::format("not a header ({})", Game::kLanguageRule);
            return std::nullopt;
        }
        Rejection why;
        const std::optional<Ledger> ledger = InFile() ? GetStore().StartOf(*h, &why) : Ledger::Start(*h, &why);
        if (!ledger) {
            *rejection = why.ToString();
            return std::nullopt;
        }
        return ledger->At(0).line;
    }
    SubmitReply SubmitRead(const ReadLine& line, const StampText* stamp) override {
        if (m_reader) return Refused();
        // In memory nothing is stamped: no clock is read for it.
        return ReplyOf(m_session->Submit(line.command.template As<typename Game::Command>(),
                                         stamp ? Stamp{stamp->time, stamp->who, stamp->command_id} : Stamp{}));
    }
    std::string Line(int seq) const override { return GetLedger().At(seq).line; }
    std::string CommandId(int seq) const override { return InFile() ? GetStore().Record(seq).stamp.command_id : ""; }
    std::optional<int> FindCommandId(std::string_view id) const override {
        if (!InFile()) return std::nullopt;
        return GetStore().FindCommandId(id);
    }
    std::string PlayedState(bool json) const override {
        const State& state = GetLedger().State();
        if (!json) return W::StateWords(state);
        auto j = W::StateJson(state);
        if (InFile()) {
            j["entries"] = GetStore().Size();
            j["fingerprint"] = GetStore().Fingerprint();
        }
        return j.dump(2) + "\n";
    }

    // [SECTION] Opening (GameDefinition's open, create and in_memory call these with the adapter A)

    template <class A>
    static std::unique_ptr<OpenGame> OpenFile(const std::string& path, Access access, const std::string& id_prefix,
                                              std::string* error) {
        if (access == Access::Play || access == Access::Append) {
            StoreOptions options;
            options.stream_entries = access == Access::Append;
            std::unique_ptr<Session> session = Session::Open(path, id_prefix, error, options);
            if (!session) return nullptr;
            return std::make_unique<A>(std::move(session));
        }
        StoreOptions options;
        options.stream_entries = access == Access::Stream;
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, error, options);
        if (!store) return nullptr;
        return std::make_unique<A>(std::move(store));
    }
    template <class A>
    static std::unique_ptr<OpenGame> CreateFile(const std::string& path, const typename Game::Header& header,
                                                const StampText& stamp, const std::string& id_prefix,
                                                std::string* error) {
        std::unique_ptr<Session> session =
            Session::Create(path, header, Stamp{stamp.time, stamp.who, stamp.command_id}, id_prefix, error);
        if (!session) return nullptr;
        return std::make_unique<A>(std::move(session));
    }

    // A game in memory from a header (GameDefinition::in_memory); `header` nullopt: the line was no
    // header, and *rejection is `not_header`.
    template <class A>
    static std::unique_ptr<OpenGame> InMemory(const std::optional<typename Game::Header>& header,
                                              std::string_view not_header, std::string* rejection) {
        std::optional<Ledger> ledger = StartLedger(header, not_header, rejection);
        if (!ledger) return nullptr;
        return std::make_unique<A>(Session::InMemory(std::move(*ledger)));
    }
    // The ledger a header starts (its entry 0: HeaderLine), or nullopt and *rejection with its rule.
    static std::optional<Ledger> StartLedger(const std::optional<typename Game::Header>& header,
                                             std::string_view not_header, std::string* rejection) {
        Rejection why;
        std::optional<Ledger> ledger = header ? Ledger::Start(*header, &why) : std::nullopt;
        if (!ledger) *rejection = header ? why.ToString() : std::string(not_header);
        return ledger;
    }

protected:
    bool InFile() const { return m_reader || m_session->InFile(); }
    const Store& GetStore() const { return m_reader ? *m_reader : m_session->GetStore(); }  // InFile() only
    const Ledger& GetLedger() const { return m_reader ? m_reader->GetLedger() : m_session->GetLedger(); }
    const State& Shown() const {
        if (!m_reader) return m_session->Shown();
        return m_view ? m_view_state : m_reader->GetLedger().State();
    }
    bool Reader() const { return m_reader != nullptr; }
    Session& GetSession() { return *m_session; }  // !Reader() only
    // An outcome with, when accepted, the new entry's effects in words.
    SubmitReply Described(const view::SubmitOutcome& r) const {
        SubmitReply out = ReplyOf(r);
        if (r.status == SubmitStatus::Accepted) {
            const State& names = GetLedger().State();
            for (const Effect& e : GetLedger().At(r.seq).effects)
                out.text += (out.text.empty() ? "" : "; ") + W::EffectText(e, names);
        }
        return out;
    }
    // What every game's `explain` ends with: who entered the entry, when, under which command id and
    // rules version, and its hash (a game's ExplainEntry adds its words between the two).
    std::vector<std::string> ExplainStamp(int seq) const {
        const Store& store = GetStore();
        const EntryRecord& r = store.Record(seq);
        return {fmt::format("Entered {} by {}, command id {}, rules version {}", PrintableText(r.stamp.time),
                            PrintableText(r.stamp.who), PrintableText(r.stamp.command_id), r.rules_version),
                fmt::format("Hash {}, fingerprint there {}", r.hash, store.FingerprintAt(seq))};
    }
    // What every game's `diff` starts with: the two entries' fingerprints and the lines between them.
    std::vector<std::string> DiffHead(int from, int to) const {
        const Store& store = GetStore();
        std::vector<std::string> out;
        out.push_back(fmt::format("From entry {} (fingerprint {}) to entry {} (fingerprint {}):", from,
                                  store.FingerprintAt(from), to, store.FingerprintAt(to)));
        for (int seq = std::min(from, to) + 1; seq <= std::max(from, to); ++seq)
            out.push_back(fmt::format("  {}: {}", seq, store.GetLedger().At(seq).line));
        return out;
    }
    static SubmitReply Refused() {
        SubmitReply out;
        out.status = SubmitReply::Status::Refused;
        out.text = "this game was opened to be read, not played: nothing can be added";
        return out;
    }

private:
    // --script: each line after a "#=" line with its stamp. A stamp an older Rutland let through
    // (basic_store.h invariant 14) would be refused by `play`: it is written as `log` prints it (a
    // time that is not one is left out, so `play` stamps its own), after a comment that says so,
    // since a game played from the script then differs from this one in its hash chain from that
    // entry on.
    bool WriteScript(std::ostream& out, const std::string& file, std::string* error) const {
        const Store& store = GetStore();
        out << fmt::format("# {}: {} entries, fingerprint {}. Each '#=' line gives the next line's time,\n"
                           "# who entered it and its command id.\n", PrintableText(file), store.Size(),
                           store.Fingerprint());
        return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& record) {
            const Stamp& s = record.stamp;
            nlohmann::json stamp = nlohmann::json::object();
            if (auto problem = StampProblem(s)) {
                out << fmt::format("# entry {}: its stamp is not one this Rutland writes ({}): it is given as `log` "
                                   "shows it, and a game played from here on has another hash chain\n",
                                   entry.seq, *problem);
                if (IsUtcTime(s.time)) stamp["time"] = s.time;
                if (!s.who.empty()) stamp["who"] = PrintableText(s.who);
                if (!s.command_id.empty()) stamp["id"] = PrintableText(s.command_id);
            } else {
                stamp["time"] = s.time;
                stamp["who"] = s.who;
                stamp["id"] = s.command_id;
            }
            out << "#= " << stamp.dump() << "\n" << entry.line << "\n";
        }, error);
    }
    // --json, written as it is produced (invariant 3): the document nlohmann's dump(2) gives for
    // {clean, entries, file, fingerprint, game (when W names one), schema_version, state}, keys in
    // its sorted order. Stored text that is not UTF-8 is written with U+FFFD in place of each bad
    // byte, so the document is always valid JSON.
    bool WriteJson(std::ostream& out, const std::string& file, std::string* error) const {
        const Store& store = GetStore();
        const State& names = store.GetLedger().State();
        out << "{\n  \"clean\": " << (store.Report().Clean() ? "true" : "false") << ",\n  \"entries\": [";
        const bool read = store.ForEachEntry(0, store.Size() - 1, [&](const Entry& e, const EntryRecord& r) {
            const nlohmann::json entry = {{"seq", e.seq},
                                          {"kind", ValidUtf8(r.kind)},
                                          {"line", e.line},
                                          {"time", ValidUtf8(r.stamp.time)},
                                          {"who", ValidUtf8(r.stamp.who)},
                                          {"command_id", ValidUtf8(r.stamp.command_id)},
                                          {"rules_version", r.rules_version},
                                          {"effects", W::EffectsJson(e.effects, names)},
                                          {"prev_hash", ValidUtf8(r.prev_hash)},
                                          {"hash", ValidUtf8(r.hash)}};
            out << (e.seq == 0 ? "\n    " : ",\n    ") << IndentedJson(entry.dump(2), 2);
        }, error);
        if (!read) return false;
        out << "\n  ],\n  \"file\": " << nlohmann::json(ValidUtf8(file)).dump()
            << ",\n  \"fingerprint\": " << nlohmann::json(store.Fingerprint()).dump();
        if (!W::kExportGame.empty()) out << ",\n  \"game\": " << nlohmann::json(std::string(W::kExportGame)).dump();
        out << ",\n  \"schema_version\": " << store.Schema()
            << ",\n  \"state\": " << IndentedJson(W::StateJson(names).dump(2), 1) << "\n}\n";
        return true;
    }
    // --csv: text cells through CsvTextCell (one line, valid UTF-8, never a live spreadsheet
    // formula); seq and rules_version are numbers.
    bool WriteCsv(std::ostream& out, std::string* error) const {
        const Store& store = GetStore();
        const State& names = store.GetLedger().State();
        out << "seq,time,who,command_id,rules_version,kind,line,effects,hash\n";
        return store.ForEachEntry(0, store.Size() - 1, [&](const Entry& entry, const EntryRecord& r) {
            out << fmt::format("{},{},{},{},{},{},{},{},{}\n", entry.seq, CsvTextCell(r.stamp.time),
                               CsvTextCell(r.stamp.who), CsvTextCell(r.stamp.command_id), r.rules_version,
                               CsvTextCell(r.kind), CsvTextCell(entry.line), CsvTextCell(W::ShortEffects(entry, names)),
                               CsvTextCell(r.hash));
        }, error);
    }

    std::unique_ptr<Session> m_session;  // invariant 2
    std::unique_ptr<Store> m_reader;
    std::optional<int> m_view;  // the reader's time travel
    State m_view_state;
    uint64_t m_version = 1;
};

} // namespace rutland::host
