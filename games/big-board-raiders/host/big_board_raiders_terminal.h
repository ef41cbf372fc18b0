// What rutland-cli prints of Big Board Raiders beyond a game's OpenGame (kit/host/open_game.h): its
// rule book as `rutland-cli rule` words it, its boards as `rutland-cli board` keeps them, and its year
// end (`rutland-cli year-end`). The code that printed these in app/cli/ before the shell reached
// games only through the registry, moved here unchanged, so every byte is the same (tests/cli/).
// big_board_raiders_game.cpp puts them in the game's GameDefinition and OpenGame.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "host/open_game.h"
#include "ledger/ledger.h"

namespace rutland::bbr {

// [SECTION] Its rules reference (report/rule_book.h), for GameDefinition's rule_* functions.
std::string RuleWords(std::string_view id);  // "" for no such rule
std::vector<std::string> RuleIds();          // every ID, in RULES.md's order
std::string RuleHeading(std::string_view id);  // "S-6  title\nRULES.md section 8\n"
std::string RuleListing();                     // by section, then what else rejections cite
std::vector<std::string> RuleNearest(std::string_view id);

// [SECTION] Its boards as files (view/board_files.h): GameDefinition::board_commands.
extern const host::BoardCommands kBoardCommands;

// [SECTION] Its year end (report/year_end_report.h): OpenGame::WriteSettlement of `game`, whose
// ledger is `ledger`.
bool WriteYearEnd(const host::OpenGame& game, const Ledger& ledger, int seq, bool last, host::SettlementFormat format,
                  const std::string& file, std::ostream& out, std::string* error);

} // namespace rutland::bbr
