// Flutter's boards as files (kit/host/open_game.h BoardKit, for rutland-cli board --game flutter):
// the provisional board built in (BD-5, F-D5), the user's boards as the JSON its game file
// carries (model/board.h ToJson), each checked in full against BD-6 before it is kept.
#pragma once

#include "host/open_game.h"

namespace rutland::flutter {

extern const host::BoardKit kFlutterBoards;

} // namespace rutland::flutter
