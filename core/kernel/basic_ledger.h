// The in-memory ledger of any game: every accepted command, in order, from the
// game's header. It knows the game only through its ruleset (kernel/ruleset.h); Big Board Raiders'
// ledger is BasicLedger<BigBoardRaiders> (ledger.h), a toy game's is tested in tests/kernel/.
//
// Invariants:
//  1. Entries are only ever appended. Entry 0 is the game header; entry n has seq n. The one
//     exception is TakeBackLast(): the durable store (store.h) takes back the entry it has just
//     appended when the file could not be written, and the ledger is then exactly as it was before
//     that Submit (entries, state, commands in effect, what can be redone).
//  2. The state is the replay, from the header, of the commands in effect: every Command entry
//     not undone, in ledger order. Undo and Redo are entries too; they change which commands are
//     in effect, never what an entry says.
//  3. Each entry stores its canonical line (R::Print); parsing that line gives back the command
//     applied, so the ledger printed as text replays to the same state.
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
//  8. Entries never move once appended (a deque): a reference to an entry stays valid while the
//     ledger grows, and appending never moves the entries before it. (A streamed ledger, invariant 9,
//     keeps this for the entries it still holds.)
//  9. A streamed ledger (HoldOnlyLast) holds only its last kHeldEntries entries, so its memory does
//     not grow with the game's length (a 200,000-entry game once took ~2.3 KB an entry, most of it
//     entries no reader of the whole game looks at twice). Everything else stays as for a ledger
//     that holds them all: the state, the commands in effect, what can be redone, the checkpoints
//     and the recent states (invariants 2, 4, 6). What an undo, a redo or a replay from a checkpoint
//     needs of an entry it no longer holds (the command, the line) it asks of its Recall, which
//     gives back exactly that entry (the store reads it from the file it verified: basic_store.h
//     invariant 20), so an entry appended to a streamed ledger is the same, byte for byte, as one
//     appended to a ledger holding them all.
// 10. A streamed ledger answers every question a ledger holding every entry answers, the same:
//     At() of an entry it no longer holds recalls it whole (its effects too) into a cache of the
//     last kRecalledEntries recalled, so the reference stays valid until that many more entries
//     are recalled (every caller reads an entry before it asks for the next ones); InEffectAt()
//     walks what it keeps of every undo and redo it let go (their seqs and targets: a few bytes an
//     entry, nothing for a command); StateAt() replays from the nearest checkpoint through Recall.
//     So every game's reader (explain, diff, year-end, `play --db`) runs its own code, unchanged,
//     on a game opened streamed, in memory that does not grow with the game (rutland-cli's
//     store.cli_memory_bounded), only slower for an entry long past.
// 11. The checkpoints of a streamed ledger are bounded too: past kHeldCheckpoints they are thinned,
//     every other one of the older half let go, so they stay evenly spread over the game with
//     gaps that double as it grows (a 1,000,000-command game kept 15,625 states). An undo or a
//     time travel far back replays from the nearest one kept (invariant 4: a cache only).
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel/ruleset.h"

namespace rutland {

// Invariant 7: an undo or redo of more commands than this is summed up in one effect.
inline constexpr int kListedUndoRedo = 10;

enum class EntryKind : uint8_t { Header, Command, Undo, Redo };

template <Ruleset R>
struct BasicEntry {
    int seq = 0;
    EntryKind kind = EntryKind::Command;
    std::string line;  // canonical line (R::Print)
    typename R::Command command;
    std::vector<typename R::Effect> effects;
    std::vector<int> targets;  // Undo/Redo: the seqs of the commands undone or redone, in that order
};

// What became of a submitted command. The ledger answers Accepted, Rejected or Blank; the store
// (store.h) adds Duplicate and Refused. Callers branch on this, never on a rejection's rule.
enum class SubmitStatus : uint8_t {
    Accepted,   // applied and appended (by the store: committed, basic_store.h invariant 2)
    Duplicate,  // store only: a retry of a command id already in the file; nothing applied (basic_store.h invariant 3)
    Rejected,   // a rule of the game (or the game's language) refused it: `rejection` says which
    Blank,      // a blank or comment line: nothing to submit
    Refused,    // store only: the file could not or may not be written (read-only, a full disk, a bad stamp)
};

struct SubmitResult {
    SubmitStatus status = SubmitStatus::Rejected;
    bool accepted = false;  // status == Accepted
    Rejection rejection;    // when Rejected
    int seq = -1;  // the new entry when accepted
};

template <Ruleset R>
class BasicLedger {
public:
    using Command = typename R::Command;
    using Effects = std::vector<typename R::Effect>;
    using Entry = BasicEntry<R>;
    using EntryList = std::deque<Entry>;  // invariant 8
    // Invariant 9: an entry a streamed ledger no longer holds, by its seq: its command and line,
    // and with `whole` its kind and effects too (invariant 10: At); its targets are the ledger's.
    using Recall = std::function<Entry(int seq, bool whole)>;
    // The entries a streamed ledger holds (invariant 9): the last one, and the one before it, so that
    // TakeBackLast still leaves a last entry.
    static constexpr int kHeldEntries = 2;
    // Invariant 10: the entries At() recalled that it keeps, the newest.
    static constexpr size_t kRecalledEntries = 256;
    // Invariant 11: the checkpoints a streamed ledger keeps before it thins them.
    static constexpr size_t kHeldCheckpoints = 256;

    // Starts a ledger from a game header; nullopt and *rejection when the header is refused.
    static std::optional<BasicLedger> Start(const typename R::Header& header, Rejection* rejection);
    // The same from a start the caller had the game make (R::Start's answer, or one like it): the
    // store's way to start a game from what its file carries beside the header (basic_store.h
    // invariant 19), e.g. Big Board Raiders' board.
    template <StartOutcome<R> Outcome>
    static std::optional<BasicLedger> FromStart(Outcome start, Rejection* rejection);

    // Applies a command (or undo/redo) and appends it. Rejected commands leave no trace.
    SubmitResult Submit(const Command& command);
    // Parses a line and submits it. A blank or comment line is neither accepted nor rejected:
    // status Blank, seq -1.
    SubmitResult SubmitLine(std::string_view line);
    // Takes back the entry the last accepted Submit appended (invariant 1): for the store, whose
    // write of that entry failed. Only the last Submit can be taken back, once; false when there is
    // nothing to take back (no accepted Submit since the last take-back, or only the header).
    bool TakeBackLast();

    // Invariant 9: from now on holds only the last kHeldEntries entries, asking `recall` for the
    // commands and lines of the others when an undo, a redo or a replay needs them.
    void HoldOnlyLast(Recall recall);
    bool Streamed() const { return static_cast<bool>(m_recall); }
    // The first entry held: 0 unless streamed (invariant 9).
    int FirstHeld() const { return m_first; }

    const typename R::State& State() const { return m_state; }
    // The entries held: every entry from the header on, unless streamed (invariant 9).
    const EntryList& Entries() const { return m_entries; }
    // Invariant 10: an entry a streamed ledger no longer holds is recalled (valid until
    // kRecalledEntries more are); out of range throws std::out_of_range.
    const Entry& At(int seq) const {
        if (seq < m_first) return Recalled(seq);
        return m_entries[static_cast<size_t>(seq - m_first)];
    }
    int Size() const { return m_first + static_cast<int>(m_entries.size()); }

    // The seqs of the Command entries in effect now, in order.
    const std::vector<int>& InEffect() const { return m_active; }
    int UndoableCount() const { return static_cast<int>(m_active.size()); }
    int RedoableCount() const { return static_cast<int>(m_redo.size()); }
    // What `undo` would undo next (the last command in effect) and `redo` would redo next (the
    // last undone), or -1: the dashboard shows it before doing it.
    int NextUndo() const { return m_active.empty() ? -1 : m_active.back(); }
    int NextRedo() const { return m_redo.empty() ? -1 : m_redo.back(); }

    // The state right after entry `seq` was appended (time travel; 0 = the start of the game).
    typename R::State StateAt(int seq) const;
    // The seqs of the Command entries in effect right after entry `seq` (what StateAt replays); at
    // or past the last entry, InEffect().
    std::vector<int> InEffectAt(int seq) const;

private:
    BasicLedger() = default;
    static constexpr int kCheckpointEvery = 64;
    static constexpr size_t kRecentStates = 64;

    const Entry& Recalled(int seq) const;  // invariant 10
    // The entry's line: held, or recalled into `scratch` (invariant 9).
    std::string_view LineOf(int seq, std::string& scratch) const;
    void Trim();  // a streamed ledger lets go of all but its last kHeldEntries entries (invariant 9)
    // `state` (after the first `count` of m_active) as a checkpoint; a streamed ledger thins them (invariant 11).
    void Checkpoint(size_t count, const typename R::State& state);
    const typename R::State* CheckpointWithin(size_t count, size_t* at) const;  // the last one after at most `count` commands
    typename R::State Replay(const std::vector<int>& commands) const;
    Effects Reapply(typename R::State& state, int seq) const;
    SubmitResult UndoRedo(LedgerOp op);
    SubmitResult Reject(std::string message) const;
    SubmitResult Accepted();
    // The ring of recent states (invariant 6): kRecentStates + 1 slots, one of them always spare.
    typename R::State& Recent(size_t i) { return m_ring[(m_ring_head + i) % m_ring.size()]; }
    typename R::State& Spare();  // the free slot, to copy the state into before applying
    void PutInEffect(int seq);   // m_state includes `seq`'s command; Spare() holds the state before it
    void TakeOutOfEffect(int count);  // the last `count` of m_active, and m_state to match
    void Rebuild();  // m_state from m_active, using checkpoints

    EntryList m_entries;
    int m_first = 0;   // the seq of m_entries.front() (invariant 9)
    Recall m_recall;   // set: streamed (invariant 9)
    typename R::State m_start;
    typename R::State m_state;
    std::vector<int> m_active;  // seqs in effect
    std::vector<int> m_redo;    // seqs undone, most recent last (redo pops from the back)
    // The state after m_active[0 .. count), count a multiple of kCheckpointEvery, in order of
    // count: every one, unless a streamed ledger thinned them (invariant 11).
    struct Checkpointed {
        size_t count = 0;
        typename R::State state;
    };
    std::vector<Checkpointed> m_checkpoints;
    void DropCheckpointsPast(size_t count) {
        while (!m_checkpoints.empty() && m_checkpoints.back().count > count) m_checkpoints.pop_back();
    }
    // Invariant 10: what a streamed ledger keeps of each undo and redo it let go, in seq order.
    struct Move {
        int seq = 0;
        bool undo = false;
        std::vector<int> targets;
    };
    std::vector<Move> m_moves;
    mutable std::map<int, Entry> m_recalled;  // invariant 10: the last kRecalledEntries At() recalled
    mutable std::deque<int> m_recalled_order;  // their seqs, the oldest first
    // Recent(i) = the state before m_active[m_active.size() - m_recent + i] was applied, i < m_recent.
    std::vector<typename R::State> m_ring;
    size_t m_ring_head = 0;  // 0 until the ring has all its slots
    size_t m_recent = 0;
    // What TakeBackLast() needs beyond the entry: whether there is one to take back, and the redo
    // list a new command cleared.
    bool m_can_take_back = false;
    std::vector<int> m_redo_before;
};

// [SECTION] the template's definitions (instantiated once for Big Board Raiders in ledger.cpp)

template <Ruleset R>
std::optional<BasicLedger<R>> BasicLedger<R>::Start(const typename R::Header& header, Rejection* rejection) {
    return FromStart(R::Start(header), rejection);
}

template <Ruleset R>
template <StartOutcome<R> Outcome>
std::optional<BasicLedger<R>> BasicLedger<R>::FromStart(Outcome start, Rejection* rejection) {
    if (!start.state) {
        if (rejection) *rejection = *start.rejection;
        return std::nullopt;
    }
    BasicLedger ledger;
    ledger.m_start = *start.state;
    ledger.m_state = std::move(*start.state);
    Entry& entry = ledger.m_entries.emplace_back();
    entry.seq = 0;
    entry.kind = EntryKind::Header;
    entry.command = std::move(start.canonical);
    entry.line = R::Print(entry.command);
    entry.effects = std::move(start.effects);
    return ledger;
}

// Invariant 2: a command that was accepted is accepted again on the same state; if not, the
// ledger and the rules disagree and nothing built on either can be trusted.
template <Ruleset R>
auto BasicLedger<R>::Reapply(typename R::State& state, int seq) const -> Effects {
    auto r = seq >= m_first ? R::Apply(state, At(seq).command) : R::Apply(state, m_recall(seq, false).command);  // invariant 9
    if (!r.accepted)
        throw std::logic_error("ledger entry " + std::to_string(seq) + " no longer replays: " + r.rejection.ToString());
    return std::move(r.effects);
}

template <Ruleset R>
auto BasicLedger<R>::Recalled(int seq) const -> const Entry& {
    if (seq < 0 || !m_recall) throw std::out_of_range("the ledger has no entry " + std::to_string(seq));
    if (auto it = m_recalled.find(seq); it != m_recalled.end()) return it->second;
    Entry entry = m_recall(seq, true);
    entry.seq = seq;
    // The kind and targets of an undo or redo are what the ledger kept of it (invariant 10).
    const auto move = std::lower_bound(m_moves.begin(), m_moves.end(), seq,
                                       [](const Move& m, int s) { return m.seq < s; });
    if (move != m_moves.end() && move->seq == seq) {
        entry.kind = move->undo ? EntryKind::Undo : EntryKind::Redo;
        entry.targets = move->targets;
    } else {
        entry.kind = seq == 0 ? EntryKind::Header : EntryKind::Command;
    }
    if (m_recalled_order.size() >= kRecalledEntries) {
        m_recalled.erase(m_recalled_order.front());
        m_recalled_order.pop_front();
    }
    m_recalled_order.push_back(seq);
    return m_recalled.emplace(seq, std::move(entry)).first->second;
}

template <Ruleset R>
std::string_view BasicLedger<R>::LineOf(int seq, std::string& scratch) const {
    if (seq >= m_first) return At(seq).line;
    scratch = m_recall(seq, false).line;
    return scratch;
}

template <Ruleset R>
void BasicLedger<R>::HoldOnlyLast(Recall recall) {
    m_recall = std::move(recall);
    Trim();
}

template <Ruleset R>
void BasicLedger<R>::Trim() {
    if (!m_recall) return;
    while (m_entries.size() > static_cast<size_t>(kHeldEntries)) {
        Entry& oldest = m_entries.front();
        if (oldest.kind == EntryKind::Undo || oldest.kind == EntryKind::Redo)  // invariant 10
            m_moves.push_back(Move{oldest.seq, oldest.kind == EntryKind::Undo, std::move(oldest.targets)});
        m_entries.pop_front();
        ++m_first;
    }
}

template <Ruleset R>
typename R::State& BasicLedger<R>::Spare() {
    if (m_ring.size() == kRecentStates + 1) return Recent(m_recent);
    // Still filling (the head is 0): the slot after the recent states, made when first needed.
    if (m_recent < m_ring.size()) return m_ring[m_recent];
    if (m_ring.empty()) m_ring.reserve(kRecentStates + 1);  // slots never move once made
    return m_ring.emplace_back();
}

template <Ruleset R>
void BasicLedger<R>::PutInEffect(int seq) {
    m_active.push_back(seq);
    if (m_active.size() % kCheckpointEvery == 0) Checkpoint(m_active.size(), m_state);
    if (m_recent < kRecentStates)
        ++m_recent;
    else
        m_ring_head = (m_ring_head + 1) % m_ring.size();  // the oldest recent state becomes the spare
}

// Undoing the last `count` commands in effect: the state before the first of them when it is
// still among the recent states (a swap), else a replay from the last checkpoint (Rebuild).
template <Ruleset R>
void BasicLedger<R>::TakeOutOfEffect(int count) {
    const auto n = static_cast<size_t>(count);
    m_active.resize(m_active.size() - n);
    if (n <= m_recent) {
        std::swap(m_state, Recent(m_recent - n));  // a swap: the slot keeps buffers for reuse
        m_recent -= n;
        DropCheckpointsPast(m_active.size());
        return;
    }
    m_recent = 0;
    Rebuild();
}

template <Ruleset R>
typename R::State BasicLedger<R>::Replay(const std::vector<int>& commands) const {
    typename R::State state = m_start;
    for (int seq : commands) Reapply(state, seq);
    return state;
}

template <Ruleset R>
void BasicLedger<R>::Rebuild() {
    DropCheckpointsPast(m_active.size());
    size_t done = m_checkpoints.empty() ? 0 : m_checkpoints.back().count;
    typename R::State state = m_checkpoints.empty() ? m_start : m_checkpoints.back().state;
    for (; done < m_active.size(); ++done) {
        Reapply(state, m_active[done]);
        if ((done + 1) % kCheckpointEvery == 0) Checkpoint(done + 1, state);
    }
    m_state = std::move(state);
}

template <Ruleset R>
void BasicLedger<R>::Checkpoint(size_t count, const typename R::State& state) {
    m_checkpoints.push_back(Checkpointed{count, state});
    if (!m_recall || m_checkpoints.size() <= kHeldCheckpoints) return;
    // Invariant 11: every other one of the older half goes (the first of them stays).
    const size_t half = m_checkpoints.size() / 2;
    size_t kept = 0;
    for (size_t i = 0; i < m_checkpoints.size(); ++i)
        if (i >= half || i % 2 == 0) {
            if (kept != i) m_checkpoints[kept] = std::move(m_checkpoints[i]);
            ++kept;
        }
    m_checkpoints.resize(kept);
}

template <Ruleset R>
auto BasicLedger<R>::CheckpointWithin(size_t count, size_t* at) const -> const typename R::State* {
    const auto it = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), count,
                                     [](size_t c, const Checkpointed& k) { return c < k.count; });
    if (it == m_checkpoints.begin()) return nullptr;
    *at = std::prev(it)->count;
    return &std::prev(it)->state;
}

template <Ruleset R>
SubmitResult BasicLedger<R>::Reject(std::string message) const {
    SubmitResult result;
    result.rejection = Rejection{std::move(message), std::string(R::kLanguageRule)};
    return result;
}

template <Ruleset R>
SubmitResult BasicLedger<R>::Accepted() {
    m_can_take_back = true;
    SubmitResult result;
    result.status = SubmitStatus::Accepted;
    result.accepted = true;
    result.seq = Size() - 1;
    return result;
}

template <Ruleset R>
SubmitResult BasicLedger<R>::UndoRedo(LedgerOp op) {
    const bool undo = op.kind == LedgerOpKind::Undo;
    const char* verb = undo ? "undo" : "redo";
    const int available = undo ? UndoableCount() : RedoableCount();
    if (op.count < 1) return Reject(std::string(verb) + " needs a count of 1 or more");
    if (op.count > available)
        return Reject("only " + std::to_string(available) + " command" + (available == 1 ? "" : "s") + " to " + verb);
    Entry entry;
    entry.kind = undo ? EntryKind::Undo : EntryKind::Redo;
    entry.command = R::LedgerCommand(op);
    entry.line = R::Print(entry.command);
    const bool listed = op.count <= kListedUndoRedo;  // invariant 7
    auto listing = [&](int seq) {
        std::string scratch;
        const std::string_view line = LineOf(seq, scratch);
        LedgerNote note{op.kind, false, 1, seq, seq, line, line};
        return R::LedgerEffect(note);
    };
    for (int k = 0; k < op.count; ++k) {
        if (undo) {
            const int seq = m_active[m_active.size() - 1 - static_cast<size_t>(k)];
            m_redo.push_back(seq);
            entry.targets.push_back(seq);
            if (listed) entry.effects.push_back(listing(seq));
            continue;
        }
        const int seq = m_redo.back();
        m_redo.pop_back();
        Spare() = m_state;
        Effects redone = Reapply(m_state, seq);
        PutInEffect(seq);
        entry.targets.push_back(seq);
        if (!listed) continue;
        entry.effects.push_back(listing(seq));
        for (auto& fx : redone) entry.effects.push_back(std::move(fx));
    }
    if (!listed) {
        const int first = entry.targets.front(), last = entry.targets.back();
        std::string first_scratch, last_scratch;
        entry.effects.push_back(R::LedgerEffect(LedgerNote{op.kind, true, op.count, first, last,
                                                           LineOf(first, first_scratch), LineOf(last, last_scratch)}));
    }
    if (undo) TakeOutOfEffect(op.count);
    entry.seq = Size();
    m_entries.push_back(std::move(entry));
    Trim();
    return Accepted();
}

template <Ruleset R>
SubmitResult BasicLedger<R>::Submit(const Command& command) {
    if (const std::optional<LedgerOp> op = R::LedgerOpOf(command)) return UndoRedo(*op);

    typename R::State& before = Spare();
    before = m_state;
    auto r = [&] {
        try {
            return R::Apply(m_state, command);
        } catch (...) {
            std::swap(m_state, before);  // invariant 5 holds even when the rules throw
            throw;
        }
    }();
    if (!r.accepted) {
        std::swap(m_state, before);  // invariant 5: as if nothing was tried
        SubmitResult result;
        result.rejection = std::move(r.rejection);
        return result;
    }
    // Built in place (invariant 8: nothing moves); taken out again if printing it throws (invariant 5).
    Entry& entry = m_entries.emplace_back();
    try {
        entry.seq = Size() - 1;
        entry.kind = EntryKind::Command;
        entry.command = std::move(r.canonical);
        entry.line = R::Print(entry.command);
        entry.effects = std::move(r.effects);
        entry.effects.shrink_to_fit();  // the rules may reserve room: a kept entry holds only its own
    } catch (...) {
        m_entries.pop_back();
        std::swap(m_state, before);
        throw;
    }
    PutInEffect(Size() - 1);
    m_redo_before.swap(m_redo);  // kept for TakeBackLast()
    m_redo.clear();  // a new command ends what could be redone
    Trim();
    return Accepted();
}

template <Ruleset R>
bool BasicLedger<R>::TakeBackLast() {
    if (!m_can_take_back || Size() < 2 || m_entries.empty()) return false;
    m_can_take_back = false;
    const Entry& last = m_entries.back();
    const int count = static_cast<int>(last.targets.size());
    switch (last.kind) {
        case EntryKind::Header: return false;
        case EntryKind::Command:  // its state before it is the newest recent state: a swap
            TakeOutOfEffect(1);
            m_redo.swap(m_redo_before);
            break;
        case EntryKind::Undo:  // the undone commands in effect again, the earliest first, as a redo does it
            for (auto it = last.targets.rbegin(); it != last.targets.rend(); ++it) {
                m_redo.pop_back();
                Spare() = m_state;
                Reapply(m_state, *it);
                PutInEffect(*it);
            }
            break;
        case EntryKind::Redo:  // as an undo of them, and redoable again in the same order
            TakeOutOfEffect(count);
            for (auto it = last.targets.rbegin(); it != last.targets.rend(); ++it) m_redo.push_back(*it);
            break;
    }
    m_entries.pop_back();
    return true;
}

template <Ruleset R>
SubmitResult BasicLedger<R>::SubmitLine(std::string_view line) {
    auto parsed = R::Parse(line);
    SubmitResult result;
    if (parsed.error) {
        result.rejection = std::move(*parsed.error);
        return result;
    }
    if (!parsed.command) {
        result.status = SubmitStatus::Blank;
        return result;
    }
    return Submit(*parsed.command);
}

template <Ruleset R>
typename R::State BasicLedger<R>::StateAt(int seq) const {
    const std::vector<int> active = InEffectAt(seq);
    if (active == m_active) return m_state;
    // The checkpoints hold states after prefixes of m_active: those `active` shares are usable.
    size_t common = 0;
    while (common < active.size() && common < m_active.size() && active[common] == m_active[common]) ++common;
    size_t from = 0;
    const typename R::State* checkpoint = CheckpointWithin(common, &from);
    if (!checkpoint) return Replay(active);
    typename R::State state = *checkpoint;
    for (size_t i = from; i < active.size(); ++i) Reapply(state, active[i]);
    return state;
}

template <Ruleset R>
std::vector<int> BasicLedger<R>::InEffectAt(int seq) const {
    if (seq >= Size() - 1) return m_active;  // now: no walk needed
    std::vector<int> active;
    std::vector<int> redo;
    auto move = m_moves.begin();  // invariant 10: the undos and redos a streamed ledger let go
    for (int i = 1; i <= seq && i < Size(); ++i) {
        if (i < m_first) {
            while (move != m_moves.end() && move->seq < i) ++move;
            if (move == m_moves.end() || move->seq != i) {
                active.push_back(i);
                redo.clear();
            } else if (move->undo) {
                for (int t : move->targets) {
                    active.pop_back();
                    redo.push_back(t);
                }
            } else {
                for (int t : move->targets) {
                    redo.pop_back();
                    active.push_back(t);
                }
            }
            continue;
        }
        const Entry& e = At(i);
        switch (e.kind) {
            case EntryKind::Header: break;
            case EntryKind::Command:
                active.push_back(i);
                redo.clear();
                break;
            case EntryKind::Undo:
                for (int t : e.targets) {
                    active.pop_back();
                    redo.push_back(t);
                }
                break;
            case EntryKind::Redo:
                for (int t : e.targets) {
                    redo.pop_back();
                    active.push_back(t);
                }
                break;
        }
    }
    return active;
}

} // namespace rutland
