// The durable ledger of any game: one game per SQLite file (`.rutland`), every
// accepted command committed before it is acknowledged, a hash chain that proves the file was not
// edited, and a full check every time a game is opened. BasicStore<R, D> is written against the
// kernel's concept of a ruleset (kernel/ruleset.h): R the game (its ledger is BasicLedger<R>), D
// what the file needs of it (DurableRuleset<D, R>: its effects as stored bytes and back, a stored
// line parsed, the header of entry 0, the state as snapshot text, the rules version), D = R unless
// the game keeps that part in a layer above its rules. Big Board Raiders' store is store.h's
// `Store`; a toy game's is tested in tests/kernel/. Nothing here includes a game
// (tests/check_layers.cmake). Where an invariant names Big Board Raiders' files (effects_data.h,
// StateToJson, the schema 1-2 words), that is what its D does; a game without D::LegacyDifference
// has no schema 1-2 files to read.
//
// Invariants (numbered so the code can cite them):
//  1. A `.rutland` file is an SQLite database in WAL mode with application_id kApplicationId and
//     user_version its schema version (1 to kSchemaVersion; 4 exactly when it carries the first
//     game's start data, invariant 19; 5 exactly when it names its game, invariant 22). Any other file is refused without being written: not even SQLite opens it
//     for writing (the checks read its header first).
//  2. Entry n of the ledger (ledger.h) is row seq = n of table `entry`; entry 0 is the header. Rows
//     are only ever inserted, one transaction per accepted command (the entry, the head in `meta`
//     and, every kSnapshotEvery entries, a snapshot). Submit returns only after COMMIT returned
//     with synchronous=FULL: an acknowledged command survives a crash and a power loss.
//  3. Each entry has a command id, unique in the file. Submitting an id already in the file
//     applies nothing and answers with the entry that holds it: a retry is never applied twice.
//  4. hash(n) = SHA-256(hash(n-1) || EntryContent(n)), hash(-1) = 32 zero bytes (a migrated file:
//     MigrationLink, invariant 16; a file with start data: StartLink, invariant 19), where
//     EntryContent is the netstring encoding of the entry's seq, kind, line, time, who, command
//     id, rules version and effects exactly as stored: from schema 3
//     the effects' data (invariant 15), never their words. The game's fingerprint is the first 16
//     hex digits (64 bits) of the head hash, shown in groups of 4 (FormatFingerprint): 8 digits could
//     be matched by a forger's brute force in minutes. prev_hash is stored too, only to
//     say where a chain breaks.
//  5. Opening verifies everything, in one snapshot (invariant 9): the schema (invariant 12), PRAGMA
//     quick_check, the column types, the hash chain (and the version-2 chain, invariant 17), the head
//     recorded in `meta`, a replay of every entry compared with its stored line and effects (schema 3:
//     the data, byte for byte; schema 1-2: the stored words with the replay's rendering, which is
//     the migration's proof, invariant 16), and conservation (R::Check) after every
//     entry. Any failure is reported naming the first bad entry, the game opens read-only with the
//     entries before it, and nothing is repaired.
//  6. A replay whose effects differ (as data: D::Encode's bytes; Big Board Raiders: kind, rule,
//     numbers, fields, effects_data.h SameEffect) from an entry stamped with an older rules version
//     is not corruption: it is reported entry by entry as a rules change, and the game opens read-only
//     (history is never silently rewritten by new rules).
//  7. Snapshots (the state as D::Snapshot's text, Big Board Raiders' StateToJson, after entry n, for
//     n a multiple of kSnapshotEvery) are a cache outside the chain: a missing one is rebuilt on a
//     writable open and said so (a note on any other open: Rutland writes one with its entry, so
//     it was removed outside Rutland); one that disagrees with the replay under the same rules
//     version is a problem, and so is one after any other entry, and one stamped with a rules
//     version below its entry's or above this Rutland's (a snapshot is written with its entry's
//     version and rebuilt only by a newer Rutland: another stamp would have an edited state
//     rebuilt without a word). An older stamp in that range is stale, rebuilt like a missing one.
//  8. The core never reads a clock: the time of an entry is whatever the app passes in.
//  9. Every open reads one snapshot of the file: the schema check, the rows, the head in `meta` and
//     the snapshots are read in one read transaction, so another program appending meanwhile
//     (rutland-cli play --db, the dashboard) is seen either entirely or not at all, never as a gap.
// 10. A writer appends only onto the file's real head. Each Submit runs in one write transaction
//     (BEGIN IMMEDIATE): it first reads the file's last entry; when another program appended since
//     this one read the file, those entries are read, checked (hash chain, replay, effects,
//     conservation, command ids, the head in meta) and replayed into memory before the command is
//     looked at, so the command applies to the state the file has, a command id another program
//     wrote is a retry (invariant 3), and the new entry chains onto the real last hash. Anything
//     else (a head that went back, an entry that does not check) is refused and nothing is added.
//     A Submit given the size it expects the file to have (the size the broker's preview was
//     computed at, basic_session.h invariant 6) takes in what was appended, then, when the file is
//     not that size, adds nothing and says so (StoreReceipt::moved): a command previewed on one
//     state is never recorded onto another.
// 11. A write that fails (a full disk, an I/O error) leaves memory exactly as it was before the
//     Submit: the ledger takes back the entry (ledger.h TakeBackLast), nothing is acknowledged, and
//     the next Submit tries again from the file's real head (invariant 10): the store stays usable
//     when the disk recovers. Only a connection that cannot even roll back refuses every later
//     write. Size() is always the number of records; Record() and FingerprintAt() never read past them.
// 12. The schema is exactly Rutland's: the tables and indexes that this version's schema script
//     (and the migrations) create, with the same SQL, and nothing else (no trigger, no view, no
//     other table, index or column; SQLite's own statistics tables from ANALYZE are allowed: they
//     change no result). Anything else is a problem naming it, checked before anything is written
//     (a planted trigger could rewrite or veto entries as they are written), and the game opens
//     read-only. A write transaction checks it again if the schema changed after the open. Schema 3
//     has table entry_v2 (invariant 16) in every file, empty in one created at version 3 or 4.
//     meta's rows are Rutland's too: 'format' is kMetaFormat ("rutland game"), and no key but
//     those Rutland writes (format, head_seq, head_hash, start_data, game; each checked where it
//     is used, invariants 4, 19, 22); anything else is a problem naming the row (MetaFindings).
// 13. A game in a read-only place (the file's permissions, a read-only directory, a read-only
//     `-shm` beside it) opens read-only with the reason (ReadOnlyReason()), never an SQLite error:
//     readers work, and a writer says why it cannot write. When nothing can be pending in a WAL
//     (no `-wal` beside it) such a file is read as immutable, so no `-shm` is left behind.
// 14. A stamp is text a reader can trust (StampProblem): time a real ISO 8601 UTC moment
//     ("2026-11-22T01:15:14Z"), who and command id non-empty valid UTF-8 without control
//     characters, each at most kMaxStampFieldBytes (base/safe_text.h). Create and Submit refuse any other stamp and write nothing. Files written before
//     this check may hold such stamps: they open and verify as they are (the hash covers the bytes
//     as stored), and every reader prints them through safe_text.h, never raw.
// 15. Schema 3 stores an entry's effects as data (D::Encode; Big Board Raiders' effects_data.h: a
//     BLOB whose first byte is its encoding version), never as words: the words are rendered only
//     when shown (effect_text.h), so rewording a sentence changes no stored byte, no fingerprint and
//     no verify result. Effects read back are typed (D::Decode; the ledger's come from the replay),
//     never StoredText.
// 16. Migration to schema 3, on a ReadWrite open of a schema 1-2 file whose schema is exactly
//     Rutland's: the file is first verified as it is (invariant 5), which proves that rendering the
//     replay's typed effects gives exactly the stored words of every entry (D::LegacyDifference,
//     a Big Board Raiders hook: store.cpp). Any finding (a changed
//     wording, a rules change, a problem): nothing is written, not even the backup, and the game
//     opens read-only with the reason. Otherwise the write lock is taken first, waiting (a minute
//     at most) for another writer: when that other writer was migrating the same file, the file is
//     found migrated and opened again as it is, never refused. Under the lock, a backup copy
//     (whole or absent: written to a temporary file, synced, then linked into place; a kill leaves
//     at most a stray `.partial-PID` file, never a half backup), then in the same transaction: the rows of
//     table `entry` are copied byte for byte into entry_v2 and kept exactly as written from then on
//     (their words and hashes); a new table `entry` holds every entry with its effects as data, chained from
//     MigrationLink(entry_v2's last seq and hash); meta's head is the new chain's. A migrated
//     entry's fingerprint stays its schema-2 hash (EntryRecord::written_hash): a fingerprint noted
//     before the migration still matches. The file is verified again, as schema 3, before the open
//     returns. A ReadOnly open never migrates: it verifies and reads the old file as it is.
// 17. In a schema-3 file with rows in entry_v2, the version-2 chain is checked over the stored
//     bytes from 32 zero bytes to its last row, never re-rendered (a rewording cannot fail it);
//     each row of entry_v2 must equal the same entry of `entry` in every column but effects,
//     prev_hash and hash; and entry 0 of `entry` must chain from MigrationLink(entry_v2's head).
//     Any change to entry_v2 is a problem naming the first entry it touches (invariant 5).
// 18. A reader follows a game another program is playing (rutland-cli serve, the dashboard's
//     sharing) with Follow(): in one read transaction, what was appended since this store read the
//     file is checked and replayed exactly as a writer's catch-up does (invariant 10), so memory
//     is always a prefix of the file that verified. Follow never writes; a store that found a
//     problem (or opened with one) stops following and says why. A file written over in place
//     (`cp other.rutland game.rutland`: the same inode, another game) may not show through the
//     store's own connection, which keeps the pages it read: ChangedUnder reads the file with a
//     connection of its own and says when its schema, its entry 0 or its entry at the store's last
//     seq (and so the chain up to it) is not what the store read. (A WAL the old file left beside
//     it is laid over the new file by SQLite itself, so what any reader sees is a mix: entry 0's
//     page is the one least likely to be in it.)
// 19. Start data. A game whose D keeps start data (KeepsStartData; Big Board
//     Raiders: the board's JSON, the format of assets/boards/*.json) is created as schema 4: meta
//     row 'start_data' holds D::StartData of the state its header started, and entry 0 chains from
//     StartLink(32 zero bytes, that text), so the fingerprint covers it: a change to it breaks the
//     chain at entry 0 and its removal leaves a schema-4 file without it, each a problem naming it
//     (nothing can be replayed then); such a row planted in a schema 1-3 file is a problem naming
//     it, and that game still starts from its header.
//     Every open, verify and replay of a schema-4 file starts the game from that text (D::StartFrom),
//     never from what the header names: the game replays the same when the board file it named
//     changes or is deleted (corrections stay entries of the ledger). Schema 4 is schema 3's tables
//     with that row; user_version is 4 exactly when the row is there in a file of the first game (a
//     schema-5 file has it exactly when its game keeps start data, invariant 22). A schema 1-3 file has none
//     and starts from its header as it always did; it is never given one (what it started from is
//     not known for sure) and never moved to schema 4: a schema-3 file is read and appended to as
//     schema 3 (an older Rutland still opens it), a schema 1-2 file migrates to 3 (invariant 16).
//     A game that keeps no start data writes schema 3.
// 20. A streamed store (StoreOptions::stream_entries, read-only opens only) holds no entry in
//     memory, so what it takes does not grow with the game (a 200,000-entry game once took ~2.3 KB
//     an entry: 454 MB): it keeps the ledger's state, the commands in effect, the checkpoints and
//     the recent states (basic_ledger.h invariant 9), the last record and each entry's fingerprint
//     digits. Its open reads the file once, row by row, in one read transaction (invariant 9), and
//     makes every check of invariant 5; only a file that checks clean is held this way: at the
//     first finding of any kind it lets go of what it read and opens the game as every other store
//     does, so every finding is reported exactly as there (the same report, the same entries kept);
//     so is a schema 1-2 file whose undo or redo of more than kListedUndoRedo commands is checked
//     against the words of every command it listed (D::LegacyDifference reads those entries), until
//     a writable open migrates it. An entry it no longer holds is read again from the file
//     (ForEachEntry, StateAt, the ledger's Recall), replayed and checked as the open checked it
//     (the hash chain, the entry's fingerprint, the replay against its effects): a file changed
//     since the open is an error naming the entry, never an entry shown that did not verify.
//     Record(seq) and GetLedger().At(seq) of an entry it does not hold read that one row back
//     (ReadBack: its hash over its content, and that hash's fingerprint digits, which the open
//     verified), into bounded caches (kRecalledRecords; basic_ledger.h invariant 10), so every
//     reader's code runs unchanged on a streamed store. A ReadWrite open streams too
//     (StoreOptions::stream_entries: rutland-cli play --db), when the file needs no migration and
//     has every snapshot; its writes (invariants 2, 3, 10, 11) are the same: the command ids are
//     looked up in the file's own index, the catch-up checks what another program appended as it
//     always did, and an entry it appends is the same, byte for byte.
// 21. A reader that folds what it needs of every entry as it goes (rutland-cli serve's page,
//     games/big-board-raiders/view/entry_window.h) is handed each entry the store takes in, once, in order, while the
//     entry is held: by a streamed open (Open with `taken`: every entry as its row checked out) and
//     by Follow (Follow with `taken`: every entry appended by another program, after it checked
//     out). An entry handed over is in memory for good (invariant 18: memory is a prefix of the
//     file that verified), so a fold is never told of one that is taken back. A streamed open that
//     finds anything opens the game whole (invariant 20) and hands nothing more over: the caller
//     reads Streamed() to know whether what it was handed is the whole game.
// 22. The game a file holds. A ruleset names its game (kGameName, kernel/ruleset.h GameNameOf); one
//     that does not is the first game, kFirstGame (Big Board Raiders), whose header has no game
//     word (kernel/game_word.h) and whose files (schema 1-4) say nothing of their game: every file
//     written before games had names is the first game's, and its files are still created exactly
//     so (schema 4 or 3), byte for byte. A game of any other name is created as schema 5
//     (kSchemaGameNamed: schema 4's tables) with meta row ('game', its name) and its header's game
//     word (`game toy players=A,B`); user_version 5 makes a Rutland that reads only up to 4 refuse
//     it with its own "written by a newer Rutland" message. No file is ever migrated to 5.
//     The file's game is meta 'game' in schema 5, kFirstGame in 1-4. Open refuses, before anything
//     is written, a file whose game is not the ruleset's ("FILE holds a game of toy, not of
//     big-board-raiders"), and GameOfStoreFile says which game a file holds without a ruleset,
//     reading only. meta lies outside the hash chain, but entry 0's line, which is hashed, names
//     the game too: verify reports a problem when the two disagree (HeaderGameWord of entry 0's
//     stored line, kFirstGame when it has none, against the file's game), when a schema-5 file has
//     no 'game' row or an empty one (which names no game: the file opens, and says so), and when a
//     schema 1-4 file has one (it was added outside Rutland). The shell opens a file whose meta
//     names no game by the game entry 0 names (HeaderGameOfStoreFile), so its refusal is verify's. A schema-5
//     file keeps start data (invariant 19) exactly when its game does (KeepsStartData).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kernel/ruleset.h"
#include "kernel/basic_ledger.h"

struct sqlite3;

namespace rutland {

inline constexpr uint32_t kApplicationId = 0x52544C44;  // "RTLD"
// 1: entry and meta tables. 2: adds snapshots and the head (seq, hash) in meta. 3: effects stored
// as data (D::Encode), the version-2 rows kept as written in entry_v2 (invariants 15-17). 4: schema
// 3 with the game's start data in meta (invariant 19). 5: schema 4's tables with the game's name in
// meta, for every game but the first (invariant 22).
inline constexpr int kSchemaVersion = 5;
// What a schema 1-2 file migrates to, and what a file of the first game without start data is
// written as (invariant 19).
inline constexpr int kSchemaEffectsAsData = 3;
// What a file of the first game with start data is written as (invariant 19): the last schema
// without a game's name, the newest a Rutland from before games had names reads.
inline constexpr int kSchemaStartData = 4;
// What a file of any other game is written as (invariant 22): a Rutland that reads up to
// kSchemaStartData refuses it as "written by a newer Rutland".
inline constexpr int kSchemaGameNamed = 5;
inline constexpr int kSnapshotEvery = 64;

// What the app says about an entry beside its command (invariants 3, 8).
struct Stamp {
    std::string time;        // when it was entered, as the app gives it: ISO 8601 UTC (invariant 14)
    std::string who;         // who typed it
    std::string command_id;  // unique in the file; the same id again is a retry (invariant 3)
};

// Why a stamp cannot be written (invariant 14), naming the field ("who has a control character in
// it (U+000A)"); nullopt when it can.
std::optional<std::string> StampProblem(const Stamp& stamp);
// Invariant 22: the game the file at `path` holds, read without a ruleset and without writing or
// creating anything: kFirstGame for a Rutland game of schema 1-4, meta 'game' for schema 5 (as
// stored: compare it, print it through safe_text.h). nullopt and *error (naming the file) when it
// is not a Rutland game, is missing, damaged, written by a newer Rutland, or a schema-5 file that
// does not say its game.
std::optional<std::string> GameOfStoreFile(const std::string& path, std::string* error);
// The game entry 0's stored line names (its game word, kFirstGame when it has none), read as
// GameOfStoreFile reads; nullopt when that line cannot be read. For a file whose meta does not say
// its game (GameOfStoreFile's nullopt), so the game whose verify says so opens it.
std::optional<std::string> HeaderGameOfStoreFile(const std::string& path);
// The fingerprint shown for a hash (invariant 4): its first 16 hex digits in groups of 4,
// "541e e36e 0a1b 2c3d", to be read aloud and noted. Every fingerprint Rutland prints comes from here.
inline constexpr int kFingerprintDigits = 16;
std::string FormatFingerprint(std::string_view hash_hex);

// What the store keeps for an entry beside the ledger's Entry.
struct EntryRecord {
    Stamp stamp;
    int rules_version = 0;   // D::kRulesVersion when it was written
    std::string kind;        // "header", "command", "undo", "redo"
    std::string effects;     // the effects as stored: schema 3 their data (D::Encode), 1-2 JSON text
    std::string prev_hash;   // hex: the hash chain of table `entry` (invariant 4)
    std::string hash;        // hex
    // A migrated entry (invariant 16): its hash as written under schema 2 (table entry_v2), which
    // its fingerprint keeps, so a fingerprint noted before the migration still matches. Empty otherwise.
    std::string written_hash;
    // The hash the entry's fingerprint is of (FingerprintAt): as written.
    const std::string& WrittenHash() const { return written_hash.empty() ? hash : written_hash; }
};

// One finding of a check, naming the entry it is about (-1: the file as a whole).
struct Finding {
    int seq = -1;
    std::string message;
    std::string ToString() const;
};

struct VerifyReport {
    std::vector<Finding> problems;       // integrity: any of these makes the game read-only
    std::vector<Finding> rules_changes;  // invariant 6
    std::vector<std::string> notes;      // what was done that changes no entry (migration, snapshots)
    int entries = 0;                     // rows in the file
    bool Clean() const { return problems.empty() && rules_changes.empty(); }
};

// What became of a Submit (basic_ledger.h SubmitStatus): Accepted (committed, invariant 2), Duplicate
// (the command id was already in the file, invariant 3: seq is its entry), Rejected (a rule refused
// it: `rejection`), Blank (SubmitLine of a blank or comment line), Refused (the file could not or may
// not be written: `refusal` says why; nothing was added, invariant 11).
struct StoreReceipt {
    SubmitStatus status = SubmitStatus::Refused;
    bool accepted = false;   // Accepted or Duplicate: the command is in the file as entry seq (status says which)
    Rejection rejection;     // when Rejected
    std::string refusal;     // when Refused
    int seq = -1;
    // Refused because another program appended since the size the caller expected (invariant 10):
    // those entries are taken in (Size() is the file's), the command is not.
    bool moved = false;
    // Why it is not in the file, for a message: the rejection (with its rule) or the refusal.
    std::string Why() const { return status == SubmitStatus::Rejected ? rejection.ToString() : refusal; }
};

// How a game file is opened. Every program uses the defaults; the fields exist for the power-loss
// test (tests/powerloss/), which runs SQLite through a simulated disk. Neither changes the file
// format.
struct StoreOptions {
    // The SQLite VFS to open the file through (the caller registered it with sqlite3_vfs_register);
    // empty: SQLite's default.
    std::string vfs;
    // TEST ONLY: PRAGMA synchronous=OFF instead of FULL on a writable open. This breaks invariant 2
    // (an acknowledged command may be lost at a power cut); the power-loss test uses it to show that
    // it notices such losses. Never set it anywhere else.
    bool unsafe_synchronous_off = false;
    // Invariant 20: an open that holds no entry in memory, for the programs that read a game through
    // once (rutland-cli verify, state, log, export, explain, diff, year-end) or append to it
    // (rutland-cli play --db). A ReadWrite open streams only a file that needs no migration and has
    // every snapshot (else it opens whole, migrating or rebuilding them as it always did).
    bool stream_entries = false;
};

namespace store_detail {
struct StoredEntry;  // store_file.h: a row as read
} // namespace store_detail

template <Ruleset R, class D = R>
    requires DurableRuleset<D, R>
class BasicStore {
public:
    enum class Mode { ReadWrite, ReadOnly };
    using Ledger = BasicLedger<R>;
    using Entry = BasicEntry<R>;
    using Command = typename R::Command;
    using Header = typename R::Header;
    using Stamp = rutland::Stamp;
    using File = D;  // what the file needs of the game (kernel/ruleset.h DurableRuleset)

    ~BasicStore();
    BasicStore(const BasicStore&) = delete;
    BasicStore& operator=(const BasicStore&) = delete;

    // Creates a new game file from its header; fails (nullptr, *error) if the file exists.
    static std::unique_ptr<BasicStore> Create(const std::string& path, const Header& header, const Stamp& stamp,
                                              std::string* error, const StoreOptions& options = {});
    // Opens and verifies a game (invariant 5). nullptr and *error when the file is refused (not a
    // Rutland game, a newer schema, truncated, unreadable). A game with problems opens read-only;
    // see Report(). ReadWrite migrates an older schema (after a backup copy) and rebuilds snapshots.
    static std::unique_ptr<BasicStore> Open(const std::string& path, Mode mode, std::string* error,
                                            const StoreOptions& options = {});
    // Invariant 21: the same, handing `taken` every entry a streamed open reads (nothing when the
    // open is not streamed: every entry is then held, GetLedger().Entries()).
    using EntryVisitor = std::function<void(const BasicEntry<R>& entry, const EntryRecord& record)>;
    static std::unique_ptr<BasicStore> Open(const std::string& path, Mode mode, std::string* error,
                                            const StoreOptions& options, EntryVisitor taken);

    // Applies and commits one command; returns once it is durable (invariant 2).
    StoreReceipt Submit(const Command& command, const Stamp& stamp);
    // The same, only onto a file of `expected_size` entries (invariant 10): otherwise Refused with
    // `moved` set, nothing written, what another program appended taken in.
    StoreReceipt Submit(const Command& command, const Stamp& stamp, std::optional<int> expected_size);
    // Parses a line of the game's language first (R::Parse). Blank or comment: status Blank.
    StoreReceipt SubmitLine(std::string_view line, const Stamp& stamp);

    // Invariant 18: takes in what other programs appended since the file was last read here. The
    // number of entries taken (0: nothing new), or -1 and *error when the file cannot be read or
    // what was appended does not check out (the entries before it stay; later calls refuse too).
    int Follow(std::string* error);
    // Invariant 21: the same, handing `taken` each entry taken in, in order.
    int Follow(std::string* error, const EntryVisitor& taken);

    const Ledger& GetLedger() const { return *m_ledger; }
    // seq in [0, Size()); out of range throws std::out_of_range, never reads past the records (invariant
    // 11); so does an entry a streamed store does not hold (invariant 20: only the last).
    // A streamed store reads a record it does not hold back from the file (invariant 20), into a
    // cache of the last kRecalledRecords read: the reference stays valid until that many more are.
    const EntryRecord& Record(int seq) const {
        if (seq < m_records_first) return RecalledRecord(seq);
        return m_records.at(static_cast<size_t>(seq - m_records_first));
    }
    static constexpr size_t kRecalledRecords = 256;
    int Size() const { return m_records_first + static_cast<int>(m_records.size()); }
    // Invariant 20: whether this store holds only the last entry (StoreOptions::stream_entries and a
    // file that checked clean).
    bool Streamed() const { return m_streamed; }
    // Calls fn(entry, record) for the entries from..to (within [0, Size())) in order: those held, or
    // read again from the file and checked as the open checked them (invariant 20). False and *error
    // when the file cannot be read or no longer holds what was verified (fn was called for the
    // entries before that one). The entry given is the ledger's (its effects are the replay's); it is
    // valid only during the call.
    bool ForEachEntry(int from, int to, const EntryVisitor& fn, std::string* error) const;
    // The state right after entry seq (time travel, the ledger's StateAt), for a streamed store too,
    // and the entry itself into *entry when asked: nullopt and *error as ForEachEntry.
    std::optional<typename R::State> StateAt(int seq, std::string* error, Entry* entry = nullptr) const;
    std::optional<int> FindCommandId(std::string_view command_id) const;

    bool ReadOnly() const { return m_read_only; }
    // Why nothing can be added (empty when writable): opened for reading, did not verify clean, a
    // read-only place (invariant 13), an unexpected schema (invariant 12).
    const std::string& ReadOnlyReason() const { return m_read_only_reason; }
    const VerifyReport& Report() const { return m_report; }
    const std::string& Path() const { return m_path; }
    // The file's schema version (invariant 19: 4 with start data, 3 without, 1-2 an older file
    // opened without migrating; invariant 22: 5 for a game other than the first).
    int Schema() const { return m_schema; }
    // The start data the game started from (invariant 19), or nullopt: an older file, started from
    // its header alone (Big Board Raiders: the board found by the name in the header).
    const std::optional<std::string>& StartData() const { return m_start_data; }
    // The head hash's fingerprint (invariant 4, FormatFingerprint), or entry seq's.
    std::string Fingerprint() const { return FingerprintAt(Size() - 1); }
    // Empty for a seq with no entry (invariant 11).
    std::string FingerprintAt(int seq) const {
        if (seq < 0 || seq >= Size()) return std::string();
        if (m_streamed)
            return FormatFingerprint(FingerprintDigits(seq));
        return FormatFingerprint(m_records[static_cast<size_t>(seq)].WrittenHash());
    }

    // The ledger `header` would start in this file: from its start data when it has some (invariant
    // 19), so a header is checked against an existing game without the board file it names; else
    // from the header alone. nullopt and *why when the header is refused.
    std::optional<Ledger> StartOf(const Header& header, Rejection* why) const;
    // Invariant 18: nullopt when the file at Path(), read by a connection of its own, still holds
    // this store's schema, entry 0 and its last entry with the same hashes; else what differs in words. A
    // follower's own connection does not see a file written over in place (the same inode).
    std::optional<std::string> ChangedUnder() const;

    // A consistent copy of the file through SQLite's backup API; fails if dest exists.
    bool Backup(const std::string& dest, std::string* error) const;

private:
    BasicStore() = default;
    static std::unique_ptr<BasicStore> OpenWith(const std::string& path, Mode mode, std::string* error,
                                                const StoreOptions& options, const EntryVisitor* taken);
    bool Verify(Mode mode);  // invariants 5, 9, 12; fills m_ledger, m_records and m_report
    // Invariant 20: the open's checks, row by row, keeping only the last entry; false at the first
    // finding of any kind (or anything unexpected), and Verify then starts again holding every entry.
    bool StreamVerify();
    bool StreamVerifyRows();  // StreamVerify inside its read transaction
    // Invariant 20: an entry no longer held, read back from the file (for the ledger's Recall;
    // `whole`: its kind and effects too, checked as ReadBack checks them).
    Entry RecallEntry(int seq, bool whole) const;
    // Invariant 20: the rows from..to read back, each checked to be the entry the open verified
    // (its hash over its content, and that hash's fingerprint digits); throws std::runtime_error
    // naming the entry when one is not.
    void ReadBack(int from, int to, const std::function<void(store_detail::StoredEntry&)>& fn) const;
    const EntryRecord& RecalledRecord(int seq) const;  // Record() of an entry not held
    // Invariant 20: the entries 0..to read again, checked and replayed; fn(replay, record) after each
    // (the replay's last entry is the one read). Inside one read transaction.
    bool Reread(int to, const std::function<void(const Ledger&, const EntryRecord&)>& fn, std::string* error) const;
    // The record of a new last entry (from the open, a follow or a write): every record, or for a
    // streamed store only the last one and the entry's fingerprint digits (invariant 20).
    void Keep(EntryRecord record, int seq);
    // Invariant 16: schema 1-2 -> 3 once the file verified clean as it is (m_records, m_ledger).
    // False (nothing written, *why) when it cannot; the caller opens the game read-only then.
    bool MigrateToV3(std::string* why);
    // Inside a write transaction: the entry's rows (entry, head in meta, a snapshot), no COMMIT.
    bool Insert(const Entry& entry, const EntryRecord& record, std::string* error);
    // Inside a write transaction: reads, checks and replays what another program appended (invariant 10).
    bool CatchUp(std::string* error);
    void MakeReadOnly(std::string reason);

    sqlite3* m_db = nullptr;
    std::string m_path;
    bool m_read_only = false;
    std::string m_read_only_reason;
    bool m_broken = false;  // a transaction could not even be rolled back: refuse further writes (invariant 11)
    int m_schema = kSchemaVersion;
    std::optional<std::string> m_start_data;  // meta 'start_data' (invariant 19)
    int64_t m_schema_cookie = -1;  // PRAGMA schema_version when the schema was last checked (invariant 12)
    std::optional<Ledger> m_ledger;
    std::vector<EntryRecord> m_records;  // from entry m_records_first on: all of them unless streamed
    int m_records_first = 0;
    bool m_stream = false;     // asked to stream (StoreOptions::stream_entries on a ReadOnly open)
    bool m_streamed = false;   // streaming: the file checked clean row by row (invariant 20)
    bool m_stream_writable = false;  // a writable streamed open: every snapshot must be there (invariant 20)
    mutable std::map<int, EntryRecord> m_recalled_records;  // Record() of entries not held: the last kRecalledRecords
    mutable std::deque<int> m_recalled_order;
    // Streamed: kFingerprintDigits hex digits an entry (FingerprintAt), in blocks of
    // kFingerprintBlock entries each reserved whole: 16 bytes an entry, never twice that as one
    // string's doubling left it (a 1,000,000-entry play held 32 MB for 16).
    std::vector<std::string> m_fingerprints;
    static constexpr size_t kFingerprintBlock = 4096;
    std::string_view FingerprintDigits(int seq) const {
        const size_t at = static_cast<size_t>(seq);
        return std::string_view(m_fingerprints[at / kFingerprintBlock])
            .substr(at % kFingerprintBlock * kFingerprintDigits, kFingerprintDigits);
    }
    std::string m_chain_start;   // streamed: hash(-1) of table entry, where a re-read starts
    std::string m_first_hash;    // entry 0's hash in table entry (ChangedUnder)
    std::unordered_map<std::string, int> m_ids;  // command id -> seq
    VerifyReport m_report;
    std::string m_follow_problem;  // invariant 18: why following stopped ("" while it goes on)
    const EntryVisitor* m_taken = nullptr;  // invariant 21: during a streamed open or a Follow that was given one
};

// The exact bytes hashed for an entry (invariant 4) of a file of schema version `schema`: from 3
// on, `effects` is their data (D::Encode), before it their JSON text.
std::string EntryContent(int seq, std::string_view kind, std::string_view line, const Stamp& stamp, int rules_version,
                         std::string_view effects, int schema = kSchemaVersion);
// The hash a migrated file's table `entry` chains from (invariant 16): it covers the last entry
// and hash of the version-2 chain kept in entry_v2.
std::string MigrationLink(int v2_head_seq, std::string_view v2_head_hash);
// The hash entry 0 of a file with start data chains from (invariant 19): it covers the start data.
// `prev_hex`: 64 hex zeros.
std::string StartLink(std::string_view prev_hex, std::string_view start_data);
// hash(n) from hash(n-1) (hex; empty for entry 0) and the content; hex.
std::string ChainHash(std::string_view prev_hex, std::string_view content);

} // namespace rutland
