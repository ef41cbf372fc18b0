// Flutter's game file: the kernel's store (core/kernel/basic_store.h, where the store's numbered
// invariants are) over the ruleset of rules/flutter.h and FlutterFile, what the file needs of the
// game beyond its rules. Instantiated once, in store.cpp.
//
// What is Flutter's own (cited as "store.h item N"):
//  1. Effects are stored and hashed as data (basic_store.h invariant 15), never as words: Encode
//     writes each effect's nine fields (kind, company, player, n[0..3], rule, text, provisional) as
//     decimal text after the tag "F2" (version 2: one line an effect, `[!]kind,company,player[,n...]
//     RULE TEXT` with n's trailing zeros left out, `!` for provisional, RULE and TEXT length-prefixed),
//     so the bytes are a function of the data alone and Decode takes back only what Encode writes.
//     Decode also reads version 1 (the tag "flutter-effects 1", every field length-prefixed; the
//     first Flutter files), whose entries verify as data against the replay (EffectsDifference):
//     their bytes stay as written, so their hash chain does too.
//  2. The snapshot is "sha256:" and the SHA-256, in hex, of every member of the state (model/state.h,
//     in its order: numbers in decimal, strings length-prefixed; store.cpp's StateBytes), so equal
//     states give equal snapshots and a replay that differs anywhere gives another (basic_store.h
//     invariant 7), in 71 bytes a snapshot. The first Flutter files hold instead the state's JSON:
//     the section 16 JSON (rules/state_json.h) with the rest of the state beside it (the board with
//     its verified flags, the header, the bank's total, whose turn), about 3,400 bytes;
//     SnapshotDifference takes such a snapshot as the same state when it is exactly that text.
//  3. kRulesVersion is Flutter's own, 1; it says nothing of Big Board Raiders' rules.
//  4. The start data (basic_store.h invariant 19) is the board the game started on, as
//     Board::ToJson writes it: a game file carries it, and the game replays on it (StartFrom)
//     whatever the header's board= names today. Corrections (`board ...`) stay entries.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/basic_store.h"
#include "ledger/ledger.h"

namespace rutland::flutter {

struct FlutterFile {
    static std::string Encode(const Effects& effects);
    static std::optional<Effects> Decode(std::string_view bytes, std::string* error);
    // Item 1: the first effect whose data differs between the file and the replay, or "" when the
    // data are the same, written in another version of the encoding (a version 1 file).
    static std::string EffectsDifference(const Effects& recorded, const Effects& replayed, const GameState& state,
                                         std::string* more);
    static ParseResult ParseStored(std::string_view line) { return ParseStoredCommand(line); }
    static std::optional<Header> HeaderOf(const Command& command) {
        if (const auto* header = std::get_if<Header>(&command.action)) return *header;
        return std::nullopt;
    }
    static std::string Snapshot(const GameState& state);
    static std::optional<std::string> SnapshotDifference(const std::string& stored, const GameState& state);
    static std::string StartData(const GameState& state) { return state.board->ToJson(); }
    static StartResult StartFrom(const Header& header, std::string_view board_json);
    static constexpr std::string_view kStartDataName = "the board";
    static constexpr int kRulesVersion = 1;
    static constexpr std::string_view kGameName = Flutter::kGameName;
};

static_assert(DurableRuleset<FlutterFile, Flutter>);
static_assert(KeepsStartData<FlutterFile, Flutter>);

using Store = BasicStore<Flutter, FlutterFile>;

} // namespace rutland::flutter

namespace rutland {
extern template class BasicStore<flutter::Flutter, flutter::FlutterFile>;
} // namespace rutland
