// Big Board Raiders' panels, one file each (games/big-board-raiders/panels/panel_*.cpp; the share
// panel, which every game's page has, is app/dashboard/panel_share.cpp). Each is a function of the game state: it reads the
// AppView, keeps its own UI state in UiState and asks for changes through the Outbox. Panels draw
// into whatever region the layout gives them (never their own top-level window), so the same
// function serves the dashboard, `--panel NAME` screenshots and the table display.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "app_view.h"
#include "view/entry_feedback.h"
#include "bbr_dash.h"
#include "ui_state.h"

namespace rutland::bbr::dash {

using PanelFn = void (*)(const AppView&, UiState&, Outbox&);

struct PanelInfo {
    std::string_view name;   // for --panel and the tabs: "big-board"
    const char* title;       // what the broker reads: "Big Board"
    PanelFn draw;
};

void DrawBigBoard(const AppView& v, UiState& ui, Outbox& out);
void DrawTurn(const AppView& v, UiState& ui, Outbox& out);
void DrawEntry(const AppView& v, UiState& ui, Outbox& out);
// The players' strip over the lower row's tabs (panel_players_strip.cpp), its widest cell (pixels)
// for the layout, and the players' view both it and the Players tab draw.
void DrawPlayersStrip(const AppView& v, UiState& ui, Outbox& out);
float PlayersStripCellWidth(const AppView& v, UiState& ui, bool narrow);
const view::PlayersView& PlayersViewNow(const AppView& v, UiState& ui);
// The lines the entry panel draws under its field now (entry_feedback.h): the layout sizes the
// panel for them.
std::vector<view::FeedbackLine> EntryFeedbackNow(const AppView& v, const UiState& ui);
void DrawInstructions(const AppView& v, UiState& ui, Outbox& out);
void DrawPlayers(const AppView& v, UiState& ui, Outbox& out);
void DrawSec(const AppView& v, UiState& ui, Outbox& out);
void DrawLedger(const AppView& v, UiState& ui, Outbox& out);
void DrawYearEnd(const AppView& v, UiState& ui, Outbox& out);
void DrawPriceHistory(const AppView& v, UiState& ui, Outbox& out);
void DrawBoard(const AppView& v, UiState& ui, Outbox& out);
void DrawTableDisplay(const AppView& v, UiState& ui, Outbox& out);
void DrawCount(const AppView& v, UiState& ui, Outbox& out);
void DrawTray(const AppView& v, UiState& ui, Outbox& out);
void DrawShare(const AppView& v, UiState& ui, Outbox& out);  // the shell's panel_share.cpp DrawSharing, for this game (panels.cpp)

// The dashboard under the top bar: the panels where layout_model.h puts them for this window and
// text size, the lower row's tabs (with the panels folded into it) and the status line.
void DrawLayout(const AppView& v, UiState& ui, Outbox& out);

// The Turn's and the instructions' view models for this version (cached in UiState): the layout
// sizes the panels from them and the panels draw them.
const view::TurnView& TurnViewNow(const AppView& v, UiState& ui);
const view::InstructionsView& InstructionsViewNow(const AppView& v, UiState& ui);

// The lower row's own tabs, in order: F2 brings the first to the front, F8 the last (the labels
// say which key). Panels folded into the row by the layout come after the players, with no key.
inline constexpr std::array<const char*, 7> kLowerTabs = {"players", "tray", "ledger", "year-end", "prices", "board", "count"};

std::span<const PanelInfo> AllPanels();
const PanelInfo* FindPanel(std::string_view name);

} // namespace rutland::bbr::dash
