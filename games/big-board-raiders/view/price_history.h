// What the Price history panel shows, without a window: each company's price over the game, read
// off the Price effects of the commands in effect (undone entries leave no trace), with the market
// events marked (M-4 Split, M-5 Roll Back, M-6 Bankruptcy, M-7 delisting and D-9 listed again),
// the years and the high-volatility stretches. Built once per ledger version; the panel
// (games/big-board-raiders/panels/panel_price_history.cpp) draws it, decimated to the pixels it has.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "ledger/ledger.h"

namespace rutland::bbr {

// The price after `entry` (x) was `ticks` (y). Several points may share an entry: a Market Open
// and the promotions after it, or a market event's level and the return to Issue.
struct PricePoint {
    int entry = 0;
    int ticks = 0;
    bool operator==(const PricePoint&) const = default;
};

enum class PriceMarkKind { Split, RollBack, Bankruptcy, Delisted, Listed };

struct PriceMark {
    int entry = 0;
    int ticks = 0;            // where on the chart: the level of a market event, the frozen price
    PriceMarkKind kind = PriceMarkKind::Split;
    std::string rule;         // "M-4"
    std::string label;        // "Split"
    std::string text;         // the effect's own words
};

struct Span {
    int from = 0;
    int to = 0;  // the entry that ended it, or the chart's last entry while it lasts
};

struct PriceSeries {
    Company company = Company::Yellow;
    std::string name;
    int floor_ticks = 0, issue_ticks = 0, split_ticks = 0;
    std::vector<PricePoint> points;  // from (0, Issue), in ledger order
    std::vector<PriceMark> marks;
    std::vector<Span> delisted;      // frozen and out of Market Opens (M-7 .. D-9)
};

struct PriceHistory {
    std::array<PriceSeries, 4> series;    // Yellow, Blue, Red, Green
    int last_entry = 0;                   // the x axis runs from 0 to here (the ledger's last entry)
    std::vector<std::pair<int, int>> years;  // (entry a year began at, year): (0, 1) first
    std::vector<Span> high_volatility;    // the red die's stretches (T-2 .. Y-5)
    size_t commands = 0;                  // commands in effect read
};

// The history of the game as it stands now (ledger.InEffect()).
PriceHistory MakePriceHistory(const Ledger& ledger);

// The index of the point shown at `entry`: the last point at or before it (the price right after
// that entry), or -1 when there is none.
int PointAt(const PriceSeries& series, int entry);

// Fewer points for a chart `columns` pixels wide over entries first..last: in each column the
// first, lowest, highest and last point, in their order, so the envelope and every step's level
// survive. Returns the points unchanged when they are already fewer than the columns.
std::vector<PricePoint> Decimate(const std::vector<PricePoint>& points, int first, int last, int columns);

} // namespace rutland::bbr
