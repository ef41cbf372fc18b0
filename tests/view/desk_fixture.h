// A game of any registered game in memory on the desk every game gets (app/view/host_desk.h),
// reached through the registry by its name, as the dashboard reaches it: the desk tests' one
// fixture (test_host_desk.cpp: the toy; test_flutter_desk.cpp: Flutter).
#pragma once

#include <memory>
#include <string>

#include <doctest/doctest.h>

#include "host/registry.h"
#include "host_desk.h"

namespace rutland::testing {

inline std::string DeskNow() { return "2026-11-26T10:00:00Z"; }

struct DeskGame {
    std::unique_ptr<host::OpenGame> game;
    std::unique_ptr<view::HostDesk> desk;
};

// The game `name` started in memory from `header` (REQUIREs both).
inline DeskGame DeskInMemory(const char* name, const char* header) {
    const host::GameDefinition* definition = host::FindGame(name);
    REQUIRE(definition != nullptr);
    std::string why;
    DeskGame d;
    d.game = definition->in_memory(definition->read(header, true), &why);
    REQUIRE_MESSAGE(d.game != nullptr, why);
    d.desk = std::make_unique<view::HostDesk>(*d.game, DeskNow);
    return d;
}

// Types a line and presses Enter, as the entry panel does: the preview is drawn first.
inline bool DeskType(view::HostDesk& desk, const std::string& line) {
    desk.PreviewOf(line);
    return desk.Enter(line);
}

} // namespace rutland::testing
