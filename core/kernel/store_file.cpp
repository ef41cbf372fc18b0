// The game file's machinery that knows no game (store_file.h). Invariant numbers refer to
// basic_store.h.
//
// [SECTION] SQLite in a few small wrappers
// [SECTION] The file's header, read before SQLite may touch the file (invariant 1)
// [SECTION] Read-only places (invariant 13)
// [SECTION] Schema and migrations; the exact schema (invariant 12)
// [SECTION] The hash chain (invariant 4)
// [SECTION] A row read back
#include "kernel/store_file.h"

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
#include <unistd.h>

#include <fmt/format.h>

#include "base/safe_text.h"
#include "base/sha256.h"
#include "kernel/game_word.h"

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
namespace store_detail {

std::string DbError(sqlite3* db) { return db ? sqlite3_errmsg(db) : "out of memory"; }

bool Exec(sqlite3* db, const char* sql, std::string* error) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
    if (error) *error = message ? message : DbError(db);
    sqlite3_free(message);
    return false;
}

// One integer from a PRAGMA or a query; nullopt when it fails.
std::optional<int64_t> QueryInt(sqlite3* db, const char* sql) {
    Statement q(db, sql);
    if (q.Step() != SQLITE_ROW) return std::nullopt;
    return q.Int(0);
}

sqlite3* OpenDb(const std::string& path, int flags, std::string* error, const std::string& vfs) {
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

namespace {

// fsync of a file or directory by its path; false when it cannot be opened or synced.
bool SyncPath(const std::string& path, int flags) {
    const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

} // namespace

// A copy of `from`'s main database into a new file `dest` (SQLite's online backup API: consistent
// even while the game is being written). Written whole under a temporary name beside dest
// ("dest.partial-PID", made new: O_EXCL|O_NOFOLLOW, so nothing planted there is followed), synced,
// then linked to `dest` (link, unlike rename, never replaces a file made meanwhile) and the
// directory synced: a copy killed half-way leaves a stray .partial file, never a `dest` that is
// half a game (a kill during migration left a broken .v2.backup).
bool CopyDatabase(sqlite3* from, const std::string& dest, std::string* error) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(dest, ec))) {
        *error = fmt::format("{} already exists; nothing was written", dest);
        return false;
    }
    const std::string temp = fmt::format("{}.partial-{}", dest, static_cast<long>(getpid()));
    ::unlink(temp.c_str());  // one this process left (a pid reused): a link is removed, never followed
    {
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            *error = fmt::format("{}: cannot create the copy: {}", temp, std::strerror(errno));
            return false;
        }
        ::close(fd);
    }
    auto fail = [&](std::string message) {
        *error = std::move(message);
        fs::remove(temp, ec);
        fs::remove(temp + "-wal", ec);
        fs::remove(temp + "-shm", ec);
        return false;
    };
    sqlite3* to = OpenDb(temp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, error);
    if (!to) return fail(*error);
    sqlite3_backup* backup = sqlite3_backup_init(to, "main", from, "main");
    int rc = backup ? sqlite3_backup_step(backup, -1) : SQLITE_ERROR;
    if (backup) sqlite3_backup_finish(backup);
    if (rc == SQLITE_DONE) rc = sqlite3_errcode(to);
    if (rc == SQLITE_OK || rc == SQLITE_DONE) rc = Exec(to, "PRAGMA journal_mode=WAL", error) ? SQLITE_OK : SQLITE_ERROR;
    if (rc != SQLITE_OK && rc != SQLITE_DONE) {
        std::string message = fmt::format("{}: the copy failed: {}", dest, DbError(to));
        sqlite3_close(to);
        return fail(std::move(message));
    }
    if (sqlite3_close(to) != SQLITE_OK) return fail(fmt::format("{}: the copy could not be closed", dest));
    if (!SyncPath(temp, O_RDONLY)) return fail(fmt::format("{}: the copy could not be synced: {}", dest, std::strerror(errno)));
    if (::link(temp.c_str(), dest.c_str()) != 0)
        return fail(fmt::format("{}: the copy could not be put in place: {}", dest, std::strerror(errno)));
    fs::remove(temp, ec);
    const fs::path parent = fs::path(dest).parent_path();
    SyncPath(parent.empty() ? std::string(".") : parent.string(), O_RDONLY | O_DIRECTORY);  // the new name, durable
    return true;
}

// SQLite's backup cannot read from a connection in a write transaction (SQLITE_LOCKED): the copy is
// read through a second connection on the same VFS, which sees exactly the committed file that
// db's write lock keeps from changing.
bool CopyCommitted(sqlite3* db, const std::string& path, const std::string& dest, std::string* error) {
    sqlite3_vfs* vfs = nullptr;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) != SQLITE_OK) vfs = nullptr;
    sqlite3* reader = OpenDb(path, SQLITE_OPEN_READONLY, error, vfs && vfs->zName ? vfs->zName : "");
    if (!reader) return false;
    const bool ok = CopyDatabase(reader, dest, error);
    sqlite3_close(reader);
    return ok;
}

// The write lock (BEGIN IMMEDIATE), waiting up to `wait_ms` for another writer to finish instead of
// the usual 5 s (OpenDb): a migration waits for another Rutland migrating the same file.
bool BeginImmediateWaiting(sqlite3* db, int wait_ms, std::string* error) {
    sqlite3_busy_timeout(db, wait_ms);
    const bool ok = Exec(db, "BEGIN IMMEDIATE", error);
    sqlite3_busy_timeout(db, 5000);
    return ok;
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

} // namespace store_detail

// Invariant 22: which game a file holds, without a ruleset. The header's bytes first (never
// SQLite's hands on a file that is not a game), then a read-only connection: immutable when no WAL
// is beside the file (no lock, no -shm made), else as every reader opens a game being played
// (invariant 13). Never SQLITE_OPEN_CREATE: a missing file stays missing.
std::optional<std::string> GameOfStoreFile(const std::string& path, std::string* error) {
    using namespace store_detail;
    std::string ignored;
    std::string& why = error ? *error : ignored;
    if (auto refused = CheckFileHeader(path)) {
        why = *refused;
        return std::nullopt;
    }
    sqlite3* db = HasWal(path) ? OpenDb(path, SQLITE_OPEN_READONLY, &why)
                               : OpenDb(ImmutableUri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, &why);
    if (!db) return std::nullopt;
    std::optional<std::string> game;
    const auto app_id = QueryInt(db, "PRAGMA application_id");
    const auto version = QueryInt(db, "PRAGMA user_version");
    if (!app_id || !version) {
        why = fmt::format("{}: SQLite cannot read it: {}", path, DbError(db));
    } else if (static_cast<uint32_t>(*app_id) != kApplicationId || *version < 1) {
        why = fmt::format("{}: an SQLite database but not a Rutland game (the file was not changed)", path);
    } else if (*version > kSchemaVersion) {  // a WAL that moved it on since the header was read
        why = fmt::format("{}: written by a newer Rutland (schema version {}; this one reads up to {}) (the file was "
                          "not changed)", path, *version, kSchemaVersion);
    } else if (*version < kSchemaGameNamed) {
        game = std::string(kFirstGame);
    } else {
        Statement q(db, "SELECT value FROM meta WHERE key = 'game'");
        const int rc = q.Step();
        if (rc == SQLITE_ROW && q.Type(0) == SQLITE_TEXT && !q.Text(0).empty())
            game = q.Text(0);
        else if (rc == SQLITE_ROW || rc == SQLITE_DONE)
            why = fmt::format("{}: a schema-{} Rutland game that does not say which game it is (meta 'game' is missing "
                              "or empty): rutland-cli verify says more", path, *version);
        else
            why = fmt::format("{}: SQLite cannot read which game it is: {}", path, q.Error());
    }
    sqlite3_close(db);
    return game;
}

// Invariant 22: the game entry 0's stored line names (its game word; kFirstGame when it has none),
// read as GameOfStoreFile reads: the header's bytes first, then a read-only connection. For a file
// whose meta does not say its game, so that the game whose verify names that problem opens it.
std::optional<std::string> HeaderGameOfStoreFile(const std::string& path) {
    using namespace store_detail;
    if (CheckFileHeader(path)) return std::nullopt;
    std::string why;
    sqlite3* db = HasWal(path) ? OpenDb(path, SQLITE_OPEN_READONLY, &why)
                               : OpenDb(ImmutableUri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, &why);
    if (!db) return std::nullopt;
    std::optional<std::string> game;
    {
        Statement q(db, "SELECT line FROM entry WHERE seq = 0");
        if (q.Step() == SQLITE_ROW && q.Type(0) == SQLITE_TEXT) {
            const std::string line = q.Text(0);
            game = std::string(HeaderGameWord(line).value_or(kFirstGame));
        }
    }
    sqlite3_close(db);
    return game;
}

namespace store_detail {

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
// Version 1: the entries and a key/value meta table (its 'format' row is kMetaFormat). STRICT: a
// value of the wrong type cannot be written through SQL (a tamperer's `UPDATE entry SET
// rules_version = '1x'` fails).
const char* const kSchemaV1 = R"(
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
constexpr std::array<const char*, 4> kMigrations = {
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
    // 3 -> 4: no new table: the start data is meta's row 'start_data' (invariant 19), written
    // only when a game is created; no file is ever moved from 3 to 4.
    "",
    // 4 -> 5: no new table either: the game's name is meta's row 'game' (invariant 22), written only
    // when a game other than the first is created; no file is ever moved to 5.
    "",
};
static_assert(kMigrations.size() == kSchemaVersion - 1, "one migration step per schema version");

bool RunMigrations(sqlite3* db, int from, int to, std::string* error) {
    for (int v = from; v < to; ++v) {
        if (!Exec(db, kMigrations[static_cast<size_t>(v - 1)], error)) return false;
    }
    return Exec(db, fmt::format("PRAGMA user_version={}", to).c_str(), error);
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

// Invariant 22: the game a file names, in meta and in entry 0's line.
std::optional<std::string> ReadMetaGame(sqlite3* db) {
    Statement q(db, "SELECT value FROM meta WHERE key = 'game'");
    if (q.Step() != SQLITE_ROW) return std::nullopt;
    return q.Text(0);
}

std::optional<std::string> FileGame(int schema, const std::optional<std::string>& meta_game) {
    if (schema < kSchemaGameNamed) return std::string(kFirstGame);
    if (meta_game && meta_game->empty()) return std::nullopt;  // names no game: GameFindings says so
    return meta_game;
}

std::vector<Finding> GameFindings(int schema, const std::optional<std::string>& meta_game, const std::string* header_line,
                                  std::string_view ruleset_game) {
    std::vector<Finding> found;
    // meta is anyone's text: printed escaped (invariant 14), like every name read from the file.
    if (meta_game && schema < kSchemaGameNamed) {
        found.push_back({-1, fmt::format("meta names a game ('game' = '{}'), which a schema-{} file never has: it was "
                                         "added outside Rutland, and the file is a game of {} as schema {} says",
                                         PrintableText(*meta_game), schema, kFirstGame, schema)});
    } else if (!meta_game && schema >= kSchemaGameNamed) {
        found.push_back({-1, fmt::format("meta does not say which game the file holds (row 'game', which every schema-{} "
                                         "file has): it was removed outside Rutland", schema)});
    } else if (meta_game && meta_game->empty()) {
        found.push_back({-1, fmt::format("meta's row 'game' is empty (every schema-{} file names its game there): it "
                                         "was changed outside Rutland", schema)});
    }
    const std::optional<std::string> file_game = FileGame(schema, meta_game);
    if (file_game && *file_game != ruleset_game)
        found.push_back({-1, fmt::format("the file holds a game of {}, not of {}", PrintableText(*file_game), ruleset_game)});
    if (header_line) {
        // With no 'game' row to go by (reported above), entry 0 must at least name the game reading it.
        const std::optional<std::string_view> word = HeaderGameWord(*header_line);
        const std::string_view header_game = word.value_or(kFirstGame);
        const std::string_view expected = file_game ? std::string_view(*file_game) : ruleset_game;
        const std::string source = !file_game                   ? "the game reading it"
                                   : schema >= kSchemaGameNamed ? "meta 'game'"
                                                                : fmt::format("schema {}", schema);
        if (header_game != expected)
            found.push_back({0, fmt::format("the header names a game of {} ({}), but the file records a game of {} ({}): "
                                            "one of them was changed outside Rutland",
                                            PrintableText(header_game), word ? "its game word" : "it has no game word",
                                            PrintableText(expected), source)});
    }
    return found;
}

// Invariant 12: meta's rows as Rutland writes them. The other rows are checked where they are used
// (the head, invariant 4; 'start_data', invariant 19; 'game', invariant 22): here 'format' and any
// row no Rutland writes.
std::vector<Finding> MetaFindings(sqlite3* db) {
    std::vector<Finding> found;
    static constexpr std::array<std::string_view, 5> kKeys = {"format", "head_seq", "head_hash", "start_data", "game"};
    bool format = false;
    Statement q(db, "SELECT key, value FROM meta ORDER BY key");
    int rc;
    while ((rc = q.Step()) == SQLITE_ROW) {
        const std::string key = q.Text(0), value = q.Text(1);
        if (key == "format") {
            format = true;
            if (value != kMetaFormat)
                found.push_back({-1, fmt::format("meta's 'format' is '{}', not '{}' as Rutland writes it: it was changed "
                                                 "outside Rutland", PrintableText(value), kMetaFormat)});
        } else if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end()) {
            found.push_back({-1, fmt::format("meta holds a row '{}', which Rutland never writes: it was added outside "
                                             "Rutland", PrintableText(key))});
        }
    }
    if (rc != SQLITE_DONE) found.push_back({-1, "meta cannot be read: " + q.Error()});
    else if (!format)
        found.push_back({-1, fmt::format("meta has no 'format' row (every game file says '{}' there): it was removed "
                                         "outside Rutland", kMetaFormat)});
    return found;
}

// Invariant 18: the file at `path` read by a connection of its own (a follower's may keep pages of
// the file it opened: a file written over in place, same inode, is not seen through it).
std::optional<std::string> ChangedInPlace(const std::string& path, int schema, int last_seq, std::string_view last_hash,
                                          std::string_view first_hash) {
    // Words without the path: a follower's page says them on other machines. Through SQLite only,
    // never a file descriptor of its own: closing one would drop every POSIX lock this process
    // holds on the file (the follower's read lock too, and a writer would then take the WAL away
    // from under it); SQLite's unix VFS keeps such descriptors open while the file is locked.
    std::string why;
    sqlite3* db = HasWal(path) ? OpenDb(path, SQLITE_OPEN_READONLY, &why)
                               : OpenDb(ImmutableUri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, &why);
    if (!db) return std::string("it cannot be read (rutland-cli verify says why)");
    std::optional<std::string> changed;
    const auto app_id = QueryInt(db, "PRAGMA application_id");
    const auto version = QueryInt(db, "PRAGMA user_version");
    if (!app_id || !version) {
        changed = "it cannot be read (rutland-cli verify says why)";
    } else if (static_cast<uint32_t>(*app_id) != kApplicationId) {
        changed = "it is no longer a Rutland game";
    } else if (*version != schema) {
        changed = fmt::format("its schema version is now {}, not {}", *version, schema);
    } else {
        // Entry 0 too: a WAL the old file left beside it may still hold the pages of its last
        // entries, which SQLite lays over the new file's; entry 0's page is rarely among them.
        for (const auto& [seq, hash] : {std::pair<int, std::string_view>{0, first_hash}, {last_seq, last_hash}}) {
            if (changed || (seq == 0 && hash.empty())) continue;
            Statement q(db, "SELECT hash FROM entry WHERE seq = ?");
            q.Bind(1, static_cast<int64_t>(seq));
            const int rc = q.Step();
            if (rc == SQLITE_DONE) changed = fmt::format("it has no entry {}", seq);
            else if (rc != SQLITE_ROW) changed = "it cannot be read (rutland-cli verify says why)";
            else if (q.Text(0) != hash) changed = fmt::format("its entry {} is another entry (another hash)", seq);
        }
    }
    sqlite3_close(db);
    return changed;
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
    // The length's digits written in place (a std::to_string per field was a fifth of the cost
    // of forming an entry's content, eight fields an entry).
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, field.size()).ptr);
    out += ':';
    out += field;
    out += ',';
}

} // namespace store_detail
using store_detail::Netstring;

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

std::string StartLink(std::string_view prev_hex, std::string_view start_data) {
    std::string content = "rutland-start-data:";
    Netstring(content, start_data);
    return ChainHash(prev_hex, content);
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
// [SECTION] A row read back
// =============================================================================================
namespace store_detail {


const char* const kSelectEntries =
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

} // namespace store_detail

} // namespace rutland
