// The year-end statement (Y-1..Y-5): who gets what, and why, read off the effects of a year end,
// either the one that happened (an entry whose effects hold the Y-1 "End of the Year") or the one
// that would happen now (YearEndPreview, rules.h). The dashboard's Year end panel and
// `rutland-cli year-end` both print this, so they agree by construction.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "lang/command.h"
#include "model/effects.h"
#include "ledger/ledger.h"
#include "model/money.h"
#include "model/state.h"

namespace rutland::bbr {

struct YearEndLine {
    std::string rule;   // "Y-2", "D-13", "Y-3"...
    std::string text;   // the effect's own words
    Money cash;         // what this line moves into (+) or out of (-) the player's cash; 0 for none
    EffectWhat what = EffectWhat::StoredText;
    std::string short_text;  // the words without their bracketed detail; for a payout, what it pays for
    bool payout = false;     // a Y-2 payout: short_text is what the broker pays for
    int player = -1;    // the player whose row holds it; -1 for a line about no one player
};

struct YearEndRow {
    int player = 0;
    std::string name;
    Money payouts;      // Y-2: directorships (escrow included), preferred dividends, interest
    Money other;        // everything else the year end moved: margin calls at market (D-13), covers at Issue (D-10)
    Money Net() const { return payouts + other; }
    std::vector<YearEndLine> lines;
};

struct YearEndStatement {
    int year = 0;              // the year that ends
    bool preview = false;      // true: what would happen if the year ended now
    int entry = -1;            // the ledger entry that settled it (not a preview)
    std::vector<YearEndRow> rows;       // in payout order (from the player who ended the year)
    std::vector<YearEndLine> general;   // lines about no one player: options expiring, listings, the new year
    // The margin calls as they settle (S-6: from the player who rolls next, each cover's promotion
    // before the next cover): every cover's payment (also in its player's row) and the promotion it
    // caused (only here), in the order the table must do them.
    std::vector<YearEndLine> calls;
    // the counts made this year (corrections to the table), "entry 3: count Ann cash=54000", in
    // ledger order: the statement of a year with counts names them (NameCounts).
    std::vector<std::string> counts;
    Money Total() const;                // all payouts
    // The game's fingerprint (basic_store.h invariant 4) after `fingerprint_entry`, when the caller has the
    // game file: the statement says it so the table can note it at the year end. Empty: not known.
    std::string fingerprint;
    int fingerprint_entry = -1;
};

// The statement from a year end's effects. `before` is the state the year end started from (names,
// the year); `preview` says which it is.
YearEndStatement MakeYearEndStatement(const Effects& effects, const GameState& before, bool preview);

// The preview at a state: YearEndPreview(state) as a statement.
YearEndStatement PreviewStatement(const GameState& state);

// The functions below read a ledger through At, InEffectAt and StateAt only, so they are templates:
// L is the Ledger (the dashboard, the CLI) or the shared page's window on a streamed store
// (games/big-board-raiders/view/entry_window.h), which answers the same.
namespace year_end_detail {
inline bool IsYearStart(const Effect& e) { return e.what == EffectWhat::YearEndStarts; }
inline bool IsYearDone(const Effect& e) { return e.what == EffectWhat::YearBegins; }
} // namespace year_end_detail

// Just the entry that settled the last year end in effect at or before entry `seq` (an undone one
// does not count; cheap: reads effects only, no replay), or -1. The dashboard rebuilds the
// statement only when this changes.
template <class L>
int LastYearEndEntry(const L& ledger, int seq) {
    const std::vector<int> in_effect = ledger.InEffectAt(seq);
    for (auto it = in_effect.rbegin(); it != in_effect.rend(); ++it) {
        const Effects& fx = ledger.At(*it).effects;
        if (std::any_of(fx.begin(), fx.end(), year_end_detail::IsYearStart)) return *it;
    }
    return -1;
}

// fills statement.counts from the ledger: the counts in effect in the statement's year (after
// the year end before it, up to its own entry; for a preview, up to entry `seq`). LastYearEnd calls
// it; a caller of PreviewStatement, which has no ledger, calls it itself.
template <class L>
void NameCounts(YearEndStatement& st, const L& ledger, int seq) {
    st.counts.clear();
    const int upto = st.preview ? seq : st.entry;
    const std::vector<int> in_effect = ledger.InEffectAt(upto);
    for (auto it = in_effect.rbegin(); it != in_effect.rend(); ++it) {
        const auto& entry = ledger.At(*it);
        if (*it != st.entry && std::any_of(entry.effects.begin(), entry.effects.end(), year_end_detail::IsYearStart))
            break;  // the year before
        if (IsCount(entry.command.action)) st.counts.push_back(fmt::format("entry {}: {}", *it, entry.line));
    }
    std::reverse(st.counts.begin(), st.counts.end());
}

// The last year end in effect at or before entry `seq` of the ledger (an undone one does not
// count), or nullopt when no year has ended yet.
template <class L>
std::optional<YearEndStatement> LastYearEnd(const L& ledger, int seq) {
    const int entry = LastYearEndEntry(ledger, seq);
    if (entry < 0) return std::nullopt;
    const Effects& fx = ledger.At(entry).effects;
    const size_t first = static_cast<size_t>(std::find_if(fx.begin(), fx.end(), year_end_detail::IsYearStart) - fx.begin());
    size_t last = first;
    while (last < fx.size() && !year_end_detail::IsYearDone(fx[last])) ++last;
    Effects part(fx.begin() + static_cast<std::ptrdiff_t>(first),
                 fx.begin() + static_cast<std::ptrdiff_t>(std::min(last + 1, fx.size())));
    // The year end settles at the end of the entry's own work: the state before the entry has the
    // year, the ender and the players' names.
    YearEndStatement st = MakeYearEndStatement(part, ledger.StateAt(entry - 1), false);
    st.entry = entry;
    NameCounts(st, ledger, entry);
    return st;
}

// Plain text (rutland-cli year-end), CSV (player,rule,item,cash) and a printable HTML page.
std::string StatementText(const YearEndStatement& statement);
std::string StatementCsv(const YearEndStatement& statement);
std::string StatementHtml(const YearEndStatement& statement, const std::string& game_title);

} // namespace rutland::bbr
