#include "settings.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "new_file.h"

namespace rutland::view {

namespace {

std::string XdgDir(const char* variable, const char* fallback) {
    std::filesystem::path dir;
    if (const char* v = std::getenv(variable); v && *v)
        dir = v;
    else if (const char* home = std::getenv("HOME"); home && *home)
        dir = std::filesystem::path(home) / fallback;
    else
        dir = std::filesystem::temp_directory_path();
    dir /= "rutland";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    return dir.string();
}

} // namespace

std::string DataDir() { return XdgDir("XDG_DATA_HOME", ".local/share"); }
std::string ConfigDir() { return XdgDir("XDG_CONFIG_HOME", ".config"); }

Settings Settings::Load(const std::string& config_dir) {
    Settings s;
    std::ifstream in(std::filesystem::path(config_dir) / "settings.json");
    if (!in) return s;
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (!j.is_object()) return s;
    s.font_size = std::clamp(j.value("font_size", s.font_size), 10.0f, 48.0f);
    if (j.contains("recent") && j["recent"].is_array())
        for (const auto& r : j["recent"])
            if (r.is_string() && std::filesystem::exists(r.get<std::string>())) s.recent.push_back(r.get<std::string>());
    if (j.contains("board") && j["board"].is_string()) s.board = j["board"].get<std::string>();
    if (j.contains("learn_board") && j["learn_board"].is_boolean()) s.learn_board = j["learn_board"].get<bool>();
    return s;
}

bool Settings::Save(const std::string& config_dir) const {
    const std::filesystem::path path = std::filesystem::path(config_dir) / "settings.json";
    const std::filesystem::path tmp = path.string() + ".tmp";
    // Made new, never through a planted link (new_file.h): ConfigDir() may be in a shared $TMPDIR.
    const std::string text =
        nlohmann::json{{"font_size", font_size}, {"recent", recent}, {"board", board}, {"learn_board", learn_board}}.dump(2) + "\n";
    std::string why;
    if (!WriteNewFile(tmp.string(), text, &why)) return false;
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);  // never a half-written settings file
    return !ec;
}

void Settings::Opened(const std::string& path) {
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    recent.erase(std::remove(recent.begin(), recent.end(), absolute), recent.end());
    recent.insert(recent.begin(), absolute);
    if (recent.size() > 10) recent.resize(10);
}

std::string NewGamePath(const std::string& dir, const std::vector<std::string>& players, const std::string& date) {
    std::string stem = date;
    for (const std::string& p : players) {
        stem += '-';
        for (char c : p)
            if (std::isalnum(static_cast<unsigned char>(c))) stem += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    std::filesystem::path path = std::filesystem::path(dir) / (stem + ".rutland");
    for (int n = 2; std::filesystem::exists(path); ++n) path = std::filesystem::path(dir) / (stem + "-" + std::to_string(n) + ".rutland");
    return path.string();
}

} // namespace rutland::view
