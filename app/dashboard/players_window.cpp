#include "players_window.h"

#include <algorithm>
#include <cmath>

#include <GLFW/glfw3.h>
#include <GL/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include "app.h"
#include "fonts.h"
#include "input_queue.h"
#include "screenshot.h"

namespace rutland::dash {

namespace {

// The text size for a window of w x h (the open game's, game_screen.h), never below a size fonts are built at.
float TextSize(float text_px) { return std::max(12.0f, text_px); }

struct MonitorRect {
    GLFWmonitor* monitor = nullptr;
    int x = 0, y = 0, w = 0, h = 0;
};

MonitorRect RectOf(GLFWmonitor* m) {
    MonitorRect r{m};
    glfwGetMonitorPos(m, &r.x, &r.y);
    if (const GLFWvidmode* mode = glfwGetVideoMode(m)) {
        r.w = mode->width;
        r.h = mode->height;
    }
    return r;
}

struct Rect {
    int x = 0, y = 0, w = 0, h = 0;
};

// What a window manager leaves windows on a monitor (not the panels, the task bar).
Rect WorkArea(GLFWmonitor* m) {
    Rect r;
    glfwGetMonitorWorkarea(m, &r.x, &r.y, &r.w, &r.h);
    if (r.w <= 0 || r.h <= 0) {
        const MonitorRect whole = RectOf(m);
        r = {whole.x, whole.y, whole.w, whole.h};
    }
    return r;
}

int InnerWidth(GLFWwindow* w) {
    int width = 0, height = 0;
    glfwGetWindowSize(w, &width, &height);
    return width;
}

int InnerHeight(GLFWwindow* w) {
    int width = 0, height = 0;
    glfwGetWindowSize(w, &width, &height);
    return height;
}

// The window with its frame (the title bar and borders a window manager draws, if any).
Rect OuterRect(GLFWwindow* w) {
    Rect r;
    glfwGetWindowPos(w, &r.x, &r.y);
    glfwGetWindowSize(w, &r.w, &r.h);
    int left = 0, top = 0, right = 0, bottom = 0;
    glfwGetWindowFrameSize(w, &left, &top, &right, &bottom);
    return {r.x - left, r.y - top, r.w + left + right, r.h + top + bottom};
}

// A players' window narrower than this is not worth placing beside the broker's: behind instead.
constexpr int kLeastBesideWidth = 480;

// The monitor holding the window's middle; else the primary one.
GLFWmonitor* MonitorOf(GLFWwindow* window) {
    int x = 0, y = 0, w = 0, h = 0;
    glfwGetWindowPos(window, &x, &y);
    glfwGetWindowSize(window, &w, &h);
    const int cx = x + w / 2, cy = y + h / 2;
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    for (int i = 0; i < count; ++i) {
        const MonitorRect r = RectOf(monitors[i]);
        if (cx >= r.x && cx < r.x + r.w && cy >= r.y && cy < r.y + r.h) return monitors[i];
    }
    return glfwGetPrimaryMonitor();
}

// Switches to a window's ImGui and OpenGL contexts for a scope, and back (invariant 4).
class ContextSwitch {
public:
    ContextSwitch(GLFWwindow* window, ImGuiContext* context) : m_gl(glfwGetCurrentContext()), m_imgui(ImGui::GetCurrentContext()) {
        glfwMakeContextCurrent(window);
        ImGui::SetCurrentContext(context);
    }
    ~ContextSwitch() {
        glfwMakeContextCurrent(m_gl);
        ImGui::SetCurrentContext(m_imgui);
    }
    ContextSwitch(const ContextSwitch&) = delete;
    ContextSwitch& operator=(const ContextSwitch&) = delete;

private:
    GLFWwindow* m_gl;
    ImGuiContext* m_imgui;
};

} // namespace

bool PlayersWindow::Open(GLFWwindow* main, InputQueue& input, int width, int height, std::optional<std::pair<int, int>> pos,
                         std::string* error) {
    if (m_window) return true;
    // Invariant 3: on another monitor than the broker's when there is one, at most its size.
    std::optional<MonitorRect> other;
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    GLFWmonitor* broker = MonitorOf(main);
    for (int i = 0; i < count && !pos; ++i)
        if (monitors[i] != broker) {
            other = RectOf(monitors[i]);
            width = std::min(width, other->w);
            height = std::min(height, other->h);
            break;
        }
    // Invariant 5: one screen. Beside the broker's window where its work area has room for a
    // useful one, else behind it (the broker's window raised again once it shows).
    m_placement.clear();
    std::optional<std::pair<int, int>> beside;
    bool behind = false;
    if (!pos && !other && broker) {
        const Rect area = WorkArea(broker);
        const Rect b = OuterRect(main);
        const int right = area.x + area.w - (b.x + b.w), left = b.x - area.x;
        const int room = std::max(right, left);
        const int frame_h = b.h - InnerHeight(main);  // the title bar, where a window manager draws one
        if (room >= kLeastBesideWidth) {
            width = std::min(width, room - (b.w - InnerWidth(main)));
            height = std::min(height, area.h - frame_h);
            beside = {right >= left ? b.x + b.w + (b.w - InnerWidth(main)) / 2 : area.x + (b.w - InnerWidth(main)) / 2,
                      area.y + frame_h};
            m_placement = "The players' window opened beside this one (one screen): drag it to the TV or projector.";
        } else {
            width = std::min(width, area.w);
            height = std::min(height, std::max(240, area.h - frame_h));
            behind = true;
            m_placement = "The players' window opened behind this one (one screen): drag it to the TV or projector "
                          "(Alt+Tab reaches it); the keys stay here.";
        }
    }
    glfwWindowHint(GLFW_FOCUSED, GLFW_FALSE);
    glfwWindowHint(GLFW_FOCUS_ON_SHOW, GLFW_FALSE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);  // shown once placed
    m_window = glfwCreateWindow(width, height, "Rutland players", nullptr, nullptr);  // invariant 1: no sharing
    glfwWindowHint(GLFW_FOCUSED, GLFW_TRUE);
    glfwWindowHint(GLFW_FOCUS_ON_SHOW, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);
    if (!m_window) {
        *error = "cannot open the players' window (OpenGL 3)";
        return false;
    }
    if (pos) glfwSetWindowPos(m_window, pos->first, pos->second);
    else if (other) glfwSetWindowPos(m_window, other->x + (other->w - width) / 2, other->y + (other->h - height) / 2);
    else if (beside) glfwSetWindowPos(m_window, beside->first, beside->second);
    glfwShowWindow(m_window);
    // Shown windows stack on top: the broker's goes back over it (it keeps the keys, invariant 2).
    if (behind) glfwFocusWindow(main);

    m_context = ImGui::CreateContext();  // stays current only inside ContextSwitch
    ContextSwitch to(m_window, m_context);
    glfwSwapInterval(0);  // the broker's window waits for the screen; this one need not wait again
    ImGui::GetIO().IniFilename = nullptr;
    // Before its first frame, four seats: the frame sizes it for the open game.
    const float size = TextSize(PlayersTextPxFor(static_cast<float>(width), static_cast<float>(height), 4));
    LoadFonts(m_fonts, size, m_font, m_bold_font);
    ApplyStyle(size);
    ImGui_ImplGlfw_InitForOpenGL(m_window, false);  // invariant 2: no callbacks of its own
    ImGui_ImplOpenGL3_Init("#version 130");
    input.Forward(m_window);
    m_drawn = false;
    m_full_screen = false;
    return true;
}

void PlayersWindow::Close() {
    if (!m_window) return;
    {
        ContextSwitch to(m_window, m_context);
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext(m_context);  // the switch back makes the broker's current again
    }
    glfwDestroyWindow(m_window);
    m_window = nullptr;
    m_context = nullptr;
}

bool PlayersWindow::CloseRequested() const { return m_window && glfwWindowShouldClose(m_window); }

bool PlayersWindow::ToggleFullScreen(GLFWwindow* main, std::string* why_not) {
    if (!m_window) return false;
    if (!m_full_screen) {
        // Invariant 5: full screen on the broker's only screen would cover the entry line while
        // the keys still go to it.
        if (MonitorOf(m_window) == MonitorOf(main)) {
            *why_not = "Shift+F11: the players' window is on this screen; full screen would hide the entry line. "
                       "Drag it to the TV or second monitor first.";
            return false;
        }
        glfwGetWindowPos(m_window, &m_windowed_x, &m_windowed_y);
        glfwGetWindowSize(m_window, &m_windowed_w, &m_windowed_h);
        GLFWmonitor* monitor = MonitorOf(m_window);
        if (!monitor) return true;
        const GLFWvidmode* mode = glfwGetVideoMode(monitor);
        glfwSetWindowMonitor(m_window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
        m_full_screen = true;
    } else {
        glfwSetWindowMonitor(m_window, nullptr, m_windowed_x, m_windowed_y, m_windowed_w, m_windowed_h, 0);
        m_full_screen = false;
    }
    return true;
}

bool PlayersWindow::Frame(App& app, bool with_address, const std::string& shot, std::string* error) {
    if (!m_window) return false;
    ContextSwitch to(m_window, m_context);
    int w = 0, h = 0;
    glfwGetWindowSize(m_window, &w, &h);
    if (w > 0 && h > 0) {
        // The text follows the window (readable from two metres at any size): the atlas is rebuilt
        // when the size it wants changes; the renderer's texture once it has one.
        const float size = TextSize(app.PlayersTextPx(static_cast<float>(w), static_cast<float>(h), with_address));
        if (size != m_fonts.size) {
            LoadFonts(m_fonts, size, m_font, m_bold_font);
            ApplyStyle(size);
            if (m_drawn) {
                ImGui_ImplOpenGL3_DestroyFontsTexture();
                ImGui_ImplOpenGL3_CreateFontsTexture();
            }
        }
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    m_drawn = true;
    ImGui::NewFrame();
    app.FramePlayers(m_fonts);
    ImGui::Render();
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(m_window, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.09f, 0.10f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    bool ok = true;
    if (!shot.empty()) ok = SaveScreenshot(shot, fb_w, fb_h, error);
    glfwSwapBuffers(m_window);
    return ok;
}

} // namespace rutland::dash
