#include "view/big_board_view.h"

#include "view/entry_window.h"

#include <cstdlib>

#include <fmt/format.h>

namespace rutland::bbr {

namespace {

std::string Steps(int ticks) { return FormatPrice(std::abs(ticks)); }

// Reads one entry's effects for a company; nullopt when none of them moved its marker.
std::optional<LastMove> MoveIn(const Entry& entry, Company c) {
    LastMove m;
    bool moved = false;
    const Prospectus& p = GetProspectus(c);
    for (const Effect& e : entry.effects) {
        if (e.company != c) continue;
        if (e.kind == EffectKind::Price) {
            if (!moved) m.from_ticks = e.from_ticks;
            m.to_ticks = e.to_ticks;
            moved = true;
        } else if (e.kind == EffectKind::MarketEvent) {
            m.event_rule = e.rule;
            if (e.what == EffectWhat::SplitEvent) {
                m.event = "Split";
                m.event_ticks = p.split_ticks;
            } else {
                m.event = e.what == EffectWhat::RollBackEvent ? "Roll Back" : "Bankruptcy";
                m.event_ticks = p.floor_ticks;
            }
        } else if (e.kind == EffectKind::Listing && e.quantity > 0 && m.event.empty()) {
            m.event = "Listed again";
            m.event_rule = e.rule;
        }
    }
    if (!moved) return std::nullopt;
    m.entry = entry.seq;
    m.line = entry.line;
    m.text = DescribeMove(m);
    m.brief = BriefMove(m);
    return m;
}

} // namespace

std::string DescribeMove(const LastMove& m) {
    if (m.entry < 0) return "not moved yet";
    if (m.event_ticks)
        return fmt::format("from {}: {} at {}, back to Issue {}", FormatPrice(m.from_ticks), m.event, FormatPrice(*m.event_ticks),
                           FormatPrice(m.to_ticks));
    if (m.event == "Listed again") return fmt::format("listed again at Issue {} (was {})", FormatPrice(m.to_ticks), FormatPrice(m.from_ticks));
    const int d = m.to_ticks - m.from_ticks;
    if (d == 0) return fmt::format("unchanged at {}", FormatPrice(m.to_ticks));
    return fmt::format("{} {} from {}", d > 0 ? "up" : "down", Steps(d), FormatPrice(m.from_ticks));
}

std::string BriefMove(const LastMove& m) {
    if (m.entry < 0) return "";
    if (!m.event.empty()) return m.event;
    const int d = m.to_ticks - m.from_ticks;
    if (d == 0) return "";
    return fmt::format("{} {}", d > 0 ? "\u2191" : "\u2193", Steps(d));
}

namespace {

template <class L>
BigBoard BuildBigBoard(const GameState& state, const L& ledger, std::optional<int> viewing) {
    BigBoard b;
    for (Company c : kCompanies) {
        const Prospectus& p = GetProspectus(c);
        Ladder& l = b.ladders[static_cast<size_t>(Index(c))];
        l.company = c;
        l.name = std::string(p.name);
        l.ticks = state.price[c];
        l.floor_ticks = p.floor_ticks;
        l.issue_ticks = p.issue_ticks;
        l.split_ticks = p.split_ticks;
        l.floor_name = p.floor_event == FloorEvent::RollBack ? "Roll Back" : "Bankruptcy";
        l.listed = state.listed[c];
        l.price = FormatPrice(l.ticks);
        l.lot_value = FormatMoney(ValueAt(kBoardLot, l.ticks));
        if (!l.listed) l.status = fmt::format("delisted (M-7): frozen at {} until the new year, then back at Issue (D-9)", l.price);
    }

    // The last move of each marker: walk the commands in effect back from the newest until every
    // company is found (most games find all four within the last roll).
    const std::vector<int> in_effect = ledger.InEffectAt(viewing.value_or(ledger.Size() - 1));
    int missing = kCompanyCount;
    for (auto it = in_effect.rbegin(); it != in_effect.rend() && missing > 0; ++it) {
        const Entry& entry = ledger.At(*it);
        for (Ladder& l : b.ladders) {
            if (l.last.entry >= 0) continue;
            if (std::optional<LastMove> m = MoveIn(entry, l.company)) {
                l.last = std::move(*m);
                --missing;
            }
        }
    }
    for (Ladder& l : b.ladders)
        if (l.last.entry < 0) l.last.text = DescribeMove(l.last);

    // The rows: Yellow's and Blue's ladders share their prices, as do Red's and Green's (D-1), and
    // both pairs have as many rungs, so one row holds a rung of every ladder, as on the manual's board.
    const Ladder& left = b.ladders[0];
    const Ladder& right = b.ladders[2];
    const int steps = left.split_ticks - left.floor_ticks;
    b.rows.reserve(static_cast<size_t>(steps + 1));
    auto mark = [](const Ladder& l, int ticks) -> std::string {
        if (ticks == l.split_ticks) return "Split";
        if (ticks == l.issue_ticks) return "Issue";
        if (ticks == l.floor_ticks) return l.floor_name;
        return "";
    };
    for (int s = 0; s <= steps; ++s) {
        LadderRung r;
        r.step = s;
        r.left_ticks = left.floor_ticks + s;
        r.right_ticks = right.floor_ticks + s;
        r.left_price = FormatPrice(r.left_ticks);
        r.right_price = FormatPrice(r.right_ticks);
        r.left_lot = FormatMoney(ValueAt(kBoardLot, r.left_ticks));
        r.right_lot = FormatMoney(ValueAt(kBoardLot, r.right_ticks));
        r.left_mark = mark(left, r.left_ticks);
        r.right_mark = mark(right, r.right_ticks);
        b.rows.push_back(std::move(r));
    }

    b.high_volatility = state.volatility == Volatility::High;
    b.die_max = b.high_volatility ? 6 : 3;
    b.volatility = b.high_volatility ? "High volatility: red die, 1 to 6 ticks until the year end (D-5)"
                                     : "Normal volatility: yellow die, 1 to 3 ticks (D-5)";
    b.volatility_brief = b.high_volatility ? "HIGH volatility: red die 1\u20136" : "Normal volatility: yellow die 1\u20133";
    return b;
}

} // namespace

BigBoard MakeBigBoard(const GameState& state, const Ledger& ledger, std::optional<int> viewing) {
    return BuildBigBoard(state, ledger, viewing);
}

BigBoard MakeBigBoard(const GameState& state, const EntryWindow& window, std::optional<int> viewing) {
    return BuildBigBoard(state, window, viewing);
}

} // namespace rutland::bbr
