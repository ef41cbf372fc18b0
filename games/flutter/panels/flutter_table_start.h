// How each of Flutter's tables (flutter_tables.h) starts: the state the open game shows and, when the
// table needs them, what report/table_view.h makes of it (host/flutter_shown.h). Apart from
// flutter_tables.h, which panels/flutter_desk_game.cpp includes to register the panels without the
// game's model.
#pragma once

#include <optional>

#include <imgui.h>

#include "desk_panel.h"
#include "host/flutter_shown.h"

namespace rutland::flutter {

// What a table reads: the state shown and, when asked for, its tables (host/flutter_shown.h).
struct FlutterShown {
    const GameState* state = nullptr;
    const ShownTables* tables = nullptr;
};
// nullopt, with "Not a Flutter game." drawn in its place, when the open game is not Flutter's.
inline std::optional<FlutterShown> ShownOrSay(const dash::GamePanelView& v, bool with_tables) {
    const FlutterShown shown{ShownState(v.game), with_tables ? ShownTablesOf(v.game) : nullptr};
    if (!shown.state || (with_tables && !shown.tables)) {
        ImGui::TextDisabled("Not a Flutter game.");
        return std::nullopt;
    }
    return shown;
}

} // namespace rutland::flutter
