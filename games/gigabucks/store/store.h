// Corporate Gigabucks' game file: the kernel's store (core/kernel/basic_store.h, where the store's
// numbered invariants are) over the ruleset of rules/gigabucks.h and GigabucksFile, what the file
// needs of the game beyond its rules. Instantiated once, in store.cpp.
//
//  1. Effects are stored and hashed as data (basic_store.h invariant 15), never as words: the tag
//     "G1" then one line an effect, `kind,player,other,space,n0,n1,n2 RULE TEXT` (decimal numbers;
//     RULE and TEXT length-prefixed, `3:T-2` `0:`), so the bytes are a function of the data alone;
//     Decode takes back only what Encode writes.
//  2. The snapshot is "sha256:" and the SHA-256, in hex, of every member of the state in
//     model/state.h's order, so equal states give equal snapshots.
//  3. kRulesVersion is Corporate Gigabucks' own, 1.
//  4. The ring's size is in the header line of entry 0 (`spaces=N`, always written: PrintCommand),
//     so it is carried and hashed with the file; `board spaces=N` is an entry like any other.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/basic_store.h"
#include "ledger/ledger.h"

namespace rutland::gigabucks {

struct GigabucksFile {
    static std::string Encode(const Effects& effects);
    static std::optional<Effects> Decode(std::string_view bytes, std::string* error);
    static ParseResult ParseStored(std::string_view line) { return ParseCommand(line); }
    static std::optional<Header> HeaderOf(const Command& command) {
        if (const auto* header = std::get_if<Header>(&command.action)) return *header;
        return std::nullopt;
    }
    static std::string Snapshot(const GameState& state);
    static constexpr int kRulesVersion = 1;
    static constexpr std::string_view kGameName = Gigabucks::kGameName;
};

static_assert(DurableRuleset<GigabucksFile, Gigabucks>);

using Store = BasicStore<Gigabucks, GigabucksFile>;

} // namespace rutland::gigabucks

namespace rutland {
extern template class BasicStore<gigabucks::Gigabucks, gigabucks::GigabucksFile>;
} // namespace rutland
