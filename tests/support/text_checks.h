// Small helpers the doctest suites share. They live here once, not in each test file's anonymous
// namespace: the suites are unity builds (tests/CMakeLists.txt), where every file of a batch is one
// translation unit, so two files' helpers of the same name would collide or, worse, overload.
#pragma once

#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

namespace rutland::test {

// Whether `part` occurs in `text` (for CHECKs on a message's words).
inline bool Has(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// A table-language script's lines, without blank lines and '#' comments (tests/games/*.txt).
inline std::vector<std::string> ReadScript(const std::string& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

} // namespace rutland::test
