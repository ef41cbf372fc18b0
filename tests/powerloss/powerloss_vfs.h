// A simulated disk for SQLite: a VFS shim over the default unix VFS that keeps every write since
// the file's last xSync in memory (as an OS page cache does) and, at a chosen moment, cuts the
// power: the unsynced writes are dropped, kept, or torn (a random subset of their 512-byte sectors
// reaches the disk, in any order). Test code only; the core knows nothing of it (it is opened
// through StoreOptions::vfs).
//
// Invariants of the model:
//  1. What xSync returned for is on "disk" (the real file): a later power cut cannot undo it.
//  2. Reads see the writes still in memory, in order, as a process would through the page cache.
//  3. A cut only ever changes bytes that were written and not synced (SQLite's powersafe-overwrite
//     assumption, which the unix VFS declares): nothing else on disk is touched.
//  4. After the cut every write, sync, truncate and delete fails with an I/O error and reads fail
//     too: the machine is off. Locks and closes still work, so the connection can be torn down.
//  5. The mutating calls (xWrite, xTruncate, xSync, xDelete) are counted from Arm(); the cut comes
//     *instead of* call number crash_at, so a sync that is cut did not happen.
#pragma once

#include <cstdint>

namespace rutland::testing::powerloss {

inline constexpr const char* kVfsName = "rutland-powerloss";

enum class CrashMode : uint8_t {
    DropAll,  // nothing unsynced reaches the disk
    KeepAll,  // everything does (the OS flushed it just in time)
    Torn,     // each sector of each unsynced write, and each truncate, independently: yes or no
};

struct Plan {
    int64_t crash_at = -1;  // the mutating call that the power cut replaces (1-based); -1: none
    CrashMode mode = CrashMode::Torn;
    uint64_t seed = 0;      // for Torn
};

struct CutReport {
    int64_t sectors_pending = 0;  // 512-byte sectors written and not synced when the power went
    int64_t sectors_written = 0;  // of those, how many reached the disk
    int64_t truncates_pending = 0;
};

// Registers the VFS under kVfsName (once; idempotent). It is not the default VFS.
void Register();
// Starts counting calls and arms the plan. Nothing may be open through the VFS.
void Arm(const Plan& plan);
// Cuts the power now (if it has not been cut yet).
void CutNow();
bool PowerIsOff();
int64_t Calls();  // mutating calls since Arm()
CutReport LastCut();
// After every connection through the VFS is closed: forgets all state. Whatever is still unsynced
// then is dropped unless the power is still on, when it is written (a clean shutdown flushes).
void Disarm();

} // namespace rutland::testing::powerloss
