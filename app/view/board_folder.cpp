#include "board_folder.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace rutland::view {

namespace fs = std::filesystem;

namespace {

// "1,048,576": a byte count as the table reads one.
std::string Grouped(uint64_t n) {
    std::string digits = std::to_string(n);
    for (size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, 1, ',');
    return digits;
}

} // namespace

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

std::optional<std::string> ReadBoardFile(const std::string& path, std::string* why) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(path, ec);
    if (ec) {
        *why = fmt::format("cannot read it: {}", ec.message());
        return std::nullopt;
    }
    if (size > kMaxBoardFileBytes) {
        *why = fmt::format("the board file is {} bytes, over the limit of {} bytes for a board (kMaxBoardFileBytes); "
                           "nothing of it was read", Grouped(size), Grouped(kMaxBoardFileBytes));
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
