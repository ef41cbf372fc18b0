// The players' window: the table display in an OS window of its own, beside
// the broker's, for a second monitor, a projector or a TV. main.cpp opens and closes it as the app
// asks (F11) and draws it after the broker's window each frame.
//
// Invariants (Dear ImGui 1.86 and GLFW with two windows):
//   1. It has its own ImGui context, its own GLFW and OpenGL3 backend instances (1.86 keeps their
//      data in the context) and its own OpenGL context, not shared: its font atlas is its own,
//      built at a size that follows the window (the open game's, GameScreen::PlayersTextPx), so it never touches
//      the broker's atlas or texture.
//   2. Its backend installs no callbacks: its keys and characters go into the broker's input
//      queue (InputQueue::Forward), so a key typed while it has the focus (a window manager may
//      give it the focus when it opens) reaches the entry line like any other, in order. Its
//      pointer and buttons are not used: nothing in it is clickable.
//   3. It opens without taking the focus, on another monitor than the broker's when there is one.
//   4. Frame() leaves the broker's ImGui and OpenGL contexts current, as it found them: events are
//      polled and the broker's frame drawn with those.
//   5. With one screen it never covers the broker's window: it opens beside it where the work area
//      has room, else behind it (the broker's window is raised over it), and full screen is
//      refused on the screen the broker's window is on.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "fonts.h"

struct GLFWwindow;
struct ImGuiContext;

namespace rutland::dash {

class App;
class InputQueue;

class PlayersWindow {
public:
    PlayersWindow(std::string font, std::string bold_font) : m_font(std::move(font)), m_bold_font(std::move(bold_font)) {}
    ~PlayersWindow() { Close(); }
    PlayersWindow(const PlayersWindow&) = delete;
    PlayersWindow& operator=(const PlayersWindow&) = delete;

    // Opens it at `width` x `height`, at `pos` when given (screenshots), else on a monitor other
    // than `main`'s when there is one. Its keys go to `input` (invariant 2).
    bool Open(GLFWwindow* main, InputQueue& input, int width, int height, std::optional<std::pair<int, int>> pos, std::string* error);
    void Close();
    bool IsOpen() const { return m_window != nullptr; }
    // Its close button was pressed.
    bool CloseRequested() const;
    // Full screen on the monitor it is on (the one holding its middle), or back to the window it was;
    // false and *why_not when that monitor is the broker's (invariant 5).
    bool ToggleFullScreen(GLFWwindow* main, std::string* why_not);
    // Where Open put it when the broker has one screen (beside or behind), in words; "" otherwise.
    const std::string& Placement() const { return m_placement; }
    // Draws one frame of app.FramePlayers; saves it to `shot` when given (false and *error when
    // that fails). The open game sizes its text for the window (App::PlayersTextPx), with the
    // shared game's address in it when `with_address`.
    bool Frame(App& app, bool with_address, const std::string& shot, std::string* error);

private:
    std::string m_font, m_bold_font;
    GLFWwindow* m_window = nullptr;
    ImGuiContext* m_context = nullptr;
    Fonts m_fonts;
    bool m_drawn = false;               // its renderer made its objects (the first NewFrame)
    bool m_full_screen = false;
    std::string m_placement;
    int m_windowed_x = 0, m_windowed_y = 0, m_windowed_w = 0, m_windowed_h = 0;
};

} // namespace rutland::dash
