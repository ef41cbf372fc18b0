// Boards for tests, shared by test_board.cpp, test_board_catalog.cpp and test_store_board.cpp
// (one definition: the suites are unity builds, tests/CMakeLists.txt).
#pragma once

#include <memory>
#include <string_view>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "model/board.h"
#include "model/board_catalog.h"
#include "bbr_names.h"

namespace rutland::testing {

// The standard board as editable JSON, for building boards that break one rule.
inline nlohmann::json StandardJson() {
    const std::shared_ptr<const Board> standard = BuiltinBoard("standard");
    REQUIRE(standard != nullptr);
    return nlohmann::json::parse(standard->ToJson());
}

// The space called `name` of a board's JSON, to edit in place.
inline nlohmann::json& SpaceJson(nlohmann::json& board, std::string_view name) {
    for (auto& space : board["spaces"])
        if (space["name"] == name) return space;
    FAIL("no space " << name);
    return board;
}

// Installs a catalog for one test case (nullptr: no user board) and takes it away after, whatever
// happens.
struct InstalledFor {
    explicit InstalledFor(std::shared_ptr<const BoardCatalog> c) { InstallUserBoards(std::move(c)); }
    void Now(std::shared_ptr<const BoardCatalog> c) { InstallUserBoards(std::move(c)); }
    ~InstalledFor() { InstallUserBoards(nullptr); }
    InstalledFor(const InstalledFor&) = delete;
    InstalledFor& operator=(const InstalledFor&) = delete;
};

} // namespace rutland::testing
