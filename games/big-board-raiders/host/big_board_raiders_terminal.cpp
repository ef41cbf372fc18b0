// What rutland-cli prints of Big Board Raiders' rules, boards and year end
// (big_board_raiders_terminal.h): moved from app/cli/cmd_rule.cpp, cmd_board.cpp and cmd_year_end.cpp
// unchanged, so every byte rutland-cli prints of the game is what it printed before (tests/cli/).
#include "host/big_board_raiders_terminal.h"

#include <filesystem>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "view/board_files.h"

#include "model/board_catalog.h"
#include "report/rule_book.h"
#include "report/year_end_report.h"
#include "store/store.h"

namespace rutland::bbr {

namespace {

// rutland-cli's exit codes (app/cli/cli.h).
constexpr int kDone = 0;      // kExitAccepted
constexpr int kRefused = 1;   // kExitRejected
constexpr int kUnusable = 2;  // kExitUnusable

} // namespace

// [SECTION] Its rules reference

std::string RuleWords(std::string_view id) {
    const RuleText* rule = FindRule(id);
    return rule ? rule->text : std::string();
}

std::vector<std::string> RuleIds() {
    std::vector<std::string> out;
    for (const RuleText& r : AllRules()) out.push_back(r.id);
    return out;
}

std::string RuleHeading(std::string_view id) {
    const RuleText* rule = FindRule(id);
    if (!rule) return "";
    std::string out = fmt::format("{}  {}\n", rule->id, rule->title);
    if (rule->id.find('.') == std::string::npos) out += fmt::format("RULES.md section {}\n", rule->section);
    return out;
}

std::string RuleListing() {
    std::string out, section;
    for (const RuleText& r : AllRules()) {
        if (r.id.find('.') != std::string::npos) continue;  // the sections and COMMANDS.md: below
        if (r.section != section) {
            section = r.section;
            out += (section.empty() ? "" : "\n") + section + "\n";
        }
        out += fmt::format("  {:<5} {}\n", r.id, r.title);
    }
    out += "\nRejections also cite COMMANDS.md (the table language) and RULES.md section 1 to 15.\n"
           "rutland-cli rule ID prints one in full.\n";
    return out;
}

std::vector<std::string> RuleNearest(std::string_view id) { return NearestRuleIds(id); }

// [SECTION] Its boards as files

namespace {

std::string Letters(CompanySet set) {
    std::string text;
    for (Company c : kCompanies)
        if (set.Has(c)) text += GetProspectus(c).letter;
    return text.empty() ? "-" : text;
}

std::string Mark(bool verified) { return verified ? "" : "?"; }

void InstallBoards() { InstallBoardFiles(BoardsDir()); }

int List(std::ostream& out, std::ostream& err) {
    const BoardFiles files = ReadBoardFiles(BoardsDir());
    for (const std::string& name : BuiltinBoardNames()) out << VerifiedSummary(*BuiltinBoard(name)) << " [built-in]\n";
    for (const std::string& name : files.catalog->Names()) out << VerifiedSummary(*files.catalog->Find(name)) << "\n";
    for (const std::string& problem : files.problems) err << "left out: " << problem << "\n";
    out << "user boards are kept in " << BoardsDir() << "\n";
    return kDone;
}

std::shared_ptr<const Board> Named(const std::string& name, std::ostream& err) {
    std::shared_ptr<const Board> board = FindBoard(name);
    if (!board) {
        std::string names;
        for (const std::string& b : KnownBoardNames()) names += (names.empty() ? "" : ", ") + b;
        err << fmt::format("rutland-cli: no board called '{}' (boards: {})\n", name, names);
    }
    return board;
}

int Show(const std::string& name, std::ostream& out, std::ostream& err) {
    std::shared_ptr<const Board> board = Named(name, err);
    if (!board) return kUnusable;
    out << VerifiedSummary(*board) << "; '?' marks a fact not yet checked against the physical board (D-2)\n";
    out << fmt::format("{:>4}  {:<18} {:<12} {:<7} {:<6} {}\n", "pos", "space", "kind", "arrows", "ask", "bids");
    for (int position = 0; position < board->SpaceCount(); ++position) {
        const int i = board->AtPosition(position);
        if (i < 0) continue;
        const Space& s = board->At(i);
        std::string trend;
        for (Trend t : s.trend.value) trend += t == Trend::Up ? 'U' : 'D';
        out << fmt::format("{:>4}  {:<18} {:<12} {:<7} {:<6} {}\n", std::to_string(position) + Mark(s.position.verified),
                           s.name, std::string(SpaceKindName(s.kind.value)) + Mark(s.kind.verified), trend + Mark(s.trend.verified),
                           Letters(s.ask.value) + Mark(s.ask.verified), Letters(s.bid.value) + Mark(s.bid.verified));
    }
    return kDone;
}

int Save(const Board& board, bool replace, const std::string& what, std::ostream& out, std::ostream& err) {
    std::string why;
    const std::string dir = BoardsDir();
    if (!WriteBoardFile(dir, board, replace, &why)) {
        err << fmt::format("rutland-cli: {} refused: {}; nothing was written{}\n", what, why,
                           why.find("exists already") != std::string::npos ? " (--replace replaces it)" : "");
        return kRefused;
    }
    out << fmt::format("saved {}: {}\n", (std::filesystem::path(dir) / (board.Name() + ".json")).string(),
                       VerifiedSummary(board));
    return kDone;
}

int Import(const std::string& file, bool replace, std::ostream& out, std::ostream& err) {
    std::string why;
    const std::optional<std::string> text = ReadBoardText(file, &why);
    if (!text) {
        err << "rutland-cli: " << file << " refused: " << why << "; nothing was written\n";
        return why.find("kMaxBoardJsonBytes") != std::string::npos ? kRefused : kUnusable;
    }
    std::optional<Board> board = ParseUserBoard(*text, &why);
    if (!board) {
        err << fmt::format("rutland-cli: {} refused: {}; nothing was written\n", file, why);
        return kRefused;
    }
    return Save(*board, replace, file, out, err);
}

int Export(const std::string& name, const std::string& file, std::ostream& out, std::ostream& err) {
    std::shared_ptr<const Board> board = Named(name, err);
    if (!board) return kUnusable;
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) {
        err << "rutland-cli: " << file << " exists already; nothing was written\n";
        return kUnusable;
    }
    std::ofstream written(file, std::ios::binary);
    written << board->ToJson();
    written.flush();
    if (!written) {
        err << "rutland-cli: could not write " << file << "\n";
        return kUnusable;
    }
    out << fmt::format("wrote {}: {}\n", file, VerifiedSummary(*board));
    return kDone;
}

// The game file read as rutland-cli reads any (app/cli/common.cpp OpenForReading): its open's
// message, or a warning naming its first problem.
std::unique_ptr<Store> OpenForReading(const std::string& file, std::ostream& err) {
    std::string error;
    std::unique_ptr<Store> store = Store::Open(file, Store::Mode::ReadOnly, &error);
    if (!store) {
        err << "rutland-cli: " << error << "\n";
        return nullptr;
    }
    if (!store->Report().Clean()) {
        const VerifyReport& r = store->Report();
        const Finding& first = r.problems.empty() ? r.rules_changes.front() : r.problems.front();
        err << "warning: " << file << " does not verify clean (" << first.ToString() << "); showing entries 0-"
            << store->Size() - 1 << " (rutland-cli verify " << file << " says more)\n";
    }
    return store;
}

int SaveFromGame(const std::string& game, const std::string& name, bool replace, std::ostream& out, std::ostream& err) {
    std::unique_ptr<Store> store = OpenForReading(game, err);
    if (!store) return kUnusable;
    if (!store->Report().Clean()) {
        err << "rutland-cli: " << game << " does not verify clean, so its board cannot be trusted; nothing was written\n";
        return kRefused;
    }
    Board board = *store->GetLedger().State().board;  // the last entry's board: every correction applied
    board.SetName(name);
    return Save(board, replace, fmt::format("saving the board of {} as '{}'", game, name), out, err);
}

} // namespace

constinit const host::BoardCommands kBoardCommands = {
    .install = InstallBoards,
    .list = List,
    .show = Show,
    .import = Import,
    .export_ = Export,
    .save = SaveFromGame,
};

// [SECTION] Its year end

bool WriteYearEnd(const host::OpenGame& game, const Ledger& ledger, int seq, bool last, host::SettlementFormat format,
                  const std::string& file, std::ostream& out, std::string* error) {
    std::optional<YearEndStatement> statement;
    if (last) {
        statement = LastYearEnd(ledger, seq);
        if (!statement) {
            *error = fmt::format("no year has ended by entry {}", seq);
            return false;
        }
    } else {
        statement = PreviewStatement(ledger.StateAt(seq));
        NameCounts(*statement, ledger, seq);
    }
    statement->fingerprint_entry = statement->preview ? seq : statement->entry;
    statement->fingerprint = game.FingerprintAt(statement->fingerprint_entry);
    switch (format) {
        case host::SettlementFormat::Csv: out << StatementCsv(*statement); break;
        case host::SettlementFormat::Html: out << StatementHtml(*statement, file); break;
        case host::SettlementFormat::Text: out << StatementText(*statement); break;
    }
    return true;
}

} // namespace rutland::bbr
