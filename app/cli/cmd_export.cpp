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
#include "games.h"

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

} // namespace

int Export(const std::string& file, ExportFormat format) {
    // Streamed (basic_store.h invariant 20): each entry is read from the file again as it is written out.
    std::unique_ptr<Store> store = OpenForReading(file, true);
    if (!store) return kExitUnusable;
    std::string error;
    bool written = false;
    switch (format) {
        case ExportFormat::Script: written = WriteScript(std::cout, *store, file, &error); break;
        case ExportFormat::Json: written = WriteJson(std::cout, *store, file, &error); break;
        case ExportFormat::Csv: written = WriteCsv(std::cout, *store, &error); break;
    }
    if (!written) {
        std::cout.flush();
        std::cerr << "rutland-cli: " << error << "; the export stops there\n";
        return kExitUnusable;
    }
    return store->Report().Clean() ? kExitAccepted : kExitRejected;
}

} // namespace rutland::cli
