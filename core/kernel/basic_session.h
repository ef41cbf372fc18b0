// A game open for play, of any game: the durable store, or a ledger in memory
// only, and what the broker is looking at. It knows the game through its ruleset (kernel/ruleset.h)
// and the game file through the store type S; Big Board Raiders' is Session (session.h), a toy
// game's is tested in tests/kernel/. Used by the dashboard and by `rutland-cli play`.
//
// Invariants:
//  1. Every command accepted here went through S::Submit, which returns only after COMMIT
//     (basic_store.h invariant 2): the screen shows an entry only once it is durable.
//  2. The dashboard's entry line, the quick forms, undo/redo and `--script` all submit through
//     Submit(const Command&): one typed path, so a script played in screenshot mode tests what the
//     broker types. A line is parsed once (Submit(line) parses, then submits the Command); the
//     entry line submits the Command its preview parsed (entry_model.h SubmitEntry), and the
//     undo/redo confirm an Undo or Redo command, never a line to parse again.
//  3. Time travel never changes the game: while an entry is viewed, Shown() is the ledger's
//     StateAt(entry) and Submit() refuses (nothing is written).
//  4. No clock here (core invariant 8): the app passes the time of each line in.
//  5. A game in memory (InMemory) writes nothing and has no store: GetStore() is only for InFile().
//  6. Two writers agree (the dashboard and `rutland-cli play --db` on one file). Follow() takes in
//     what another program appended (basic_store.h invariant 18, the same mechanism `serve` follows with)
//     and bumps Version(), so every panel, preview and fingerprint is of the file as it is. A
//     command submitted with the number of entries its preview was computed on (`expected_size`)
//     is recorded only onto a file of that many entries (basic_store.h invariant 10): when the file moved
//     meanwhile nothing is written, the new entries are taken in, and the outcome says `moved`, so
//     the broker sees the new preview before anything is recorded.
//
// What S must offer (store.h's Store does): Create(path, header, stamp, error) and Open(path,
// S::Mode::ReadWrite, error, StoreOptions) giving a unique_ptr<S>; Submit(command, stamp) answering a receipt
// with status, accepted, rejection, refusal and seq; GetLedger(), Size(), Path(), ReadOnly(),
// ReadOnlyReason(), Report() (problems and rules_changes, each with ToString()), Fingerprint(),
// FingerprintAt(seq). Its stamp type is StoreTraits<S>::Stamp: {time, who, command id}.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "kernel/ruleset.h"
#include "kernel/basic_ledger.h"
#include "kernel/basic_store.h"

namespace rutland::view {

// The stamp type of a store: its nested Stamp unless specialised (session.h does for Store).
template <class S>
struct StoreTraits {
    using Stamp = typename S::Stamp;
};

// What a ruleset may add for the screen: the commands that may be entered now (R::Legal(state),
// cached per change by LegalCommands()) and who types when nobody says (R::DefaultWho(state)).
template <class R>
concept HasLegal = requires(const typename R::State& s) { R::Legal(s); };
template <class R>
concept HasDefaultWho = requires(const typename R::State& s) {
    { R::DefaultWho(s) } -> std::convertible_to<std::string>;
};
template <class R>
struct LegalCache { struct None {}; using Type = None; };
template <HasLegal R>
struct LegalCache<R> { using Type = decltype(R::Legal(std::declval<const typename R::State&>())); };

// What became of a submit (basic_ledger.h SubmitStatus): Accepted, Duplicate (its command id was
// already in the file), Rejected (a rule: `rejection`), Blank (a blank or comment line), Refused
// (nothing may or could be written: read-only, time travel, a full disk; `refusal` says why).
struct SubmitOutcome {
    SubmitStatus status = SubmitStatus::Blank;
    bool accepted = false;    // Accepted or Duplicate: entry seq holds the command
    Rejection rejection;      // when Rejected
    std::string refusal;      // when Refused
    int seq = -1;             // the new entry
    bool moved = false;       // Refused: the file had other entries than expected (invariant 6)
};

template <Ruleset R, class S>
class BasicSession {
public:
    using Ledger = BasicLedger<R>;
    using Command = typename R::Command;
    using State = typename R::State;
    using Stamp = typename StoreTraits<S>::Stamp;

    // `id_prefix` makes this run's command ids unique in the file (basic_store.h invariant 3); the app
    // gives the time it started and its process id.
    static std::unique_ptr<BasicSession> Create(const std::string& path, const typename R::Header& header,
                                                const std::string& time, const std::string& who,
                                                const std::string& id_prefix, std::string* error) {
        return Create(path, header, Stamp{time, who, id_prefix + ":header"}, id_prefix, error);
    }
    // Opens and verifies a game. A game with problems opens read-only (ReadOnly(), the store's Report()).
    // `options.stream_entries`: a store that holds no entry in memory (basic_store.h invariant 20),
    // for a program that appends without showing the game's rows (rutland-cli play --db).
    static std::unique_ptr<BasicSession> Open(const std::string& path, const std::string& id_prefix, std::string* error,
                                              const StoreOptions& options = {}) {
        return Adopt(S::Open(path, S::Mode::ReadWrite, error, options), id_prefix);
    }
    // Creates a game file whose header entry has the stamp given (rutland-cli play: the script's).
    static std::unique_ptr<BasicSession> Create(const std::string& path, const typename R::Header& header,
                                                const Stamp& stamp, const std::string& id_prefix, std::string* error) {
        return Adopt(S::Create(path, header, stamp, error), id_prefix);
    }
    // A game played in memory only (rutland-cli play without --db): nothing is ever written.
    static std::unique_ptr<BasicSession> InMemory(Ledger ledger) {
        std::unique_ptr<BasicSession> s(new BasicSession());
        s->m_memory.emplace(std::move(ledger));
        return s;
    }

    // Submits one command (invariants 1, 2, 3): the one path every submit takes.
    // With `expected_size`, only onto a game of that many entries (invariant 6).
    SubmitOutcome Submit(const Command& command, const std::string& time, const std::string& who,
                         std::optional<int> expected_size = std::nullopt) {
        if (!m_store) return Submit(command, Stamp{}, expected_size);
        // Each command submitted is a new one: the id is this run's prefix and a counter, never reused.
        return Submit(command, Stamp{time, who, m_id_prefix + ":" + std::to_string(++m_counter)}, expected_size);
    }
    // The same with the caller's stamp: its command id makes a replayed script's line a retry
    // (Duplicate) instead of a second entry (basic_store.h invariant 3). In memory the stamp is unused.
    SubmitOutcome Submit(const Command& command, const Stamp& stamp, std::optional<int> expected_size = std::nullopt);

    // Invariant 6: takes in what other programs appended to the file since it was read here. The
    // number of entries taken (0: none, and always 0 in memory), or -1 and *error when what was
    // appended does not check out (basic_store.h invariant 18; the game stays as it was read).
    int Follow(std::string* error) {
        if (!m_store || m_store->ReadOnly()) return 0;
        const int n = m_store->Follow(error);
        if (n > 0) {
            if (m_view) m_view_state = GetLedger().StateAt(*m_view);
            ++m_version;
        }
        return n;
    }
    // Parses one line, then submits its command (a parse error is Rejected, a blank or comment
    // line Blank).
    SubmitOutcome Submit(std::string_view line, const std::string& time, const std::string& who) {
        ++m_lines_parsed;
        auto parsed = R::Parse(line);
        SubmitOutcome out;
        if (parsed.error) {
            out.status = SubmitStatus::Rejected;
            out.rejection = std::move(*parsed.error);
            return out;
        }
        if (!parsed.command) return out;  // Blank
        return Submit(*parsed.command, time, who);
    }
    // How many lines Submit(line) has parsed: the tests' check that the entry line and the undo
    // confirm submit a command and parse nothing again.
    uint64_t LinesParsed() const { return m_lines_parsed; }

    // True for a game file; false for a game in memory (invariant 5).
    bool InFile() const { return m_store != nullptr; }
    const S& GetStore() const { return *m_store; }  // InFile() only
    const Ledger& GetLedger() const { return m_store ? m_store->GetLedger() : *m_memory; }
    const State& Live() const { return GetLedger().State(); }
    bool ReadOnly() const { return m_store && m_store->ReadOnly(); }
    // Why nothing can be added, for the screen: the first problem verify found, else the first rules
    // change, else the read-only place (basic_store.h invariant 13). Empty when writable.
    std::string ReadOnlyWhy() const {
        if (!ReadOnly()) return {};
        const auto& r = m_store->Report();
        if (!r.problems.empty()) return r.problems.front().ToString();
        if (!r.rules_changes.empty()) return r.rules_changes.front().ToString();
        return m_store->ReadOnlyReason();
    }
    std::string Fingerprint() const { return m_store ? m_store->Fingerprint() : std::string(); }
    std::string FingerprintAt(int seq) const { return m_store ? m_store->FingerprintAt(seq) : std::string(); }
    const std::string& Path() const { return m_path; }  // empty in memory
    // Who types at this desk when nobody says otherwise (the ruleset says: Big Board Raiders' broker).
    std::string DefaultWho() const requires HasDefaultWho<R> { return R::DefaultWho(Live()); }

    // The entry whose effects the broker's instructions show: the last accepted in this session,
    // else the last entry of the file.
    int LastEntry() const { return m_last >= 0 ? m_last : GetLedger().Size() - 1; }

    // Time travel (invariant 3): view the state right after entry `seq`, or nullopt for now.
    void ViewAt(std::optional<int> seq) {
        if (seq && (*seq < 0 || *seq >= GetLedger().Size() - 1)) seq.reset();  // the last entry is now
        if (seq == m_view) return;
        m_view = seq;
        if (m_view) m_view_state = GetLedger().StateAt(*m_view);
        ++m_version;
    }
    std::optional<int> Viewing() const { return m_view; }
    const State& Shown() const { return m_view ? m_view_state : Live(); }

    // What may be entered now (R::Legal), recomputed only when the ledger or the view changes.
    const typename LegalCache<R>::Type& LegalCommands() const requires HasLegal<R> {
        if (m_legal_version != m_version) {
            m_legal = R::Legal(Shown());
            m_legal_version = m_version;
        }
        return m_legal;
    }
    // Bumped on every accepted line and every change of view: panels cache on it.
    uint64_t Version() const { return m_version; }

private:
    BasicSession() = default;
    static std::unique_ptr<BasicSession> Adopt(std::unique_ptr<S> store, const std::string& id_prefix) {
        if (!store) return nullptr;
        std::unique_ptr<BasicSession> s(new BasicSession());
        s->m_path = store->Path();
        s->m_store = std::move(store);
        s->m_id_prefix = id_prefix;
        return s;
    }

    std::unique_ptr<S> m_store;
    std::optional<Ledger> m_memory;  // a game in memory only (invariant 5), when m_store is null
    std::string m_path;
    std::string m_id_prefix;
    int m_counter = 0;
    int m_last = -1;
    std::optional<int> m_view;
    State m_view_state;
    uint64_t m_version = 1;
    uint64_t m_lines_parsed = 0;
    mutable uint64_t m_legal_version = 0;
    mutable typename LegalCache<R>::Type m_legal;
};

template <Ruleset R, class S>
SubmitOutcome BasicSession<R, S>::Submit(const Command& command, const Stamp& stamp, std::optional<int> expected_size) {
    SubmitOutcome out;
    auto refuse = [&](std::string why) {
        out.status = SubmitStatus::Refused;
        out.refusal = std::move(why);
        return out;
    };
    if (m_view)
        return refuse("you are looking at entry " + std::to_string(*m_view) + " (read-only): press Esc to return to now");
    if (ReadOnly())
        return refuse("this game file is open read-only (" + m_store->ReadOnlyReason() + "): nothing can be added");
    if (!m_store) {  // in memory (invariant 5): nobody else writes
        if (expected_size && *expected_size != m_memory->Size()) {
            out.moved = true;
            return refuse("the game has " + std::to_string(m_memory->Size()) + " entries, not the " +
                          std::to_string(*expected_size) + " this line was previewed on: nothing was added");
        }
        SubmitResult r = m_memory->Submit(command);
        out.status = r.status;
        out.rejection = std::move(r.rejection);
        if (!r.accepted) return out;
        out.accepted = true;
        out.seq = m_last = r.seq;
        ++m_version;
        return out;
    }
    const int size_before = m_store->Size();
    auto r = m_store->Submit(command, stamp, expected_size);
    // Another program's entries, taken in before the command (basic_store.h invariant 10): the panels'
    // caches are stale even when the command itself is not accepted.
    if (m_store->Size() != size_before) ++m_version;
    out.status = r.status;
    out.rejection = std::move(r.rejection);
    out.refusal = std::move(r.refusal);
    out.moved = r.moved;
    if (!r.accepted) return out;
    out.accepted = true;
    out.seq = r.seq;
    m_last = r.seq;
    ++m_version;
    return out;
}

} // namespace rutland::view
