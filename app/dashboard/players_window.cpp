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
#include "players_window_view.h"
#include "screenshot.h"

namespace rutland::dash {

namespace {

// The text size for a window of w x h (the layout's), never below a size fonts are built at.
float TextSize(int w, int h, int players, bool with_address) {
    return std::max(12.0f, view::LayOutPlayersWindow(static_cast<float>(w), static_cast<float>(h), players, with_address).text_px);
}

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
    glfwShowWindow(m_window);

    m_context = ImGui::CreateContext();  // stays current only inside ContextSwitch
    ContextSwitch to(m_window, m_context);
    glfwSwapInterval(0);  // the broker's window waits for the screen; this one need not wait again
    ImGui::GetIO().IniFilename = nullptr;
    const float size = TextSize(width, height, 4, false);
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

void PlayersWindow::ToggleFullScreen() {
    if (!m_window) return;
    if (!m_full_screen) {
        glfwGetWindowPos(m_window, &m_windowed_x, &m_windowed_y);
        glfwGetWindowSize(m_window, &m_windowed_w, &m_windowed_h);
        GLFWmonitor* monitor = MonitorOf(m_window);
        if (!monitor) return;
        const GLFWvidmode* mode = glfwGetVideoMode(monitor);
        glfwSetWindowMonitor(m_window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
        m_full_screen = true;
    } else {
        glfwSetWindowMonitor(m_window, nullptr, m_windowed_x, m_windowed_y, m_windowed_w, m_windowed_h, 0);
        m_full_screen = false;
    }
}

bool PlayersWindow::Frame(App& app, int players, bool with_address, const std::string& shot, std::string* error) {
    if (!m_window) return false;
    ContextSwitch to(m_window, m_context);
    int w = 0, h = 0;
    glfwGetWindowSize(m_window, &w, &h);
    if (w > 0 && h > 0) {
        // The text follows the window (readable from two metres at any size): the atlas is rebuilt
        // when the size it wants changes; the renderer's texture once it has one.
        const float size = TextSize(w, h, players, with_address);
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
