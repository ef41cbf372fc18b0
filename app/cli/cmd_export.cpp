// rutland-cli export FILE --csv | --json | --script.
//   --script: the canonical lines, each after a "#= {...}" comment with its time, who and command
//             id; `rutland-cli play` of it rebuilds the same state, and with --db the same hash
//             chain (the same fingerprint). Plain `play` checks the "#=" lines, then ignores them.
//   --json:   every entry with its effects and hashes, and the final state; streamed, entry by entry.
//   --csv:    one row per entry, effects in short, for a spreadsheet (no cell is a live formula).
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "store/effects_json.h"
#include "report/explain.h"
#include "base/safe_text.h"
#include "rules/state_json.h"

namespace rutland::cli {

namespace {

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
// Stored text that is not UTF-8 (a stamp an older Rutland let through, store.h invariant 14) is
// written with U+FFFD in place of each bad byte, so the document is always valid JSON.
void WriteJson(std::ostream& out, const Store& store, const std::string& file) {
    const Ledger& ledger = store.GetLedger();
    out << "{\n  \"clean\": " << (store.Report().Clean() ? "true" : "false") << ",\n  \"entries\": [";
    for (int seq = 0; seq < store.Size(); ++seq) {
        const EntryRecord& r = store.Record(seq);
        const nlohmann::json entry = {{"seq", seq},
                                      {"kind", ValidUtf8(r.kind)},
                                      {"line", ledger.At(seq).line},
                                      {"time", ValidUtf8(r.stamp.time)},
                                      {"who", ValidUtf8(r.stamp.who)},
                                      {"command_id", ValidUtf8(r.stamp.command_id)},
                                      {"rules_version", r.rules_version},
                                      {"effects", EffectsToJson(ledger.At(seq).effects, RenderContext::Of(ledger.State()))},
                                      {"prev_hash", ValidUtf8(r.prev_hash)},
                                      {"hash", ValidUtf8(r.hash)}};
        out << (seq == 0 ? "\n    " : ",\n    ") << Indented(entry.dump(2), 2);
    }
    out << "\n  ],\n  \"file\": " << nlohmann::json(ValidUtf8(file)).dump()
        << ",\n  \"fingerprint\": " << nlohmann::json(store.Fingerprint()).dump()
        << ",\n  \"schema_version\": " << store.Schema()
        << ",\n  \"state\": " << Indented(StateToJson(ledger.State()).dump(2), 1) << "\n}\n";
}

// --script: each line after a "#=" line with its stamp. A stamp an older Rutland let through
// (store.h invariant 14) would be refused by `play`: it is written as `log` prints it (a time that
// is not one is left out, so `play` stamps its own), after a comment that says so, since a game
// played from the script then differs from this one in its hash chain from that entry on.
void WriteScript(std::ostream& out, const Store& store, const std::string& file) {
    const Ledger& ledger = store.GetLedger();
    out << fmt::format("# {}: {} entries, fingerprint {}. Each '#=' line gives the next line's time,\n"
                       "# who entered it and its command id.\n", PrintableText(file), store.Size(), store.Fingerprint());
    for (int seq = 0; seq < store.Size(); ++seq) {
        const Stamp& s = store.Record(seq).stamp;
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
        out << "#= " << stamp.dump() << "\n" << ledger.At(seq).line << "\n";
    }
}

// --csv: text cells through CsvTextCell (one line, valid UTF-8, never a live spreadsheet formula);
// seq and rules_version are numbers.
void WriteCsv(std::ostream& out, const Store& store) {
    const Ledger& ledger = store.GetLedger();
    out << "seq,time,who,command_id,rules_version,kind,line,effects,hash\n";
    for (int seq = 0; seq < store.Size(); ++seq) {
        const EntryRecord& r = store.Record(seq);
        std::string effects;
        for (const Effect& e : ledger.At(seq).effects)
            effects += (effects.empty() ? "" : "; ") + ShortEffect(e, ledger.State());
        out << fmt::format("{},{},{},{},{},{},{},{},{}\n", seq, CsvTextCell(r.stamp.time), CsvTextCell(r.stamp.who),
                           CsvTextCell(r.stamp.command_id), r.rules_version, CsvTextCell(r.kind),
                           CsvTextCell(ledger.At(seq).line), CsvTextCell(effects), CsvTextCell(r.hash));
    }
}

} // namespace

int Export(const std::string& file, ExportFormat format) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    switch (format) {
        case ExportFormat::Script: WriteScript(std::cout, *store, file); break;
        case ExportFormat::Json: WriteJson(std::cout, *store, file); break;
        case ExportFormat::Csv: WriteCsv(std::cout, *store); break;
    }
    return store->Report().Clean() ? kExitAccepted : kExitRejected;
}

} // namespace rutland::cli
