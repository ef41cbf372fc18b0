#include "start_view.h"

namespace rutland::view {

RecentGame ReadRecentGame(const std::string& path, const host::GameDefinition& game) {
    RecentGame r;
    r.path = path;
    std::string error;
    const std::unique_ptr<host::OpenGame> g = game.open ? game.open(path, host::Access::Read, "", &error) : nullptr;
    if (!g) {
        r.error = error.empty() ? "this Rutland cannot open " + std::string(game.title) + " files" : error;
        return r;
    }
    r.game = std::string(game.title);
    r.entries = g->Size();
    const std::vector<host::Row> last = g->Rows(g->Size() - 1, g->Size() - 1);
    if (!last.empty()) {
        const std::string& t = last.front().time;  // ISO 8601: 2026-11-24T09:31:17Z
        r.last_played = t.size() >= 16 ? t.substr(0, 10) + " " + t.substr(11, 5) : t;
    }
    r.fingerprint = g->Fingerprint();
    const host::GameSummary summary = g->Summary();  // the game's own: its players, its year or round
    r.players = summary.players;
    r.year = summary.period;
    return r;
}

std::vector<const host::GameDefinition*> ListedGames(std::span<const host::GameDefinition* const> games) {
    std::vector<const host::GameDefinition*> out;
    for (const host::GameDefinition* g : games)
        if (g && g->listed) out.push_back(g);
    return out;
}

std::string DeskFor(std::span<const host::GameDefinition* const> listed) {
    std::string out = "the broker's desk for ";
    for (size_t i = 0; i < listed.size(); ++i) {
        if (i > 0) out += i + 1 == listed.size() ? " and " : ", ";
        out += listed[i]->title;
    }
    return listed.empty() ? "the broker's desk for stock-market board games" : out;
}

int NextStop(int at, int step, int count) {
    if (count <= 0) return 0;
    return ((at + step) % count + count) % count;
}

} // namespace rutland::view
