// The games this build hosts, as app/games.cmake lists them (game_list.h, made from it), and how a
// header line or a file finds its game. It includes no game's header: each game's definition is
// declared by the kit's macro (kit/host/registration.h) and defined by the game's host part.
#include "host/registry.h"

#include <array>

#include "base/safe_text.h"
#include "kernel/basic_store.h"
#include "kernel/game_word.h"

#include "game_list.h"
#include "host/registration.h"

#define RUTLAND_REGISTRY_DECLARE(id) RUTLAND_DECLARE_GAME(id)
RUTLAND_GAMES(RUTLAND_REGISTRY_DECLARE)
#undef RUTLAND_REGISTRY_DECLARE

namespace rutland::host {

namespace {

// Invariant 1: constant data, Big Board Raiders first.
#define RUTLAND_REGISTRY_ENTRY(id) &registered::id,
constexpr std::array<const GameDefinition*, RUTLAND_GAME_COUNT> kGames = {RUTLAND_GAMES(RUTLAND_REGISTRY_ENTRY)};
#undef RUTLAND_REGISTRY_ENTRY

// "big-board-raiders" (and, comma-separated, every other game the start screen offers): what a
// refusal says this Rutland has. The toy, a test game, opens everywhere but is not advertised.
std::string ListedNames() {
    std::string out;
    for (const GameDefinition* game : kGames) {
        if (!game->listed) continue;
        if (!out.empty()) out += ", ";
        out += game->name;
    }
    return out;
}

// Invariant 2: "x.rutland holds a game of 'othergame', which this Rutland does not have (it has big-board-raiders, flutter)".
std::string UnknownGame(const std::string& path, std::string_view name) {
    return PrintableText(path) + " holds a game of '" + PrintableText(name) +
           "', which this Rutland does not have (it has " + ListedNames() + ")";
}

} // namespace

std::span<const GameDefinition* const> Games() { return kGames; }

const GameDefinition* FindGame(std::string_view name) {
    for (const GameDefinition* game : kGames)
        if (game->name == name) return game;
    return nullptr;
}

const GameDefinition& FirstGame() { return *kGames.front(); }

const GameDefinition* GameOfHeader(std::string_view header_line, std::string* error) {
    const std::optional<std::string_view> word = HeaderGameWord(header_line);
    if (!word) return FindGame(kFirstGame);
    // A header is a line of a game's language, and the languages are case-insensitive
    // (games/flutter/docs/RULES.md section 15): `GAME Flutter players=...` is Flutter's. Game names
    // are lower-case ASCII, so lowering the word's ASCII letters is enough.
    std::string lowered(*word);
    for (char& c : lowered)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (const GameDefinition* game = FindGame(lowered)) return game;
    if (error)
        *error = "no game called '" + PrintableText(*word) + "' in this Rutland; it has " + ListedNames();
    return nullptr;
}

const GameDefinition* GameOfFile(const std::string& path, std::string* error) {
    std::string why;
    const std::optional<std::string> name = GameOfStoreFile(path, &why);
    if (!name) {
        if (error) *error = why;
        return nullptr;
    }
    if (const GameDefinition* game = FindGame(*name)) return game;
    if (error) *error = UnknownGame(path, *name);
    return nullptr;
}

const GameDefinition* GameToOpen(const std::string& path, std::string* error) {
    std::string ignored;
    std::optional<std::string> name = GameOfStoreFile(path, &ignored);
    // A file whose meta does not say its game (its row removed or emptied outside Rutland) is
    // opened by the game its header names, whose verify says what is wrong, in the words verify
    // always uses ("meta does not say which game the file holds..."), not as another game.
    if (!name) {
        const std::optional<std::string> named = HeaderGameOfStoreFile(path);
        const GameDefinition* game = named ? FindGame(*named) : nullptr;
        return game ? game : kGames.front();
    }
    if (const GameDefinition* game = FindGame(*name)) return game;
    if (error) *error = UnknownGame(path, *name);
    return nullptr;
}

} // namespace rutland::host
