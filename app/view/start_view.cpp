#include "start_view.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "base/names.h"
#include "base/edit_distance.h"
#include "lang/command.h"
#include "model/board_catalog.h"
#include "store/store.h"
#include "games.h"

namespace rutland::view {

namespace {

std::string TrimmedField(std::string_view s) {
    const size_t a = s.find_first_not_of(" \t");
    if (a == std::string_view::npos) return {};
    return std::string(s.substr(a, s.find_last_not_of(" \t") - a + 1));
}

bool WholeNumberAboveZero(const std::string& s) {
    return !s.empty() && s.size() <= 12 && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
           std::stoll(s) > 0;
}

// The role's name for the header, or "" (nobody); *error when the pick cannot stand.
std::string RoleName(const RolePick& pick, const std::vector<std::string>& players, const char* role, std::string* error) {
    if (!pick.other) {
        if (pick.player < 0) return {};
        if (pick.player >= static_cast<int>(players.size())) {
            *error = fmt::format("Pick the {} again: the players have changed.", role);
            return {};
        }
        return players[static_cast<size_t>(pick.player)];
    }
    const std::string name = TrimmedField(pick.name);
    if (name.empty()) {
        *error = fmt::format("Type the name of the {} who does not play, or pick a player.", role);
        return {};
    }
    if (auto problem = NameProblem(name)) {
        *error = fmt::format("This name cannot be used: it holds {}.", *problem);
        return {};
    }
    for (const std::string& p : players) {
        if (SameName(p, name)) return p;  // typed a player's name: that player
        // A typo of a player's name would stay in the game file for ever: ask for the pick.
        if (EditDistanceIgnoringCase(p, name) <= 2 && name.size() >= 2) {
            *error = fmt::format("{} is not a player, but close to {}: pick {} from the list, or check the spelling.", name, p, p);
            return {};
        }
    }
    return name;
}

} // namespace

NewGameCheck CheckNewGame(const NewGameForm& form) {
    NewGameCheck c;
    std::string word;
    for (char ch : form.players + ",") {
        if (ch == ',' || ch == ' ' || ch == '\t') {
            if (!word.empty()) c.players.push_back(word);
            word.clear();
        } else {
            word += ch;
        }
    }
    // Players: G-1 allows 2 to 8; names are told apart as names.h says.
    if (c.players.empty()) {
        c.players_error = "Type the players' names in turn order, e.g. Ann, Bob, Cy, Dee.";
    } else if (c.players.size() < 2 || c.players.size() > 8) {
        c.players_error = fmt::format("A game has 2 to 8 players; this is {} (G-1).", c.players.size());
    } else {
        for (size_t i = 0; i < c.players.size() && c.players_error.empty(); ++i) {
            if (auto problem = NameProblem(c.players[i])) c.players_error = fmt::format("{} cannot be used: it holds {}.", ShowName(c.players[i]), *problem);
            for (size_t j = 0; j < i && c.players_error.empty(); ++j)
                if (SameName(c.players[i], c.players[j])) c.players_error = fmt::format("{} is named twice: each player needs a name of their own.", c.players[i]);
        }
    }
    const std::string cash = TrimmedField(form.cash);
    if (!cash.empty() && !WholeNumberAboveZero(cash)) c.cash_error = "Starting cash is whole dollars above zero, e.g. 100000.";
    const std::string year_cards = TrimmedField(form.year_cards);
    if (!year_cards.empty() && !WholeNumberAboveZero(year_cards))
        c.year_cards_error = "Time cards per year is a whole number above zero, or blank for one per player (D-4).";
    // Start spaces: one for all, or one per player, each a space of the board (a name or a prefix, '@' optional).
    std::vector<std::string> start;
    word.clear();
    for (char ch : form.start + ",") {
        if (ch == ',' || ch == ' ' || ch == '\t') {
            if (!word.empty()) start.push_back(word[0] == '@' ? word.substr(1) : word);
            word.clear();
        } else {
            word += ch;
        }
    }
    const std::shared_ptr<const Board> board = FindBoard(form.board.empty() ? "standard" : form.board);
    for (const std::string& s : start) {
        std::string why;
        if (s.empty() || (board && !board->Find(s, &why))) {
            c.start_error = fmt::format("No space '{}' on the board {}{}.", s, form.board.empty() ? "standard" : form.board,
                                        why.empty() ? "" : ": " + why);
            break;
        }
    }
    if (c.start_error.empty() && start.size() > 1 && c.players_error.empty() && start.size() != c.players.size())
        c.start_error = fmt::format("Give one start space for every player, or one for each of the {} players in turn order (this is {}).",
                                    c.players.size(), start.size());
    if (start.size() == 1 && c.players_error.empty()) start.assign(c.players.size(), start.front());
    const std::string broker = c.players_error.empty() ? RoleName(form.broker, c.players, "broker", &c.broker_error) : std::string();
    const std::string sec = c.players_error.empty() ? RoleName(form.sec, c.players, "SEC guy", &c.sec_error) : std::string();
    if (!c.players_error.empty() || !c.cash_error.empty() || !c.year_cards_error.empty() || !c.broker_error.empty() ||
        !c.sec_error.empty() || !c.start_error.empty())
        return c;
    // The header in the table language, parsed by the core: one definition of a valid header.
    std::string line = "game players=";
    for (size_t i = 0; i < c.players.size(); ++i) line += (i ? "," : "") + c.players[i];
    if (!cash.empty()) line += " cash=" + cash;
    if (!broker.empty()) line += " broker=" + broker;
    if (!sec.empty()) line += " sec=" + sec;
    if (!year_cards.empty()) line += " year-cards=" + year_cards;
    std::string variants;
    for (const std::string& v : form.variants) variants += (variants.empty() ? "" : ",") + v;
    if (!variants.empty()) line += " variants=" + variants;
    if (!form.board.empty() && form.board != "standard") line += " board=" + form.board;
    for (size_t i = 0; i < start.size(); ++i) line += (i ? ",@" : " start=@") + start[i];
    ParseResult parsed = ParseCommand(line);
    const GameHeader* header = parsed.command ? std::get_if<GameHeader>(&parsed.command->action) : nullptr;
    if (parsed.error) {
        c.form_error = parsed.error->ToString();
    } else if (!header) {
        c.form_error = "This does not make a game header.";
    } else {
        c.header_line = line;
        c.header = *header;
    }
    return c;
}

RecentGame ReadRecentGame(const std::string& path) {
    RecentGame r;
    r.path = path;
    std::string error;
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, &error);
    if (!store) {
        r.error = error;
        return r;
    }
    const GameState& s = store->GetLedger().State();
    for (const PlayerState& p : s.players) r.players.push_back(p.name);
    r.year = s.year;
    r.entries = store->Size();
    if (store->Size() > 0) {
        const std::string& t = store->Record(store->Size() - 1).stamp.time;  // ISO 8601: 2026-11-24T09:31:17Z
        r.last_played = t.size() >= 16 ? t.substr(0, 10) + " " + t.substr(11, 5) : t;
    }
    r.fingerprint = store->Fingerprint();
    return r;
}

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
    return r;
}

std::vector<const host::GameDefinition*> ListedGames(std::span<const host::GameDefinition* const> games) {
    std::vector<const host::GameDefinition*> out;
    for (const host::GameDefinition* g : games)
        if (g && g->listed) out.push_back(g);
    return out;
}

int NextStop(int at, int step, int count) {
    if (count <= 0) return 0;
    return ((at + step) % count + count) % count;
}

} // namespace rutland::view
