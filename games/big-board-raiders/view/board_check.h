// Reading the physical board one space at a time, without a window:
//  - one short line per space: "uudd yrg" (arrows in Yellow, Blue, Red, Green order, then the Ask
//    of a subsidiary or the Bids of any other space), "time"/"market" for a kind, a number for the
//    position, in any order; an empty line means "the board shows what Rutland has";
//  - the first landing on a space with unverified facts during play: what Enter records to confirm
//    them (a `board @space ...` entry: durable and undoable like any other, D-2), or the correction;
//  - board setup: the 40 spaces in ring order, each read and verified, saved as a named board.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "view/entry_model.h"
#include "model/board.h"
#include "model/state.h"

namespace rutland::bbr {

// [SECTION] One space, one line

struct SpaceReading {
    std::optional<Trends> trend;
    std::optional<CompanySet> set;    // the Ask of a subsidiary, the Bids of any other space (BD-3)
    std::optional<SpaceKind> kind;    // Time or market only (BD-1)
    std::optional<int> position;
};

// The line read for space `space` of `board`; nullopt and *why (naming the rule) when it cannot be.
std::optional<SpaceReading> ParseReading(const Board& board, int space, std::string_view typed, std::string* why);

// "arrows UUDD, Ask YRG" / "arrows DUUD, Bids YBG, kind time": what the board has for the space.
std::string FactsText(const Space& space);
// The facts of the space not yet checked: "arrows, Ask" (empty when none of those a landing reads).
std::string UnverifiedRead(const Space& space);

// The `board` line that records the space as read: every fact the landing reads (arrows, Ask and
// Bids, a Time or market space's kind) with the reading's value or, where it says nothing, the
// value the board has; the position only when read.
std::string ReadingLine(const Board& board, int space, const SpaceReading& reading);

// [SECTION] The first landing on a space

struct LandingCheck {
    int space = -1;
    std::string label;        // "Brada"
    std::string facts;        // FactsText
    std::string unverified;   // UnverifiedRead
    std::string confirm_line; // ReadingLine with nothing read: Enter records the facts as shown
};
// When `preview` is of a roll (typed while the turn is open too) that lands on a space with a fact
// the landing reads still unverified: what to ask. nullopt otherwise.
std::optional<LandingCheck> CheckLanding(const GameState& state, const Preview& preview);

// [SECTION] Board setup

struct BoardSetup {
    Board board;              // as read so far
    std::vector<int> order;   // the spaces in ring order when the setup began
    int at = 0;               // index into order; order.size(): every space read, name it
};
BoardSetup StartBoardSetup(const Board& base);
// Reads the line for the current space into the board (every fact of the space verified, the
// position too: the walk follows the ring) and moves on. False and *why when the line cannot be.
bool EnterReading(BoardSetup& setup, std::string_view typed, std::string* why);
// The space being read, or nullptr when all are read.
const Space* SetupSpace(const BoardSetup& setup);

} // namespace rutland::bbr
