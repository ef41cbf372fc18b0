// The desk's entry line (desk.h): the game's language as typed, Tab completion (and a rejected
// line's did-you-mean), the Up history, and under the field what Enter would do now, in the
// game's words (host_desk.h PreviewOf): amber warnings, the rejection with its rule, what the table
// hands over. Enter asks the desk to record the line (host_desk.h invariant 1).
#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID

#include "desk.h"
#include "theme.h"

namespace rutland::dash {

namespace {

struct Context {
    DeskUi* ui;
    view::HostDesk* desk;
};

void DeskReplace(ImGuiInputTextCallbackData* data, const std::string& text) {
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, text.c_str());
}

int Callback(ImGuiInputTextCallbackData* data) {
    auto* ctx = static_cast<Context*>(data->UserData);
    const std::string text(data->Buf, static_cast<size_t>(data->BufTextLen));
    if (data->EventFlag == ImGuiInputTextFlags_CallbackCompletion) {
        const std::string now = ctx->desk->Tab(text);
        if (now != text) DeskReplace(data, now);
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory) {
        DeskReplace(data, ctx->desk->HistoryStep(data->EventKey == ImGuiKey_UpArrow ? -1 : +1));
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackAlways && ctx->ui->just_activated) {
        // A focus by code selects the whole text in ImGui 1.86: the caret goes to the end instead.
        data->CursorPos = data->SelectionStart = data->SelectionEnd = data->BufTextLen;
        ctx->ui->just_activated = false;
    }
    return 0;
}

// One line of words, wrapped at the region's width, in `colour`; its rule can be read on hover.
void Line(DeskView& v, DeskUi& ui, const std::string& text, const ImVec4& colour, const std::string& rule = {}) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (!rule.empty()) DeskRuleHover(v, ui, rule);
}

} // namespace

void DrawDeskEntry(DeskView& v, DeskUi& ui, DeskOutbox& out) {
    view::HostDesk& desk = v.desk;
    const std::string read_only = desk.Game().ReadOnlyReason();
    if (!read_only.empty()) {
        Line(v, ui, "This game is open read-only: " + read_only, Theme::Bad());
        return;
    }
    // The keyboard comes back here whenever no other field or button is in use (input_queue.h).
    if (!ImGui::IsAnyItemActive() && !ImGui::IsMouseDown(ImGuiMouseButton_Left) && ui.rule_open.empty())
        ImGui::SetKeyboardFocusHere();
    Context ctx{&ui, &desk};
    ImGui::PushFont(v.fonts.large);
    ImGui::SetNextItemWidth(-1);
    ImGui::PushID(ui.generation);
    ui.just_activated = ImGui::GetActiveID() != ImGui::GetID("##desk-entry") && !ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    const bool enter = ImGui::InputTextWithHint("##desk-entry", "a line of the game   (Tab completes, Up: the lines before)",
                                                ui.buffer.data(), ui.buffer.size(),
                                                ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion |
                                                    ImGuiInputTextFlags_CallbackHistory | ImGuiInputTextFlags_CallbackAlways,
                                                Callback, &ctx);
    ImGui::PopID();
    ImGui::PopFont();
    const std::string text(ui.buffer.data());
    if (enter) {
        out.Push(DeskEnter{text});
        // Asked back in this very frame: the next frame takes the next keys (input_queue.h).
        ImGui::SetKeyboardFocusHere(-1);
        return;
    }
    const view::DeskQuestion& q = desk.Question();
    if (q.Open()) {
        if (q.kind == view::DeskQuestion::Kind::Ask && q.answers.empty() && !q.field.empty())  // host_desk.h invariant 6
            Line(v, ui, "Type the answer: a line '" + q.field + "...'. Esc: not now. Any other line waits behind the question.",
                 Theme::Warn());
        else
            Line(v, ui, "Enter on an empty line: yes. Esc: no. A line typed now waits behind the question.", Theme::Warn());
        if (!desk.WaitingText().empty()) Line(v, ui, desk.WaitingText() + " (after the question, in order)", Theme::Warn());
    }
    if (const std::optional<int> shown = desk.Game().ShownEntry())
        Line(v, ui, "Viewing entry " + std::to_string(*shown) + ": nothing is recorded while looking back (Esc: back to now)",
             Theme::Warn());
    if (!desk.Rejection().empty() && text.empty()) {
        Line(v, ui, "'" + desk.RejectedLine() + "' rejected: " + desk.Rejection() +
                        (desk.RejectionRule().empty() ? "" : " (" + desk.RejectionRule() + ")"),
             Theme::Bad(), desk.RejectionRule());
        ImGui::TextDisabled("Up brings it back to correct it");
    }
    if (!text.empty()) {
        const host::LinePreview& p = desk.PreviewOf(text);
        if (p.expanded != p.typed && !p.expanded.empty()) ImGui::TextDisabled("= %s", p.expanded.c_str());
        // Amber first: what the table must not miss stays in sight above a long settlement's words.
        for (const host::Note& w : p.warnings)
            Line(v, ui, "! " + w.text + (w.rule.empty() ? "" : " (" + w.rule + ")"), Theme::Warn(), w.rule);
        if (p.kind == host::LinePreview::Kind::Accepted) {
            Line(v, ui, "Enter: " + p.text, Theme::Good());
            if (p.provisional) Line(v, ui, "It uses a fact of the board the table has not verified yet", Theme::Warn());
        } else if (p.kind == host::LinePreview::Kind::Rejected) {
            Line(v, ui, "Rejected: " + p.text + (p.rule.empty() ? "" : " (" + p.rule + ")"), Theme::Bad(), p.rule);
            if (!p.did_you_mean.empty()) Line(v, ui, "Did you mean: " + p.did_you_mean + "   (Tab takes it)", Theme::Warn());
        }
        if (!p.hand_over.empty()) {
            ImGui::TextDisabled("The table hands over:");
            for (const std::string& step : p.hand_over) Line(v, ui, "  " + step, ImGui::GetStyleColorVec4(ImGuiCol_Text));
        }
        if (!desk.Completions().empty()) {
            std::string list;
            for (size_t i = 0; i < desk.Completions().size() && i < 8; ++i)
                list += (i ? "   " : "") + std::string(static_cast<int>(i) == desk.CompletionIndex() ? "> " : "") +
                        desk.Completions()[i];
            if (desk.Completions().size() > 8) list += "   ...";
            ImGui::TextDisabled("Tab: %s", list.c_str());
        }
    } else if (!desk.Accepted().empty() && desk.Rejection().empty()) {
        Line(v, ui, "Recorded " + desk.Accepted(), ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    }
}

} // namespace rutland::dash
