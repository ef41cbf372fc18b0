// The renderer (effect_text.h): effects are data, and their words come from one place. Rewording a
// sentence changes the words and nothing the rules compute: the same game replays to the same
// state and the same effect data, and the reports that used to read the words (the year-end
// statement finding where a year end starts) still find their way. (The game file still stores
// the words in this step, so a wording change would still change its hashes: the test that no
// fingerprint changes comes with the storage step: test_effect_text_identity.cpp.)
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "lang/effect_text.h"
#include "store/effects_json.h"
#include "ledger/ledger.h"
#include "rules/state_json.h"
#include "report/year_end_report.h"
#include "bbr_names.h"

namespace {

using rutland::Effect;
using rutland::EffectWhat;

// Restores the standard words however the test ends.
struct Reworded {
    std::vector<EffectWhat> whats;
    Reworded(std::vector<std::pair<EffectWhat, std::string>> words) {
        for (auto& [what, text] : words) {
            rutland::SetTestWording(what, text);
            whats.push_back(what);
        }
    }
    ~Reworded() {
        for (EffectWhat w : whats) rutland::SetTestWording(w, "");
    }
};

rutland::Ledger Play(const std::string& script) {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/" + script);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    REQUIRE(lines.size() > 10);
    auto header = rutland::ParseCommand(lines.at(0));
    rutland::Rejection why;
    auto ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(header.command->action), &why);
    REQUIRE(ledger.has_value());
    for (size_t i = 1; i < lines.size(); ++i) ledger->SubmitLine(lines[i]);
    return std::move(*ledger);
}

// Every field of an effect except its words, as one comparable string.
std::string Data(const Effect& e) {
    std::string out = std::to_string(static_cast<int>(e.kind)) + "/" + std::to_string(static_cast<int>(e.what)) + "/" +
                      e.rule + "/" + std::to_string(static_cast<int>(e.from.kind)) + ":" + std::to_string(e.from.index) +
                      "/" + std::to_string(static_cast<int>(e.to.kind)) + ":" + std::to_string(e.to.index) + "/" +
                      std::to_string(e.amount.cents()) + "/" + std::to_string(e.player) + "/" +
                      std::to_string(static_cast<int>(e.company)) + "/" + std::to_string(static_cast<int>(e.security)) + "/" +
                      std::to_string(e.quantity) + "/" + std::to_string(e.to_player) + "/" + std::to_string(e.from_ticks) +
                      "/" + std::to_string(e.to_ticks) + "/" + std::to_string(e.space) + "/" + std::to_string(e.option_id);
    for (int64_t v : e.n) out += "/" + std::to_string(v);
    return out + "/" + e.quote;
}

std::vector<std::string> AllData(const rutland::Ledger& l) {
    std::vector<std::string> out;
    for (const rutland::Entry& entry : l.Entries())
        for (const Effect& e : entry.effects) out.push_back(Data(e));
    return out;
}

int Count(const rutland::Ledger& l, EffectWhat what) {
    int n = 0;
    for (const rutland::Entry& entry : l.Entries())
        for (const Effect& e : entry.effects) n += e.what == what;
    return n;
}

} // namespace

TEST_CASE("effect text: rewording a sentence changes its words and nothing Apply computes") {
    const rutland::Ledger plain = Play("tests/games/full-game.txt");
    const std::string plain_state = rutland::StateToJson(plain.State()).dump();
    const std::vector<std::string> plain_data = AllData(plain);
    const int year_end = rutland::LastYearEndEntry(plain, plain.Size() - 1);
    REQUIRE(year_end > 0);  // full-game.txt plays a year end
    REQUIRE(Count(plain, EffectWhat::PriceMove) > 10);
    const std::optional<rutland::YearEndStatement> plain_statement = rutland::LastYearEnd(plain, plain.Size() - 1);
    REQUIRE(plain_statement.has_value());
    const std::string plain_stored =
        rutland::EffectsJsonText(plain.At(year_end).effects, rutland::RenderContext::Of(plain.State()));

    const Reworded reworded({{EffectWhat::PriceMove, "the marker goes somewhere"},
                             {EffectWhat::YearEndStarts, "Year over! Money for everyone"}});
    const rutland::Ledger again = Play("tests/games/full-game.txt");
    // The words did change...
    const rutland::RenderContext context = rutland::RenderContext::Of(again.State());
    bool saw_reworded = false;
    for (const rutland::Entry& entry : again.Entries())
        for (const Effect& e : entry.effects)
            if (e.what == EffectWhat::PriceMove) saw_reworded = rutland::EffectText(e, context) == "the marker goes somewhere";
    CHECK(saw_reworded);
    // ...and the stored text with them (this step still stores words: the storage step changes that).
    CHECK(rutland::EffectsJsonText(again.At(year_end).effects, context) != plain_stored);
    // ...but nothing the rules computed: the same state, the same effects, item by item.
    CHECK(rutland::StateToJson(again.State()).dump() == plain_state);
    CHECK(AllData(again) == plain_data);
    // The year-end statement found the year's start by its kind, not its words ("End of the Year").
    CHECK(rutland::LastYearEndEntry(again, again.Size() - 1) == year_end);
    const std::optional<rutland::YearEndStatement> statement = rutland::LastYearEnd(again, again.Size() - 1);
    REQUIRE(statement.has_value());
    CHECK(statement->rows.size() == plain_statement->rows.size());
    CHECK(statement->Total() == plain_statement->Total());
    CHECK(statement->Total() > rutland::Money());
}

TEST_CASE("effect text: an effect read back from a game file shows its stored words") {
    Effect e;
    e.kind = rutland::EffectKind::Cash;
    e.rule = "B-1";
    e.quote = "the words as the file has them";
    nlohmann::json j = rutland::EffectToJson(e, {});
    const std::optional<Effect> back = rutland::EffectFromJson(j);
    REQUIRE(back.has_value());
    CHECK(back->what == EffectWhat::StoredText);
    CHECK(rutland::EffectText(*back, {}) == "the words as the file has them");
}
