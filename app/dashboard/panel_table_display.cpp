// Placeholder while the panel is being written (issue 5): replaced before the issue closes.
#include <imgui.h>

#include "panels.h"

namespace rutland::dash {

void DrawTableDisplay(const AppView&, UiState&, Outbox&) { ImGui::TextUnformatted("(being built)"); }

} // namespace rutland::dash
