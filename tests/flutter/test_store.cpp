// Flutter's game file (store/store.h): effects stored as data (item 1), the snapshot (item 2), its
// own rules version (item 3), the board carried as start data (item 4), through the kernel's
// store (core/kernel/basic_store.h) in a real SQLite file.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "flutter_table.h"
#include "rules/state_json.h"
#include "store/store.h"
#include "support/temp_dir.h"

using namespace flutter_test;
using rutland::SubmitStatus;

namespace {

rutland::Stamp At(int n) {
    const std::string s = std::to_string(100 + n % 60).substr(1);
    return {"2026-11-26T14:" + std::to_string(10 + n / 60) + ":" + s + "Z", "Dee", "c" + std::to_string(n)};
}

const char* const kHeader = "game flutter players=Ann,Bob,Cy target=350";
const std::vector<std::string> kLines = {
    "buy W 2", "r1", "buy B 1", "peg W traveller=L20", "peg B traveller=5", "w5",  // a round ends
    "claim Ann", "undo", "Cy: buy R 1", "w2", "n d2 u2",  // White 12 + 2 = 14, its M hole; a card draws another
    "n as div5", "board L12 ok", "note all square", "k6", "undo 1", "redo 1",
};

Header HeaderOf(const char* line) { return std::get<Header>(ParseCommand(line).command->action); }

} // namespace

TEST_CASE("store item 1: effects as data, bytes a function of the data alone; Decode gives them back and refuses others") {
    Table t(kHeader);
    std::vector<Effects> all;
    for (const std::string& line : kLines) {
        const rutland::SubmitResult r = t.ledger->SubmitLine(line);
        if (r.accepted) all.push_back(t.ledger->At(r.seq).effects);
    }
    REQUIRE(all.size() == kLines.size());
    for (const Effects& fx : all) {
        const std::string bytes = FlutterFile::Encode(fx);
        std::string error;
        const auto back = FlutterFile::Decode(bytes, &error);
        REQUIRE_MESSAGE(back, error);
        CHECK(*back == fx);
        CHECK(FlutterFile::Encode(*back) == bytes);
    }
    std::string error;
    CHECK(FlutterFile::Decode("F2\n", &error)->empty());
    CHECK(FlutterFile::Decode("flutter-effects 1\n", &error)->empty());
    CHECK_FALSE(FlutterFile::Decode("[]", &error));
    CHECK_FALSE(FlutterFile::Decode("flutter-effects 1\n2:12", &error));
    CHECK_FALSE(FlutterFile::Decode("F2\n12", &error));
    const std::string one = FlutterFile::Encode(all[0]);
    CHECK_FALSE(FlutterFile::Decode(one.substr(0, one.size() - 2), &error));
    std::string padded = one;
    padded.replace(padded.find(','), 1, ",0");  // another spelling of a number
    CHECK_FALSE(FlutterFile::Decode(padded, &error));
    std::string plus = one;
    plus.replace(plus.find(','), 1, ",+");
    CHECK_FALSE(FlutterFile::Decode(plus, &error));
    std::string zero = one;
    zero.replace(zero.find(' '), 1, ",0 ");  // a trailing zero written out
    CHECK_FALSE(FlutterFile::Decode(zero, &error));
}

namespace {

// Version 1 of item 1, as the first Flutter files were written: every field length-prefixed.
std::string EncodeVersion1(const Effects& effects) {
    auto field = [](std::string& out, const std::string& value) { out += std::to_string(value.size()) + ":" + value; };
    std::string out = "flutter-effects 1\n";
    for (const Effect& e : effects) {
        field(out, std::to_string(static_cast<int>(e.kind)));
        field(out, std::to_string(e.company));
        field(out, std::to_string(e.player));
        for (int64_t n : e.n) field(out, std::to_string(n));
        field(out, e.rule);
        field(out, e.text);
        field(out, e.provisional ? "1" : "0");
        out += '\n';
    }
    return out;
}

// The snapshot text of the first Flutter files (item 2): the state's JSON itself.
std::string SnapshotVersion1(const GameState& state) {
    nlohmann::ordered_json j = ToJson(state);
    j["snapshot"] = {{"header", PrintCommand(Command{*state.header})},
                     {"board", nlohmann::ordered_json::parse(state.board->ToJson())},
                     {"thrown", state.thrown},
                     {"bank_paid", state.bank_paid.value},
                     {"current", state.current}};
    return j.dump();
}

} // namespace

TEST_CASE("store item 2: a snapshot is a digest of the whole state; the first files' JSON snapshots still agree") {
    Table t(kHeader);
    for (const std::string& line : kLines) t.ledger->SubmitLine(line);
    const GameState& s = t.ledger->State();
    const std::string snapshot = FlutterFile::Snapshot(s);
    CHECK(snapshot.rfind("sha256:", 0) == 0);
    CHECK(snapshot.size() == 7 + 64);
    GameState same = s;
    CHECK(FlutterFile::Snapshot(same) == snapshot);
    // Any part of the state changes it: a player's cash, a verified flag of the board, whose turn.
    GameState cash = s;
    cash.players[0].cash += Pounds(5);
    CHECK(FlutterFile::Snapshot(cash) != snapshot);
    GameState board = s;
    board.board.Mut().levels[3].verified = !board.board->levels[3].verified;
    CHECK(FlutterFile::Snapshot(board) != snapshot);
    GameState turn = s;
    turn.current = (turn.current + 1) % static_cast<int>(turn.players.size());
    CHECK(FlutterFile::Snapshot(turn) != snapshot);
    // A first file's snapshot of this state is the same state; of another state, or garbled, it is not.
    CHECK_FALSE(FlutterFile::SnapshotDifference(SnapshotVersion1(s), s).has_value());
    CHECK(FlutterFile::SnapshotDifference(SnapshotVersion1(cash), s).has_value());
    CHECK(FlutterFile::SnapshotDifference(snapshot + " ", s).has_value());
}

TEST_CASE("store item 1: files written with version 1 of the effects still read, one spelling per number") {
    Table t(kHeader);
    std::vector<Effects> all;
    for (const std::string& line : kLines) {
        const rutland::SubmitResult r = t.ledger->SubmitLine(line);
        if (r.accepted) all.push_back(t.ledger->At(r.seq).effects);
    }
    REQUIRE_FALSE(all.empty());
    for (const Effects& fx : all) {
        const std::string v1 = EncodeVersion1(fx);
        std::string error;
        const auto back = FlutterFile::Decode(v1, &error);
        REQUIRE_MESSAGE(back, error);
        CHECK(*back == fx);
        CHECK(FlutterFile::Encode(fx).size() < v1.size());  // version 2 is the shorter
    }
    std::string error;
    std::string padded = EncodeVersion1(all[0]);
    padded.replace(padded.find("1:0"), 3, "2:00");  // another spelling of a number
    CHECK_FALSE(FlutterFile::Decode(padded, &error));
}

TEST_CASE("the game file: written, closed, opened again: it verifies clean and replays to the same state") {
    TempDir dir;
    const std::string path = dir.File("flutter.rutland");
    std::string error;
    std::string fingerprint;
    GameState played;
    {
        auto store = Store::Create(path, HeaderOf(kHeader), At(0), &error);
        REQUIRE_MESSAGE(store, error);
        CHECK(store->Record(0).rules_version == 1);  // item 3
        REQUIRE(store->StartData());
        CHECK(*store->StartData() == Board::Provisional().ToJson());  // item 4
        int n = 1;
        for (const std::string& line : kLines) {
            const rutland::StoreReceipt r = store->SubmitLine(line, At(n++));
            REQUIRE_MESSAGE(r.status == SubmitStatus::Accepted, (line + ": " + r.Why()));
        }
        CHECK(store->SubmitLine("k7", At(n)).rejection.rule == "T-1");
        played = store->GetLedger().State();
        fingerprint = store->Fingerprint();
    }
    auto again = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->Report().Clean());
    CHECK(again->GetLedger().State() == played);
    CHECK(again->Fingerprint() == fingerprint);
    // The same lines replayed by a ledger of their own give the same state.
    Table replay(kHeader);
    for (const std::string& line : kLines) replay.Do(line);
    CHECK(replay.S() == played);
    CHECK(played.round == 2);
    CHECK(played.companies[0].anti_slump);
}

TEST_CASE("store items 2 and 4: snapshots every 64 entries verify; the file's board is the game's, whatever the header names") {
    TempDir dir;
    const std::string path = dir.File("long.rutland");
    std::string error;
    {
        auto store = Store::Create(path, HeaderOf("game flutter players=Ann,Bob"), At(0), &error);
        REQUIRE_MESSAGE(store, error);
        for (int i = 1; i <= 70; ++i) {
            const std::string line = i % 2 ? "r1" : "note " + std::to_string(i);
            if (i % 2 && store->GetLedger().State().companies[1].traveller >= 19) {
                REQUIRE(store->SubmitLine("peg R traveller=parent", At(i)).accepted);
                continue;
            }
            const rutland::StoreReceipt r = store->SubmitLine(line, At(i));
            REQUIRE_MESSAGE(r.accepted, (line + ": " + r.Why()));
            if (store->GetLedger().State().pending.kind == Pending::Kind::News) REQUIRE(store->SubmitLine("n none", At(100 + i)).accepted);
        }
    }
    auto again = Store::Open(path, Store::Mode::ReadWrite, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->Report().Clean());
    // StartFrom: the game starts on the board the file carries (a corrected lane name here).
    Board board = Board::Provisional();
    board.lanes[2].name = "Blue Lagoon";
    const StartResult r = FlutterFile::StartFrom(HeaderOf("game flutter players=Ann,Bob"), board.ToJson());
    REQUIRE(r.state);
    CHECK(r.state->board->lanes[2].name == "Blue Lagoon");
    CHECK(FlutterFile::StartFrom(HeaderOf("game flutter players=Ann,Bob"), "{}").rejection);
    // The snapshot text: equal states, equal text; a different state, different text.
    Table a, b;
    CHECK(FlutterFile::Snapshot(a.S()) == FlutterFile::Snapshot(b.S()));
    b.Do("board W ok");
    CHECK(FlutterFile::Snapshot(a.S()) != FlutterFile::Snapshot(b.S()));
}

TEST_CASE("F-D1: kGameName is the header's game word, and the game file records it (basic_store.h invariant 22)") {
    CHECK(Flutter::kGameName == "flutter");
    CHECK(rutland::GameNameOf<Flutter, FlutterFile>() == "flutter");
    CHECK(rutland::HeaderGameWord(PrintCommand(Command{HeaderOf(kHeader)})) == std::optional<std::string_view>("flutter"));
    TempDir dir;
    const std::string path = dir.File("named.rutland");
    std::string error;
    {
        auto store = Store::Create(path, HeaderOf(kHeader), At(0), &error);
        REQUIRE_MESSAGE(store, error);
        CHECK(store->Schema() == 5);
    }
    CHECK(rutland::GameOfStoreFile(path, &error) == std::optional<std::string>("flutter"));
}
