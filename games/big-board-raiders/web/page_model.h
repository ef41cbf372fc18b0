// What the shared page shows of a game of Big Board Raiders, as JSON for its JavaScript to lay out:
// every figure and every sentence is made here, on the server, by the same view models and the same
// effect renderer the dashboard uses (app/view/*, lang/effect_text.h, report/*). The page's
// JavaScript only places text; it knows no rule and parses no sentence. It is the game's own: the
// shell's server, app/serve/, reaches it through the game's registration (GameDefinition::serve,
// kit/host/open_game.h); the game-free view models it reads are the kit's (kit/view/), which a
// game includes from its view layer up (tests/check_layers.cmake rule 4).
//
// Invariants:
//  1. Read-only: built from a const Store; nothing here can change the game.
//  2. The keys below are what the page reads: the shell (assets/web/page.js) "game" and "ledger",
//     this game's module (web/big-board-raiders.js) the rest (tests/view/test_page_model.cpp checks
//     them on a recorded game, the serve.browser test through the page). Keys are only ever added
//     (phones with the page open read them). The state JSON of COMMANDS.md is served beside it
//     unchanged (/state.json, StateJson).
//  3. No clock and no randomness: the same file gives the same JSON.
//  4. The rules' words the page shows on a tap (RulesJson) are the rules reference compiled in
//     (report/rule_book.h), the same every one of the dashboard's tooltips and `rutland-cli rule`
//     show; the page holds none of them itself.
//  5. Bounded memory: everything here reads the game through a EntryWindow
//     (games/big-board-raiders/view/entry_window.h), which answers as the store's ledger does and, for a store that
//     streams (basic_store.h invariant 20), holds only what the page reads: `rutland-cli serve` of a
//     long game holds what its page shows, not every entry. The JSON is byte for byte the same
//     either way (tests/view/test_page_model.cpp builds both).
//  6. Every sentence that cites a rule, with its rule ID, is made here (the "..._note" and
//     "..._heading" keys, "game"'s "alerts"): neither script holds a rule ID (game_server.h
//     invariant 11).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "view/entry_window.h"
#include "report/year_end_report.h"
#include "store/store.h"

namespace rutland::bbr::web {

// The ledger's newest entries in words on the page (older ones: rutland-cli log / explain).
inline constexpr int kPageLedgerEntries = 60;

// The last year end's statement, kept between builds: finding it replays the ledger up to it.
struct PageCache {
    std::optional<YearEndStatement> last_year_end;
};

// The page's data for the game as the store has it now: "game" (title, fingerprint, entries, whose
// turn, the last command in words), "standings", "board", "ledger", "sec", "year_end".
// `window`: the store's, kept from build to build (invariant 5); without one, one is made for the
// call (a streamed store then reads back from its file what the page needs).
nlohmann::json PageJson(const Store& store, PageCache* cache = nullptr, EntryWindow* window = nullptr);

// /rules.json: every rule ID Rutland cites with its words, for the page's taps on an ID:
// {"rules": {"S-6": {"heading": "S-6  Margin calls ...", "where": "RULES.md section 8. ...",
// "text": "..." ('\n' between paragraphs)}, ...}}. The same for every game (invariant 4).
nlohmann::json RulesJson();

// /state.json: the state JSON of COMMANDS.md (rules/state_json.h) with the entry and the
// fingerprint, as `rutland-cli state --json` prints it.
nlohmann::json StateJson(const Store& store);

// One entry in words, for the live events and the page's ledger: {"seq", "line", "who", "time",
// "words": [every effect's sentence with its rule]}.
nlohmann::json EntryJson(const Store& store, int seq);
nlohmann::json EntryJson(const EntryWindow& window, int seq);

// One entry as the live events announce it: {"seq", "line", "who", "fingerprint"} (the game's
// fingerprint at that entry). No words: a follower that shows them fetches /view.json.
nlohmann::json EntryEventJson(const Store& store, int seq);
// The same from the store's window: any of its last EntryWindow::kHeadEntries entries.
nlohmann::json EntryEventJson(const Store& store, const EntryWindow& window, int seq);

} // namespace rutland::bbr::web
