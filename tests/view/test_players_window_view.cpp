// The players' window without a window: what the table sees (whose turn, who is
// next, the landed space's arrows and Asks, the standings, the margin calls) on real games, and
// where it goes at 16:9 and 4:3 (players_window_view.h invariants 1 to 4).
#include <doctest/doctest.h>

#include "players_window_view.h"
#include "bbr_names.h"
#include "view/script_ledger.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::PlayScript;

TEST_CASE("players' window: whose turn, who is next, the landed space with its arrows and Asks") {
    auto t = PlayScript("assets/demo/first-game.txt", 0);
    const PlayersWindowView start = MakePlayersWindow(t->State(), t->Log(), std::nullopt);
    CHECK(start.turn == "Ann's turn");
    CHECK(start.next == "Next: Bob");
    CHECK(start.time_cards == "Time cards 0 of 4");
    CHECK(start.spaces.empty());
    REQUIRE(start.standings.size() == 4);
    CHECK(start.standings[0].current);
    CHECK(start.standings[1].next);
    CHECK_FALSE(start.standings[2].current);
    CHECK_FALSE(start.standings[2].next);
    CHECK(start.standings[3].cash == "$100,000");      // the header's cash=100000
    CHECK(start.standings[3].net_worth == "$100,000");  // nothing held yet
    CHECK(start.words.last_line == "new game");

    // By hand (assets/boards, colfax): a subsidiary of Yellow at position 7, arrows UUDD (Yellow
    // and Blue up, Red and Green down), Asks YBR, none of it checked against the board yet (D-2).
    t->Play("roll 3 4 2");
    t->Play("buy Y 20k");
    const PlayersWindowView v = MakePlayersWindow(t->State(), t->Log(), std::nullopt);
    REQUIRE(v.spaces.size() == 1);
    const LandedSpace& colfax = v.spaces[0];
    CHECK(colfax.heading == "Landed on Colfax");
    CHECK(colfax.kind == "subsidiary");
    CHECK(colfax.up == std::array<bool, 4>{true, true, false, false});
    CHECK(colfax.asks);
    CHECK(colfax.market == std::array<bool, 4>{true, true, true, false});
    CHECK(colfax.provisional);
    // Ann paid $42,000 for 20,000 Yellow (the table display's test: "Ann pays $42,000").
    CHECK(v.standings[0].cash == "$58,000");
    CHECK(v.standings[0].holdings[0] == "20k");
    CHECK(v.standings[0].holdings[1].empty());
    CHECK(v.words.last_line == "buy Y 20k");
}

TEST_CASE("players' window: the standings at the end of the full game, the margin call after the split (M-4, S-6)") {
    auto t = PlayScript("tests/games/full-game.txt");
    const Ledger& l = t->Log();
    // Right after the split Ann owes $12,000 for her Blue short (test_table_display_view.cpp).
    const PlayersWindowView split = MakePlayersWindow(l.StateAt(83), l, 83);
    REQUIRE(split.margin_calls.size() == 1);
    CHECK(split.margin_calls[0].find("Ann owes the bank $12,000 (M-4)") == 0);
    CHECK(split.standings[0].owed == "owes $12,000");
    CHECK(split.standings[1].owed.empty());
    CHECK(split.turn == "Cy's turn");

    const PlayersWindowView end = MakePlayersWindow(t->State(), l, std::nullopt);
    CHECK(end.turn == "Cy wins!");
    CHECK(end.next.empty());
    for (const Standing& s : end.standings) {
        CHECK_FALSE(s.current);
        CHECK_FALSE(s.next);
    }
    // W-1: Cy won with the Blue majority: escrow, 3 of 3 common directorships, the shares.
    const Standing& cy = end.standings[2];
    CHECK(cy.name == "Cy");
    CHECK(cy.holds_majority);
    CHECK(cy.majority == "Blue 100%");
    CHECK(cy.majority_shares == "120k/120k");             // W-1 for Blue: 120,000 voting shares
    CHECK(cy.majority_counts == "escrow \u2713, 3/3 dir");  // and 3 common directorships
    CHECK(cy.directorships[1].find("3 dir, escrow") == 0);
}

namespace {

void CheckLayout(float w, float h, int players, bool address) {
    CAPTURE(w);
    CAPTURE(h);
    CAPTURE(players);
    CAPTURE(address);
    const PlayersWindowLayout l = LayOutPlayersWindow(w, h, players, address);
    std::vector<Rect> regions = {l.board, l.turn, l.last, l.standings};
    if (address) regions.push_back(l.address);
    // 1. Inside the window, none empty, no two overlapping.
    for (size_t i = 0; i < regions.size(); ++i) {
        const Rect& r = regions[i];
        CAPTURE(i);
        CHECK_FALSE(r.Empty());
        CHECK(r.x >= 0);
        CHECK(r.y >= 0);
        CHECK(r.x + r.w <= w);
        CHECK(r.y + r.h <= h);
        for (size_t j = i + 1; j < regions.size(); ++j) CHECK_FALSE(r.Overlaps(regions[j]));
    }
    // 2. The standings hold a header and two lines per player at 1.5 text heights a line.
    CHECK(l.standings.h >= (1 + 2 * players) * 1.5f * l.text_px);
    // Readable from two metres.
    CHECK(l.text_px >= h * kMinTextPerMille / 1000.0f);
    // 4. The address: a square only when asked for.
    CHECK(l.address.Empty() == !address);
    if (address) CHECK(l.address.w == l.address.h);
}

} // namespace

TEST_CASE("players' window layout at 16:9 and 4:3: inside the window, no overlap, the standings fit, big text") {
    for (auto [w, h] : {std::pair{1280.0f, 720.0f}, {1920.0f, 1080.0f}, {3840.0f, 2160.0f}, {1024.0f, 768.0f}, {1600.0f, 1200.0f},
                        {2048.0f, 1536.0f}})
        for (int players : {2, 4, 6})
            for (bool address : {false, true}) CheckLayout(w, h, players, address);

    // 3. 16:9: the board down the whole left side, the standings to its right under the turn.
    const PlayersWindowLayout wide = LayOutPlayersWindow(1920, 1080, 4, false);
    CHECK(wide.wide);
    CHECK(wide.board.x < 30);
    CHECK(wide.board.h > 1000);
    CHECK(wide.standings.x > wide.board.x + wide.board.w);
    CHECK(wide.standings.y > wide.turn.y + wide.turn.h);
    CHECK(wide.text_px == 30);  // 2.8% of 1080 = 30.2
    // 4:3: the board top left, the standings across the whole width below it.
    const PlayersWindowLayout square = LayOutPlayersWindow(1024, 768, 4, false);
    CHECK_FALSE(square.wide);
    CHECK(square.standings.y > square.board.y + square.board.h);
    CHECK(square.standings.w > 0.9f * 1024);
    CHECK(square.text_px == 21);  // 2.8% of 768 = 21.5
    // Without the address its room goes to the last command.
    const PlayersWindowLayout with = LayOutPlayersWindow(1920, 1080, 4, true);
    CHECK(with.last.w < wide.last.w);
    CHECK(with.address.x > with.last.x + with.last.w);
}
