#include "view/price_history.h"

#include <algorithm>

#include "lang/effect_text.h"

namespace rutland::bbr {

namespace {

std::string MarketEventLabel(const Effect& e) {
    switch (e.what) {
        case EffectWhat::SplitEvent: return "Split";
        case EffectWhat::RollBackEvent: return "Roll Back";
        default: return "Bankruptcy";
    }
}

} // namespace

PriceHistory MakePriceHistory(const Ledger& ledger) {
    PriceHistory h;
    h.last_entry = std::max(0, ledger.Size() - 1);
    h.years.emplace_back(0, 1);  // G-4: a game starts in year 1; the effects say each year after it
    for (Company c : kCompanies) {
        const Prospectus& p = GetProspectus(c);
        PriceSeries& s = h.series[static_cast<size_t>(Index(c))];
        s.company = c;
        s.name = std::string(p.name);
        s.floor_ticks = p.floor_ticks;
        s.issue_ticks = p.issue_ticks;
        s.split_ticks = p.split_ticks;
        s.points.push_back({0, p.issue_ticks});  // G-4: prices start at Issue
    }
    std::array<int, 4> delisted_at{-1, -1, -1, -1};
    int high_from = -1;

    const RenderContext context = RenderContext::Of(ledger.State());
    const std::vector<int>& in_effect = ledger.InEffect();
    h.commands = in_effect.size();
    for (int seq : in_effect) {
        for (const Effect& e : ledger.At(seq).effects) {
            const size_t ci = static_cast<size_t>(Index(e.company));
            PriceSeries& s = h.series[ci];
            switch (e.kind) {
                case EffectKind::Price: s.points.push_back({seq, e.to_ticks}); break;
                case EffectKind::MarketEvent: {
                    const Prospectus& p = GetProspectus(e.company);
                    const bool split = e.what == EffectWhat::SplitEvent;
                    s.marks.push_back({seq, split ? p.split_ticks : p.floor_ticks,
                                       split ? PriceMarkKind::Split
                                             : (e.what == EffectWhat::RollBackEvent ? PriceMarkKind::RollBack : PriceMarkKind::Bankruptcy),
                                       e.rule, MarketEventLabel(e), EffectText(e, context)});
                    break;
                }
                case EffectKind::Listing:
                    if (e.quantity < 0) {
                        s.marks.push_back({seq, s.points.back().ticks, PriceMarkKind::Delisted, e.rule, "Delisted", EffectText(e, context)});
                        delisted_at[ci] = seq;
                    } else {
                        // Marked at the frozen price: the Price effect back to Issue follows it.
                        s.marks.push_back({seq, s.points.back().ticks, PriceMarkKind::Listed, e.rule, "Listed again", EffectText(e, context)});
                        if (delisted_at[ci] >= 0) s.delisted.push_back({delisted_at[ci], seq});
                        delisted_at[ci] = -1;
                    }
                    break;
                case EffectKind::Year:
                    // T-2: a Time card brought the red die; Y-5: a new year, back to the yellow one.
                    if (e.what == EffectWhat::VolatilityHigh && high_from < 0) high_from = seq;
                    if (e.what == EffectWhat::YearBegins) {
                        if (high_from >= 0) h.high_volatility.push_back({high_from, seq});
                        high_from = -1;
                        h.years.emplace_back(seq, static_cast<int>(e.n[0]));  // the year that begins, as the game counts it
                    }
                    // the table counted the year (`count market year=3`); from that entry on the
                    // game's years are the counted ones, and the next year end begins the one after.
                    if (e.what == EffectWhat::CountYear) {
                        if (h.years.back().first == seq) h.years.back().second = static_cast<int>(e.n[1]);
                        else h.years.emplace_back(seq, static_cast<int>(e.n[1]));
                    }
                    break;
                default: break;
            }
        }
    }
    for (size_t ci = 0; ci < 4; ++ci)
        if (delisted_at[ci] >= 0) h.series[ci].delisted.push_back({delisted_at[ci], h.last_entry});
    if (high_from >= 0) h.high_volatility.push_back({high_from, h.last_entry});
    return h;
}

int PointAt(const PriceSeries& series, int entry) {
    const auto it = std::upper_bound(series.points.begin(), series.points.end(), entry,
                                     [](int x, const PricePoint& p) { return x < p.entry; });
    return static_cast<int>(it - series.points.begin()) - 1;
}

std::vector<PricePoint> Decimate(const std::vector<PricePoint>& points, int first, int last, int columns) {
    if (columns <= 0 || points.size() <= static_cast<size_t>(columns)) return points;
    const double span = std::max(1, last - first + 1);
    auto column = [&](const PricePoint& p) { return static_cast<int>((p.entry - first) * static_cast<double>(columns) / span); };
    std::vector<PricePoint> out;
    out.reserve(static_cast<size_t>(columns) * 4);
    size_t i = 0;
    while (i < points.size()) {
        const int col = column(points[i]);
        size_t j = i;
        size_t lo = i, hi = i;
        while (j < points.size() && column(points[j]) == col) {
            if (points[j].ticks < points[lo].ticks) lo = j;
            if (points[j].ticks > points[hi].ticks) hi = j;
            ++j;
        }
        // first, then the extremes in the order they happened, then last
        std::array<size_t, 4> keep = {i, std::min(lo, hi), std::max(lo, hi), j - 1};
        size_t previous = points.size();
        for (size_t k : keep) {
            if (k == previous) continue;
            out.push_back(points[k]);
            previous = k;
        }
        i = j;
    }
    return out;
}

} // namespace rutland::bbr
