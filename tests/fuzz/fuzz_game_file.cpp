// libFuzzer target: arbitrary bytes opened as a game file (store.h).
//
// The bytes are written to a fresh file (no WAL beside it) and opened, read-only and then
// read-write. Invariants (a violation aborts, and the fuzzer reports the input):
//  1. Open never crashes, hangs or throws: it refuses the file (nullptr and a message) or opens it.
//  2. A file that opens with problems opens read-only and refuses every command (store.h
//     invariant 5); a clean one's ledger satisfies conservation and its fingerprint is its head
//     hash.
//  3. A file opened read-only and refused is left byte for byte as it was (basic_store.h invariant 1).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "rules/rules.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"

namespace fs = std::filesystem;

namespace {

[[noreturn]] void Fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_game_file: %s\n", what.c_str());
    std::abort();
}

const fs::path& Dir() {
    static const fs::path dir = [] {
        std::error_code ec;
        const fs::path base = fs::exists("/dev/shm", ec) && access("/dev/shm", W_OK) == 0 ? fs::path("/dev/shm")
                                                                                          : fs::temp_directory_path();
        // libFuzzer ends with _Exit (no cleanup): remove what runs that are over left behind.
        const std::string prefix = "rutland-fuzz-file-";
        for (const auto& entry : fs::directory_iterator(base, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind(prefix, 0) == 0 && !fs::exists("/proc/" + name.substr(prefix.size()), ec))
                fs::remove_all(entry.path(), ec);
        }
        fs::path d = base / (prefix + std::to_string(getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// The file, its WAL and shm, and any backup a migration made.
void Clear() {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(Dir(), ec)) fs::remove(entry.path(), ec);
}

std::string ReadAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void Check(const std::string& path, rutland::Store::Mode mode, const std::string& bytes) {
    std::string error;
    std::unique_ptr<rutland::Store> store = rutland::Store::Open(path, mode, &error);  // invariant 1
    if (!store) {
        if (error.empty()) Fail("a file was refused without a message");
        // invariant 3. (Read-write may already have switched a damaged game to WAL before its
        // verification failed: only a read-only open promises not to write at all.)
        if (mode == rutland::Store::Mode::ReadOnly && ReadAll(path) != bytes) Fail("a refused file was changed: " + error);
        return;
    }
    const rutland::VerifyReport& report = store->Report();
    if (!report.Clean()) {  // invariant 2
        if (!store->ReadOnly()) Fail("a file with problems opened writable");
        const rutland::StoreReceipt r = store->SubmitLine("note fuzz", rutland::Stamp{"2026-11-22T00:00:00Z", "fuzz", "fuzz:1"});
        if (r.accepted) Fail("a file with problems accepted a command");
    } else if (auto wrong = rutland::CheckConservation(store->GetLedger().State())) {
        Fail("a clean file fails conservation: " + *wrong);
    }
    if (store->Size() < 1) Fail("an open game has no header entry");
    // The hash the fingerprint is of: as written (a migrated entry keeps its schema-2 hash, store.h
    // invariant 16).
    const std::string& head = store->Record(store->Size() - 1).WrittenHash();
    if (store->Fingerprint() != head.substr(0, 4) + " " + head.substr(4, 4) + " " + head.substr(8, 4) + " " + head.substr(12, 4))
        Fail("the fingerprint is not the head hash's first 16 hex digits in groups of 4");
    (void)rutland::StateToJson(store->GetLedger().State()).dump();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string path = (Dir() / "game.rutland").string();
    Clear();
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    {
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    Check(path, rutland::Store::Mode::ReadOnly, bytes);
    // Read-write may migrate (after a backup copy) or rebuild snapshots: the file may change, so
    // compare against what is there now.
    Check(path, rutland::Store::Mode::ReadWrite, ReadAll(path));
    Clear();
    return 0;
}
