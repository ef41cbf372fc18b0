// The Players panel's view model on recorded games: the numbers checked by hand in the scripts'
// comments (assets/demo/first-game.txt, tests/games/full-game.txt).
#include <doctest/doctest.h>

#include "view/script_ledger.h"
#include "players_view.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;

namespace {

const CompanyHoldings& Holding(const PlayerView& p, Company c) { return p.companies[static_cast<size_t>(Index(c))]; }

} // namespace

TEST_CASE("players view: the first game's end, Cy's holdings and net worth (checked by hand in the demo)") {
    const Ledger l = testing::ScriptLedger("assets/demo/first-game.txt");
    const PlayersView v = MakePlayersView(l.State());
    REQUIRE(v.players.size() == 4);
    CHECK(v.players[0].name == "Ann");
    CHECK(v.players[0].current);
    CHECK_FALSE(v.players[2].current);
    CHECK(v.price[1] == 56);  // Blue $2.80

    const PlayerView& cy = v.players[2];
    CHECK(cy.name == "Cy");
    CHECK(cy.cash == Money::Dollars(750));
    // $750 + 40,000 Blue x $2.80 + 15,000 Green x $0.80 = $750 + $112,000 + $12,000
    CHECK(cy.net_worth == Money::Dollars(124750));
    CHECK(cy.long_value == Money::Dollars(124000));
    const CompanyHoldings& blue = Holding(cy, Company::Blue);
    CHECK(blue.common == 40000);
    CHECK(blue.value == Money::Dollars(112000));
    CHECK(blue.directorships == 1);
    CHECK(blue.HoldingText() == "40,000");
    CHECK(Holding(cy, Company::Green).value == Money::Dollars(12000));
    CHECK(Holding(cy, Company::Yellow).Empty());
    // E-1: Cy landed on Fulwell (the table wins, D-2) and Brada.
    CHECK(cy.proxy_count == 2);
    CHECK(blue.proxies[5].label == "Fulwell");
    CHECK(blue.proxies[5].earned);
    CHECK_FALSE(blue.proxies[0].earned);
    CHECK(Holding(cy, Company::Yellow).proxies[0].label == "Brada");
    CHECK(Holding(cy, Company::Yellow).proxies[0].earned);
    // W-1: Blue escrow + 3 directorships + 120,000 shares; Cy is a third of the way on two counts.
    CHECK(cy.nearest.company == Company::Blue);
    CHECK(blue.majority.directorships == 1);
    CHECK(blue.majority.need_directorships == 3);
    CHECK(blue.majority.shares == 40000);
    CHECK(blue.majority.need_shares == 120000);
    CHECK(blue.majority.proxies == 1);
    CHECK_FALSE(blue.majority.Holds());
    CHECK(cy.nearest.Lacks() == "the Blue escrow (1 of 6 proxies), 2 common directorships and 80,000 shares");
    CHECK_FALSE(cy.could_declare);

    // Dee: $10,000 Green debentures at face; Bob: 5,000 Blue preferred at $2.80.
    CHECK(Holding(v.players[3], Company::Green).HoldingText() == "$10,000 deb.");
    CHECK(Holding(v.players[3], Company::Green).value == Money::Dollars(10000));
    CHECK(v.players[3].net_worth == Money::Dollars(100000));
    CHECK(Holding(v.players[1], Company::Blue).HoldingText() == "5,000 pref");
    CHECK(Holding(v.players[1], Company::Blue).value == Money::Dollars(14000));
}

TEST_CASE("players view: full game after the Blue Split (entry 83): shorts, margin, what is owed, options") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt", 83);
    REQUIRE(l.Size() == 84);
    const PlayersView v = MakePlayersView(l.State());
    const PlayerView& ann = v.players[0];
    // S-6: the Split margin call left Ann $12,000 short; it counts against her net worth.
    CHECK(ann.cash == Money());
    CHECK(ann.owed == Money::Dollars(12000));
    CHECK(ann.net_worth == Money::Dollars(47500));
    CHECK(Holding(ann, Company::Blue).short_shares == 0);
    CHECK(Holding(ann, Company::Yellow).HoldingText() == "35,000 + 10,000 pref");
    CHECK(Holding(ann, Company::Yellow).HoldingText(true) == "35k + 10k pref");
    CHECK(Holding(ann, Company::Blue).HoldingText() == "$10,000 bonds");
    CHECK(Holding(ann, Company::Blue).HoldingText(true) == "$10,000 bonds");  // money in one format

    const PlayerView& bob = v.players[1];
    // Bob's shorts: 10,000 Yellow sold for $13,000 (Yellow now $1.10), 20,000 Green for $34,000
    // (Green delisted at $1.80).
    const CompanyHoldings& y = Holding(bob, Company::Yellow);
    CHECK(y.short_shares == 10000);
    CHECK(y.short_held == Money::Dollars(13000));
    CHECK(y.cover_cost == Money::Dollars(11000));
    const CompanyHoldings& g = Holding(bob, Company::Green);
    CHECK(g.short_shares == 20000);
    CHECK(g.short_held == Money::Dollars(34000));
    CHECK(g.cover_cost == Money::Dollars(36000));
    CHECK_FALSE(v.listed[3]);
    // O-1: put #3, 10,000 Red for $12,000 ($1.20); Red at $1.35 makes it worth nothing in cash.
    REQUIRE(bob.options.size() == 1);
    CHECK(bob.options[0].text == "#3 put 10,000 Red at $12,000 ($1.20)");
    CHECK(bob.options[0].value_now == Money());
    CHECK(bob.options[0].exercisable);
    // Cy's turn.
    CHECK(v.players[2].current);
}

TEST_CASE("players view: full game, Cy could declare before the win and has won after it (W-1)") {
    const Ledger before = testing::ScriptLedger("tests/games/full-game.txt", 200);
    const PlayersView v = MakePlayersView(before.State());
    const PlayerView& cy = v.players[2];
    REQUIRE(cy.could_declare);
    CHECK(*cy.could_declare == Company::Blue);
    CHECK(cy.escrow == Company::Blue);
    const MajorityProgress& m = Holding(cy, Company::Blue).majority;
    CHECK(m.Holds());
    CHECK(m.Lacks().empty());
    CHECK(m.Permille() == 1000);
    CHECK(m.shares == 120000);
    // Dee holds Green's escrow; nobody else may count on it.
    const MajorityProgress& ann_green = Holding(v.players[0], Company::Green).majority;
    CHECK(ann_green.escrow_holder == 3);
    CHECK(ann_green.Lacks().starts_with("the Green escrow (held by another player)"));

    const Ledger after = testing::ScriptLedger("tests/games/full-game.txt");
    const PlayersView w = MakePlayersView(after.State());
    CHECK_FALSE(w.players[2].could_declare);  // the game is over
    CHECK_FALSE(w.players[2].current);
    CHECK(w.players[2].net_worth == Money::Dollars(270000));
    CHECK(w.players[3].net_worth == Money::Dollars(103750));
    CHECK(w.players[3].proxy_count == 15);
}

TEST_CASE("players view: B-5, what the year-ending player buys after the draw is ex-dividend (full game, entry 132)") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt", 132);
    const PlayersView v = MakePlayersView(l.State());
    const CompanyHoldings& y = Holding(v.players[3], Company::Yellow);
    CHECK(y.bonds == 20000);
    CHECK(y.ex_bonds == 20000);
    CHECK(y.ExDividendText() == "ex (B-5): $20,000 bonds");
    CHECK(Holding(v.players[3], Company::Green).ExDividendText().empty());
}

