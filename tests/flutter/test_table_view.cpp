// What Flutter's desk panels show (report/table_view.h), without a window: the figures are the
// rules' and are worked out by hand in the comments (BD-5's board: £10 a level, PAR 100 at 10,
// £200 at 20, 10% at 24, TOP at 25).
#include <doctest/doctest.h>

#include "flutter_table.h"
#include "report/table_view.h"

using namespace flutter_test;

namespace {

// Ann holds 2 White and Bob 1 Red; White's traveller at 10%, then Bob's throw of White 1 ends round 1.
void PlayToStoppage(Table& t) {
    t.Do("buy W 2");   // Ann: 560 - 2 x 105 = 350
    t.Do("w3");        // White 10 -> 13; Bob to throw
    t.Do("buy R 1");   // Bob: 560 - 105 = 455
    t.Do("peg W traveller=L24");
    t.Do("w1");        // White 24 -> 25, TOP: White +£20 a certificate and 2 up; the rest on their parents, 2 down
}

} // namespace

TEST_CASE("U-2: an amount as the fewest tokens, the largest first") {
    const Tokens t = TokensOf(rutland::flutter::Pounds(385));  // 3 x £100 + £50 + £20 + £10 + £5
    CHECK(t.count == std::array<int64_t, 5>{3, 1, 1, 1, 1});
    CHECK(t.Total() == rutland::flutter::Pounds(385));
    CHECK(TokensOf(rutland::flutter::Pounds(40)).count == std::array<int64_t, 5>{0, 0, 2, 0, 0});
    CHECK(TokensOf(rutland::flutter::Pounds(0)).Total() == rutland::flutter::Pounds(0));
}

TEST_CASE("W-1, G-3: the players' certificates at today's price and the broker's stock and reserve") {
    Table t("game flutter players=Ann,Bob,Cy cash=560 target=600");
    PlayToStoppage(t);
    const TableLines lines = TableOf(t.S());
    REQUIRE(lines.players.size() == 3);
    const PlayerLine& ann = lines.players[0];
    CHECK(ann.cash == rutland::flutter::Pounds(390));                   // 350 + 2 x £20
    CHECK(ann.holdings[0].certificates == 2);
    CHECK(ann.holdings[0].value == rutland::flutter::Pounds(240));     // 2 x £120 (White 2 up from £100)
    CHECK(ann.capital == rutland::flutter::Pounds(630));
    CHECK(lines.players[1].holdings[1].value == rutland::flutter::Pounds(80));  // Bob's Red at £80 (2 down)
    CHECK(lines.players[2].current);                                    // Cy, next after Bob (RE-6)
    CHECK(lines.companies[0].stock == 1);                               // 3 for sale less Ann's 2
    CHECK(lines.companies[0].reserve == 9);                             // 12 - 3
}

TEST_CASE("RE-1..RE-3: the last settlement's statement, company by company and player by player") {
    Table t("game flutter players=Ann,Bob,Cy cash=560 target=600");
    PlayToStoppage(t);
    const std::optional<LastSettlement> last = LastSettlementOf(*t.ledger, t.ledger->Size() - 1);
    REQUIRE(last);
    CHECK(last->seq == t.ledger->Size() - 1);
    const Settlement& s = last->settlement;
    CHECK(s.round == 1);
    CHECK(s.ended_by == 1);  // Bob
    REQUIRE(s.companies.size() == 6);
    CHECK(s.companies[0].at == Position::Top);
    CHECK(s.companies[0].dividend == 20);
    CHECK(s.companies[0].move == 2);
    CHECK(s.companies[0].price_from == rutland::flutter::Pounds(100));
    CHECK(s.companies[0].price_to == rutland::flutter::Pounds(120));
    CHECK(s.companies[1].move == -2);
    CHECK(s.companies[1].price_to == rutland::flutter::Pounds(80));
    CHECK(s.players[0].dividends[0] == rutland::flutter::Pounds(40));  // Ann: 2 x £20
    CHECK(s.players[0].Cash() == rutland::flutter::Pounds(40));
    CHECK(s.players[1].Cash() == rutland::flutter::Pounds(0));
    // Undone, the statement goes with it (L-2: the state is the commands in effect).
    t.Do("undo");
    CHECK_FALSE(LastSettlementOf(*t.ledger, t.ledger->Size() - 1));
    // Looking back at the entry that ended it (time travel) finds it again.
    CHECK(LastSettlementOf(*t.ledger, last->seq));
}

TEST_CASE("RE-1..RE-6: if the round ended now, on a copy; the same settlement the host says in words") {
    Table t("game flutter players=Ann,Bob,Cy cash=560 target=600");
    PlayToStoppage(t);
    const GameState before = t.S();
    const std::optional<RoundEndNow> now = IfRoundEndedNow(t.S());
    REQUIRE(now);
    CHECK(t.S() == before);  // invariant 1: nothing changed
    CHECK(now->company == 0);  // every traveller on its parent: White's, at 12, is the highest
    const Settlement& s = now->settlement;
    CHECK(s.companies[0].at == Position::Top);
    CHECK(s.companies[0].price_from == rutland::flutter::Pounds(120));
    CHECK(s.companies[0].price_to == rutland::flutter::Pounds(140));
    CHECK(s.companies[2].price_from == rutland::flutter::Pounds(80));
    CHECK(s.companies[2].price_to == rutland::flutter::Pounds(60));
    CHECK(s.players[0].dividends[0] == rutland::flutter::Pounds(40));
    // A card pending: no throw can be made, nothing to settle (N-1).
    Table card("game flutter players=Ann,Bob");
    card.Do("peg W traveller=L19");
    card.Do("w2");  // 19 -> 21, MARKET NEWS: a card is due
    CHECK_FALSE(IfRoundEndedNow(card.S()));
}

TEST_CASE("BN-1, BN-3: a bonus paid in cash, and the parent back at PAR 100, in the statement") {
    Table t("game flutter players=Ann,Bob box=2");
    t.Do("buy W 2");                         // Ann holds the broker's 2 White; the reserve is 0
    t.Do("peg W price=190 traveller=L24");   // 10%: 1 up, to £200: the bonus
    t.Do("w1");                              // Ann: White 24 -> 25, TOP: 2 up from 19, £200 reached
    const std::optional<LastSettlement> last = LastSettlementOf(*t.ledger, t.ledger->Size() - 1);
    REQUIRE(last);
    const SettlementCompany& white = last->settlement.companies[0];
    CHECK(white.bonus == SettledCompany::Bonus::Cash);
    CHECK(white.price_from == rutland::flutter::Pounds(190));
    CHECK(white.price_to == rutland::flutter::Pounds(100));  // PAR 100 (BN-1)
    CHECK(last->settlement.players[0].bonus_cash[0] == rutland::flutter::Pounds(200));  // 2 x £100 (BN-3)
    CHECK(last->settlement.players[0].Cash() == rutland::flutter::Pounds(240));         // + 2 x £20 dividend
}

TEST_CASE("U-2, Rule 11: the broker's steps company by company, tokens named; an undo's the other way round") {
    Table t("game flutter players=Ann,Bob,Cy cash=560 target=600");
    t.Do("buy W 2");
    std::vector<CompanySteps> steps = StepsOf(*t.ledger, t.ledger->Size() - 1);
    REQUIRE(steps.size() == 1);
    CHECK(steps[0].company == 0);
    REQUIRE(steps[0].steps.size() == 1);
    const Step& buy = steps[0].steps[0];
    CHECK(buy.kind == Step::Kind::Buy);
    CHECK(buy.money == rutland::flutter::Pounds(210));  // 2 x (£100 + £5)
    CHECK(buy.tokens.count == std::array<int64_t, 5>{2, 0, 0, 1, 0});
    CHECK_FALSE(buy.to_player);
    t.Do("undo");
    steps = StepsOf(*t.ledger, t.ledger->Size() - 1);
    REQUIRE(steps.size() == 1);
    CHECK(steps[0].steps[0].reversed);
    CHECK(steps[0].steps[0].to_player);  // the broker gives the £210 back
    // A settlement: White's dividend first, in lane order.
    Table r("game flutter players=Ann,Bob,Cy cash=560 target=600");
    PlayToStoppage(r);
    steps = StepsOf(*r.ledger, r.ledger->Size() - 1);
    REQUIRE_FALSE(steps.empty());
    CHECK(steps[0].company == 0);
    CHECK(steps[0].steps[0].kind == Step::Kind::Dividend);
    CHECK(steps[0].steps[0].money == rutland::flutter::Pounds(40));
}

TEST_CASE("W-2..W-4: who may claim at a stoppage, and the line the broker would type") {
    Table t("game flutter players=Ann,Bob,Cy cash=560 target=600");
    t.Do("buy W 2");
    Claims c = ClaimsOf(t.S());
    CHECK_FALSE(c.stoppage);
    CHECK_FALSE(c.players[0].may_claim);  // not at a stoppage (W-2)
    t.Do("w3");
    t.Do("buy R 1");
    t.Do("peg W traveller=L24");
    t.Do("w1");
    c = ClaimsOf(t.S());
    CHECK(c.stoppage);
    CHECK(c.players[0].may_claim);
    CHECK(c.players[0].line == "claim Ann");
    CHECK_FALSE(c.players[1].may_claim);
    CHECK(c.players[1].short_by == rutland::flutter::Pounds(65));  // 600 - 535
    // The rules agree: Ann's claim is taken, Bob's is short (W-3).
    CHECK(t.Refused("claim Bob") == "W-3");
    t.Do(c.players[0].line);
    c = ClaimsOf(t.S());
    CHECK(c.over);
    CHECK(c.players[0].claimed);
    CHECK_FALSE(c.players[0].may_claim);  // W-4: once a stoppage
    CHECK(c.winners == std::vector<int>{0});
}
