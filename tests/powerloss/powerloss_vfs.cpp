// The simulated disk (powerloss_vfs.h; invariant numbers refer to it).
#include "powerloss_vfs.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "game_generator.h"

namespace rutland::testing::powerloss {

namespace {

constexpr int64_t kSector = 512;

struct Op {
    bool truncate = false;
    int64_t offset = 0;  // write offset, or the new size of a truncate
    std::string data;
};

// What the "OS" holds for one file: our own descriptor onto the real file (never closed while a
// connection may hold POSIX locks on it: closing any descriptor would drop them) and the writes
// not yet synced, in order.
struct PageCache {
    int fd = -1;
    std::vector<Op> ops;
};

struct World {
    sqlite3_vfs* real = nullptr;
    sqlite3_vfs vfs{};
    Plan plan;
    int64_t calls = 0;
    bool off = false;
    CutReport report;
    std::map<std::string, PageCache> files;
};

World& W() {
    static World world;
    return world;
}

struct ShimFile {
    sqlite3_file base;
    sqlite3_file* real;     // the unix VFS's file, allocated right after this struct
    std::string* path;      // nullptr: a temporary file, passed straight through
};

sqlite3_file* Real(sqlite3_file* f) { return reinterpret_cast<ShimFile*>(f)->real; }

// The page cache of a game file; nullptr for a temporary file (or one deleted while open), which
// passes straight through.
PageCache* CacheOf(sqlite3_file* f) {
    const ShimFile* file = reinterpret_cast<const ShimFile*>(f);
    if (!file->path) return nullptr;
    auto it = W().files.find(*file->path);
    return it == W().files.end() ? nullptr : &it->second;
}

int64_t RealSize(int fd) {
    struct stat st {};
    return fstat(fd, &st) == 0 ? static_cast<int64_t>(st.st_size) : 0;
}

int64_t LogicalSize(const PageCache& cache) {
    int64_t size = RealSize(cache.fd);
    for (const Op& op : cache.ops) size = op.truncate ? op.offset : std::max<int64_t>(size, op.offset + static_cast<int64_t>(op.data.size()));
    return size;
}

bool WriteAt(int fd, const char* data, int64_t size, int64_t offset) {
    while (size > 0) {
        const ssize_t n = pwrite(fd, data, static_cast<size_t>(size), offset);
        if (n <= 0) return false;
        data += n;
        size -= n;
        offset += n;
    }
    return true;
}

void Apply(int fd, const Op& op) {
    if (op.truncate) {
        if (ftruncate(fd, op.offset) != 0) throw std::runtime_error("powerloss: ftruncate failed");
    } else if (!WriteAt(fd, op.data.data(), static_cast<int64_t>(op.data.size()), op.offset)) {
        throw std::runtime_error("powerloss: pwrite failed");
    }
}

// Invariant 1: a sync puts the file's pending writes on disk.
void Flush(PageCache& cache) {
    for (const Op& op : cache.ops) Apply(cache.fd, op);
    cache.ops.clear();
}

void Cut() {
    World& w = W();
    if (w.off) return;
    w.off = true;
    w.report = CutReport{};
    Rng rng(w.plan.seed);
    for (auto& [path, cache] : w.files) {
        for (const Op& op : cache.ops) {
            if (op.truncate) {
                ++w.report.truncates_pending;
                if (w.plan.mode == CrashMode::KeepAll || (w.plan.mode == CrashMode::Torn && rng.Percent(50))) Apply(cache.fd, op);
                continue;
            }
            // Sector by sector on absolute sector boundaries (invariant 3: only written bytes).
            for (int64_t at = op.offset; at < op.offset + static_cast<int64_t>(op.data.size());) {
                const int64_t end = std::min<int64_t>((at / kSector + 1) * kSector, op.offset + static_cast<int64_t>(op.data.size()));
                ++w.report.sectors_pending;
                const bool lands = w.plan.mode == CrashMode::KeepAll || (w.plan.mode == CrashMode::Torn && rng.Percent(50));
                if (lands) {
                    ++w.report.sectors_written;
                    if (!WriteAt(cache.fd, op.data.data() + (at - op.offset), end - at, at))
                        throw std::runtime_error("powerloss: pwrite failed");
                }
                at = end;
            }
        }
        cache.ops.clear();
    }
}

// Invariant 5: counts a mutating call; false when the power is (now) off.
bool PowerOnFor() {
    World& w = W();
    if (w.off) return false;
    ++w.calls;
    if (w.plan.crash_at > 0 && w.calls == w.plan.crash_at) {
        Cut();
        return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// The file methods
// ---------------------------------------------------------------------------------------------
int Close(sqlite3_file* f) {
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    const int rc = file->real->pMethods ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
    delete file->path;  // the page cache stays: it belongs to the "OS", not to the handle
    file->path = nullptr;
    return rc;
}

int Read(sqlite3_file* f, void* buffer, int amount, sqlite3_int64 offset) {
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    PageCache* cached = CacheOf(f);
    if (!cached) return file->real->pMethods->xRead(file->real, buffer, amount, offset);
    if (W().off) return SQLITE_IOERR_READ;  // invariant 4
    PageCache& cache = *cached;
    int rc = file->real->pMethods->xRead(file->real, buffer, amount, offset);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
    if (rc == SQLITE_IOERR_SHORT_READ) {
        // SQLite zero-fills a short read; make sure of it past the real end.
        const int64_t real_size = RealSize(cache.fd);
        if (real_size < offset + amount) {
            const int64_t from = std::max<int64_t>(0, real_size - offset);
            std::memset(static_cast<char*>(buffer) + from, 0, static_cast<size_t>(amount - from));
        }
    }
    // Invariant 2: the pending writes, in order, over what the disk has.
    char* out = static_cast<char*>(buffer);
    for (const Op& op : cache.ops) {
        if (op.truncate) {
            if (op.offset < offset + amount) {
                const int64_t from = std::max<int64_t>(op.offset, offset);
                std::memset(out + (from - offset), 0, static_cast<size_t>(offset + amount - from));
            }
            continue;
        }
        const int64_t lo = std::max<int64_t>(op.offset, offset);
        const int64_t hi = std::min<int64_t>(op.offset + static_cast<int64_t>(op.data.size()), offset + amount);
        if (lo < hi) std::memcpy(out + (lo - offset), op.data.data() + (lo - op.offset), static_cast<size_t>(hi - lo));
    }
    return LogicalSize(cache) >= offset + amount ? SQLITE_OK : SQLITE_IOERR_SHORT_READ;
}

int Write(sqlite3_file* f, const void* data, int amount, sqlite3_int64 offset) {
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    PageCache* cache = CacheOf(f);
    if (!cache) return file->real->pMethods->xWrite(file->real, data, amount, offset);
    if (!PowerOnFor()) return SQLITE_IOERR_WRITE;
    cache->ops.push_back(Op{false, offset, std::string(static_cast<const char*>(data), static_cast<size_t>(amount))});
    return SQLITE_OK;
}

int Truncate(sqlite3_file* f, sqlite3_int64 size) {
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    PageCache* cache = CacheOf(f);
    if (!cache) return file->real->pMethods->xTruncate(file->real, size);
    if (!PowerOnFor()) return SQLITE_IOERR_TRUNCATE;
    cache->ops.push_back(Op{true, size, {}});
    return SQLITE_OK;
}

int Sync(sqlite3_file* f, int flags) {
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    PageCache* cache = CacheOf(f);
    if (!cache) return file->real->pMethods->xSync(file->real, flags);
    if (!PowerOnFor()) return SQLITE_IOERR_FSYNC;
    // The real file stands for the platter: no real fsync is needed to model one (and the test
    // stays fast). What matters is that nothing synced can be lost by the cut (invariant 1).
    Flush(*cache);
    return SQLITE_OK;
}

int FileSize(sqlite3_file* f, sqlite3_int64* size) {
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    PageCache* cache = CacheOf(f);
    if (!cache) return file->real->pMethods->xFileSize(file->real, size);
    if (W().off) return SQLITE_IOERR_FSTAT;
    *size = LogicalSize(*cache);
    return SQLITE_OK;
}

int Lock(sqlite3_file* f, int level) { return Real(f)->pMethods->xLock(Real(f), level); }
int Unlock(sqlite3_file* f, int level) { return Real(f)->pMethods->xUnlock(Real(f), level); }
int CheckReservedLock(sqlite3_file* f, int* out) { return Real(f)->pMethods->xCheckReservedLock(Real(f), out); }
int FileControl(sqlite3_file* f, int op, void* arg) {
    // A size hint would make the unix VFS grow the real file behind the page cache's back.
    if (op == SQLITE_FCNTL_SIZE_HINT) return SQLITE_OK;
    return Real(f)->pMethods->xFileControl(Real(f), op, arg);
}
int SectorSize(sqlite3_file* f) { return Real(f)->pMethods->xSectorSize(Real(f)); }
int DeviceCharacteristics(sqlite3_file* f) { return Real(f)->pMethods->xDeviceCharacteristics(Real(f)); }
// The wal-index (-shm) is shared memory, not durable data: SQLite rebuilds it from the WAL when
// the first connection opens the game again, so it passes straight through.
int ShmMap(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
    return Real(f)->pMethods->xShmMap(Real(f), page, size, extend, out);
}
int ShmLock(sqlite3_file* f, int offset, int n, int flags) { return Real(f)->pMethods->xShmLock(Real(f), offset, n, flags); }
void ShmBarrier(sqlite3_file* f) { Real(f)->pMethods->xShmBarrier(Real(f)); }
int ShmUnmap(sqlite3_file* f, int del) { return Real(f)->pMethods->xShmUnmap(Real(f), del); }

// Version 2: no xFetch, so SQLite never memory-maps the real file past the page cache.
const sqlite3_io_methods kMethods = {
    2,         Close,    Read,       Write,  Truncate,          Sync,        FileSize,    Lock, Unlock,
    CheckReservedLock, FileControl, SectorSize, DeviceCharacteristics, ShmMap, ShmLock, ShmBarrier, ShmUnmap,
    nullptr,   nullptr,
};

// ---------------------------------------------------------------------------------------------
// The VFS methods
// ---------------------------------------------------------------------------------------------
int Open(sqlite3_vfs*, const char* name, sqlite3_file* f, int flags, int* out_flags) {
    World& w = W();
    ShimFile* file = reinterpret_cast<ShimFile*>(f);
    file->base.pMethods = nullptr;
    file->real = reinterpret_cast<sqlite3_file*>(file + 1);
    file->path = nullptr;
    if (w.off) return SQLITE_IOERR;
    const int rc = w.real->xOpen(w.real, name, file->real, flags, out_flags);
    if (rc != SQLITE_OK) return rc;
    file->base.pMethods = &kMethods;
    if (!name) return SQLITE_OK;  // a temporary file: not part of the game
    file->path = new std::string(name);
    PageCache& cache = w.files[name];
    if (cache.fd < 0) {
        cache.fd = open(name, O_RDWR | O_CLOEXEC);
        if (cache.fd < 0) cache.fd = open(name, O_RDONLY | O_CLOEXEC);
    }
    return SQLITE_OK;
}

int Delete(sqlite3_vfs*, const char* name, int sync_dir) {
    World& w = W();
    if (!PowerOnFor()) return SQLITE_IOERR_DELETE;
    auto it = w.files.find(name);
    if (it != w.files.end()) {  // a deleted file's unsynced writes go with it
        if (it->second.fd >= 0) close(it->second.fd);
        w.files.erase(it);
    }
    return w.real->xDelete(w.real, name, sync_dir);
}

int Access(sqlite3_vfs*, const char* name, int flags, int* out) {
    World& w = W();
    // The unix VFS says a file of 0 bytes does not exist; a WAL whose frames are still in the page
    // cache does.
    auto it = w.files.find(name);
    if (flags == SQLITE_ACCESS_EXISTS && it != w.files.end() && !w.off && LogicalSize(it->second) > 0) {
        *out = 1;
        return SQLITE_OK;
    }
    return w.real->xAccess(w.real, name, flags, out);
}

int FullPathname(sqlite3_vfs*, const char* name, int size, char* out) { return W().real->xFullPathname(W().real, name, size, out); }
void* DlOpen(sqlite3_vfs*, const char* name) { return W().real->xDlOpen(W().real, name); }
void DlError(sqlite3_vfs*, int size, char* out) { W().real->xDlError(W().real, size, out); }
void (*DlSym(sqlite3_vfs*, void* handle, const char* symbol))(void) { return W().real->xDlSym(W().real, handle, symbol); }
void DlClose(sqlite3_vfs*, void* handle) { W().real->xDlClose(W().real, handle); }
int Randomness(sqlite3_vfs*, int size, char* out) { return W().real->xRandomness(W().real, size, out); }
int Sleep(sqlite3_vfs*, int micros) { return W().real->xSleep(W().real, micros); }
int CurrentTime(sqlite3_vfs*, double* out) { return W().real->xCurrentTime(W().real, out); }
int GetLastError(sqlite3_vfs*, int size, char* out) { return W().real->xGetLastError(W().real, size, out); }
int CurrentTimeInt64(sqlite3_vfs*, sqlite3_int64* out) { return W().real->xCurrentTimeInt64(W().real, out); }

} // namespace

void Register() {
    World& w = W();
    if (w.real) return;
    w.real = sqlite3_vfs_find(nullptr);
    if (!w.real) throw std::runtime_error("powerloss: SQLite has no default VFS");
    sqlite3_vfs& v = w.vfs;
    v.iVersion = 2;
    v.szOsFile = static_cast<int>(sizeof(ShimFile)) + w.real->szOsFile;
    v.mxPathname = w.real->mxPathname;
    v.zName = kVfsName;
    v.xOpen = Open;
    v.xDelete = Delete;
    v.xAccess = Access;
    v.xFullPathname = FullPathname;
    v.xDlOpen = DlOpen;
    v.xDlError = DlError;
    v.xDlSym = DlSym;
    v.xDlClose = DlClose;
    v.xRandomness = Randomness;
    v.xSleep = Sleep;
    v.xCurrentTime = CurrentTime;
    v.xGetLastError = GetLastError;
    v.xCurrentTimeInt64 = CurrentTimeInt64;
    if (sqlite3_vfs_register(&v, 0) != SQLITE_OK) throw std::runtime_error("powerloss: cannot register the VFS");
}

void Arm(const Plan& plan) {
    World& w = W();
    w.plan = plan;
    w.calls = 0;
    w.off = false;
    w.report = CutReport{};
}

void CutNow() { Cut(); }
bool PowerIsOff() { return W().off; }
int64_t Calls() { return W().calls; }
CutReport LastCut() { return W().report; }

void Disarm() {
    World& w = W();
    for (auto& [path, cache] : w.files) {
        if (!w.off) Flush(cache);
        if (cache.fd >= 0) close(cache.fd);
    }
    w.files.clear();
    w.plan = Plan{};
    w.off = false;
}

} // namespace rutland::testing::powerloss
