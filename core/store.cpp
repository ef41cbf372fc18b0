// The durable ledger (store.h). Invariant numbers refer to store.h.
//
// [SECTION] SQLite in a few small wrappers
// [SECTION] The file's header, read before SQLite may touch the file (invariant 1)
// [SECTION] Schema and migrations
// [SECTION] The hash chain (invariant 4)
// [SECTION] Create and Open
// [SECTION] Verify (invariants 5, 6, 7)
// [SECTION] Submit (invariants 2, 3)
// [SECTION] Backup
#include "store.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <fmt/format.h>

#include "effects_json.h"
#include "safe_text.h"
#include "sha256.h"
#include "state_json.h"

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
    Statement& Bind(int index, int64_t value) {
        if (m_stmt) sqlite3_bind_int64(m_stmt, index, value);
        return *this;
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
// [SECTION] Schema and migrations
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
constexpr std::array<const char*, 1> kMigrations = {
    // 1 -> 2: snapshots (invariant 7) and the head in meta (deleting the last entries shows).
    R"(
CREATE TABLE snapshot(seq INTEGER PRIMARY KEY, rules_version INTEGER NOT NULL, state TEXT NOT NULL) STRICT;
INSERT INTO meta(key, value) SELECT 'head_seq', CAST(seq AS TEXT) FROM entry ORDER BY seq DESC LIMIT 1;
INSERT INTO meta(key, value) SELECT 'head_hash', hash FROM entry ORDER BY seq DESC LIMIT 1;
)",
};
static_assert(kMigrations.size() == kSchemaVersion - 1, "one migration step per schema version");

bool RunMigrations(sqlite3* db, int from, std::string* error) {
    for (int v = from; v < kSchemaVersion; ++v) {
        if (!Exec(db, kMigrations[static_cast<size_t>(v - 1)], error)) return false;
    }
    return Exec(db, fmt::format("PRAGMA user_version={}", kSchemaVersion).c_str(), error);
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
                         std::string_view effects) {
    // Netstrings: no field can be mistaken for the next one, whatever bytes it holds.
    std::string out = "rutland-entry-1:";
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
    if (auto bad = StampProblem(stamp)) {  // invariant 9
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
            record.effects = EffectsJsonText(entry.effects, RenderContext::Of(store.m_ledger->State()));
            record.prev_hash = kGenesis;
            record.hash = ChainHash(kGenesis, EntryContent(0, record.kind, entry.line, stamp, record.rules_version,
                                                           record.effects));
            ok = store.Write(entry, record, error);
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
    // Read-only first: application_id and user_version as SQLite sees them (the WAL included)
    // decide whether this version may write the file at all (invariant 1).
    store->m_db = OpenDb(path, SQLITE_OPEN_READONLY, error, options.vfs);
    if (!store->m_db) return nullptr;
    const auto app_id = QueryInt(store->m_db, "PRAGMA application_id");
    const auto version = QueryInt(store->m_db, "PRAGMA user_version");
    if (!app_id || !version) {
        *error = fmt::format("{}: SQLite cannot read it: {}", path, DbError(store->m_db));
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
    if (mode == Mode::ReadWrite) {
        sqlite3_close(store->m_db);
        store->m_db = OpenDb(path, SQLITE_OPEN_READWRITE, error, options.vfs);
        // synchronous=OFF only for the power-loss test's proof that it can fail (StoreOptions).
        const char* pragmas = options.unsafe_synchronous_off ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;"
                                                             : "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;";
        if (!store->m_db || !Exec(store->m_db, pragmas, error)) return nullptr;
        if (store->m_schema < kSchemaVersion) {
            // A copy of the file as it was, then the whole migration in one transaction.
            const std::string copy = FreeBackupName(path, store->m_schema);
            std::string why;
            if (!CopyDatabase(store->m_db, copy, &why) || !Exec(store->m_db, "BEGIN IMMEDIATE", &why) ||
                !RunMigrations(store->m_db, store->m_schema, &why) || !Exec(store->m_db, "COMMIT", &why)) {
                Exec(store->m_db, "ROLLBACK", nullptr);
                *error = fmt::format("{}: cannot migrate from schema version {}: {}", path, store->m_schema, why);
                return nullptr;
            }
            store->m_report.notes.push_back(fmt::format("migrated from schema version {} to {}; the old file is kept as {}",
                                                        store->m_schema, kSchemaVersion, copy));
            store->m_schema = kSchemaVersion;
        }
    }
    if (!store->Verify(mode)) {
        *error = fmt::format("{}: not even the game header can be read back:", path);
        for (const Finding& f : store->m_report.problems) *error += "\n  " + f.ToString();
        return nullptr;
    }
    store->m_read_only = mode == Mode::ReadOnly || !store->m_report.Clean();
    return store;
}

std::optional<int> Store::FindCommandId(std::string_view command_id) const {
    auto it = m_ids.find(std::string(command_id));
    if (it == m_ids.end()) return std::nullopt;
    return it->second;
}

// =============================================================================================
// [SECTION] Verify (invariants 5, 6, 7)
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

} // namespace

bool Store::Verify(Mode mode) {
    VerifyReport& report = m_report;
    auto problem = [&](int seq, std::string message) { report.problems.push_back({seq, std::move(message)}); };

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
        Statement q(m_db,
                    "SELECT seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, hash "
                    "FROM entry ORDER BY seq");
        int rc;
        while ((rc = q.Step()) == SQLITE_ROW) {
            const int expected = static_cast<int>(rows.size());
            const bool types_ok = q.Type(0) == SQLITE_INTEGER && q.Type(6) == SQLITE_INTEGER &&
                                  q.Type(1) == SQLITE_TEXT && q.Type(2) == SQLITE_TEXT && q.Type(3) == SQLITE_TEXT &&
                                  q.Type(4) == SQLITE_TEXT && q.Type(5) == SQLITE_TEXT && q.Type(7) == SQLITE_TEXT &&
                                  q.Type(8) == SQLITE_TEXT && q.Type(9) == SQLITE_TEXT;
            if (!types_ok) {
                problem(expected, "a column holds a value of the wrong type: the entry was edited outside Rutland");
                break;
            }
            if (q.Int(0) != expected) {
                problem(expected, q.Int(0) > expected
                                      ? fmt::format("missing (the next entry in the file is {})", q.Int(0))
                                      : fmt::format("numbered {}", q.Int(0)));
                break;
            }
            StoredEntry e;
            e.seq = expected;
            e.record.kind = q.Text(1);
            e.line = q.Text(2);
            e.record.stamp = Stamp{q.Text(3), q.Text(4), q.Text(5)};
            e.record.rules_version = static_cast<int>(q.Int(6));
            e.record.effects = q.Text(7);
            e.record.prev_hash = q.Text(8);
            e.record.hash = q.Text(9);
            rows.push_back(std::move(e));
        }
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            problem(static_cast<int>(rows.size()), "cannot be read: " + q.Error());
    }
    report.entries = static_cast<int>(rows.size());

    // 3. The hash chain: the entries up to the first break are the ones that can be trusted.
    size_t trusted = 0;
    for (std::string prev = kGenesis; trusted < rows.size(); ++trusted) {
        const StoredEntry& e = rows[trusted];
        const int seq = e.seq;
        if (e.record.prev_hash != prev) {
            problem(seq, fmt::format("the hash chain is broken here: its prev_hash is not entry {}'s hash", seq - 1));
            break;
        }
        const std::string content = EntryContent(seq, e.record.kind, e.line, e.record.stamp, e.record.rules_version,
                                                 e.record.effects);
        if (ChainHash(prev, content) != e.record.hash) {
            problem(seq, "its content does not match its hash: the entry was changed after it was written");
            break;
        }
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

    // 6. Replay every trusted entry and compare it with what was recorded.
    std::vector<std::pair<int, std::string>> rebuild;  // snapshots to (re)write
    size_t replayed = 0;
    for (; replayed < trusted; ++replayed) {
        const StoredEntry& e = rows[replayed];
        const int seq = e.seq;
        const EntryRecord& rec = e.record;
        if (rec.rules_version > kRulesVersion) {
            problem(seq, fmt::format("recorded under rules version {}, newer than this Rutland's {}: open the game "
                                     "with a newer Rutland", rec.rules_version, kRulesVersion));
            break;
        }
        ParseResult parsed = ParseCommand(e.line, ParseMode::Stored);  // as written, before any newer limit
        if (!parsed.command) {
            problem(seq, fmt::format("its line does not parse: {}", parsed.error ? parsed.error->ToString() : "empty"));
            break;
        }
        std::string line_now, effects_now;
        std::string refused;
        try {
            if (seq == 0) {
                const auto* header = std::get_if<GameHeader>(&parsed.command->action);
                Rejection why;
                if (header) m_ledger = Ledger::Start(*header, &why);
                if (!header || !m_ledger) refused = header ? why.ToString() : "entry 0 is not a game header";
            } else {
                SubmitResult r = m_ledger->Submit(*parsed.command);
                if (!r.accepted) refused = r.rejection.ToString();
                else if (r.seq != seq) refused = fmt::format("it replays as entry {}", r.seq);
            }
        } catch (const std::exception& ex) {
            refused = ex.what();
        }
        const bool older_rules = rec.rules_version < kRulesVersion;
        if (!refused.empty()) {
            if (older_rules) report.rules_changes.push_back({seq, fmt::format("recorded under rules version {}, no longer "
                                                                              "accepted: {}", rec.rules_version, refused)});
            else problem(seq, "it no longer replays: " + refused);
            break;
        }
        const Entry& now = m_ledger->At(seq);
        line_now = now.line;
        effects_now = EffectsJsonText(now.effects, RenderContext::Of(m_ledger->State()));
        std::string differs;
        if (line_now != e.line) differs = fmt::format("recorded as '{}', replays as '{}'", e.line, line_now);
        else if (KindName(now.kind) != rec.kind) differs = fmt::format("recorded as a {} entry, replays as {}", rec.kind, KindName(now.kind));
        else if (effects_now != rec.effects) differs = FirstDifference(rec.effects, effects_now);
        if (!differs.empty()) {
            if (!older_rules) {
                problem(seq, "replaying it does not give what was recorded: " + differs);
                break;
            }
            report.rules_changes.push_back(
                {seq, fmt::format("rules version {} -> {}: {}", rec.rules_version, kRulesVersion, differs)});
        }
        if (auto wrong = CheckConservation(m_ledger->State())) {
            problem(seq, "after it, conservation fails: " + *wrong);
            break;
        }
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
// [SECTION] Submit (invariants 2, 3)
// =============================================================================================
bool Store::Write(const Entry& entry, const EntryRecord& record, std::string* error) {
    if (!Exec(m_db, "BEGIN IMMEDIATE", error)) return false;
    auto fail = [&](std::string why) {
        Exec(m_db, "ROLLBACK", nullptr);
        *error = std::move(why);
        return false;
    };
    // Another program may have appended since this one read the file: never fork the chain.
    const auto last = QueryInt(m_db, "SELECT coalesce(max(seq), -1) FROM entry");
    if (!last || *last != entry.seq - 1)
        return fail(fmt::format("{} was changed by another program (its last entry is {}, expected {}); open it again",
                                m_path, last.value_or(-1), entry.seq - 1));
    std::string why;
    Statement insert(m_db, "INSERT INTO entry(seq, kind, line, time, who, command_id, rules_version, effects, prev_hash, "
                           "hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.Bind(1, entry.seq).Bind(2, record.kind).Bind(3, entry.line).Bind(4, record.stamp.time);
    insert.Bind(5, record.stamp.who).Bind(6, record.stamp.command_id).Bind(7, record.rules_version);
    insert.Bind(8, record.effects).Bind(9, record.prev_hash).Bind(10, record.hash);
    if (!insert.Run(&why)) return fail(why);
    Statement head(m_db, "INSERT OR REPLACE INTO meta(key, value) VALUES('head_seq', ?), ('head_hash', ?)");
    if (!head.Bind(1, std::to_string(entry.seq)).Bind(2, record.hash).Run(&why)) return fail(why);
    if (entry.seq > 0 && entry.seq % kSnapshotEvery == 0) {
        Statement snap(m_db, "INSERT OR REPLACE INTO snapshot(seq, rules_version, state) VALUES(?, ?, ?)");
        if (!snap.Bind(1, entry.seq).Bind(2, kRulesVersion).Bind(3, StateToJson(m_ledger->State()).dump()).Run(&why))
            return fail(why);
    }
    // With synchronous=FULL in WAL mode, COMMIT returns after the WAL is synced (invariant 2).
    if (!Exec(m_db, "COMMIT", &why)) return fail(why);
    return true;
}

StoreReceipt Store::Submit(const Command& command, const Stamp& stamp) {
    StoreReceipt receipt;
    auto refuse = [&](std::string message) {
        receipt.rejection = Rejection{std::move(message), "store"};
        return receipt;
    };
    if (m_broken) return refuse(fmt::format("an earlier write to {} failed; open the game again", m_path));
    if (m_read_only) return refuse(fmt::format("{} is open read-only{}", m_path,
                                               m_report.Clean() ? "" : ": it did not verify clean (rutland-cli verify)"));
    if (stamp.command_id.empty()) return refuse("a command needs a command id");
    if (auto why = StampProblem(stamp)) return refuse("the stamp is refused: " + *why + "; nothing was written");
    if (auto seq = FindCommandId(stamp.command_id)) {  // invariant 3: a retry
        receipt.accepted = true;
        receipt.duplicate = true;
        receipt.seq = *seq;
        return receipt;
    }
    SubmitResult r = m_ledger->Submit(command);
    if (!r.accepted) {
        receipt.rejection = r.rejection;
        return receipt;
    }
    const Entry& entry = m_ledger->At(r.seq);
    EntryRecord record;
    record.stamp = stamp;
    record.kind = KindName(entry.kind);
    record.effects = EffectsJsonText(entry.effects, RenderContext::Of(m_ledger->State()));
    record.prev_hash = m_records.back().hash;
    record.hash = ChainHash(record.prev_hash, EntryContent(r.seq, record.kind, entry.line, stamp,
                                                           record.rules_version, record.effects));
    std::string why;
    if (!Write(entry, record, &why)) {
        // The ledger in memory already holds the command; the file does not. Nothing was
        // acknowledged, and this Store must not be trusted for anything more.
        m_broken = true;
        return refuse(fmt::format("the command was not saved: {}", why));
    }
    m_records.push_back(std::move(record));
    m_ids.emplace(stamp.command_id, r.seq);
    receipt.accepted = true;
    receipt.seq = r.seq;
    return receipt;
}

StoreReceipt Store::SubmitLine(std::string_view line, const Stamp& stamp) {
    StoreReceipt receipt;
    ParseResult parsed = ParseCommand(line);
    if (parsed.error) {
        receipt.rejection = *parsed.error;
        return receipt;
    }
    if (!parsed.command) return receipt;
    return Submit(*parsed.command, stamp);
}

// =============================================================================================
// [SECTION] Backup
// =============================================================================================
bool Store::Backup(const std::string& dest, std::string* error) const { return CopyDatabase(m_db, dest, error); }

} // namespace rutland
