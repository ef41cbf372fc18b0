// What the entry line says under its field before (and just after) Enter, as lines of text with a
// tone: the one list the entry panel draws (panel_entry.cpp) and the layout sizes the entry panel
// for (layout_model.h MiddleContent::entry). Invariants:
//  1. Every line the panel draws under the field is in this list, in order, whole: the preview and
//     its warnings, a rejection with its rule ID, "Did you mean", the Tab list, the hints. The
//     panel draws nothing under the field that is not here, so the layout's estimate of the
//     panel's height counts everything the broker needs to read before Enter.
//  2. Every line is drawn wrapped at spaces (text_wrap.h): none runs off the panel's right edge.
//  3. One state speaks at a time, in this order: the line just rejected (unless a question is
//     open), time travel, an open question (a typed line is not previewed: it is applied only once
//     the question is answered, to the game as it is then), then the preview of the typed line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "view/entry_model.h"

namespace rutland::bbr {

struct FeedbackLine {
    enum class Tone : uint8_t { Plain, Quiet, Good, Warn, Bad };
    Tone tone = Tone::Plain;
    std::string text;
    // Drawn quiet before `text` on the same first line (the line after quick forms, "buy Y 10k").
    std::string prefix;
};

// The entry line's state the feedback is made of (the dashboard's EntryUi, without ImGui).
struct EntryFeedbackInput {
    std::string text;                 // in the field now
    bool full = false;                // the field is full: a paste was cut
    size_t capacity = 0;              // the field's bytes, for that message
    const Preview* preview = nullptr; // of `text`
    std::string rejection, rejection_rule, rejected_text;
    bool refused = false;             // the file refused it, not a rule
    const std::vector<std::string>* completions = nullptr;
    int completion_index = -1;
    std::string accepted;             // what the last accepted line did
    std::optional<int> viewing;       // time travel: the entry looked at (a line typed is refused)
    // A question open (question.h): what it asks, what Enter on the typed line does, and the lines
    // waiting behind it ("2 lines waiting: ..."); empty when none is open.
    std::string question, question_enter, waiting;
};

inline constexpr size_t kUndoStepsShown = 12;  // dashboard/warnings_draw.h DrawUndoSteps' default
inline constexpr size_t kCompletionsShown = 8;

std::vector<FeedbackLine> EntryFeedback(const EntryFeedbackInput& in);

// The text of a line as drawn (prefix, a space, text): what the layout wraps.
std::string FeedbackText(const FeedbackLine& line);

} // namespace rutland::bbr
