// The ledger panel's view model, and its agreement with rutland-cli log / explain / diff: undo,
// redo and time travel agree with rutland-cli on the same file.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "ledger_view.h"
#include "bbr_names.h"
#include "long_game.h"
#include "support/store_files.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;
namespace fs = std::filesystem;

namespace {

// A fingerprint as the store shows it (basic_store.h invariant 4), from the hash by hand: 16 digits in 4 groups.
std::string Grouped(const std::string& hash) {
    return hash.substr(0, 4) + " " + hash.substr(4, 4) + " " + hash.substr(8, 4) + " " + hash.substr(12, 4);
}

using rutland::testing::TempPath;

std::vector<std::string> ScriptLines(const std::string& relative) {
    std::ifstream in(fs::path(RUTLAND_SOURCE_DIR) / relative);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

Stamp TestStamp(int n) {
    char time[32];
    std::snprintf(time, sizeof time, "2026-11-22T10:%02d:%02dZ", (n / 60) % 60, n % 60);
    return {time, "Dee", "ledger-view:" + std::to_string(n)};
}

// Plays script lines (the first command is the header) into a new game file.
std::unique_ptr<Store> PlayInto(const std::string& path, const std::vector<std::string>& lines) {
    return test::PlayInto(path, lines, TestStamp);
}

std::string Joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) out += l + "\n";
    return out;
}

std::vector<std::string> Texts(const std::vector<ExplainLine>& lines) {
    std::vector<std::string> out;
    for (const ExplainLine& l : lines) out.push_back(l.text);
    return out;
}

bool HasLine(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// What rutland-cli prints on stdout for these arguments.
std::string CliStdout(const std::string& args) {
    std::string out;
    FILE* pipe = popen((std::string(RUTLAND_CLI) + " " + args + " 2>/dev/null").c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) out.append(buffer.data(), n);
    pclose(pipe);
    return out;
}

} // namespace

TEST_CASE("explain and diff: the demo's known entries, as the CLI tests db_explain_* and db_diff expect") {
    auto store = PlayInto(TempPath("ledger-demo.rutland"), ScriptLines("assets/demo/first-game.txt"));
    REQUIRE(store->Size() == 39);

    const std::vector<std::string> b1 = Texts(ExplainEntry(*store, 9));
    // What happened first, the ids and the hash last.
    REQUIRE(b1.size() >= 4);
    CHECK(b1[0] == "Entry 9: buy B 20k");
    CHECK(b1[1].rfind("  [B-1] Cy pays", 0) == 0);
    CHECK(b1[b1.size() - 2] == "  entered 2026-11-22T10:00:09Z by Dee (command id ledger-view:9), rules version " + std::to_string(kRulesVersion));
    CHECK(b1.back() == "  hash " + store->Record(9).hash + " (fingerprint here " + Grouped(store->Record(9).hash) + ")");
    const std::string text = Joined(b1);
    CHECK(text.find("20,000 x $2.20 = $44,000") != std::string::npos);
    CHECK(text.find("Cy's cash: $100,000 - $44,000 = $56,000") != std::string::npos);
    for (const ExplainLine& l : ExplainEntry(*store, 9)) {
        CAPTURE(l.text);
        if (l.text.find("Cy's cash: $100,000") != std::string::npos) CHECK(l.kind == ExplainLine::Kind::Arithmetic);
        if (l.text.rfind("  [B-1] ", 0) == 0) CHECK(l.kind == ExplainLine::Kind::Effect);
    }

    const std::string s4 = Joined(Texts(ExplainEntry(*store, 14)));
    CHECK(s4.find("10,000 x $0.70 = $7,000") != std::string::npos);
    CHECK(s4.find("the Green margin account: $0 + $7,000 = $7,000") != std::string::npos);
    CHECK(s4.find("down 2 ticks x $0.05 = $0.10") != std::string::npos);

    // Entry 0 (the header) has no state before it: its effects come without arithmetic.
    const std::vector<ExplainLine> header = ExplainEntry(*store, 0);
    CHECK(header[0].text.rfind("Entry 0: game players=", 0) == 0);
    CHECK(header[0].kind == ExplainLine::Kind::Title);
    for (const ExplainLine& l : header) CHECK(l.kind != ExplainLine::Kind::Arithmetic);

    const std::vector<std::string> diff = DiffEntries(*store, 8, 11);
    CHECK(diff[0] == "From entry 8 (fingerprint " + Grouped(store->Record(8).hash) + ") to entry 11 (fingerprint " + Grouped(store->Record(11).hash) + ")");
    CHECK(diff[1] == "     9: buy B 20k");
    CHECK(diff[3] == "    11: dir B");
    CHECK(diff[4] == "Changes:");
    CHECK(HasLine(diff, "  players.Cy.cash: $100,000 -> $7,500"));
    CHECK(HasLine(diff, "  prices.blue: $2.20 -> $2.60"));
    CHECK(DiffEntries(*store, 5, 5).back() == "  (none)");

    // The panel's "diff to now" is DiffBetween(seq, last): the same changes the CLI lists.
    const std::vector<StateChange> to_now = DiffBetween(store->GetLedger(), 8, store->Size() - 1);
    const std::vector<StateChange> direct = DiffStates(store->GetLedger().StateAt(8), store->GetLedger().State());
    REQUIRE(to_now.size() == direct.size());
    CHECK(!to_now.empty());
    for (size_t i = 0; i < direct.size(); ++i)
        CHECK(to_now[i].path + to_now[i].before + to_now[i].after == direct[i].path + direct[i].before + direct[i].after);
}

TEST_CASE("filters: the same entries as rutland-cli log --player / --company / --rule") {
    auto store = PlayInto(TempPath("ledger-filters.rutland"), ScriptLines("assets/demo/first-game.txt"));
    const Ledger& l = store->GetLedger();
    std::string error;

    auto rows = [&](const char* player, const char* company, const char* rule) {
        const std::optional<LedgerFilter> f = ParseLedgerFilter(l.State(), player, company, rule, &error);
        REQUIRE_MESSAGE(f, error);
        return FilterEntries(l, *f);
    };
    CHECK(rows("", "", "").size() == 39);
    CHECK(rows("Cy", "", "B-4") == std::vector<int>{11});
    CHECK(rows("cy", "", "b-4") == std::vector<int>{11});  // any case, as the CLI
    CHECK(LogLine(*store, 11) == "  11  2026-11-22T10:00:11Z  Dee       dir B  | Cy->bank $500 (B-4); Cy +1 Blue dir (B-4)");
    const std::vector<int> green = rows("", "G", "");
    bool short_g = false, buy_y = false;
    for (int seq : green) {
        short_g = short_g || l.At(seq).line == "short G 10k";
        buy_y = buy_y || l.At(seq).line == "buy Y 20k";
    }
    CHECK(short_g);
    CHECK_FALSE(buy_y);

    CHECK_FALSE(ParseLedgerFilter(l.State(), "Zed", "", "", &error));
    CHECK(error == "no player Zed");
    CHECK_FALSE(ParseLedgerFilter(l.State(), "", "Q", "", &error));
    CHECK(error == "no company Q (Y, B, R, G)");

    // A line entered for a player ("Cy: ...") is theirs even when no effect names them.
    Entry note;
    note.command.actor = "Cy";
    note.line = "Cy: note hello";
    LedgerFilter cy;
    cy.player = l.State().FindPlayer("Cy");
    CHECK(EntryMatches(note, cy, l.State()));
    note.command.actor = "Ann";
    CHECK_FALSE(EntryMatches(note, cy, l.State()));
}

TEST_CASE("filters: --player finds a player's lines whatever the case or Unicode form (names.h)") {
    // "\u00c9va" is Éva (NFC); "e\u0301VA" the same name decomposed and in capitals.
    auto store = PlayInto(TempPath("ledger-filter-names.rutland"),
                          {"game players=\u00c9va,Bob", "roll 1 2 2 @fulwell", "e\u0301VA: note I disagree"});
    const Ledger& l = store->GetLedger();
    std::string error;
    const std::optional<LedgerFilter> f = ParseLedgerFilter(l.State(), "\u00e9va", "", "", &error);
    REQUIRE_MESSAGE(f, error);
    CHECK(f->player == 0);
    CHECK(FilterEntries(l, *f) == std::vector<int>{0, 1, 2});  // the note has no effect naming her
}

TEST_CASE("the log, explain and diff of rutland-cli are the view model's, on the full game") {
    // rutland-cli plays the full game into a file; the view model reads the same file.
    const std::string path = TempPath("ledger-full.rutland");
    CliStdout("play " + (fs::path(RUTLAND_SOURCE_DIR) / "tests/games/full-game.txt").string() + " --db " + path);
    std::string error;
    auto store = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(store, error);
    REQUIRE(store->Report().Clean());
    const int last = store->Size() - 1;
    REQUIRE(last > 150);

    std::string log;
    for (int seq = 0; seq <= last; ++seq) log += LogLine(*store, seq) + "\n";
    CHECK(CliStdout("log " + path) == log);

    std::string filtered;
    const std::optional<LedgerFilter> f = ParseLedgerFilter(store->GetLedger().State(), "ann", "R", "", &error);
    REQUIRE(f);
    for (int seq : FilterEntries(store->GetLedger(), *f)) filtered += LogLine(*store, seq) + "\n";
    CHECK(!filtered.empty());
    CHECK(CliStdout("log " + path + " --player ann --company R") == filtered);

    for (int seq : {0, 1, 2, 17, 60, 101, 150, last}) {
        CAPTURE(seq);
        CHECK(CliStdout("explain " + path + " " + std::to_string(seq)) == Joined(Texts(ExplainEntry(*store, seq))));
        CHECK(CliStdout("diff " + path + " " + std::to_string(seq) + " " + std::to_string(last)) == Joined(DiffEntries(*store, seq, last)));
    }
}

TEST_CASE("X-3 counts show as corrections: marked, and found by --rule X-1") {
    const Ledger l = testing::ScriptLedger("tests/games/picked-up-year-3.txt");
    std::string error;
    const std::optional<LedgerFilter> f = ParseLedgerFilter(l.State(), "", "", "x-1", &error);
    REQUIRE(f);
    CHECK(FilterEntries(l, *f) == std::vector<int>{1, 2, 3, 4});
    CHECK(CorrectionMark(l.At(1)) == "[correction X-3] ");
    CHECK(CorrectionMark(l.At(5)).empty());  // the board correction is not a count
    const std::optional<LedgerFilter> ann = ParseLedgerFilter(l.State(), "Ann", "", "X-1", &error);
    REQUIRE(ann);
    CHECK(FilterEntries(l, *ann) == std::vector<int>{2});
}

TEST_CASE("undone entries, the undo and redo targets") {
    const std::string path = TempPath("ledger-undo.rutland");
    auto store = PlayInto(path, {"game players=Ann,Bob broker=Bob", "roll 1 2 1 @ioco", "buy G 5k", "undo"});
    const Ledger& l = store->GetLedger();
    std::vector<char> undone = UndoneEntries(l);
    CHECK(undone == std::vector<char>{0, 0, 1, 0});  // the header and the undo itself are never "undone"
    CHECK(UndoRedoLabel(l, false) == "Undo 1: roll 1 2 1 @ioco");
    CHECK(UndoRedoLabel(l, true) == "Redo 2: buy G 5k");
    const std::vector<ExplainLine> explained = ExplainEntry(*store, 3);
    CHECK(explained[1].text == "  undoes entry 2");  // what happened first, the ids and hash last
    CHECK(UndoneBy(l, 2) == 3);
    CHECK(UndoneBy(l, 1) == -1);
    CHECK(UndoneBy(l, 3) == -1);

    REQUIRE(store->SubmitLine("redo", TestStamp(9)).accepted);
    undone = UndoneEntries(l);
    CHECK(undone == std::vector<char>{0, 0, 0, 0, 0});
    CHECK(UndoRedoLabel(l, true) == "Nothing to redo");
    CHECK(UndoneBy(l, 2) == -1);
    REQUIRE(store->SubmitLine("undo 2", TestStamp(10)).accepted);
    CHECK(UndoneBy(l, 2) == 5);
    CHECK(UndoneBy(l, 1) == 5);
}

TEST_CASE("the clock time of a stamp") {
    CHECK(ClockTime("2026-11-22T10:04:31Z") == "10:04:31");
    CHECK(ClockTime("yesterday") == "yesterday");
    CHECK(ClockTime("") == "");
}

TEST_CASE("10,000 entries filter quickly enough to refilter on every accepted line") {
    // In memory: the filter reads the ledger only, and 10,000 commits with fsync would be slow.
    Rejection why;
    std::optional<Ledger> l = Ledger::Start(std::get<GameHeader>(ParseCommand("game players=Ann,Bob broker=Bob").command->action), &why);
    REQUIRE(l);
    const std::vector<std::string> lines = testing::LongGame(770);  // 3 + 13 x 770 = 10,013 lines
    for (size_t i = 1; i < lines.size(); ++i) REQUIRE_MESSAGE(l->SubmitLine(lines[i]).accepted, lines[i]);
    REQUIRE(l->Size() > 10000);
    std::string error;
    const auto f = ParseLedgerFilter(l->State(), "Ann", "G", "B-1", &error);
    REQUIRE(f);
    CHECK(FilterEntries(*l, *f).size() == 770);  // each round's "buy G 5k" by Ann (B-1)
    CHECK(UndoneEntries(*l).size() == static_cast<size_t>(l->Size()));
}

TEST_CASE("G-2: a short effect is shown whole in the log and the Ledger; only a long one is cut after a word") {
    auto t = rutland::testing::PlayScript("assets/demo/first-game.txt", 0);
    t->Play("roll 3 4 2");
    t->Play("end");
    const Entry& end = t->Log().At(t->Log().Size() - 1);
    const std::string words = ShortEffects(end, t->State());
    CAPTURE(words);
    // It was "Ann ends the turn; Bob is... (G-2)": cut after six words, saying nothing of who is next.
    CHECK(words.find("...") == std::string::npos);
    CHECK(words.find("Bob") != std::string::npos);
    CHECK(words.find("(G-2)") != std::string::npos);
}
