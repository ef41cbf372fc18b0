// The power-loss test: games are played into a game file through the simulated disk
// (powerloss_vfs.h), and the power is cut at a random moment: while the file is opened and
// verified, while a command commits, while a session closes and checkpoints. Then the file is
// opened again through the real disk and must:
//  1. open, and verify clean (basic_store.h invariant 5: quick_check, hash chain, replay, conservation);
//  2. hold every command that was acknowledged (Submit returned accepted), under its sequence
//     number, with the canonical line the game played in memory gives (basic_store.h invariant 2);
//  3. hold at most the one command that was committing when the power went, and nothing else;
//  4. have the state the game in memory had after its last entry;
//  5. take the next command of the game (the broker carries on).
// With synchronous=OFF (StoreOptions::unsafe_synchronous_off, test only) the same cuts must lose
// acknowledged commands or damage the file in some runs: that shows the test can fail.
//
//   rutland_powerloss_test WORKDIR [--synchronous-off]
//   RUTLAND_POWERLOSS_CRASHES=N   power cuts to simulate (default 100; 20 with --synchronous-off)
//   RUTLAND_POWERLOSS_SEED=S      the random seed (default: from the clock; printed, to repeat one)
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "game_generator.h"
#include "ledger/ledger.h"
#include "powerloss_vfs.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "bbr_names.h"

namespace fs = std::filesystem;
using namespace rutland;
namespace pl = rutland::testing::powerloss;
using rutland::testing::Rng;

namespace {

struct Reference {
    std::vector<std::string> script;
    std::vector<std::string> lines;   // canonical line of entry n
    std::vector<std::string> states;  // state JSON after entry n
};

Reference Play(std::vector<std::string> script) {
    Reference ref;
    ref.script = std::move(script);
    Rejection why;
    auto ledger = Ledger::Start(std::get<GameHeader>(ParseCommand(ref.script[0]).command->action), &why);
    ref.lines.push_back(ledger->At(0).line);
    ref.states.push_back(StateToJson(ledger->State()).dump());
    for (size_t i = 1; i < ref.script.size(); ++i) {
        SubmitResult r = ledger->SubmitLine(ref.script[i]);
        if (!r.accepted) throw std::logic_error("the generated game is rejected at '" + ref.script[i] + "'");
        ref.lines.push_back(ledger->At(r.seq).line);
        ref.states.push_back(StateToJson(ledger->State()).dump());
    }
    return ref;
}

Stamp StampFor(size_t i) { return Stamp{"2026-11-22T00:00:00Z", "Dee", "powerloss:" + std::to_string(i)}; }

void RemoveGame(const std::string& path) {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

struct Outcome {
    int acked = 0;            // the last acknowledged entry (0: only the header)
    int attempted = 0;        // the last entry a Submit was started for
    bool crashed = false;
    int64_t calls = 0;
};

// Plays the game's lines 1.. into the file through the simulated disk, in 1-3 sessions (each a
// Store opened, some lines, the Store closed), until the power goes.
Outcome PlayThroughShim(const std::string& path, const Reference& ref, Rng& rng, bool sync_off) {
    Outcome out;
    StoreOptions options{pl::kVfsName, sync_off};
    const int n = static_cast<int>(ref.script.size());
    std::vector<int> breaks = {1};
    const int sessions = rng.Between(1, 3);
    for (int s = 1; s < sessions; ++s) breaks.push_back(rng.Between(1, n - 1));
    breaks.push_back(n);
    std::sort(breaks.begin(), breaks.end());
    for (size_t s = 0; s + 1 < breaks.size() && !pl::PowerIsOff(); ++s) {
        std::string error;
        std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, &error, options);
        if (!store) {
            if (pl::PowerIsOff()) break;
            throw std::logic_error("the game file did not open through the simulated disk: " + error);
        }
        if (store->ReadOnly()) throw std::logic_error("the game file opened read-only: " + store->Report().problems.at(0).ToString());
        for (int i = breaks[s]; i < breaks[s + 1]; ++i) {
            out.attempted = i;
            StoreReceipt r = store->SubmitLine(ref.script[static_cast<size_t>(i)], StampFor(static_cast<size_t>(i)));
            if (!r.accepted) {
                if (pl::PowerIsOff()) break;
                throw std::logic_error("the store refused '" + ref.script[static_cast<size_t>(i)] + "': " + r.Why());
            }
            if (r.seq != i) throw std::logic_error("line " + std::to_string(i) + " became entry " + std::to_string(r.seq));
            out.acked = i;
        }
    }  // each Store closes here: a checkpoint, unless the power is off
    out.crashed = pl::PowerIsOff();
    out.calls = pl::Calls();
    return out;
}

struct Totals {
    long cuts = 0;
    long acked = 0;
    long lost = 0;             // acknowledged commands missing afterwards
    long damaged = 0;          // files that did not open clean
    long in_flight_kept = 0;   // unacknowledged commits that made it to the disk anyway
    long sectors_pending = 0;
    long sectors_written = 0;
    long runs_with_loss = 0;   // runs with a loss or a damaged file
    std::vector<std::string> first_failures;
};

void Check(const std::string& path, const Reference& ref, const Outcome& out, bool sync_off, Totals& t) {
    std::string error;
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, &error);
    std::string failure;
    int have = -1;
    if (!store) {
        failure = "the file does not open: " + error;
        ++t.damaged;
    } else if (!store->Report().Clean()) {
        failure = "the file does not verify: " + store->Report().problems.at(0).ToString();
        ++t.damaged;
    } else {
        have = store->Size() - 1;
        if (have < out.acked) {
            failure = "lost acknowledged entries " + std::to_string(have + 1) + "-" + std::to_string(out.acked);
            t.lost += out.acked - have;
        } else if (have > out.attempted) {
            failure = "holds entries up to " + std::to_string(have) + ", but only " + std::to_string(out.attempted) + " were submitted";
        } else {
            if (have > out.acked) ++t.in_flight_kept;
            for (int seq = 0; seq <= have && failure.empty(); ++seq)
                if (store->GetLedger().At(seq).line != ref.lines[static_cast<size_t>(seq)])
                    failure = "entry " + std::to_string(seq) + " is '" + store->GetLedger().At(seq).line + "', not '" +
                              ref.lines[static_cast<size_t>(seq)] + "'";
            if (failure.empty() && StateToJson(store->GetLedger().State()).dump() != ref.states[static_cast<size_t>(have)])
                failure = "the state after entry " + std::to_string(have) + " is not the game's";
        }
    }
    store.reset();
    // The broker carries on: the next line goes into the file through the real disk.
    if (failure.empty() && have + 1 < static_cast<int>(ref.script.size())) {
        std::unique_ptr<Store> again = Store::Open(path, Store::Mode::ReadWrite, &error);
        StoreReceipt r = again ? again->SubmitLine(ref.script[static_cast<size_t>(have + 1)], StampFor(static_cast<size_t>(have + 1) + 1000000))
                               : StoreReceipt{};
        if (!again || !r.accepted || r.seq != have + 1) failure = "the next command is not accepted after the cut: " + (again ? r.Why() : error);
    }
    if (!failure.empty()) {
        ++t.runs_with_loss;
        if (t.first_failures.size() < 5) t.first_failures.push_back(failure.substr(0, failure.find('\n')));
    }
    (void)sync_off;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: rutland_powerloss_test WORKDIR [--synchronous-off]\n";
        return 2;
    }
    // The real files stand for the platters of the simulated disk: real fsyncs (when the game is
    // created, and when the broker carries on after a cut) only cost time, so use memory when the
    // machine has a tmpfs.
    fs::path work = argv[1];
    if (std::error_code ec; fs::exists("/dev/shm", ec) && access("/dev/shm", W_OK) == 0)
        work = fs::path("/dev/shm") / ("rutland-powerloss-" + std::to_string(getpid()));
    const bool sync_off = argc > 2 && std::string(argv[2]) == "--synchronous-off";
    long crashes = sync_off ? 20 : 100;
    if (const char* env = std::getenv("RUTLAND_POWERLOSS_CRASHES")) crashes = std::max(1L, std::atol(env));
    uint64_t seed = static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    if (const char* env = std::getenv("RUTLAND_POWERLOSS_SEED")) seed = std::strtoull(env, nullptr, 10);
    std::cout << "power-loss test: " << crashes << " power cuts, synchronous=" << (sync_off ? "OFF" : "FULL")
              << ", seed " << seed << " (RUTLAND_POWERLOSS_SEED to repeat)\n";
    fs::create_directories(work);
    const std::string path = (work / (sync_off ? "sync-off.rutland" : "game.rutland")).string();
    pl::Register();
    Rng rng(seed);
    Totals t;
    const auto start = std::chrono::steady_clock::now();
    double calls_per_line = 8;  // learnt from the runs, so cuts spread over the whole game
    try {
        for (long run = 0; run < crashes; ++run) {
            testing::GenOptions options;
            options.seed = rng.Next();
            options.players = rng.Between(2, 8);
            options.entries = rng.Between(20, 200);
            const Reference ref = Play(testing::GenerateGame(options));
            RemoveGame(path);
            std::string error;
            if (!Store::Create(path, std::get<GameHeader>(ParseCommand(ref.script[0]).command->action), StampFor(0), &error))
                throw std::logic_error("Create: " + error);
            pl::Plan plan;
            plan.crash_at = 1 + static_cast<int64_t>(rng.Below(static_cast<uint64_t>(calls_per_line * static_cast<double>(ref.script.size()) + 10)));
            plan.mode = static_cast<pl::CrashMode>(rng.Below(3));
            plan.seed = rng.Next();
            pl::Arm(plan);
            Outcome out = PlayThroughShim(path, ref, rng, sync_off);
            if (!out.crashed) {
                // The whole game went through before the planned moment: cut the power now, after
                // the last session closed (with synchronous=OFF, that is when it hurts most).
                calls_per_line = static_cast<double>(out.calls) / static_cast<double>(ref.script.size());
                pl::CutNow();
            }
            const pl::CutReport cut = pl::LastCut();
            pl::Disarm();
            ++t.cuts;
            t.acked += out.acked;
            t.sectors_pending += cut.sectors_pending;
            t.sectors_written += cut.sectors_written;
            Check(path, ref, out, sync_off, t);
        }
    } catch (const std::exception& e) {
        std::cout << "power-loss test: the harness failed: " << e.what() << "\n";
        return 1;
    }
    RemoveGame(path);
    if (std::error_code ec; work.string().rfind("/dev/shm/", 0) == 0) fs::remove_all(work, ec);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "power cuts simulated: " << t.cuts << "; acknowledged commands: " << t.acked
              << "; lost: " << t.lost << "; files damaged: " << t.damaged
              << "; in-flight commits that reached the disk anyway: " << t.in_flight_kept
              << "; unsynced sectors at the cuts: " << t.sectors_pending << " (" << t.sectors_written
              << " written, the rest dropped); " << static_cast<int>(seconds) << " s\n";
    for (const std::string& f : t.first_failures) std::cout << "  e.g. " << f << "\n";
    if (sync_off) {
        // The harness must be able to fail: without syncs, cuts lose commands or damage files.
        std::cout << "synchronous=OFF: " << t.runs_with_loss << " of " << t.cuts
                  << " runs lost acknowledged commands or damaged the file (expected: some)\n";
        if (t.runs_with_loss == 0) {
            std::cout << "FAILED: the harness saw no loss without syncs: it cannot tell a safe store from an unsafe one\n";
            return 1;
        }
        std::cout << "1 passed, 0 failed\n";
        return 0;
    }
    if (t.runs_with_loss > 0) {
        std::cout << "FAILED: " << t.runs_with_loss << " of " << t.cuts << " power cuts lost or damaged something\n";
        return 1;
    }
    std::cout << t.cuts << " passed, 0 failed\n";
    return 0;
}
