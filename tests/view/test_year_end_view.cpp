// The Year end panel's view model agrees with `rutland-cli year-end` at every year end of the full
// game and at previews before them, including one with a pending margin call: the CLI itself plays
// the game into a file and prints each statement as CSV, and the view shows the same game, read
// from that file.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "core/table_fixture.h"
#include "session.h"
#include "view/script_ledger.h"
#include "year_end_view.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;

namespace {

// What rutland-cli prints on stdout for these arguments; it must exit 0.
std::string CliOk(const std::string& args) {
    std::string out;
    FILE* pipe = popen((std::string(RUTLAND_CLI) + " " + args + " 2>&1").c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) out.append(buffer.data(), n);
    const int status = pclose(pipe);
    REQUIRE_MESSAGE((WIFEXITED(status) && WEXITSTATUS(status) == 0), "rutland-cli ", args, ": ", out);
    return out;
}

// One CSV line of `year-end --csv` (year,kind,player,rule,item,cash), quotes undone.
std::vector<std::string> CsvFields(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            out.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            out.emplace_back();
        } else {
            out.back() += c;
        }
    }
    return out;
}

// "-12000.00" (the CSV) and "-$12,000", "+$7,750.50", "$0", "" (the view) in cents.
int64_t Cents(std::string text) {
    std::erase_if(text, [](char c) { return c == '$' || c == ',' || c == '+'; });
    if (text.empty()) return 0;
    const bool negative = text.front() == '-';
    if (negative) text.erase(0, 1);
    const size_t dot = text.find('.');
    int64_t cents = std::stoll(text.substr(0, dot)) * 100;
    if (dot != std::string::npos) cents += std::stoll((text.substr(dot + 1) + "00").substr(0, 2));
    return negative ? -cents : cents;
}

struct CliLine {
    std::string year, kind, player, rule, item;
    int64_t cents = 0;
};

std::vector<CliLine> CliYearEnd(const std::string& file, int seq, bool last) {
    std::istringstream in(CliOk("year-end " + file + " --at " + std::to_string(seq) + (last ? " --last" : "") + " --csv"));
    std::string line;
    REQUIRE(std::getline(in, line));
    REQUIRE(line == "year,kind,player,rule,item,cash");
    std::vector<CliLine> out;
    while (std::getline(in, line)) {
        const std::vector<std::string> f = CsvFields(line);
        REQUIRE_MESSAGE(f.size() == 6, line);
        out.push_back({f[0], f[1], f[2], f[3], f[4], Cents(f[5])});
    }
    return out;
}

// The view shows the CLI's lines, player by player and then the general ones, in the CLI's order;
// each row's payouts are its Y-2 lines' cash, the rest is margin calls and covers; the total is
// the payouts. A player with no line in the CSV has a row of $0.
void CheckAgreesWithCli(const YearEndView& v, const std::vector<CliLine>& cli) {
    REQUIRE_FALSE(cli.empty());  // every year end says at least Y-1 and Y-5
    for (const CliLine& c : cli) {
        CHECK(c.kind == (v.showing_preview ? "preview" : "statement"));
        CHECK(c.year == cli.front().year);
    }
    CHECK(v.heading.find("Year " + cli.front().year + " ") != std::string::npos);
    size_t at = 0;
    int64_t total = 0;
    for (const YearEndViewRow& r : v.rows) {
        CAPTURE(r.name);
        int64_t payouts = 0, other = 0;
        for (const YearEndViewLine& l : r.lines) {
            REQUIRE(at < cli.size());
            const CliLine& c = cli[at++];
            CHECK(c.player == r.name);
            CHECK(c.rule == l.rule);
            CHECK(c.item == l.text);
            CHECK(c.cents == Cents(l.cash));
            (c.rule == "Y-2" ? payouts : other) += c.cents;
        }
        CHECK(Cents(r.payouts) == payouts);
        CHECK(Cents(r.other) == other);
        CHECK(Cents(r.net) == payouts + other);
        total += payouts;
    }
    for (const YearEndViewLine& l : v.general) {
        REQUIRE(at < cli.size());
        const CliLine& c = cli[at++];
        CHECK(c.player.empty());
        CHECK(c.rule == l.rule);
        CHECK(c.item == l.text);
        CHECK(c.cents == Cents(l.cash));
    }
    for (const YearEndView::Call& call : v.calls) {  // the covers' promotions (the covers are in the rows)
        if (call.number > 0) continue;
        REQUIRE(at < cli.size());
        const CliLine& c = cli[at++];
        CHECK(c.player.empty());
        CHECK(c.rule == call.line.rule);
        CHECK(c.item == call.line.text);
    }
    CHECK(at == cli.size());  // nothing in the CSV the view leaves out
    CHECK(Cents(v.total) == total);
}

// Every row of the view is a line of StatementText with the same four columns, in the same order;
// every effect line too; the totals match.
void CheckAgrees(const YearEndView& v, const std::string& cli) {
    std::istringstream in(cli);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    size_t at = 1;
    for (const YearEndViewRow& r : v.rows) {
        CAPTURE(r.name);
        REQUIRE(at < lines.size());
        std::istringstream words(lines[at++]);
        std::string name, payouts_word, payouts, m1, m2, m3, m4, other, net_word, net;
        words >> name >> payouts_word >> payouts >> m1 >> m2 >> m3 >> m4 >> other >> net_word >> net;
        CHECK(name == r.name);
        CHECK(payouts == r.payouts);
        CHECK(other == r.other);
        CHECK(net == r.net);
        for (const YearEndViewLine& l : r.lines) {
            REQUIRE(at < lines.size());
            const std::string& text = lines[at++];
            CHECK(text.find("[" + l.rule + "] " + l.text) != std::string::npos);
            if (!l.cash.empty()) CHECK(text.find("(" + l.cash + ")") != std::string::npos);
        }
    }
    if (!v.calls.empty()) {
        REQUIRE(at < lines.size());
        CHECK(lines[at++] == "  Margin calls, in the order they are covered (S-6):");
        for (const YearEndView::Call& c : v.calls) {
            REQUIRE(at < lines.size());
            CHECK(lines[at++] == (c.number > 0 ? "    " + std::to_string(c.number) + ". " : std::string("       ")) + "[" +
                                     c.line.rule + "] " + c.line.text);
        }
    }
    for (const YearEndViewLine& l : v.general) {
        REQUIRE(at < lines.size());
        CHECK(lines[at++] == "  [" + l.rule + "] " + l.text);
    }
    REQUIRE(at < lines.size());
    CHECK(lines[at] == "  The broker pays out " + v.total + " in all.");
}

} // namespace

TEST_CASE("year end view: agrees with rutland-cli year-end on the full game, previews and statements") {
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-tests";
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "year-end-full-game.rutland").string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file + suffix);
    CliOk("play " + std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt --db " + file);
    std::string error;
    auto session = Session::Open(file, "year-end-view", &error);
    REQUIRE_MESSAGE(session, error);
    const Ledger& l = session->GetLedger();
    REQUIRE(l.Size() == 202);
    // Previews before each year end (83: Ann owes $12,000 from the Split) and after the last one.
    for (int seq : {54, 83, 133, 176, 195}) {
        CAPTURE(seq);
        const GameState s = l.StateAt(seq);
        const YearEndView v = MakeYearEndView(s, ComputeYearEnd(l, s, seq), YearEndMode::Preview);
        CHECK(v.showing_preview);
        CheckAgreesWithCli(v, CliYearEnd(file, seq, false));
    }
    // The statements of the three year ends (55, 134, 196), at them and later.
    for (int seq : {55, 134, 150, 196, 201}) {
        CAPTURE(seq);
        const GameState s = l.StateAt(seq);
        const YearEndView v = MakeYearEndView(s, ComputeYearEnd(l, s, seq), YearEndMode::Last);
        CHECK_FALSE(v.showing_preview);
        CheckAgreesWithCli(v, CliYearEnd(file, seq, true));
    }
}

TEST_CASE("year end view: X-3 a year picked up from counts shows its payouts at once and names the counts") {
    // tests/games/picked-up-year-3.txt: right after the four counts (entry 4), the preview already
    // pays Ann $40,000, Bob $38,000, Cy $22,000 (hand-checked in the script's comments), from Cy.
    const Ledger l = testing::ScriptLedger("tests/games/picked-up-year-3.txt");
    GameState s = l.StateAt(4);
    YearEndView v = MakeYearEndView(s, ComputeYearEnd(l, s, 4), YearEndMode::Auto);
    CHECK(v.showing_preview);
    REQUIRE(v.rows.size() == 3);
    CHECK(v.rows[0].name == "Cy");
    CHECK(v.rows[0].payouts == "$22,000");
    CHECK(v.rows[1].payouts == "$40,000");
    CHECK(v.rows[2].payouts == "$38,000");
    CHECK(v.total == "$100,000");
    REQUIRE(v.counts.size() == 4);
    CHECK(v.counts[3] == "entry 4: count Cy cash=88000 B=40k B-dir=1 G=50k G-deb=40k");
    // The statement of year 3 (entry 8) names the same four counts.
    s = l.StateAt(8);
    v = MakeYearEndView(s, ComputeYearEnd(l, s, 8), YearEndMode::Auto);
    CHECK_FALSE(v.showing_preview);
    CHECK(v.counts.size() == 4);
}

TEST_CASE("year end view: the numbers of the script's hand-checked year ends") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt");
    // Year 1 (entry 55), from Bob: Cy $14,000, Dee $16,500, Ann $12,000; Bob's Blue short called
    // at $2.10: takes back $18,500, pays $21,000.
    GameState s = l.StateAt(55);
    YearEndView v = MakeYearEndView(s, ComputeYearEnd(l, s, 55), YearEndMode::Auto);
    CHECK_FALSE(v.showing_preview);  // just settled: no Time card drawn in the new year yet
    CHECK(v.heading == "Year 1 end: the statement (entry 55)");
    REQUIRE(v.rows.size() == 4);
    CHECK(v.rows[0].name == "Bob");
    CHECK(v.rows[0].payouts == "$0");
    CHECK(v.rows[0].other == "-$2,500");
    CHECK(v.rows[0].net_negative);
    CHECK(v.rows[1].name == "Cy");
    CHECK(v.rows[1].payouts == "$14,000");
    CHECK(v.rows[1].summary == "+$10,000 for 1 Blue directorship; +$4,000 interest on $20,000 of Blue bonds");
    CHECK(v.rows[0].summary == "Bob takes back the note for 10,000 Blue and $18,500 from the margin account; Bob pays the bank $21,000 for "
                               "covering 10,000 Blue at market");
    CHECK(v.rows[2].payouts == "$16,500");
    CHECK(v.rows[3].payouts == "$12,000");
    CHECK(v.total == "$42,500");
    CHECK(v.context == "Year 2 \u2014 Time cards drawn 0 of 4");

    // The preview at entry 83 (Ann owes $12,000 from the Split): paid out of her payouts first.
    s = l.StateAt(83);
    v = MakeYearEndView(s, ComputeYearEnd(l, s, 83), YearEndMode::Auto);
    CHECK(v.showing_preview);
    CHECK(v.can_last);
    CHECK(v.heading == "Preview: what the broker would pay if Year 2 ended now");
    REQUIRE(v.rows.size() == 4);
    CHECK(v.rows[2].name == "Ann");
    CHECK(v.rows[2].payouts == "$14,000");
    CHECK(v.rows[2].other == "-$12,000");
    CHECK(v.rows[2].net == "$2,000");
    CHECK(v.rows[2].lines.back().rule == "S-6");
    CHECK(v.rows[2].lines.back().cash == "-$12,000");
    CHECK(v.total == "$44,500");

    // The game won: no preview; the last statement is Year 3's.
    s = l.State();
    v = MakeYearEndView(s, ComputeYearEnd(l, s, l.Size() - 1), YearEndMode::Preview);
    CHECK_FALSE(v.can_preview);
    CHECK_FALSE(v.showing_preview);
    CHECK(v.heading == "Year 3 end: the statement (entry 196)");
    CHECK(v.total == "$48,500");

    // A cached statement is kept while the last year end is the same entry, dropped once undone.
    const YearEndStatements at150 = ComputeYearEnd(l, l.StateAt(150), 150);
    REQUIRE(at150.last);
    CHECK(at150.last->entry == 134);
    std::optional<YearEndStatement> stale = at150.last;
    stale->rows.clear();  // marks the copy: a kept cache comes back without rows
    CHECK(ComputeYearEnd(l, l.StateAt(160), 160, &stale).last->rows.empty());
    CHECK(ComputeYearEnd(l, l.StateAt(196), 196, &stale).last->entry == 196);
    CHECK_FALSE(ComputeYearEnd(l, l.StateAt(40), 40, &stale).last);

    // Before any year end: only the preview.
    s = l.StateAt(10);
    v = MakeYearEndView(s, ComputeYearEnd(l, s, 10), YearEndMode::Last);
    CHECK_FALSE(v.can_last);
    CHECK(v.showing_preview);
}

TEST_CASE("year end view: the demo's preview, as `rutland-cli year-end` prints it (tests/CMakeLists.txt db_year_end_preview)") {
    const Ledger l = testing::ScriptLedger("assets/demo/first-game.txt");
    const YearEndView v = MakeYearEndView(l.State(), ComputeYearEnd(l, l.State(), l.Size() - 1), YearEndMode::Auto);
    CHECK(v.showing_preview);
    CHECK_FALSE(v.can_last);
    REQUIRE(v.rows.size() == 4);
    CHECK(v.rows[2].name == "Cy");
    CHECK(v.rows[2].payouts == "$10,000");
    CHECK(v.rows[2].other == "$0");
    CHECK(v.rows[2].net == "$10,000");
    CHECK(v.total == "$14,000");
    CheckAgrees(v, StatementText(PreviewStatement(l.State())));
}

TEST_CASE("year end view: S-6 / D-24: once the year's last card is drawn the preview says who covers first and what "
          "the drawing player may still buy") {
    // Ann and Bob short Red; Ann draws the year's only card on Time 2 (not doubles), Red $0.60.
    // Ann @Market 2 (UUDD, 1): Red $0.95, shorts 20,000 ($19,000), Red $0.75; Bob: Red $0.70, shorts
    // 10,000 ($7,000), Red $0.60; Cy: Red $0.55; Ann @Time 2 (UUUU, 1): Red $0.60.
    const char* const script = R"(board @market-2 trend=UUDD bid=YBRG
board @time-2 trend=UUUU bid=YB
roll 4 6 1
short R 20k
end
roll 4 6 1
short R 10k
end
roll 4 6 1
end
roll 2 3 1
time)";
    for (const bool strict : {false, true}) {
        CAPTURE(strict);
        testing::Table t(strict ? "game players=Ann,Bob,Cy year-cards=1 variants=strict-year-end-buys "
                                  "start=@market-1,@market-1,@market-1"
                                : "game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
        t.Play(script);
        const YearEndView v =
            MakeYearEndView(t.State(), ComputeYearEnd(t.Log(), t.State(), t.Log().Size() - 1), YearEndMode::Auto);
        CHECK(v.due);
        CHECK(v.showing_preview);
        CHECK(v.due_note.find("What Ann buys for the rest of this turn is ex-dividend: not paid at this year end (B-5).") !=
              std::string::npos);
        if (strict)
            CHECK(v.due_note.find("strict-year-end-buys keeps the usual Ask") != std::string::npos);
        else
            CHECK(v.due_note.find("Ann may buy common directorships here without an Ask, and preferred away from the "
                                  "PREFERRED spaces (D-24).") != std::string::npos);
        // Bob rolls next and covers first: 10,000 x $0.60 = $6,000 against his $7,000 note: +$1,000;
        // Ann then 20,000 x $0.70 = $14,000 against $19,000: +$5,000. Rows stay in payout order (Y-2).
        REQUIRE(v.rows.size() == 3);
        CHECK(v.rows[0].name == "Ann");
        CHECK(v.rows[0].other == "$5,000");
        CHECK(v.rows[1].name == "Bob");
        CHECK(v.rows[1].other == "$1,000");
        bool says_order = false;
        for (const YearEndViewLine& l : v.general)
            says_order = says_order || (l.rule == "S-6" && l.text.find("in turn order from Bob, who rolls next") != std::string::npos);
        CHECK(says_order);
        // QA: the SEC guy reads the calls in the order they settle, each cover's promotion
        // before the next cover, not in the rows' payout order (Ann's row comes first).
        REQUIRE(v.calls.size() == 4);
        CHECK(v.calls[0].number == 1);
        CHECK(v.calls[0].line.text.starts_with("Bob pays the bank $6,000 for covering 10,000"));
        CHECK(v.calls[1].number == 0);
        CHECK(v.calls[1].line.rule == "M-1");
        CHECK(v.calls[2].number == 2);
        CHECK(v.calls[2].line.text.starts_with("Ann pays the bank $14,000 for covering 20,000"));
        CHECK(v.calls[3].line.rule == "M-1");
    }
    // Before the draw there is no note.
    testing::Table t("game players=Ann,Bob,Cy year-cards=1 start=@market-1,@market-1,@market-1");
    t.Play("roll 4 6 1");
    CHECK(MakeYearEndView(t.State(), ComputeYearEnd(t.Log(), t.State(), t.Log().Size() - 1), YearEndMode::Auto).due_note.empty());
}
