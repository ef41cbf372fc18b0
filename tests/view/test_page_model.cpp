// The shared page's data (games/big-board-raiders/web/page_model.h): made by the same view models and
// effect renderer as the dashboard, from the game file as `rutland-cli serve` reads it.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "entry_window.h"
#include "game_generator.h"

#include "lang/effect_text.h"
#include "report/rule_book.h"
#include "rules/state_json.h"
#include "web/page_model.h"
#include "bbr_names.h"

using namespace rutland;

namespace {

// The full game up to entry `last`, written to a game file in a fresh directory and opened for
// reading as serve opens it.
std::unique_ptr<Store> FullGameFile(const std::filesystem::path& dir, int last) {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/tests/games/full-game.txt");
    std::unique_ptr<Store> writer;
    std::string error, line;
    int n = 0;
    const std::string path = (dir / "full.rutland").string();
    while (std::getline(in, line)) {
        const ParseResult parsed = ParseCommand(line);
        if (!parsed.command) continue;
        const Stamp stamp{"2026-11-24T10:00:00Z", "Dee", "page:" + std::to_string(n++)};
        if (!writer) {
            writer = Store::Create(path, std::get<GameHeader>(parsed.command->action), stamp, &error);
            REQUIRE_MESSAGE(writer, error);
            continue;
        }
        if (writer->Size() - 1 >= last) break;
        REQUIRE_MESSAGE(writer->Submit(*parsed.command, stamp).accepted, line);
    }
    writer.reset();
    auto store = Store::Open(path, Store::Mode::ReadOnly, &error);
    REQUIRE_MESSAGE(store, error);
    return store;
}

// Every difference between two pages, by key, for a readable failure.
std::string FirstDifference(const nlohmann::json& got, const nlohmann::json& want) {
    const nlohmann::json patch = nlohmann::json::diff(want, got);
    return patch.empty() ? std::string() : patch.dump().substr(0, 600);
}

} // namespace

TEST_CASE("page model: a streamed store's page, built through its window, is the page of the store holding every entry "
          "(page_model.h invariant 5)") {
    std::string pattern = (std::filesystem::temp_directory_path() / "rutland-page-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    const std::filesystem::path dir = pattern;
    const std::string path = (dir / "gen.rutland").string();
    {
        // A generated game with counts and year ends; then undos and redos long enough that
        // what the page reads is no longer among the entries the window keeps (it reads them back).
        testing::GenOptions gen;
        gen.seed = 29;
        gen.players = 5;
        gen.entries = 1400;
        gen.mix.count = 3;
        std::vector<std::string> lines = testing::GenerateGame(gen);
        for (const char* more : {"undo 700", "redo 300", "undo 5", "redo 2"}) lines.push_back(more);
        std::string error;
        std::unique_ptr<Store> writer;
        int n = 0;
        auto stamp = [&n] { return Stamp{"2026-11-24T10:00:00Z", "Dee", "gen:" + std::to_string(n++)}; };
        const ParseResult header = ParseCommand(lines[0]);
        REQUIRE(header.command);
        writer = Store::Create(path, std::get<GameHeader>(header.command->action), stamp(), &error);
        REQUIRE_MESSAGE(writer, error);
        size_t next = 1;
        auto play_to = [&](size_t upto) {
            for (; next < std::min(upto, lines.size()); ++next)
                REQUIRE_MESSAGE(writer->SubmitLine(lines[next], stamp()).accepted, lines[next]);
        };
        play_to(300);

        // As serve reads it: streamed, every entry handed to the window as it is read.
        view::EntryWindow window;
        StoreOptions stream;
        stream.stream_entries = true;
        auto reader = Store::Open(path, Store::Mode::ReadOnly, &error, stream,
                                  [&window](const Entry& e, const EntryRecord& r) { window.Take(e, r); });
        REQUIRE_MESSAGE(reader, error);
        REQUIRE(reader->Streamed());
        window.Attach(*reader);
        web::PageCache cache;
        int checked = 0;
        for (const size_t upto : {size_t{300}, size_t{301}, size_t{700}, size_t{1100}, size_t{1400}, size_t{1401},
                                  size_t{1402}, size_t{1404}}) {
            play_to(upto);
            const int before = reader->Size();
            window.KeepHeadsFrom(before);  // as serve does after each publish (game_server.cpp)
            REQUIRE(reader->Follow(&error, [&window](const Entry& e, const EntryRecord& r) { window.Take(e, r); }) >= 0);
            const nlohmann::json page = web::PageJson(*reader, &cache, &window);
            auto whole = Store::Open(path, Store::Mode::ReadOnly, &error);
            REQUIRE_MESSAGE(whole, error);
            REQUIRE(!whole->Streamed());
            REQUIRE(whole->Size() == reader->Size());
            const nlohmann::json want = web::PageJson(*whole);
            const bool same = page.dump() == want.dump();
            CHECK_MESSAGE(same, "at entry " << reader->Size() - 1 << ": " << FirstDifference(page, want));
            CHECK(web::StateJson(*reader).dump() == web::StateJson(*whole).dump());
            for (int seq = std::max(0, before - 5); seq < reader->Size(); ++seq)  // every new entry's event
                CHECK(web::EntryEventJson(*reader, window, seq).dump() == web::EntryEventJson(*whole, seq).dump());
            ++checked;
        }
        CHECK(checked == 8);
        // The long undo put in effect entries the window no longer held: they were read back.
        CHECK(window.ReadBacks() > 0);
        // What the page needed of the year's entries is all it kept (entry_window.h invariant 2).
        CHECK(window.HeldCount() < reader->Size() / 2);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("page model: the SEC guy's view, the ledger in words and the fingerprint of the full game at entry 83") {
    std::string pattern = (std::filesystem::temp_directory_path() / "rutland-page-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    const std::filesystem::path dir = pattern;
    {
        auto store = FullGameFile(dir, 83);
        REQUIRE(store->Size() == 84);
        const nlohmann::json page = web::PageJson(*store);
        const GameState& s = store->GetLedger().State();
        // The Blue Split's margin call leaves Ann owing $12,000 (M-4): tests/view/test_sec_view.cpp
        // checks the same figures by hand on the view model the page uses.
        REQUIRE(page["sec"]["pending"].size() == 1);
        CHECK(page["sec"]["pending"][0]["name"] == "Ann");
        CHECK(page["sec"]["pending"][0]["amount"] == "$12,000");
        CHECK(page["sec"]["pending"][0]["rule"] == "M-4");
        CHECK(page["game"]["pending"].size() == 1);
        CHECK(page["game"]["fingerprint"] == store->Fingerprint());
        CHECK(page["game"]["entry"] == 83);
        // The standings in turn order, the current player flagged.
        REQUIRE(page["standings"].size() == s.players.size());
        for (size_t i = 0; i < s.players.size(); ++i) {
            CHECK(page["standings"][i]["name"] == s.players[i].name);
            CHECK(page["standings"][i]["current"] == (static_cast<int>(i) == s.current));
        }
        // The ledger newest first, each effect in the one renderer's words (D-2 reminders left out).
        REQUIRE(page["ledger"].size() == static_cast<size_t>(web::kPageLedgerEntries));
        CHECK(page["ledger"][0]["seq"] == 83);
        CHECK(page["ledger"].back()["seq"] == 83 - web::kPageLedgerEntries + 1);
        const Entry& e = store->GetLedger().At(83);
        std::vector<std::string> words;
        for (const Effect& fx : e.effects)
            if (!(fx.kind == EffectKind::Info && fx.rule == "D-2")) words.push_back(EffectText(fx, RenderContext::Of(s)));
        REQUIRE(page["ledger"][0]["words"].size() == words.size());
        for (size_t i = 0; i < words.size(); ++i) CHECK(page["ledger"][0]["words"][i]["text"] == words[i]);
        // The Big Board: four ladders, a row per rung.
        CHECK(page["board"]["ladders"].size() == 4);
        CHECK(page["board"]["rows"].size() > 10);
        // /state.json: the state JSON of COMMANDS.md with the entry and the fingerprint.
        nlohmann::json expected = StateToJson(s);
        expected["entry"] = 83;
        expected["fingerprint"] = store->Fingerprint();
        CHECK(web::StateJson(*store) == expected);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("page model: /rules.json holds every rule of the reference, its heading, place and words (page_model.h invariant 4)") {
    const nlohmann::json j = web::RulesJson();
    REQUIRE(j["rules"].size() == AllRules().size());
    for (const RuleText& r : AllRules()) {
        REQUIRE_MESSAGE(j["rules"].contains(r.id), r.id);
        CHECK(j["rules"][r.id]["text"] == r.text);
        CHECK(j["rules"][r.id]["heading"].get<std::string>().rfind(r.id, 0) == 0);
    }
    CHECK(j["rules"]["S-6"]["where"] == "RULES.md section " + FindRule("S-6")->section);
    CHECK(j["rules"]["COMMANDS.md"]["where"] == "");
}
