// The table's count (RULES.md section 15): X-1 sets what the table shows and moves the differences
// through the bank, the tray and the margin accounts, and nothing else; X-2 rejects a count of an
// illegal table, naming the rule it would break; X-3 shows counts as corrections. The Table fixture
// checks conservation after every accepted line and that a rejection changes nothing.
#include <doctest/doctest.h>

#include "lang/effect_text.h"
#include "report/explain.h"
#include "report/instructions.h"
#include "rules/legal.h"
#include "report/year_end_report.h"
#include "bbr_names.h"
#include "table_fixture.h"

using namespace rutland;
using rutland::testing::Table;

namespace {

constexpr const char* kHeader = "game players=Ann,Bob,Cy start=@market-1,@market-1,@market-1";

using rutland::test::Has;

int CountOf(const Effects& fx, EffectWhat what) {
    int n = 0;
    for (const Effect& e : fx) n += e.what == what;
    return n;
}

} // namespace

TEST_CASE("X-1 count market sets the Big Board and the calendar, and nothing else happens") {
    Table t(kHeader);
    t.Play("count market Y=2.35 B=1.80 R=0.75 G=1.20 vol=high delisted=R year=3 cards=2 turn=Bob");
    const GameState& s = t.State();
    CHECK(t.Price(Company::Yellow) == 235);
    CHECK(t.Price(Company::Blue) == 180);
    CHECK(t.Price(Company::Red) == 75);
    CHECK(t.Price(Company::Green) == 120);
    CHECK(s.volatility == Volatility::High);
    CHECK_FALSE(s.listed[Company::Red]);
    CHECK(s.listed[Company::Green]);
    CHECK(s.year == 3);
    CHECK(s.time_cards_drawn == 2);
    CHECK(s.current == t.P("Bob"));
    CHECK(s.turn == 0);  // no turn was counted as ended
    // Only count effects: four markers, volatility, a delisting, the year, the cards, the turn, and
    // the opening note (X-3's correction). No promotion, no market event.
    const Effects& fx = t.LastEffects();
    CHECK(fx.size() == 10);
    for (const Effect& e : fx) CHECK(e.rule == "X-1");
    CHECK(CountOf(fx, EffectWhat::CountPrice) == 4);
    CHECK(CountOf(fx, EffectWhat::PriceMove) == 0);
    CHECK(t.LastSaid("count: the Yellow marker $2.00 -> $2.35"));
    CHECK(t.LastSaid("count: whose turn Ann -> Bob"));
    CHECK(t.LastSaid("count: the year 1 -> 3"));
    // The count prints as it was typed, in canonical order.
    CHECK(t.Log().At(1).line == "count market Y=2.35 B=1.80 R=0.75 G=1.20 vol=high delisted=R year=3 cards=2 turn=Bob");
    // Counting again what is already there changes nothing, but is still an entry.
    t.Play("count market Y=2.35 turn=Bob");
    CHECK(t.LastEffects().size() == 1);
    CHECK(t.LastSaid("the ledger already agreed, nothing changes"));
    t.Play("count market delisted=none vol=normal");
    CHECK(t.State().listed[Company::Red]);
    CHECK(t.State().volatility == Volatility::Normal);
}

TEST_CASE("X-1 count of a player: cash through the bank, certificates through the tray, a short through the margin account") {
    Table t(kHeader);
    const Money bank = t.State().bank;
    t.Play("count Ann cash=54000 Y=40k Y-pref=10k B-bond=20k R-deb=10k G-short=10k@0.85 Y-dir=1 escrow=G proxies=fulwell,@derw");
    const GameState& s = t.State();
    const PlayerState& ann = t.Player("Ann");
    CHECK(t.Cash("Ann") == 54000);
    CHECK(ann.common[Company::Yellow] == 40000);
    CHECK(ann.preferred[Company::Yellow] == 10000);
    CHECK(ann.bonds[Company::Blue] == 20000);
    CHECK(ann.bonds[Company::Red] == 10000);
    CHECK(ann.directorships[Company::Yellow] == 1);
    CHECK(ann.escrow == Company::Green);
    CHECK(ann.HasProxy(*s.board->Find("fulwell", nullptr)));
    CHECK(ann.HasProxy(*s.board->Find("derwent", nullptr)));
    // Tray: 160,000 - 40,000 Yellow common; 80,000 - 10,000 preferred; $100,000 - $20,000 Blue bonds.
    CHECK(s.tray[Company::Yellow].common == 120000);
    CHECK(s.tray[Company::Yellow].preferred == 70000);
    CHECK(s.tray[Company::Blue].bonds == 80000);
    // The short: one note of 10,000 at $0.85 = $8,500 in Green's margin account, from the bank.
    REQUIRE(s.margin[Company::Green].size() == 1);
    CHECK(s.margin[Company::Green][0] == ShortNote{t.P("Ann"), 10000, Money::Dollars(8500)});
    // The bank: got Ann's $46,000 back ($100,000 -> $54,000), paid $8,500 into the margin account.
    CHECK(s.bank == bank + Money::Dollars(46000) - Money::Dollars(8500));
    // No legal fee for the directorship, no margin check, no price moved (M-1 would have).
    CHECK(t.Price(Company::Yellow) == 200);
    CHECK(t.LastSaid("count: Ann's cash $100,000 -> $54,000 (the $46,000 difference goes back to the bank)"));
    CHECK(t.LastSaid("count: Ann's Yellow 0 -> 40,000 (40,000 from the tray)"));
    CHECK(t.LastSaid("count: Ann's Green short 0 -> 10,000, on one note at $0.85"));
    CHECK(t.Log().At(1).line ==
          "count Ann cash=54000 Y=40k Y-pref=10k Y-dir=1 B-bond=20k R-deb=10k G-short=10k@0.85 escrow=G proxies=fulwell,derwent");

    // Notes are replaced, not added to: 5,000 at $0.90 -> the old $8,500 back to the bank, $4,500 in.
    t.Play("count Ann G-short=5k@0.90");
    REQUIRE(t.State().margin[Company::Green].size() == 1);
    CHECK(t.State().MarginHeld(Company::Green) == Money::Dollars(4500));
    t.Play("count Ann G-short=0 escrow=none +proxies=brada");
    CHECK(t.State().margin[Company::Green].empty());
    CHECK_FALSE(t.Player("Ann").escrow.has_value());
    CHECK(t.Player("Ann").HasProxy(*t.State().board->Find("fulwell", nullptr)));  // +proxies= adds
    CHECK(t.Player("Ann").HasProxy(*t.State().board->Find("brada", nullptr)));
}

TEST_CASE("X-1 nothing else happens: no margin check, no proxy election, no forfeit, no turn change") {
    Table t(kHeader);
    // A short far beyond twice the assets (S-4 would refuse it as a trade): a count records it.
    t.Play("count Ann cash=0 R-short=20k@1.50");
    CHECK(t.State().ShortShares(t.P("Ann"), Company::Red) == 20000);
    CHECK(t.State().pending.empty());
    // All six Yellow proxies: E-2 would elect Ann; a count does not.
    t.Play("count Bob proxies=brada,colfax,matapan,oneida,sennok,kaptey");
    CHECK_FALSE(t.Player("Bob").escrow.has_value());
    CHECK(t.State().current == t.P("Ann"));
    // Mid-turn, a count of holdings leaves the turn as it is.
    t.Play("roll 1 2 1");
    t.Play("count Cy B=20k");
    CHECK(t.State().rolled);
    CHECK(t.State().current == t.P("Ann"));
    // turn= sets the turn in progress aside: Bob is about to roll.
    t.Play("count market turn=Bob");
    CHECK_FALSE(t.State().rolled);
    CHECK(t.State().current == t.P("Bob"));
    CHECK(t.LastSaid("Ann's turn in progress is set aside"));
}

TEST_CASE("X-1 a count is an ordinary entry: undo and redo") {
    Table t(kHeader);
    CHECK(Legal(t.State()).count);  // the dashboard offers it
    const std::string before = StateToJson(t.State()).dump();
    t.Play("count Ann cash=54000 Y=40k G-short=10k@0.85");
    const std::string after = StateToJson(t.State()).dump();
    t.Play("undo");
    CHECK(StateToJson(t.State()).dump() == before);
    t.Play("redo");
    CHECK(StateToJson(t.State()).dump() == after);
}

TEST_CASE("X-1 a game picked up in progress: counts right after the header, then ordinary turns") {
    Table t("game players=Ann,Bob");
    t.Play("count market B=2.50 year=2 cards=1 turn=Bob");
    t.Play("count Bob cash=30000 B=40k B-dir=1");
    // Bob's pawn is unknown: he says where he landed (T-1). Fulwell: Blue up (BD-4), 1 tick: $2.55.
    t.Play("roll 3 4 1 @fulwell");
    CHECK(t.Price(Company::Blue) == 255);
    t.Play("buy B 5k");  // $12,750 at $2.55; Blue -> $2.60
    CHECK(t.Cash("Bob") == 30000 - 12750);
    CHECK(t.Player("Bob").common[Company::Blue] == 45000);
}

TEST_CASE("X-1 the explanation of a count: every quantity before -> after and what moved") {
    Table t(kHeader);
    t.Play("count Ann cash=54000 Y=40k Y-dir=1 G-short=10k@0.85");
    const Effects& fx = t.LastEffects();
    const std::vector<std::string> sums = EffectArithmetic(fx, t.Log().StateAt(0));
    std::string all;
    for (size_t i = 0; i < fx.size(); ++i) all += EffectText(fx[i], RenderContext::Of(t.State())) + "\n  " + sums[i] + "\n";
    CHECK(Has(all, "count: Ann's cash $100,000 -> $54,000 (the $46,000 difference goes back to the bank)\n  Ann's cash: $100,000 - $46,000 = $54,000"));
    CHECK(Has(all, "count: Ann's Yellow 0 -> 40,000 (40,000 from the tray)\n  Ann's Yellow: 0 + 40,000 = 40,000"));
    CHECK(Has(all, "Ann's Yellow common directorships: 0 + 1 = 1"));
    CHECK(Has(all, "the Green margin account: $0 + $8,500 = $8,500"));
    CHECK(Has(all, "Ann's Green short: 0 + 10,000 = 10,000 shares"));
}

TEST_CASE("X-1 the broker's instructions: the table already shows a count; only a margin account is rewritten") {
    Table t(kHeader);
    t.Play("count Ann cash=54000 Y=40k G-short=10k@0.85");
    const std::vector<std::string> steps = BrokerInstructions(t.LastEffects(), t.State());
    std::string all;
    for (const std::string& s : steps) all += s + "\n";
    CHECK(Has(all, "already on the table (nothing to hand over): Ann's cash $100,000 -> $54,000"));
    CHECK_FALSE(Has(all, "pays the broker"));
    // 10,000 x $0.85 = $8,500 = $5,000 + 3 x $1,000 + $500 (D-18).
    CHECK(Has(all, "Green's margin account must hold one note 'Ann, 10,000 Green' with $8,500 clipped to it"));
    CHECK(Has(all, "the broker puts $8,500 from the bank into it: 1 x $5,000 + 3 x $1,000 + 1 x $500"));

    // The same effects read back from a game file as words (StoredText, rule and accounts kept):
    // still nothing to hand over but the margin account's cash.
    Effects stored = t.LastEffects();
    for (Effect& e : stored) {
        e.quote = EffectText(e, RenderContext::Of(t.State()));
        e.what = EffectWhat::StoredText;
    }
    std::string words;
    for (const std::string& s : BrokerInstructions(stored, t.State())) words += s + "\n";
    CHECK(Has(words, "already on the table (nothing to hand over): Ann's cash $100,000 -> $54,000"));
    CHECK(Has(words, "the broker puts $8,500 into Green's margin account: 1 x $5,000 + 3 x $1,000 + 1 x $500"));
    CHECK_FALSE(Has(words, "pays the broker"));
}

TEST_CASE("X-2 a count of an illegal table is rejected, names the rule it would break, and changes nothing") {
    Table t(kHeader);
    // Prices: whole ticks (U-2); at Issue or strictly between the floor and the Split (D-1, M-3).
    CHECK(Has(t.Reject("count market Y=2.33", "X-2"), "(U-2)"));
    CHECK(Has(t.Reject("count market Y=3.00", "X-2"), "(D-1, M-3)"));
    CHECK(Has(t.Reject("count market B=1.00", "X-2"), "(D-1, M-3)"));
    CHECK(Has(t.Reject("count market R=0", "X-2"), "(D-1, M-3)"));
    CHECK(Has(t.Reject("count market G=2.00", "X-2"), "(D-1, M-3)"));
    t.Play("count market Y=2.95 B=1.05 R=0.05 G=1.95");  // the last ticks inside are fine
    // Fewer Time cards than the year's N (3 players: 3 cards, D-4); the year from 1 (G-4).
    CHECK(Has(t.Reject("count market cards=3", "X-2"), "(D-4)"));
    CHECK(Has(t.Reject("count market year=0", "X-2"), "(G-4)"));
    // A known player (G-2).
    CHECK(Has(t.Reject("count market turn=Zed", "X-2"), "(G-2)"));
    CHECK(Has(t.Reject("count Zed cash=5", "X-2"), "(G-2)"));
    // Shares in 5,000 lots, bonds in $10,000 (U-3); shorts likewise, sold at whole ticks (U-2).
    CHECK(Has(t.Reject("count Ann Y=7k", "X-2"), "(U-3)"));
    CHECK(Has(t.Reject("count Ann B-bond=15k", "X-2"), "(U-3)"));
    CHECK(Has(t.Reject("count Ann G-short=7k@0.85", "X-2"), "(U-3)"));
    CHECK(Has(t.Reject("count Ann G-short=5k@0.87", "X-2"), "(U-2)"));
    // Never more than the prospectus issued: 160,000 Yellow (section 2); Red has no preferred.
    t.Play("count Ann Y=100k");
    CHECK(Has(t.Reject("count Bob Y=70k", "X-2"), "more than the 160,000 issued (section 2)"));
    CHECK(Has(t.Reject("count Bob R-pref=5k", "X-2"), "Red has no preferred shares (section 2)"));
    CHECK(Has(t.Reject("count Bob B-bond=110k", "X-2"), "(section 2)"));
    // Each directorship backed by 40,000 shares (B-4), also when the count lowers the shares.
    CHECK(Has(t.Reject("count Ann Y-dir=3", "X-2"), "(B-4)"));
    t.Play("count Ann Y-dir=2");
    CHECK(Has(t.Reject("count Ann Y=75k", "X-2"), "Ann with 2 Yellow common directorships needs 80,000 Yellow shares, and holds 75,000 (B-4)"));
    // At most 8 common directorships of Red across all players (B-4).
    t.Play("count Bob R=320k R-dir=8");
    CHECK(Has(t.Reject("count Cy R-dir=1", "X-2"), "9 common directorships of Red held in all, and it has 8 (B-4)"));
    // One escrow directorship per company (E-2).
    t.Play("count Ann escrow=G");
    CHECK(Has(t.Reject("count Cy escrow=G", "X-2"), "Ann holds the Green escrow directorship: there is one per company (E-2)"));
    // Nothing beyond any table (G-1's bound on cash; it keeps the cents from overflowing).
    CHECK(Has(t.Reject("count Cy cash=2000000000", "X-2"), "beyond any table (G-1)"));
    CHECK(Has(t.Reject("count Cy G-short=1000000000k@999.95", "X-2"), "beyond any table (G-1)"));
    // Proxies only of subsidiary spaces (E-1), of spaces the board has (BD-1).
    CHECK(Has(t.Reject("count Cy proxies=market-1", "X-2"), "(E-1)"));
    CHECK(Has(t.Reject("count Cy +proxies=nowhere", "X-2"), "(BD-1)"));
}

TEST_CASE("X-2 the table language: a count's keys and values as typed") {
    auto error = [](std::string_view line) {
        const ParseResult r = ParseCommand(line);
        REQUIRE(r.error.has_value());
        return r.error->message;
    };
    CHECK(Has(error("count"), "needs market or a player's name"));
    CHECK(Has(error("count Ann"), "needs what the table shows"));
    CHECK(Has(error("count market"), "needs what the table shows"));
    CHECK(Has(error("count Ann Y=10k Y=20k"), "counts 'Y' twice"));
    CHECK(Has(error("count Ann B-bond=10k B-deb=20k"), "twice"));
    CHECK(Has(error("count Ann G-short=10k"), "10k@0.85"));
    CHECK(Has(error("count Ann Q=5"), "has no key"));
    CHECK(Has(error("count market Y=two"), "a price per share"));
    CHECK(Has(error("count market vol=wild"), "vol=normal or vol=high"));
    CHECK(Has(error("count Ann proxies=fulwell proxies=derwent"), "twice"));
}

TEST_CASE("X-3 counts are corrections: the year-end statement of a year with counts names them") {
    Table t("game players=Ann,Bob year-cards=1 start=@market-1,@market-1");
    t.Play("count Ann Y=40k Y-dir=1");
    t.Play("note nothing to see");
    CHECK(IsCount(t.Log().At(1).command.action));
    CHECK_FALSE(IsCount(t.Log().At(2).command.action));
    // The preview names the count of this year.
    YearEndStatement preview = PreviewStatement(t.State());
    NameCounts(preview, t.Log(), t.Log().Size() - 1);
    REQUIRE(preview.counts.size() == 1);
    CHECK(preview.counts[0] == "entry 1: count Ann Y=40k Y-dir=1");
    CHECK(Has(StatementText(preview), "This year had counts (corrections to the table, X-3):\n    entry 1: count Ann Y=40k Y-dir=1"));
    CHECK(Has(StatementHtml(preview, "g"), "entry 1: count Ann Y=40k Y-dir=1"));
    // The year ends (year-cards=1): its statement names the count; the next year starts with none.
    t.Play("roll 1 2 1 @time-1\ntime\nend");
    const std::optional<YearEndStatement> last = LastYearEnd(t.Log(), t.Log().Size() - 1);
    REQUIRE(last.has_value());
    REQUIRE(last->counts.size() == 1);
    CHECK(last->counts[0] == "entry 1: count Ann Y=40k Y-dir=1");
    // Y-2: 1 Yellow directorship pays $10,000 to Ann.
    CHECK(last->rows[0].name == "Ann");
    CHECK(last->rows[0].payouts == Money::Dollars(10000));
    YearEndStatement next = PreviewStatement(t.State());
    NameCounts(next, t.Log(), t.Log().Size() - 1);
    CHECK(next.counts.empty());
    // An undone count is no longer a count of the year.
    t.Play("count Bob cash=90000\nundo");
    NameCounts(next, t.Log(), t.Log().Size() - 1);
    CHECK(next.counts.empty());
}

TEST_CASE("X-3 every count effect carries X-1, so a rule filter finds every count") {
    Table t(kHeader);
    t.Play("count Ann cash=100000");  // the ledger already agreed: only the opening note
    REQUIRE(t.LastEffects().size() == 1);
    CHECK(t.LastEffects()[0].rule == "X-1");
    CHECK(IsCountEffect(t.LastEffects()[0]));
    t.Play("count Ann cash=90000 Y=10k");
    for (const Effect& e : t.LastEffects()) CHECK(IsCountEffect(e));
}
