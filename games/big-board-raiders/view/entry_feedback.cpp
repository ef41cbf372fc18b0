#include "view/entry_feedback.h"

#include <fmt/format.h>

#include "display_text.h"

namespace rutland::bbr {

std::vector<FeedbackLine> EntryFeedback(const EntryFeedbackInput& in) {
    using Tone = FeedbackLine::Tone;
    std::vector<FeedbackLine> out;
    auto add = [&out](Tone tone, std::string text, std::string prefix = {}) {
        out.push_back({tone, std::move(text), std::move(prefix)});
    };
    // A paste longer than the field holds was cut by ImGui without a word: say so before Enter.
    if (in.full)
        add(Tone::Warn, fmt::format("The entry line is full ({} bytes): the rest of what was pasted was cut off.",
                                    in.capacity > 0 ? in.capacity - 1 : 0));
    const Preview empty;
    const Preview& p = in.preview ? *in.preview : empty;
    if (in.question.empty() && !in.rejection.empty() && (in.text.empty() || in.text == in.rejected_text)) {
        // The line just rejected (it left the field: Up brings it back to edit).
        const std::string line = view::CutForDisplay(in.rejected_text, view::kOneLineChars);
        add(Tone::Bad, in.refused ? fmt::format("Not saved '{}': {}", line, in.rejection)
                                  : fmt::format("Rejected '{}': {} ({})", line, in.rejection, in.rejection_rule));
        if (in.text.empty()) add(Tone::Quiet, "Up brings the line back to edit it.");
    } else if (in.viewing) {
        // Time travel: the line still takes what is typed, and Enter refuses it with the reason (it
        // goes into the Up history): keys typed while looking back never vanish. No preview: it
        // would be of the past.
        add(Tone::Warn, fmt::format("Looking at entry {}: read-only; a line entered now is refused (Up brings it back). "
                                    "Esc returns to now.",
                                    *in.viewing));
    } else if (!in.question.empty()) {
        // Enter on an empty line answers the question; a typed line waits behind it.
        if (in.text.empty())
            add(Tone::Warn, in.question + ": Enter answers, Esc says no" + (in.waiting.empty() ? std::string() : ".   " + in.waiting));
        else
            add(Tone::Warn, "Enter: " + in.question_enter + (in.waiting.empty() ? std::string() : "   (" + in.waiting + ")"));
    } else if (p.kind == Preview::Kind::Accepted) {
        add(Tone::Good, "Enter: " + p.text, p.expanded != p.typed ? p.expanded : std::string());
        // Its own line: after a wrapped preview it would be cut at the edge.
        if (p.provisional) add(Tone::Warn, "(provisional: an Ask, Bid or arrow this uses is not verified on the physical board, D-2)");
        for (const Warning& w : p.warnings) add(Tone::Warn, fmt::format("! {} ({})", w.text, w.rule));
        if (!p.steps.empty()) {
            add(Tone::Quiet, "The table puts it back:");
            for (size_t i = 0; i < p.steps.size() && i < kUndoStepsShown; ++i) add(Tone::Plain, fmt::format("{}. {}", i + 1, p.steps[i]));
            if (p.steps.size() > kUndoStepsShown) {
                const size_t more = p.steps.size() - kUndoStepsShown;
                add(Tone::Quiet, fmt::format("and {} more step{}", more, more == 1 ? "" : "s"));
            }
        }
    } else if (p.kind == Preview::Kind::Rejected) {
        add(Tone::Warn, fmt::format("Would be rejected: {} ({})", p.text, p.rule));
        if (!p.did_you_mean.empty()) add(Tone::Warn, fmt::format("Did you mean {}?  Tab: {}", p.nearest, p.did_you_mean));
    } else if (!in.accepted.empty()) {
        add(Tone::Quiet, "Saved " + in.accepted);
    }
    if (in.completions && !in.completions->empty()) {
        const std::vector<std::string>& c = *in.completions;
        std::string list;
        for (size_t i = 0; i < c.size() && i < kCompletionsShown; ++i)
            list += (i ? "   " : "") + std::string(static_cast<int>(i) == in.completion_index ? "> " : "") + c[i];
        if (c.size() > kCompletionsShown) list += "   ...";
        add(Tone::Quiet, "Tab: " + list);
    }
    return out;
}

std::string FeedbackText(const FeedbackLine& line) { return line.prefix.empty() ? line.text : line.prefix + " " + line.text; }

} // namespace rutland::bbr
