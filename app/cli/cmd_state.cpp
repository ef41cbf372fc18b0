// rutland-cli state FILE [--at N] [--json]: the state after an entry (default: the last).
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "report/report.h"
#include "rules/state_json.h"
#include "games.h"

namespace rutland::cli {

int ShowState(const StateOptions& options) {
    std::unique_ptr<Store> store = OpenForReading(options.file, true);
    if (!store) return kExitUnusable;
    const int seq = options.at.value_or(store->Size() - 1);
    if (!CheckEntry(*store, seq)) return kExitUnusable;
    std::string error;
    Entry entry;
    const std::optional<GameState> at = store->StateAt(seq, &error, &entry);
    if (!at) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    const GameState& state = *at;
    if (options.json) {
        nlohmann::json j = StateToJson(state);
        j["entry"] = seq;
        j["fingerprint"] = store->FingerprintAt(seq);
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << fmt::format("After entry {} of {} ({}), fingerprint {}\n\n", seq, store->Size() - 1,
                                 entry.line, store->FingerprintAt(seq))
                  << BrokerSummary(state);
    }
    return kExitAccepted;
}

} // namespace rutland::cli
