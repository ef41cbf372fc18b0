// Trading (RULES.md section 6, Rule 8): with the broker only, before the throw, whole
// certificates at the market price, £5 brokerage a certificate on a purchase (Rule 8c).
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

TEST_CASE("TR-1: only the current player buys or sells") {
    Table t;
    CHECK(t.Refused("Bob: buy W 1") == "TR-1");
    CHECK(t.Refused("Bob: sell W 1") == "TR-1");
    t.Do("Ann: buy W 1");
    CHECK(t.Certs("Ann", 'W') == 1);
}

TEST_CASE("TR-2, Rule 8a: only before his throw; from it until the dice pass nobody trades") {
    Table t;
    t.Do("w4");  // card pending
    CHECK(t.Refused("+w") == "TR-2");
    CHECK(t.Refused("Bob: buy W 1") == "TR-2");  // TR-2 comes before TR-1 (section 15)
    t.Do("n none");
    t.Do("Bob: buy W 1");  // the dice have passed to Bob
}

TEST_CASE("TR-3, Rule 8b: whole certificates, at least one") {
    Table t;
    CHECK(t.Refused("buy W 0") == "TR-3");
    CHECK(t.Refused("sell W 0") == "TR-3");
}

TEST_CASE("TR-4, Rule 8c: the broker sells only what is in his sale stock, never the reserve") {
    Table t;  // 3 players: sale stock 3 a company, reserve 9
    t.Do("peg W price=10");  // £10 a certificate, so cash is no limit: 4 x 15 = 60
    CHECK(t.Refused("buy W 4") == "TR-4");
    t.Do("buy W 3");
    CHECK(t.Co('W').stock == 0);
    CHECK(t.Co('W').reserve == 9);
    t.Do("r1");
    CHECK(t.Refused("Bob: buy W 1") == "TR-4");
    // Section 15's own example of a rejection.
    CHECK(t.ledger->SubmitLine("Bob: buy W 1").rejection.ToString() == "the broker has no White certificate left (TR-4)");
}

TEST_CASE("TR-5, F-D14, Rule 8c: a purchase costs the market price + £5 a certificate, in cash; no credit, no part-filled order") {
    Table t;
    // 3 x (£100 + £5) = £315 > £300: refused whole, nothing bought.
    CHECK(t.Refused("buy W 3") == "TR-5");
    // 2 x £105 = £210: Ann 300 - 210 = 90.
    const Effects& fx = t.Do("buy W 2");
    CHECK(t.P("Ann").cash == Pounds(90));
    CHECK(t.Co('W').stock == 1);
    REQUIRE(fx.size() == 1);
    CHECK(fx[0].kind == EffectKind::Bought);
    CHECK(fx[0].n == std::array<int64_t, 4>{2, 100, 210, 0});
    CHECK(t.Refused("buy R 1") == "TR-5");  // £105 > £90
}

TEST_CASE("TR-6, Rule 8d: the broker buys any certificates held at the market price, without fee, into his sale stock") {
    Table t;
    CHECK(t.Refused("sell W 1") == "TR-6");
    t.Do("buy W 2");  // 300 - 210 = 90
    t.Do("peg W price=130");
    t.Do("sell W 1");  // + £130, no fee: 90 + 130 = 220
    CHECK(t.P("Ann").cash == Pounds(220));
    CHECK(t.Co('W').stock == 2);  // 3 - 2 + 1
    CHECK(t.Refused("sell W 2") == "TR-6");
}

TEST_CASE("TR-7, F-D22: trades never move a price; any number, in any order, before the throw") {
    Table t;
    t.Do("buy W 1");
    t.Do("buy R 1");
    t.Do("sell W 1");
    t.Do("buy W 1");
    CHECK(t.S().Price(0) == Pounds(100));
    CHECK(t.Co('W').parent == 10);
    // 300 - 105 - 105 + 100 - 105 = 85
    CHECK(t.P("Ann").cash == Pounds(85));
}

TEST_CASE("BK-2: a bankrupt company ceases trading: buying or selling it is rejected") {
    Table t;
    t.Do("buy K 1");
    t.Do("peg K price=10 traveller=L19");
    t.Do("k2");
    t.Do("n pd1");  // bankrupt
    CHECK(t.Refused("Bob: buy K 1") == "BK-2");
    t.Do("r1");
    t.Do("r1");
    CHECK(t.Refused("Ann: sell K 1") == "BK-2");
}
