// The entry line: the table language with quick forms, Tab completion, history on the up arrow and
// a live preview of what Enter would do. Enter asks the app to submit the line (bbr_screen.cpp); a
// rejection comes back here with its rule and the text stays for editing.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID

#include "panels.h"
#include "text_wrap.h"
#include "view/entry_feedback.h"
#include "bbr_dash.h"
#include "theme.h"
#include "warnings_draw.h"

namespace rutland::bbr::dash {

namespace {

struct CallbackContext {
    EntryUi* entry;
    const AppView* view;
};

void Replace(ImGuiInputTextCallbackData* data, const std::string& text) {
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, text.c_str());
}

int EntryCallback(ImGuiInputTextCallbackData* data) {
    auto* ctx = static_cast<CallbackContext*>(data->UserData);
    EntryUi& e = *ctx->entry;
    const std::string text(data->Buf, static_cast<size_t>(data->BufTextLen));
    if (data->EventFlag == ImGuiInputTextFlags_CallbackCompletion) {
        // Tab on a rejected line with a near miss takes the "did you mean" (entry_model.h).
        if (!e.preview.did_you_mean.empty() && e.preview.typed == text) {
            Replace(data, e.preview.did_you_mean);
            e.completions.clear();
            return 0;
        }
        // Tab: first the common prefix of the completions, then cycle through them.
        if (text != e.cycled || e.completions.empty()) {
            e.completions = view::Complete(text, ctx->view->state, ctx->view->legal, &ctx->view->ledger);
            e.completions_for = text;
            e.completion_index = -1;
            if (e.completions.empty()) return 0;
            const std::string prefix = view::CommonPrefix(e.completions);
            if (e.completions.size() == 1 || prefix.size() > text.size()) {
                const std::string pick = e.completions.size() == 1 ? e.completions.front() : prefix;
                Replace(data, pick);
                if (e.completions.size() == 1) e.completions.clear();
                e.cycled.clear();
                return 0;
            }
        }
        e.completion_index = (e.completion_index + 1) % static_cast<int>(e.completions.size());
        e.cycled = e.completions[static_cast<size_t>(e.completion_index)];
        Replace(data, e.cycled);
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackAlways) {
        // The line just took the keyboard back (a focus by code selects the whole text in ImGui
        // 1.86, and the next key would replace it): the caret goes to the end, nothing selected.
        if (e.just_activated) {
            data->CursorPos = data->SelectionStart = data->SelectionEnd = data->BufTextLen;
            e.just_activated = false;
        }
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory) {
        const std::string line = e.history.Step(data->EventKey == ImGuiKey_UpArrow ? -1 : +1);
        Replace(data, line);
    }
    return 0;
}

void DrawFeedbackLine(const view::FeedbackLine& line) {
    using Tone = view::FeedbackLine::Tone;
    if (!line.prefix.empty()) {
        ImGui::TextDisabled("%s", line.prefix.c_str());
        ImGui::SameLine();
    }
    ImVec4 colour = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    switch (line.tone) {
        case Tone::Plain: break;
        case Tone::Quiet: colour = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled); break;
        case Tone::Good: colour = Theme::Good(); break;
        case Tone::Warn: colour = Theme::Warn(); break;
        case Tone::Bad: colour = Theme::Bad(); break;
    }
    TextWrappedWords(line.text, &colour);
}

} // namespace

std::vector<view::FeedbackLine> EntryFeedbackNow(const AppView& v, const UiState& ui) {
    const EntryUi& e = ui.entry;
    view::EntryFeedbackInput in;
    in.text = std::string(e.buffer.data());
    in.full = in.text.size() + 1 >= e.buffer.size();
    in.capacity = e.buffer.size();
    // The preview of the text as last drawn (the layout, before this frame's keys, sizes the panel
    // for it; DrawEntry previews a changed line before drawing).
    in.preview = &e.preview;
    in.rejection = e.rejection;
    in.rejection_rule = e.rejection_rule;
    in.rejected_text = e.rejected_text;
    in.refused = e.refused;
    in.completions = &e.completions;
    in.completion_index = e.completion_index;
    in.accepted = e.accepted;
    in.viewing = v.viewing;
    in.question = ui.question;
    in.question_enter = ui.question_enter;
    in.waiting = ui.waiting;
    return view::EntryFeedback(in);
}

void DrawEntry(const AppView& v, UiState& ui, Outbox& out) {
    EntryUi& e = ui.entry;
    if (!e.history_loaded) {  // the up arrow reaches back into the game as recorded
        e.history_loaded = true;
        const int first = std::max(1, v.ledger.Size() - 200);
        for (int seq = first; seq < v.ledger.Size(); ++seq)
            if (v.ledger.At(seq).kind == EntryKind::Command) e.history.Add(v.ledger.At(seq).line);
    }
    if (v.read_only) {  // why: a problem verify found, a rules change, or a read-only place (a clean 0444 game)
        const ImVec4 bad = Theme::Bad();
        TextWrappedWords("This game is open read-only: " + v.session.ReadOnlyWhy(), &bad);
        return;
    }

    if (e.focus) {  // the buffer was replaced from outside the field: a new id makes ImGui read it afresh
        ++e.generation;
        e.focus = false;
    }
    // The keyboard always comes back here (input_queue.h): whenever no other field or button is
    // in use and no modal is up, the line asks for it, every frame until it has it.
    if (!ImGui::IsAnyItemActive() && !ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ui.learn_modal && ui.rule.open.empty())
        ImGui::SetKeyboardFocusHere();
    CallbackContext ctx{&e, &v};
    ImGui::PushFont(v.fonts.large);
    ImGui::SetNextItemWidth(-1);
    ImGui::PushID(e.generation);
    // (a click into the line places the caret where it clicked: that is left alone)
    e.just_activated = ImGui::GetActiveID() != ImGui::GetID("##entry") && !ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    const bool enter = ImGui::InputTextWithHint("##entry", "342   +b10   e   (Tab, Up)", e.buffer.data(), e.buffer.size(),
                                                ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion |
                                                    ImGuiInputTextFlags_CallbackHistory | ImGuiInputTextFlags_CallbackAlways,
                                                EntryCallback, &ctx);
    ImGui::PopID();
    ImGui::PopFont();
    const std::string text(e.buffer.data());
    if (enter) {
        if (!text.empty()) out.Submit(text, true);
        else if (!ui.question.empty()) out.Push(AnswerQuestion{true});
        // Enter deactivates the field; ask for it back in this very frame, so the next frame
        // already takes the next keys (a request made next frame would drop a fast typist's keys).
        ImGui::SetKeyboardFocusHere(-1);
        e.completions.clear();
        e.history.ResetPosition();
        return;
    }
    if (text != e.cycled && text != e.completions_for) e.completions.clear();
    if (text != e.preview_for || v.version != e.preview_version) {
        e.preview = view::PreviewLine(text, v.state, &v.ledger);
        e.preview_for = text;
        e.preview_version = v.version;
    }
    // Everything under the field is entry_feedback.h's list, each line wrapped (its invariants):
    // the layout sized this panel for the same lines.
    LayoutProbe& probe = ui.probe;
    probe.entry_lines = 0;
    probe.entry_right = 0;
    probe.entry_bottom = ImGui::GetItemRectMax().y;  // the field's, when nothing is under it
    for (const view::FeedbackLine& line : EntryFeedbackNow(v, ui)) {
        DrawFeedbackLine(line);
        ++probe.entry_lines;
        probe.entry_right = std::max(probe.entry_right, ImGui::GetItemRectMax().x);
        probe.entry_bottom = ImGui::GetItemRectMax().y;
    }
    probe.entry_clip_bottom = ImGui::GetCurrentWindow()->InnerClipRect.Max.y;
    probe.entry_clip_right = ImGui::GetCurrentWindow()->InnerClipRect.Max.x;
    // What the lines took, for the layout's next frame (layout.cpp): the estimate is a wrap at an
    // average glyph width, this is ImGui's own measure.
    e.measured_height = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
    e.measured_width = ImGui::GetWindowWidth();
    if (e.measured_height > ImGui::GetWindowHeight() + 0.5f) e.relayout = true;
}

} // namespace rutland::bbr::dash
