// The SEC guy's view model on the full game: what is owed, the forced events of the turn, who could
// declare, and the unverified board facts (D-2) the game relied on.
#include <doctest/doctest.h>

#include <algorithm>

#include "view/script_ledger.h"
#include "sec_view.h"
#include "bbr_names.h"

using namespace rutland;
using namespace rutland::view;

namespace {

const UnverifiedUse* Used(const SecView& v, const std::string& space, const std::string& fact) {
    for (const UnverifiedUse& u : v.used)
        if (u.space == space && u.fact == fact) return &u;
    return nullptr;
}

bool HasEvent(const SecView& v, const std::string& rule, const std::string& starts) {
    return std::any_of(v.events.begin(), v.events.end(), [&](const ForcedEvent& e) { return e.rule == rule && e.text.starts_with(starts); });
}

} // namespace

TEST_CASE("sec view: the Blue Split margin call leaves Ann owing $12,000 (full game, entry 83)") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt", 83);
    const SecView v = MakeSecView(l, l.State(), 83);
    REQUIRE(v.pending.size() == 1);
    const PendingLine& p = v.pending[0];
    CHECK(p.name == "Ann");
    CHECK(p.amount == Money::Dollars(12000));
    CHECK(p.rule == "M-4");
    CHECK(p.reason.starts_with("covering 30,000 Blue at $3.00"));
    CHECK(p.cash == Money());
    // What a forced sale could raise: 35,000 Yellow and 10,000 Yellow preferred at $1.10, $10,000
    // Blue bonds at face.
    CHECK(p.can_sell == std::vector<std::string>{"35,000 Yellow ($38,500)", "10,000 Yellow pref ($11,000)", "$10,000 Blue bonds"});
    CHECK(p.sellable == Money::Dollars(59500));
    CHECK(p.example == "Ann: sell Y 5k");
    CHECK_FALSE(v.declaring);
    // The events of this turn: the Split, the cover, what is still owed.
    CHECK(v.events_from == 82);
    CHECK(HasEvent(v, "M-4", "Blue reaches its Split level $3.00"));
    CHECK(HasEvent(v, "M-4", "Ann pays the bank $78,000 for covering 30,000 Blue"));
    CHECK(HasEvent(v, "S-6", "Ann is short of cash and still owes the bank $12,000"));
    CHECK_FALSE(HasEvent(v, "T-2", ""));  // price moves of the Market Open are no forced event
    // Nobody could declare; Cy is nearest (5 of 6 Blue proxies, 1 of 3 directorships).
    CHECK(v.could_declare.empty());
    REQUIRE(v.nearest.size() == 4);
    CHECK(v.nearest[0].name == "Cy");
    CHECK(v.nearest[0].progress.Lacks() == "the Blue escrow (5 of 6 proxies), 2 common directorships and 75,000 shares");

    // D-2: the facts used so far, none yet checked on the physical board.
    CHECK(v.uses == 43);
    const UnverifiedUse* camsun = Used(v, "Camsun", "Ask for Red");
    REQUIRE(camsun);
    CHECK(camsun->times == 4);
    CHECK(camsun->last_seq == 24);
    CHECK_FALSE(camsun->verified_now);
    const UnverifiedUse* haszard = Used(v, "Haszard", "arrows");
    REQUIRE(haszard);
    CHECK(haszard->times == 1);
    CHECK(haszard->last_seq == 83);
    CHECK(v.used.front().times == 4);  // most used first
    CHECK(v.unverified_facts == 127);
    CHECK(v.unverified_spaces == 40);
}

TEST_CASE("sec view: a declaration waiting for its margin call, then the forfeit that fails it (entries 176, 177)") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt", 177);
    const GameState at176 = l.StateAt(176);
    const SecView v = MakeSecView(l, at176, 176);
    REQUIRE(v.pending.size() == 1);
    CHECK(v.pending[0].name == "Cy");
    CHECK(v.pending[0].amount == Money::Dollars(750));
    CHECK(v.pending[0].rule == "W-1");
    REQUIRE(v.declaring);
    CHECK(v.declaring->starts_with("Cy's claim to win waits"));
    CHECK(HasEvent(v, "W-1", "Cy pays the bank $52,250 for covering 20,000 Yellow at market"));
    REQUIRE(v.could_declare.size() == 1);
    CHECK(v.could_declare[0].starts_with("Cy holds the Blue escrow"));

    const SecView w = MakeSecView(l, l.State(), 177);
    CHECK(w.pending.empty());
    CHECK_FALSE(w.declaring);
    CHECK(HasEvent(w, "S-3", "Cy forfeits 1 Blue common directorship"));
    CHECK(HasEvent(w, "W-1", "Cy's claim fails"));
    CHECK(HasEvent(w, "S-6", "forced sale for Cy"));
    CHECK(w.could_declare.empty());
    CHECK(w.nearest[0].name == "Cy");
    CHECK(w.nearest[0].progress.Lacks() == "1 common directorship and 5,000 shares");
}

TEST_CASE("sec view: a corrected space's facts count as verified now; year-end covers ride on the end entry") {
    const Ledger l = testing::ScriptLedger("tests/games/full-game.txt", 196);
    const SecView v = MakeSecView(l, l.State(), 196);
    // board @market-5 (entry 109) verified Market 5's arrows and Bids: two facts fewer.
    CHECK(v.unverified_facts == 125);
    const UnverifiedUse* m5 = Used(v, "Market 5", "Bid for Blue");
    REQUIRE(m5);
    CHECK(m5->verified_now);
    CHECK(m5->times == 2);
    CHECK(v.used.back().verified_now);  // what still needs checking comes first
    // D-13: Bob's Yellow short margin-called at the year end (entry 196).
    CHECK(HasEvent(v, "D-13", "Bob pays the bank $22,500 for covering 10,000 Yellow at market"));
    CHECK(v.uses == 93);
}

TEST_CASE("sec view: which fact a D-2 effect used, read off its data, not its words") {
    const Ledger l = testing::ScriptLedger("assets/demo/first-game.txt");
    const Board& board = *l.State().board;
    const RenderContext context = RenderContext::Of(l.State());
    std::string error;
    const int preferred_yellow = *board.Find("preferred-yellow", &error);
    const int market_2 = *board.Find("market-2", &error);
    const int fulwell = *board.Find("fulwell", &error);
    const int ancaster = *board.Find("ancaster", &error);
    Effect e;
    e.kind = EffectKind::Info;
    e.rule = "D-2";
    e.what = EffectWhat::MarketOpen;
    e.n = {preferred_yellow, 0b1100, 0, 1};  // arrows DDUU, provisional, 1 tick
    REQUIRE(EffectText(e, context) == "Market Open at Preferred Yellow: arrows DDUU (provisional, not verified), 1 tick");
    // Reworded, the effect still names the same fact: the view does not read the words.
    SetTestWording(EffectWhat::MarketOpen, "the arrows somewhere");
    auto u = UnverifiedFactOf(e, context);
    SetTestWording(EffectWhat::MarketOpen, "");
    REQUIRE(u);
    CHECK(u->space == "Preferred Yellow");
    CHECK(u->fact == "arrows");
    CHECK(u->space_index == preferred_yellow);
    e.what = EffectWhat::UnverifiedUsed;
    e.n = {0, Index(Company::Green), market_2};
    CHECK(EffectText(e, context) == "used the provisional Bid for Green at Market 2 (not verified on the physical board)");
    u = UnverifiedFactOf(e, context);
    REQUIRE(u);
    CHECK(u->space == "Market 2");
    CHECK(u->fact == "Bid for Green");
    e.what = EffectWhat::BoardOrderDisagrees;
    e.n = {2, 9, ancaster, fulwell};
    CHECK(EffectText(e, context) == "by the board order Cy's 9 lands on Ancaster; the table says Fulwell: the table wins");
    u = UnverifiedFactOf(e, context);
    REQUIRE(u);
    CHECK(u->space == "Fulwell");
    CHECK(u->fact.starts_with("position"));
    e.rule = "T-2";
    CHECK_FALSE(UnverifiedFactOf(e, context));

    // The demo's table checked Colfax's Ask (board @colfax ask=YBR): used before, verified now.
    const SecView v = MakeSecView(l, l.State(), l.Size() - 1);
    const UnverifiedUse* colfax = Used(v, "Colfax", "Ask for Yellow");
    REQUIRE(colfax);
    CHECK(colfax->verified_now);
    CHECK(Used(v, "Fulwell", "position (the board order disagreed)"));
}

TEST_CASE("sec view: X-3 the counts of this year are listed, and a new year starts with none") {
    // tests/games/picked-up-year-3.txt: entries 1-4 are counts; entry 8 settles year 3.
    const Ledger l = testing::ScriptLedger("tests/games/picked-up-year-3.txt");
    const SecView before = MakeSecView(l, l.StateAt(7), 7);
    REQUIRE(before.counts.size() == 4);
    CHECK(before.counts[0].seq == 1);
    CHECK(before.counts[0].line == "count market Y=2.40 B=1.80 R=0.60 G=1.30 year=3 cards=2 turn=Cy");
    // The market count changed four prices, the year, the cards and the turn.
    CHECK(before.counts[0].changes == 7);
    CHECK(before.counts[3].line == "count Cy cash=88000 B=40k B-dir=1 G=50k G-deb=40k");
    const SecView after = MakeSecView(l, l.State(), l.Size() - 1);
    CHECK(after.year == 4);
    CHECK(after.counts.empty());
}
