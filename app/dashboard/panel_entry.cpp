// The entry line: the table language with quick forms, Tab completion, history on the up arrow and
// a live preview of what Enter would do. Enter asks the app to submit the line (app.cpp); a
// rejection comes back here with its rule and the text stays for editing.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID

#include "panels.h"
#include "text_wrap.h"
#include "theme.h"
#include "warnings_draw.h"

namespace rutland::dash {

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

} // namespace

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
    // A paste longer than the field holds was cut by ImGui without a word: say so before Enter.
    if (text.size() + 1 >= e.buffer.size()) {
        const ImVec4 warn = Theme::Warn();
        TextWrappedWords(fmt::format("The entry line is full ({} bytes): the rest of what was pasted was cut off.",
                                     e.buffer.size() - 1), &warn);
    }
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
    if (ui.question.empty() && !e.rejection.empty() && (text.empty() || text == e.rejected_text)) {
        // The line just rejected (it left the field: Up brings it back to edit).
        const ImVec4 bad = Theme::Bad();
        const std::string line = view::CutForDisplay(e.rejected_text, view::kOneLineChars);
        TextWrappedWords(e.refused ? fmt::format("Not saved '{}': {}", line, e.rejection)
                                   : fmt::format("Rejected '{}': {} ({})", line, e.rejection, e.rejection_rule),
                         &bad);
        if (text.empty()) ImGui::TextDisabled("Up brings the line back to edit it.");
    } else if (v.viewing) {
        // Time travel: the line still takes what is typed, and Enter refuses it with the reason (it
        // goes into the Up history): keys typed while looking back never vanish. No preview: it
        // would be of the past.
        const ImVec4 warn = Theme::Warn();
        TextWrappedWords(fmt::format("Looking at entry {}: read-only; a line entered now is refused (Up brings it back). "
                                     "Esc returns to now.", *v.viewing),
                         &warn);
    } else if (!ui.question.empty()) {
        // A question is open (question.h): Enter on an empty line answers it; a line typed now is
        // not previewed: it is applied only once the question is answered, to the game as it is then.
        const ImVec4 warn = Theme::Warn();
        if (text.empty())
            TextWrappedWords(ui.question + ": Enter answers, Esc says no" + (ui.waiting.empty() ? std::string() : ".   " + ui.waiting),
                             &warn);
        else
            TextWrappedWords("Enter: " + ui.question_enter + (ui.waiting.empty() ? std::string() : "   (" + ui.waiting + ")"), &warn);
    } else if (e.preview.kind == view::Preview::Kind::Accepted) {
        if (e.preview.expanded != text) {
            ImGui::TextDisabled("%s", e.preview.expanded.c_str());
            ImGui::SameLine();
        }
        const ImVec4 good = Theme::Good();
        TextWrappedWords("Enter: " + e.preview.text, &good);
        if (e.preview.provisional) {  // its own line: after a wrapped preview it would be cut at the edge
            const ImVec4 warn = Theme::Warn();
            TextWrappedWords("(provisional: an Ask, Bid or arrow this uses is not verified on the physical board, D-2)", &warn);
        }
        DrawWarnings(e.preview.warnings);
        DrawUndoSteps(e.preview.steps);
    } else if (e.preview.kind == view::Preview::Kind::Rejected) {
        const ImVec4 warn = Theme::Warn();
        TextWrappedWords(fmt::format("Would be rejected: {} ({})", e.preview.text, e.preview.rule), &warn);
        if (!e.preview.did_you_mean.empty())
            TextWrappedWords(fmt::format("Did you mean {}?  Tab: {}", e.preview.nearest, e.preview.did_you_mean), &warn);
    } else if (!e.accepted.empty()) {
        ImGui::TextDisabled("Saved %s", e.accepted.c_str());
    }
    if (!e.completions.empty()) {
        std::string list;
        for (size_t i = 0; i < e.completions.size() && i < 8; ++i)
            list += (i ? "   " : "") + std::string(static_cast<int>(i) == e.completion_index ? "> " : "") + e.completions[i];
        if (e.completions.size() > 8) list += "   ...";
        ImGui::TextDisabled("Tab: %s", list.c_str());
    }
}

} // namespace rutland::dash
