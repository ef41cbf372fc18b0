// The rule IDs in the words Rutland shows (view/rule_mentions.h): what the dashboard's tooltips and
// F1 and the shared page's taps are anchored on.
#include <doctest/doctest.h>

#include <string>

#include "core/table_fixture.h"
#include "entry_model.h"
#include "rule_mentions.h"
#include "bbr_names.h"

using namespace rutland;

namespace {

std::vector<std::string> Ids(std::string_view words) {
    std::vector<std::string> ids;
    for (const view::RuleMention& m : view::FindRuleMentions(words)) {
        CHECK(words.substr(m.begin, m.size) == m.rule->id);
        ids.push_back(std::string(words.substr(m.begin, m.size)));
    }
    return ids;
}

} // namespace

TEST_CASE("rule mentions: a rejection's, a warning's and an effect's rule IDs, where they stand in the words") {
    const std::string words = "Rejected 'buy y 10k': no Ask for Yellow at Fulwell (B-1)";
    const std::vector<view::RuleMention> m = view::FindRuleMentions(words);
    REQUIRE(m.size() == 1);
    CHECK(m[0].begin == words.find("B-1"));
    CHECK(m[0].size == 3);
    CHECK(m[0].rule == FindRule("B-1"));
    CHECK(Ids("! Bob's short is called at market (D-13); S-6 and BD-1, RULES.md section 2.") ==
          std::vector<std::string>{"D-13", "S-6", "BD-1", "RULES.md section 2"});
    CHECK(Ids("[Y-2] Ann is paid $10,000") == std::vector<std::string>{"Y-2"});
    CHECK(Ids("not a command (COMMANDS.md)") == std::vector<std::string>{"COMMANDS.md"});
    CHECK(Ids("S-6.") == std::vector<std::string>{"S-6"});
}

TEST_CASE("rule mentions: a Time card, arithmetic, a longer word and an ID RULES.md does not have are not mentions") {
    CHECK(Ids("time card=T-04").empty());
    CHECK(Ids("positions 0..N-1").empty());
    CHECK(Ids("AD-2 S-6x B-1-2 S-6.5 xS-6").empty());
    CHECK(Ids("S-7 D-3 RULES.md section 99 RULES.md section").empty());
    CHECK(Ids("").empty());
}

TEST_CASE("rule mentions: the entry line's own rejection of a line cites a rule that resolves") {
    // A real preview, as the entry line shows it: "Would be rejected: <text> (<rule>)".
    testing::Table t("game players=Ann,Bob");
    const view::Preview p = view::PreviewLine("roll 1 1 9", t.State(), &t.Log());
    REQUIRE(p.kind == view::Preview::Kind::Rejected);
    const std::vector<view::RuleMention> m = view::FindRuleMentions(p.text + " (" + p.rule + ")");
    REQUIRE_FALSE(m.empty());
    CHECK(m.back().rule->id == p.rule);
}

TEST_CASE("rule mentions: the heading and the place of a rule, from the rules reference") {
    const RuleText* s6 = FindRule("S-6");
    REQUIRE(s6);
    CHECK(view::RuleHeading(*s6) == "S-6  " + s6->title);
    CHECK(view::RuleWhere(*s6) == "RULES.md section " + s6->section);
    CHECK(view::RuleWhere(*FindRule("COMMANDS.md")).empty());
}
