// The entry line without a window: quick forms, completion, the live preview, history.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include "core/table_fixture.h"
#include "entry_model.h"
#include "rules/legal.h"
#include "bbr_names.h"
#include "view/script_ledger.h"
#include "session.h"

using namespace rutland;
using namespace rutland::view;
using rutland::testing::Table;

namespace {
using rutland::testing::kFourPlayersHeader;
}

TEST_CASE("quick forms expand to the table language") {
    CHECK(ExpandQuickForm("342") == "roll 3 4 2");
    CHECK(ExpandQuickForm("3 4 2") == "roll 3 4 2");
    CHECK(ExpandQuickForm("342 fulw") == "roll 3 4 2 @fulw");
    CHECK(ExpandQuickForm("342@fulwell") == "roll 3 4 2 @fulwell");
    CHECK(ExpandQuickForm("+b10") == "buy B 10k");
    CHECK(ExpandQuickForm("+y pref 10") == "buy Y pref 10k");
    CHECK(ExpandQuickForm("-r5") == "sell R 5k");
    CHECK(ExpandQuickForm("e") == "end");
    // The quick forms of short, cover and exercise.
    CHECK(ExpandQuickForm("sr5") == "short R 5k");
    CHECK(ExpandQuickForm("s g 20") == "short G 20k");
    CHECK(ExpandQuickForm("cr5") == "cover R 5k");
    CHECK(ExpandQuickForm("#3 cash") == "exercise #3 cash");
    CHECK(ExpandQuickForm("#12 short") == "exercise #12 short");
    CHECK(ExpandQuickForm("sell R 5k") == "sell R 5k");  // words stay words
    CHECK(ExpandQuickForm("sx5") == "sx5");
    CHECK(ExpandQuickForm("#x") == "#x");
    // Anything else is left alone, so the parser's own message names what is wrong.
    CHECK(ExpandQuickForm("buy B 10k") == "buy B 10k");
    CHECK(ExpandQuickForm("372") == "372");      // 7 is no die
    CHECK(ExpandQuickForm("3421") == "3421");
    CHECK(ExpandQuickForm("+x10") == "+x10");
    CHECK(ExpandQuickForm("note 342") == "note 342");
}

namespace {

// The entry line driven key by key, as the dashboard does it: a character goes into the line
// (panel_entry.cpp's InputText); Enter submits ExpandQuickForm(line) through the session and, when
// it is accepted, clears the line and adds what was typed to the history (App::SubmitFromEntry); a
// rejected line stays. Keys are written as characters and "{Enter}"; each is one keystroke.
class Keyboard {
public:
    explicit Keyboard(Session& session) : m_session(session) {}

    void Press(std::string_view keys) {
        for (size_t i = 0; i < keys.size(); ++i, ++m_keystrokes) {
            if (keys.substr(i).starts_with("{Enter}")) {
                i += std::string_view("{Enter}").size() - 1;
                Enter();
            } else {
                m_line += keys[i];
            }
        }
    }
    int Keystrokes() const { return m_keystrokes; }
    const std::string& Line() const { return m_line; }
    const History& GetHistory() const { return m_history; }

private:
    void Enter() {
        // What the broker reads under the line just before pressing Enter.
        const Preview preview = PreviewLine(m_line, m_session.Live(), &m_session.GetLedger());
        const SubmitOutcome r = m_session.Submit(ExpandQuickForm(m_line), "2026-11-24T10:00:00Z", "Dee");
        REQUIRE_MESSAGE(r.accepted, m_line, ": ", r.rejection.ToString());
        CHECK_MESSAGE(preview.kind == Preview::Kind::Accepted, m_line, ": the preview said ", preview.text);
        m_history.Add(m_line);
        m_line.clear();
    }

    Session& m_session;
    std::string m_line;
    History m_history;
    int m_keystrokes = 0;
};

std::string TempGame(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "rutland-view-tests";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / name).string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    return path;
}

} // namespace

TEST_CASE("a typical turn typed key by key into the entry line is the README's count of keystrokes") {
    // The README's sentence, taken apart: the three lines typed and the count it claims.
    std::ifstream readme(std::string(RUTLAND_SOURCE_DIR) + "/README.md");
    REQUIRE(readme);
    const std::string text((std::istreambuf_iterator<char>(readme)), std::istreambuf_iterator<char>());
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex("A typical turn \\(`([^`]+)` Enter `([^`]+)` Enter `([^`]+)` Enter\\) is (\\d+) keystrokes")));
    const std::string keys = m[1].str() + "{Enter}" + m[2].str() + "{Enter}" + m[3].str() + "{Enter}";
    const int claimed = std::stoi(m[4].str());

    const ParseResult header = ParseCommand(kFourPlayersHeader);
    REQUIRE(header.command);
    std::string error;
    auto session = Session::Create(TempGame("typical-turn.rutland"), std::get<GameHeader>(header.command->action),
                                   "2026-11-24T10:00:00Z", "Dee", "keys", &error);
    REQUIRE_MESSAGE(session, error);
    Keyboard keyboard(*session);
    keyboard.Press(keys);
    CHECK(keyboard.Keystrokes() == claimed);
    CHECK(keyboard.Line().empty());

    // The game file has the three lines in the table language, with their effects.
    const Ledger& l = session->GetLedger();
    REQUIRE(l.Size() == 4);
    CHECK(l.At(1).line == "roll 3 4 2");
    CHECK(l.At(2).line == "buy B 10k");
    CHECK(l.At(3).line == "end");
    CHECK(keyboard.GetHistory().Lines() == std::vector<std::string>{m[1].str(), m[2].str(), m[3].str()});
    // By hand: @Market 1 + 3 + 4 = Colfax, Market Open UUDD x 2: Blue $2.00 -> $2.10; 10,000 Blue at
    // $2.10 = $21,000 out of Ann's $100,000; the buy promotes Blue 2 ticks to $2.20; Bob is next.
    const GameState& s = session->Live();
    CHECK(s.players[0].common[Company::Blue] == 10000);
    CHECK(s.players[0].cash == Money::Dollars(79000));
    CHECK(s.price[Company::Blue] == 44);  // $2.20 = 44 ticks of $0.05
    CHECK(s.current == 1);
}

TEST_CASE("D-2: the preview flags a trade on a provisional fact, not a board correction that verifies one") {
    Table t(kFourPlayersHeader);
    t.Play("roll 3 4 2");  // Colfax: its Ask YBR is provisional
    CHECK(PreviewLine("buy Y 10k", t.State(), &t.Log()).provisional);
    // Confirming Colfax's Ask as it stands reads "Ask YBR (as provisional) now verified": before
    // effects were data, the word "provisional" in it flagged the correction itself.
    const Preview fix = PreviewLine("board @colfax ask=YBR", t.State(), &t.Log());
    REQUIRE(fix.kind == Preview::Kind::Accepted);
    CHECK(fix.text.find("(as provisional) now verified") != std::string::npos);
    CHECK_FALSE(fix.provisional);
}

TEST_CASE("the live preview says what Enter would do, without doing it (B-1, M-1)") {
    Table t(kFourPlayersHeader);
    t.Play("roll 3 4 2");  // Colfax: Yellow and Red asks, Blue at $2.10
    const std::string before = StateToJson(t.State()).dump();
    Preview p = PreviewLine("buy Y 10k", t.State(), &t.Log());
    CHECK(p.kind == Preview::Kind::Accepted);
    CHECK(p.text == "Ann pays $21,000 for 10,000 Yellow at $2.10; Yellow -> $2.20");
    CHECK(p.provisional);  // Colfax's Ask is provisional (D-2)
    CHECK(StateToJson(t.State()).dump() == before);

    Preview bad = PreviewLine("+g10", t.State(), &t.Log());
    CHECK(bad.kind == Preview::Kind::Rejected);
    CHECK(bad.expanded == "buy G 10k");
    CHECK(bad.rule == "B-1");

    Preview junk = PreviewLine("buy", t.State(), &t.Log());
    CHECK(junk.kind == Preview::Kind::Rejected);
    CHECK(junk.rule == "COMMANDS.md");
    CHECK(PreviewLine("   ", t.State(), &t.Log()).kind == Preview::Kind::Empty);
}

TEST_CASE("S-6: the preview of a forced sale too large says why and the largest sale allowed; completion offers "
          "only sales the rules accept") {
    // Bob sells short 20,000 Yellow at $2.10 ($42,000 on the note), buys 40,000 Red and 25,000
    // Blue down to $4,250; Ann's buy splits Yellow: 20,000 x $3.00 = $60,000 against $46,250:
    // Bob owes $13,750 (the same game as test_rules_events.cpp's PlayToBobOwingTheSplit).
    Table t("game players=Ann,Bob");
    t.Play(R"(board @market-1 trend=UUDD bid=YBRG
board @market-2 trend=UDUU bid=YBRG
board @brada trend=UUDD ask=YBR
board @ioco trend=UDUU ask=BRG
roll 1 2 1 @market-1
end
roll 1 1 1 @market-2
short Y 20k
end
roll 1 2 1 @ioco
buy R 20k
buy R 20k
buy B 20k
buy B 5k
end
roll 1 1 3 @brada
buy Y 20k
end
roll 1 1 3 @market-2
end
roll 1 1 3 @market-1
end
roll 1 1 3 @market-2
end
roll 1 2 3 @brada
buy Y 10k)");
    REQUIRE(t.State().pending.size() == 1);
    REQUIRE(t.State().pending.front().amount == Money::Dollars(13750));
    // Red $1.30: 15,000 x $1.30 = $19,500 already pays $13,750 (10,000 = $13,000 would not).
    const Preview too_big = PreviewLine("Bob: sell R 20k", t.State(), &t.Log());
    CHECK(too_big.kind == Preview::Kind::Rejected);
    CHECK(too_big.rule == "S-6");
    CHECK(too_big.text == "Bob owes $13,750: selling 15,000 Red at $1.30 ($19,500) already pays it; the largest "
                          "forced sale of Red allowed is 15,000");
    const Preview ok = PreviewLine("Bob: sell R 15k", t.State(), &t.Log());
    CHECK(ok.kind == Preview::Kind::Accepted);
    CHECK(ok.text.find("$19,500") != std::string::npos);
    // The dashboard enables only what Legal() lists: Bob's 15,000 Red and 10,000 Blue, not more.
    const LegalNow legal = Legal(t.State());
    const auto offered = [&](const std::string& line) {
        for (const Command& c : legal.trades)
            if (PrintCommand(c) == line) return true;
        return false;
    };
    CHECK(offered("Bob: sell R 15k"));
    CHECK_FALSE(offered("Bob: sell R 20k"));
    CHECK(offered("Bob: sell B 10k"));
    CHECK_FALSE(offered("Bob: sell B 15k"));
}

TEST_CASE("the preview of undo names the entry it would undo") {
    Table t(kFourPlayersHeader);
    t.Play("roll 3 4 2\nbuy Y 10k");
    Preview p = PreviewLine("undo", t.State(), &t.Log());
    CHECK(p.kind == Preview::Kind::Accepted);
    CHECK(p.text == "undoes entry 2: buy Y 10k");
    Preview too_many = PreviewLine("undo 5", t.State(), &t.Log());
    CHECK(too_many.kind == Preview::Kind::Rejected);
    CHECK(PreviewLine("redo", t.State(), &t.Log()).kind == Preview::Kind::Rejected);
}

TEST_CASE("completion offers the legal commands first, then words") {
    Table t(kFourPlayersHeader);
    t.Play("roll 3 4 2");
    const LegalNow legal = Legal(t.State());
    std::vector<std::string> c = Complete("buy Y", t.State(), legal, &t.Log());
    REQUIRE_FALSE(c.empty());
    CHECK(c.front() == "buy Y 5k");
    CHECK(std::find(c.begin(), c.end(), "buy Y 20k") != c.end());
    std::vector<std::string> words = Complete("bu", t.State(), legal, &t.Log());
    CHECK(std::find(words.begin(), words.end(), "buy ") != words.end());
    std::vector<std::string> players = Complete("player C", t.State(), legal, &t.Log());
    CHECK(std::find(players.begin(), players.end(), "player Cy ") != players.end());
    std::vector<std::string> spaces = Complete("roll 3 4 2 @fulw", t.State(), legal, &t.Log());
    CHECK(std::find(spaces.begin(), spaces.end(), "roll 3 4 2 @fulwell ") != spaces.end());
    std::vector<std::string> actors = Complete("Bo", t.State(), legal, &t.Log());
    CHECK(std::find(actors.begin(), actors.end(), "Bob:") != actors.end());
    CHECK(CommonPrefix({"buy Y 5k", "buy Y 10k"}) == "buy Y ");
}

TEST_CASE("completion: a count (X-1) offers the market or a player, then the keys it counts") {
    Table t(kFourPlayersHeader);
    const LegalNow legal = Legal(t.State());
    std::vector<std::string> c = Complete("cou", t.State(), legal, &t.Log());
    CHECK(std::find(c.begin(), c.end(), "count ") != c.end());
    c = Complete("count ", t.State(), legal, &t.Log());
    CHECK(std::find(c.begin(), c.end(), "count market ") != c.end());
    CHECK(std::find(c.begin(), c.end(), "count Ann ") != c.end());
    c = Complete("count market ye", t.State(), legal, &t.Log());
    CHECK(c == std::vector<std::string>{"count market year="});
    c = Complete("count Ann G-", t.State(), legal, &t.Log());
    CHECK(std::find(c.begin(), c.end(), "count Ann G-deb=") != c.end());
    CHECK(std::find(c.begin(), c.end(), "count Ann G-pref=") == c.end());  // Green has no preferred
}

TEST_CASE("history steps back through the lines typed") {
    History h;
    h.Add("roll 3 4 2");
    h.Add("buy Y 10k");
    h.Add("buy Y 10k");  // no repeats in a row
    CHECK(h.Lines().size() == 2);
    CHECK(h.Step(-1) == "buy Y 10k");
    CHECK(h.Step(-1) == "roll 3 4 2");
    CHECK(h.Step(-1) == "roll 3 4 2");
    CHECK(h.Step(+1) == "buy Y 10k");
    CHECK(h.Step(+1) == "");
}

// Tab completes inside a quick form, and it stays a quick form.
TEST_CASE("Tab completion inside a quick roll: '432 ti' offers the Time spaces") {
    Table t(kFourPlayersHeader);
    const LegalNow legal = Legal(t.State());
    const std::vector<std::string> c = Complete("432 ti", t.State(), legal, &t.Log());
    // The standard board's Time spaces are time-1 .. time-4 (tests/games/full-game.txt's board list).
    CHECK(c == std::vector<std::string>{"432 time-1 ", "432 time-2 ", "432 time-3 ", "432 time-4 "});
    CHECK(CommonPrefix(c) == "432 time-");
    CHECK(Complete("4 3 2 @fulw", t.State(), legal, &t.Log()) == std::vector<std::string>{"4 3 2 @fulwell "});
    // What Tab made expands to the full roll.
    CHECK(ExpandQuickForm("432 time-2 ") == "roll 4 3 2 @time-2");
    CHECK(Complete("432 zz", t.State(), legal, &t.Log()).empty());
    // The exercise quick form completes its mode ("#3 c" -> cash, cover).
    CHECK(Complete("#3 c", t.State(), legal, &t.Log()) == std::vector<std::string>{"#3 cash ", "#3 cover "});
    CHECK(ExpandQuickForm("#3 cash ") == "exercise #3 cash");  // trimmed
}

// A name a letter or two off gets a "did you mean" with the line corrected.
TEST_CASE("BD-1, G-2: did you mean the nearest space, player or company") {
    Table t(kFourPlayersHeader);
    Preview p = PreviewLine("roll 3 4 2 @fullwell", t.State(), &t.Log());
    CHECK(p.kind == Preview::Kind::Rejected);
    CHECK(p.did_you_mean == "roll 3 4 2 @fulwell");
    CHECK(p.nearest == "@fulwell");
    // A quick form is corrected in its expanded form.
    CHECK(PreviewLine("342 fullwell", t.State(), &t.Log()).did_you_mean == "roll 3 4 2 @fulwell");
    t.Play("roll 3 4 2");
    CHECK(PreviewLine("player Bobb", t.State(), &t.Log()).did_you_mean == "player Bob");
    CHECK(PreviewLine("buy Yelow 10k", t.State(), &t.Log()).did_you_mean == "buy Yellow 10k");
    // Nothing near: no guess. Two names equally near: no guess either.
    CHECK(PreviewLine("player Zed", t.State(), &t.Log()).did_you_mean.empty());
    CHECK(PreviewLine("roll 3 4 2 @time-9", t.State(), &t.Log()).did_you_mean.empty());  // time-1 .. time-4 all one off
    CHECK(DidYouMean("player Bob", t.State()) == std::nullopt);
}

// The next player's roll typed while the turn is open ends it first.
TEST_CASE("T-1, T-5: a roll typed while the turn is still open ends it, and the preview says so; doubles roll again") {
    const ParseResult header = ParseCommand(kFourPlayersHeader);
    REQUIRE(header.command);
    std::string error;
    auto session = Session::Create(TempGame("roll-ends-turn.rutland"), std::get<GameHeader>(header.command->action),
                                   "2026-11-24T10:00:00Z", "Dee", "keys", &error);
    REQUIRE_MESSAGE(session, error);
    auto type = [&](const std::string& text) {
        const Preview p = PreviewLine(text, session->Live(), &session->GetLedger());
        return std::make_pair(p, SubmitEntry(*session, text, &p, "2026-11-24T10:00:01Z", "Dee"));
    };
    REQUIRE(type("342").second.accepted);   // Ann rolls
    REQUIRE(type("+b10").second.accepted);  // and buys; her turn is open
    // Not a structured binding: clang 14 (the sanitizer build) cannot capture one in a CHECK.
    const auto typed = type("513");
    const Preview& preview = typed.first;
    const SubmitOutcome& outcome = typed.second;
    CHECK_MESSAGE(preview.kind == Preview::Kind::Accepted, preview.text);
    CHECK(preview.ends_turn_first);
    CHECK(preview.text.starts_with("ends Ann's turn, then: Bob rolls 5+1"));
    REQUIRE(outcome.accepted);
    const Ledger& l = session->GetLedger();
    REQUIRE(l.Size() == 5);  // header, roll, buy, end, roll
    CHECK(l.At(3).line == "end");
    CHECK(l.At(4).line == "roll 5 1 3");
    CHECK(session->Live().current == 1);  // Bob's turn, rolled
    CHECK(session->Live().rolled);

    // Bob ends; Cy throws doubles (2 and 2): the next roll typed is Cy's bonus turn, not Dee's.
    REQUIRE(type("e").second.accepted);
    REQUIRE(type("221").second.accepted);
    CHECK(session->Live().current == 2);
    CHECK(session->Live().doubles);
    const auto typed_again = type("131");
    const Preview& again = typed_again.first;
    const SubmitOutcome& again_outcome = typed_again.second;
    CHECK(again.text.starts_with("ends Cy's turn; doubles (T-5): Cy rolls again, then: Cy rolls 1+3"));
    REQUIRE(again_outcome.accepted);
    CHECK(session->Live().current == 2);
    // The next roll's own problem is said, not T-1's "enter 'end' first": a 4 on the normal
    // volatility die (1 to 3) is no roll for Dee either.
    const Preview bad = PreviewLine("124", session->Live(), &session->GetLedger());
    CHECK(bad.kind == Preview::Kind::Rejected);
    CHECK_MESSAGE(bad.text.starts_with("after Cy's turn ends: "), bad.text);
    CHECK(bad.rule == "D-5");  // the volatility die's faces
    // Without a preview (a script line) nothing is guessed: the roll is rejected as before (T-1).
    const SubmitOutcome script = SubmitEntry(*session, "roll 1 2 1", nullptr, "2026-11-24T10:00:02Z", "Dee");
    CHECK(script.status == SubmitStatus::Rejected);
    CHECK(script.rejection.rule == "T-1");
}
