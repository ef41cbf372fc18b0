// Flutter's board (BD-1..BD-7): levels from 0 (the bottom) up, each with a centre-column price
// (levels below MARKET NEWS) or a side label (MARKET NEWS and above), and six lanes, each with its
// company's letter, colour, name and M holes. Every fact carries a verified flag (BD-5, F-D5: the
// picture is lost, so each fact is provisional until the broker confirms or corrects it, BD-7).
//
// Invariants of a Board that Validate() accepts (BD-6), which the rules rely on:
//  1. Levels 0..Top(): every level below News() has a price and no label; prices strictly rise
//     from £0 at level 0, each a multiple of £5; exactly one level shows £100 (Par()) and one £200
//     (Bonus()).
//  2. Every level from News() up has a label and no price: one News, one Slump, at least one 5% and
//     one 10%, Top only at the top level (Top() is the last level).
//  3. M holes lie strictly above the bottom and below News(); the lanes' letters and colour keys are
//     unique.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/money.h"

namespace rutland::flutter {

inline constexpr int kCompanies = 6;

// A level's side label (BD-3).
enum class Label : uint8_t { None, News, Slump, Five, Ten, Top };

struct Level {
    std::optional<Pounds> price;  // centre column (below MARKET NEWS)
    Label label = Label::None;    // side label (MARKET NEWS and above)
    bool verified = false;        // BD-7: confirmed or corrected at the table
    bool operator==(const Level&) const = default;
};

struct Lane {
    std::string letter;  // "W": the company in commands (section 15)
    std::string colour;  // "White": its lower case is the JSON key (section 16)
    std::string name;    // "Captivating Cosmetics Ltd."
    std::vector<int> m_holes;  // levels of this lane's M holes (BD-4), ascending
    bool verified = false;
    bool operator==(const Lane&) const = default;
    std::string Key() const;  // the colour in lower case
};

struct Board {
    std::string name = "provisional";
    std::vector<Level> levels;
    std::array<Lane, kCompanies> lanes;

    bool operator==(const Board&) const = default;

    // BD-5: the built-in provisional board, every fact unverified. It never changes.
    static Board Provisional();
    // A board by its name (case-insensitive): the built-in "provisional" first, then the table's
    // own boards installed (InstallUserBoards); nullopt for none.
    static std::optional<Board> Named(std::string_view name);

    // BD-6: nullopt when invariants 1-3 hold, else what breaks them.
    std::optional<std::string> Validate() const;

    int Top() const { return static_cast<int>(levels.size()) - 1; }
    int News() const { return Lowest(Label::News); }
    int Slump() const { return Lowest(Label::Slump); }
    int Par() const { return LevelShowing(Pounds(100)); }
    int Bonus() const { return LevelShowing(Pounds(200)); }
    // The lowest level with this label, or -1.
    int Lowest(Label label) const;
    // The level whose price is this one, or -1.
    int LevelShowing(Pounds price) const;
    Pounds PriceAt(int level) const { return levels.at(static_cast<size_t>(level)).price.value_or(Pounds(0)); }
    bool IsMHole(int company, int level) const;
    // The company whose letter or colour key this is (case-insensitive), or -1.
    int CompanyOf(std::string_view letter_or_colour) const;
    // Section 16: true once every lane and every level is confirmed.
    bool Verified() const;

    // The board as JSON text (the start data the game file carries), and back. FromJson refuses,
    // before parsing (base/json_guard.h), a text over kMaxBoardJsonBytes, nested over
    // kMaxBoardJsonDepth or with a key twice in one object.
    std::string ToJson() const;
    static std::optional<Board> FromJson(std::string_view text, std::string* error);
};

// A board's JSON is ~2 KB, nested 3 deep (the board, its levels or lanes, a lane's M holes).
inline constexpr size_t kMaxBoardJsonBytes = 1024 * 1024;
inline constexpr int kMaxBoardJsonDepth = 8;

// THE SEAM for the table's own boards (as Big Board Raiders' model/board_catalog.h invariant 1): the
// app reads them from the user's files (rutland-cli board, games/flutter/host/flutter_boards.h) and
// hands them in here as data; the rules never read a file. Board::Named finds them for a new game
// only: a game file carries its own board (store/store.h StartData), so what is installed never
// changes a recorded game. A board that breaks BD-6, or has a built-in name, is not installed.
void InstallUserBoards(std::vector<Board> boards);

std::string_view LabelWord(Label label);  // "news", "slump", "5%", "10%", "top", "none"
std::optional<Label> LabelFromWord(std::string_view word);

} // namespace rutland::flutter
