// The table language (COMMANDS.md): every documented line, canonical printing, and the lines a
// broker gets wrong at a table.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "lang/command.h"
#include "lang/command_table.h"
#include "model/money.h"
#include "ledger/ledger.h"
#include "bbr_names.h"
#include "kernel/game_word.h"

using namespace rutland;

namespace {

// The command a line must produce; fails the test (with the rejection) when there is none.
Command Parse(std::string_view line) {
    const ParseResult result = ParseCommand(line);
    INFO("line: " << line);
    INFO("rejected: " << (result.error ? result.error->ToString() : std::string("no")));
    REQUIRE(result.command.has_value());
    CHECK_FALSE(result.error.has_value());
    return *result.command;
}

template <class T>
T ParseAs(std::string_view line) {
    const Command command = Parse(line);
    INFO("line: " << line);
    REQUIRE(std::holds_alternative<T>(command.action));
    return std::get<T>(command.action);
}

// The message of the rejection a line must produce.
std::string Rejected(std::string_view line) {
    const ParseResult result = ParseCommand(line);
    INFO("line: " << line);
    REQUIRE(result.error.has_value());
    CHECK_FALSE(result.command.has_value());
    CHECK(result.error->rule == "COMMANDS.md");
    CHECK_FALSE(result.error->message.empty());
    return result.error->message;
}

bool Contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

std::string Canonical(std::string_view line) { return PrintCommand(Parse(line)); }

// Canonical printing is stable and parses back to the same command.
void CheckRoundTrip(std::string_view line) {
    INFO("line: " << line);
    const Command command = Parse(line);
    const std::string printed = PrintCommand(command);
    INFO("printed: " << printed);
    CHECK(Parse(printed) == command);
    CHECK(PrintCommand(Parse(printed)) == printed);
}

CompanySet Set(std::initializer_list<Company> companies) {
    CompanySet set;
    for (Company c : companies) set.Add(c);
    return set;
}

} // namespace

TEST_CASE("table language: the game header") {
    const auto h = ParseAs<GameHeader>(
        "game players=Ann,Bob,Cy,Dee cash=100000 broker=Dee sec=Cy board=standard year-cards=5 "
        "variants=uptick,rollback-cover=0.50 start=@fulwell,@time-1,@brada,@ioco");
    CHECK(h.players == std::vector<std::string>{"Ann", "Bob", "Cy", "Dee"});
    CHECK(h.cash == Money::Dollars(100000));
    CHECK(h.broker == "Dee");
    CHECK(h.sec == "Cy");
    CHECK(h.board == "standard");
    CHECK(h.year_cards == 5);
    CHECK(h.variants == std::vector<std::string>{"uptick", "rollback-cover=0.50"});
    CHECK(h.start == std::vector<std::string>{"fulwell", "time-1", "brada", "ioco"});

    SUBCASE("defaults when only players are given") {
        const auto d = ParseAs<GameHeader>("game players=Ann,Bob");
        CHECK(d.players == std::vector<std::string>{"Ann", "Bob"});
        CHECK(d.cash == Money::Dollars(100000));
        CHECK_FALSE(d.broker.has_value());
        CHECK_FALSE(d.sec.has_value());
        CHECK(d.board == "standard");
        CHECK_FALSE(d.year_cards.has_value());
        CHECK(d.variants.empty());
        CHECK(d.start.empty());
    }
    SUBCASE("options in any order, cash in k and $ forms, variants lower-cased") {
        const auto d = ParseAs<GameHeader>("GAME cash=$150,000 variants=UPTICK players=Ann,Bob");
        CHECK(d.cash == Money::Dollars(150000));
        CHECK(d.variants == std::vector<std::string>{"uptick"});
        CHECK(ParseAs<GameHeader>("game players=Ann,Bob cash=150k").cash == Money::Dollars(150000));
    }
    SUBCASE("canonical form") {
        CHECK(Canonical("game sec=Cy players=Ann,Bob,Cy cash=120k") ==
              "game players=Ann,Bob,Cy cash=120000 sec=Cy board=standard");
        CHECK(Canonical("game players=Ann,Bob start=fulwell,@IOCO variants=uptick year-cards=3") ==
              "game players=Ann,Bob cash=100000 board=standard year-cards=3 variants=uptick start=@fulwell,@ioco");
    }
    SUBCASE("rejections") {
        CHECK(Contains(Rejected("game cash=100000"), "players"));
        CHECK(Contains(Rejected("game players=Ann,Bob colour=red"), "'colour='"));
        CHECK(Contains(Rejected("game players=Ann,,Bob"), "empty name"));
        CHECK(Contains(Rejected("game players=Ann,Bob,Ann"), "'Ann' twice"));
        CHECK(Contains(Rejected("game players=Ann players=Bob"), "twice"));
        CHECK(Contains(Rejected("game players=Ann,Bob cash=100000.50"), "whole dollars only"));
        CHECK(Contains(Rejected("game players=Ann,Bob cash=0"), "'0'"));
        CHECK(Contains(Rejected("game players=Ann,Bob year-cards=many"), "'many'"));
        CHECK(Contains(Rejected("game players=Ann,Bob cash="), "needs a value"));
        CHECK(Contains(Rejected("game Ann,Bob"), "'Ann,Bob'"));
    }
}

TEST_CASE("table language: a header may name this game by its game word, printed without it; another game's is refused by name") {
    // `game big-board-raiders players=...` is the same header (kernel/game_word.h); the canonical
    // line has no game word, so what is stored and hashed never changes (basic_store.h invariant 22).
    CHECK(Canonical("game big-board-raiders players=Ann,Bob cash=120k") == Canonical("game players=Ann,Bob cash=120k"));
    CHECK(Canonical("GAME Big-Board-Raiders players=Ann,Bob") == Canonical("game players=Ann,Bob"));
    CHECK(Canonical("game big-board-raiders players=Ann,Bob").rfind("game players=Ann,Bob ", 0) == 0);
    CHECK_FALSE(rutland::HeaderGameWord(Canonical("game big-board-raiders players=Ann,Bob")));
    CHECK(ParseAs<GameHeader>("game big-board-raiders players=Ann,Bob,Cy").players.size() == 3);
    // Another game's word: refused naming it, whatever follows.
    const std::string flutter = Rejected("game flutter players=Ann,Bob");
    CHECK_MESSAGE(Contains(flutter, "this is Big Board Raiders' table language: 'flutter' would name another game"), flutter);
    CHECK(Contains(Rejected("game toy"), "'toy' would name another game"));
    // Only right after `game`: later, a word without '=' is a wrong option, as before.
    CHECK(Contains(Rejected("game players=Ann,Bob big-board-raiders"), "options like players=Ann,Bob"));
    CHECK(Contains(Rejected("game big-board-raiders big-board-raiders players=Ann"), "'big-board-raiders'"));
    CHECK(Contains(Rejected("game big-board-raiders"), "players"));
}

TEST_CASE("table language: turn commands") {
    const auto roll = ParseAs<Roll>("roll 3 4 2 @fulwell");
    CHECK(roll.d1 == 3);
    CHECK(roll.d2 == 4);
    CHECK(roll.volatility == 2);
    CHECK(roll.space == "fulwell");
    CHECK_FALSE(ParseAs<Roll>("roll 6 6 1").space.has_value());
    CHECK(ParseAs<Roll>("roll 1 2 3 @Fulw").space == "fulw");

    const auto time = ParseAs<TimeCard>("time card=T-04 high-vol @fulwell delist=R");
    CHECK(time.card == "T-04");
    CHECK(time.high_volatility);
    CHECK(time.space == "fulwell");
    CHECK(time.delist == Company::Red);
    CHECK(ParseAs<TimeCard>("time") == TimeCard{});
    CHECK(ParseAs<TimeCard>("time delist=green card=t-4").card == "T-04");
    CHECK(ParseAs<TimeCard>("time delist=green card=t-4").delist == Company::Green);
    CHECK(ParseAs<TimeCard>("time card=T9").card == "T-09");
    CHECK(ParseAs<TimeCard>("time HIGH-VOL").high_volatility);

    CHECK(std::holds_alternative<EndTurn>(Parse("end").action));
    CHECK(std::holds_alternative<YearEnd>(Parse("year-end").action));
    CHECK(ParseAs<SetPlayer>("player Bob").name == "Bob");
    CHECK(ParseAs<SetPlayer>("PLAYER bob").name == "bob");  // names keep the case as typed

    SUBCASE("rejections") {
        CHECK(Rejected("roll") == "'roll' needs three dice, e.g. roll 3 4 2 @fulwell");
        CHECK(Contains(Rejected("roll 3 4"), "three dice"));
        CHECK(Contains(Rejected("roll 3 four 2"), "'four'"));
        CHECK(Contains(Rejected("roll 3 4 2.5"), "'2.5'"));
        CHECK(Contains(Rejected("roll 3 4 2 fulwell"), "'fulwell'"));
        CHECK(Contains(Rejected("roll 3 4 2 @fulwell now"), "'now'"));
        CHECK(Contains(Rejected("time card=T-100"), "'card=T-100'"));
        CHECK(Contains(Rejected("time delist=purple"), "'delist=purple'"));
        CHECK(Contains(Rejected("time high-vol high-vol"), "twice"));
        CHECK(Contains(Rejected("time sideways"), "'sideways'"));
        CHECK(Contains(Rejected("end now"), "'now'"));
        CHECK(Contains(Rejected("player"), "player name"));
        CHECK(Contains(Rejected("player Bob Cy"), "'Cy'"));
    }
}

TEST_CASE("table language: trades") {
    const auto buy = ParseAs<Buy>("buy B 10k");
    CHECK(buy == Buy{Company::Blue, Security::Common, 10000});
    CHECK(ParseAs<Sell>("sell B 10k") == Sell{Company::Blue, Security::Common, 10000});
    CHECK(ParseAs<Buy>("buy Y pref 10k") == Buy{Company::Yellow, Security::Preferred, 10000});
    CHECK(ParseAs<Sell>("sell Y pref 10k") == Sell{Company::Yellow, Security::Preferred, 10000});
    CHECK(ParseAs<Buy>("buy B bond 20k") == Buy{Company::Blue, Security::Bond, 20000});
    CHECK(ParseAs<Sell>("sell R bond 40k") == Sell{Company::Red, Security::Bond, 40000});
    CHECK(ParseAs<Sell>("sell R deb 40k") == Sell{Company::Red, Security::Bond, 40000});
    CHECK(ParseAs<ShortSale>("short R 5k") == ShortSale{Company::Red, 5000});
    CHECK(ParseAs<Cover>("cover R 5k") == Cover{Company::Red, 5000});
    CHECK(ParseAs<BuyDirectorship>("dir B") == BuyDirectorship{Company::Blue, 1});
    CHECK(ParseAs<BuyDirectorship>("dir B 2") == BuyDirectorship{Company::Blue, 2});
    CHECK(ParseAs<Convert>("convert Y pref 10k") == Convert{Company::Yellow, Security::Common, 10000});
    CHECK(ParseAs<Convert>("convert Y common 10k") == Convert{Company::Yellow, Security::Preferred, 10000});
    CHECK(ParseAs<Convert>("convert B bond 20k") == Convert{Company::Blue, Security::Bond, 20000});
    CHECK(ParseAs<Rights>("rights R 5k 2000") == Rights{Company::Red, 5000, Money::Dollars(2000)});
    CHECK(ParseAs<AcceptOption>("call B 5k 7750 500") ==
          AcceptOption{OptionKind::Call, Company::Blue, 5000, Money::Dollars(7750), Money::Dollars(500)});
    CHECK(ParseAs<AcceptOption>("put B 5k 11750 500") ==
          AcceptOption{OptionKind::Put, Company::Blue, 5000, Money::Dollars(11750), Money::Dollars(500)});
    CHECK(ParseAs<Exercise>("exercise #3 cash") == Exercise{3, ExerciseMode::Cash});
    CHECK(ParseAs<Exercise>("exercise #3 buy") == Exercise{3, ExerciseMode::Buy});
    CHECK(ParseAs<Exercise>("exercise #3 cover") == Exercise{3, ExerciseMode::Cover});
    CHECK(ParseAs<Exercise>("exercise #3 sell") == Exercise{3, ExerciseMode::Sell});
    CHECK(ParseAs<Exercise>("exercise #3 short") == Exercise{3, ExerciseMode::Short});
    CHECK(ParseAs<Transfer>("transfer #3 Cy 1500") == Transfer{3, "Cy", Money::Dollars(1500)});
    CHECK(ParseAs<EscrowChange>("escrow switch G") == EscrowChange{Company::Green});
    CHECK(ParseAs<EscrowChange>("escrow give-up") == EscrowChange{std::nullopt});
    CHECK(std::holds_alternative<Declare>(Parse("declare").action));
}

TEST_CASE("table language: security words and company names") {
    for (const char* word : {"bond", "bonds", "deb", "debs", "debenture", "debentures", "BOND", "Debs"}) {
        INFO(word);
        CHECK(ParseAs<Buy>(std::string("buy G ") + word + " 10k").security == Security::Bond);
    }
    CHECK(ParseAs<Buy>("buy Y preferred 5k").security == Security::Preferred);
    CHECK(ParseAs<Buy>("buy Y common 5k").security == Security::Common);
    CHECK(ParseAs<Buy>("buy yellow 5k").company == Company::Yellow);
    CHECK(ParseAs<Buy>("buy BLUE 5k").company == Company::Blue);
    CHECK(ParseAs<Buy>("buy r 5k").company == Company::Red);
    CHECK(ParseAs<Buy>("buy Green 5k").company == Company::Green);
}

TEST_CASE("table language: ledger and table commands") {
    CHECK(ParseAs<Undo>("undo").count == 1);
    CHECK(ParseAs<Undo>("undo 3").count == 3);
    CHECK(ParseAs<Redo>("redo").count == 1);
    CHECK(ParseAs<Redo>("redo 2").count == 2);
    CHECK(ParseAs<Note>("note Bob says the roll was 5, not 6").text == "Bob says the roll was 5, not 6");
    CHECK(ParseAs<Note>("NOTE   Keeps Its Case  ").text == "Keeps Its Case");

    const auto fix = ParseAs<BoardFix>("board @derwent trend=DUUD ask=BRG bid=YG kind=time pos=12");
    CHECK(fix.space == "derwent");
    CHECK(fix.trend == Trends{Trend::Down, Trend::Up, Trend::Up, Trend::Down});
    CHECK(fix.ask == Set({Company::Blue, Company::Red, Company::Green}));
    CHECK(fix.bid == Set({Company::Yellow, Company::Green}));
    CHECK(fix.kind == SpaceKind::Time);
    CHECK(fix.position == 12);

    const auto partial = ParseAs<BoardFix>("board @fulwell ask=-");
    CHECK(partial.ask == CompanySet{});
    CHECK_FALSE(partial.trend.has_value());
    CHECK_FALSE(partial.bid.has_value());
    CHECK_FALSE(partial.kind.has_value());
    CHECK_FALSE(partial.position.has_value());
    CHECK(ParseAs<BoardFix>("board @x pos=0").position == 0);
    CHECK(ParseAs<BoardFix>("board @x kind=SUBSIDIARY").kind == SpaceKind::Subsidiary);
    CHECK(ParseAs<BoardFix>("board @x kind=market").kind == SpaceKind::Market);
}

TEST_CASE("table language: acting for another player") {
    const Command command = Parse("Bob: sell R 10k");
    CHECK(command.actor == "Bob");
    CHECK(std::get<Sell>(command.action) == Sell{Company::Red, Security::Common, 10000});
    CHECK(Parse("sell R 10k").actor == std::nullopt);
    CHECK(Parse("Cy: transfer #2 Ann 0").actor == "Cy");
    CHECK(Parse("Dee: note broker's ruling # stands").actor == "Dee");

    CHECK(Contains(Rejected("Bob:"), "needs a command"));
    CHECK(Contains(Rejected("Bob: # margin call"), "needs a command"));
    CHECK(Contains(Rejected(": sell R 10k"), "not a player name"));
    CHECK(Contains(Rejected("Bob@x: sell R 10k"), "not a player name"));
}

TEST_CASE("table language: comments, option ids and blank lines") {
    for (const char* blank : {"", "   ", "\t", "# a comment", "   # indented comment", "#", "\r\n", "#3"}) {
        INFO("line: '" << blank << "'");
        const ParseResult result = ParseCommand(blank);
        if (std::string_view(blank) == "#3") {
            // An option id is not a comment, and is not a command either.
            CHECK(result.error.has_value());
            continue;
        }
        CHECK_FALSE(result.command.has_value());
        CHECK_FALSE(result.error.has_value());
    }
    CHECK(ParseAs<Buy>("buy B 10k # Ann asked for 10") == Buy{Company::Blue, Security::Common, 10000});
    CHECK(ParseAs<Buy>("buy B 10k#no space") == Buy{Company::Blue, Security::Common, 10000});
    CHECK(ParseAs<Exercise>("exercise #3 cash # the Blue call") == Exercise{3, ExerciseMode::Cash});
    CHECK(ParseAs<Exercise>("exercise #12 sell") == Exercise{12, ExerciseMode::Sell});
    CHECK(ParseAs<Transfer>("transfer #3 Cy 1500 # agreed at the table").price == Money::Dollars(1500));
    CHECK(ParseAs<Buy>("buy B 10k\r\n") == Buy{Company::Blue, Security::Common, 10000});
    // A note is free text: it keeps a '#' and everything after it.
    CHECK(ParseAs<Note>("note Bob: #2 was sold # really").text == "Bob: #2 was sold # really");
}

TEST_CASE("table language: share counts and money forms") {
    CHECK(ParseAs<Buy>("buy B 10000").amount == 10000);
    CHECK(ParseAs<Buy>("buy B 10,000").amount == 10000);
    CHECK(ParseAs<Buy>("buy B 10K").amount == 10000);
    CHECK(ParseAs<Buy>("buy B 2500").amount == 2500);
    CHECK(ParseAs<Buy>("buy B 1,250,000").amount == 1250000);
    CHECK(ParseAs<Buy>("buy R bond $40,000").amount == 40000);
    CHECK(ParseAs<Buy>("buy R bond $40k").amount == 40000);
    CHECK(ParseAs<AcceptOption>("call B 5k $7,750 $500").strike_total == Money::Dollars(7750));
    CHECK(ParseAs<AcceptOption>("call B 5k $7750 500").strike_total == Money::Dollars(7750));
    CHECK(ParseAs<AcceptOption>("call B 5k 7750 0").cost == Money::Dollars(0));
    CHECK(ParseAs<Rights>("rights R 5k 2k").price == Money::Dollars(2000));
    CHECK(ParseAs<Transfer>("transfer #3 Cy $1,500").price == Money::Dollars(1500));

    CHECK(PrintCount(10000) == "10k");
    CHECK(PrintCount(2500) == "2500");
    CHECK(PrintCount(1000) == "1k");
    CHECK(PrintCount(1250000) == "1250k");
    CHECK(PrintCount(0) == "0");
}

TEST_CASE("table language: canonical printing") {
    CHECK(Canonical("BUY blue 10000") == "buy B 10k");
    CHECK(Canonical("buy r deb $40,000") == "buy R bond 40k");
    CHECK(Canonical("sell y preferred 2,500") == "sell Y pref 2500");
    CHECK(Canonical("buy g common 5000") == "buy G 5k");
    CHECK(Canonical("Bob: SELL red 10,000") == "Bob: sell R 10k");
    CHECK(Canonical("rights red 5000 $2,000") == "rights R 5k 2000");
    CHECK(Canonical("call blue 5000 $7,750 $500") == "call B 5k 7750 500");
    CHECK(Canonical("put b 5k 11750 500") == "put B 5k 11750 500");
    CHECK(Canonical("transfer 3 Cy $1,500") == "transfer #3 Cy 1500");
    CHECK(Canonical("dir b 1") == "dir B");
    CHECK(Canonical("dir b 2") == "dir B 2");
    CHECK(Canonical("undo 1") == "undo");
    CHECK(Canonical("redo 3") == "redo 3");
    CHECK(Canonical("convert yellow preferred 10000") == "convert Y pref 10k");
    CHECK(Canonical("convert y COMMON 10000") == "convert Y common 10k");
    CHECK(Canonical("convert b bonds $20,000") == "convert B bond 20k");
    CHECK(Canonical("escrow SWITCH green") == "escrow switch G");
    CHECK(Canonical("escrow giveup") == "escrow give-up");
    CHECK(Canonical("time delist=red @Fulwell HIGH-VOL card=t-4") == "time card=T-04 high-vol @fulwell delist=R");
    CHECK(Canonical("roll 3 4 2 @FULWELL") == "roll 3 4 2 @fulwell");
    CHECK(Canonical("board @x pos=3 kind=TIME bid=gy ask=rb trend=duud") ==
          "board @x trend=DUUD ask=BR bid=YG kind=time pos=3");
    CHECK(Canonical("board @x bid=-") == "board @x bid=-");
    CHECK(Canonical("note   spaced   out  ") == "note spaced   out");
}

TEST_CASE("table language: round trips for every command kind") {
    for (const char* line : {
             "game players=Ann,Bob,Cy,Dee cash=100000 broker=Dee sec=Cy board=standard year-cards=5 "
             "variants=uptick,rollback-cover=0.50 start=@fulwell,@time-1,@brada,@ioco",
             "game players=Ann,Bob",
             "roll 3 4 2 @fulwell",
             "roll 6 6 1",
             "time card=T-04 high-vol @fulwell delist=R",
             "time",
             "end",
             "year-end",
             "player Bob",
             "buy B 10k",
             "buy Y pref 10k",
             "buy B bond 20k",
             "sell B 2500",
             "sell Y pref 10k",
             "sell R bond 40k",
             "short R 5k",
             "cover R 5k",
             "dir B",
             "dir B 2",
             "convert Y pref 10k",
             "convert Y common 10k",
             "convert B bond 20k",
             "rights R 5k 2000",
             "call B 5k 7750 500",
             "put B 5k 11750 500",
             "exercise #3 cash",
             "exercise #3 short",
             "transfer #3 Cy 1500",
             "escrow switch G",
             "escrow give-up",
             "declare",
             "undo",
             "undo 3",
             "redo",
             "redo 2",
             "note Bob disputes the roll # and the card",
             "board @derwent trend=DUUD ask=BRG bid=YG kind=time pos=12",
             "board @fulwell ask=-",
             "Bob: sell R 10k",
             "Dee: note margin call for Bob",
             "Ann: escrow give-up",
             "count market Y=2.35 B=1.80 R=0.75 G=1.20 vol=high delisted=R,G year=2 cards=1 turn=Bob",
             "count market delisted=none vol=normal",
             "count market y=2 cards=0",
             "count Ann cash=54000 Y=20k Y-pref=10k B-bond=20k R-deb=10k G-short=10k@0.85 B-dir=2 escrow=G "
             "proxies=fulwell,derwent",
             "count Ann G-short=0 escrow=none proxies=none",
             "count Bob +proxies=@brada cash=$1,500 yellow=0 R-bond=0",
             "Cy: count Ann B=5k",
         }) {
        CheckRoundTrip(line);
    }
}

namespace {

// X-1's two counts with odd values the rules would refuse (X-2) but the language carries as typed.
Action Counted(bool player) {
    if (!player) {
        CountMarket m;
        m.price = {Money::Cents(233), std::nullopt, Money::Cents(5), Money::Cents(100000)};
        m.high_volatility = false;
        m.delisted = CompanySet{};
        m.year = 0;
        m.cards = 40;
        m.turn = "Zoë";
        return m;
    }
    CountPlayer p;
    p.player = "Zoë";
    CountedHoldings& held = p.counted.Mut();
    held.cash = Money::Dollars(0);
    held.common[0] = 7000;
    held.preferred[1] = 15000;
    held.bonds[3] = 0;
    held.shorts[0] = CountedShort{};
    held.shorts[1] = CountedShort{5000, Money::Cents(1)};
    held.directorships[2] = 9;
    held.escrow = std::optional<Company>();
    held.proxies = std::vector<std::string>{"a", "b"};
    held.add_proxies = true;
    return p;
}

} // namespace

TEST_CASE("table language: printing built commands parses back to them") {
    const Command commands[] = {
        {std::nullopt, Buy{Company::Green, Security::Bond, 12345}},
        {std::string("Zoë"), Sell{Company::Yellow, Security::Preferred, 999}},
        {std::nullopt, Convert{Company::Red, Security::Preferred, 7000}},
        {std::nullopt, AcceptOption{OptionKind::Put, Company::Green, 5000, Money::Dollars(1), Money::Dollars(0)}},
        {std::nullopt, BoardFix{"time-2", Trends{Trend::Up, Trend::Up, Trend::Up, Trend::Up}, CompanySet{},
                                CompanySet{15}, SpaceKind::Calls, 39}},
        {std::nullopt, TimeCard{std::nullopt, false, std::nullopt, Company::Blue}},
        {std::nullopt, Counted(false)},
        {std::nullopt, Counted(true)},
        {std::nullopt, GameHeader{{"A", "B"}, Money::Dollars(250000), std::string("B"), std::nullopt, "advanced",
                                  2, {"uptick"}, {"a", "b"}}},
    };
    for (const Command& command : commands) {
        const std::string printed = PrintCommand(command);
        INFO("printed: " << printed);
        CHECK(Parse(printed) == command);
    }
}

TEST_CASE("table language: rejections quote the offending word") {
    CHECK(Rejected("bye") == "unknown command 'bye'");
    CHECK(Rejected("Bob: bye now") == "unknown command 'bye'");
    CHECK(Rejected("buy X 10k") == "'buy' needs a company (Y, B, R or G), got 'X'");
    CHECK(Contains(Rejected("buy"), "'buy' needs a company (Y, B, R or G)"));
    CHECK(Contains(Rejected("buy 10k"), "got '10k'"));
    CHECK(Rejected("buy B 7.5k") == "'buy' needs a share count in lots like 10k, got '7.5k' (whole shares only)");
    CHECK(Contains(Rejected("buy B 2500.5"), "whole shares only"));
    CHECK(Contains(Rejected("buy B 0"), "above zero, got '0'"));
    CHECK(Contains(Rejected("buy B 0k"), "above zero"));
    CHECK(Contains(Rejected("sell B -5k"), "'-5k'"));
    CHECK(Contains(Rejected("buy B"), "share count"));
    CHECK(Contains(Rejected("buy B ten"), "'ten'"));
    CHECK(Contains(Rejected("buy B 1,0000"), "'1,0000'"));
    CHECK(Contains(Rejected("buy B $10k"), "'$10k'"));  // dollars are not a share count
    CHECK(Contains(Rejected("buy B 10k now"), "unexpected 'now'"));
    CHECK(Contains(Rejected("buy B pref"), "share count"));
    CHECK(Contains(Rejected("buy R bond 40.5k"), "whole dollars only"));
    CHECK(Contains(Rejected("rights R 5k 1.55"), "whole dollars only"));
    CHECK(Contains(Rejected("rights R 5k 0"), "above zero"));
    CHECK(Contains(Rejected("call B 5k 7750"), "cost"));
    CHECK(Contains(Rejected("dir B 0"), "'0'"));
    CHECK(Contains(Rejected("dir B two"), "'two'"));
    CHECK(Contains(Rejected("convert Y 10k"), "'10k'"));
    CHECK(Contains(Rejected("convert Y"), "pref, common or bond"));
    CHECK(Contains(Rejected("exercise 3x cash"), "'3x'"));
    CHECK(Contains(Rejected("exercise #3 later"), "'later'"));
    CHECK(Contains(Rejected("exercise #3"), "cash, buy, cover, sell or short"));
    CHECK(Contains(Rejected("transfer #3 Cy"), "price"));
    CHECK(Contains(Rejected("escrow"), "give-up"));
    CHECK(Contains(Rejected("escrow keep"), "'keep'"));
    CHECK(Contains(Rejected("escrow switch"), "company"));
    CHECK(Contains(Rejected("declare victory"), "'victory'"));
    CHECK(Contains(Rejected("undo 0"), "'0'"));
    CHECK(Contains(Rejected("redo -1"), "'-1'"));
    CHECK(Contains(Rejected("undo 2 3"), "'3'"));
}

TEST_CASE("table language: notes and board fixes that are rejected") {
    CHECK(Contains(Rejected("note"), "'note' needs some text"));
    CHECK(Contains(Rejected("note    "), "'note' needs some text"));
    CHECK(Contains(Rejected("Bob: note"), "'note' needs some text"));

    CHECK(Contains(Rejected("board @x trend=DUU"), "'trend=DUU'"));
    CHECK(Contains(Rejected("board @x trend=DUUX"), "'trend=DUUX'"));
    CHECK(Contains(Rejected("board @x trend=DUUDU"), "'trend=DUUDU'"));
    CHECK(Contains(Rejected("board @x ask=BXG"), "'ask=BXG'"));
    CHECK(Contains(Rejected("board @x ask=BB"), "'ask=BB'"));
    CHECK(Contains(Rejected("board @x bid="), "'bid='"));
    CHECK(Contains(Rejected("board @x kind=castle"), "'kind=castle'"));
    CHECK(Contains(Rejected("board @x pos=-1"), "'pos=-1'"));
    CHECK(Contains(Rejected("board @x colour=red"), "'colour='"));
    CHECK(Contains(Rejected("board @x"), "something to correct"));
    CHECK(Contains(Rejected("board trend=DUUD"), "space"));
    CHECK(Contains(Rejected("board @x @y pos=1"), "'@y'"));
    CHECK(Contains(Rejected("board @x pos=1 pos=2"), "twice"));
}

TEST_CASE("table language: huge numbers and odd bytes are rejected cleanly") {
    CHECK(Contains(Rejected("buy B 99999999999999999999999999999999"), "too large"));
    CHECK(Contains(Rejected("buy B 9223372036854775807"), "too large"));
    CHECK(Contains(Rejected("buy B 9223372036854775k"), "too large"));
    CHECK(Contains(Rejected("buy B 1000000001k"), "too large"));
    CHECK(ParseAs<Buy>("buy B 1000000000k").amount == 1'000'000'000'000);
    CHECK(Contains(Rejected("rights R 5k $99,999,999,999,999,999"), "too large"));
    CHECK(Contains(Rejected("game players=A,B cash=9999999999999999999"), "too large"));
    CHECK(Contains(Rejected("roll 99999999999 1 1"), "'99999999999'"));
    CHECK(Contains(Rejected("undo 99999999999"), "too large"));
    CHECK(Contains(Rejected("exercise #99999999999 cash"), "option id"));
    CHECK(Contains(Rejected("board @x pos=99999999999"), "pos="));
    CHECK(Contains(Rejected("time card=T-99999999999"), "card="));

    // A long word is cut when quoted so the message stays one readable line.
    const std::string long_word(5000, 'z');
    const std::string message = Rejected(long_word);
    CHECK(message.size() < 100);

    CHECK(Contains(Rejected(std::string("buy B\0 10k", 10)), "control character"));
    CHECK(Contains(Rejected("buy B\n10k"), "line break"));
    CHECK(Contains(Rejected("note \xff\xfe"), "UTF-8"));
    CHECK(Contains(Rejected("\xc3"), "UTF-8"));
    CHECK(ParseAs<Note>("note Zoë paid €5").text == "Zoë paid €5");

    for (std::string_view odd : {"@", "$", "k", ",", "=", ":", "::", "buy B ,", "buy B k", "buy B $", "buy B -",
                                 "buy B 1..0", "game players=", "game =", "board @", "time card=", "roll 1 2 3 @",
                                 "exercise # cash", "transfer #1 Cy -", "escrow switch ,", "#3 #4"}) {
        INFO("line: " << odd);
        const ParseResult result = ParseCommand(odd);
        CHECK(result.command.has_value() != result.error.has_value());
    }
}

TEST_CASE("table language: every byte and many junk lines neither crash nor throw") {
    // A cheap stand-in for the fuzzer: every byte in every argument position.
    const std::string_view prefixes[] = {"", "buy B ", "buy ", "note ", "game players=", "board @x trend=",
                                         "Bob: ", "roll 1 2 ", "time card="};
    for (std::string_view prefix : prefixes) {
        for (int byte = 0; byte < 256; ++byte) {
            const std::string line = std::string(prefix) + static_cast<char>(byte) + "1k";
            ParseResult result;
            CHECK_NOTHROW(result = ParseCommand(line));
            CHECK((result.command.has_value() && result.error.has_value()) == false);
            if (result.command) CHECK(ParseCommand(PrintCommand(*result.command)).command == result.command);
        }
    }
    uint32_t state = 12345;
    const std::string alphabet = "bsy kK0123456789,.$#@:=-UDYBRGpref ondtg\t\xc3\xa9\xff";
    for (int i = 0; i < 3000; ++i) {
        std::string line;
        const int length = static_cast<int>(state % 24);
        for (int k = 0; k < length; ++k) {
            state = state * 1103515245u + 12345u;
            line += alphabet[(state >> 8) % alphabet.size()];
        }
        state = state * 1103515245u + 12345u;
        ParseResult result;
        CHECK_NOTHROW(result = ParseCommand(line));
        if (result.command) CHECK(ParseCommand(PrintCommand(*result.command)).command == result.command);
    }
}

// [SECTION] Names (core/base/names.h): one player whatever the case or the Unicode form.
// "\u00c9va" is Éva with a precomposed É (NFC); "E\u0301va" the same name as E + a combining acute
// (NFD, what some keyboards send); "\u00e9va" is éva.

TEST_CASE("table language: G-1 two players whose names differ only by case or Unicode form are refused") {
    for (std::string_view header : {"game players=\u00c9va,\u00e9va", "game players=\u00c9va,E\u0301va",
                                    "game players=Ann,\u00c9VA,\u00e9va", "game players=Stra\u00dfe,STRASSE"}) {
        INFO("line: " << header);
        const ParseResult result = ParseCommand(header);
        REQUIRE(result.error.has_value());
        CHECK_FALSE(result.command.has_value());
        CHECK(result.error->rule == "G-1");
        CHECK(Contains(result.error->message, "differ only by case or by how an accent is typed"));
    }
    // ASCII case was refused before (COMMANDS.md) and still is.
    CHECK(Contains(Rejected("game players=Bob,BOB"), "'BOB' twice"));
}

TEST_CASE("table language: COMMANDS.md names typed now are stored in NFC, whatever the keyboard sent") {
    const auto header = ParseAs<GameHeader>("game players=E\u0301va,Bob broker=E\u0301va sec=Zoe\u0308");
    REQUIRE(header.players.size() == 2);
    CHECK(header.players[0] == "\u00c9va");  // 2 bytes for É instead of 3 for E + U+0301
    CHECK(*header.broker == "\u00c9va");
    CHECK(*header.sec == "Zo\u00eb");
    CHECK(Canonical("e\u0301va: sell B 10k") == "\u00e9va: sell B 10k");
    CHECK(Canonical("player E\u0301VA") == "player \u00c9VA");
    CHECK(ParseAs<Transfer>("transfer #3 e\u0301va 1500").to == "\u00e9va");
    // U+0958 (3 bytes) has no composed form: NFC writes it as U+0915 U+093C (6 bytes). 21 of them
    // fit the 64 bytes a name may have as typed, not in NFC (126 bytes): refused, never stored longer.
    std::string qa;
    for (int i = 0; i < 21; ++i) qa += "\u0958";
    CHECK(Contains(Rejected("player " + qa), "too long for a player name"));
    // A line a game file holds is read as it was written (the game replays byte for byte).
    const ParseResult stored = ParseCommand("game players=E\u0301va,Bob", ParseMode::Stored);
    REQUIRE(stored.command.has_value());
    CHECK(std::get<GameHeader>(stored.command->action).players[0] == "E\u0301va");
}

TEST_CASE("table language: G-2 a player named by another case or Unicode form is the header's player, spelled as the header spells it") {
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(ParseAs<GameHeader>("game players=\u00c9va,Bob"), &why);
    REQUIRE(ledger.has_value());
    CHECK(ledger->State().FindPlayer("\u00e9VA") == 0);
    CHECK(ledger->State().FindPlayer("E\u0301va") == 0);
    CHECK(ledger->State().FindPlayer("e\u0301VA") == 0);
    CHECK_FALSE(ledger->State().FindPlayer("Eva").has_value());  // no accent is another name
    SubmitResult r = ledger->SubmitLine("player \u00e9va");
    REQUIRE_MESSAGE(r.accepted, r.rejection.ToString());
    CHECK(ledger->At(r.seq).line == "player \u00c9va");  // the header's spelling, hand-written
    CHECK(ledger->State().current == 0);
    r = ledger->SubmitLine("player BOB");
    REQUIRE(r.accepted);
    CHECK(ledger->State().current == 1);
    r = ledger->SubmitLine("E\u0301VA: note I was not asked");
    REQUIRE_MESSAGE(r.accepted, r.rejection.ToString());
}

TEST_CASE("table language: G-2 an older game whose players differ only by accents' case still replays, each by its exact spelling") {
    // Before names were folded (base/names.h) "Éva" and "éva" were two players. Such a file keeps opening: its header is read
    // as stored, its lines name each player by the header's exact spelling, and that spelling wins.
    const ParseResult header = ParseCommand("game players=\u00c9va,\u00e9va", ParseMode::Stored);
    REQUIRE(header.command.has_value());
    Rejection why;
    std::optional<Ledger> ledger = Ledger::Start(std::get<GameHeader>(header.command->action), &why);
    REQUIRE_MESSAGE(ledger.has_value(), why.ToString());
    CHECK(ledger->State().FindPlayer("\u00e9va") == 1);
    CHECK(ledger->State().FindPlayer("\u00c9va") == 0);
    CHECK_FALSE(ledger->State().FindPlayer("\u00c9VA").has_value());  // both fit: nobody, never a guess
    REQUIRE(ledger->Submit(*ParseCommand("player \u00e9va", ParseMode::Stored).command).accepted);
    CHECK(ledger->State().current == 1);
}

TEST_CASE("table language: COMMANDS.md a name with a bidi control, control or invisible character is refused, shown escaped") {
    struct Case {
        std::string line, shown, what;
    };
    const Case cases[] = {
        {"game players=Ann,Bo\u202Eb", "'Bo<U+202E>b'", "U+202E, a bidi control character"},
        {"game players=Ann,Bob broker=\u2066Dee", "'<U+2066>Dee'", "U+2066, a bidi control character"},
        {"game players=Ann,Bob sec=Cy\u200E", "'Cy<U+200E>'", "U+200E, a bidi control character"},
        {"A\u200Fnn: end", "'A<U+200F>nn'", "U+200F, a bidi control character"},
        {"player Bo\u2069b", "'Bo<U+2069>b'", "U+2069, a bidi control character"},
        {"transfer #3 C\u061Cy 1500", "'C<U+061C>y'", "U+061C, a bidi control character"},
        {"player Bo\u202Ab", "'Bo<U+202A>b'", "U+202A, a bidi control character"},
        {"player Bo\u0085b", "'Bo<U+0085>b'", "U+0085, a control character"},
        {"player Bo\u2028b", "'Bo<U+2028>b'", "U+2028, a line break"},
        {"player Bo\u200Bb", "'Bo<U+200B>b'", "U+200B, an invisible formatting character"},
        {"Bo\u202Eb: note hello", "'Bo<U+202E>b'", "U+202E, a bidi control character"},
    };
    for (const Case& c : cases) {
        const std::string message = Rejected(c.line);
        INFO("message: " << message);
        CHECK(Contains(message, c.shown + " cannot be a player name: it holds " + c.what));
        // The message never carries the character itself: a terminal would reorder the text.
        CHECK_FALSE(Contains(message, "\u202E"));
        CHECK_FALSE(Contains(message, "\u2066"));
    }
    // Accents, other scripts and apostrophes are names.
    CHECK(ParseAs<GameHeader>("game players=Zo\u00eb,\u674e\u5a1c,O'Neil,\u0417\u043e\u044f").players.size() == 4);
}

TEST_CASE("table language: COMMANDS.md a note typed now holds at most 1,000 characters; a stored one any number") {
    const std::string at_limit = "note " + std::string(1000, 'x');
    CHECK(ParseAs<Note>(at_limit).text.size() == 1000);
    std::string accents = "note ";
    for (int i = 0; i < 1000; ++i) accents += "\u00e9";  // 1,000 characters in 2,000 bytes: accepted
    CHECK(ParseAs<Note>(accents).text.size() == 2000);
    const std::string message = Rejected("Bob: note " + std::string(32000, 'x'));
    CHECK(message == "a note holds at most 1,000 characters, this one has 32,000: write it as several notes");
    CHECK(Contains(Rejected("note " + std::string(1001, 'y')), "this one has 1,001"));
    // An older game file's note of 32,000 characters still reads (the dashboard cuts it for display).
    const ParseResult stored = ParseCommand("note " + std::string(32000, 'x'), ParseMode::Stored);
    REQUIRE(stored.command.has_value());
    CHECK(std::get<Note>(stored.command->action).text.size() == 32000);
}

// One table (lang/command_table.h) describes each command once. The parser's messages quote its
// examples, IsKnownKeyword reads its keywords, the entry line's completion its arguments; here every
// example must parse to a command of its own keyword, so an example the parser rejects, or a
// keyword no handler parses, fails.
TEST_CASE("the command table: every keyword is known and its example parses to a command of that keyword") {
    CHECK(Commands().size() == 24);  // COMMANDS.md's tables: 22 commands, count (X-1) and the game header
    for (const CommandInfo& c : Commands()) {
        CAPTURE(c.keyword);
        CHECK(IsKnownKeyword(c.keyword));
        CHECK(Usage(c.keyword) == c.usage);
        const ParseResult parsed = ParseCommand(c.usage);
        REQUIRE_MESSAGE(!parsed.error, parsed.error->ToString());
        REQUIRE(parsed.command);
        const std::string printed = PrintCommand(*parsed.command);
        CHECK(printed.substr(0, printed.find(' ')) == c.keyword);
        CHECK(c.arg_count <= static_cast<int>(c.args.size()));
    }
    CHECK_FALSE(IsKnownKeyword("count-me-not"));
    CHECK(Usage("count-me-not") == "count-me-not");
    // The messages quote the table's example (hand-written here, not read from the table).
    CHECK(ParseCommand("sell B").error->message == "'sell' needs a share count in lots like 10k, e.g. sell B 10k");
}

TEST_CASE("table language: COMMANDS.md every line typed now has a length bound (kMaxLineBytes), count lines too, a stored one reads") {
    // A `count` line of 7 MB (one proxy named again and again) was stored as one entry.
    std::string count = "count Ann proxies=fulwell";
    while (count.size() <= 7 * 1024 * 1024) count += ",fulwell";
    const std::string message = Rejected(count);
    INFO("message: " << message);
    CHECK(Contains(message, "over the line length limit of " + FormatCount(static_cast<int64_t>(kMaxLineBytes)) +
                                " bytes (kMaxLineBytes)"));
    CHECK(Contains(message, FormatCount(static_cast<int64_t>(count.size())) + " bytes long"));
    // At the bound a line is read as before (this one as a count of Ann's proxies).
    std::string at_bound = "count Ann proxies=fulwell";
    while (at_bound.size() + 8 <= kMaxLineBytes) at_bound += ",fulwell";
    at_bound.append(kMaxLineBytes - at_bound.size(), ' ');
    REQUIRE(at_bound.size() == kMaxLineBytes);
    CHECK(ParseCommand(at_bound).command.has_value());
    CHECK(Contains(Rejected("note " + std::string(kMaxLineBytes, 'x')), "line length limit"));
    // A game file's line is read as it was written.
    CHECK(ParseCommand(count, ParseMode::Stored).command.has_value());
}

TEST_CASE("table language: COMMANDS.md a note typed now holds no control or bidi character, a stored one reads") {
    const std::string message = Rejected("note Br\u202eada");
    INFO("message: " << message);
    CHECK(Contains(message, "a note may not hold a control or bidi character"));
    CHECK(Contains(message, "Br\\u{202e}ada"));
    CHECK_FALSE(Contains(message, "\u202e"));
    CHECK(Contains(Rejected("note a\u2028b"), "control or bidi"));
    CHECK(Contains(Rejected("note a\u0085b"), "control or bidi"));
    // Tabs, accents, other scripts and emoji (with their joiners) are a note's text.
    CHECK(ParseAs<Note>("note \u00c9va\tpaid \u674e \U0001F468\u200D\U0001F469").text.size() > 0);
    CHECK(ParseCommand("note Br\u202eada", ParseMode::Stored).command.has_value());
}
