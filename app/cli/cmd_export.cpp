// rutland-cli export FILE --csv | --json | --script.
//   --script: the canonical lines, each after a "#= {...}" comment with its time, who and command
//             id; `rutland-cli play` of it rebuilds the same state, and with --db the same hash
//             chain (the same fingerprint). Plain `play` reads the "#=" lines as comments.
//   --json:   every entry with its effects and hashes, and the final state.
//   --csv:    one row per entry, effects in short, for a spreadsheet.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "effects_json.h"
#include "explain.h"
#include "state_json.h"

namespace rutland::cli {

namespace {

std::string Csv(std::string_view field) {
    if (field.find_first_of(",\"\n") == std::string_view::npos) return std::string(field);
    std::string out = "\"";
    for (char ch : field) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

} // namespace

int Export(const std::string& file, ExportFormat format) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    const Ledger& ledger = store->GetLedger();
    switch (format) {
        case ExportFormat::Script:
            std::cout << fmt::format("# {}: {} entries, fingerprint {}. Each '#=' line gives the next line's time,\n"
                                     "# who entered it and its command id.\n", file, store->Size(), store->Fingerprint());
            for (int seq = 0; seq < store->Size(); ++seq) {
                const Stamp& s = store->Record(seq).stamp;
                const nlohmann::json stamp = {{"time", s.time}, {"who", s.who}, {"id", s.command_id}};
                std::cout << "#= " << stamp.dump() << "\n" << ledger.At(seq).line << "\n";
            }
            break;
        case ExportFormat::Json: {
            nlohmann::json entries = nlohmann::json::array();
            for (int seq = 0; seq < store->Size(); ++seq) {
                const EntryRecord& r = store->Record(seq);
                entries.push_back({{"seq", seq},
                                   {"kind", r.kind},
                                   {"line", ledger.At(seq).line},
                                   {"time", r.stamp.time},
                                   {"who", r.stamp.who},
                                   {"command_id", r.stamp.command_id},
                                   {"rules_version", r.rules_version},
                                   {"effects", EffectsToJson(ledger.At(seq).effects)},
                                   {"prev_hash", r.prev_hash},
                                   {"hash", r.hash}});
            }
            const nlohmann::json out = {{"file", file},
                                        {"schema_version", kSchemaVersion},
                                        {"fingerprint", store->Fingerprint()},
                                        {"clean", store->Report().Clean()},
                                        {"entries", std::move(entries)},
                                        {"state", StateToJson(ledger.State())}};
            std::cout << out.dump(2) << "\n";
            break;
        }
        case ExportFormat::Csv:
            std::cout << "seq,time,who,command_id,rules_version,kind,line,effects,hash\n";
            for (int seq = 0; seq < store->Size(); ++seq) {
                const EntryRecord& r = store->Record(seq);
                std::string effects;
                for (const Effect& e : ledger.At(seq).effects)
                    effects += (effects.empty() ? "" : "; ") + ShortEffect(e, ledger.State());
                std::cout << fmt::format("{},{},{},{},{},{},{},{},{}\n", seq, Csv(r.stamp.time), Csv(r.stamp.who),
                                         Csv(r.stamp.command_id), r.rules_version, r.kind, Csv(ledger.At(seq).line),
                                         Csv(effects), r.hash);
            }
            break;
    }
    return store->Report().Clean() ? kExitAccepted : kExitRejected;
}

} // namespace rutland::cli
