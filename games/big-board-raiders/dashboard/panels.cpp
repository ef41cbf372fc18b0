#include "panels.h"

#include <array>

namespace rutland::bbr::dash {

namespace {

constexpr std::array<PanelInfo, 14> kPanels = {{
    {"big-board", "Big Board", DrawBigBoard},
    {"turn", "Turn", DrawTurn},
    {"entry", "Entry line", DrawEntry},
    {"instructions", "Broker's instructions", DrawInstructions},
    {"players", "Players", DrawPlayers},
    {"tray", "Tray", DrawTray},
    {"sec", "SEC guy", DrawSec},
    {"ledger", "Ledger", DrawLedger},
    {"year-end", "Year end", DrawYearEnd},
    {"prices", "Price history", DrawPriceHistory},
    {"board", "Board", DrawBoard},
    {"table", "Table display", DrawTableDisplay},
    {"count", "Count", DrawCount},
    {"share", "Share on the network", DrawShare},
}};

} // namespace

// The share window every game has (the shell's panel_share.cpp), for this game's file.
void DrawShare(const AppView& v, UiState& ui, Outbox& out) {
    std::optional<ShareGame> asked;
    DrawSharing(v.session.InFile(), v.session.Fingerprint(), ui.share, &asked);
    if (asked) out.Push(*asked);
}

std::span<const PanelInfo> AllPanels() { return kPanels; }

const PanelInfo* FindPanel(std::string_view name) {
    for (const PanelInfo& p : kPanels)
        if (p.name == name) return &p;
    return nullptr;
}

} // namespace rutland::bbr::dash
