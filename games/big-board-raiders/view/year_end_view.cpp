#include "view/year_end_view.h"

#include <fmt/format.h>

#include "view/entry_window.h"
#include "rules/rules.h"

namespace rutland::bbr {

std::vector<Warning> YearEndWarnings(const GameState& s) {
    // The year end applied to a copy (as `year-end` would settle it now); its effects' warnings,
    // less the early year end itself, which a preview always is.
    GameState copy = s;
    Command c;
    c.action = YearEnd{};
    const ApplyResult r = Apply(copy, c);
    std::vector<Warning> out;
    if (!r.accepted) return out;
    for (Warning& w : WarningsFor(s, r.effects))
        if (w.kind != WarningKind::EarlyYearEnd) out.push_back(std::move(w));
    return out;
}

namespace {

template <class L>
YearEndStatements Compute(const L& ledger, const GameState& state, int seq, const std::optional<YearEndStatement>* cached_last) {
    YearEndStatements out;
    if (!state.winner) {
        out.preview = PreviewStatement(state);
        NameCounts(*out.preview, ledger, seq);
        out.preview_warnings = YearEndWarnings(state);
    }
    const int entry = LastYearEndEntry(ledger, seq);
    if (entry >= 0 && cached_last && *cached_last && (*cached_last)->entry == entry)
        out.last = **cached_last;
    else if (entry >= 0)
        out.last = LastYearEnd(ledger, seq);
    return out;
}

} // namespace

YearEndStatements ComputeYearEnd(const Ledger& ledger, const GameState& state, int seq, const std::optional<YearEndStatement>* cached_last) {
    return Compute(ledger, state, seq, cached_last);
}

YearEndStatements ComputeYearEnd(const EntryWindow& window, const GameState& state, int seq,
                                 const std::optional<YearEndStatement>* cached_last) {
    return Compute(window, state, seq, cached_last);
}

std::string SignedMoney(Money m) {
    if (m == Money()) return "";
    // append, not "+" + string: GCC 12 warns falsely (-Wrestrict) on the latter at -O2.
    return m > Money() ? std::string("+").append(FormatMoney(m)) : FormatMoney(m);
}

namespace {

YearEndViewLine Line(const YearEndLine& l) { return YearEndViewLine{l.rule, l.text, SignedMoney(l.cash), l.cash < Money()}; }

// A cash line in short: a payout as "+$10,000 for 1 Blue directorship" (what the broker pays for,
// from the statement's line); anything else in its own words up to the brackets.
std::string ShortLine(const YearEndLine& l) {
    if (l.payout) return fmt::format("{} {}", SignedMoney(l.cash), l.short_text);
    return l.short_text;
}

} // namespace

YearEndView MakeYearEndView(const GameState& s, const YearEndStatements& st, YearEndMode mode) {
    YearEndView v;
    v.context = fmt::format("Year {} \u2014 Time cards drawn {} of {}", s.year, s.time_cards_drawn, s.year_cards);
    v.due = s.year_end_due;
    if (s.year_end_due && s.year_ender) {
        const std::string& who = s.players[static_cast<size_t>(*s.year_ender)].name;
        v.due_note = fmt::format("What {} buys for the rest of this turn is ex-dividend: not paid at this year end (B-5). ",
                                 who);
        v.due_note += s.variants.strict_year_end_buys
                          ? "The variant strict-year-end-buys keeps the usual Ask for directorships and the PREFERRED "
                            "space for preferred (D-24)."
                          : fmt::format("{} may buy common directorships here without an Ask, and preferred away from "
                                        "the PREFERRED spaces (D-24).",
                                        who);
    }
    v.can_preview = st.preview.has_value();
    v.can_last = st.last.has_value();
    bool preview = mode == YearEndMode::Preview;
    if (mode == YearEndMode::Auto)
        preview = !(st.last && (s.winner || (s.time_cards_drawn == 0 && !s.year_end_due && st.last->year + 1 == s.year)));
    if (preview && !v.can_preview) preview = false;
    if (!preview && !v.can_last && v.can_preview) preview = true;
    v.showing_preview = preview;
    if (preview) v.warnings = st.preview_warnings;
    const std::optional<YearEndStatement>& shown = preview ? st.preview : st.last;
    if (!shown) {
        v.empty_note = s.winner ? "The game is won: no year end is coming, and no year ended before the win."
                                : "No year has ended yet.";
        return v;
    }
    v.counts = shown->counts;
    v.heading = preview ? fmt::format("Preview: what the broker would pay if Year {} ended now", shown->year)
                        : fmt::format("Year {} end: the statement (entry {})", shown->year, shown->entry);
    for (const YearEndRow& r : shown->rows) {
        YearEndViewRow row;
        row.name = r.name;
        row.payouts = FormatMoney(r.payouts);
        row.other = FormatMoney(r.other);
        row.net = FormatMoney(r.Net());
        row.net_negative = r.Net() < Money();
        for (const YearEndLine& l : r.lines) {
            row.lines.push_back(Line(l));
            if (l.cash != Money()) row.summary += (row.summary.empty() ? "" : "; ") + ShortLine(l);
        }
        v.rows.push_back(std::move(row));
    }
    for (const YearEndLine& l : shown->general) v.general.push_back(Line(l));
    int covers = 0;
    for (const YearEndLine& l : shown->calls) v.calls.push_back({l.player >= 0 ? ++covers : 0, Line(l)});
    v.total = FormatMoney(shown->Total());
    return v;
}

} // namespace rutland::bbr
