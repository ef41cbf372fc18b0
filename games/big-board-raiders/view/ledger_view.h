// The ledger panel's logic, shared with rutland-cli's log, explain and diff: one definition of which
// entries a filter keeps, of an entry's explanation and of the changes between two entries, so the
// dashboard and the command line cannot disagree about the same file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/ledger.h"
#include "report/report.h"
#include "store/store.h"

namespace rutland::bbr {

// [SECTION] Filters (rutland-cli log --player / --company / --rule, the panel's filter row)

struct LedgerFilter {
    std::optional<int> player;       // player index
    std::optional<Company> company;
    std::string rule;                // a rule ID, any case ("s-4")
    bool Empty() const { return !player && !company && rule.empty(); }
};

// Reads the filters as typed; empty text is no filter. nullopt and *error ("no player Zed") when a
// player or company does not resolve. `names` gives the players (any state of the game will do).
std::optional<LedgerFilter> ParseLedgerFilter(const GameState& names, std::string_view player, std::string_view company,
                                              std::string_view rule, std::string* error);

// Without filters every entry passes. With filters, an entry passes when it was entered for the
// player ("Cy: sell R 5k") or when one of its effects matches every filter given at once (the
// player's cash or certificates, the company's, the rule).
bool EntryMatches(const Entry& entry, const LedgerFilter& filter, const GameState& names);

// The seqs of the entries that pass, in ledger order.
std::vector<int> FilterEntries(const Ledger& ledger, const LedgerFilter& filter);

// [SECTION] Rows

// An entry's effects in short ("Cy->bank $500 (B-4); Cy +1 Blue dir (B-4)"), leaving out the
// reminders that a provisional board fact was used (D-2 Info): every roll carries them and they
// would crowd out what happened.
std::string ShortEffects(const Entry& entry, const GameState& names);

// a count (the table's count, X-1) is a correction and is shown as one: "[correction X-3] "
// in front of its line in the log and the ledger panel; "" for any other entry.
std::string_view CorrectionMark(const Entry& entry);

// One line of `rutland-cli log`: "  11  2026-11-22T10:04:31Z  Dee       dir B  | Cy->bank ...".
std::string LogLine(const Store& store, int seq);
// The same of an entry and its record as the store gives them (ForEachEntry: a streamed store holds
// none, basic_store.h invariant 20); `names`: the game as it is now, for the effects' words.
std::string LogLine(const Entry& entry, const EntryRecord& record, const GameState& names);

// For each seq, true when the entry is a command that is no longer in effect (undone).
std::vector<char> UndoneEntries(const Ledger& ledger);

// The undo entry that took this command out of effect, or -1 (in effect, or not a command).
int UndoneBy(const Ledger& ledger, int seq);

// "10:04:31" from "2026-11-22T10:04:31Z" for the ledger's narrow time column; any other text as is.
std::string ClockTime(std::string_view stamp_time);

// The Undo / Redo button: "Undo 37: buy G 5k", or "Nothing to undo".
std::string UndoRedoLabel(const Ledger& ledger, bool redo);

// [SECTION] Explanation and diff (rutland-cli explain N, rutland-cli diff N M)

// One line of an explanation; the kind lets the panel colour it, the CLI prints the text only.
struct ExplainLine {
    enum class Kind : uint8_t { Title, About, Effect, Arithmetic } kind = Kind::About;
    std::string text;
};

// `rutland-cli explain N` line by line, what happened first: the entry (Title), what an undo or
// redo undid or redid (About), every effect with its rule (Effect) and the arithmetic behind it
// (Arithmetic); then who entered it when (command id, rules version), its hash and the fingerprint
// there (About, last).
std::vector<ExplainLine> ExplainEntry(const Store& store, int seq);

// What changed between the state after entry `from` and after entry `to` (DiffStates).
std::vector<StateChange> DiffBetween(const Ledger& ledger, int from, int to);

// `rutland-cli diff N M` line by line: both fingerprints, the entries in between, the changes.
std::vector<std::string> DiffEntries(const Store& store, int from, int to);

} // namespace rutland::bbr
