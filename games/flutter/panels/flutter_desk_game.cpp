// Flutter at the desk (kit/ui/desk_game.h): its registration's desk half, `registered_desk::flutter`
// (kit/host/registration.h invariant 2), which the dashboard finds through the one list of games.
// Its board is a side column beside the instructions; its tables are tabs of the right column
// beside the Ledger (F2, F3, ... in this order).
#include "desk_game.h"

#include "panels/flutter_board.h"
#include "panels/flutter_tables.h"
#include "rules/flutter.h"

RUTLAND_DECLARE_DESK(flutter)

namespace rutland::flutter {

namespace {

constexpr dash::GamePanel kFlutterPanels[] = {
    {"board", "The board", dash::DeskSlot::Side, DrawBoardPanel, 0.4f},
    {"players", "Players", dash::DeskSlot::Tab, DrawPlayersPanel, 0.6f},
    {"round-end", "Round end", dash::DeskSlot::Tab, DrawRoundEndPanel},
    {"tokens", "Hand over", dash::DeskSlot::Tab, DrawTokensPanel},
    {"claims", "Claims", dash::DeskSlot::Tab, DrawClaimsPanel},
};

} // namespace

} // namespace rutland::flutter

namespace rutland::registered_desk {

constinit const dash::DeskGame flutter = {
    .game = ::rutland::flutter::Flutter::kGameName,
    .panels = ::rutland::flutter::kFlutterPanels,
};

} // namespace rutland::registered_desk
