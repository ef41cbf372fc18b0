// The start screen's keyboard focus: see key_focus.h.
#include "key_focus.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID, the item flags

#include "start_view.h"
#include "theme.h"

namespace rutland::dash {

namespace {
bool KeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }
} // namespace

void BeginKeyFocus(KeyFocus& f) {
    const ImGuiIO& io = ImGui::GetIO();
    f.next = 0;
    f.step = 0;
    f.press = false;
    // ImGui's own Tab would move between the text fields only, fighting this one: off here.
    ImGui::PushItemFlag(ImGuiItemFlags_NoTabStop, true);
    if (KeyPressed(GLFW_KEY_TAB) && !io.KeyCtrl && f.count > 0) {
        f.at = view::NextStop(f.at, io.KeyShift ? -1 : +1, f.count);
        f.moved = true;
        ImGui::ClearActiveID();  // the field being typed in lets go; a text stop takes it back (TextStop)
        return;
    }
    // Keys for the focused item while no text field has them (in a field they are the field's).
    if (ImGui::IsAnyItemActive() || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    f.press = KeyPressed(GLFW_KEY_SPACE);
    if (KeyPressed(GLFW_KEY_RIGHT) || KeyPressed(GLFW_KEY_DOWN) || f.press) f.step = +1;
    if (KeyPressed(GLFW_KEY_LEFT) || KeyPressed(GLFW_KEY_UP)) f.step = -1;
}

void TextStop(KeyFocus& f) {
    if (f.next == f.at && f.moved) {
        ImGui::SetKeyboardFocusHere();
        f.moved = false;
        f.asked_frame = ImGui::GetFrameCount();
    }
}

bool EndStop(KeyFocus& f, bool text) {
    const int stop = f.next++;
    if (ImGui::IsItemActivated() || ImGui::IsItemClicked()) {
        f.at = stop;
        f.moved = false;
    }
    if (stop != f.at) return false;
    f.on_text = text;
    f.at_id = ImGui::GetItemID();
    if (!text) f.moved = false;
    // The frame: the accent colour, a little outside the item, so it shows on a field and a box alike.
    const ImVec2 pad(3.0f, 3.0f);
    ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    min.x -= pad.x;
    min.y -= pad.y;
    max.x += pad.x;
    max.y += pad.y;
    ImGui::GetWindowDrawList()->AddRect(min, max, ImGui::GetColorU32(Theme::Accent()), 3.0f, 0, 2.0f);
    return true;
}

bool FocusAsked(const KeyFocus& f) { return ImGui::GetFrameCount() - f.asked_frame <= 1; }

unsigned int FocusedTextField(const KeyFocus& f) { return f.on_text ? f.at_id : 0; }

void EndKeyFocus(KeyFocus& f) {
    ImGui::PopItemFlag();
    f.count = f.next;
    if (f.count > 0 && f.at >= f.count) f.at = f.count - 1;
}

} // namespace rutland::dash
