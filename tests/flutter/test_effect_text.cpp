// The one renderer (lang/effect_text.cpp): the table's words from the effects' data.
#include <doctest/doctest.h>

#include "flutter_table.h"

using namespace flutter_test;

TEST_CASE("effect text: a purchase, a move, a card and a settlement in the table's words, with the rule") {
    Table t;
    const Effects buy = t.Do("buy W 2");
    CHECK(EffectLine(buy[0], t.S()) ==
          "[TR-5] Ann buys 2 White certificates at \xC2\xA3" "100 + \xC2\xA3" "5 brokerage each: pays \xC2\xA3" "210 (tokens: 2 x \xC2\xA3" "100 + \xC2\xA3" "10) (provisional board)");
    const Effects thrown = t.Do("w4");
    std::vector<std::string> lines;
    for (const Effect& e : thrown) lines.push_back(EffectLine(e, t.S()));
    CHECK(lines == std::vector<std::string>{
                       "[T-1] Ann throws White 4",
                       "[T-2] White's traveller moves from level 10 to level 14",
                       "[T-4] White's traveller is in an M hole at level 14: on up to MARKET NEWS (provisional board)",
                       "[T-5] a Market News card for White: the broker turns it up"});
    const Effects card = t.Do("n div10 u4");
    bool dividend = false, settled = false;
    for (const Effect& e : card) {
        const std::string line = EffectLine(e, t.S());
        if (e.kind == EffectKind::Dividend && e.rule == "N-2") {
            CHECK(line == "[N-2] Ann is paid \xC2\xA3" "20 on 2 White certificates at \xC2\xA3" "10 each (tokens: \xC2\xA3" "20)");
            dividend = true;
        }
        if (e.kind == EffectKind::Settled && e.company == 0) {
            CHECK(line == "[RE-3] White: traveller at the TOP (20%); dividend \xC2\xA3" "20; parent 2 spaces up (provisional board)");
            settled = true;
        }
    }
    CHECK(dividend);
    CHECK(settled);
}

TEST_CASE("effect text: every kind has words, none empty or '?'") {
    Table t;
    for (int k = 0; k <= static_cast<int>(EffectKind::Redone); ++k) {
        Effect e;
        e.kind = static_cast<EffectKind>(k);
        e.rule = "X";
        e.company = 1;
        e.player = 0;
        e.n = {1, 2, 0, 1};
        const std::string text = EffectText(e, t.S());
        CAPTURE(k);
        CHECK_FALSE(text.empty());
        CHECK(text != "?");
    }
}

TEST_CASE("effect text: a lane corrected and a table's @M, in words (T-8, BD-7)") {
    Table t;
    const Effects lane = t.Do("board W m=5,14 ok");
    REQUIRE(lane.size() == 1);
    CHECK(EffectText(lane[0], t.S()) == "board: lane 1 is W White (Captivating Cosmetics Ltd.), M holes 5,14, confirmed");
    const Effects m = t.Do("r2 @M");
    std::vector<std::string> words;
    for (const Effect& e : m) words.push_back(EffectLine(e, t.S()));
    CHECK(words == std::vector<std::string>{"[T-1] Ann throws Red 2",
                                            "[T-8] the table puts Red's traveller at an M hole (the board here says level 12)",
                                            "[T-4] Red's traveller is in an M hole: on up to MARKET NEWS (provisional board)",
                                            "[T-5] a Market News card for Red: the broker turns it up"});
}

TEST_CASE("BD-7: a figure computed from an unconfirmed fact says so; once the facts are confirmed it does not") {
    Table t;
    CHECK(t.Do("buy W 1")[0].provisional);  // the price at level 10, unconfirmed
    t.Do("board L10 ok");
    const Effects sold = t.Do("sell W 1");
    CHECK_FALSE(sold[0].provisional);
    CHECK(EffectLine(sold[0], t.S()).find("provisional") == std::string::npos);
    // The M hole is a fact of the lane, MARKET NEWS one of its level: both confirmed, no mark.
    t.Do("board W ok L21 ok");
    for (const Effect& e : t.Do("w4"))
        if (e.kind == EffectKind::MJump) CHECK_FALSE(e.provisional);
}
