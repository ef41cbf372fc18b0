// The generic store's templates (basic_store.h, whose invariants the numbers here cite): included
// once per ruleset where it is instantiated (store.cpp for Big Board Raiders, explicitly, so the
// app compiles none of it; tests/kernel/ for the toy game). Nothing here names a game: what is a
// game's own comes through R (kernel/ruleset.h) and D (DurableRuleset).
//
// [SECTION] Create and Open
// [SECTION] Verify (invariants 5, 6, 7, 9)
// [SECTION] Streaming (invariant 20)
// [SECTION] Submit (invariants 2, 3, 10, 11)
// [SECTION] Backup
#pragma once

#include <algorithm>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "base/safe_text.h"
#include "base/sha256.h"
#include "kernel/basic_store.h"
#include "kernel/game_word.h"
#include "kernel/store_file.h"

namespace rutland {

// The machinery every store shares (store_file.h), by its short names in the templates below.
using namespace store_detail;

namespace store_detail {

// What a new game's file keeps beside entry 0 (invariant 19); nullopt for a game that keeps nothing
// (a D with only some of the three hooks keeps nothing: it could not read back what it wrote).
template <class R, class D>
std::optional<std::string> StartDataOf(const typename R::State& state) {
    if constexpr (KeepsStartData<D, R>)
        return std::optional<std::string>(D::StartData(state));
    else
        return std::nullopt;
}

template <class R, class D>
std::string_view StartDataName() {
    if constexpr (KeepsStartData<D, R>)
        return D::kStartDataName;
    else
        return "the start data";
}

// Whether a file of schema `schema` keeps start data (invariants 19, 22): the first game's schema
// 4, or a schema-5 file of a game that keeps it.
template <class R, class D>
bool StartDataExpected(int schema) {
    return schema == kSchemaStartData || (schema >= kSchemaGameNamed && KeepsStartData<D, R>);
}

// The game entry 0 starts: from the file's start data when it has some (invariant 19), else from
// the header alone.
template <class R, class D>
std::optional<BasicLedger<R>> StartLedger(const typename R::Header& header, const std::optional<std::string>& start_data,
                                          Rejection* why) {
    if (!start_data) return BasicLedger<R>::Start(header, why);
    if constexpr (KeepsStartData<D, R>) {
        return BasicLedger<R>::FromStart(D::StartFrom(header, *start_data), why);
    } else {
        *why = Rejection{"the file holds start data (meta 'start_data'), which this game never writes", ""};
        return std::nullopt;
    }
}

} // namespace store_detail

// =============================================================================================
// [SECTION] Create and Open
// =============================================================================================
template <Ruleset R, class D>
    requires DurableRuleset<D, R>
BasicStore<R, D>::~BasicStore() {
    if (m_db) sqlite3_close(m_db);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::unique_ptr<BasicStore<R, D>> BasicStore<R, D>::Create(const std::string& path, const Header& header, const Stamp& stamp,
                                     std::string* error, const StoreOptions& options) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        *error = fmt::format("{} already exists", path);
        return nullptr;
    }
    if (auto bad = StampProblem(stamp)) {  // invariant 14
        *error = fmt::format("{}: the header's stamp is refused: {}; nothing was written", path, *bad);
        return nullptr;
    }
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(header, &why);
    if (!ledger) {
        *error = "rejected: " + why.ToString();
        return nullptr;
    }
    // Invariant 19: what the game started from beyond its header, kept in the file (schema 4).
    const std::optional<std::string> start_data = StartDataOf<R, D>(ledger->State());
    // Invariant 22: the first game's files are written as they always were (4 or 3); any other
    // game's as schema 5, with its name in meta, and its header must name it too.
    constexpr std::string_view game = GameNameOf<R, D>();
    const bool named = game != kFirstGame;
    const int schema = named ? kSchemaGameNamed : start_data ? kSchemaStartData : kSchemaEffectsAsData;
    if (const std::string_view word = HeaderGameWord(ledger->At(0).line).value_or(kFirstGame); word != game) {
        *error = fmt::format("{}: the header '{}' names a game of {}, but this is {}'s file: nothing was written", path,
                             PrintableText(ledger->At(0).line), PrintableText(word), game);
        return nullptr;
    }
    // Built under a temporary name and linked into place once complete: a crash while creating
    // leaves no half-made game under `path` (only a stray temporary file).
    const std::string temp = fmt::format("{}.creating-{}", path, static_cast<long>(getpid()));
    std::filesystem::remove(temp, ec);
    {
        BasicStore store;
        store.m_path = temp;
        store.m_schema = schema;
        // NOFOLLOW: a symlink planted under the temporary name is refused, never written through.
        store.m_db = OpenDb(temp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW, error, options.vfs);
        if (!store.m_db) return nullptr;
        const std::string pragmas = fmt::format(
            "PRAGMA application_id={}; PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", kApplicationId);
        bool ok = Exec(store.m_db, pragmas.c_str(), error) && Exec(store.m_db, "BEGIN", error) &&
                  Exec(store.m_db, kSchemaV1, error) && RunMigrations(store.m_db, 1, schema, error) &&
                  Exec(store.m_db, "COMMIT", error);
        if (ok) {
            store.m_ledger = std::move(ledger);
            const Entry& entry = store.m_ledger->At(0);
            EntryRecord record;
            record.stamp = stamp;
            record.kind = KindName(entry.kind);
            record.rules_version = D::kRulesVersion;
            record.effects = D::Encode(entry.effects);
            record.prev_hash = start_data ? StartLink(kGenesis, *start_data) : kGenesis;
            record.hash = ChainHash(record.prev_hash, EntryContent(0, record.kind, entry.line, stamp,
                                                                   record.rules_version, record.effects, schema));
            ok = Exec(store.m_db, "BEGIN IMMEDIATE", error) && store.Insert(entry, record, error) &&
                 (!start_data || Statement(store.m_db, "INSERT INTO meta(key, value) VALUES('start_data', ?)")
                                     .Bind(1, *start_data).Run(error)) &&
                 (!named || Statement(store.m_db, "INSERT INTO meta(key, value) VALUES('game', ?)")
                                .Bind(1, game).Run(error)) &&
                 Exec(store.m_db, "COMMIT", error);
        }
        if (!ok) {
            sqlite3_close(store.m_db);
            store.m_db = nullptr;
            std::filesystem::remove(temp, ec);
            return nullptr;
        }
    }  // closing the last connection checkpoints the WAL into the file and removes it
    if (link(temp.c_str(), path.c_str()) != 0) {  // unlike rename, never replaces a file made meanwhile
        *error = fmt::format("{}: cannot create: {}", path, std::strerror(errno));
        std::filesystem::remove(temp, ec);
        return nullptr;
    }
    std::filesystem::remove(temp, ec);
    // The new name must survive a power loss too: sync the directory that holds it.
    const std::filesystem::path dir = std::filesystem::absolute(path, ec).parent_path();
    if (int fd = open(dir.c_str(), O_RDONLY); fd >= 0) {
        fsync(fd);
        close(fd);
    }
    return Open(path, Mode::ReadWrite, error, options);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::unique_ptr<BasicStore<R, D>> BasicStore<R, D>::Open(const std::string& path, Mode mode, std::string* error,
                                                         const StoreOptions& options, EntryVisitor taken) {
    std::unique_ptr<BasicStore> store = OpenWith(path, mode, error, options, taken ? &taken : nullptr);
    if (store) store->m_taken = nullptr;  // an open that did not stream never got to let go of it
    return store;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::unique_ptr<BasicStore<R, D>> BasicStore<R, D>::Open(const std::string& path, Mode mode, std::string* error,
                                                         const StoreOptions& options) {
    return OpenWith(path, mode, error, options, nullptr);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::unique_ptr<BasicStore<R, D>> BasicStore<R, D>::OpenWith(const std::string& path, Mode mode, std::string* error,
                                                             const StoreOptions& options, const EntryVisitor* taken) {
    if (auto refused = CheckFileHeader(path)) {
        *error = *refused;
        return nullptr;
    }
    std::unique_ptr<BasicStore> store(new BasicStore());
    store->m_taken = taken;  // invariant 21: StreamVerify hands the rows over, then lets go of it
    store->m_path = path;
    store->m_stream = options.stream_entries;  // invariant 20
    // Invariant 13: in a read-only place, read-only. With no WAL beside the file nothing can be
    // pending, and the file is read as immutable: SQLite then makes no -shm (a 0444 game once got
    // a 0444 -shm that later blocked every writer) and needs no write access for its locks.
    const std::optional<std::string> place = ReadOnlyPlace(path);
    auto open_read_only = [&]() {
        const bool immutable = place && !HasWal(path);
        store->m_db = immutable ? OpenDb(ImmutableUri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, error, options.vfs)
                                : OpenDb(path, SQLITE_OPEN_READONLY, error, options.vfs);
        if (!store->m_db && place) *error += " (" + *place + ")";
        return store->m_db != nullptr;
    };
    // Read-only first: application_id and user_version as SQLite sees them (the WAL included)
    // decide whether this version may write the file at all (invariant 1).
    if (!open_read_only()) return nullptr;
    // One read transaction for every check below: each is of the same snapshot of the file. Without
    // it a writer migrating the file between two of them (invariant 16) made this open read schema
    // version 2 and then schema 3's tables, and refuse a sound file as "not Rutland's".
    if (!Exec(store->m_db, "BEGIN", error)) return nullptr;
    const auto app_id = QueryInt(store->m_db, "PRAGMA application_id");
    const auto version = QueryInt(store->m_db, "PRAGMA user_version");
    if (!app_id || !version) {
        *error = fmt::format("{}: SQLite cannot read it: {}{}", path, DbError(store->m_db), place ? " (" + *place + ")" : "");
        return nullptr;
    }
    if (static_cast<uint32_t>(*app_id) != kApplicationId || *version < 1) {
        *error = fmt::format("{}: an SQLite database but not a Rutland game (the file was not changed)", path);
        return nullptr;
    }
    if (*version > kSchemaVersion) {
        *error = fmt::format("{}: written by a newer Rutland (schema version {}; this one reads up to {}) (the file was "
                             "not changed)", path, *version, kSchemaVersion);
        return nullptr;
    }
    store->m_schema = static_cast<int>(*version);
    // Invariant 22: a file of another game is refused before anything is written (a schema-5 file
    // without its 'game' row, or with an empty one, opens, and Verify reports it).
    if (const auto file_game = FileGame(store->m_schema, ReadMetaGame(store->m_db));
        file_game && *file_game != GameNameOf<R, D>()) {
        *error = fmt::format("{} holds a game of {}, not of {} (the file was not changed)", path,
                             PrintableText(*file_game), GameNameOf<R, D>());
        return nullptr;
    }
    // Why this open will not write, decided before anything is written: a planted trigger would
    // fire even on a migration's rows (invariant 12). Verify reports the schema's problems.
    std::string why_read_only;
    if (mode == Mode::ReadOnly) why_read_only = "it was opened for reading only";
    else if (place) why_read_only = *place;
    else if (!SchemaProblems(store->m_db, store->m_schema).empty())
        why_read_only = "its schema is not Rutland's (rutland-cli verify names what is not)";
    if (!Exec(store->m_db, "COMMIT", error)) return nullptr;
    if (why_read_only.empty()) {
        sqlite3_close(store->m_db);
        store->m_db = OpenDb(path, SQLITE_OPEN_READWRITE, error, options.vfs);
        if (!store->m_db) return nullptr;
        if (sqlite3_db_readonly(store->m_db, "main") == 1) {  // SQLite fell back to reading: say so, never fail later
            sqlite3_close(store->m_db);
            store->m_db = nullptr;
            why_read_only = fmt::format("{} cannot be opened for writing", path);
            if (!open_read_only()) return nullptr;
        }
    }
    const bool writable = why_read_only.empty();
    // A writer that migrated the file since the snapshot above (invariant 16): open it as it is now.
    if (writable && store->m_schema < kSchemaEffectsAsData &&
        QueryInt(store->m_db, "PRAGMA user_version") != std::optional<int64_t>(store->m_schema)) {
        store.reset();
        return OpenWith(path, mode, error, options, taken);
    }
    if (writable) {
        // synchronous=OFF only for the power-loss test's proof that it can fail (StoreOptions).
        const char* pragmas = options.unsafe_synchronous_off ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;"
                                                             : "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;";
        if (!Exec(store->m_db, pragmas, error)) return nullptr;
    }
    // Invariant 16: an older schema is verified as it is first (nothing written), and migrated
    // only when every entry checks, its stored words included.
    // A schema-3 file stays schema 3 (invariant 19): only 1-2 migrate.
    const bool migrate = writable && store->m_schema < kSchemaEffectsAsData;
    if (migrate) store->m_stream = false;  // invariant 20: a migration reads every record (invariant 16)
    auto verify = [&](Mode verify_mode) {
        if (store->Verify(verify_mode)) return true;
        *error = fmt::format("{}: not even the game header can be read back:", path);
        for (const Finding& f : store->m_report.problems) *error += "\n  " + f.ToString();
        return false;
    };
    if (!verify(writable && !migrate ? Mode::ReadWrite : Mode::ReadOnly)) return nullptr;
    if (migrate && !store->m_report.Clean()) {
        store->MakeReadOnly(fmt::format("it did not verify clean (rutland-cli verify says why), so it was not moved to "
                                        "schema version {}: nothing was written", kSchemaEffectsAsData));
    } else if (migrate) {
        std::string why;
        if (!store->MigrateToV3(&why) && QueryInt(store->m_db, "PRAGMA user_version") == kSchemaEffectsAsData) {
            // Another Rutland migrated it while this one waited for the lock: open it as it is now.
            store.reset();
            return OpenWith(path, mode, error, options, taken);
        }
        if (store->m_schema == kSchemaEffectsAsData) {
            std::vector<std::string> notes = std::move(store->m_report.notes);
            store->m_report = VerifyReport{};
            store->m_report.notes = std::move(notes);
            store->m_ledger.reset();
            store->m_records.clear();
            store->m_ids.clear();
            if (!verify(Mode::ReadWrite)) return nullptr;
        } else {
            store->MakeReadOnly(fmt::format("it could not be moved to schema version {}: {}", kSchemaEffectsAsData, why));
        }
    }
    if (!store->m_report.Clean()) store->MakeReadOnly("it did not verify clean (rutland-cli verify says why)");
    else if (!writable) store->MakeReadOnly(why_read_only);
    return store;
}

// How long a migration waits for another writer's lock (invariant 16): another Rutland's migration
// of a large game, not the usual 5 s of one entry.
inline constexpr int kMigrationWaitMs = 60000;

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::MigrateToV3(std::string* why) {
    const int from = m_schema;
    // The write lock first (invariant 16): another Rutland migrating the same file at the same
    // moment is waited for (a minute at most), and found to have done it (Open then opens the file
    // again, as schema 3). The backup is copied under the lock, so it is the file that was verified.
    if (!BeginImmediateWaiting(m_db, kMigrationWaitMs, why)) return false;
    auto fail = [&](std::string message) {
        if (!message.empty()) *why = std::move(message);
        Exec(m_db, "ROLLBACK", nullptr);
        return false;
    };
    {  // still the file that was verified (another Rutland may have written or migrated it since)
        Statement q(m_db, "SELECT seq, hash, (SELECT user_version FROM pragma_user_version) FROM entry ORDER BY seq DESC LIMIT 1");
        if (q.Step() != SQLITE_ROW || q.Int(0) != Size() - 1 || q.Text(1) != m_records.back().hash || q.Int(2) != from)
            return fail("another program changed it while it was being checked: open it again");
    }
    const std::string copy = FreeBackupName(m_path, from);
    if (!CopyCommitted(m_db, m_path, copy, why)) return fail("");
    if (!RunMigrations(m_db, from, kSchemaEffectsAsData, why)) return fail("");
    const int last = Size() - 1;
    std::string prev = MigrationLink(last, m_records.back().hash);
    Statement insert(m_db, "INSERT INTO entry(seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, "
                           "hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (int seq = 0; seq <= last; ++seq) {
        const EntryRecord& r = m_records[static_cast<size_t>(seq)];
        const Entry& entry = m_ledger->At(seq);
        const std::string effects = D::Encode(entry.effects);
        const std::string hash = ChainHash(prev, EntryContent(seq, r.kind, entry.line, r.stamp, r.rules_version, effects, 3));
        insert.Reset();
        insert.Bind(1, seq).Bind(2, r.kind).Bind(3, entry.line).Bind(4, r.stamp.time).Bind(5, r.stamp.who);
        insert.Bind(6, r.stamp.command_id).Bind(7, r.rules_version).BindBlob(8, effects).Bind(9, prev).Bind(10, hash);
        if (!insert.Run(why)) return fail("");
        prev = hash;
    }
    Statement head(m_db, "INSERT OR REPLACE INTO meta(key, value) VALUES('head_seq', ?), ('head_hash', ?)");
    if (!head.Bind(1, std::to_string(last)).Bind(2, prev).Run(why) || !Exec(m_db, "COMMIT", why)) return fail("");
    m_schema = kSchemaEffectsAsData;
    m_report.notes.push_back(fmt::format("migrated from schema version {} to {} (effects stored as data, checked against "
                                         "every entry's stored words first); the old file is kept as {}, and its {} "
                                         "entries as written stay in the game and still verify",
                                         from, kSchemaEffectsAsData, copy, last + 1));
    return true;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
void BasicStore<R, D>::MakeReadOnly(std::string reason) {
    if (m_read_only) return;  // the first reason stays: it is the one that decided
    m_read_only = true;
    m_read_only_reason = std::move(reason);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::optional<int> BasicStore<R, D>::FindCommandId(std::string_view command_id) const {
    if (m_streamed) {  // invariant 20: no id is held; the file's own index answers (invariant 3)
        Statement q(m_db, "SELECT seq FROM entry WHERE command_id = ? AND seq < ?");
        q.Bind(1, command_id).Bind(2, Size());
        if (q.Step() == SQLITE_ROW) return static_cast<int>(q.Int(0));
        return std::nullopt;
    }
    auto it = m_ids.find(std::string(command_id));
    if (it == m_ids.end()) return std::nullopt;
    return it->second;
}

// =============================================================================================
// [SECTION] Verify (invariants 5, 6, 7, 9)
// =============================================================================================
namespace store_detail {

// What replaying one stored entry onto the ledger found (invariants 5, 6).
struct Replayed {
    std::string problem;       // the entry cannot be trusted: stop before it
    std::string rules_change;  // recorded under older rules, and they now give something else
    bool stop = false;         // the rules change is that it is not even accepted: stop before it
};

// The stored snapshot against the state replayed (invariant 7), once their texts differ: nullopt
// when the text is another spelling of the same state, else where they differ (empty: somewhere).
template <class D, class State>
std::optional<std::string> SnapshotDifference(const std::string& stored, const State& state) {
    if constexpr (requires { { D::SnapshotDifference(stored, state) } -> std::convertible_to<std::optional<std::string>>; })
        return D::SnapshotDifference(stored, state);
    else
        return std::string();
}

// The first effect that differs between the recorded data and the replay's (invariant 6), in the
// game's words when it has some (D::EffectsDifference, which may add what it means: *more).
template <class D, class Effects, class State>
std::string EffectsDifference(const Effects& recorded, const Effects& replayed, const State& state, std::string* more) {
    if constexpr (requires { { D::EffectsDifference(recorded, replayed, state, more) } -> std::convertible_to<std::string>; }) {
        return D::EffectsDifference(recorded, replayed, state, more);
    } else {
        for (size_t i = 0; i < std::max(recorded.size(), replayed.size()); ++i) {
            if (i < recorded.size() && i < replayed.size() &&
                D::Encode(Effects{recorded[i]}) == D::Encode(Effects{replayed[i]}))
                continue;
            return fmt::format("effect {} differs", i + 1);
        }
        return "the effects differ";
    }
}

// Replays one stored entry onto the ledger and compares it with what was recorded. `schema`: how
// the entry's effects are stored (3: data, invariant 15; 1-2: words, which only a game with
// D::LegacyDifference ever wrote).
template <class R, class D>
Replayed ReplayStored(std::optional<BasicLedger<R>>& ledger, const StoredEntry& e, int schema,
                      const std::optional<std::string>& start_data) {
    Replayed out;
    const int seq = e.seq;
    const EntryRecord& rec = e.record;
    if (rec.rules_version > D::kRulesVersion) {
        out.problem = fmt::format("recorded under rules version {}, newer than this Rutland's {}: open the game with a "
                                  "newer Rutland", rec.rules_version, D::kRulesVersion);
        return out;
    }
    auto parsed = D::ParseStored(e.line);  // as written, before any newer limit
    if (!parsed.command) {
        out.problem = fmt::format("its line does not parse: {}", parsed.error ? parsed.error->ToString() : "empty");
        return out;
    }
    std::string refused;
    try {
        if (seq == 0) {
            const std::optional<typename R::Header> header = D::HeaderOf(*parsed.command);
            Rejection why;
            if (header) ledger = StartLedger<R, D>(*header, start_data, &why);
            if (!header || !ledger) refused = header ? why.ToString() : "entry 0 is not a game header";
        } else {
            SubmitResult r = ledger->Submit(*parsed.command);
            if (!r.accepted) refused = r.rejection.ToString();
            else if (r.seq != seq) refused = fmt::format("it replays as entry {}", r.seq);
        }
    } catch (const std::exception& ex) {
        refused = ex.what();
    }
    const bool older_rules = rec.rules_version < D::kRulesVersion;
    if (!refused.empty()) {
        if (older_rules) {
            out.rules_change = fmt::format("recorded under rules version {}, no longer accepted: {}", rec.rules_version, refused);
            out.stop = true;
        } else {
            out.problem = "it no longer replays: " + refused;
        }
        return out;
    }
    const BasicEntry<R>& now = ledger->At(seq);
    std::string differs, cash;
    if (now.line != e.line) {
        differs = fmt::format("recorded as '{}', replays as '{}'", e.line, now.line);
    } else if (KindName(now.kind) != rec.kind) {
        differs = fmt::format("recorded as a {} entry, replays as {}", rec.kind, KindName(now.kind));
    } else if (schema >= 3) {
        // Invariants 6, 15: data against data, never words. The bytes are unique to the data
        // (D::Encode), so equal bytes are the usual, quick case.
        const std::string effects_now = D::Encode(now.effects);
        if (effects_now != rec.effects) {
            std::string why;
            const auto recorded = D::Decode(rec.effects, &why);
            if (!recorded) {
                out.problem = "its effects cannot be read: " + why;
                return out;
            }
            differs = EffectsDifference<D>(*recorded, now.effects, ledger->State(), &cash);
        }
    } else if constexpr (requires(std::string* more) {
                             { D::LegacyDifference(std::declval<const BasicLedger<R>&>(), seq, std::string_view(), more) } ->
                                 std::convertible_to<std::string>;
                         }) {
        // Schema 1-2 stored the words: the rendering must give them exactly (the proof a migration
        // needs, invariant 16).
        differs = D::LegacyDifference(*ledger, seq, rec.effects, &cash);
    } else {
        out.problem = fmt::format("its effects are stored as words (schema version {}), which this game never wrote",
                                  schema);
        return out;
    }
    if (!differs.empty()) {
        if (!older_rules) {
            out.problem = "replaying it does not give what was recorded: " + differs;
            return out;
        }
        out.rules_change = fmt::format("rules version {} -> {}: {}", rec.rules_version, D::kRulesVersion, differs);
        if (!cash.empty()) out.rules_change += "; " + cash;
    }
    if (auto wrong = R::Check(ledger->State())) out.problem = "after it, conservation fails: " + *wrong;
    return out;
}

} // namespace store_detail

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::Verify(Mode mode) {
    // Invariant 20: a streamed open holds only the last entry when the file checks clean; at any
    // finding it starts again here, as every other open does, for the same report.
    if (m_stream) {
        m_stream_writable = mode == Mode::ReadWrite;
        if (StreamVerify()) return true;
        m_ledger.reset();
        m_records.clear();
        m_records_first = 0;
        m_fingerprints.clear();
        m_fingerprints.shrink_to_fit();
        m_streamed = false;
        m_report = VerifyReport{};
        m_start_data.reset();
    }
    VerifyReport& report = m_report;
    auto problem = [&](int seq, std::string message) { report.problems.push_back({seq, std::move(message)}); };

    // Invariant 9: everything below is read in one read transaction, one snapshot of the file. It
    // starts at the first read; a writer committing meanwhile is not seen.
    const bool snapshot = Exec(m_db, "BEGIN", nullptr);

    // 0. The schema is exactly Rutland's (invariant 12), and still the version the open saw.
    if (const auto version = QueryInt(m_db, "PRAGMA user_version"); version && *version != m_schema) {
        if (*version < 1 || *version > kSchemaVersion) problem(-1, fmt::format("its schema version became {} while it was "
                                                                               "being opened", *version));
        else m_schema = static_cast<int>(*version);  // another Rutland migrated it meanwhile
    }
    m_schema_cookie = QueryInt(m_db, "PRAGMA schema_version").value_or(-1);
    for (std::string& found : SchemaProblems(m_db, m_schema)) problem(-1, std::move(found));

    // 1. SQLite's own check of the file's structure.
    {
        Statement q(m_db, "PRAGMA quick_check");
        std::vector<std::string> said;
        int rc;
        while ((rc = q.Step()) == SQLITE_ROW) said.push_back(q.Text(0));
        if (rc != SQLITE_DONE) said.push_back(q.Error());
        if (said.size() != 1 || said[0] != "ok")
            problem(-1, fmt::format("SQLite's quick_check finds the file damaged: {}", said.empty() ? "?" : said[0]));
    }

    // 2. The rows, their types and their numbering.
    std::vector<StoredEntry> rows;
    {
        // Reserved for the rows there are (max(seq) of an INTEGER PRIMARY KEY is one b-tree descent):
        // growing 10,000 entries one reallocation at a time moved them all a dozen times.
        if (const auto last = QueryInt(m_db, "SELECT max(seq) FROM entry"); last && *last >= 0 && *last < 10'000'000) {
            rows.reserve(static_cast<size_t>(*last) + 1);
            m_records.reserve(static_cast<size_t>(*last) + 1);
        }
        Statement q(m_db, fmt::format("{} ORDER BY seq", kSelectEntries).c_str());
        int rc;
        while ((rc = q.Step()) == SQLITE_ROW) {
            const int expected = static_cast<int>(rows.size());
            StoredEntry e;
            if (auto wrong = ReadRow(q, expected, &e, m_schema)) {
                problem(expected, std::move(*wrong));
                break;
            }
            rows.push_back(std::move(e));
        }
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            problem(static_cast<int>(rows.size()), "cannot be read: " + q.Error());
    }
    report.entries = static_cast<int>(rows.size());

    // 2b. Invariant 17: the version-2 rows a migration kept, checked as written (their own chain
    // over the stored words, never re-rendered), and the same entries as the new table's.
    std::string chain_start = kGenesis;
    size_t trusted_v2 = rows.size();  // entries the version-2 rows do not put in doubt
    if (m_schema >= 3) {
        Statement q(m_db, "SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, hash "
                          "FROM entry_v2 ORDER BY seq");
        std::string prev = kGenesis;
        int rc, count = 0;
        while ((rc = q.Step()) == SQLITE_ROW) {
            StoredEntry old;
            std::string bad;
            if (auto wrong = ReadRow(q, count, &old, 2)) {
                bad = *wrong;
            } else if (old.record.prev_hash != prev ||
                       ChainHash(prev, EntryContent(count, old.record.kind, old.line, old.record.stamp,
                                                    old.record.rules_version, old.record.effects, 2)) != old.record.hash) {
                bad = "its content does not match its hash: the entry was changed after it was written";
            } else if (static_cast<size_t>(count) >= rows.size() || rows[static_cast<size_t>(count)].line != old.line ||
                       rows[static_cast<size_t>(count)].record.kind != old.record.kind ||
                       rows[static_cast<size_t>(count)].record.stamp.time != old.record.stamp.time ||
                       rows[static_cast<size_t>(count)].record.stamp.who != old.record.stamp.who ||
                       rows[static_cast<size_t>(count)].record.stamp.command_id != old.record.stamp.command_id ||
                       rows[static_cast<size_t>(count)].record.rules_version != old.record.rules_version) {
                bad = "it is not the entry as written before the migration to schema 3 (entry_v2)";
            }
            if (!bad.empty()) {
                problem(count, "as written under schema 2 (entry_v2): " + bad);
                trusted_v2 = std::min(trusted_v2, static_cast<size_t>(count));
                break;
            }
            if (static_cast<size_t>(count) < rows.size()) rows[static_cast<size_t>(count)].record.written_hash = old.record.hash;
            prev = old.record.hash;
            ++count;
        }
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) problem(count, "cannot be read (entry_v2): " + q.Error());
        if (trusted_v2 < rows.size() && !rows.empty()) chain_start = rows[0].record.prev_hash;  // already reported
        else if (count > 0) chain_start = MigrationLink(count - 1, prev);
    }

    // 2c. Invariant 18: the start data, which entry 0 chains from; exactly in a schema-4 file.
    m_start_data.reset();
    {
        Statement q(m_db, "SELECT value FROM meta WHERE key = 'start_data'");
        if (q.Step() == SQLITE_ROW) m_start_data = q.Text(0);
    }
    const std::string_view start_name = StartDataName<R, D>();
    if (m_start_data && !StartDataExpected<R, D>(m_schema)) {
        problem(-1, fmt::format("meta holds {} to start from ('start_data'), which a schema-{} file never has: it was "
                                "added outside Rutland, and the game starts from its header as schema {} says",
                                start_name, m_schema, m_schema));
        m_start_data.reset();
    } else if (!m_start_data && StartDataExpected<R, D>(m_schema)) {
        problem(0, fmt::format("{} the game started from is missing (meta 'start_data', which every schema-{} file "
                               "of this game holds): it was removed outside Rutland, and nothing can be replayed "
                               "without it", start_name, m_schema));
        trusted_v2 = 0;
    } else if (m_start_data) {
        chain_start = StartLink(chain_start, *m_start_data);
    }

    // 2d. Invariant 22: the game the file records (meta 'game', schema 5) and the one its header
    // names agree, and are the game reading it.
    {
        const std::optional<std::string> meta_game = ReadMetaGame(m_db);
        const std::string* header_line = !rows.empty() ? &rows[0].line : nullptr;
        for (Finding& found : GameFindings(m_schema, meta_game, header_line, GameNameOf<R, D>()))
            report.problems.push_back(std::move(found));
    }
    // 2e. Invariant 12: meta's other rows ('format', and none Rutland never writes).
    for (Finding& found : MetaFindings(m_db)) report.problems.push_back(std::move(found));

    // 3. The hash chain: the entries up to the first break are the ones that can be trusted.
    // The digests are kept as bytes from one entry to the next (ChainHash's arithmetic without its
    // hex round trip for every entry).
    size_t trusted = 0;
    Digest prev_digest{};
    const bool start_ok = FromHex(chain_start, &prev_digest);
    std::string_view prev = chain_start;
    for (; start_ok && trusted < std::min(rows.size(), trusted_v2); ++trusted) {
        const StoredEntry& e = rows[trusted];
        const int seq = e.seq;
        if (e.record.prev_hash != prev) {
            if (seq == 0 && m_start_data)
                problem(seq, fmt::format("{} stored in the file (meta 'start_data') is not the one the game started "
                                         "from: entry 0 does not chain from it, so it was changed after the game began",
                                         start_name));
            else
                problem(seq, seq == 0 ? "the hash chain is broken here: its prev_hash is not the link to the version-2 "
                                        "entries (entry_v2) it was migrated from"
                                      : fmt::format("the hash chain is broken here: its prev_hash is not entry {}'s hash",
                                                    seq - 1));
            break;
        }
        const std::string content = EntryContent(seq, e.record.kind, e.line, e.record.stamp, e.record.rules_version,
                                                 e.record.effects, m_schema);
        const Digest digest = Sha256(content, &prev_digest);
        if (ToHex(digest) != e.record.hash) {
            problem(seq, "its content does not match its hash: the entry was changed after it was written");
            break;
        }
        prev_digest = digest;
        prev = e.record.hash;
    }

    // 4. The head the last transaction recorded: entries deleted or added at the end show here.
    if (m_schema >= 2 && trusted == rows.size() && !rows.empty()) {
        Statement q(m_db, "SELECT (SELECT value FROM meta WHERE key = 'head_seq'), "
                          "(SELECT value FROM meta WHERE key = 'head_hash')");
        const int last = rows.back().seq;
        if (q.Step() == SQLITE_ROW) {
            const std::string head_seq = q.Text(0), head_hash = q.Text(1);
            int head = -1;
            const auto [end, ec] = std::from_chars(head_seq.data(), head_seq.data() + head_seq.size(), head);
            const bool readable = ec == std::errc() && end == head_seq.data() + head_seq.size() && head >= 0;
            if (!readable) {
                problem(-1, fmt::format("the head recorded in meta ('{}') is not an entry number", head_seq));
            } else if (head == last && head_hash != rows.back().record.hash) {
                problem(last, "its hash is not the head hash the file recorded");
            } else if (head > last) {
                problem(last + 1, fmt::format("missing: the file's head is entry {}, its last entry is {}", head, last));
            } else if (head < last) {
                problem(head + 1, fmt::format("added outside Rutland: the file's head is entry {}", head));
                trusted = static_cast<size_t>(head + 1);
            }
        }
    }

    // 5. The snapshots there are (invariant 7).
    std::unordered_map<int, std::pair<int, std::string>> snapshots;  // seq -> (rules version, state)
    if (m_schema >= 2) {
        Statement q(m_db, "SELECT seq, rules_version, state FROM snapshot");
        while (q.Step() == SQLITE_ROW) snapshots[static_cast<int>(q.Int(0))] = {static_cast<int>(q.Int(1)), q.Text(2)};
    }
    if (snapshot) Exec(m_db, "COMMIT", nullptr);  // every read is done: the rest is memory

    // 6. Replay every trusted entry and compare it with what was recorded.
    std::vector<std::pair<int, std::string>> rebuild;  // snapshots to (re)write
    std::vector<int> missing_snapshots;  // entries a snapshot is due after, and none is there
    size_t replayed = 0;
    for (; replayed < trusted; ++replayed) {
        const StoredEntry& e = rows[replayed];
        const int seq = e.seq;
        Replayed r = ReplayStored<R, D>(m_ledger, e, m_schema, m_start_data);
        if (!r.rules_change.empty()) report.rules_changes.push_back({seq, std::move(r.rules_change)});
        if (!r.problem.empty()) {
            problem(seq, std::move(r.problem));
            break;
        }
        if (r.stop) break;
        if (seq > 0 && seq % kSnapshotEvery == 0 && m_schema >= 2) {
            const auto it = snapshots.find(seq);
            std::string text = D::Snapshot(m_ledger->State());
            // A snapshot is written with its entry, stamped with that entry's rules version, and
            // rebuilt only by a newer Rutland: any other rules version was put there by hand (and
            // would have the cache rebuilt over an edited state without a word).
            const int written = e.record.rules_version;
            if (it != snapshots.end() && (it->second.first < written || it->second.first > D::kRulesVersion)) {
                problem(seq, fmt::format("its snapshot is stamped rules version {}, which no Rutland writes for it (the "
                                         "entry is of rules version {}, this Rutland's is {}): it was changed outside "
                                         "Rutland", it->second.first, written, D::kRulesVersion));
                break;
            }
            if (it == snapshots.end()) missing_snapshots.push_back(seq);
            if (it == snapshots.end() || it->second.first != D::kRulesVersion) {
                rebuild.emplace_back(seq, std::move(text));
            } else if (it->second.second != text) {
                // Snapshots are written as D::Snapshot writes them, so the same text is the same
                // state; other text may still spell the same state (D::SnapshotDifference says), and
                // only a different state is a problem.
                if (auto differs = store_detail::SnapshotDifference<D>(it->second.second, m_ledger->State())) {
                    problem(seq, fmt::format("the stored state (snapshot) differs from the replay{}",
                                             differs->empty() ? "" : " at " + *differs));
                    break;
                }
            }
        }
        if (seq == 0) m_first_hash = rows[replayed].record.hash;
        m_records.push_back(std::move(rows[replayed].record));  // rows keeps only the line from here on
        m_ids.emplace(m_records.back().stamp.command_id, seq);
    }
    for (const auto& [seq, _] : snapshots) {
        if (seq >= report.entries) problem(seq, "a snapshot exists for this entry, but the entry does not");
        else if (seq <= 0 || seq % kSnapshotEvery != 0)
            problem(seq, fmt::format("a snapshot exists for this entry, where Rutland writes none (it writes one after "
                                     "every {}th entry): it was added outside Rutland", kSnapshotEvery));
    }

    if (m_records.empty()) {
        m_ledger.reset();
        return false;
    }
    // The bad entry may have been applied before it was found bad: keep only the entries before it
    // (invariant 5), replaying them once more (they replayed cleanly a moment ago).
    if (m_ledger->Size() > static_cast<int>(m_records.size())) {
        Rejection why;
        m_ledger = StartLedger<R, D>(*D::HeaderOf(*D::ParseStored(rows[0].line).command), m_start_data, &why);
        for (size_t i = 1; i < m_records.size(); ++i) m_ledger->Submit(*D::ParseStored(rows[i].line).command);
    }

    // A missing snapshot changes no entry (the cache is rebuilt by a writable open, below), but it
    // was removed outside Rutland, which writes one with every kSnapshotEvery-th entry: said.
    if (!missing_snapshots.empty() && !(mode == Mode::ReadWrite && report.Clean())) {
        std::string seqs;
        for (int seq : missing_snapshots) seqs += (seqs.empty() ? "" : ", ") + std::to_string(seq);
        report.notes.push_back(fmt::format("no snapshot of entr{} {} (a cache of the state, written with every {}th "
                                           "entry): removed outside Rutland; the next writable open rebuilds it",
                                           missing_snapshots.size() == 1 ? "y" : "ies", seqs, kSnapshotEvery));
    }
    if (mode == Mode::ReadWrite && report.Clean() && !rebuild.empty()) {
        std::string why;
        bool ok = Exec(m_db, "BEGIN IMMEDIATE", &why);
        for (const auto& [seq, state] : rebuild) {
            if (!ok) break;
            ok = Statement(m_db, "INSERT OR REPLACE INTO snapshot(seq, rules_version, state) VALUES(?, ?, ?)")
                     .Bind(1, seq).Bind(2, D::kRulesVersion).Bind(3, state).Run(&why);
        }
        if (ok && Exec(m_db, "COMMIT", &why)) {
            report.notes.push_back(fmt::format("rebuilt {} snapshot{} (a cache of the state every {} entries)",
                                               rebuild.size(), rebuild.size() == 1 ? "" : "s", kSnapshotEvery));
        } else {
            Exec(m_db, "ROLLBACK", nullptr);
            report.notes.push_back("could not rebuild the snapshots: " + why);
        }
    }
    return true;
}

// =============================================================================================
// [SECTION] Streaming (invariant 20)
// =============================================================================================
template <Ruleset R, class D>
    requires DurableRuleset<D, R>
void BasicStore<R, D>::Keep(EntryRecord record, int seq) {
    if (seq == 0) m_first_hash = record.hash;
    if (!m_streamed) {
        m_ids.emplace(record.stamp.command_id, seq);
        m_records.push_back(std::move(record));
        return;
    }
    // Entries are kept in order, one after the other: entry seq's digits are the next ones.
    if (m_fingerprints.empty() || m_fingerprints.back().size() == kFingerprintBlock * kFingerprintDigits) {
        m_fingerprints.emplace_back().reserve(kFingerprintBlock * kFingerprintDigits);
    }
    std::string& block = m_fingerprints.back();
    const size_t before = block.size();
    block.append(record.WrittenHash(), 0, kFingerprintDigits);
    block.resize(before + kFingerprintDigits, '?');  // a hash shorter than that
    m_records.clear();
    m_records.push_back(std::move(record));
    m_records_first = seq;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
auto BasicStore<R, D>::RecallEntry(int seq, bool whole) const -> Entry {
    if (whole) {  // basic_ledger.h invariant 10: At() of an entry no longer held, checked as read back
        store_detail::StoredEntry row;
        ReadBack(seq, seq, [&](store_detail::StoredEntry& e) { row = std::move(e); });
        Entry entry;
        entry.seq = seq;
        entry.line = std::move(row.line);
        auto parsed = D::ParseStored(entry.line);
        if (!parsed.command) throw std::runtime_error(fmt::format("{}: entry {} no longer parses", m_path, seq));
        entry.command = std::move(*parsed.command);
        if (m_schema >= kSchemaEffectsAsData) {
            // Stored as data (invariant 15), and equal to the replay's: the open compared them.
            std::string why;
            auto effects = D::Decode(row.record.effects, &why);
            if (!effects) throw std::runtime_error(fmt::format("{}: entry {}: {}", m_path, seq, why));
            entry.effects = std::move(*effects);
        } else {  // stored as words (schema 1-2): the replay's effects, read through once
            std::string why;
            if (!Reread(seq, [&](const Ledger& replay, const EntryRecord&) {
                    if (replay.Size() - 1 == seq) entry.effects = replay.At(seq).effects;
                }, &why))
                throw std::runtime_error(why);
        }
        return entry;
    }
    // Only ever an entry before the last one read, whose row checked out in this read (or the open's).
    Statement q(m_db, "SELECT line FROM entry WHERE seq = ?");
    q.Bind(1, seq);
    if (q.Step() != SQLITE_ROW)
        throw std::runtime_error(fmt::format("{}: entry {} cannot be read again: {}", m_path, seq, q.Error()));
    Entry entry;
    entry.seq = seq;
    entry.line = q.Text(0);
    auto parsed = D::ParseStored(entry.line);
    if (!parsed.command) throw std::runtime_error(fmt::format("{}: entry {} no longer parses", m_path, seq));
    entry.command = std::move(*parsed.command);
    return entry;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
void BasicStore<R, D>::ReadBack(int from, int to, const std::function<void(store_detail::StoredEntry&)>& fn) const {
    Statement rows(m_db, fmt::format("{} WHERE seq >= ? AND seq <= ? ORDER BY seq", kSelectEntries).c_str());
    rows.Bind(1, from).Bind(2, to);
    std::optional<Statement> v2;
    if (m_schema >= kSchemaEffectsAsData) {
        v2.emplace(m_db, "SELECT seq, hash FROM entry_v2 WHERE seq >= ? AND seq <= ? ORDER BY seq");
        v2->Bind(1, from).Bind(2, to);
    }
    int v2_rc = v2 ? v2->Step() : SQLITE_DONE;
    int seq = from;
    for (; seq <= to; ++seq) {
        store_detail::StoredEntry e;
        std::string wrong;
        if (rows.Step() != SQLITE_ROW) wrong = "cannot be read again: " + rows.Error();
        else if (auto bad = ReadRow(rows, seq, &e, m_schema)) wrong = *bad;
        while (wrong.empty() && v2_rc == SQLITE_ROW && v2->Int(0) < seq) v2_rc = v2->Step();
        if (wrong.empty() && v2_rc == SQLITE_ROW && v2->Int(0) == seq) e.record.written_hash = v2->Text(1);
        // Its own hash over what it holds, and that hash the one the open verified (its fingerprint digits).
        if (wrong.empty() &&
            (ChainHash(e.record.prev_hash, EntryContent(seq, e.record.kind, e.line, e.record.stamp, e.record.rules_version,
                                                        e.record.effects, m_schema)) != e.record.hash ||
             e.record.WrittenHash().compare(0, kFingerprintDigits, FingerprintDigits(seq)) != 0))
            wrong = "it is not the entry that was verified when the game was opened";
        if (!wrong.empty())
            throw std::runtime_error(fmt::format("{}: entry {}: {} (rutland-cli verify)", m_path, seq, wrong));
        fn(e);
    }
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
auto BasicStore<R, D>::RecalledRecord(int seq) const -> const EntryRecord& {
    if (!m_streamed || seq < 0 || seq >= m_records_first)
        throw std::out_of_range("entry " + std::to_string(seq) + " is not in the file");
    if (auto it = m_recalled_records.find(seq); it != m_recalled_records.end()) return it->second;
    // Read in runs (a reader going through the entries reads each run once), the oldest let go.
    const int to = std::min(m_records_first - 1, seq + static_cast<int>(kRecalledRecords) / 4 - 1);
    ReadBack(seq, to, [&](store_detail::StoredEntry& e) {
        if (m_recalled_records.count(e.seq)) return;
        if (m_recalled_order.size() >= kRecalledRecords) {
            m_recalled_records.erase(m_recalled_order.front());
            m_recalled_order.pop_front();
        }
        m_recalled_order.push_back(e.seq);
        m_recalled_records.emplace(e.seq, std::move(e.record));
    });
    return m_recalled_records.at(seq);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::StreamVerify() {
    if (!Exec(m_db, "BEGIN", nullptr)) return false;  // invariant 9: one snapshot of the file
    bool clean = false;
    m_streamed = true;  // Keep() holds only the last record from here on
    try {
        clean = StreamVerifyRows();
    } catch (const std::exception&) {
        clean = false;  // whatever it was, the full open says it exactly
    }
    Exec(m_db, "COMMIT", nullptr);
    m_taken = nullptr;  // invariant 21: only the streamed open's rows are handed over
    if (!sqlite3_get_autocommit(m_db)) return false;
    m_streamed = clean;
    return clean;
}

// Every check of Verify (invariants 5, 7, 12, 16-19) on one row at a time; false at the first thing
// Verify would report (it then reports it), never a finding of its own.
template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::StreamVerifyRows() {
    // 0-1. The schema (invariant 12), still the version the open saw, and SQLite's quick_check.
    if (QueryInt(m_db, "PRAGMA user_version").value_or(-1) != m_schema) return false;
    m_schema_cookie = QueryInt(m_db, "PRAGMA schema_version").value_or(-1);
    if (!SchemaProblems(m_db, m_schema).empty()) return false;
    {
        Statement q(m_db, "PRAGMA quick_check");
        if (q.Step() != SQLITE_ROW || q.Text(0) != "ok" || q.Step() != SQLITE_DONE) return false;
    }
    // Where the chain of table `entry` starts: after the version-2 rows a migration kept (invariant
    // 17, their own chain checked row by row below), and the start data (invariant 19).
    std::string chain_start = kGenesis;
    int v2_last = -1;
    std::string v2_last_hash;
    if (m_schema >= 3) {
        Statement q(m_db, "SELECT seq, hash FROM entry_v2 ORDER BY seq DESC LIMIT 1");
        if (q.Step() == SQLITE_ROW) {
            if (q.Type(0) != SQLITE_INTEGER || q.Type(1) != SQLITE_TEXT) return false;
            v2_last = static_cast<int>(q.Int(0));
            v2_last_hash = q.Text(1);
            chain_start = MigrationLink(v2_last, v2_last_hash);
        }
    }
    m_start_data.reset();
    {
        Statement q(m_db, "SELECT value FROM meta WHERE key = 'start_data'");
        if (q.Step() == SQLITE_ROW) m_start_data = q.Text(0);
    }
    if (m_start_data.has_value() != StartDataExpected<R, D>(m_schema)) return false;
    const std::optional<std::string> meta_game = ReadMetaGame(m_db);  // invariant 22, checked with entry 0
    if (!MetaFindings(m_db).empty()) return false;  // invariant 12: meta's other rows
    if (m_start_data) chain_start = StartLink(chain_start, *m_start_data);
    m_chain_start = chain_start;
    std::string head_seq, head_hash;
    if (m_schema >= 2) {
        Statement q(m_db, "SELECT (SELECT value FROM meta WHERE key = 'head_seq'), "
                          "(SELECT value FROM meta WHERE key = 'head_hash')");
        if (q.Step() != SQLITE_ROW) return false;
        head_seq = q.Text(0);
        head_hash = q.Text(1);
    }

    Statement rows(m_db, fmt::format("{} ORDER BY seq", kSelectEntries).c_str());
    Statement v2(m_db, "SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, hash "
                       "FROM entry_v2 ORDER BY seq");
    Statement snaps(m_db, "SELECT seq, rules_version, state FROM snapshot ORDER BY seq");
    bool v2_more = m_schema >= 3 && v2_last >= 0;
    std::string v2_prev = kGenesis;
    int snap_rc = m_schema >= 2 ? snaps.Step() : SQLITE_DONE;
    Digest prev_digest{};
    if (!FromHex(chain_start, &prev_digest)) return false;
    std::string prev = chain_start;
    int count = 0, rc;
    while ((rc = rows.Step()) == SQLITE_ROW) {
        StoredEntry e;
        if (ReadRow(rows, count, &e, m_schema)) return false;
        const EntryRecord& rec = e.record;
        // Invariant 17: the row as written under schema 2, the same entry.
        if (v2_more) {
            const int v2_rc = v2.Step();
            if (v2_rc == SQLITE_DONE) {
                v2_more = false;
            } else {
                StoredEntry old;
                if (v2_rc != SQLITE_ROW || ReadRow(v2, count, &old, 2) || old.record.prev_hash != v2_prev ||
                    ChainHash(v2_prev, EntryContent(count, old.record.kind, old.line, old.record.stamp,
                                                    old.record.rules_version, old.record.effects, 2)) != old.record.hash ||
                    old.line != e.line || old.record.kind != rec.kind || old.record.stamp.time != rec.stamp.time ||
                    old.record.stamp.who != rec.stamp.who || old.record.stamp.command_id != rec.stamp.command_id ||
                    old.record.rules_version != rec.rules_version)
                    return false;
                v2_prev = old.record.hash;
                e.record.written_hash = old.record.hash;
                if (count == v2_last && v2_prev != v2_last_hash) return false;
            }
        }
        if (count == 0 && !GameFindings(m_schema, meta_game, &e.line, GameNameOf<R, D>()).empty()) return false;
        // Invariant 4: the hash chain.
        if (rec.prev_hash != prev) return false;
        const Digest digest = Sha256(EntryContent(count, rec.kind, e.line, rec.stamp, rec.rules_version, rec.effects,
                                                  m_schema), &prev_digest);
        if (ToHex(digest) != rec.hash) return false;
        prev_digest = digest;
        prev = rec.hash;
        // Invariants 5, 6: the replay, against what was recorded.
        const Replayed r = ReplayStored<R, D>(m_ledger, e, m_schema, m_start_data);
        if (!r.problem.empty() || !r.rules_change.empty() || r.stop) return false;
        if (count == 0) m_ledger->HoldOnlyLast([this](int seq, bool whole) { return RecallEntry(seq, whole); });
        // Invariant 7: the snapshot there is (a missing one is rebuilt only by a writable open).
        if (count > 0 && count % kSnapshotEvery == 0 && m_schema >= 2) {
            // A snapshot between two due ones, or none where one is due (Verify reports and notes them).
            if (snap_rc == SQLITE_ROW && snaps.Int(0) < count) return false;
            if (snap_rc != SQLITE_ROW || snaps.Int(0) != count) return false;
            if (snaps.Int(1) < rec.rules_version || snaps.Int(1) > D::kRulesVersion) return false;
            if (snaps.Int(1) == D::kRulesVersion) {
                const std::string stored = snaps.Text(2);
                if (stored != D::Snapshot(m_ledger->State()) &&
                    store_detail::SnapshotDifference<D>(stored, m_ledger->State()))
                    return false;
            } else if (m_stream_writable) {
                return false;  // a writable open rebuilds it: the whole open does (Verify)
            }
            snap_rc = snaps.Step();
        }
        Keep(std::move(e.record), count);
        if (m_taken) (*m_taken)(m_ledger->At(count), m_records.back());  // invariant 21
        ++count;
    }
    if (rc != SQLITE_DONE || count == 0) return false;
    // The version-2 rows end where they said (the link above used their last), and no later.
    if (m_schema >= 3 && v2_last >= 0 && (v2_last >= count || v2_prev != v2_last_hash)) return false;
    if (v2_more && v2.Step() != SQLITE_DONE) return false;
    // No snapshot of an entry the file does not have, nor between two due ones.
    if (snap_rc != SQLITE_DONE) return false;
    // The head the last transaction recorded.
    if (m_schema >= 2 && (head_seq != std::to_string(count - 1) || head_hash != prev)) return false;
    m_report.entries = count;
    return true;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::Reread(int to, const std::function<void(const Ledger&, const EntryRecord&)>& fn,
                              std::string* error) const {
    if (!Exec(m_db, "BEGIN", error)) return false;  // invariant 9
    std::string wrong;
    try {
        Statement rows(m_db, fmt::format("{} WHERE seq <= ? ORDER BY seq", kSelectEntries).c_str());
        rows.Bind(1, to);
        Statement v2(m_db, "SELECT hash FROM entry_v2 ORDER BY seq");
        bool v2_more = m_schema >= 3;
        std::optional<Ledger> ledger;
        std::string prev = m_chain_start;
        int count = 0, rc = SQLITE_DONE;
        while (wrong.empty() && (rc = rows.Step()) == SQLITE_ROW) {
            StoredEntry e;
            if (auto bad = ReadRow(rows, count, &e, m_schema)) {
                wrong = *bad;
                break;
            }
            if (v2_more) {
                if (v2.Step() == SQLITE_ROW) e.record.written_hash = v2.Text(0);
                else v2_more = false;
            }
            if (e.record.prev_hash != prev ||
                ChainHash(prev, EntryContent(count, e.record.kind, e.line, e.record.stamp, e.record.rules_version,
                                             e.record.effects, m_schema)) != e.record.hash ||
                e.record.WrittenHash().compare(0, kFingerprintDigits, FingerprintDigits(count)) != 0 ||
                (count == Size() - 1 && e.record.hash != m_records.back().hash)) {
                wrong = "it is not the entry that was verified when the game was opened";
                break;
            }
            prev = e.record.hash;
            const Replayed r = ReplayStored<R, D>(ledger, e, m_schema, m_start_data);
            if (!r.problem.empty() || !r.rules_change.empty() || r.stop) {
                wrong = !r.problem.empty() ? r.problem : r.rules_change;
                break;
            }
            if (count == 0) ledger->HoldOnlyLast([this](int seq, bool whole) { return RecallEntry(seq, whole); });
            fn(*ledger, e.record);
            ++count;
        }
        if (wrong.empty() && rc != SQLITE_DONE) wrong = "cannot be read: " + rows.Error();
        if (wrong.empty() && count != to + 1) wrong = "missing";
        if (!wrong.empty()) wrong = fmt::format("{}: entry {}: {} (rutland-cli verify)", m_path, count, wrong);
    } catch (const std::exception& ex) {
        wrong = fmt::format("{}: {}", m_path, ex.what());
    }
    Exec(m_db, "COMMIT", nullptr);
    if (!wrong.empty()) {
        *error = std::move(wrong);
        return false;
    }
    return true;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::ForEachEntry(int from, int to, const EntryVisitor& fn, std::string* error) const {
    from = std::max(from, 0);
    to = std::min(to, Size() - 1);
    if (from > to) return true;
    if (!m_streamed) {
        for (int seq = from; seq <= to; ++seq) fn(m_ledger->At(seq), Record(seq));
        return true;
    }
    return Reread(to, [&](const Ledger& replay, const EntryRecord& record) {
        const int seq = replay.Size() - 1;
        if (seq >= from) fn(replay.At(seq), record);
    }, error);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::optional<typename R::State> BasicStore<R, D>::StateAt(int seq, std::string* error, Entry* entry) const {
    if (seq < 0 || seq >= Size()) {
        *error = fmt::format("{} has entries 0-{}; there is no entry {}", m_path, Size() - 1, seq);
        return std::nullopt;
    }
    if (!m_streamed || seq == Size() - 1) {
        if (entry) *entry = m_ledger->At(seq);
        return m_ledger->StateAt(seq);
    }
    std::optional<typename R::State> state;
    if (!Reread(seq, [&](const Ledger& replay, const EntryRecord&) {
            if (replay.Size() - 1 != seq) return;
            state = replay.State();
            if (entry) *entry = replay.At(seq);
        }, error))
        return std::nullopt;
    return state;
}

// =============================================================================================
// [SECTION] Submit (invariants 2, 3, 10, 11)
// =============================================================================================
template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::Insert(const Entry& entry, const EntryRecord& record, std::string* error) {
    Statement insert(m_db, "INSERT INTO entry(seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, "
                           "hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.Bind(1, entry.seq).Bind(2, record.kind).Bind(3, entry.line).Bind(4, record.stamp.time);
    insert.Bind(5, record.stamp.who).Bind(6, record.stamp.command_id).Bind(7, record.rules_version);
    if (m_schema >= 3) insert.BindBlob(8, record.effects);
    else insert.Bind(8, record.effects);
    insert.Bind(9, record.prev_hash).Bind(10, record.hash);
    if (!insert.Run(error)) return false;
    Statement head(m_db, "INSERT OR REPLACE INTO meta(key, value) VALUES('head_seq', ?), ('head_hash', ?)");
    if (!head.Bind(1, std::to_string(entry.seq)).Bind(2, record.hash).Run(error)) return false;
    if (entry.seq > 0 && entry.seq % kSnapshotEvery == 0) {
        Statement snap(m_db, "INSERT OR REPLACE INTO snapshot(seq, rules_version, state) VALUES(?, ?, ?)");
        if (!snap.Bind(1, entry.seq).Bind(2, D::kRulesVersion).Bind(3, D::Snapshot(m_ledger->State())).Run(error))
            return false;
    }
    return true;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
int BasicStore<R, D>::Follow(std::string* error, const EntryVisitor& taken) {
    m_taken = taken ? &taken : nullptr;
    const int n = Follow(error);
    m_taken = nullptr;
    return n;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::optional<BasicLedger<R>> BasicStore<R, D>::StartOf(const Header& header, Rejection* why) const {
    return store_detail::StartLedger<R, D>(header, m_start_data, why);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
std::optional<std::string> BasicStore<R, D>::ChangedUnder() const {
    if (m_records.empty()) return std::nullopt;
    return store_detail::ChangedInPlace(m_path, m_schema, Size() - 1, m_records.back().hash, m_first_hash);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
int BasicStore<R, D>::Follow(std::string* error) {
    if (m_broken) {
        *error = fmt::format("{}: an earlier read could not be finished; open the game again", m_path);
        return -1;
    }
    // A game that did not verify clean holds only the entries before its first problem (invariant 5):
    // what follows them does not check, so there is nothing to follow onto.
    if (!m_report.Clean()) {
        *error = fmt::format("{} did not verify clean (rutland-cli verify says why): not followed past entry {}", m_path,
                             Size() - 1);
        return -1;
    }
    if (!m_follow_problem.empty()) {
        *error = m_follow_problem;
        return -1;
    }
    const int before = Size();
    std::string why;
    // Invariant 9 for a follower: one snapshot of the file for the whole catch-up.
    if (!Exec(m_db, "BEGIN", &why)) {
        *error = fmt::format("cannot read {}: {}", m_path, why);
        return -1;
    }
    bool ok = false;
    try {
        ok = CatchUp(&why);
    } catch (const std::exception& e) {
        why = fmt::format("{}: {}", m_path, e.what());
    }
    Exec(m_db, "COMMIT", nullptr);
    if (!sqlite3_get_autocommit(m_db)) m_broken = true;  // still inside a transaction: nothing can be trusted
    if (!ok) {
        // Invariant 18: what checked out stays; nothing past a problem is ever taken in.
        m_follow_problem = why;
        *error = why;
        return -1;
    }
    return Size() - before;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::CatchUp(std::string* error) {
    // Invariant 12: a schema changed since it was checked (the sqlite3 tool while the game is open)
    // is checked again before anything is written under it.
    const auto cookie = QueryInt(m_db, "PRAGMA schema_version");
    if (!cookie) {
        *error = fmt::format("cannot read {}: {}", m_path, DbError(m_db));
        return false;
    }
    if (*cookie != m_schema_cookie) {
        const std::vector<std::string> found = SchemaProblems(m_db, m_schema);
        if (!found.empty()) {
            MakeReadOnly("its schema is not Rutland's: " + found.front());
            *error = fmt::format("{}: {}; nothing more is added (rutland-cli verify)", m_path, found.front());
            return false;
        }
        m_schema_cookie = *cookie;
    }
    const int last = Size() - 1;
    const std::string& last_hash = m_records.back().hash;
    {
        Statement q(m_db, "SELECT seq, hash FROM entry ORDER BY seq DESC LIMIT 1");
        if (q.Step() != SQLITE_ROW) {
            *error = fmt::format("cannot read the last entry of {}: {}", m_path, q.Error());
            return false;
        }
        if (q.Int(0) == last && q.Text(1) == last_hash) return true;  // nobody else wrote: the usual case
        if (q.Int(0) <= last) {
            MakeReadOnly("another program changed entries this one had read");
            *error = fmt::format("{} was changed by another program: its last entry is now {} (this program read up to {} "
                                 "with another hash); nothing was added: open it again (rutland-cli verify)",
                                 m_path, q.Int(0), last);
            return false;
        }
    }
    // Another Rutland appended: its entries are checked as an open checks them, and replayed.
    Statement q(m_db, fmt::format("{} WHERE seq >= ? ORDER BY seq", kSelectEntries).c_str());
    q.Bind(1, last);
    int rc = q.Step();
    std::string wrong;
    if (rc != SQLITE_ROW || q.Int(0) != last || q.Text(9) != last_hash) {
        wrong = fmt::format("entry {} is no longer the one this program read", last);
    } else {
        std::string prev = last_hash;
        for (int expected = last + 1; wrong.empty() && (rc = q.Step()) == SQLITE_ROW; ++expected) {
            StoredEntry e;
            if (auto bad = ReadRow(q, expected, &e, m_schema)) {
                wrong = fmt::format("entry {}: {}", expected, *bad);
                break;
            }
            if (e.record.prev_hash != prev ||
                ChainHash(prev, EntryContent(e.seq, e.record.kind, e.line, e.record.stamp, e.record.rules_version,
                                             e.record.effects, m_schema)) != e.record.hash) {
                wrong = fmt::format("entry {}: it does not chain onto entry {}", expected, expected - 1);
                break;
            }
            if (const std::optional<int> earlier = FindCommandId(e.record.stamp.command_id)) {
                wrong = fmt::format("entry {}: its command id {} is already entry {}", expected, e.record.stamp.command_id,
                                    *earlier);
                break;
            }
            const int before = m_ledger->Size();
            Replayed r = ReplayStored<R, D>(m_ledger, e, m_schema, m_start_data);
            if (!r.problem.empty() || !r.rules_change.empty()) {
                if (m_ledger->Size() > before) m_ledger->TakeBackLast();
                wrong = fmt::format("entry {}: {}", expected, !r.problem.empty() ? r.problem : r.rules_change);
                break;
            }
            prev = e.record.hash;
            Keep(std::move(e.record), e.seq);
            if (m_taken) (*m_taken)(m_ledger->At(Size() - 1), m_records.back());  // invariant 21
        }
        if (wrong.empty() && rc != SQLITE_DONE) wrong = "cannot be read: " + q.Error();
    }
    if (wrong.empty()) {
        Statement head(m_db, "SELECT (SELECT value FROM meta WHERE key = 'head_seq'), "
                             "(SELECT value FROM meta WHERE key = 'head_hash')");
        if (head.Step() != SQLITE_ROW || head.Text(0) != std::to_string(Size() - 1) || head.Text(1) != m_records.back().hash)
            wrong = fmt::format("the head recorded in meta is not its last entry {}", Size() - 1);
    }
    if (!wrong.empty()) {
        // Whatever checked out stays (it is in the file, and memory is a prefix of it); nothing more
        // is written on top of what does not.
        MakeReadOnly("entries another program appended do not check out: " + wrong);
        *error = fmt::format("{}: entries another program appended do not check out ({}); nothing was added "
                             "(rutland-cli verify)", m_path, wrong);
        return false;
    }
    return true;
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
StoreReceipt BasicStore<R, D>::Submit(const Command& command, const Stamp& stamp) {
    return Submit(command, stamp, std::nullopt);
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
StoreReceipt BasicStore<R, D>::Submit(const Command& command, const Stamp& stamp, std::optional<int> expected_size) {
    StoreReceipt receipt;
    auto refuse = [&](std::string message) {
        receipt.status = SubmitStatus::Refused;
        receipt.refusal = std::move(message);
        return receipt;
    };
    if (m_broken) return refuse(fmt::format("an earlier write to {} could not even be rolled back; open the game again", m_path));
    if (m_read_only) return refuse(fmt::format("{} is open read-only: {}", m_path, m_read_only_reason));
    if (stamp.command_id.empty()) return refuse("a command needs a command id");
    if (auto why = StampProblem(stamp)) return refuse("the stamp is refused: " + *why + "; nothing was written");
    if (auto seq = FindCommandId(stamp.command_id)) {  // invariant 3: a retry
        receipt.status = SubmitStatus::Duplicate;
        receipt.accepted = true;
        receipt.seq = *seq;
        return receipt;
    }
    // Invariant 10: the write lock first, then the file's real head, then the command.
    std::string why;
    if (!Exec(m_db, "BEGIN IMMEDIATE", &why)) return refuse(fmt::format("{} cannot be written: {}", m_path, why));
    bool applied = false;  // the ledger holds the command, the file does not (yet)
    auto abandon = [&](std::string message) {
        if (applied) m_ledger->TakeBackLast();  // invariant 11: memory as before
        Exec(m_db, "ROLLBACK", nullptr);
        if (!sqlite3_get_autocommit(m_db)) m_broken = true;  // still inside a transaction: nothing can be trusted
        return refuse(std::move(message));
    };
    try {
        if (!CatchUp(&why)) return abandon(why);
        if (expected_size && Size() != *expected_size) {  // invariant 10: not onto a state it was not meant for
            const int expected = *expected_size;
            Exec(m_db, "ROLLBACK", nullptr);
            if (!sqlite3_get_autocommit(m_db)) m_broken = true;
            receipt.moved = true;
            return refuse(Size() == expected + 1
                              ? fmt::format("another program added entry {} to {} since this line was previewed: nothing "
                                            "was written", expected, m_path)
                          : Size() > expected
                              ? fmt::format("another program added entries {} to {} to {} since this line was previewed: "
                                            "nothing was written", expected, Size() - 1, m_path)
                              : fmt::format("{} has {} entries, not the {} this line was previewed on: nothing was written",
                                            m_path, Size(), expected));
        }
        if (auto seq = FindCommandId(stamp.command_id)) {  // another program wrote this very command
            Exec(m_db, "ROLLBACK", nullptr);
            receipt.status = SubmitStatus::Duplicate;
            receipt.accepted = true;
            receipt.seq = *seq;
            return receipt;
        }
        SubmitResult r = m_ledger->Submit(command);
        if (!r.accepted) {
            Exec(m_db, "ROLLBACK", nullptr);
            receipt.status = SubmitStatus::Rejected;
            receipt.rejection = r.rejection;
            return receipt;
        }
        applied = true;
        const Entry& entry = m_ledger->At(r.seq);
        EntryRecord record;
        record.stamp = stamp;
        record.kind = KindName(entry.kind);
        record.rules_version = D::kRulesVersion;
        record.effects = D::Encode(entry.effects);  // data, never words (invariant 15)
        record.prev_hash = m_records.back().hash;
        record.hash = ChainHash(record.prev_hash, EntryContent(r.seq, record.kind, entry.line, stamp,
                                                               record.rules_version, record.effects, m_schema));
        // With synchronous=FULL in WAL mode, COMMIT returns after the WAL is synced (invariant 2).
        if (!Insert(entry, record, &why) || !Exec(m_db, "COMMIT", &why))
            return abandon(fmt::format("the command was not saved: {}", why));
        Keep(std::move(record), r.seq);
        receipt.status = SubmitStatus::Accepted;
        receipt.accepted = true;
        receipt.seq = r.seq;
        return receipt;
    } catch (...) {
        abandon("");
        throw;
    }
}

template <Ruleset R, class D>
    requires DurableRuleset<D, R>
StoreReceipt BasicStore<R, D>::SubmitLine(std::string_view line, const Stamp& stamp) {
    StoreReceipt receipt;
    auto parsed = R::Parse(line);
    if (parsed.error) {
        receipt.status = SubmitStatus::Rejected;
        receipt.rejection = *parsed.error;
        return receipt;
    }
    if (!parsed.command) {
        receipt.status = SubmitStatus::Blank;
        return receipt;
    }
    return Submit(*parsed.command, stamp);
}

// =============================================================================================
// [SECTION] Backup
// =============================================================================================
template <Ruleset R, class D>
    requires DurableRuleset<D, R>
bool BasicStore<R, D>::Backup(const std::string& dest, std::string* error) const { return CopyDatabase(m_db, dest, error); }

} // namespace rutland
