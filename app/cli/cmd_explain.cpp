// rutland-cli explain FILE N: one entry in full: who, when, its place in the chain, and every
// effect with its rule and the arithmetic behind it.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "explain.h"

namespace rutland::cli {

int Explain(const std::string& file, int seq) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    if (!CheckEntry(*store, seq)) return kExitUnusable;
    const Ledger& ledger = store->GetLedger();
    const Entry& e = ledger.At(seq);
    const EntryRecord& r = store->Record(seq);
    std::cout << fmt::format("Entry {}: {}\n", seq, e.line);
    std::cout << fmt::format("  entered {} by {} (command id {}), rules version {}\n", r.stamp.time, r.stamp.who,
                             r.stamp.command_id, r.rules_version);
    std::cout << fmt::format("  hash {} (fingerprint here {})\n", r.hash, store->FingerprintAt(seq));
    if (!e.targets.empty()) {
        std::cout << "  " << (e.kind == EntryKind::Undo ? "undoes" : "redoes") << " entr" << (e.targets.size() == 1 ? "y" : "ies");
        for (int t : e.targets) std::cout << " " << t;
        std::cout << "\n";
    }
    if (e.effects.empty()) std::cout << "  (no effects)\n";
    // Entry 0 has no state before it (its effects make the first state): no arithmetic there.
    const std::vector<std::string> arithmetic =
        seq == 0 ? std::vector<std::string>(e.effects.size()) : EffectArithmetic(e.effects, ledger.StateAt(seq - 1));
    for (size_t i = 0; i < e.effects.size(); ++i) {
        std::cout << fmt::format("  [{}] {}\n", e.effects[i].rule, e.effects[i].text);
        if (!arithmetic[i].empty()) std::cout << fmt::format("  {:{}}   {}\n", "", e.effects[i].rule.size(), arithmetic[i]);
    }
    return kExitAccepted;
}

} // namespace rutland::cli
