// Where the dashboard keeps things (XDG Base Directory): games in $XDG_DATA_HOME/rutland
// (default ~/.local/share/rutland), imgui.ini and settings in $XDG_CONFIG_HOME/rutland (default
// ~/.config/rutland). Plain files, read and written here; no window needed to test them.
#pragma once

#include <string>
#include <vector>

namespace rutland::view {

std::string DataDir();    // created on first use
std::string ConfigDir();  // created on first use

struct Settings {
    float font_size = 18.0f;              // Ctrl +/- (pixels of the normal font)
    std::vector<std::string> recent;      // most recent first, at most 10, existing files only
    std::string board = "standard";       // the board of the last new game
    bool learn_board = true;              // ask to check a space's unverified facts at its first landing
    static Settings Load(const std::string& config_dir);
    bool Save(const std::string& config_dir) const;
    void Opened(const std::string& path);  // moves `path` to the front of `recent`
};

// A new game's file name in `dir` from its players and the date: "2026-11-22-ann-bob-cy.rutland",
// with "-2", "-3"... when taken.
std::string NewGamePath(const std::string& dir, const std::vector<std::string>& players, const std::string& date);

} // namespace rutland::view
