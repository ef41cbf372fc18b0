// Row 5: the dashboard's CPU time per frame, headless. An ImGui context with the dashboard's fonts
// and style (fonts.h) and a 1600x900 display, no window and no renderer: each iteration is
// NewFrame, App::Frame (the whole dashboard) and Render (the draw lists a GPU would get).
#include <filesystem>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <imgui.h>

#include "app.h"
#include "bench_games.h"
#include "fonts.h"
#include "host/registry.h"

namespace rutland::bench {
namespace {

class HeadlessImGui {
public:
    explicit HeadlessImGui(dash::App& app) {
        m_context = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1600.0f, 900.0f);
        io.DeltaTime = 1.0f / 60.0f;
        dash::ApplyStyle(app.GetSettings().font_size);
        dash::LoadFonts(app.GetFonts(), app.GetSettings().font_size);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas, as a renderer would
    }
    ~HeadlessImGui() { ImGui::DestroyContext(m_context); }
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;

private:
    ImGuiContext* m_context;
};

void DrawOneFrame(dash::App& app) {
    ImGui::NewFrame();
    app.Frame();
    ImGui::Render();
}

void BM_DashboardFrame(benchmark::State& state) {
    const int entries = static_cast<int>(state.range(0));
    const std::string path = CopyOfGameFile(entries, fmt::format("dashboard-{}", entries));
    const std::string config = WorkDir() + "/config";
    dash::App app(view::Settings{}, config, [] { return std::string("2024-01-02T00:00:00Z"); }, "bench-dashboard");
    std::string error;
    if (!app.OpenGame(path, &error)) {
        state.SkipWithError(("cannot open the bench game: " + error).c_str());
        return;
    }
    HeadlessImGui imgui(app);
    for (int i = 0; i < 4; ++i) DrawOneFrame(app);  // the first frames lay out windows and fill caches
    for (auto _ : state) DrawOneFrame(app);
    const ImDrawData* draw = ImGui::GetDrawData();
    state.counters["vertices"] = draw ? draw->TotalVtxCount : 0;
}
BENCHMARK(BM_DashboardFrame)->Arg(1'000)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMicrosecond);

// The desk every game gets (dashboard/desk.h), on a toy game of N entries played through the
// desk's own entry line (host_desk.h): the same frame, for a game with no panels of its own.
void BM_DeskFrame(benchmark::State& state) {
    const int entries = static_cast<int>(state.range(0));
    const std::string path = WorkDir() + fmt::format("/desk-{}.rutland", entries);
    std::filesystem::remove(path);
    const std::string config = WorkDir() + "/config";
    dash::App app(view::Settings{}, config, [] { return std::string("2024-01-02T00:00:00Z"); }, "bench-desk");
    const host::GameDefinition* toy = host::FindGame("toy");
    std::string error;
    if (!toy || !app.CreateDeskGame(path, *toy, toy->read("game toy players=Ann,Bob,Cy", true), &error)) {
        state.SkipWithError(("cannot create the toy game: " + error).c_str());
        return;
    }
    constexpr const char* kLines[] = {"add Ann 3", "add Bob 2", "give Ann Cy 1", "give Bob Ann 1"};
    for (int i = 0; i + 1 < entries; ++i) app.GetDesk()->Enter(kLines[i % 4]);  // each accepted: Ann adds first
    HeadlessImGui imgui(app);
    for (int i = 0; i < 4; ++i) DrawOneFrame(app);
    for (auto _ : state) DrawOneFrame(app);
    const ImDrawData* draw = ImGui::GetDrawData();
    state.counters["vertices"] = draw ? draw->TotalVtxCount : 0;
    state.counters["entries"] = app.GetDesk()->Game().Size();
}
BENCHMARK(BM_DeskFrame)->Arg(100)->Arg(2'000)->Unit(benchmark::kMicrosecond);

// The desk with a game's own panel (desk_games.h): Flutter, whose board (six lanes of 26 holes, the
// pegs, the prices and labels, games/flutter/panels/flutter_board.cpp) is drawn in its side slot
// every frame, after the pegs were moved.
void BM_FlutterDeskFrame(benchmark::State& state) {
    const std::string path = WorkDir() + "/desk-flutter.rutland";
    std::filesystem::remove(path);
    const std::string config = WorkDir() + "/config";
    dash::App app(view::Settings{}, config, [] { return std::string("2024-01-02T00:00:00Z"); }, "bench-flutter-desk");
    const host::GameDefinition* flutter = host::FindGame("flutter");
    std::string error;
    if (!flutter || !app.CreateDeskGame(path, *flutter, flutter->read("game flutter players=Ann,Bob", true), &error)) {
        state.SkipWithError(("cannot create the Flutter game: " + error).c_str());
        return;
    }
    for (const char* line : {"peg W price=150 traveller=L18", "peg B price=60", "peg G traveller=L23"}) app.GetDesk()->Enter(line);
    HeadlessImGui imgui(app);
    for (int i = 0; i < 4; ++i) DrawOneFrame(app);
    for (auto _ : state) DrawOneFrame(app);
    const ImDrawData* draw = ImGui::GetDrawData();
    state.counters["vertices"] = draw ? draw->TotalVtxCount : 0;
    state.counters["entries"] = app.GetDesk()->Game().Size();
}
BENCHMARK(BM_FlutterDeskFrame)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace rutland::bench
