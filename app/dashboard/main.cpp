// rutland: the broker's dashboard (GLFW + OpenGL 3 + Dear ImGui). This file owns the window, the
// fonts, the clock and the command line; everything on screen is app.cpp and the open game's screen (game_screen.h). The
// players' window (F11) is players_window.h's, drawn after this window each frame.
//
//   rutland [GAME.rutland]                      open a game (or the start screen without one)
//   rutland [GAME] --script FILE                play a script through the entry line first
//   rutland ... --screenshot OUT.png [--size WxH] [--panel NAME] [--type TEXT] [--f1] [--at N] [--select N]
//               [--players-screenshot OUT2.png [--players-size WxH]]
//                                               render, save a PNG and exit (for tests and the README);
//                                               the players' window too, both drawn each frame
//   rutland [GAME] --exit-after-first-frame     print the ms from main() to the first frame shown, exit
//                                               (the start-up benchmark, bench/)
#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <GLFW/glfw3.h>
#include <GL/gl.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include "app.h"
#include "fonts.h"
#include "input_queue.h"
#include "desk_games.h"
#include "players_window.h"
#include "screenshot.h"
#include "version_text.h"

using namespace rutland;
using namespace rutland::dash;

namespace {

std::string NowUtc() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

// (Re)builds the font atlas (fonts.h) and, once the renderer exists, its texture.
void ReloadFonts(Fonts& fonts, float size, bool backend_ready, const std::string& regular, const std::string& bold) {
    LoadFonts(fonts, size, regular, bold);
    if (backend_ready) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
}

struct Options {
    std::string game;
    std::string script;
    std::string screenshot;
    std::string size = "1600x900";
    std::string players_screenshot;
    std::string players_size = "1920x1080";
    std::string panel;
    std::string type;
    std::optional<int> at;
    std::optional<int> select;
    std::string tab;
    bool table_display = false;
    bool share = false;
    bool f1 = false;
    int frames = 4;
    std::optional<float> font_size;
    std::string font = kDejaVu;
    std::string bold_font = kDejaVuBold;
    bool exit_after_first_frame = false;
    std::string layout_log;
};

// The live window's layout as drawn (the open game's screen says where, game_screen.h LayoutLog)
// with the window's, the framebuffer's and ImGui's idea of its size: one `key value...` a line, for
// tests/dashboard/live_layout.sh. Nothing when the screen does not say.
std::optional<std::string> LayoutLog(GLFWwindow* window, App& app) {
    const std::optional<std::string> screen = app.HasGame() ? app.Screen()->LayoutLog() : std::nullopt;
    if (!screen) return std::nullopt;
    int w = 0, h = 0, fb_w = 0, fb_h = 0;
    glfwGetWindowSize(window, &w, &h);
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    const ImGuiIO& io = ImGui::GetIO();
    return fmt::format("window {} {}\nframebuffer {} {}\ndisplay {:.0f} {:.0f}\nfont {:.0f}\n", w, h, fb_w, fb_h, io.DisplaySize.x,
                       io.DisplaySize.y, ImGui::GetFontSize()) + *screen;
}

// Plays a script through the entry line (session.h invariant 2). The first command line must be the
// game header when there is no game yet; a header matching the open game's is skipped. Returns
// false at the first rejected line (it stays in the entry line, as it would for the broker).
bool PlayScript(App& app, const Options& o, const std::string& game_path) {
    std::ifstream in(o.script);
    if (!in) {
        std::cerr << o.script << ": cannot open the script\n";
        return false;
    }
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (!app.HasGame()) {
            // The header names the game (registry.h GameOfHeader), played on that game's screen
            // (desk_games.h: its own, or the desk every game gets).
            const size_t first = line.find_first_not_of(" \t\r");
            if (first == std::string::npos || line[first] == '#') continue;
            std::string error;
            if (!app.CreateFromHeader(game_path, line, &error)) {
                std::cerr << o.script << ":" << line_no << ": " << error << "\n";
                return false;
            }
            continue;
        }
        // Through the screen's entry line, as typed; a header matching the open game's is skipped.
        std::string error;
        if (!app.Screen()->ScriptLine(line, &error)) {
            std::cerr << o.script << ":" << line_no << ": " << error << "\n";
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    const auto started = std::chrono::steady_clock::now();
    Options o;
    CLI::App cli{"rutland: the broker's dashboard for Big Board Raiders"};
    cli.set_version_flag("--version", view::VersionText("rutland"), "print the version and each game's rules version, and exit");
    cli.add_option("game", o.game, "the game file (.rutland) to open, or to create from --script's header");
    cli.add_option("--script", o.script, "play this table-language script through the entry line first");
    cli.add_option("--screenshot", o.screenshot, "render, save this PNG and exit");
    CLI::Option* size_option = cli.add_option("--size", o.size, "the window's size, WxH (default: 1600x900, or what fits the screen's work area)")
                                   ->capture_default_str();
    cli.add_option("--panel", o.panel, "draw only this panel, filling the window (names: big-board, turn, entry, instructions, "
                                       "players, sec, ledger, year-end, prices, board, table; a desk game's: entry, instructions, "
                                       "state, ledger and its own, Flutter's board, players, round-end, tokens, claims)");
    cli.add_option("--type", o.type, "put this text in the entry line, as if typed (shows the live preview)");
    cli.add_flag("--f1", o.f1, "press F1 once the panels are drawn: the window of the rule the entry line shows (its rejection or warning)");
    cli.add_option("--at", o.at, "time travel: show the state after this entry");
    cli.add_option("--select", o.select, "select this ledger entry (its explanation and diff to now)");
    cli.add_option("--tab", o.tab, "bring this tab of the lower row to the front (players, ledger, year-end, prices, board; "
                                   "at a desk game's, its right column's: Flutter's players, round-end, tokens, claims, ledger)");
    cli.add_flag("--table-display", o.table_display, "open the players' window at start (F11; Shift+F11 full screen)");
    cli.add_option("--players-screenshot", o.players_screenshot, "with --screenshot: open the players' window and save it to this PNG too");
    cli.add_option("--players-size", o.players_size, "the players' window's size, WxH")->capture_default_str();
    cli.add_flag("--share", o.share, "share the game read-only on this computer (127.0.0.1) from the start: the Share panel's switch");
    cli.add_option("--font", o.font, "the regular font (TTF)")->capture_default_str();
    cli.add_option("--bold-font", o.bold_font, "the bold font (TTF)")->capture_default_str();
    cli.add_option("--font-size", o.font_size, "text size in pixels (Ctrl +/- changes it and remembers it)")->check(CLI::Range(10.0f, 48.0f));
    cli.add_flag("--exit-after-first-frame", o.exit_after_first_frame,
                 "exit once the first frame is on screen, printing the ms since main() (start-up benchmark)");
    cli.add_option("--layout-log", o.layout_log, "after each frame that changes it, write where the entry line's last line and "
                                                 "the players' strip are, and what their panels show, to this file (layout tests)");
    cli.add_option("--frames", o.frames, "frames to render before the screenshot")->capture_default_str();
    CLI11_PARSE(cli, argc, argv);
    if (!o.panel.empty() && !AnyScreenHasPanel(o.panel) && !IsDeskPanel(o.panel)) {
        std::cerr << "rutland: no panel '" << o.panel << "'\n";
        return 2;
    }
    int width = 1600, height = 900;
    if (std::sscanf(o.size.c_str(), "%dx%d", &width, &height) != 2 || width < 320 || height < 240) {
        std::cerr << "rutland: --size wants WxH, e.g. 1600x900\n";
        return 2;
    }
    int players_width = 1920, players_height = 1080;
    if (std::sscanf(o.players_size.c_str(), "%dx%d", &players_width, &players_height) != 2 || players_width < 320 || players_height < 240) {
        std::cerr << "rutland: --players-size wants WxH, e.g. 1920x1080\n";
        return 2;
    }
    if (!o.players_screenshot.empty() && o.screenshot.empty()) {
        std::cerr << "rutland: --players-screenshot goes with --screenshot (both windows are saved at the same frame)\n";
        return 2;
    }

    // What a game sets up before any of its files opens (desk_games.h PrepareGames: Big Board
    // Raiders' table's own boards, handed to its core as data).
    PrepareGames();
    const std::string config_dir = view::ConfigDir();
    view::Settings settings = view::Settings::Load(config_dir);
    if (o.font_size) settings.font_size = *o.font_size;
    App app(settings, config_dir, NowUtc, fmt::format("rutland-{}-{}", NowUtc(), getpid()));

    // A script without a game file plays into a fresh file in the temporary directory.
    std::string game_path = o.game;
    std::filesystem::path temp_dir;
    if (game_path.empty() && !o.script.empty()) {
        temp_dir = std::filesystem::temp_directory_path() / fmt::format("rutland-script-{}", getpid());
        std::filesystem::create_directories(temp_dir);
        game_path = (temp_dir / "game.rutland").string();
    }
    // Opening a game verifies every entry (basic_store.h invariant 5). Without a script nothing else needs
    // the game before the first frame, so it is opened beside the window's start-up (GLFW, OpenGL,
    // the font atlas), and waited for just before the first frame. Until then the main thread
    // touches only the app's fonts, never what OpenGame changes.
    std::string open_error;
    std::future<bool> opening;
    const float font_size = app.GetSettings().font_size;
    if (!game_path.empty() && std::filesystem::exists(game_path)) {
        if (o.script.empty()) {
            opening = std::async(std::launch::async, [&] { return app.OpenGame(game_path, &open_error); });
        } else if (!app.OpenGame(game_path, &open_error)) {
            std::cerr << "rutland: " << open_error << "\n";
            return 2;
        }
    } else if (!o.game.empty() && o.script.empty()) {
        std::cerr << "rutland: " << o.game << " does not exist (give --script to create it from a script's header)\n";
        return 2;
    }
    int exit_code = 0;
    if (!o.script.empty() && !PlayScript(app, o, game_path)) exit_code = 1;
    if (!o.script.empty() && !app.HasGame()) {
        std::cerr << "rutland: the script started no game\n";
        return 2;
    }

    glfwSetErrorCallback([](int code, const char* text) { std::cerr << "GLFW error " << code << ": " << text << "\n"; });
    if (!glfwInit()) {
        std::cerr << "rutland: cannot open a window (no display? run under xvfb-run for screenshots)\n";
        return 2;
    }
    // A screen smaller than the default window (a 1366x768 laptop): the window fits the monitor's
    // work area (less its task bar and panels, and a title bar's room), and is maximized there.
    if (size_option->count() == 0 && o.screenshot.empty()) {
        int area_x = 0, area_y = 0, area_w = 0, area_h = 0;
        if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) glfwGetMonitorWorkarea(monitor, &area_x, &area_y, &area_w, &area_h);
        constexpr int kTitleBar = 40;
        if (area_w > 0 && area_h > 0 && (area_w < width || area_h - kTitleBar < height)) {
            width = std::max(320, std::min(width, area_w));
            height = std::max(240, std::min(height, area_h - kTitleBar));
            glfwWindowHint(GLFW_MAXIMIZED, GLFW_TRUE);
        }
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* window = glfwCreateWindow(width, height, "Rutland", nullptr, nullptr);
    glfwWindowHint(GLFW_MAXIMIZED, GLFW_FALSE);  // not the players' window
    if (!window) {
        std::cerr << "rutland: cannot create an OpenGL 3 window\n";
        glfwTerminate();
        return 2;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    const std::string ini = (std::filesystem::path(config_dir) / "imgui.ini").string();
    io.IniFilename = o.screenshot.empty() ? ini.c_str() : nullptr;  // a screenshot never touches the user's layout
    ApplyStyle(font_size);
    ReloadFonts(app.GetFonts(), font_size, false, o.font, o.bold_font);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    InputQueue input;
    input.Install(window);
    ImGui_ImplOpenGL3_Init("#version 130");
    if (opening.valid() && !opening.get()) {
        std::cerr << "rutland: " << open_error << "\n";
        exit_code = 2;
        glfwSetWindowShouldClose(window, GLFW_TRUE);  // no frame: shut down below
    }

    if (!o.type.empty()) app.Type(o.type);
    if (GameScreen* screen = app.Screen()) {
        if (o.at) screen->ViewAt(*o.at);
        if (o.select) screen->Select(*o.select);
        if (!o.tab.empty()) screen->ShowTab(o.tab);
    }
    app.SetPlayersWindowOpen(o.table_display || !o.players_screenshot.empty());
    PlayersWindow players(o.font, o.bold_font);
    // F11 opened or closed it (or its close button was pressed): the players' window follows the
    // app; a screenshot puts it right of the broker's window (the test's screen holds both).
    auto sync_players = [&] {
        if (players.CloseRequested()) app.SetPlayersWindowOpen(false);
        if (app.PlayersWindowOpen() && !players.IsOpen()) {
            std::string error;
            const auto pos = o.screenshot.empty() ? std::nullopt : std::optional<std::pair<int, int>>({width, 0});
            if (!players.Open(window, input, players_width, players_height, pos, &error)) {
                app.SetPlayersWindowOpen(false);
                app.SetStatus(error);
            } else if (!players.Placement().empty()) {
                app.SetStatus(players.Placement());
            }
        } else if (!app.PlayersWindowOpen() && players.IsOpen()) {
            players.Close();
        }
        if (app.TakePlayersFullScreenRequest() && o.screenshot.empty()) {
            std::string why_not;
            if (!players.ToggleFullScreen(window, &why_not)) app.SetStatus(why_not);
        }
    };
    auto players_frame = [&](const std::string& shot, std::string* error) {
        return players.Frame(app, app.SharedWithPhones(), shot, error);
    };
    sync_players();
    if (o.share && app.HasGame()) app.Share(true, false);

    int frame = 0;
    std::string last_layout_log;
    TextTarget text_target = TextTarget::Waiting;
    bool drawn = false;  // the first frame is drawn at once, not after an idle wait for events
    while (!glfwWindowShouldClose(window)) {
        if (o.screenshot.empty() && input.Empty() && drawn && !app.TakeRedrawRequest())
            glfwWaitEventsTimeout(0.25);  // idle when nothing happens; the caret still blinks
        else
            glfwPollEvents();
        drawn = true;
        if (std::optional<float> size = app.TakeFontRequest()) {
            ReloadFonts(app.GetFonts(), *size, true, o.font, o.bold_font);
            ApplyStyle(*size);
            app.GetSettings().font_size = *size;
            app.GetSettings().Save(config_dir);
        }
        input.Feed(text_target);
        app.SetTextWaiting(input.TextWaiting());
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        input.ApplyMouse();
        // A screenshot shows the screen as the broker leaves it, not a tooltip under wherever
        // Xvfb put the pointer.
        if (!o.screenshot.empty()) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        ImGui::NewFrame();
        app.Frame(o.panel);
        // --f1: after the first frame (the preview and its rule are on screen), as if F1 were pressed.
        if (o.f1 && app.HasGame()) {
            app.Screen()->AskRuleWords();
            o.f1 = false;
        }
        if (!o.layout_log.empty()) {
            // Written whole to a temporary file and renamed: a test reading it never sees half.
            std::optional<std::string> now = LayoutLog(window, app);
            if (now && *now != last_layout_log) {
                const std::string temp = o.layout_log + ".tmp";
                std::ofstream(temp) << *now;
                std::filesystem::rename(temp, o.layout_log);
                last_layout_log = std::move(*now);
            }
        }
        ImGui::Render();
        int fb_w = 0, fb_h = 0;
        glfwGetFramebufferSize(window, &fb_w, &fb_h);
        glViewport(0, 0, fb_w, fb_h);
        glClearColor(0.09f, 0.10f, 0.11f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        if (std::optional<std::string> shot = app.TakeScreenshotRequest()) {
            std::string error;
            app.SetStatus(SaveScreenshot(*shot, fb_w, fb_h, &error) ? "Screenshot saved: " + *shot : error);
        }
        if (!o.screenshot.empty() && ++frame >= o.frames) {
            std::string error;
            if (!SaveScreenshot(o.screenshot, fb_w, fb_h, &error)) {
                std::cerr << "rutland: " << error << "\n";
                exit_code = 2;
            } else {
                std::cout << "rutland: wrote " << o.screenshot << " (" << fb_w << "x" << fb_h << ")\n";
            }
            if (!o.players_screenshot.empty()) {
                if (!players.IsOpen()) {
                    std::cerr << "rutland: the players' window is not open: " << (app.HasGame() ? app.Screen()->Status() : std::string()) << "\n";
                    exit_code = 2;
                } else if (!players_frame(o.players_screenshot, &error)) {
                    std::cerr << "rutland: " << error << "\n";
                    exit_code = 2;
                } else {
                    std::cout << "rutland: wrote " << o.players_screenshot << " (the players' window)\n";
                }
            }
            break;
        }
        glfwSwapBuffers(window);
        // The players' window after the broker's, with its own contexts (players_window.h).
        sync_players();
        if (players.IsOpen()) {
            std::string error;
            players_frame({}, &error);
        }
        // Where the next frame's characters go (input_queue.h rule 3): a text field that kept the
        // keyboard to the end of this frame takes them; else they wait while the app gives the
        // entry line the keyboard, or are dropped when nothing can take them.
        const ImGuiContext& g = *ImGui::GetCurrentContext();
        // On the start screen, only the field the keyboard's focus is on (a Tab moves it on at once;
        // ImGui may finish activating the field being left a frame later: key_focus.h).
        const unsigned int wanted = app.TextFieldWanted();
        const bool field_active = g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID && (wanted == 0 || g.ActiveId == wanted);
        text_target = field_active ? TextTarget::Ready : app.TakesText() ? TextTarget::Waiting : TextTarget::None;
        if (app.TakeQuitRequest()) glfwSetWindowShouldClose(window, GLFW_TRUE);
        if (o.exit_after_first_frame) {
            glFinish();
            const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - started;
            std::cout << fmt::format("rutland: first frame after {:.1f} ms", ms.count()) << std::endl;
            break;
        }
    }
    players.Close();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    if (!temp_dir.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(temp_dir, ec);
    }
    return exit_code;
}
