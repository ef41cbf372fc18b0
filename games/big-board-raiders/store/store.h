// Big Board Raiders' game file: the kernel's store (core/kernel/basic_store.h, where the store's
// numbered invariants are: "invariant N" here means basic_store.h's invariant N) over
// the game's ruleset (rules/big_board_raiders.h) and BigBoardRaidersFile, what the file needs of
// the game beyond its rules. Instantiated once, in store.cpp: the app compiles none of the store.
//
// What is Big Board Raiders' own, and stays here (cited elsewhere as "store.h item N"):
//  1. Effects are stored and hashed as data by effects_data.h (encoding version 1), never as words
//     (basic_store.h invariant 15): Encode and Decode are effects_data.h's, byte for byte.
//  2. The snapshot cache holds the state as StateToJson's dump() (invariant 7); another text that is
//     the same JSON value is no problem (SnapshotDifference names the first key that differs).
//  3. Schema 1-2 files stored every effect's words (EffectsJsonText). Verifying one, and so
//     migrating it to schema 3 (invariant 16), proves that rendering the replay's typed effects gives
//     exactly the stored words (LegacyDifference), or the legacy form of a long undo or redo
//     (before ledger invariant 7, each command listed): only then is anything written.
//  4. A rules change (invariant 6) is said in the table's words, with each player's net cash as
//     recorded and under these rules.
//  5. The start data (invariant 19) is the board the game started on, as Board::ToJson writes it
//     (the format of assets/boards/*.json, built-in and user boards alike): a new game's file
//     carries it, and a game whose file carries it starts on it (StartGame(header, board)),
//     whatever board the header names and whatever the catalog holds under that name today
//     (model/board_catalog.h invariant 1). Corrections (`board @space ...`) stay entries. A file
//     without it (schema 1-3) starts on the board its header names, found by name as before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ledger/ledger.h"
#include "model/board.h"
#include "rules/rules_version.h"
#include "kernel/basic_store.h"

namespace rutland::bbr {

struct BigBoardRaidersFile {
    static std::string Encode(const Effects& effects);
    static std::optional<Effects> Decode(std::string_view bytes, std::string* error);
    static ParseResult ParseStored(std::string_view line) { return ParseCommand(line, ParseMode::Stored); }
    static std::optional<GameHeader> HeaderOf(const Command& command) {
        if (const auto* header = std::get_if<GameHeader>(&command.action)) return *header;
        return std::nullopt;
    }
    static std::string Snapshot(const GameState& state);
    // store.h item 5: the board the game started on, and the game started on it again.
    static std::string StartData(const GameState& state) { return state.board->ToJson(); }
    static BigBoardRaiders::Started StartFrom(const GameHeader& header, std::string_view board_json);
    static constexpr std::string_view kStartDataName = "the board";
    static constexpr int kRulesVersion = rutland::bbr::kRulesVersion;

    static std::optional<std::string> SnapshotDifference(const std::string& stored, const GameState& state);
    static std::string EffectsDifference(const Effects& recorded, const Effects& replayed, const GameState& state,
                                         std::string* cash);
    static std::string LegacyDifference(const Ledger& ledger, int seq, std::string_view stored, std::string* cash);
};

static_assert(DurableRuleset<BigBoardRaidersFile, BigBoardRaiders>);
static_assert(KeepsStartData<BigBoardRaidersFile, BigBoardRaiders>);  // store.h item 5: the file carries the board

using Store = BasicStore<BigBoardRaiders, BigBoardRaidersFile>;

} // namespace rutland::bbr

// Instantiated once, in store.cpp, in the template's namespace (the kernel's).
namespace rutland {
extern template class BasicStore<bbr::BigBoardRaiders, bbr::BigBoardRaidersFile>;
} // namespace rutland
