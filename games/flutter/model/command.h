// Flutter's commands: one struct per table event (RULES.md section 15), plain data in a
// std::variant. A company is kept as typed (its letter or colour, upper case) and found on the
// game's board by Apply, since the letters are the board's (C-1, BD-6) and a line is parsed without
// a game. Parse and Print (lang/table_language.h) turn them into lines and back; Apply
// (rules/rules.h) says what they do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "model/board.h"
#include "model/money.h"

namespace rutland::flutter {

// The game header (F-D1): `game flutter players=Ann,Bob,Cy [cash=300] [target=600]
// [board=provisional] [box=12] [variants=rethrow-bankrupt,bonus-from-stock]`.
struct Header {
    std::vector<std::string> players;
    Pounds cash{300};    // G-2, F-D15
    Pounds target{600};  // G-6
    std::string board = "provisional";
    int box = 12;        // G-3, F-D3
    bool rethrow_bankrupt = false;  // T-7's variant
    bool bonus_from_stock = false;  // BN-4's variant
    // G-1's broker, by name (a player or not); unset in a header without `broker=` (every game file
    // before it had one reads as it did: the header's line and the state's digest are unchanged).
    std::optional<std::string> broker;
    bool operator==(const Header&) const = default;
};

// Where a traveller stands, as the table says it (T-8's `@place`, `peg ... traveller=`).
struct Place {
    enum class Kind : uint8_t { Parent, News, Slump, Five, Ten, Top, M, Level };
    Kind kind = Kind::Level;
    int level = 0;  // Kind::Level only
    bool operator==(const Place&) const = default;
};

struct Throw {
    std::optional<std::string> who;  // `NAME: throw ...`
    std::string company;
    int number = 0;
    std::optional<Place> place;
    bool operator==(const Throw&) const = default;
};

// One effect of a Market News card (N-2).
struct CardEffect {
    enum class Kind : uint8_t { Up, Down, ParentUp, ParentDown, Dividend, AntiSlump, Nothing };
    Kind kind = Kind::Nothing;
    int64_t n = 0;  // holes, levels or pounds a certificate
    bool operator==(const CardEffect&) const = default;
};

struct News {
    std::optional<std::string> company;  // absent: the pending card's company
    std::vector<CardEffect> effects;
    std::optional<Place> place;
    bool operator==(const News&) const = default;
};

struct Buy {
    std::optional<std::string> who;
    std::string company;
    int64_t count = 1;
    bool operator==(const Buy&) const = default;
};

struct Sell {
    std::optional<std::string> who;
    std::string company;
    int64_t count = 1;
    bool operator==(const Sell&) const = default;
};

struct Claim {
    std::optional<std::string> name;  // absent: the current player
    bool operator==(const Claim&) const = default;
};

struct Undo {
    int count = 1;
    bool operator==(const Undo&) const = default;
};
struct Redo {
    int count = 1;
    bool operator==(const Redo&) const = default;
};

struct Note {
    std::string text;
    bool operator==(const Note&) const = default;
};

// One part of a `board` line (BD-6, BD-7): a lane, a level, or the whole board.
struct BoardChange {
    enum class Target : uint8_t { Lane, Level, Whole };
    Target target = Target::Whole;
    std::string company;  // Lane: as typed
    int level = 0;        // Level
    std::optional<std::string> name, colour, letter;  // Lane
    std::optional<std::vector<int>> m;                 // Lane, or Whole (`m=none`: empty)
    std::optional<Pounds> price;                       // Level
    std::optional<Label> label;                        // Level
    std::optional<int> levels;                         // Whole: `levels=N`
    bool ok = false;
    bool operator==(const BoardChange&) const = default;
};
struct BoardLine {
    std::vector<BoardChange> changes;
    bool operator==(const BoardLine&) const = default;
};

struct Peg {
    std::string company;
    std::optional<Pounds> price;
    std::optional<Place> traveller;
    std::optional<bool> anti_slump;
    bool operator==(const Peg&) const = default;
};

struct Count {
    std::string name;
    std::optional<Pounds> cash;
    std::vector<std::pair<std::string, int64_t>> certificates;  // company as typed, count
    bool operator==(const Count&) const = default;
};

struct PlayerTurn {
    std::string name;
    bool operator==(const PlayerTurn&) const = default;
};

using Action = std::variant<Header, Throw, News, Buy, Sell, Claim, Undo, Redo, Note, BoardLine, Peg, Count, PlayerTurn>;

struct Command {
    Action action;
    bool operator==(const Command&) const = default;
};

} // namespace rutland::flutter
