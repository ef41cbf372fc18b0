// Effects as data (store/effects_data.h): what a schema-3 game file stores and hashes for each
// entry (basic_store.h invariant 15). The encoding must round-trip every effect, refuse what it does not
// know, and never change for data already written: tests/games/effects-data/ pins the encoded bytes
// of every entry of the same six games whose rendered words tests/games/effects/ pins (the words
// are a renderer regression test now, test_effect_text_identity.cpp; these bytes are the file's).
//
// To record them again (only when an encoding change is meant, which would stop every schema-3
// game file from verifying: a new encoding version is the way to change it):
//   RUTLAND_RECORD_EFFECT_FIXTURES=1 ./build/tests/rutland_core_tests -tc="effects_data*"
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/sha256.h"
#include "game_generator.h"
#include "text_checks.h"
#include "ledger/ledger.h"
#include "store/effects_data.h"
#include "bbr_names.h"

namespace {

using rutland::Effect;
using rutland::EffectWhat;

using rutland::test::ReadScript;

// "seq sha256" of the encoded effects per entry of the game played from `lines`; checks on the way
// that every entry's effects decode back to the same data.
std::string DataFingerprints(const std::vector<std::string>& lines) {
    auto header = rutland::ParseCommand(lines.at(0));
    rutland::Rejection why;
    auto ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(header.command->action), &why);
    REQUIRE(ledger.has_value());
    for (size_t i = 1; i < lines.size(); ++i) ledger->SubmitLine(lines[i]);
    std::string out;
    for (int seq = 0; seq < ledger->Size(); ++seq) {
        const rutland::Effects& effects = ledger->At(seq).effects;
        const std::string bytes = rutland::EncodeEffects(effects);
        std::string error;
        const std::optional<rutland::Effects> back = rutland::DecodeEffects(bytes, &error);
        REQUIRE_MESSAGE(back, "entry ", seq, ": ", error);
        REQUIRE(back->size() == effects.size());
        for (size_t i = 0; i < effects.size(); ++i) REQUIRE_MESSAGE(rutland::SameEffect((*back)[i], effects[i]), "entry ", seq);
        CHECK(rutland::EncodeEffects(*back) == bytes);
        out += std::to_string(seq) + " " + rutland::ToHex(rutland::Sha256(bytes)) + "\n";
    }
    return out;
}

void CompareData(const std::string& name, const std::vector<std::string>& lines) {
    const std::string path = std::string(RUTLAND_SOURCE_DIR) + "/tests/games/effects-data/" + name + ".sha256";
    const std::string now = DataFingerprints(lines);
    if (std::getenv("RUTLAND_RECORD_EFFECT_FIXTURES")) {
        std::ofstream(path, std::ios::binary) << now;
        return;
    }
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), path);
    std::stringstream expected;
    expected << in.rdbuf();
    std::istringstream a(expected.str()), b(now);
    std::string la, lb;
    int lines_compared = 0;
    while (std::getline(a, la)) {
        REQUIRE_MESSAGE(std::getline(b, lb), name << ": fewer entries than recorded");
        REQUIRE_MESSAGE(la == lb, name << ": the stored data of entry " << la.substr(0, la.find(' ')) << " changed");
        ++lines_compared;
    }
    CHECK_FALSE(std::getline(b, lb));
    CHECK(lines_compared > 10);
}

Effect EveryField() {
    Effect e;
    e.kind = rutland::EffectKind::Certificates;
    e.what = EffectWhat::SharesTaken;
    e.rule = "B-1";
    e.quote = std::string("a quote with a zero byte \0 and UTF-8 \xc3\xa9", 39);
    e.from = rutland::Account::Player(2);
    e.to = rutland::Account::Margin(rutland::Company::Green);
    e.amount = rutland::Money::Cents(-4400050);
    e.player = 2;
    e.company = rutland::Company::Blue;
    e.security = rutland::Security::Preferred;
    e.quantity = 20000;
    e.to_player = true;
    e.from_ticks = 44;
    e.to_ticks = -48;
    e.space = 7;
    e.option_id = 3;
    e.n = {1, -2, INT64_MAX, INT64_MIN, 0, 1LL << 40};
    return e;
}

} // namespace

TEST_CASE("effects_data: every field round-trips (extend effects_data.cpp's table when effects.h gains a field)") {
    const Effect e = EveryField();
    Effect plain;
    plain.what = EffectWhat::Note;
    const std::string bytes = rutland::EncodeEffects({e, plain});
    std::string error;
    const auto back = rutland::DecodeEffects(bytes, &error);
    REQUIRE_MESSAGE(back, error);
    REQUIRE(back->size() == 2);
    CHECK(rutland::SameEffect((*back)[0], e));
    CHECK(rutland::SameEffect((*back)[1], plain));
    CHECK_FALSE(rutland::SameEffect((*back)[1], e));
    CHECK((*back)[0].quote == e.quote);
    CHECK((*back)[0].n == e.n);
    CHECK((*back)[0].amount == e.amount);
    // Each field on its own: a change to any one of them changes the bytes (and so the hash).
    for (int f = 0; f < 6; ++f) {
        Effect other = e;
        other.n[static_cast<size_t>(f)] ^= 1;  // flips the lowest bit: no overflow at INT64_MAX
        CHECK(rutland::EncodeEffects({other}) != rutland::EncodeEffects({e}));
    }
    // A field added to Effect changes its size: the encoding (and so the hash chain) must cover it.
    // Give it the next bit in effects_data.cpp, then update this number.
    CHECK_MESSAGE(sizeof(Effect) == 184, "effects.h changed: extend effects_data.cpp to every field");
    // Every kind of effect is stored by its number and reads back as itself.
    for (int w = 1; w < static_cast<int>(EffectWhat::kCount); ++w) {
        Effect k;
        k.what = static_cast<EffectWhat>(w);
        const auto one = rutland::DecodeEffects(rutland::EncodeEffects({k}));
        REQUIRE(one);
        CHECK(one->front().what == k.what);
    }
}

TEST_CASE("effects_data: a plain effect is a few bytes: no words, no field names") {
    Effect e;
    e.kind = rutland::EffectKind::Cash;
    e.what = EffectWhat::BuyPaid;
    e.rule = "B-1";
    e.from = rutland::Account::Player(2);
    e.amount = rutland::Money::Dollars(44000);
    e.n = {1, 0, 20000, 44, 0, 0};
    // Bytes, by hand: the encoding version and the count (2); what (1: BuyPaid is below 128); the
    // present bits 0, 1, 2, 3, 6, 16, 18, 19 = 852,047, 20 bits (3); kind Cash = 0 (1); the rule's
    // length and "B-1" (4); from's kind Player (1) and index 2 (1); 4,400,000 cents, zigzag
    // 8,800,000, 24 bits (4); n0 = 1 (1); n2 = 20,000, zigzag 40,000, 16 bits (3); n3 = 44 (1). 22 in all,
    // where the effect's JSON with its sentence took about 330.
    CHECK(rutland::EncodeEffects({e}).size() == 22);
}

TEST_CASE("effects_data: what this version does not know is refused, never misread (effects_data.h invariant 2)") {
    const std::string good = rutland::EncodeEffects({EveryField()});
    std::string error;
    REQUIRE(rutland::DecodeEffects(good, &error));
    // A newer encoding version.
    std::string bytes = good;
    bytes[0] = 2;
    CHECK_FALSE(rutland::DecodeEffects(bytes, &error));
    CHECK(error.find("encoding version 2") != std::string::npos);
    // A kind of effect a newer Rutland added (the first number after the count).
    bytes = good;
    REQUIRE(static_cast<unsigned char>(bytes[2]) < 0x80);
    bytes[2] = static_cast<char>(static_cast<int>(EffectWhat::kCount));
    CHECK_FALSE(rutland::DecodeEffects(bytes, &error));
    CHECK(error.find("effect 1 is of a kind this Rutland does not know") != std::string::npos);
    bytes[2] = 0;  // StoredText is words read back, never data
    CHECK_FALSE(rutland::DecodeEffects(bytes, &error));
    // A field bit this version does not have.
    Effect plain;
    plain.what = EffectWhat::Note;
    bytes = rutland::EncodeEffects({plain});
    REQUIRE(bytes.size() == 4);  // version, count, what, present (nothing: every field default)
    bytes[3] = static_cast<char>(0x80);  // present = 4 << 21 = bit 23, in four bytes
    bytes += static_cast<char>(0x80);
    bytes += static_cast<char>(0x80);
    bytes += static_cast<char>(0x04);
    CHECK_FALSE(rutland::DecodeEffects(bytes, &error));
    CHECK(error.find("a field this Rutland does not know") != std::string::npos);
    // Cut short, bytes left over, a value out of its range, nothing at all.
    CHECK_FALSE(rutland::DecodeEffects(good.substr(0, good.size() - 1), &error));
    CHECK_FALSE(rutland::DecodeEffects(good + "x", &error));
    CHECK(error.find("left after") != std::string::npos);
    Effect company;
    company.what = EffectWhat::Note;
    company.company = rutland::Company::Green;
    bytes = rutland::EncodeEffects({company});
    REQUIRE(bytes.back() == 6);  // Green is company 3: zigzag 6
    bytes.back() = 8;            // company 4 does not exist
    CHECK_FALSE(rutland::DecodeEffects(bytes, &error));
    CHECK(error.find("out of range") != std::string::npos);
    CHECK_FALSE(rutland::DecodeEffects("", &error));
}

TEST_CASE("effects_data: the recorded games' stored data is what was recorded, entry by entry") {
    CompareData("full-game", ReadScript(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt"));
    CompareData("year-end-order", ReadScript(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/year-end-order.txt"));
    CompareData("first-game", ReadScript(std::string(RUTLAND_SOURCE_DIR) + "/assets/demo/first-game.txt"));
}

TEST_CASE("effects_data: generated games' stored data is what was recorded, entry by entry") {
    struct Game { uint64_t seed; int players; };
    for (Game g : {Game{11, 2}, Game{2026, 4}, Game{777, 7}}) {
        rutland::testing::GenOptions options;
        options.seed = g.seed;
        options.players = g.players;
        options.entries = 2000;
        CompareData("generated-" + std::to_string(g.seed) + "-" + std::to_string(g.players),
                rutland::testing::GenerateGame(options));
    }
}
