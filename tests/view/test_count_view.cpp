// The count forms' view model: a form starts as the ledger holds things, and the line it
// writes names only what the broker changed; its preview is the rules' own (X-2 rejections too).
#include <doctest/doctest.h>

#include "core/table_fixture.h"
#include "count_view.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::Table;

TEST_CASE("count view: X-1 an untouched form writes nothing; a changed one only its changes") {
    Table t("game players=Ann,Bob,Cy");
    const GameState& s = t.State();
    PlayerCount ann = StartPlayerCount(s, 0);
    CHECK(ann.cash_dollars == 100000);
    CHECK(CountPlayerLine(s, ann) == "");
    CHECK(PreviewCount(s, "").kind == Preview::Kind::Empty);
    ann.cash_dollars = 54000;
    ann.common[0] = 40000;                           // Yellow
    ann.directorships[0] = 1;
    ann.short_shares[3] = 10000;                     // Green, at the form's price
    ann.short_price_cents[3] = 85;
    ann.escrow = 1 + 3;                              // Green
    ann.proxies |= uint64_t{1} << *s.board->Find("fulwell", nullptr);
    CHECK(CountPlayerLine(s, ann) == "count Ann cash=54000 Y=40k Y-dir=1 G-short=10k@0.85 escrow=G proxies=fulwell");
    const Preview p = PreviewCount(s, CountPlayerLine(s, ann));
    CHECK(p.kind == Preview::Kind::Accepted);
    // The same form with a directorship 40,000 shares cannot back: the rules' X-2 says why (B-4).
    ann.directorships[0] = 2;
    const Preview bad = PreviewCount(s, CountPlayerLine(s, ann));
    CHECK(bad.kind == Preview::Kind::Rejected);
    CHECK(bad.rule == "X-2");

    MarketCount m = StartMarketCount(s);
    CHECK(m.price_cents[0] == 200);
    CHECK(CountMarketLine(s, m) == "");
    m.price_cents[0] = 235;
    m.year = 3;
    m.cards = 1;
    m.turn = 1;
    m.delisted[2] = true;
    CHECK(CountMarketLine(s, m) == "count market Y=2.35 delisted=R year=3 cards=1 turn=Bob");
    t.Play(CountMarketLine(s, m));
    // Once recorded, a fresh form holds what was counted: nothing left to write.
    CHECK(CountMarketLine(t.State(), StartMarketCount(t.State())) == "");
}

TEST_CASE("count view: a short's form keeps its notes' price; only a change of shares or price is a count") {
    Table t("game players=Ann,Bob");
    t.Play("count Ann R-short=10k@0.80");
    PlayerCount ann = StartPlayerCount(t.State(), 0);
    CHECK(ann.short_shares[2] == 10000);
    CHECK(ann.short_price_cents[2] == 80);  // $8,000 / 10,000
    CHECK(CountPlayerLine(t.State(), ann) == "");
    ann.short_shares[2] = 0;
    CHECK(CountPlayerLine(t.State(), ann) == "count Ann R-short=0");
    CHECK(SubsidiarySpaces(t.State()).size() == 24);  // BD-1: 24 subsidiary spaces
}

TEST_CASE("count view: a form whose ledger moved starts again; a price offered for no short is not a holding") {
    Table t("game players=Ann,Bob start=@market-1,@market-1");
    const PlayerCount base = StartPlayerCount(t.State(), 0);
    // A market count moves the prices: the price offered for a short Ann does not hold moves too.
    t.Play("count market Y=2.50 R=0.50");
    const PlayerCount after_market = StartPlayerCount(t.State(), 0);
    CHECK(after_market.short_price_cents[0] == 250);
    CHECK_FALSE(LedgerMoved(base, after_market));
    // Bob's count leaves Ann's form alone; Ann's own trade does not.
    t.Play("count Bob cash=90000");
    CHECK_FALSE(LedgerMoved(base, StartPlayerCount(t.State(), 0)));
    t.Play("count Ann Y=10k");
    CHECK(LedgerMoved(base, StartPlayerCount(t.State(), 0)));
}
