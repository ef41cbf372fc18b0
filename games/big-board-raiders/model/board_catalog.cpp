#include "model/board_catalog.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>

#include <fmt/format.h>

namespace rutland::bbr {

namespace {

// Invariant 1: the installed catalog. Guarded, since the dashboard's readers and a game's replay
// may run on other threads than the one that saves a board.
std::mutex g_user_boards_mutex;
std::shared_ptr<const BoardCatalog> g_user_boards;

} // namespace

VerifiedCount CountVerified(const Board& board) {
    VerifiedCount count;
    for (const Space& s : board.Spaces()) {
        const int checked = s.kind.verified + s.position.verified + s.trend.verified + s.ask.verified + s.bid.verified;
        count.verified += checked;
        count.facts += kFactsPerSpace;
        count.spaces += checked == kFactsPerSpace;
    }
    return count;
}

std::optional<std::string> CheckCompleteBoard(const Board& board) {
    if (board.SpaceCount() != kBoardSpaces)
        return fmt::format("a board has {} spaces in a ring, this one has {} (BD-1)", kBoardSpaces, board.SpaceCount());
    // Board::FromJson already holds each space to its name: a prospectus subsidiary is a subsidiary
    // of its own company, no other space is one, names and positions are unique.
    for (Company c : kCompanies) {
        for (std::string_view name : GetProspectus(c).subsidiaries) {
            const auto& spaces = board.Spaces();
            if (std::none_of(spaces.begin(), spaces.end(), [&](const Space& s) { return s.name == name; }))
                return fmt::format("the subsidiary {} of {} is missing: every one of the 24 subsidiaries of the "
                                   "prospectus has its space (BD-1, RULES.md section 2)",
                                   name, GetProspectus(c).name);
        }
    }
    std::array<int, kCompanyCount> preferred{};
    int rights = 0, puts = 0, calls = 0, time = 0;
    for (const Space& s : board.Spaces()) {
        switch (s.kind.value) {
            case SpaceKind::Preferred: ++preferred[static_cast<size_t>(Index(*s.company))]; break;
            case SpaceKind::Rights: ++rights; break;
            case SpaceKind::Puts: ++puts; break;
            case SpaceKind::Calls: ++calls; break;
            case SpaceKind::Time: ++time; break;
            default: break;
        }
        // BD-3, beyond what FromJson checks (no Bid on a subsidiary, no Ask elsewhere).
        if (s.kind.value == SpaceKind::Subsidiary && s.ask.value.Count() != 3)
            return fmt::format("space '{}': a subsidiary shows an Ask triplet (three companies), this one has {} (BD-3)",
                               s.name, s.ask.value.Count());
        if (s.kind.value != SpaceKind::Subsidiary && s.bid.value.Count() == 0)
            return fmt::format("space '{}': every space that is not a subsidiary shows market Bids, this one has none (BD-3)",
                               s.name);
        if (s.kind.value == SpaceKind::Preferred && !s.bid.value.Has(*s.company))
            return fmt::format("space '{}': PREFERRED {} shows a Bid for {} (BD-3)", s.name, GetProspectus(*s.company).name,
                               GetProspectus(*s.company).name);
    }
    for (Company c : {Company::Yellow, Company::Blue})
        if (preferred[static_cast<size_t>(Index(c))] != 1)
            return fmt::format("a board has one PREFERRED {} space, this one has {} (BD-1)", GetProspectus(c).name,
                               preferred[static_cast<size_t>(Index(c))]);
    if (rights != 2) return fmt::format("a board has two RIGHTS OFFERING spaces, this one has {} (BD-1)", rights);
    if (puts != 1) return fmt::format("a board has one PUTS space, this one has {} (BD-1)", puts);
    if (calls != 1) return fmt::format("a board has one CALLS space, this one has {} (BD-1)", calls);
    if (time < 1) return "a board has TIME spaces, this one has none (BD-1)";
    return std::nullopt;
}

std::optional<std::string> UserBoardNameProblem(std::string_view name) {
    const bool shaped = !name.empty() && name.size() <= 40 && std::islower(static_cast<unsigned char>(name.front())) &&
                        std::all_of(name.begin(), name.end(), [](char ch) {
                            return std::islower(static_cast<unsigned char>(ch)) || std::isdigit(static_cast<unsigned char>(ch)) ||
                                   ch == '-';
                        });
    if (!shaped)
        return fmt::format("a board's name is lower-case letters, digits and '-', starting with a letter, at most 40 "
                           "characters (e.g. \"home\"), not \"{}\"",
                           name);
    if (BuiltinBoard(name)) return fmt::format("'{}' is a built-in board's name: give the table's board another name", name);
    return std::nullopt;
}

bool BoardCatalog::Add(std::shared_ptr<const Board> board, std::string* why) {
    std::optional<std::string> problem = UserBoardNameProblem(board->Name());
    if (!problem) problem = CheckCompleteBoard(*board);
    if (problem) {
        if (why) *why = *problem;
        return false;
    }
    m_boards[board->Name()] = std::move(board);
    return true;
}

std::shared_ptr<const Board> BoardCatalog::Find(std::string_view name) const {
    auto it = m_boards.find(name);
    return it == m_boards.end() ? nullptr : it->second;
}

std::vector<std::string> BoardCatalog::Names() const {
    std::vector<std::string> names;
    for (const auto& entry : m_boards) names.push_back(entry.first);
    return names;
}

void InstallUserBoards(std::shared_ptr<const BoardCatalog> catalog) {
    std::lock_guard lock(g_user_boards_mutex);
    g_user_boards = std::move(catalog);
}

std::shared_ptr<const BoardCatalog> InstalledUserBoards() {
    std::lock_guard lock(g_user_boards_mutex);
    return g_user_boards;
}

std::shared_ptr<const Board> FindBoard(std::string_view name) {
    if (auto board = BuiltinBoard(name)) return board;  // invariant 2
    if (auto catalog = InstalledUserBoards()) return catalog->Find(name);
    return nullptr;
}

std::vector<std::string> KnownBoardNames() {
    std::vector<std::string> names = BuiltinBoardNames();
    if (auto catalog = InstalledUserBoards())
        for (std::string& name : catalog->Names()) names.push_back(std::move(name));
    return names;
}

} // namespace rutland::bbr
