// A game open for play, in the dashboard and in `rutland-cli play`: the durable store (store.h), or
// for `play` without --db a ledger in memory only, and what the broker is looking at.
//
// Invariants:
//  1. Every command accepted here went through Store::Submit, which returns only after COMMIT
//     (store.h invariant 2): the screen shows an entry only once it is durable.
//  2. The dashboard's entry line, the quick forms, undo/redo and `--script` all submit through
//     Submit(const Command&): one typed path, so a script played in screenshot mode tests what the
//     broker types. A line is parsed once (Submit(line) parses, then submits the Command); the
//     entry line submits the Command its preview parsed (entry_model.h SubmitEntry), and the
//     undo/redo confirm an Undo or Redo command, never a line to parse again.
//  3. Time travel never changes the game: while an entry is viewed, Shown() is the ledger's
//     StateAt(entry) and Submit() refuses (nothing is written).
//  4. No clock here (core invariant 8): the app passes the time of each line in.
//  5. A game in memory (InMemory) writes nothing and has no store: GetStore() is only for InFile().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "rules/legal.h"
#include "store/store.h"

namespace rutland::view {

// What became of a submit (ledger.h SubmitStatus): Accepted, Duplicate (its command id was already
// in the file), Rejected (a rule: `rejection`), Blank (a blank or comment line), Refused (nothing may
// or could be written: read-only, time travel, a full disk; `refusal` says why).
struct SubmitOutcome {
    SubmitStatus status = SubmitStatus::Blank;
    bool accepted = false;    // Accepted or Duplicate: entry seq holds the command
    Rejection rejection;      // when Rejected
    std::string refusal;      // when Refused
    int seq = -1;             // the new entry
};

class Session {
public:
    // `id_prefix` makes this run's command ids unique in the file (store.h invariant 3); the app
    // gives the time it started and its process id.
    static std::unique_ptr<Session> Create(const std::string& path, const GameHeader& header, const std::string& time,
                                           const std::string& who, const std::string& id_prefix, std::string* error);
    // Opens and verifies a game. A game with problems opens read-only (ReadOnly(), Problems()).
    static std::unique_ptr<Session> Open(const std::string& path, const std::string& id_prefix, std::string* error);
    // Creates a game file whose header entry has the stamp given (rutland-cli play: the script's).
    static std::unique_ptr<Session> Create(const std::string& path, const GameHeader& header, const Stamp& stamp,
                                           const std::string& id_prefix, std::string* error);
    // A game played in memory only (rutland-cli play without --db): nothing is ever written.
    static std::unique_ptr<Session> InMemory(Ledger ledger);

    // Submits one command (invariants 1, 2, 3): the one path every submit takes.
    SubmitOutcome Submit(const Command& command, const std::string& time, const std::string& who);
    // The same with the caller's stamp: its command id makes a replayed script's line a retry
    // (Duplicate) instead of a second entry (store.h invariant 3). In memory the stamp is unused.
    SubmitOutcome Submit(const Command& command, const Stamp& stamp);
    // Parses one table-language line, then submits its command (a parse error is Rejected, a blank
    // or comment line Blank).
    SubmitOutcome Submit(std::string_view line, const std::string& time, const std::string& who);
    // How many lines Submit(line) has parsed: the tests' check that the entry line and the undo
    // confirm submit a command and parse nothing again.
    uint64_t LinesParsed() const { return m_lines_parsed; }

    // True for a game file; false for a game in memory (invariant 5).
    bool InFile() const { return m_store != nullptr; }
    const Store& GetStore() const { return *m_store; }  // InFile() only
    const Ledger& GetLedger() const { return m_store ? m_store->GetLedger() : *m_memory; }
    const GameState& Live() const { return GetLedger().State(); }
    bool ReadOnly() const { return m_store && m_store->ReadOnly(); }
    // Why nothing can be added, for the screen: the first problem verify found, else the first rules
    // change, else the read-only place (store.h invariant 13). Empty when writable.
    std::string ReadOnlyWhy() const;
    std::string Fingerprint() const { return m_store ? m_store->Fingerprint() : std::string(); }
    std::string FingerprintAt(int seq) const { return m_store ? m_store->FingerprintAt(seq) : std::string(); }
    const std::string& Path() const { return m_path; }  // empty in memory
    // Who types at this desk when nobody says otherwise: the game's broker, else "broker".
    std::string DefaultWho() const;

    // The entry whose effects the broker's instructions show: the last accepted in this session,
    // else the last entry of the file.
    int LastEntry() const { return m_last >= 0 ? m_last : GetLedger().Size() - 1; }

    // Time travel (invariant 3): view the state right after entry `seq`, or nullopt for now.
    void ViewAt(std::optional<int> seq);
    std::optional<int> Viewing() const { return m_view; }
    const GameState& Shown() const { return m_view ? m_view_state : Live(); }

    // What may be entered now (legal.h), recomputed only when the ledger changes.
    const LegalNow& LegalCommands() const;
    // Bumped on every accepted line and every change of view: panels cache on it.
    uint64_t Version() const { return m_version; }

private:
    Session() = default;
    std::unique_ptr<Store> m_store;
    std::optional<Ledger> m_memory;  // a game in memory only (invariant 5), when m_store is null
    std::string m_path;
    std::string m_id_prefix;
    int m_counter = 0;
    int m_last = -1;
    std::optional<int> m_view;
    GameState m_view_state;
    uint64_t m_version = 1;
    uint64_t m_lines_parsed = 0;
    mutable uint64_t m_legal_version = 0;
    mutable LegalNow m_legal;
};

} // namespace rutland::view
