// Where the dashboard's space goes, decided without a window so the decisions
// are tested at every window size and text size (tests/view/test_layout_model.cpp); dashboard/bbr_screen.cpp only
// places the panels where this says.
//
// What matters now lives in the middle column: the entry line with the whole preview of what Enter
// does (its warnings and steps), the Turn (whose turn, who is next, the landed space's arrows, Asks
// and Bids, pending margin calls, the commands legal now) and the broker's instructions (the money
// and certificates to hand over; notes folded after them). Invariants:
//  1. The middle column is never narrower than kMiddleEms text heights. When the middle's content
//     does not fit, in this order: the instructions go from large to normal text, the SEC guy folds
//     into the lower row's tabs, the Turn and the instructions go side by side under the entry
//     line, the Big Board folds too (Arrangement, in order).
//  2. The middle panels get what they measured they need (last frame), in the order entry, Turn,
//     instructions; only what is left goes to the lower row, and the lower row never takes more
//     than its content (the players table's rows) needs.
//  3. The lower row keeps at least its tab bar and a few lines (more when the broker brought a tab
//     other than the players to the front: lower_wanted); the upper row gets everything else.
//  4. When the middle's needs do not all fit, the entry line and the Turn's essentials are served
//     first and `fits` is false (the panels then scroll); at the four sizes docs/dashboard.md names and
//     every text size offered, at a typical moment, they fit (tests).
//  5. Every player's cash is always in view: the players' strip (one cell a player: name, cash,
//     net worth, whose turn; as many cells a row as fit; without the net worth when a whole cell
//     is wider than the window) heads the lower row whatever tab is in front, and the lower row is
//     never smaller than the strip and its tab bar. When nothing fits, the middle scrolls, not
//     the strip.
//  6. The entry panel's need counts every line it draws under its field (entry_feedback.h: a
//     rejection with its rule ID, "Did you mean", the Tab list, not only the preview), and is at
//     least what the panel measured those lines took last frame at the same width: the live
//     window, where a rejection or a Tab list shows, is sized as --screenshot is
//     (tests/dashboard/live_layout.sh).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "view/entry_feedback.h"
#include "view/entry_model.h"
#include "view/instructions_view.h"
#include "view/turn_view.h"

namespace rutland::bbr {

inline constexpr float kMiddleEms = 30.0f;  // the middle column's least width, in text heights
inline constexpr float kSideEms = 14.0f;    // the Big Board's and the SEC guy's least width
inline constexpr size_t kMaxLegalShown = 24;  // the Turn's buttons; Tab in the entry line lists the rest
inline constexpr float kLowerMinLines = 4.0f;  // the lower row: its tab bar, the header and one player

// What the middle panels hold now, as text: the layout estimates their height at any width from it
// (word wrap at an average glyph width), so the decision does not depend on last frame's widths.
struct MiddleContent {
    // The entry line: the preview, its warnings, the undo's steps (each wrapped), the Tab list.
    // (entry_feedback.h: every line the panel draws under the field.)
    std::vector<std::string> entry;
    // What those lines took when last drawn, measured by the GUI at the panel's width (0: not
    // drawn): the entry panel gets at least that at that width, since the estimate averages
    // glyph widths and a line of capitals or digits wraps sooner.
    float entry_measured = 0;
    float entry_measured_width = 0;
    // The Turn: its sentences and the landed spaces' lines (TurnView::space_lines: name, arrows,
    // Asks or Bids), each wrapped; then the commands legal now, as buttons flowing in lines.
    std::vector<std::string> turn;
    std::vector<std::string> legal;
    // The broker's instructions in large text; the notes folded into one line.
    std::vector<std::string> steps;
    bool notes = false;
};

struct Metrics {
    float font = 18;        // the text height (pixels); large text is 1.5x
    float char_w = 10;      // the average glyph width of normal text
    float large_char_w = 0; // the same of the large (bold) text; 0: normal's x 1.33
    float line = 22;        // a line of text with its spacing
    float frame = 25;       // a button or a field, with spacing
    float padding = 8;      // a panel's inner padding, each side
    float spacing = 8;      // between panels
};

// The metrics of DejaVu Sans at `font` pixels with the dashboard's style (fonts.cpp ApplyStyle):
// what the tests and LargestTextSize use; the app passes the measured ones.
Metrics MetricsFor(float font);
// The top bar and the status line around the layout's region.
float Chrome(const Metrics& m);

struct LayoutInput {
    float width = 0, height = 0;  // the region under the top bar, above the status line (pixels)
    Metrics m;
    MiddleContent content;
    float lower_need = 0;         // the lower row's content: tab bar, the table's header and rows
    // The broker brought another tab to the front (the ledger, the prices...): the lower row keeps
    // at least this much, and the middle scrolls if it must (the columns stay as they are).
    float lower_wanted = 0;
    // The players' strip (invariant 5): how many players, and the widest cell (pixels).
    int players = 0;
    float strip_cell = 0;
    float strip_cell_narrow = 0;  // the widest cell without the net worth
};

enum class Arrangement : uint8_t {
    ThreeColumns,   // Big Board | entry, Turn, instructions stacked | SEC guy
    TwoColumns,     // Big Board | the middle stacked, wider; the SEC guy is a tab
    WideMiddle,     // Big Board | entry over Turn and instructions side by side; the SEC guy a tab
    FullWidth,      // entry over Turn and instructions side by side; both side panels are tabs
};

struct DashboardLayout {
    Arrangement arrangement = Arrangement::ThreeColumns;
    float left = 0, middle = 0, right = 0;  // column widths (0: folded)
    float top = 0;                // the upper row's height
    float entry = 0;              // the entry line's height (the middle's full width)
    float turn = 0, instructions = 0;  // heights: stacked, or side by side (then equal)
    float turn_width = 0;         // side by side: the Turn's width (the instructions get the rest)
    float lower = 0;              // the lower row's height, the players' strip included
    float strip = 0;              // the players' strip's height, at the lower row's top
    int strip_columns = 1;        // its cells a row
    bool strip_narrow = false;    // its cells without the net worth (a whole one is wider than the window)
    bool large_steps = true;      // the instructions in large text (else normal: to keep the side columns)
    bool fits = true;             // every middle panel got what its content needs
    std::vector<std::string> folded;  // panels moved into the lower row's tabs ("big-board", "sec")
};

// Heights the content needs at a width (pixels), for the tests and the layout itself.
float EntryHeight(const MiddleContent& c, const Metrics& m, float width);
float TurnHeight(const MiddleContent& c, const Metrics& m, float width);
float InstructionsHeight(const MiddleContent& c, const Metrics& m, float width, bool large = true);

// The players' strip at `width`: cells a row, and its height (rows of text lines and a separator).
int StripColumns(float cell_width, float width, int players, const Metrics& m);
float StripHeight(float cell_width, float width, int players, const Metrics& m);

// Lines of `text` wrapped at spaces to `width` with glyphs `char_w` wide.
int WrappedLines(const std::string& text, float char_w, float width);

DashboardLayout ComputeLayout(const LayoutInput& in);

// The middle's content from what the panels show (the same view models they draw).
MiddleContent MakeMiddleContent(const std::vector<FeedbackLine>& entry, const TurnView& turn, const InstructionsView& instructions);
// The same for a line just typed (a preview, nothing rejected yet).
MiddleContent MakeMiddleContent(const Preview& preview, const TurnView& turn, const InstructionsView& instructions);

// The largest text size Ctrl+= offers in a window (even pixels, 10..48): the largest at which a
// busy moment (kBusyMoment) still fits whole.
float LargestTextSize(float window_width, float window_height);
MiddleContent BusyMoment();

} // namespace rutland::bbr
