// The game file's machinery that knows no game (basic_store.h, whose invariants the numbers here
// cite): SQLite in a few small wrappers, the file's header, read-only places, the schema and its
// migrations, the hash chain, one row read back. Compiled once (store_file.cpp) for every ruleset;
// the store's templates (basic_store_impl.h) call it. Only the store's own files include it.
//
// [SECTION] SQLite in a few small wrappers
// [SECTION] The file's header and read-only places (invariants 1, 13)
// [SECTION] Schema and migrations (invariant 12)
// [SECTION] The hash chain (invariant 4) and a row read back
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sqlite3.h>

#include "kernel/basic_store.h"

namespace rutland::store_detail {

// =============================================================================================
// [SECTION] SQLite in a few small wrappers
// =============================================================================================
std::string DbError(sqlite3* db);
bool Exec(sqlite3* db, const char* sql, std::string* error);

class Statement {
public:
    Statement(sqlite3* db, const char* sql) : m_db(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK) m_stmt = nullptr;
    }
    ~Statement() { sqlite3_finalize(m_stmt); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    bool Ok() const { return m_stmt != nullptr; }
    std::string Error() const { return DbError(m_db); }
    Statement& Bind(int index, std::string_view text) {
        if (m_stmt) sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& BindBlob(int index, std::string_view bytes) {
        if (m_stmt) sqlite3_bind_blob(m_stmt, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& Bind(int index, int64_t value) {
        if (m_stmt) sqlite3_bind_int64(m_stmt, index, value);
        return *this;
    }
    void Reset() {
        if (m_stmt) sqlite3_reset(m_stmt);
    }
    // SQLITE_ROW, SQLITE_DONE or an error code.
    int Step() { return m_stmt ? sqlite3_step(m_stmt) : SQLITE_ERROR; }
    // Runs a statement that returns no rows.
    bool Run(std::string* error) {
        if (Step() == SQLITE_DONE) return true;
        if (error) *error = Error();
        return false;
    }
    int Type(int column) const { return sqlite3_column_type(m_stmt, column); }
    int64_t Int(int column) const { return sqlite3_column_int64(m_stmt, column); }
    std::string Blob(int column) const {
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(m_stmt, column));
        return bytes ? std::string(bytes, static_cast<size_t>(sqlite3_column_bytes(m_stmt, column))) : std::string();
    }
    std::string Text(int column) const {
        const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, column));
        return bytes ? std::string(bytes, static_cast<size_t>(sqlite3_column_bytes(m_stmt, column))) : std::string();
    }

private:
    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

// One integer from a PRAGMA or a query; nullopt when it fails.
std::optional<int64_t> QueryInt(sqlite3* db, const char* sql);
sqlite3* OpenDb(const std::string& path, int flags, std::string* error, const std::string& vfs = {});
// A copy of `from`'s main database into a new file `dest` (SQLite's online backup API: consistent
// even while the game is being written); fails if dest exists. Written to a temporary file made
// new (O_EXCL|O_NOFOLLOW), synced, then linked into place: `dest` is whole or absent.
bool CopyDatabase(sqlite3* from, const std::string& dest, std::string* error);
// The same copy of the file at `path` as committed, while `db` (open on it) holds the write lock.
bool CopyCommitted(sqlite3* db, const std::string& path, const std::string& dest, std::string* error);
// BEGIN IMMEDIATE, waiting up to wait_ms for another writer (the usual wait is 5 s).
bool BeginImmediateWaiting(sqlite3* db, int wait_ms, std::string* error);

// =============================================================================================
// [SECTION] The file's header and read-only places (invariants 1, 13)
// =============================================================================================
// Refuses, with a message a broker can act on, any file that is not a Rutland game this version
// can open. Reads bytes only: a refused file is left exactly as it was.
std::optional<std::string> CheckFileHeader(const std::string& path);
// Why this process cannot write the game where it is; nullopt when it can.
std::optional<std::string> ReadOnlyPlace(const std::string& path);
// A WAL beside the file with something in it: entries that may not be in the file itself yet.
bool HasWal(const std::string& path);
// SQLite's URI filename for a path opened as immutable.
std::string ImmutableUri(const std::string& path);

// =============================================================================================
// [SECTION] Schema and migrations (invariant 12)
// =============================================================================================
extern const char* const kSchemaV1;
// Runs the schema's migration steps from version `from` to `to` (the rows a step needs beyond its
// SQL, like schema 3's table `entry` or schema 4's start data, are the caller's) and sets user_version.
bool RunMigrations(sqlite3* db, int from, int to, std::string* error);
// What differs between the file's schema and the one Rutland creates for schema `version`; empty:
// the schema is exactly Rutland's.
std::vector<std::string> SchemaProblems(sqlite3* db, int version);
// Invariant 22: meta's row 'game' as stored (nullopt: there is none, or meta cannot be read).
std::optional<std::string> ReadMetaGame(sqlite3* db);
// The game a file of schema `schema` holds: kFirstGame for 1-4, meta's 'game' for 5 (nullopt: it
// has none or an empty one, a problem GameFindings reports).
std::optional<std::string> FileGame(int schema, const std::optional<std::string>& meta_game);
// Invariant 22's findings on a file of `schema` with that meta row, entry 0's stored line
// (`header_line`, nullptr when there is no entry 0) and the game of the ruleset reading it: a row
// where the schema has none, none where it must, and a header naming another game. Empty: they agree.
std::vector<Finding> GameFindings(int schema, const std::optional<std::string>& meta_game, const std::string* header_line,
                                  std::string_view ruleset_game);
// Invariant 12: meta's 'format' (the schema script writes it) and its other rows.
inline constexpr std::string_view kMetaFormat = "rutland game";
// Findings on meta's rows that no other check reads: 'format' missing or not kMetaFormat, a row
// whose key Rutland never writes. Empty: they are Rutland's.
std::vector<Finding> MetaFindings(sqlite3* db);
// Invariant 18: nullopt when the file at `path`, read by a new read-only connection, still holds
// schema `schema`, entry 0 with hash `first_hash` (unchecked when empty) and entry `last_seq` with
// hash `last_hash` (what a store read, the chain up to it included); else what differs, in words
// without the path ("its entry 41 is another entry (another hash)"), which a follower's page shows
// on other machines.
std::optional<std::string> ChangedInPlace(const std::string& path, int schema, int last_seq, std::string_view last_hash,
                                          std::string_view first_hash);
// A name beside `path` that does not exist yet: path.v1.backup, path.v1.backup.2, ...
std::string FreeBackupName(const std::string& path, int version);
const char* KindName(EntryKind kind);

// =============================================================================================
// [SECTION] The hash chain (invariant 4) and a row read back
// =============================================================================================
extern const std::string kGenesis;  // hash(-1): 64 hex zeros

struct StoredEntry {
    int seq = 0;
    std::string line;
    EntryRecord record;
};

extern const char* const kSelectEntries;
// One row of kSelectEntries as entry `expected`; the problem when its types or its number are wrong.
// `schema`: the version of the table read (entry_v2 rows are version 2).
std::optional<std::string> ReadRow(const Statement& q, int expected, StoredEntry* e, int schema);

} // namespace rutland::store_detail
