// Where the dashboard's space goes, decided without a window: what is shown,
// what is folded into the lower row's tabs, and that the middle's content fits whole at the four
// window sizes and every text size offered.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <string>

#include "core/table_fixture.h"
#include "display_text.h"
#include "entry_model.h"
#include "instructions_view.h"
#include "layout_model.h"
#include "players_view.h"
#include "script_ledger.h"
#include "rules/legal.h"
#include "bbr_names.h"
#include "turn_view.h"

using namespace rutland;
using namespace rutland::view;

namespace {

struct Size {
    float w, h;
};
constexpr Size kSizes[] = {{1280, 720}, {1600, 900}, {1920, 1080}, {2560, 1440}};

LayoutInput Input(Size s, float font, MiddleContent content, int players = 4) {
    LayoutInput in;
    in.m = MetricsFor(font);
    in.width = s.w - 2 * in.m.padding;
    in.height = s.h - Chrome(in.m);
    in.content = std::move(content);
    // The players table: the tab bar, its header and two lines a player.
    in.lower_need = in.m.frame + in.m.line + static_cast<float>(players) * 2 * in.m.line + 2 * in.m.padding;
    return in;
}

// A moment of the recorded full game: the script played up to (not including) line `before_line`,
// `typed` in the entry line; the Turn now and the instructions of the last entry.
MiddleContent Moment(int before_line, const std::string& typed) {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt");
    std::string line;
    std::unique_ptr<testing::Table> table;
    for (int n = 1; std::getline(in, line) && n < before_line; ++n) {
        if (!table) {
            if (ParseCommand(line).command) table = std::make_unique<testing::Table>(line);
            continue;
        }
        table->Play(line);
    }
    REQUIRE(table);
    const Preview p = PreviewLine(typed, table->State(), &table->Log());
    const TurnView turn = MakeTurnView(table->State(), Legal(table->State()), IsBonusTurn(table->Log(), std::nullopt, table->State()));
    const InstructionsView steps = MakeInstructionsView(table->LastEffects(), table->State());
    return MakeMiddleContent(p, turn, steps);
}

} // namespace

TEST_CASE("layout: a line wraps at spaces, a word longer than a line is cut (widths by hand)") {
    // 10 px glyphs in 70 px: 7 characters a line.
    CHECK(WrappedLines("aaa bbb", 10, 70) == 1);
    CHECK(WrappedLines("aaa bbb ccc", 10, 70) == 2);           // "aaa bbb" | "ccc"
    CHECK(WrappedLines("aaaa bbbb cccc", 10, 70) == 3);        // one word a line
    CHECK(WrappedLines("aaaaaaaaaaaaaaa", 10, 70) == 3);       // 15 characters: 7 + 7 + 1
    CHECK(WrappedLines("", 10, 70) == 1);
}

TEST_CASE("layout: at the four window sizes and every text size offered, the busiest moments of the recorded game "
          "fit whole: the entry line with its preview and warnings, the Turn, the money to hand over") {
    // Dee's roll that fires Yellow's Roll Back (full-game.txt line 244): four warnings in the
    // preview; the instructions of the Split before it (line 223) with its 14 steps; Bob's turn
    // with a debt pending and every sale offered (after line 223's roll).
    const std::vector<MiddleContent> moments = {Moment(244, "roll 1 2 3"), Moment(224, "Ann: sell B bond 10k"),
                                                Moment(223, "roll 1 3 2")};
    for (const MiddleContent& c : moments) REQUIRE(c.entry.size() >= 2);  // a preview and at least one warning
    for (Size s : kSizes) {
        const float largest = LargestTextSize(s.w, s.h);
        // The default 18 px is offered from 1600x900 up; at 1280x720 a Split's twelve steps need 16.
        CHECK(largest >= (s.h <= 720 ? 16 : 18));
        for (float f = 10; f <= largest; f += 2) {
            for (const MiddleContent& c : moments) {
                CAPTURE(s.w);
                CAPTURE(f);
                const LayoutInput in = Input(s, f, c);
                const DashboardLayout l = ComputeLayout(in);
                CHECK(l.fits);
                const bool stacked = l.turn_width == 0;
                const float turn_w = stacked ? l.middle : l.turn_width;
                const float instr_w = stacked ? l.middle : l.middle - l.turn_width - in.m.spacing;
                CHECK(l.entry + 0.5f >= EntryHeight(c, in.m, l.middle));
                CHECK(l.turn + 0.5f >= TurnHeight(c, in.m, turn_w));
                CHECK(l.instructions + 0.5f >= InstructionsHeight(c, in.m, instr_w, l.large_steps));
                CHECK(l.top + l.lower + in.m.spacing <= in.height + 0.5f);
            }
        }
    }
}

TEST_CASE("layout: the middle is never narrower than its least width; the SEC guy folds before the Big Board") {
    const MiddleContent busy = BusyMoment();
    for (Size s : kSizes)
        for (float f = 10; f <= 48; f += 2) {
            CAPTURE(s.w);
            CAPTURE(f);
            const DashboardLayout l = ComputeLayout(Input(s, f, busy));
            const auto folded = [&](const char* name) { return std::find(l.folded.begin(), l.folded.end(), name) != l.folded.end(); };
            CHECK((l.middle >= kMiddleEms * f || l.arrangement == Arrangement::FullWidth));
            if (folded("big-board")) CHECK(folded("sec"));
            CHECK(folded("sec") == (l.right == 0));
            CHECK(folded("big-board") == (l.left == 0));
        }
    // A quiet moment at 1920x1080: all three columns, the instructions large.
    MiddleContent quiet;
    quiet.entry = {"Saved 201: declare"};
    quiet.turn = {"Time cards drawn this year: 0 of 4", "Rolled    Next: Dee"};
    quiet.legal = {"roll"};
    quiet.steps = {"move Ann's pawn to Colfax"};
    const DashboardLayout l = ComputeLayout(Input({1920, 1080}, 18, quiet));
    CHECK(l.arrangement == Arrangement::ThreeColumns);
    CHECK(l.large_steps);
    CHECK(l.folded.empty());
}

TEST_CASE("layout: the lower row takes what the players' rows need, not the upper row's room; at least its tab bar") {
    MiddleContent quiet;
    quiet.entry = {"Saved 201: declare"};
    quiet.legal = {"roll"};
    for (Size s : kSizes) {
        CAPTURE(s.w);
        LayoutInput in = Input(s, 18, quiet, 4);
        const DashboardLayout l = ComputeLayout(in);
        CHECK(l.lower <= in.lower_need + 0.5f);   // no empty table rows
        CHECK(l.lower >= kLowerMinLines * in.m.line);
        // Six players need more rows: the lower row grows (the upper row still has room).
        const DashboardLayout six = ComputeLayout(Input(s, 18, quiet, 6));
        CHECK(six.lower > l.lower);
    }
}

TEST_CASE("layout: the text size offered grows with the window and stops where a busy moment would not fit") {
    // Ctrl+= stops here (bbr_screen.cpp): one step more would not fit the busy moment whole.
    for (Size s : kSizes) {
        const float largest = LargestTextSize(s.w, s.h);
        CAPTURE(s.w);
        MESSAGE(s.w, "x", s.h, ": text sizes offered up to ", largest, " px");  // the screenshot tests use these
        CHECK(ComputeLayout(Input(s, largest, BusyMoment())).fits);
        if (largest < 48) CHECK_FALSE(ComputeLayout(Input(s, largest + 2, BusyMoment())).fits);
    }
    CHECK(LargestTextSize(1280, 720) < LargestTextSize(1920, 1080));
    CHECK(LargestTextSize(1920, 1080) < LargestTextSize(2560, 1440));
}

TEST_CASE("layout: every player's cash is in view at every window size and text size: the players' strip over the "
          "lower row's tabs, whatever tab is in front and however busy the middle") {
    // A wide cell: a long name, a million in cash, ten million net and a pending call.
    StripCell wide;
    wide.name = "Marguerite-Ann";
    wide.cash = "$1,234,500";
    wide.net_worth = "net $12,345,000";
    wide.owes = "owes $13,750";
    const std::string cell = StripCellText(wide);
    StripCell narrow = wide;
    narrow.net_worth.clear();
    const std::string narrow_cell = StripCellText(narrow);
    constexpr Size kScreens[] = {{1280, 720}, {1366, 768}, {1600, 900}, {1920, 1080}, {2560, 1440}};
    for (Size s : kScreens)
        for (float f = 10; f <= 48; f += 2)
            for (int players : {2, 4, 6})
                for (bool other_tab : {false, true}) {
                    CAPTURE(s.w);
                    CAPTURE(f);
                    CAPTURE(players);
                    LayoutInput in = Input(s, f, BusyMoment(), players);
                    if (other_tab) in.lower_wanted = std::floor(in.height * 0.42f);
                    in.players = players;
                    in.strip_cell = static_cast<float>(CountChars(cell)) * in.m.char_w;
                    in.strip_cell_narrow = static_cast<float>(CountChars(narrow_cell)) * in.m.char_w;
                    const DashboardLayout l = ComputeLayout(in);
                    const float cell_w = l.strip_narrow ? in.strip_cell_narrow : in.strip_cell;
                    const int rows = (players + l.strip_columns - 1) / l.strip_columns;
                    CHECK(l.strip >= static_cast<float>(rows) * in.m.line);
                    // Each row holds its cells whole.
                    CHECK(static_cast<float>(l.strip_columns) * (cell_w + in.m.spacing) <= in.width - 2 * in.m.padding + in.m.spacing + 0.5f);
                    // The lower row holds the strip and its tab bar, inside the window.
                    CHECK(l.lower >= l.strip + in.m.frame + 2 * in.m.padding - 0.5f);
                    CHECK(l.top + l.lower + in.m.spacing <= in.height + 0.5f);
                }
}
