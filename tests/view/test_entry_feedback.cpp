// What the entry line says under its field (entry_feedback.h) and that the layout sizes the entry
// panel for all of it: a rejection with its rule ID, "Did you mean", the Tab list (issue: at the
// table, round 3: the live window cut these while --screenshot, which never shows them, fitted).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/table_fixture.h"
#include "entry_feedback.h"
#include "entry_model.h"
#include "instructions_view.h"
#include "layout_model.h"
#include "rules/legal.h"
#include "bbr_names.h"
#include "view/script_ledger.h"
#include "turn_view.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::Table;

namespace {

using rutland::testing::kFourPlayersHeader;

bool HasFeedback(const std::vector<FeedbackLine>& lines, const std::string& part, FeedbackLine::Tone tone) {
    return std::any_of(lines.begin(), lines.end(), [&](const FeedbackLine& l) { return l.tone == tone && l.text.find(part) != std::string::npos; });
}

} // namespace

TEST_CASE("entry feedback: a rejection keeps its rule ID, 'Did you mean' and the Tab list are lines of their own") {
    Table t(kFourPlayersHeader);
    using Tone = FeedbackLine::Tone;
    // A line just rejected: its words and rule, and how to get it back.
    EntryFeedbackInput rejected;
    rejected.rejection = "unexpected 'with' at the end of 'buy' (e.g. buy B 10k)";
    rejected.rejection_rule = "COMMANDS.md";
    rejected.rejected_text = "buy Y 10k with more";
    const std::vector<FeedbackLine> r = EntryFeedback(rejected);
    REQUIRE(r.size() == 2);
    CHECK(HasFeedback(r, "(COMMANDS.md)", Tone::Bad));
    CHECK(HasFeedback(r, "Up brings the line back", Tone::Quiet));

    // A misspelt space: the rejection preview, then "Did you mean" with the corrected line.
    const Preview p = PreviewLine("roll 3 4 2 @fullwell", t.State(), &t.Log());
    REQUIRE(p.kind == Preview::Kind::Rejected);
    EntryFeedbackInput typed;
    typed.text = "roll 3 4 2 @fullwell";
    typed.preview = &p;
    const std::vector<std::string> completions = {"roll 3 4 2 @fulwell", "roll 3 4 2 @fulwell end"};
    typed.completions = &completions;
    const std::vector<FeedbackLine> f = EntryFeedback(typed);
    CHECK(HasFeedback(f, "Would be rejected", Tone::Warn));
    CHECK(HasFeedback(f, "(" + p.rule + ")", Tone::Warn));
    CHECK(HasFeedback(f, "Did you mean @fulwell?  Tab: roll 3 4 2 @fulwell", Tone::Warn));
    CHECK(HasFeedback(f, "Tab: roll 3 4 2 @fulwell", Tone::Quiet));
    CHECK(f.size() == 3);

    // The layout sizes the entry panel for every one of those lines: at the least width the
    // middle column gets, each wrapped, and nothing else.
    const TurnView turn = MakeTurnView(t.State(), Legal(t.State()), false);
    const MiddleContent c = MakeMiddleContent(f, turn, InstructionsView{});
    REQUIRE(c.entry.size() == f.size());
    const Metrics m = MetricsFor(18);
    const float width = kMiddleEms * 18;
    float lines = 0;
    for (const FeedbackLine& line : f) lines += static_cast<float>(WrappedLines(FeedbackText(line), m.char_w, width - 2 * m.padding));
    CHECK(lines >= 4);  // the Tab list and "Did you mean" wrap at this width
    const MiddleContent without_feedback = MakeMiddleContent(std::vector<FeedbackLine>{}, turn, InstructionsView{});
    CHECK(EntryHeight(c, m, width) >= EntryHeight(without_feedback, m, width) + (lines - 1) * m.line - 0.5f);
}

TEST_CASE("entry feedback: what the panel measured last frame at this width is the least it gets") {
    MiddleContent c;
    c.entry = {"Saved 12: roll 3 4 2"};
    const Metrics m = MetricsFor(18);
    const float estimate = EntryHeight(c, m, 800);
    c.entry_measured = estimate + 40;
    c.entry_measured_width = 800;
    CHECK(EntryHeight(c, m, 800) == doctest::Approx(estimate + 40));
    // Measured at another width (another arrangement): the estimate there.
    MiddleContent unmeasured = c;
    unmeasured.entry_measured = 0;
    CHECK(EntryHeight(c, m, 600) == doctest::Approx(EntryHeight(unmeasured, m, 600)));
}
