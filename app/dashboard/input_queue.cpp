#include "input_queue.h"

#include <algorithm>
#include <cfloat>
#include <vector>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

namespace rutland::dash {

namespace {

// After this many frames with the head waiting and still no field taking it, the wait ends (rule
// 3): the app gives the entry line the keyboard within two frames when it can.
constexpr int kMaxWaitFrames = 30;

bool IsModifier(int key) { return key >= GLFW_KEY_LEFT_SHIFT && key <= GLFW_KEY_RIGHT_SUPER; }
bool IsShift(int key) { return key == GLFW_KEY_LEFT_SHIFT || key == GLFW_KEY_RIGHT_SHIFT; }

// Enter, Esc, Tab, arrows, Backspace, F-keys..., or any key with Ctrl, Alt or Super (rule 1).
bool IsCommandKey(int key, int mods) {
    return !IsModifier(key) && (key >= GLFW_KEY_ESCAPE || (mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) != 0);
}

// Keys a text field reads (rule 3 holds them behind waiting characters, and until a field has the
// keyboard when one is being given it: an Enter right after a click still submits the line).
bool IsEditingKey(int key, int mods) {
    if (mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) return false;
    switch (key) {
        case GLFW_KEY_ENTER: case GLFW_KEY_KP_ENTER: case GLFW_KEY_TAB: case GLFW_KEY_BACKSPACE: case GLFW_KEY_DELETE:
        case GLFW_KEY_LEFT: case GLFW_KEY_RIGHT: case GLFW_KEY_UP: case GLFW_KEY_DOWN: case GLFW_KEY_HOME: case GLFW_KEY_END:
            return true;
        default:
            return false;
    }
}

InputQueue* QueueOf(GLFWwindow* window) { return static_cast<InputQueue*>(glfwGetWindowUserPointer(window)); }

void KeyCallback(GLFWwindow* window, int key, int scancode, int action, int mods) {
    QueueOf(window)->OnKey(key, scancode, action, mods);
}
void CharCallback(GLFWwindow* window, unsigned int codepoint) { QueueOf(window)->OnChar(codepoint); }
void MouseButtonCallback(GLFWwindow* window, int button, int action, int mods) {
    QueueOf(window)->OnMouseButton(button, action, mods);
}
void CursorCallback(GLFWwindow* window, double x, double y) { QueueOf(window)->OnCursor(x, y); }
void FocusCallback(GLFWwindow* window, int focused) { QueueOf(window)->OnFocus(focused != 0); }

} // namespace

void InputQueue::Install(GLFWwindow* window) {
    m_window = window;
    glfwSetWindowUserPointer(window, this);
    // These replace the backend's: Feed() hands keys and characters to the backend's handlers,
    // and the buttons straight to ImGui (ApplyMouseButtons).
    glfwSetKeyCallback(window, KeyCallback);
    glfwSetCharCallback(window, CharCallback);
    glfwSetMouseButtonCallback(window, MouseButtonCallback);
    glfwSetCursorPosCallback(window, CursorCallback);
    glfwSetWindowFocusCallback(window, FocusCallback);  // rule 4 (the backend's called io.AddFocusEvent at once)
}

void InputQueue::Forward(GLFWwindow* other) {
    glfwSetWindowUserPointer(other, this);
    glfwSetKeyCallback(other, KeyCallback);
    glfwSetCharCallback(other, CharCallback);
    glfwSetWindowFocusCallback(other, FocusCallback);
}

void InputQueue::OnKey(int key, int scancode, int action, int mods) {
    if (action == GLFW_REPEAT) return;  // ImGui makes its own repeats from the time a key is down
    m_events.push_back(Event{Kind::Key, key, scancode, action, mods, 0, 0, 0});
}

void InputQueue::OnChar(unsigned int codepoint) { m_events.push_back(Event{Kind::Char, 0, 0, 0, 0, codepoint, 0, 0}); }

void InputQueue::OnMouseButton(int button, int action, int mods) {
    if (button < 0 || button >= static_cast<int>(m_button_down.size())) return;
    m_events.push_back(Event{Kind::Mouse, button, 0, action, mods, 0, 0, 0});
}

void InputQueue::OnCursor(double x, double y) { m_events.push_back(Event{Kind::Cursor, 0, 0, 0, 0, 0, x, y}); }

void InputQueue::OnFocus(bool focused) { m_events.push_back(Event{Kind::Focus, 0, 0, focused ? 1 : 0, 0, 0, 0, 0}); }

bool InputQueue::TextWaiting() const {
    if (m_events.empty()) return false;
    const Event& e = m_events.front();
    return e.kind == Kind::Char || (e.kind == Kind::Key && e.action == GLFW_PRESS && IsEditingKey(e.key, e.mods));
}

void InputQueue::Feed(TextTarget target) {
    m_button_press.fill(false);
    if (target != TextTarget::Waiting || !TextWaiting()) m_waited_frames = 0;
    if (target == TextTarget::Waiting && TextWaiting() && ++m_waited_frames > kMaxWaitFrames) target = TextTarget::None;
    std::vector<int> changed;  // command keys, Ctrl/Alt/Super and buttons (as -1 - button) changed this frame (rule 1)
    bool text_fed = false, ended = false;
    bool fed_any = false;  // a key, a character or a button went to ImGui this frame (rule 4)
    while (!m_events.empty() && !ended) {
        const Event& e = m_events.front();
        switch (e.kind) {
            case Kind::Char:
                if (target == TextTarget::Waiting) return;  // rule 3: it waits, and so does all behind it
                if (target == TextTarget::Ready) {
                    ImGui_ImplGlfw_CharCallback(m_window, e.codepoint);
                    text_fed = fed_any = true;
                }
                break;  // (TextTarget::None: dropped)
            case Kind::Focus:
                if (e.action == 0) {
                    // Rule 4: to the other Rutland window (a gain right behind), no loss at all.
                    if (m_events.size() > 1 && m_events[1].kind == Kind::Focus && m_events[1].action == 1) {
                        m_events.pop_front();
                        break;
                    }
                    if (fed_any) return;  // not in a frame with a key or a click: the next one
                    ImGui_ImplGlfw_WindowFocusCallback(m_window, 0);
                    ended = true;
                } else {
                    ImGui_ImplGlfw_WindowFocusCallback(m_window, 1);
                }
                break;
            case Kind::Cursor:
                m_cursor_known = true;
                m_cursor_x = e.x;
                m_cursor_y = e.y;
                break;
            case Kind::Mouse: {
                const int id = -1 - e.key;
                if (std::find(changed.begin(), changed.end(), id) != changed.end()) return;  // rule 1
                if (e.action == GLFW_PRESS && text_fed) return;                            // rule 2
                changed.push_back(id);
                fed_any = true;
                m_button_down[static_cast<size_t>(e.key)] = e.action == GLFW_PRESS;
                if (e.action == GLFW_PRESS) {
                    m_button_press[static_cast<size_t>(e.key)] = true;
                    ended = true;
                }
                break;
            }
            case Kind::Key: {
                const bool command = IsCommandKey(e.key, e.mods);
                // Space too while no text field has the keyboard: it ticks the start screen's focused
                // box (key_focus.h), read as a key (in a field it is a character, and flows).
                const bool once = command || (IsModifier(e.key) && !IsShift(e.key)) ||
                                  (e.key == GLFW_KEY_SPACE && target != TextTarget::Ready);
                if (once && std::find(changed.begin(), changed.end(), e.key) != changed.end()) return;  // rule 1
                if (command && e.action == GLFW_PRESS && text_fed) return;                             // rule 2
                if (target == TextTarget::Waiting && e.action == GLFW_PRESS && IsEditingKey(e.key, e.mods)) return;  // rule 3
                ImGui_ImplGlfw_KeyCallback(m_window, e.key, e.scancode, e.action, e.mods);
                fed_any = true;
                if (once) changed.push_back(e.key);
                if (command && e.action == GLFW_PRESS) ended = true;
                break;
            }
        }
        m_events.pop_front();
    }
}

void InputQueue::ApplyMouse() const {
    ImGuiIO& io = ImGui::GetIO();
    if (m_cursor_known && io.MousePos.x > -FLT_MAX) io.MousePos = ImVec2(static_cast<float>(m_cursor_x), static_cast<float>(m_cursor_y));
    for (size_t i = 0; i < m_button_down.size(); ++i) io.MouseDown[i] = m_button_down[i] || m_button_press[i];
}

} // namespace rutland::dash
