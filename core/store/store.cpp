// The durable ledger (store.h). Invariant numbers refer to store.h.
//
// [SECTION] SQLite in a few small wrappers
// [SECTION] The file's header, read before SQLite may touch the file (invariant 1)
// [SECTION] Read-only places (invariant 13)
// [SECTION] Schema and migrations; the exact schema (invariant 12)
// [SECTION] The hash chain (invariant 4)
// [SECTION] Create and Open
// [SECTION] Verify (invariants 5, 6, 7, 9)
// [SECTION] Submit (invariants 2, 3, 10, 11)
// [SECTION] Backup
#include "store/store.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <fmt/format.h>

#include "store/effects_data.h"
#include "store/effects_json.h"
#include "base/safe_text.h"
#include "rules/rules.h"
#include "base/sha256.h"
#include "rules/state_json.h"

namespace fs = std::filesystem;

namespace rutland {

std::optional<std::string> StampProblem(const Stamp& stamp) {
    if (!IsUtcTime(stamp.time))
        return fmt::format("the time '{}' is not an ISO 8601 UTC time like 2026-11-22T01:15:14Z", PrintableText(stamp.time));
    if (auto why = StampTextProblem(stamp.who)) return "who " + *why;
    if (auto why = StampTextProblem(stamp.command_id)) return "the command id " + *why;
    return std::nullopt;
}

std::string Finding::ToString() const {
    return seq < 0 ? message : fmt::format("entry {}: {}", seq, message);
}

// =============================================================================================
// [SECTION] SQLite in a few small wrappers
// =============================================================================================
namespace {

std::string DbError(sqlite3* db) { return db ? sqlite3_errmsg(db) : "out of memory"; }

bool Exec(sqlite3* db, const char* sql, std::string* error) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
    if (error) *error = message ? message : DbError(db);
    sqlite3_free(message);
    return false;
}

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
std::optional<int64_t> QueryInt(sqlite3* db, const char* sql) {
    Statement q(db, sql);
    if (q.Step() != SQLITE_ROW) return std::nullopt;
    return q.Int(0);
}

sqlite3* OpenDb(const std::string& path, int flags, std::string* error, const std::string& vfs = {}) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, vfs.empty() ? nullptr : vfs.c_str()) !=
        SQLITE_OK) {
        if (error) *error = fmt::format("{}: cannot open: {}", path, DbError(db));
        sqlite3_close(db);
        return nullptr;
    }
    sqlite3_busy_timeout(db, 5000);  // another Rutland writing the same game: wait, do not fail
    sqlite3_extended_result_codes(db, 1);
    return db;
}

// A copy of `from`'s main database into a new file `dest` (SQLite's online backup API: consistent
// even while the game is being written).
bool CopyDatabase(sqlite3* from, const std::string& dest, std::string* error) {
    std::error_code ec;
    if (fs::exists(dest, ec)) {
        *error = fmt::format("{} already exists; nothing was written", dest);
        return false;
    }
    sqlite3* to = OpenDb(dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error);
    if (!to) return false;
    sqlite3_backup* backup = sqlite3_backup_init(to, "main", from, "main");
    int rc = backup ? sqlite3_backup_step(backup, -1) : SQLITE_ERROR;
    if (backup) sqlite3_backup_finish(backup);
    if (rc == SQLITE_DONE) rc = sqlite3_errcode(to);
    if (rc == SQLITE_OK || rc == SQLITE_DONE) rc = Exec(to, "PRAGMA journal_mode=WAL", error) ? SQLITE_OK : SQLITE_ERROR;
    if (rc != SQLITE_OK && rc != SQLITE_DONE) {
        *error = fmt::format("{}: the copy failed: {}", dest, DbError(to));
        sqlite3_close(to);
        fs::remove(dest, ec);
        return false;
    }
    return sqlite3_close(to) == SQLITE_OK;
}

// =============================================================================================
// [SECTION] The file's header, read before SQLite may touch the file (invariant 1)
// =============================================================================================
// SQLite's file format (sqlite.org/fileformat.html): the first 100 bytes of the file.
constexpr char kSqliteMagic[] = "SQLite format 3";  // and a NUL: 16 bytes

uint32_t BigEndian(const unsigned char* p, int bytes) {
    uint32_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
    return v;
}

// Refuses, with a message a broker can act on, any file that is not a Rutland game this version
// can open. Reads bytes only: a refused file is left exactly as it was.
std::optional<std::string> CheckFileHeader(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return fmt::format("{}: no such file", path);
    if (!fs::is_regular_file(path, ec)) return fmt::format("{}: not a file", path);
    const auto size = static_cast<uint64_t>(fs::file_size(path, ec));
    const std::string nothing = " (the file was not changed)";
    if (ec) return fmt::format("{}: cannot read: {}", path, ec.message());
    if (size == 0) return fmt::format("{}: the file is empty, not a Rutland game{}", path, nothing);
    std::array<unsigned char, 100> h{};
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(h.data()), static_cast<std::streamsize>(h.size()));
    const auto got = static_cast<size_t>(in.gcount());
    if (!in && got == 0) return fmt::format("{}: cannot read the file", path);
    const size_t magic = std::min<size_t>(got, sizeof kSqliteMagic);
    if (std::memcmp(h.data(), kSqliteMagic, magic) != 0)
        return fmt::format("{}: not a Rutland game (not an SQLite database at all){}", path, nothing);
    if (got < h.size())
        return fmt::format("{}: the file is truncated ({} bytes, not even SQLite's 100-byte header){}", path, size, nothing);
    const uint32_t app_id = BigEndian(&h[68], 4);
    if (app_id != kApplicationId)
        return fmt::format("{}: an SQLite database but not a Rutland game (application_id {:#x}, a game has {:#x}){}",
                           path, app_id, kApplicationId, nothing);
    const uint32_t version = BigEndian(&h[60], 4);
    if (version > static_cast<uint32_t>(kSchemaVersion))
        return fmt::format("{}: written by a newer Rutland (schema version {}; this one reads up to {}): open it with "
                           "that version{}", path, version, kSchemaVersion, nothing);
    uint32_t page_size = BigEndian(&h[16], 2);
    if (page_size == 1) page_size = 65536;
    if (page_size < 512 || (page_size & (page_size - 1)) != 0)
        return fmt::format("{}: damaged: its header gives a page size of {}{}", path, page_size, nothing);
    // The page count in the header is valid only when its version-valid-for number matches the
    // change counter. With a WAL beside the file, the WAL may hold pages the file does not yet
    // have (a checkpoint was interrupted): SQLite sorts that out, quick_check checks the result.
    const bool count_valid = BigEndian(&h[92], 4) == BigEndian(&h[24], 4);
    const uint64_t pages = BigEndian(&h[28], 4);
    const bool has_wal = fs::exists(path + "-wal", ec) && fs::file_size(path + "-wal", ec) > 0;
    if (!has_wal && (size % page_size != 0 || (count_valid && size < pages * page_size)))
        return fmt::format("{}: the file is truncated ({} bytes; its header says {} pages of {} bytes){}", path, size,
                           pages, page_size, nothing);
    return std::nullopt;
}

// =============================================================================================
// [SECTION] Read-only places (invariant 13)
// =============================================================================================
// Why this process cannot write the game where it is, in words a broker can act on; nullopt when
// it can. access() asks with this process's own rights: root may write anything, so for root only
// a file nobody may write or a read-only file system makes a place read-only. A file nobody may
// write (0444) is read-only for root too: someone made it so on purpose (an archived game), and a
// root reader must not leave a 0444 -shm that later blocks its owner.
std::optional<std::string> ReadOnlyPlace(const std::string& path) {
    std::error_code ec;
    const fs::path file = fs::absolute(path, ec);
    const std::string name = file.filename().string();
    const auto permissions = fs::status(path, ec).permissions();
    constexpr auto any_write = fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write;
    if (!ec && (permissions & any_write) == fs::perms::none)
        return fmt::format("the file {} is read-only (nobody may write it: chmod u+w to play on)", path);
    if (access(path.c_str(), W_OK) != 0) {
        return errno == EROFS ? fmt::format("{} is on a read-only file system", path)
                              : fmt::format("the file {} is read-only (its permissions do not let this user write it)", path);
    }
    const fs::path dir = file.parent_path();
    if (access(dir.c_str(), W_OK | X_OK) != 0)
        return fmt::format("its directory {} is read-only, so SQLite cannot make {}-wal and {}-shm beside the game",
                           dir.string(), name, name);
    const std::string shm = path + "-shm";
    if (fs::exists(shm, ec) && access(shm.c_str(), W_OK) != 0)
        return fmt::format("{}-shm beside it is read-only (left by a program that read the game while the game was "
                           "read-only): when no program has the game open, delete {}", name, shm);
    return std::nullopt;
}

// A WAL beside the file with something in it: entries that may not be in the file itself yet.
bool HasWal(const std::string& path) {
    std::error_code ec;
    const std::string wal = path + "-wal";
    return fs::exists(wal, ec) && fs::file_size(wal, ec) > 0 && !ec;
}

// SQLite's URI filename for a path opened as immutable (sqlite.org/uri.html): an absolute path
// (no "//" that could read as an authority), with the characters that end a path escaped.
std::string ImmutableUri(const std::string& path) {
    std::error_code ec;
    const std::string absolute = fs::absolute(path, ec).lexically_normal().string();
    std::string uri = "file:";
    for (const char c : absolute) {
        if (c == '%' || c == '?' || c == '#') uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
        else uri += c;
    }
    return uri + "?immutable=1";
}

// =============================================================================================
// [SECTION] Schema and migrations; the exact schema (invariant 12)
// =============================================================================================
// Version 1: the entries and a key/value meta table. STRICT: a value of the wrong type cannot be
// written through SQL (a tamperer's `UPDATE entry SET rules_version = '1x'` fails).
constexpr const char* kSchemaV1 = R"(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE entry(
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    line TEXT NOT NULL,
    time TEXT NOT NULL,
    who TEXT NOT NULL,
    command_id TEXT NOT NULL UNIQUE,
    rules_version INTEGER NOT NULL,
    effects TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL) STRICT;
INSERT INTO meta(key, value) VALUES('format', 'rutland game');
)";

// Migration steps: kMigrations[v - 1] takes a file from version v to v + 1. A new file is made by
// running version 1 and every step, so a created file and a migrated one have the same schema.
constexpr std::array<const char*, 2> kMigrations = {
    // 1 -> 2: snapshots (invariant 7) and the head in meta (deleting the last entries shows).
    R"(
CREATE TABLE snapshot(seq INTEGER PRIMARY KEY, rules_version INTEGER NOT NULL, state TEXT NOT NULL) STRICT;
INSERT INTO meta(key, value) SELECT 'head_seq', CAST(seq AS TEXT) FROM entry ORDER BY seq DESC LIMIT 1;
INSERT INTO meta(key, value) SELECT 'head_hash', hash FROM entry ORDER BY seq DESC LIMIT 1;
)",
    // 2 -> 3: effects as data (invariants 15, 16). The version-2 rows are copied as they are (an
    // INSERT ... SELECT copies every value byte for byte) into entry_v2, whose SQL is written out
    // here rather than left to ALTER TABLE's rewriting; Store::MigrateToV3 fills the new table in
    // the same transaction.
    R"(
CREATE TABLE entry_v2(
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    line TEXT NOT NULL,
    time TEXT NOT NULL,
    who TEXT NOT NULL,
    command_id TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    effects TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL) STRICT;
INSERT INTO entry_v2 SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, hash FROM entry;
DROP TABLE entry;
CREATE TABLE entry(
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    line TEXT NOT NULL,
    time TEXT NOT NULL,
    who TEXT NOT NULL,
    command_id TEXT NOT NULL UNIQUE,
    rules_version INTEGER NOT NULL,
    effects BLOB NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL) STRICT;
)",
};
static_assert(kMigrations.size() == kSchemaVersion - 1, "one migration step per schema version");

bool RunMigrations(sqlite3* db, int from, std::string* error) {
    for (int v = from; v < kSchemaVersion; ++v) {
        if (!Exec(db, kMigrations[static_cast<size_t>(v - 1)], error)) return false;
    }
    return Exec(db, fmt::format("PRAGMA user_version={}", kSchemaVersion).c_str(), error);
}

// Invariant 12: what differs between the file's schema and the one Rutland creates for schema
// `version` (made here in memory by the same script and migrations, so the two compare exactly).
// Each finding names the object; empty: the schema is exactly Rutland's.
std::vector<std::string> SchemaProblems(sqlite3* db, int version) {
    struct Object {
        std::string type, table, sql;
    };
    auto read = [](sqlite3* from, std::map<std::string, Object>* out) {
        Statement q(from, "SELECT type, name, tbl_name, sql FROM sqlite_schema");
        int rc;
        while ((rc = q.Step()) == SQLITE_ROW) (*out)[q.Text(1)] = Object{q.Text(0), q.Text(2), q.Text(3)};
        return rc == SQLITE_DONE;
    };
    std::map<std::string, Object> expected, found;
    sqlite3* memory = nullptr;
    bool made = sqlite3_open_v2(":memory:", &memory, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) == SQLITE_OK &&
                Exec(memory, kSchemaV1, nullptr);
    for (int v = 1; made && v < version; ++v) made = Exec(memory, kMigrations[static_cast<size_t>(v - 1)], nullptr);
    made = made && read(memory, &expected);
    sqlite3_close(memory);
    if (!made) return {"Rutland cannot build its own schema to compare with (out of memory?)"};
    if (!read(db, &found)) return {"its schema (sqlite_schema) cannot be read: " + DbError(db)};

    // Names and SQL here are the file's text, which anyone could have written: escaped like a stamp
    // (invariant 14), so a name holding a newline or a terminal escape cannot print a line of its own.
    auto shown = [](const std::string& sql) {
        return PrintableText(sql.size() > 160 ? sql.substr(0, 160) + "..." : sql);
    };
    std::vector<std::string> problems;
    for (const auto& [name, object] : found) {
        const auto it = expected.find(name);
        if (it == expected.end()) {
            // ANALYZE's statistics guide SQLite's query planner only: they change no result.
            if (object.type == "table" && name.rfind("sqlite_stat", 0) == 0) continue;
            problems.push_back(fmt::format("the file has {} {} '{}' that Rutland never creates: refused{}",
                                           object.type == "index" ? "an" : "a", PrintableText(object.type),
                                           PrintableText(name),
                                           object.type == "trigger" ? " (a trigger can rewrite or veto entries as they "
                                                                      "are written)" : ""));
        } else if (it->second.type != object.type || it->second.table != object.table || it->second.sql != object.sql) {
            problems.push_back(fmt::format("the {} '{}' is not as Rutland creates it: refused (in the file: {})",
                                           it->second.type, PrintableText(name), shown(object.sql)));
        }
    }
    for (const auto& [name, object] : expected)
        if (!found.count(name)) problems.push_back(fmt::format("the {} '{}' that Rutland creates is missing", object.type, name));
    return problems;
}

// A name beside `path` that does not exist yet: path.v1.backup, path.v1.backup.2, ...
std::string FreeBackupName(const std::string& path, int version) {
    const std::string base = fmt::format("{}.v{}.backup", path, version);
    std::error_code ec;
    std::string name = base;
    for (int k = 2; fs::exists(name, ec); ++k) name = fmt::format("{}.{}", base, k);
    return name;
}

const char* KindName(EntryKind kind) {
    switch (kind) {
        case EntryKind::Header: return "header";
        case EntryKind::Command: return "command";
        case EntryKind::Undo: return "undo";
        case EntryKind::Redo: return "redo";
    }
    return "?";
}

// =============================================================================================
// [SECTION] The hash chain (invariant 4)
// =============================================================================================
const std::string kGenesis(64, '0');

void Netstring(std::string& out, std::string_view field) {
    out += std::to_string(field.size());
    out += ':';
    out += field;
    out += ',';
}

} // namespace

std::string EntryContent(int seq, std::string_view kind, std::string_view line, const Stamp& stamp, int rules_version,
                         std::string_view effects, int schema) {
    // Netstrings: no field can be mistaken for the next one, whatever bytes it holds. The prefix
    // says how the effects are written: data (schema 3) can never be read as words (1-2).
    std::string out = schema >= 3 ? "rutland-entry-3:" : "rutland-entry-1:";
    out.reserve(out.size() + 64 + line.size() + stamp.time.size() + stamp.who.size() + stamp.command_id.size() +
                effects.size());
    Netstring(out, std::to_string(seq));
    Netstring(out, kind);
    Netstring(out, line);
    Netstring(out, stamp.time);
    Netstring(out, stamp.who);
    Netstring(out, stamp.command_id);
    Netstring(out, std::to_string(rules_version));
    Netstring(out, effects);
    return out;
}

std::string MigrationLink(int v2_head_seq, std::string_view v2_head_hash) {
    std::string content = "rutland-migrated-2-to-3:";
    Netstring(content, std::to_string(v2_head_seq));
    return ChainHash(v2_head_hash, content);
}

std::string ChainHash(std::string_view prev_hex, std::string_view content) {
    Digest prev{};
    if (!FromHex(prev_hex, &prev)) throw std::invalid_argument("ChainHash: the previous hash is not 64 hex digits");
    return ToHex(Sha256(content, &prev));
}

std::string FormatFingerprint(std::string_view hash_hex) {
    const std::string_view digits = hash_hex.substr(0, std::min<size_t>(hash_hex.size(), kFingerprintDigits));
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && i % 4 == 0) out += ' ';
        out += digits[i];
    }
    return out;
}

// =============================================================================================
// [SECTION] Create and Open
// =============================================================================================
Store::~Store() {
    if (m_db) sqlite3_close(m_db);
}

std::unique_ptr<Store> Store::Create(const std::string& path, const GameHeader& header, const Stamp& stamp,
                                     std::string* error, const StoreOptions& options) {
    std::error_code ec;
    if (fs::exists(path, ec)) {
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
    // Built under a temporary name and linked into place once complete: a crash while creating
    // leaves no half-made game under `path` (only a stray temporary file).
    const std::string temp = fmt::format("{}.creating-{}", path, static_cast<long>(getpid()));
    fs::remove(temp, ec);
    {
        Store store;
        store.m_path = temp;
        store.m_db = OpenDb(temp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error, options.vfs);
        if (!store.m_db) return nullptr;
        const std::string pragmas = fmt::format(
            "PRAGMA application_id={}; PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", kApplicationId);
        bool ok = Exec(store.m_db, pragmas.c_str(), error) && Exec(store.m_db, "BEGIN", error) &&
                  Exec(store.m_db, kSchemaV1, error) && RunMigrations(store.m_db, 1, error) &&
                  Exec(store.m_db, "COMMIT", error);
        if (ok) {
            store.m_ledger = std::move(ledger);
            const Entry& entry = store.m_ledger->At(0);
            EntryRecord record;
            record.stamp = stamp;
            record.kind = KindName(entry.kind);
            record.effects = EncodeEffects(entry.effects);
            record.prev_hash = kGenesis;
            record.hash = ChainHash(kGenesis, EntryContent(0, record.kind, entry.line, stamp, record.rules_version,
                                                           record.effects));
            ok = Exec(store.m_db, "BEGIN IMMEDIATE", error) && store.Insert(entry, record, error) &&
                 Exec(store.m_db, "COMMIT", error);
        }
        if (!ok) {
            sqlite3_close(store.m_db);
            store.m_db = nullptr;
            fs::remove(temp, ec);
            return nullptr;
        }
    }  // closing the last connection checkpoints the WAL into the file and removes it
    if (link(temp.c_str(), path.c_str()) != 0) {  // unlike rename, never replaces a file made meanwhile
        *error = fmt::format("{}: cannot create: {}", path, std::strerror(errno));
        fs::remove(temp, ec);
        return nullptr;
    }
    fs::remove(temp, ec);
    // The new name must survive a power loss too: sync the directory that holds it.
    const fs::path dir = fs::absolute(path, ec).parent_path();
    if (int fd = open(dir.c_str(), O_RDONLY); fd >= 0) {
        fsync(fd);
        close(fd);
    }
    return Open(path, Mode::ReadWrite, error, options);
}

std::unique_ptr<Store> Store::Open(const std::string& path, Mode mode, std::string* error, const StoreOptions& options) {
    if (auto refused = CheckFileHeader(path)) {
        *error = *refused;
        return nullptr;
    }
    std::unique_ptr<Store> store(new Store());
    store->m_path = path;
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
    // Why this open will not write, decided before anything is written: a planted trigger would
    // fire even on a migration's rows (invariant 12). Verify reports the schema's problems.
    std::string why_read_only;
    if (mode == Mode::ReadOnly) why_read_only = "it was opened for reading only";
    else if (place) why_read_only = *place;
    else if (!SchemaProblems(store->m_db, store->m_schema).empty())
        why_read_only = "its schema is not Rutland's (rutland-cli verify names what is not)";
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
    if (writable) {
        // synchronous=OFF only for the power-loss test's proof that it can fail (StoreOptions).
        const char* pragmas = options.unsafe_synchronous_off ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;"
                                                             : "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;";
        if (!Exec(store->m_db, pragmas, error)) return nullptr;
    }
    // Invariant 16: an older schema is verified as it is first (nothing written), and migrated
    // only when every entry checks, its stored words included.
    const bool migrate = writable && store->m_schema < kSchemaVersion;
    auto verify = [&](Mode verify_mode) {
        if (store->Verify(verify_mode)) return true;
        *error = fmt::format("{}: not even the game header can be read back:", path);
        for (const Finding& f : store->m_report.problems) *error += "\n  " + f.ToString();
        return false;
    };
    if (!verify(writable && !migrate ? Mode::ReadWrite : Mode::ReadOnly)) return nullptr;
    if (migrate && !store->m_report.Clean()) {
        store->MakeReadOnly(fmt::format("it did not verify clean (rutland-cli verify says why), so it was not moved to "
                                        "schema version {}: nothing was written", kSchemaVersion));
    } else if (migrate) {
        std::string why;
        if (store->MigrateToV3(&why)) {
            std::vector<std::string> notes = std::move(store->m_report.notes);
            store->m_report = VerifyReport{};
            store->m_report.notes = std::move(notes);
            store->m_ledger.reset();
            store->m_records.clear();
            store->m_ids.clear();
            if (!verify(Mode::ReadWrite)) return nullptr;
        } else {
            store->MakeReadOnly(fmt::format("it could not be moved to schema version {}: {}", kSchemaVersion, why));
        }
    }
    if (!store->m_report.Clean()) store->MakeReadOnly("it did not verify clean (rutland-cli verify says why)");
    else if (!writable) store->MakeReadOnly(why_read_only);
    return store;
}

bool Store::MigrateToV3(std::string* why) {
    const int from = m_schema;
    const std::string copy = FreeBackupName(m_path, from);
    if (!CopyDatabase(m_db, copy, why) || !Exec(m_db, "BEGIN IMMEDIATE", why)) return false;
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
    if (!RunMigrations(m_db, from, why)) return fail("");
    const int last = Size() - 1;
    std::string prev = MigrationLink(last, m_records.back().hash);
    Statement insert(m_db, "INSERT INTO entry(seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, "
                           "hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (int seq = 0; seq <= last; ++seq) {
        const EntryRecord& r = m_records[static_cast<size_t>(seq)];
        const Entry& entry = m_ledger->At(seq);
        const std::string effects = EncodeEffects(entry.effects);
        const std::string hash = ChainHash(prev, EntryContent(seq, r.kind, entry.line, r.stamp, r.rules_version, effects, 3));
        insert.Reset();
        insert.Bind(1, seq).Bind(2, r.kind).Bind(3, entry.line).Bind(4, r.stamp.time).Bind(5, r.stamp.who);
        insert.Bind(6, r.stamp.command_id).Bind(7, r.rules_version).BindBlob(8, effects).Bind(9, prev).Bind(10, hash);
        if (!insert.Run(why)) return fail("");
        prev = hash;
    }
    Statement head(m_db, "INSERT OR REPLACE INTO meta(key, value) VALUES('head_seq', ?), ('head_hash', ?)");
    if (!head.Bind(1, std::to_string(last)).Bind(2, prev).Run(why) || !Exec(m_db, "COMMIT", why)) return fail("");
    m_schema = kSchemaVersion;
    m_report.notes.push_back(fmt::format("migrated from schema version {} to {} (effects stored as data, checked against "
                                         "every entry's stored words first); the old file is kept as {}, and its {} "
                                         "entries as written stay in the game and still verify",
                                         from, kSchemaVersion, copy, last + 1));
    return true;
}

void Store::MakeReadOnly(std::string reason) {
    if (m_read_only) return;  // the first reason stays: it is the one that decided
    m_read_only = true;
    m_read_only_reason = std::move(reason);
}

std::optional<int> Store::FindCommandId(std::string_view command_id) const {
    auto it = m_ids.find(std::string(command_id));
    if (it == m_ids.end()) return std::nullopt;
    return it->second;
}

// =============================================================================================
// [SECTION] Verify (invariants 5, 6, 7, 9)
// =============================================================================================
namespace {

struct StoredEntry {
    int seq = 0;
    std::string line;
    EntryRecord record;
};

// The first effect that differs between two stored effect lists, in words.
std::string FirstDifference(const std::string& recorded, const std::string& replayed) {
    const auto a = nlohmann::json::parse(recorded, nullptr, false);
    const auto b = nlohmann::json::parse(replayed, nullptr, false);
    if (a.is_discarded() || !a.is_array()) return "the recorded effects are not valid JSON";
    auto text = [](const nlohmann::json& list, size_t i) -> std::string {
        if (i >= list.size()) return "(nothing)";
        const auto& e = list[i];
        if (!e.is_object()) return e.dump();
        return fmt::format("[{}] {}", e.value("rule", "?"), e.value("text", "?"));
    };
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        if (i < a.size() && i < b.size() && a[i] == b[i]) continue;
        std::string out = fmt::format("effect {}: recorded {}; replay gives {}", i + 1, text(a, i), text(b, i));
        if (i < a.size() && i < b.size() && text(a, i) == text(b, i)) out += " (a field other than the text differs)";
        return out;
    }
    return "the effects differ";
}

// The players whose net cash differs between `was` and `now`, in words (CashDifference).
std::string CashWords(const std::vector<int64_t>& was, const std::vector<int64_t>& now, const GameState& state) {
    auto signed_money = [](int64_t c) { return fmt::format("{}{}", c < 0 ? '-' : '+', FormatMoney(Money::Cents(c < 0 ? -c : c))); };
    std::string out;
    for (size_t p = 0; p < state.players.size() && p < was.size() && p < now.size(); ++p) {
        if (was[p] == now[p]) continue;
        out += fmt::format("{}{} {} recorded, {} under these rules", out.empty() ? "" : "; ", state.players[p].name,
                           signed_money(was[p]), signed_money(now[p]));
    }
    return out.empty() ? out : "the players' cash in this entry: " + out;
}

// What a rules change does to the players' cash in one entry (invariant 6): the net cash each
// player's effects moved as recorded and as the replay gives it, for every player where the two
// differ ("Ann +$3,750 recorded, -$0 now"), so the table sees who was paid differently, not only the
// first effect that differs. Empty when the cash is the same.
std::string CashDifference(const std::string& recorded, const std::string& replayed, const GameState& state) {
    const auto a = nlohmann::json::parse(recorded, nullptr, false);
    const auto b = nlohmann::json::parse(replayed, nullptr, false);
    if (!a.is_array() || !b.is_array()) return {};
    const size_t n = state.players.size();
    auto net = [n](const nlohmann::json& list) {
        std::vector<int64_t> cents(n, 0);
        for (const auto& e : list) {
            if (!e.is_object() || e.value("kind", "") != "cash") continue;
            const int64_t amount = e.value("amount", int64_t{0});
            for (const auto& [side, sign] : {std::pair{"from", -1}, std::pair{"to", 1}}) {
                if (!e.contains(side) || !e[side].is_object() || e[side].value("kind", "") != "player") continue;
                const int index = e[side].value("index", -1);
                if (index >= 0 && static_cast<size_t>(index) < n) cents[static_cast<size_t>(index)] += sign * amount;
            }
        }
        return cents;
    };
    const std::vector<int64_t> was = net(a), now = net(b);
    return CashWords(was, now, state);
}

// The first key where two JSON values differ ("players[1].cash").
std::string FirstJsonDifference(const nlohmann::json& a, const nlohmann::json& b, const std::string& where) {
    if (a.type() != b.type()) return where.empty() ? "(the whole state)" : where;
    if (a.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (!b.contains(it.key())) return where + "." + it.key();
            if (it.value() != b[it.key()]) return FirstJsonDifference(it.value(), b[it.key()], where + "." + it.key());
        }
        for (auto it = b.begin(); it != b.end(); ++it)
            if (!a.contains(it.key())) return where + "." + it.key();
    } else if (a.is_array()) {
        for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
            if (a[i] != b[i]) return FirstJsonDifference(a[i], b[i], fmt::format("{}[{}]", where, i));
        if (a.size() != b.size()) return where + " (length)";
    }
    return where;
}

constexpr const char* kSelectEntries =
    "SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, hash FROM entry";

// One row of kSelectEntries as entry `expected`; the problem when its types or its number are wrong.
// `schema`: the version of the table read (entry_v2 rows are version 2).
std::optional<std::string> ReadRow(const Statement& q, int expected, StoredEntry* e, int schema) {
    const int effects_type = schema >= 3 ? SQLITE_BLOB : SQLITE_TEXT;
    const bool types_ok = q.Type(0) == SQLITE_INTEGER && q.Type(6) == SQLITE_INTEGER && q.Type(1) == SQLITE_TEXT &&
                          q.Type(2) == SQLITE_TEXT && q.Type(3) == SQLITE_TEXT && q.Type(4) == SQLITE_TEXT &&
                          q.Type(5) == SQLITE_TEXT && q.Type(7) == effects_type && q.Type(8) == SQLITE_TEXT &&
                          q.Type(9) == SQLITE_TEXT;
    if (!types_ok) return "a column holds a value of the wrong type: the entry was edited outside Rutland";
    if (q.Int(0) != expected)
        return q.Int(0) > expected ? fmt::format("missing (the next entry in the file is {})", q.Int(0))
                                   : fmt::format("numbered {}", q.Int(0));
    e->seq = expected;
    e->record.kind = q.Text(1);
    e->line = q.Text(2);
    e->record.stamp = Stamp{q.Text(3), q.Text(4), q.Text(5)};
    e->record.rules_version = static_cast<int>(q.Int(6));
    e->record.effects = schema >= 3 ? q.Blob(7) : q.Text(7);
    e->record.prev_hash = q.Text(8);
    e->record.hash = q.Text(9);
    return std::nullopt;
}

// The effects an undo or redo entry of more than kListedUndoRedo commands had before ledger.h
// invariant 7 (each command listed, a redo with every effect it repeated), rebuilt from the
// ledger just after it replayed entry `seq`: files written before then still verify.
std::string LegacyUndoRedoEffects(const Ledger& ledger, int seq) {
    const Entry& entry = ledger.At(seq);
    Effects effects;
    auto listed = [&](EffectWhat what, const char* rule, int target) {
        Effect e;
        e.kind = EffectKind::Info;
        e.rule = rule;
        e.what = what;
        e.n = {target};
        e.quote = ledger.At(target).line;
        effects.push_back(std::move(e));
    };
    if (entry.kind == EntryKind::Undo) {
        for (int t : entry.targets) listed(EffectWhat::Undoes, "undo", t);
    } else {
        GameState state = ledger.StateAt(seq - 1);
        for (int t : entry.targets) {
            listed(EffectWhat::Redoes, "redo", t);
            ApplyResult r = Apply(state, ledger.At(t).command);
            if (!r.accepted) return {};
            for (Effect& fx : r.effects) effects.push_back(std::move(fx));
        }
    }
    return EffectsJsonText(effects, RenderContext::Of(ledger.State()));
}

// What replaying one stored entry onto the ledger found (invariants 5, 6).
struct Replayed {
    std::string problem;       // the entry cannot be trusted: stop before it
    std::string rules_change;  // recorded under older rules, and they now give something else
    bool stop = false;         // the rules change is that it is not even accepted: stop before it
};

// The first effect that differs between the recorded data and the replay's (invariant 6: as data),
// in this Rutland's words.
std::string FirstDataDifference(const Effects& recorded, const Effects& replayed, const RenderContext& context) {
    auto text = [&](const Effects& list, size_t i) -> std::string {
        if (i >= list.size()) return "(nothing)";
        return fmt::format("[{}] {}", list[i].rule, EffectText(list[i], context));
    };
    for (size_t i = 0; i < std::max(recorded.size(), replayed.size()); ++i) {
        if (i < recorded.size() && i < replayed.size() && SameEffect(recorded[i], replayed[i])) continue;
        std::string out = fmt::format("effect {}: recorded {}; replay gives {}", i + 1, text(recorded, i), text(replayed, i));
        if (text(recorded, i) == text(replayed, i)) out += " (a field other than the words differs)";
        return out;
    }
    return "the effects differ";
}

// CashDifference's data twin (invariant 6): each player's net cash in the recorded and replayed effects.
std::string CashDifference(const Effects& recorded, const Effects& replayed, const GameState& state) {
    const size_t n = state.players.size();
    auto net = [n](const Effects& list) {
        std::vector<int64_t> cents(n, 0);
        for (const Effect& e : list) {
            if (e.kind != EffectKind::Cash) continue;
            for (const auto& [side, sign] : {std::pair{e.from, -1}, std::pair{e.to, 1}}) {
                if (side.kind == AccountKind::Player && side.index >= 0 && static_cast<size_t>(side.index) < n)
                    cents[static_cast<size_t>(side.index)] += sign * e.amount.cents();
            }
        }
        return cents;
    };
    const std::vector<int64_t> was = net(recorded), now = net(replayed);
    return CashWords(was, now, state);
}

// `schema`: how the entry's effects are stored (3: data, invariant 15; 1-2: words).
Replayed ReplayStored(std::optional<Ledger>& ledger, const StoredEntry& e, int schema) {
    Replayed out;
    const int seq = e.seq;
    const EntryRecord& rec = e.record;
    if (rec.rules_version > kRulesVersion) {
        out.problem = fmt::format("recorded under rules version {}, newer than this Rutland's {}: open the game with a "
                                  "newer Rutland", rec.rules_version, kRulesVersion);
        return out;
    }
    ParseResult parsed = ParseCommand(e.line, ParseMode::Stored);  // as written, before any newer limit
    if (!parsed.command) {
        out.problem = fmt::format("its line does not parse: {}", parsed.error ? parsed.error->ToString() : "empty");
        return out;
    }
    std::string refused;
    try {
        if (seq == 0) {
            const auto* header = std::get_if<GameHeader>(&parsed.command->action);
            Rejection why;
            if (header) ledger = Ledger::Start(*header, &why);
            if (!header || !ledger) refused = header ? why.ToString() : "entry 0 is not a game header";
        } else {
            SubmitResult r = ledger->Submit(*parsed.command);
            if (!r.accepted) refused = r.rejection.ToString();
            else if (r.seq != seq) refused = fmt::format("it replays as entry {}", r.seq);
        }
    } catch (const std::exception& ex) {
        refused = ex.what();
    }
    const bool older_rules = rec.rules_version < kRulesVersion;
    if (!refused.empty()) {
        if (older_rules) {
            out.rules_change = fmt::format("recorded under rules version {}, no longer accepted: {}", rec.rules_version, refused);
            out.stop = true;
        } else {
            out.problem = "it no longer replays: " + refused;
        }
        return out;
    }
    const Entry& now = ledger->At(seq);
    std::string differs, cash;
    if (now.line != e.line) {
        differs = fmt::format("recorded as '{}', replays as '{}'", e.line, now.line);
    } else if (KindName(now.kind) != rec.kind) {
        differs = fmt::format("recorded as a {} entry, replays as {}", rec.kind, KindName(now.kind));
    } else if (schema >= 3) {
        // Invariants 6, 15: data against data, never words. The bytes are unique to the data
        // (effects_data.h invariant 3), so equal bytes are the usual, quick case.
        const std::string effects_now = EncodeEffects(now.effects);
        if (effects_now != rec.effects) {
            std::string why;
            const std::optional<Effects> recorded = DecodeEffects(rec.effects, &why);
            if (!recorded) {
                out.problem = "its effects cannot be read: " + why;
                return out;
            }
            const RenderContext context = RenderContext::Of(ledger->State());
            differs = FirstDataDifference(*recorded, now.effects, context);
            cash = CashDifference(*recorded, now.effects, ledger->State());
        }
    } else {
        // Schema 1-2 stored the words: the rendering must give them exactly (the proof a migration
        // needs, invariant 16).
        const std::string effects_now = EffectsJsonText(now.effects, RenderContext::Of(ledger->State()));
        if (effects_now != rec.effects &&
            !((now.kind == EntryKind::Undo || now.kind == EntryKind::Redo) &&
              static_cast<int>(now.targets.size()) > kListedUndoRedo && LegacyUndoRedoEffects(*ledger, seq) == rec.effects)) {
            differs = FirstDifference(rec.effects, effects_now);
            cash = CashDifference(rec.effects, effects_now, ledger->State());
        }
    }
    if (!differs.empty()) {
        if (!older_rules) {
            out.problem = "replaying it does not give what was recorded: " + differs;
            return out;
        }
        out.rules_change = fmt::format("rules version {} -> {}: {}", rec.rules_version, kRulesVersion, differs);
        if (!cash.empty()) out.rules_change += "; " + cash;
    }
    if (auto wrong = CheckConservation(ledger->State())) out.problem = "after it, conservation fails: " + *wrong;
    return out;
}

} // namespace

bool Store::Verify(Mode mode) {
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
            problem(seq, seq == 0 ? "the hash chain is broken here: its prev_hash is not the link to the version-2 entries "
                                    "(entry_v2) it was migrated from"
                                  : fmt::format("the hash chain is broken here: its prev_hash is not entry {}'s hash", seq - 1));
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
    size_t replayed = 0;
    for (; replayed < trusted; ++replayed) {
        const StoredEntry& e = rows[replayed];
        const int seq = e.seq;
        Replayed r = ReplayStored(m_ledger, e, m_schema);
        if (!r.rules_change.empty()) report.rules_changes.push_back({seq, std::move(r.rules_change)});
        if (!r.problem.empty()) {
            problem(seq, std::move(r.problem));
            break;
        }
        if (r.stop) break;
        if (seq > 0 && seq % kSnapshotEvery == 0 && m_schema >= 2) {
            const auto it = snapshots.find(seq);
            const nlohmann::json state = StateToJson(m_ledger->State());
            std::string text = state.dump();
            if (it == snapshots.end() || it->second.first != kRulesVersion) {
                rebuild.emplace_back(seq, std::move(text));
            } else if (it->second.second != text) {
                // Snapshots are written as dump() writes them, so the same text is the same state;
                // other text may still be the same JSON, and only a different value is a problem.
                const auto stored = nlohmann::json::parse(it->second.second, nullptr, false);
                if (stored != state) {
                    problem(seq, fmt::format("the stored state (snapshot) differs from the replay at {}",
                                             FirstJsonDifference(stored, state, "state")));
                    break;
                }
            }
        }
        m_records.push_back(std::move(rows[replayed].record));  // rows keeps only the line from here on
        m_ids.emplace(m_records.back().stamp.command_id, seq);
    }
    for (const auto& [seq, _] : snapshots)
        if (seq >= report.entries) problem(seq, "a snapshot exists for this entry, but the entry does not");

    if (m_records.empty()) {
        m_ledger.reset();
        return false;
    }
    // The bad entry may have been applied before it was found bad: keep only the entries before it
    // (invariant 5), replaying them once more (they replayed cleanly a moment ago).
    if (m_ledger->Size() > static_cast<int>(m_records.size())) {
        Rejection why;
        m_ledger = Ledger::Start(std::get<GameHeader>(ParseCommand(rows[0].line, ParseMode::Stored).command->action), &why);
        for (size_t i = 1; i < m_records.size(); ++i) m_ledger->Submit(*ParseCommand(rows[i].line, ParseMode::Stored).command);
    }

    if (mode == Mode::ReadWrite && report.Clean() && !rebuild.empty()) {
        std::string why;
        bool ok = Exec(m_db, "BEGIN IMMEDIATE", &why);
        for (const auto& [seq, state] : rebuild) {
            if (!ok) break;
            ok = Statement(m_db, "INSERT OR REPLACE INTO snapshot(seq, rules_version, state) VALUES(?, ?, ?)")
                     .Bind(1, seq).Bind(2, kRulesVersion).Bind(3, state).Run(&why);
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
// [SECTION] Submit (invariants 2, 3, 10, 11)
// =============================================================================================
bool Store::Insert(const Entry& entry, const EntryRecord& record, std::string* error) {
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
        if (!snap.Bind(1, entry.seq).Bind(2, kRulesVersion).Bind(3, StateToJson(m_ledger->State()).dump()).Run(error))
            return false;
    }
    return true;
}

bool Store::CatchUp(std::string* error) {
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
            if (m_ids.count(e.record.stamp.command_id)) {
                wrong = fmt::format("entry {}: its command id {} is already entry {}", expected, e.record.stamp.command_id,
                                    m_ids.at(e.record.stamp.command_id));
                break;
            }
            const int before = m_ledger->Size();
            Replayed r = ReplayStored(m_ledger, e, m_schema);
            if (!r.problem.empty() || !r.rules_change.empty()) {
                if (m_ledger->Size() > before) m_ledger->TakeBackLast();
                wrong = fmt::format("entry {}: {}", expected, !r.problem.empty() ? r.problem : r.rules_change);
                break;
            }
            prev = e.record.hash;
            m_ids.emplace(e.record.stamp.command_id, e.seq);
            m_records.push_back(std::move(e.record));
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

int Store::Follow(std::string* error) {
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

StoreReceipt Store::Submit(const Command& command, const Stamp& stamp) {
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
        record.effects = EncodeEffects(entry.effects);  // data, never words (invariant 15)
        record.prev_hash = m_records.back().hash;
        record.hash = ChainHash(record.prev_hash, EntryContent(r.seq, record.kind, entry.line, stamp,
                                                               record.rules_version, record.effects, m_schema));
        // With synchronous=FULL in WAL mode, COMMIT returns after the WAL is synced (invariant 2).
        if (!Insert(entry, record, &why) || !Exec(m_db, "COMMIT", &why))
            return abandon(fmt::format("the command was not saved: {}", why));
        m_records.push_back(std::move(record));
        m_ids.emplace(stamp.command_id, r.seq);
        receipt.status = SubmitStatus::Accepted;
        receipt.accepted = true;
        receipt.seq = r.seq;
        return receipt;
    } catch (...) {
        abandon("");
        throw;
    }
}

StoreReceipt Store::SubmitLine(std::string_view line, const Stamp& stamp) {
    StoreReceipt receipt;
    ParseResult parsed = ParseCommand(line);
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
bool Store::Backup(const std::string& dest, std::string* error) const { return CopyDatabase(m_db, dest, error); }

} // namespace rutland
