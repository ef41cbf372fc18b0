// The tray: what the broker has left of each company, the directorships taken
// of 6 or 8 and the escrow pawns. Figures by hand from the full game's end (full-game.expected.json:
// Ann 20,000 Yellow; Bob 5,000 Yellow; Cy 105,000 + 15,000 pref Blue, 3 Blue directorships, the
// Blue escrow; Dee 5,000 Yellow + $10,000 Yellow bonds, 20,000 Green + $20,000 debentures, the
// Green escrow).
#include <doctest/doctest.h>

#include "script_ledger.h"
#include "tray_view.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;

TEST_CASE("U-3 / B-4 / E-2: the tray at the full game's end") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt");
    const std::vector<TrayRow> tray = MakeTray(l.State());
    REQUIRE(tray.size() == 4);
    const TrayRow& y = tray[0];
    CHECK(y.Common() == "130,000 of 160,000");  // 160,000 - 20,000 - 5,000 - 5,000
    CHECK(y.Preferred() == "80,000 of 80,000");
    CHECK(y.Bonds() == "$90,000 of $100,000");  // Dee's $10,000
    CHECK(y.Directorships() == "0 of 6 taken");
    CHECK(y.escrow == "in its circle");
    const TrayRow& b = tray[1];
    CHECK(b.Common() == "55,000 of 160,000");  // Cy's 105,000
    CHECK(b.Preferred() == "65,000 of 80,000");  // Cy's 15,000
    CHECK(b.Directorships() == "3 of 6 taken");
    CHECK(b.escrow == "Cy");
    const TrayRow& r = tray[2];
    CHECK(r.Preferred() == "none issued");
    CHECK(r.Directorships() == "0 of 8 taken");
    const TrayRow& g = tray[3];
    CHECK(g.Common() == "300,000 of 320,000");  // Dee's 20,000
    CHECK(g.Bonds() == "$60,000 of $80,000");   // Dee's $20,000 debentures
    CHECK(g.debt_name == "debentures");
    CHECK(g.escrow == "Dee");
    CHECK(g.short_shares == 0);
}
