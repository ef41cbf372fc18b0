// The keyboard and the mouse buttons, one frame at a time. Dear ImGui 1.86 reads keys and buttons
// as "down" states once a frame and drops the typed characters no text field took by the end of
// the frame, so a fast typist (or xdotool at 25 ms a key) loses keys: a key pressed and released
// between two frames is never seen down; "zzz" Enter "abc" arriving in one frame reaches the field
// as "zzzabc" before Enter is seen; characters typed while the entry line is being given back the
// keyboard (after Enter, a click, a modal, Esc) fall on no field; and a click read as a state, not
// an event, lands in the middle of keys typed before it, where the pointer is by then (two quick
// clicks at two places become a double click at the second). So GLFW's key, character, pointer
// and mouse button events are queued here, in the order they came, and handed to ImGui a frame's share at a time:
//   1. A command key (Enter, Esc, Tab, arrows, Backspace, F-keys, anything with Ctrl or Alt), a
//      mouse button or a Ctrl/Alt/Super modifier changes state at most once a frame, and a command
//      key's press or a button's press ends the frame's share: Ctrl stays down for the Q of Ctrl+Q
//      even when xdotool lets go of Ctrl first. Letters, digits and Shift flow freely: the field
//      reads the characters, not their keys. While no text field has the keyboard, Space
//      changes state at most once a frame too: a check box with the keyboard's focus reads its press.
//   2. Characters never come after a command key or a click in the same frame: what was typed
//      before Enter is submitted, what came after it waits for the next line.
//   3. Characters, and the keys a text field reads (Enter, Tab, Backspace, arrows...), wait in
//      order and with everything behind them until a text field has the keyboard
//      (TextTarget::Waiting); when no field can take text (a read-only game, one panel's screenshot)
//      characters are dropped, so they never block the keys behind them, and those keys go to the
//      app. A question (the board check, the undo confirm: games/big-board-raiders/view/question.h) and time travel
//      are no such case: the entry line keeps the keyboard, so nothing typed then is dropped.
//   4. The window losing the focus is an event in the queue too, handed over in its place: ImGui
//      forgets the keys held down at the next frame (so Ctrl does not stay down after Alt+Tab),
//      which would also forget a key pressed in that frame, so it never shares a frame with a key
//      or a click. The focus moving between the broker's window and the players' window (a loss
//      followed by a gain, Forward) is no loss: the keys held go on arriving here.
// Nothing is reordered and nothing is dropped except by rule 3's last case.
#pragma once

#include <array>
#include <deque>

struct GLFWwindow;

namespace rutland::dash {

enum class TextTarget {
    Ready,    // a text field had the keyboard at the end of the last frame
    Waiting,  // one is being given it (the app focuses the entry line): characters wait
    None,     // no field can take text now: characters are dropped
};

class InputQueue {
public:
    // Installs the key, character and mouse button callbacks (after ImGui_ImplGlfw_InitForOpenGL,
    // whose handlers these feed).
    void Install(GLFWwindow* window);
    // Queues `other`'s keys and characters too, as if typed in the installed window (the players'
    // window: whichever window has the focus, no key the broker types is lost; its pointer and
    // buttons are not taken). Its user pointer becomes this queue.
    void Forward(GLFWwindow* other);
    // Hands ImGui this frame's share of the queue (call before ImGui_ImplGlfw_NewFrame).
    void Feed(TextTarget target);
    // The pointer and the mouse buttons as fed, over what the backend read from GLFW's live state
    // (call after ImGui_ImplGlfw_NewFrame, before ImGui::NewFrame).
    void ApplyMouse() const;
    bool Empty() const { return m_events.empty(); }
    // Characters (or keys a field reads) are waiting at the head of the queue for a text field.
    bool TextWaiting() const;

    // GLFW's callbacks (public for the C callbacks; they only queue).
    void OnKey(int key, int scancode, int action, int mods);
    void OnChar(unsigned int codepoint);
    void OnMouseButton(int button, int action, int mods);
    void OnCursor(double x, double y);
    void OnFocus(bool focused);

private:
    enum class Kind { Key, Char, Mouse, Cursor, Focus };
    struct Event {
        Kind kind = Kind::Key;
        int key = 0, scancode = 0, action = 0, mods = 0;  // key or button; action: focused (Focus)
        unsigned int codepoint = 0;
        double x = 0, y = 0;                               // the pointer
    };
    GLFWwindow* m_window = nullptr;
    std::deque<Event> m_events;
    int m_waited_frames = 0;          // frames the head has waited for a field (a bound: rule 3)
    std::array<bool, 5> m_button_down{};   // the buttons as fed
    std::array<bool, 5> m_button_press{};  // pressed this frame (a click shorter than a frame still counts)
    bool m_cursor_known = false;
    double m_cursor_x = 0, m_cursor_y = 0;  // the pointer as fed
};

} // namespace rutland::dash
