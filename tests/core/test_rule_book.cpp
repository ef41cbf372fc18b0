// The rules reference compiled in (report/rule_book.h): every ID Rutland can cite has its words,
// and they are the repository's RULES.md, the one source.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/rule_book.h"
#include "bbr_names.h"

using namespace rutland;

namespace {

std::string ReadFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::filesystem::path kSource(RUTLAND_SOURCE_DIR);
const std::filesystem::path kDocs = kSource / "games" / "big-board-raiders" / "docs";

// RULES.md's own line for a list item "- ID ...", as the file has it.
std::string ListLine(const std::string& id) {
    std::istringstream in(ReadFile(kDocs / "RULES.md"));
    for (std::string line; std::getline(in, line);)
        if (line.rfind("- " + id + " ", 0) == 0) return line.substr(3 + id.size());
    return "";
}

} // namespace

TEST_CASE("rule book: the words compiled in are the repository's RULES.md and COMMANDS.md, byte for byte") {
    const std::string rules = ReadFile(kDocs / "RULES.md");
    REQUIRE_FALSE(rules.empty());
    CHECK(RulesReferenceText() == rules);
    CHECK(CommandsReferenceText() == ReadFile(kDocs / "COMMANDS.md"));
}

TEST_CASE("rule book: every ID of tests/rule_ids.txt resolves, with a title and words; and no other rule ID is there") {
    std::ifstream in(kSource / "tests" / "rule_ids.txt");
    std::set<std::string> listed;
    for (std::string id; std::getline(in, id);)
        if (!id.empty()) listed.insert(id);
    REQUIRE(listed.size() > 80);
    for (const std::string& id : listed) {
        const RuleText* r = FindRule(id);
        REQUIRE_MESSAGE(r, id);
        CHECK(r->id == id);
        CHECK_MESSAGE(!r->title.empty(), id);
        CHECK_MESSAGE(r->text.size() > r->title.size(), id);
        CHECK_MESSAGE(!r->section.empty(), id);
        CHECK_MESSAGE(r->text.find('`') == std::string::npos, id);
        CHECK_MESSAGE(r->text.find('*') == std::string::npos, id);
    }
    std::set<std::string> ids;
    for (const RuleText& r : AllRules())
        if (r.id.find('.') == std::string::npos) ids.insert(r.id);
    CHECK(ids == listed);
}

// Big Board Raiders' folder and the shell's: each other game cites its own rule book (a Flutter
// "BD-5" is Flutter's), checked by its own suite.
TEST_CASE("rule book: every rule ID the code cites (core/, games/big-board-raiders/, app/, assets/) resolves") {
    // The IDs as the code writes them: "S-6" in a rejection, "(D-2)" in a warning, "RULES.md section 2".
    const std::regex id_re(R"((^|[^A-Za-z0-9_-])([A-Z]{1,2}-[1-9][0-9]*)($|[^0-9]))");
    const std::regex section_re(R"(RULES\.md section [0-9]+)");
    size_t cited = 0;
    std::set<std::string> unknown;
    for (const char* folder : {"core", "games/big-board-raiders", "app", "assets"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource / folder)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".cpp" && ext != ".h" && ext != ".js" && ext != ".txt") continue;
            const std::string text = ReadFile(entry.path());
            for (std::sregex_iterator it(text.begin(), text.end(), id_re), end; it != end; ++it) {
                ++cited;
                if ((*it)[2].str() == "N-1") continue;  // board.cpp's "0..N-1" is arithmetic, not a rule
                if (!FindRule((*it)[2].str())) unknown.insert((*it)[2].str() + " in " + entry.path().filename().string());
            }
            for (std::sregex_iterator it(text.begin(), text.end(), section_re), end; it != end; ++it)
                if (!FindRule(it->str())) unknown.insert(it->str() + " in " + entry.path().filename().string());
        }
    }
    CHECK(cited > 500);
    CHECK_MESSAGE(unknown.empty(), fmt::format("{}", fmt::join(unknown, ", ")));
}

TEST_CASE("rule book: S-6's words are RULES.md's list item, its title the first clause, its section 8") {
    const RuleText* r = FindRule("S-6");
    REQUIRE(r);
    const std::string line = ListLine("S-6");
    REQUIRE_FALSE(line.empty());
    // The file's first line of the item, Markdown's emphasis out: the start of the text.
    std::string plain;
    for (char c : line)
        if (c != '*') plain += c;
    CHECK(r->text.rfind(plain, 0) == 0);
    CHECK(r->text.find("\n") == std::string::npos);  // continuation lines joined
    CHECK(r->text.find("  ") == std::string::npos);
    CHECK(r->section.rfind("8. ", 0) == 0);
    CHECK(plain.rfind(r->title, 0) == 0);
    CHECK(r->title.size() < plain.size());
}

TEST_CASE("rule book: a decision (D-24) is its row of section 14; D-2 keeps its list item too") {
    const RuleText* d24 = FindRule("D-24");
    REQUIRE(d24);
    CHECK(d24->section.rfind("14. ", 0) == 0);
    CHECK(d24->text.find("strict-year-end-buys") != std::string::npos);
    CHECK(d24->text.find("Default: ") != std::string::npos);
    CHECK(d24->text.find("Evidence in the manual: ") != std::string::npos);
    const RuleText* d5 = FindRule("D-5");
    REQUIRE(d5);
    CHECK(d5->text.find("No variant.") != std::string::npos);
    const RuleText* d2 = FindRule("D-2");
    REQUIRE(d2);
    CHECK(d2->section.rfind("3. ", 0) == 0);
    const std::string line = ListLine("D-2");
    REQUIRE_FALSE(line.empty());
    CHECK(d2->text.rfind(line, 0) == 0);
    CHECK(d2->text.find("\nQuestion: ") != std::string::npos);
}

TEST_CASE("rule book: IDs are found whatever their case and spaces; a Time card's name and a stranger are not rules") {
    REQUIRE(FindRule("BD-1"));
    CHECK(FindRule(" bd-1 ") == FindRule("BD-1"));
    CHECK(FindRule("d-24") == FindRule("D-24"));
    CHECK_FALSE(FindRule("T-04"));
    CHECK_FALSE(FindRule("S-7"));
    CHECK_FALSE(FindRule("D-3"));  // RULES.md: "Numbers D-3 and D-11 are not used."
    CHECK_FALSE(FindRule(""));
}

TEST_CASE("rule book: rejections also cite COMMANDS.md and RULES.md's sections; both resolve to their words") {
    const RuleText* language = FindRule("COMMANDS.md");
    REQUIRE(language);
    CHECK(language->text.find("One language everywhere") == 0);
    CHECK(language->text.find("Companies: Y B R G") != std::string::npos);
    CHECK(language->text.find("This is Rutland") == std::string::npos);  // the header is about the file, not the language
    const RuleText* section = FindRule("RULES.md section 2");
    REQUIRE(section);
    CHECK(section->title == "The four companies (the prospectus)");
    CHECK(section->text.find("Fulwell") != std::string::npos);
    CHECK(FindRule("rules.md section 8"));
    CHECK_FALSE(FindRule("RULES.md section 99"));
}

TEST_CASE("rule book: a near miss gets the IDs it is nearest to") {
    CHECK(NearestRuleIds("s6") == std::vector<std::string>{"S-6"});
    CHECK(NearestRuleIds("D24").front() == "D-24");
    const std::vector<std::string> s7 = NearestRuleIds("S-7");
    REQUIRE(s7.size() == 3);
    for (const std::string& id : s7) CHECK(id.rfind("S-", 0) == 0);
    CHECK(NearestRuleIds("hello").empty());
}

TEST_CASE("rule book: the parser reads a reference of RULES.md's form: items, continuation lines, decision rows") {
    const std::vector<RuleText> rules = ParseRulesReference(
        "# Title\n\n> header D-9 not a rule\n\n## 1. First\n- A-1 One `thing`: more.\n  and *more*.\n- not an item\n\n"
        "## 2. Decisions\n| D | question | default | variant name | evidence |\n|---|---|---|---|---|\n"
        "| D-1 | how many | two | `many=N` | the manual |\n| D-2 | which | this | \xE2\x80\x94 | none |\n",
        "# Language\n\nOne line.\n\n## Lexical\n- words\n");
    REQUIRE(rules.size() == 6);
    CHECK(rules[0].id == "A-1");
    CHECK(rules[0].title == "One thing");
    CHECK(rules[0].text == "One thing: more. and more.");
    CHECK(rules[0].section == "1. First");
    CHECK(rules[1].id == "D-1");
    CHECK(rules[1].title == "How many");
    CHECK(rules[1].text == "Question: how many\nDefault: two\nVariant, a game may switch it on at setup: many=N\nEvidence in the manual: the manual");
    CHECK(rules[2].text.find("No variant.") != std::string::npos);
    CHECK(rules[3].id == "RULES.md section 1");
    CHECK(rules[4].id == "RULES.md section 2");
    CHECK(rules[5].id == "COMMANDS.md");
    CHECK(rules[5].text == "One line.\n- words");
}
