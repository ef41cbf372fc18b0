// EffectsJsonText (effects_json.h) is the fast path of what the game file stores: it must give
// exactly the bytes of EffectsToJson(...).dump(), or every game written before it would stop
// verifying (basic_store.h invariant 5) and new entries would hash differently (invariant 4).
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "store/effects_json.h"
#include "game_generator.h"
#include "ledger/ledger.h"
#include "bbr_names.h"

namespace {

void CheckSame(const rutland::Effects& effects) {
    const rutland::RenderContext context;  // the effects here are stored words: no names needed
    const std::string dumped = rutland::EffectsToJson(effects, context).dump();
    const std::string direct = rutland::EffectsJsonText(effects, context);
    CHECK(direct == dumped);
}

// Every entry's effects of a ledger played from `lines` (invalid lines skipped).
int CheckGame(const std::vector<std::string>& lines) {
    auto header = rutland::ParseCommand(lines.at(0));
    rutland::Rejection why;
    auto ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(header.command->action), &why);
    REQUIRE(ledger.has_value());
    for (size_t i = 1; i < lines.size(); ++i) ledger->SubmitLine(lines[i]);
    const rutland::RenderContext context = rutland::RenderContext::Of(ledger->State());
    for (const rutland::Entry& e : ledger->Entries())
        CHECK(rutland::EffectsJsonText(e.effects, context) == rutland::EffectsToJson(e.effects, context).dump());
    return ledger->Size();
}

} // namespace

TEST_CASE("effects_json: the direct writer gives dump()'s bytes for every field, escape and option id") {
    rutland::Effect e;
    e.kind = rutland::EffectKind::Certificates;
    e.rule = "B-1";
    e.quote = "Cy takes 20,000 Blue from the tray";
    e.from = rutland::Account::Player(2);
    e.to = rutland::Account::Margin(rutland::Company::Green);
    e.amount = rutland::Money::Cents(-4400050);
    e.player = -1;
    e.company = rutland::Company::Blue;
    e.security = rutland::Security::Bond;
    e.quantity = -20000;
    e.to_player = true;
    e.from_ticks = 44;
    e.to_ticks = -48;
    e.space = 7;
    CheckSame({});
    CheckSame({e});
    e.option_id = 3;
    CheckSame({e, e});
    for (int k = 0; k <= static_cast<int>(rutland::EffectKind::Info); ++k) {
        e.kind = static_cast<rutland::EffectKind>(k);
        CheckSame({e});
    }
    // Quotes, backslashes, every control character, DEL, and UTF-8 of two, three and four bytes.
    std::string nasty(40, ' ');
    for (size_t c = 0; c < 0x20; ++c) nasty[c] = static_cast<char>(c);
    nasty.replace(0x20, 8, "\x7f\"\\/ —");
    nasty.append("✓ Zoë 😀");
    e.quote = nasty;
    e.rule = std::string(1, '\t');
    CheckSame({e});
    // Not UTF-8: both refuse the same way.
    e.quote = "bad \xC3\x28 byte";
    CHECK_THROWS_AS(rutland::EffectsToJson({e}, {}).dump(), nlohmann::json::type_error);
    CHECK_THROWS_AS(rutland::EffectsJsonText({e}, {}), nlohmann::json::type_error);
    for (const char* bad : {"\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC0\xAF", "\xF0\x9F\x98"}) {
        e.quote = bad;
        CHECK_THROWS_AS(rutland::EffectsJsonText({e}, {}), nlohmann::json::type_error);
    }
}

TEST_CASE("effects_json: the direct writer gives dump()'s bytes for every entry of recorded and generated games") {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    REQUIRE(!lines.empty());
    CHECK(CheckGame(lines) > 100);
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        rutland::testing::GenOptions options;
        options.seed = seed;
        options.players = 2 + static_cast<int>(seed % 7);
        options.entries = 400;
        CHECK(CheckGame(rutland::testing::GenerateGame(options)) == 400);
    }
}
