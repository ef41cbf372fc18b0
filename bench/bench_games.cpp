#include "bench_games.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include <unistd.h>

#include <fmt/format.h>

#include "game_generator.h"
#include "store/store.h"
#include "lang/command.h"
#include "bbr_names.h"

namespace fs = std::filesystem;

namespace rutland::bench {

const std::vector<std::string>& BenchGameLines() {
    // Generating 100,000 legal lines takes about a minute (the generator tries candidates with
    // Legal()), so the lines are kept in the work directory; a clean build starts a new one.
    static const std::vector<std::string> lines = [] {
        testing::GenOptions options;
        options.seed = 7;
        options.players = 4;
        options.entries = MaxEntries() + kExtraCommands;
        const fs::path cache = fs::path(WorkDir()) / fmt::format("bench-game-seed{}-{}.txt", options.seed, options.entries);
        std::vector<std::string> out;
        if (std::ifstream in(cache); in) {
            for (std::string line; std::getline(in, line);) out.push_back(line);
            if (static_cast<int>(out.size()) == options.entries) return out;
        }
        out = testing::GenerateGame(options);
        std::ofstream file(cache.string() + ".tmp");
        for (const std::string& line : out) file << line << '\n';
        file.close();
        fs::rename(cache.string() + ".tmp", cache);
        return out;
    }();
    return lines;
}

int MaxEntries() {
    static const int max = [] {
        const char* env = std::getenv("RUTLAND_BENCH_MAX_ENTRIES");
        const int n = env && *env ? std::atoi(env) : kMaxEntries;
        return n > 0 && n < kMaxEntries ? n : kMaxEntries;
    }();
    return max;
}

std::vector<std::string> BenchGame(int entries) {
    const auto& all = BenchGameLines();
    if (entries < 1 || entries > static_cast<int>(all.size()))
        throw std::out_of_range(fmt::format("BenchGame: {} entries; this run makes at most {} (RUTLAND_BENCH_MAX_ENTRIES)",
                                            entries, all.size()));
    return {all.begin(), all.begin() + entries};
}

const std::string& WorkDir() {
    static const std::string dir = [] {
        const char* env = std::getenv("RUTLAND_BENCH_DIR");
        fs::path d = env && *env ? fs::path(env) : fs::current_path() / "rutland-bench-work";
        fs::create_directories(d);
        return fs::absolute(d).string();
    }();
    return dir;
}

namespace {

void RemoveGameFile(const fs::path& path) {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix, ec);
}

void WriteGameFile(const fs::path& path, int entries) {
    const std::vector<std::string>& lines = BenchGameLines();
    ParseResult header = ParseCommand(lines[0]);
    std::string error;
    const Stamp stamp0{"2024-01-01T00:00:00Z", "broker", "bench:0"};
    std::unique_ptr<Store> store = Store::Create(path.string(), std::get<GameHeader>(header.command->action), stamp0, &error);
    if (!store) throw std::runtime_error("bench: cannot create " + path.string() + ": " + error);
    for (int i = 1; i < entries; ++i) {
        const Stamp stamp{"2024-01-01T00:00:00Z", "broker", fmt::format("bench:{}", i)};
        StoreReceipt r = store->SubmitLine(lines[static_cast<size_t>(i)], stamp);
        if (!r.accepted)
            throw std::runtime_error(fmt::format("bench: line {} of the bench game was refused: {}", i, r.Why()));
    }
}

} // namespace

const std::string& GameFile(int entries) {
    static std::map<int, std::string> made;
    if (auto it = made.find(entries); it != made.end()) return it->second;
    const fs::path final_path = fs::path(WorkDir()) / fmt::format("bench-{}.rutland", entries);
    const fs::path done = final_path.string() + ".done";  // written once the file is complete
    if (fs::exists(done) && fs::exists(final_path)) return made[entries] = final_path.string();
    RemoveGameFile(final_path);
    const bool shm = fs::is_directory("/dev/shm");
    const fs::path build_path = shm ? fs::path("/dev/shm") / fmt::format("rutland-bench-{}-{}.rutland", getpid(), entries)
                                    : final_path;
    RemoveGameFile(build_path);
    WriteGameFile(build_path, entries);  // the Store is closed here: the WAL is checkpointed into the file
    if (shm) {
        fs::copy_file(build_path, final_path);
        RemoveGameFile(build_path);
    }
    std::ofstream(done.string()) << "complete\n";
    return made[entries] = final_path.string();
}

std::string CopyOfGameFile(int entries, const std::string& name) {
    const fs::path path = fs::path(WorkDir()) / (name + ".rutland");
    RemoveGameFile(path);
    fs::copy_file(GameFile(entries), path);
    return path.string();
}

} // namespace rutland::bench
