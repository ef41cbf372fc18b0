// The board (RULES.md section 3). The picture of the board is lost (D-2): every fact carries
// whether it is verified, so the app can flag what it used that nobody has checked, and the
// `board` command corrects a space within a game.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/company.h"

namespace rutland {

enum class SpaceKind : uint8_t { Subsidiary, Preferred, Rights, Puts, Calls, Time, Market };
enum class Trend : uint8_t { Down, Up };
using Trends = std::array<Trend, 4>;  // Yellow, Blue, Red, Green order

template <class T>
struct Fact {
    T value{};
    bool verified = false;
    bool operator==(const Fact&) const = default;
};

struct Space {
    std::string name;   // the table language's name, e.g. "fulwell", "preferred-yellow", "time-2"
    std::string label;  // what the JSON state and the screen show, e.g. "Fulwell", "Time 2"
    Fact<SpaceKind> kind;
    std::optional<Company> company;  // a subsidiary's parent; a preferred space's company
    Fact<int> position;              // 0..39 around the ring
    Fact<Trends> trend;              // BD-2
    Fact<CompanySet> ask;            // BD-3: subsidiaries only
    Fact<CompanySet> bid;            // BD-3: every other space
    bool operator==(const Space&) const = default;

    bool FullyVerified() const { return kind.verified && position.verified && trend.verified && ask.verified && bid.verified; }
};

// Bounds on a board file, checked before it is parsed (Board::FromJson): a board is about 10 KB,
// nested 3 deep (the board, its spaces, a space).
inline constexpr size_t kMaxBoardJsonBytes = 1024 * 1024;
inline constexpr int kMaxBoardJsonDepth = 8;

class Board {
public:
    // Parses a board file (assets/boards/*.json). On failure returns nullopt and sets *error (any
    // text of the file it quotes escaped: safe_text.h PrintableText). Refused: a file over
    // kMaxBoardJsonBytes or nested over kMaxBoardJsonDepth (before parsing), a key given twice in
    // one object, board text (name, title, provisional, labels) with control, bidi or invisible
    // characters (names.h rule 2).
    static std::optional<Board> FromJson(std::string_view text, std::string* error);
    std::string ToJson() const;

    const std::string& Name() const { return m_name; }
    // A board saved under another name (`rutland-cli board save`, the dashboard's board setup).
    void SetName(std::string name) { m_name = std::move(name); }
    int SpaceCount() const { return static_cast<int>(m_spaces.size()); }
    const Space& At(int space) const { return m_spaces[static_cast<size_t>(space)]; }
    Space& MutableAt(int space) { return m_spaces[static_cast<size_t>(space)]; }
    const std::vector<Space>& Spaces() const { return m_spaces; }

    // Exact name, or any unambiguous prefix ("fulw"). "time" matches time-1..time-4 and is
    // ambiguous; on failure returns nullopt and says why in *error.
    std::optional<int> Find(std::string_view name_or_prefix, std::string* error) const;
    // The space `steps` positions clockwise from `space` (by the position facts).
    int Advance(int space, int steps) const;
    // The space standing at ring position `position`, or -1.
    int AtPosition(int position) const;

private:
    std::string m_name;
    std::vector<Space> m_spaces;  // index = stable space id within this board
};

// Boards shipped in assets/boards/, compiled into the core so a game replays identically
// wherever it is opened. Returns nullptr for an unknown name.
std::shared_ptr<const Board> BuiltinBoard(std::string_view name);
std::vector<std::string> BuiltinBoardNames();

std::string_view SpaceKindName(SpaceKind k);  // "subsidiary", "preferred", "rights", "puts", "calls", "time", "market"
std::optional<SpaceKind> ParseSpaceKind(std::string_view text);

} // namespace rutland
