// Corporate Gigabucks' commands: one plain struct per table event (RULES.md section 17) in a
// std::variant. Players are kept as typed (a name or a prefix of one, section 17) and found by
// Apply, since a line is parsed without a game; the ledger records the canonical command, with
// the full names. Parse and Print (lang/table_language.h) turn them into lines and back; Apply
// (rules/rules.h) says what they do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "model/money.h"

namespace rutland::gigabucks {

enum class RoyaltyRule : uint8_t { Minimum, Simple, Product };  // RY-2, RY-6

// The game header (CG-D1): `game gigabucks players=Ann,Bob [cash=300] [spaces=42] [flexible=1]
// [dice=2d6] [royalty=minimum] [unit=1] [bid-step=1] [liq-step=1] [variants=...]`.
struct Header {
    std::vector<std::string> players;
    Money cash = 300;   // G-2
    int spaces = 42;        // BD-1, CG-D2: the ring's size, always written in the header line
    int flexible = 1;       // T-2, CG-D4
    int dice_count = 2;     // T-4, CG-D23
    int dice_sides = 6;
    RoyaltyRule royalty = RoyaltyRule::Minimum;  // CG-D11
    Money unit = 1;     // RY-2, RY-7
    Money bid_step = 1; // AU-2, CG-D22
    Money liq_step = 1;
    bool reoffer = false;             // VO-4
    bool keep_funds = false;          // RS-6
    bool combine_remainders = false;  // RS-4
    bool open_money = false;          // DS-6
    bool operator==(const Header&) const = default;
};

struct Place {  // T-2
    std::optional<std::string> who;
    int space = 0;
    bool operator==(const Place&) const = default;
};
struct Roll {  // T-4..T-7
    std::optional<std::string> who;
    int total = 0;
    std::optional<int> at;  // T-6: `@S`, where the table says the PlTo stands
    bool operator==(const Roll&) const = default;
};
// A ChAu's or ReAu's result (CH-1..CH-4); no winner: nobody bid.
struct Charter {
    bool reactivate = false;
    std::optional<std::string> winner;
    Money bid = 0;
    bool operator==(const Charter&) const = default;
};
struct Diversify {  // DI-1..DI-4; lines: (space, count), sorted by space and merged
    std::optional<std::string> winner;
    Money bid = 0;
    std::vector<std::pair<int, int>> lines;
    bool operator==(const Diversify&) const = default;
};
struct Voluntary {  // VO-1..VO-4; spaces in the order typed
    std::optional<std::string> winner;
    Money price = 0;
    std::vector<int> spaces;
    std::optional<Money> min;
    bool anyway = false;
    bool operator==(const Voluntary&) const = default;
};
struct Involuntary {  // IN-1..IN-5
    std::optional<std::string> winner;
    Money price = 0;
    int space = 0;
    bool operator==(const Involuntary&) const = default;
};
struct End {  // T-9
    std::optional<std::string> who;
    bool operator==(const End&) const = default;
};
struct Resign {  // RS-1..RS-6
    std::string who;
    bool operator==(const Resign&) const = default;
};
struct GivePlayer {  // `player NAME`
    std::string who;
    bool operator==(const GivePlayer&) const = default;
};
// `space S[-E] [owner=NAME|none|inactive] [lines=K,...]`.
struct SpaceFix {
    enum class Owner : uint8_t { Keep, Player, None, Inactive };
    int first = 0, last = 0;
    Owner owner = Owner::Keep;
    std::string owner_name;  // Owner::Player
    std::vector<int> lines;  // empty: kept; one value, or one per space
    bool operator==(const SpaceFix&) const = default;
};
struct At {  // `at NAME S [turns=K]`
    std::string who;
    int space = 0;
    std::optional<int> turns;
    bool operator==(const At&) const = default;
};
struct Count {  // `count NAME=CASH ... [pool=R,...] [total=T]`
    std::vector<std::pair<std::string, Money>> cash;
    std::optional<std::vector<Money>> pool;
    std::optional<Money> total;
    bool operator==(const Count&) const = default;
};
struct BoardSize {  // BD-3: `board spaces=N`
    int spaces = 42;
    bool operator==(const BoardSize&) const = default;
};
struct Undo {  // L-2
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

struct Command {
    std::variant<Header, Place, Roll, Charter, Diversify, Voluntary, Involuntary, End, Resign, GivePlayer, SpaceFix, At,
                 Count, BoardSize, Undo, Redo, Note>
        action;
    bool operator==(const Command&) const = default;
};

} // namespace rutland::gigabucks
