// The start screen's form for a game with no form of its own (app/view/new_game_form.h), on
// Flutter's header options (games/flutter/host/flutter_desk.h), headless: the header line composed
// from what was typed, and the game's own word on it (GameDefinition::read, in_memory).
#include <doctest/doctest.h>

#include <string>

#include "host/registry.h"
#include "new_game_form.h"

using namespace rutland;

namespace {

const host::GameDefinition& Flutter() {
    const host::GameDefinition* game = host::FindGame("flutter");
    REQUIRE(game != nullptr);
    return *game;
}

// The option's index in the game's header options, by its key.
size_t Option(const host::GameDefinition& game, std::string_view key) {
    for (size_t i = 0; i < game.header_options.size(); ++i)
        if (game.header_options[i].key == key) return i;
    FAIL("no header option " << std::string(key));
    return 0;
}

} // namespace

TEST_CASE("new game form: Flutter's header line from the players, the options typed, blank ones left to the game") {
    const host::GameDefinition& game = Flutter();
    REQUIRE(!game.header_options.empty());
    view::HostGameForm form;
    form.players = " Ann, Bob  Cy ";
    form.broker = "Dee";
    form.options.resize(game.header_options.size());
    form.options[Option(game, "cash")] = "250";
    form.options[Option(game, "variants")] = "rethrow-bankrupt";
    const view::HostGameCheck check = view::CheckHostGame(game, form);
    REQUIRE_MESSAGE(check.Ok(), check.form_error);
    CHECK(check.players == std::vector<std::string>{"Ann", "Bob", "Cy"});
    // The broker goes into Flutter's header too (its RULES.md section 15, G-1: header_broker).
    CHECK(check.header_line == "game flutter players=Ann,Bob,Cy cash=250 variants=rethrow-bankrupt broker=Dee");
    CHECK(check.header.who == "Dee");  // entry 0's stamp
    std::string why;
    CHECK(game.in_memory(check.header, &why) != nullptr);
}

TEST_CASE("new game form: what the game refuses is said with its rule, and nothing can start") {
    const host::GameDefinition& game = Flutter();
    view::HostGameForm form;
    form.options.resize(game.header_options.size());
    CHECK_FALSE(view::CheckHostGame(game, form).Ok());
    CHECK(!view::CheckHostGame(game, form).players_error.empty());

    form.players = "Ann";  // G-1: at least 2 players
    view::HostGameCheck one = view::CheckHostGame(game, form);
    CHECK_FALSE(one.Ok());
    CHECK(one.form_error.find("G-1") != std::string::npos);

    form.players = "Ann, Bob";
    form.options[Option(game, "cash")] = "257";  // U-1: whole £5
    view::HostGameCheck cash = view::CheckHostGame(game, form);
    CHECK_FALSE(cash.Ok());
    CHECK(cash.form_error.find("U-1") != std::string::npos);

    form.options[Option(game, "cash")] = "250 target=5";  // one value is one word of the header
    view::HostGameCheck glued = view::CheckHostGame(game, form);
    CHECK_FALSE(glued.Ok());
    CHECK(!glued.option_errors[Option(game, "cash")].empty());
}
