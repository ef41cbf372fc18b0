#include "board_folder.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "display_text.h"

namespace rutland::view {

namespace fs = std::filesystem;

std::string BoardFolder() {
    fs::path dir;
    if (const char* v = std::getenv("XDG_DATA_HOME"); v && *v)
        dir = v;
    else if (const char* home = std::getenv("HOME"); home && *home)
        dir = fs::path(home) / ".local/share";
    else
        dir = fs::temp_directory_path();
    return (dir / "rutland" / "boards").string();  // created by the first board written
}

std::optional<std::string> ReadBoardFile(const std::string& path, std::string* why, uint64_t limit,
                                         std::string_view limit_name) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(path, ec);
    if (ec) {
        *why = fmt::format("cannot read it: {}", ec.message());
        return std::nullopt;
    }
    if (size > limit) {
        *why = fmt::format("the board file is {} bytes, over the limit of {} bytes for a board ({}); nothing of it was read",
                           GroupedCount(size), GroupedCount(limit), limit_name);
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *why = "cannot read it";
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace rutland::view
