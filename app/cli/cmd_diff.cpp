// rutland-cli diff FILE N M: what changed between the state after entry N and after entry M, and
// the entries in between.
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "cli.h"
#include "state_json.h"

namespace rutland::cli {

namespace {

// The state JSON as path -> value, players keyed by name ("players.Ann.cash").
void Flatten(const nlohmann::json& j, const std::string& path, std::map<std::string, nlohmann::json>& out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) Flatten(it.value(), path.empty() ? it.key() : path + "." + it.key(), out);
    } else if (j.is_array() && path == "players") {
        for (const auto& p : j) Flatten(p, "players." + p.value("name", "?"), out);
    } else {
        out[path] = j;
    }
}

// Values in cents read as money; everything else as JSON.
std::string Value(const std::string& path, const nlohmann::json& v) {
    if (!v.is_number_integer()) return v.dump();
    for (const char* money : {"cash", "net_worth", "bank", "prices.", "margin_accounts.", "bonds", "amount"})
        if (path.find(money) != std::string::npos) return FormatMoney(Money::Cents(v.get<int64_t>()));
    return FormatCount(v.get<int64_t>());
}

} // namespace

int Diff(const std::string& file, int from, int to) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    if (!CheckEntry(*store, from) || !CheckEntry(*store, to)) return kExitUnusable;
    const Ledger& ledger = store->GetLedger();
    std::cout << fmt::format("From entry {} (fingerprint {}) to entry {} (fingerprint {})\n", from,
                             store->FingerprintAt(from), to, store->FingerprintAt(to));
    for (int seq = std::min(from, to) + 1; seq <= std::max(from, to); ++seq)
        std::cout << fmt::format("  {:>4}: {}\n", seq, ledger.At(seq).line);
    std::map<std::string, nlohmann::json> a, b;
    Flatten(StateToJson(ledger.StateAt(from)), "", a);
    Flatten(StateToJson(ledger.StateAt(to)), "", b);
    std::cout << "Changes:\n";
    int changes = 0;
    for (const auto& [path, value] : b) {
        auto it = a.find(path);
        if (it != a.end() && it->second == value) continue;
        ++changes;
        std::cout << fmt::format("  {}: {} -> {}\n", path, it == a.end() ? "(none)" : Value(path, it->second), Value(path, value));
    }
    for (const auto& [path, value] : a)
        if (!b.count(path)) {
            ++changes;
            std::cout << fmt::format("  {}: {} -> (none)\n", path, Value(path, value));
        }
    if (changes == 0) std::cout << "  (none)\n";
    return kExitAccepted;
}

} // namespace rutland::cli
