// rutland-cli diff FILE N M: what changed between the state after entry N and after entry M, and
// the entries in between.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "report.h"

namespace rutland::cli {

int Diff(const std::string& file, int from, int to) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    if (!CheckEntry(*store, from) || !CheckEntry(*store, to)) return kExitUnusable;
    const Ledger& ledger = store->GetLedger();
    std::cout << fmt::format("From entry {} (fingerprint {}) to entry {} (fingerprint {})\n", from,
                             store->FingerprintAt(from), to, store->FingerprintAt(to));
    for (int seq = std::min(from, to) + 1; seq <= std::max(from, to); ++seq)
        std::cout << fmt::format("  {:>4}: {}\n", seq, ledger.At(seq).line);
    std::cout << "Changes:\n";
    const std::vector<StateChange> changes = DiffStates(ledger.StateAt(from), ledger.StateAt(to));
    for (const StateChange& c : changes) std::cout << fmt::format("  {}: {} -> {}\n", c.path, c.before, c.after);
    if (changes.empty()) std::cout << "  (none)\n";
    return kExitAccepted;
}

} // namespace rutland::cli
