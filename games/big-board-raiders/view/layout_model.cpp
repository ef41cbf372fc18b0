#include "view/layout_model.h"

#include <algorithm>
#include <cmath>

#include "display_text.h"

namespace rutland::bbr {

namespace {

constexpr float kLarge = 1.33f;      // fonts.cpp: the large font
constexpr float kSubColumnEms = 21;  // Turn and instructions side by side: each at least this wide

float Overhead(const Metrics& m) { return m.line + m.spacing + 2 * m.padding; }  // title, separator, padding

float Lines(const std::vector<std::string>& texts, float char_w, float width) {
    float n = 0;
    for (const std::string& t : texts) n += static_cast<float>(WrappedLines(t, char_w, width));
    return n;
}

// Buttons flowing into lines (the Turn's commands legal now): how many lines.
int ButtonLines(const std::vector<std::string>& labels, const Metrics& m, float width, float first_line_used) {
    if (labels.empty()) return 1;
    int lines = 1;
    float x = first_line_used;
    for (const std::string& label : labels) {
        const float w = static_cast<float>(view::CountChars(label)) * m.char_w + 2 * 4.0f + m.spacing;
        if (x > 0 && x + w > width) {
            ++lines;
            x = 0;
        }
        x += w;
    }
    return lines;
}

struct Need {
    float entry = 0, turn = 0, instructions = 0;
};

Need Needs(const MiddleContent& c, const Metrics& m, float entry_w, float turn_w, float instructions_w, bool large) {
    return {EntryHeight(c, m, entry_w), TurnHeight(c, m, turn_w), InstructionsHeight(c, m, instructions_w, large)};
}

} // namespace

int WrappedLines(const std::string& text, float char_w, float width) {
    const size_t per_line = static_cast<size_t>(std::max(1.0f, std::floor(width / std::max(1.0f, char_w))));
    int lines = 1;
    size_t used = 0;
    size_t i = 0;
    while (i < text.size()) {
        size_t j = text.find(' ', i);
        if (j == std::string::npos) j = text.size();
        size_t word = view::CountChars(std::string_view(text).substr(i, j - i));
        const size_t need = used == 0 ? word : used + 1 + word;
        if (need <= per_line) {
            used = need;
        } else if (used == 0) {  // a word longer than a line is cut where the line ends
            lines += static_cast<int>((word - 1) / per_line);
            used = word % per_line == 0 ? per_line : word % per_line;
        } else {
            ++lines;
            used = std::min(word, per_line);
            if (word > per_line) lines += static_cast<int>((word - 1) / per_line);
        }
        i = j + 1;
    }
    return lines;
}

Metrics MetricsFor(float font) {
    // DejaVu Sans averages 0.455 of its size a glyph over the panels' sentences (measured in the
    // app, layout.cpp MeasuredMetrics); 0.47 leaves a margin. Spacing as fonts.cpp ApplyStyle sets it.
    Metrics m;
    m.font = font;
    m.char_w = font * 0.47f;
    m.large_char_w = std::round(font * kLarge) * 0.53f;  // DejaVu Sans Bold, same sentences
    m.spacing = std::round(font * 0.45f);
    m.line = font + std::round(font * 0.3f);
    m.frame = font + 2 * 3.0f + std::round(font * 0.3f);
    m.padding = std::round(font * 0.5f);
    return m;
}

float Chrome(const Metrics& m) { return m.font * kLarge + m.spacing + m.line + 2 * m.padding + m.spacing; }

float EntryHeight(const MiddleContent& c, const Metrics& m, float width) {
    const float inner = width - 2 * m.padding;
    const float field = m.font * kLarge + 6.0f + m.spacing;
    const float estimate = Overhead(m) + field + std::max(1.0f, Lines(c.entry, m.char_w, inner)) * m.line;
    if (c.entry_measured > 0 && std::abs(c.entry_measured_width - width) < 1.0f) return std::max(estimate, c.entry_measured);
    return estimate;
}

float TurnHeight(const MiddleContent& c, const Metrics& m, float width) {
    const float inner = width - 2 * m.padding;
    const float heading = m.font * kLarge + m.spacing;
    const float text = Lines(c.turn, m.char_w, inner) * m.line;
    // "Ann may enter now:" starts the first line of buttons.
    const float legal = static_cast<float>(ButtonLines(c.legal, m, inner, 18 * m.char_w)) * m.line + m.spacing;
    return Overhead(m) + heading + text + legal;
}

float InstructionsHeight(const MiddleContent& c, const Metrics& m, float width, bool large) {
    const float scale = large ? kLarge : 1.0f;
    // Bold large text is wider than normal text scaled (DejaVu Sans Bold: ~12%): measured apart.
    const float large_w = !large ? m.char_w : m.large_char_w > 0 ? m.large_char_w : m.char_w * scale;
    // The tick boxes have no frame padding (panel_instructions.cpp): a step's line is a text line.
    const float inner = width - 2 * m.padding - (m.font * scale + m.spacing);
    const float box = m.font * scale + std::round(m.font * 0.3f);
    float h = Overhead(m) + m.line;                        // "Entry 45: buy Y 10k"
    if (c.steps.empty()) h += m.line;
    for (const std::string& step : c.steps)
        h += box + static_cast<float>(WrappedLines(step, large_w, inner) - 1) * (m.font * scale + std::round(m.font * 0.3f));
    if (c.notes) h += m.frame;
    return h;
}

int StripColumns(float cell_width, float width, int players, const Metrics& m) {
    if (players <= 0) return 1;
    // A cell and the spacing before the next; the lower row's padding on each side.
    const float inner = width - 2 * m.padding;
    const int fit = static_cast<int>(std::floor((inner + m.spacing) / std::max(1.0f, cell_width + m.spacing)));
    return std::clamp(fit, 1, players);
}

float StripHeight(float cell_width, float width, int players, const Metrics& m) {
    if (players <= 0) return 0;
    const int columns = StripColumns(cell_width, width, players, m);
    const int rows = (players + columns - 1) / columns;
    return static_cast<float>(rows) * m.line + m.spacing;  // the rows, then a separator
}

DashboardLayout ComputeLayout(const LayoutInput& in) {
    const Metrics& m = in.m;
    const float W = in.width, H = in.height, sp = m.spacing;
    const float mid_min = kMiddleEms * m.font, side_min = kSideEms * m.font, sub_min = kSubColumnEms * m.font;
    // Invariant 5: the strip and the tab bar, whatever else the lower row would keep.
    const bool narrow = in.strip_cell_narrow > 0 && in.strip_cell > W - 2 * m.padding;
    const float cell = narrow ? in.strip_cell_narrow : in.strip_cell;
    const float strip = StripHeight(cell, W, in.players, m);
    const float strip_min = strip + m.frame + 2 * m.padding;
    const float lower_min = std::max({kLowerMinLines * m.line, strip_min, std::min(in.lower_wanted, H * 0.6f)});
    const float lower_need = std::max(lower_min, in.lower_need > 0 ? in.lower_need + strip : std::floor(H * 0.4f));
    const float top_max = H - lower_min - sp;

    DashboardLayout out;
    float need = 0, fallback_need = 0;
    Need n, fallback;
    bool have_fallback = false;
    bool chosen = false;
    struct Try {
        Arrangement a;
        bool large;
    };
    constexpr Try kTries[] = {{Arrangement::ThreeColumns, true}, {Arrangement::ThreeColumns, false},
                              {Arrangement::TwoColumns, true},   {Arrangement::TwoColumns, false},
                              {Arrangement::WideMiddle, true},   {Arrangement::WideMiddle, false},
                              {Arrangement::FullWidth, true},    {Arrangement::FullWidth, false}};
    for (const Try t : kTries) {
        const Arrangement a = t.a;
        DashboardLayout l;
        l.arrangement = a;
        l.large_steps = t.large;
        switch (a) {
            case Arrangement::ThreeColumns:
                if (W < mid_min + 2 * side_min + 2 * sp) continue;
                l.middle = std::floor(std::max(mid_min, W * 0.42f));
                l.left = std::floor((W - l.middle - 2 * sp) / 2);
                l.right = W - l.left - l.middle - 2 * sp;
                break;
            case Arrangement::TwoColumns:
                if (W < mid_min + side_min + sp) continue;
                l.middle = std::floor(std::max(mid_min, W * 0.62f));
                l.left = W - l.middle - sp;
                l.folded = {"sec"};
                break;
            case Arrangement::WideMiddle:
                if (W < 2 * sub_min + sp + side_min + sp) continue;
                l.middle = std::floor(std::max(2 * sub_min + sp, W * 0.7f));
                l.left = W - l.middle - sp;
                l.folded = {"sec"};
                break;
            case Arrangement::FullWidth:
                l.middle = W;
                l.folded = {"big-board", "sec"};
                break;
        }
        const bool stacked = a == Arrangement::ThreeColumns || a == Arrangement::TwoColumns;
        if (stacked) {
            n = Needs(in.content, m, l.middle, l.middle, l.middle, t.large);
            need = n.entry + n.turn + n.instructions + 2 * sp;
        } else {
            // The split between the Turn and the instructions that needs the least height.
            need = -1;
            for (float share : {0.35f, 0.42f, 0.5f, 0.58f, 0.65f}) {
                const float tw = std::floor(std::clamp(l.middle * share, sub_min, l.middle - sub_min - sp));
                const Need tried = Needs(in.content, m, l.middle, tw, l.middle - tw - sp, t.large);
                const float h = tried.entry + sp + std::max(tried.turn, tried.instructions);
                if (need < 0 || h < need) {
                    need = h;
                    n = tried;
                    l.turn_width = tw;
                }
            }
        }
        // Large steps are a nicety: only when the lower row still gets what its rows need (all the
        // players' rows); otherwise the normal text size, in the same arrangement first.
        const float limit = t.large ? std::min(top_max, H - lower_need - sp) : top_max;
        if (need <= limit) {
            out = std::move(l);
            chosen = true;
            break;
        }
        // Nothing fits: the most room for the middle (the last tried), unless the broker is
        // reading another tab: then the panels as they are (the first tried), scrolling.
        if (!have_fallback || in.lower_wanted == 0) {
            out = std::move(l);
            fallback_need = need;
            fallback = n;
            have_fallback = true;
        }
    }
    if (!chosen) {
        need = fallback_need;
        n = fallback;
    }
    out.fits = chosen;
    // The upper row: what the middle needs, or more when the lower row's content leaves room (the
    // Big Board is better taller); the lower row keeps at least its tab bar and a few lines.
    out.top = std::min(top_max, std::max(need, H - lower_need - sp));
    out.lower = H - out.top - sp;
    out.strip = strip;
    out.strip_columns = StripColumns(cell, W, in.players, m);
    out.strip_narrow = narrow;
    const bool stacked = out.arrangement == Arrangement::ThreeColumns || out.arrangement == Arrangement::TwoColumns;
    if (out.fits) {
        out.entry = n.entry;
        if (stacked) {
            out.turn = n.turn;
            out.instructions = out.top - out.entry - out.turn - 2 * sp;  // the rest: the instructions
        } else {
            out.turn = out.instructions = out.top - out.entry - sp;
        }
    } else {
        // Nothing fits whole: the entry line first (at most half), then the Turn and the
        // instructions side by side, scrolling.
        out.entry = std::min(n.entry, std::floor(out.top * 0.5f));
        out.turn = out.instructions = out.top - out.entry - sp;
    }
    return out;
}

MiddleContent MakeMiddleContent(const Preview& preview, const TurnView& turn, const InstructionsView& instructions) {
    EntryFeedbackInput in;
    in.text = preview.typed;
    in.preview = &preview;
    return MakeMiddleContent(EntryFeedback(in), turn, instructions);
}

MiddleContent MakeMiddleContent(const std::vector<FeedbackLine>& entry, const TurnView& turn, const InstructionsView& instructions) {
    MiddleContent c;
    for (const FeedbackLine& line : entry) c.entry.push_back(FeedbackText(line));
    c.turn = {turn.time_cards, turn.roll + "    " + turn.next};
    if (turn.bonus) c.turn.push_back("Bonus turn after doubles (T-5)");
    for (const std::string& p : turn.pending) c.turn.push_back(p);
    if (!turn.declaring.empty()) c.turn.push_back(turn.declaring);
    if (!turn.pawn.empty()) c.turn.push_back(turn.pawn);
    for (const std::string& line : turn.space_lines) c.turn.push_back(line);
    if (turn.won) c.turn.push_back("The game is over (W-1): only undo is accepted now (notes too).");
    c.legal = turn.legal;
    if (c.legal.size() > kMaxLegalShown) {
        c.legal.resize(kMaxLegalShown);
        c.turn.push_back("and 99 more (Tab in the entry line lists them)");
    }
    c.steps = instructions.steps;
    if (c.steps.empty()) c.steps.push_back("Nothing to hand over for this entry.");
    c.notes = !instructions.notes.empty();
    // The panels cut a long text (a note) where TextWrappedWords does (display_text.h).
    for (std::vector<std::string>* texts : {&c.entry, &c.turn, &c.steps})
        for (std::string& t : *texts) t = view::CutForDisplay(t);
    return c;
}

MiddleContent BusyMoment() {
    // A Market Open that splits one company and covers a short, previewed with its warnings, in a
    // turn with a pending call and a dozen commands legal; six steps to hand over.
    MiddleContent c;
    c.entry = {"Enter: Ann's pawn to Colfax; Yellow -> $2.10; Blue -> $3.00; Red -> $0.90; Green -> $1.10; Bob "
               "pays $30,000 covering 10,000 Blue at $3.00; Ann receives $20,000; and 3 more",
               "! Blue reaches its Split level $3.00: Split (M-4)",
               "! margin call: Bob is charged for covering 10,000 Blue at $3.00 (M-4)"};
    c.turn = {"Time cards drawn this year: 2 of 4", "Rolled", "Next: Bob",
              "Bob owes the bank $13,750 (M-4): only Bob's sales are accepted until it is paid (S-6)",
              "Landed on Colfax (subsidiary, position 2) (provisional)",
              "Arrows: Y \u2191 up B \u2191 up R \u2193 down G \u2191 up (provisional)",
              "Asks (buy here): Yellow Blue (provisional)"};
    c.legal = {"Bob: sell R 5k",  "Bob: sell R 10k", "Bob: sell R 15k", "Bob: sell B 5k", "Bob: sell B 10k", "buy Y 5k",
               "buy Y 10k",       "buy Y 15k",       "buy Y 20k",       "buy B 5k",       "buy B 10k",       "dir Y",
               "end"};
    // The Split of Blue in tests/games/full-game.txt (entry 83), as the instructions say it.
    c.steps = {"move Cy's pawn to Haszard",
               "move the Yellow marker from $1.20 to $1.10",
               "move the Blue marker from $2.90 to $3.00",
               "the SEC guy (Cy) announces: Blue reaches its Split level $3.00: Split",
               "move the Blue marker from $3.00 back to Issue, $2.00",
               "the broker pays Cy $45,000: 4 x $10,000 + 1 x $5,000",
               "the broker takes $65,500 out of Blue's margin account and gives it to Ann: 6 x $10,000 + 1 x $5,000 + 1 x $500",
               "Ann takes back the notes for 30,000 Blue from Blue's margin account",
               "Ann pays the broker $78,000: 7 x $10,000 + 1 x $5,000 + 3 x $1,000",
               "Ann is short of cash and still owes the bank $12,000 for covering 30,000 Blue at $3.00 (Split margin call: "
               "30,000 x $3.00 = $90,000): Ann chooses assets for the broker to sell (no Bid needed)",
               "move the Red marker from $1.45 to $1.35",
               "Cy records the Haszard proxy (Blue) on Cy's proxy sheet"};
    c.notes = true;
    return c;
}

float LargestTextSize(float window_width, float window_height) {
    for (float f = 48; f > 10; f -= 2) {
        LayoutInput in;
        in.m = MetricsFor(f);
        in.width = window_width - 2 * in.m.padding;
        in.height = window_height - Chrome(in.m);
        in.content = BusyMoment();
        // Four players' strip (invariant 5): "> Bob  $123,000  net $1,234,000" is 32 characters.
        in.players = 4;
        in.strip_cell = 32 * in.m.char_w;
        if (ComputeLayout(in).fits) return f;
    }
    return 10;
}

} // namespace rutland::bbr
