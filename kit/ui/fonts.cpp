#include "fonts.h"

#include <cmath>
#include <filesystem>

#include <imgui.h>

namespace rutland::dash {

namespace {

// Latin-1, general punctuation (dashes, ellipsis), arrows, the check mark and the ballot box.
constexpr ImWchar kGlyphs[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF, 0x2713, 0x2718, 0x25A0, 0x25CF, 0};

} // namespace

void LoadFonts(Fonts& fonts, float size, const std::string& regular, const std::string& bold_path) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    fonts.size = size;
    fonts.normal = fonts.large = fonts.huge = nullptr;
    fonts.dejavu = std::filesystem::exists(regular);
    if (fonts.dejavu) {
        const char* bold = std::filesystem::exists(bold_path) ? bold_path.c_str() : regular.c_str();
        fonts.normal = io.Fonts->AddFontFromFileTTF(regular.c_str(), size, nullptr, kGlyphs);
        fonts.large = io.Fonts->AddFontFromFileTTF(bold, std::round(size * 1.33f), nullptr, kGlyphs);
        fonts.huge = io.Fonts->AddFontFromFileTTF(bold, std::round(size * 2.6f), nullptr, kGlyphs);
    }
    if (!fonts.normal || !fonts.large || !fonts.huge) {
        fonts.dejavu = false;
        io.Fonts->Clear();
        ImFontConfig config;
        config.SizePixels = 13.0f;
        fonts.normal = io.Fonts->AddFontDefault(&config);
        config.SizePixels = 20.0f;
        fonts.large = io.Fonts->AddFontDefault(&config);
        config.SizePixels = 34.0f;
        fonts.huge = io.Fonts->AddFontDefault(&config);
    }
    io.FontDefault = fonts.normal;
}

void ApplyStyle(float size) {
    ImGuiStyle& style = ImGui::GetStyle();
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 0.0f;
    style.ChildRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.ItemSpacing = ImVec2(std::round(size * 0.45f), std::round(size * 0.3f));
    style.WindowPadding = ImVec2(std::round(size * 0.5f), std::round(size * 0.5f));
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.11f, 1.0f);
    style.Colors[ImGuiCol_ChildBg] = ImVec4(0.12f, 0.13f, 0.15f, 1.0f);
}

} // namespace rutland::dash
