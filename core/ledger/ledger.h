// The in-memory ledger: every accepted command, in order, from the game header.
//
// Invariants:
//  1. Entries are only ever appended. Entry 0 is the game header; entry n has seq n. The one
//     exception is TakeBackLast(): the durable store (store.h) takes back the entry it has just
//     appended when the file could not be written, and the ledger is then exactly as it was before
//     that Submit (entries, state, commands in effect, what can be redone).
//  2. The state is the replay, from the header, of the commands in effect: every Command entry
//     not undone, in ledger order. Undo and Redo are entries too; they change which commands are
//     in effect, never what an entry says.
//  3. Each entry stores its canonical table-language line; parsing that line gives back the
//     command applied, so the ledger printed as text replays to the same state.
//  4. Checkpoints (states after every kCheckpointEvery commands in effect) are a cache only:
//     dropping them changes no result, only speed. So are the recent states (the state before
//     each of the last kRecentStates commands in effect), which make an undo of up to that many
//     commands a copy instead of a replay from the last checkpoint.
//  5. A command that is rejected leaves no entry and changes nothing.
//  6. A command is applied to the live state in place, after that state was copied into the spare
//     slot of the recent states' ring; a rejection swaps the copy back (invariant 5), and an
//     acceptance keeps it as the newest recent state. The ring's slots are reused by copy
//     assignment, which keeps their buffers: a command allocates almost nothing for its state.
//  7. An undo or redo entry stays small whatever its count. Of up to kListedUndoRedo commands it
//     lists each one (a redo also with the effects it repeats: the table's instructions); of more,
//     one effect names the first and the last, and nothing else: what it leaves out is in the
//     entries it undoes or redoes, and a replay gives it back (a `redo 20000` once made one entry
//     of 28 MB). Game files from before keep their long entries; the store still verifies them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lang/command.h"
#include "model/effects.h"
#include "rules/rules.h"
#include "model/state.h"

namespace rutland {

// Invariant 7: an undo or redo of more commands than this is summed up in one effect.
inline constexpr int kListedUndoRedo = 10;

enum class EntryKind : uint8_t { Header, Command, Undo, Redo };

struct Entry {
    int seq = 0;
    EntryKind kind = EntryKind::Command;
    std::string line;      // canonical table-language line
    Command command;
    Effects effects;
    std::vector<int> targets;  // Undo/Redo: the seqs of the commands undone or redone, in that order
};

// What became of a submitted command. The ledger answers Accepted, Rejected or Blank; the store
// (store.h) adds Duplicate and Refused. Callers branch on this, never on a rejection's rule.
enum class SubmitStatus : uint8_t {
    Accepted,   // applied and appended (by the store: committed, store.h invariant 2)
    Duplicate,  // store only: a retry of a command id already in the file; nothing applied (store.h invariant 3)
    Rejected,   // a rule of the game (or the table language) refused it: `rejection` says which
    Blank,      // a blank or comment line: nothing to submit
    Refused,    // store only: the file could not or may not be written (read-only, a full disk, a bad stamp)
};

struct SubmitResult {
    SubmitStatus status = SubmitStatus::Rejected;
    bool accepted = false;  // status == Accepted
    Rejection rejection;    // when Rejected
    int seq = -1;  // the new entry when accepted
};

class Ledger {
public:
    // Starts a ledger from a game header; nullopt and *rejection when the header is refused.
    static std::optional<Ledger> Start(const GameHeader& header, Rejection* rejection);

    // Applies a command (or undo/redo) and appends it. Rejected commands leave no trace.
    SubmitResult Submit(const Command& command);
    // Parses a table-language line and submits it. A blank or comment line is neither accepted nor
    // rejected: status Blank, seq -1.
    SubmitResult SubmitLine(std::string_view line);
    // Takes back the entry the last accepted Submit appended (invariant 1): for the store, whose
    // write of that entry failed. Only the last Submit can be taken back, once; false when there is
    // nothing to take back (no accepted Submit since the last take-back, or only the header).
    bool TakeBackLast();

    const GameState& State() const { return m_state; }
    const std::vector<Entry>& Entries() const { return m_entries; }
    const Entry& At(int seq) const { return m_entries[static_cast<size_t>(seq)]; }
    int Size() const { return static_cast<int>(m_entries.size()); }

    // The seqs of the Command entries in effect now, in order.
    const std::vector<int>& InEffect() const { return m_active; }
    int UndoableCount() const { return static_cast<int>(m_active.size()); }
    int RedoableCount() const { return static_cast<int>(m_redo.size()); }
    // What `undo` would undo next (the last command in effect) and `redo` would redo next (the
    // last undone), or -1: the dashboard shows it before doing it.
    int NextUndo() const { return m_active.empty() ? -1 : m_active.back(); }
    int NextRedo() const { return m_redo.empty() ? -1 : m_redo.back(); }

    // The state right after entry `seq` was appended (time travel; 0 = the start of the game).
    GameState StateAt(int seq) const;
    // The seqs of the Command entries in effect right after entry `seq` (what StateAt replays); at
    // or past the last entry, InEffect().
    std::vector<int> InEffectAt(int seq) const;

private:
    Ledger() = default;
    static constexpr int kCheckpointEvery = 64;
    static constexpr size_t kRecentStates = 64;

    GameState Replay(const std::vector<int>& commands) const;
    Effects Reapply(GameState& state, int seq) const;
    void Append(Entry entry);
    // The ring of recent states (invariant 6): kRecentStates + 1 slots, one of them always spare.
    GameState& Recent(size_t i) { return m_ring[(m_ring_head + i) % m_ring.size()]; }
    GameState& Spare();         // the free slot, to copy the state into before applying
    void PutInEffect(int seq);  // m_state includes `seq`'s command; Spare() holds the state before it
    void TakeOutOfEffect(int count);  // the last `count` of m_active, and m_state to match
    void Rebuild();  // m_state from m_active, using checkpoints

    std::vector<Entry> m_entries;
    GameState m_start;
    GameState m_state;
    std::vector<int> m_active;  // seqs in effect
    std::vector<int> m_redo;    // seqs undone, most recent last (redo pops from the back)
    std::vector<GameState> m_checkpoints;  // m_checkpoints[k] = state after m_active[0 .. (k+1)*kCheckpointEvery)
    // Recent(i) = the state before m_active[m_active.size() - m_recent + i] was applied, i < m_recent.
    std::vector<GameState> m_ring;
    size_t m_ring_head = 0;  // 0 until the ring has all its slots
    size_t m_recent = 0;
    // What TakeBackLast() needs beyond the entry: whether there is one to take back, and the redo
    // list a new command cleared.
    bool m_can_take_back = false;
    std::vector<int> m_redo_before;
};

// Prints the header line of a ledger (entry 0).
std::string PrintHeader(const GameHeader& header);

} // namespace rutland
