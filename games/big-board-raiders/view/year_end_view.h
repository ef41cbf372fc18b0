// What the Year end panel shows, without a window: the preview of the coming year end (what the
// broker would pay if the year ended now) or the statement of the last year end, both straight
// from games/big-board-raiders/report/year_end_report.h, which `rutland-cli year-end` prints too: the panel and the CLI agree
// by construction, and tests/view/test_year_end_view.cpp checks they do on a whole game.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "view/warnings.h"

#include "ledger/ledger.h"
#include "report/year_end_report.h"

namespace rutland::bbr {

class EntryWindow;  // entry_window.h

enum class YearEndMode { Auto, Preview, Last };

// Both statements at an entry (what the panel caches on the session's version).
struct YearEndStatements {
    std::optional<YearEndStatement> preview;  // nullopt once the game is won (no year end to come)
    std::optional<YearEndStatement> last;     // nullopt before the first year end
    std::vector<Warning> preview_warnings;    // YearEndView::warnings, computed with the preview
};
// `cached_last`: the last statement computed before; kept when the last year end is still the same
// entry (building a statement replays the ledger up to it; finding the entry reads effects only).
YearEndStatements ComputeYearEnd(const Ledger& ledger, const GameState& state, int seq,
                                 const std::optional<YearEndStatement>* cached_last = nullptr);
// The same from the shared page's window on a streamed store (entry_window.h).
YearEndStatements ComputeYearEnd(const EntryWindow& window, const GameState& state, int seq,
                                 const std::optional<YearEndStatement>* cached_last = nullptr);

struct YearEndViewLine {
    std::string rule;
    std::string text;
    std::string cash;   // "+$10,000", "-$21,000", "" when the line moves no cash of the player's
    bool negative = false;
};

struct YearEndViewRow {
    std::string name;
    std::string payouts;   // "$14,000"
    std::string other;     // margin calls and covers: "-$2,500", "$0"
    std::string net;
    bool net_negative = false;
    std::vector<YearEndViewLine> lines;
    // The lines that move cash, in one line for a collapsed row: "+$10,000 for 1 Blue
    // directorship; +$4,000 interest on $20,000 of Blue bonds".
    std::string summary;
};

struct YearEndView {
    std::string context;        // "Year 2 - Time cards drawn 3 of 4"
    bool due = false;           // the year's last Time card is drawn: it settles at this turn's end
    // While due: what the drawing player may still buy this turn and how it is paid (B-5, D-24).
    std::string due_note;
    bool can_preview = false;
    bool can_last = false;
    bool showing_preview = true;
    std::string heading;        // "Preview: if Year 2 ended now" / "Year 1 end: statement (entry 55)"
    std::string empty_note;     // why there is nothing to show
    std::vector<YearEndViewRow> rows;
    // The preview's amber warnings (warnings.h): an option in the money that expires, a margin
    // call, a debt the year end would leave. Empty for a statement of a year already ended.
    std::vector<Warning> warnings;
    std::vector<YearEndViewLine> general;
    // The margin calls in the order they settle (S-6): each cover (numbered) and its promotion.
    struct Call {
        int number = 0;  // 1, 2, ... for a cover; 0 for the promotion after it
        YearEndViewLine line;
    };
    std::vector<Call> calls;
    std::string total;          // "$42,500"
    // the counts of the statement's year, "entry 3: count Ann cash=54000" (empty: none).
    std::vector<std::string> counts;
};

// Auto shows the statement just after a year end (no Time card drawn yet in the new year, or the
// game won) and the preview otherwise.
YearEndView MakeYearEndView(const GameState& state, const YearEndStatements& statements, YearEndMode mode);

// "+$10,000" / "-$21,000" / "" for zero.
std::string SignedMoney(Money m);

} // namespace rutland::bbr
