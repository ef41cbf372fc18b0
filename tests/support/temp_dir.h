// A directory of its own under the system's temporary one, removed with everything in it at the
// end of the test: where the store's and the kernel's tests put their game files.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "rutland-test-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string File(const char* name) const { return (path / name).string(); }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};
