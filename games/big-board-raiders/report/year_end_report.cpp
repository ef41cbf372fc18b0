#include "report/year_end_report.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "lang/effect_text.h"
#include "rules/rules.h"
#include "base/safe_text.h"

namespace rutland::bbr {

namespace {

// A margin call's cover paid to the bank: at market (D-13; D-10 under delist-cover=market) or at
// Issue for a delisted company (D-10).
bool IsCoverPayment(const Effect& e) {
    return e.what == EffectWhat::ChargePaid && DecodeReason(e).what != ChargeFor::RollBackOddLot;
}
bool IsPromotion(const Effect& e) {
    return e.what == EffectWhat::PriceMove && e.n[1] == static_cast<int64_t>(PriceWhy::Promotion);
}

// The player an effect is about, or -1 (a cash movement is about the player whose cash moved).
int PlayerOf(const Effect& e, Money* cash) {
    *cash = Money();
    if (e.kind == EffectKind::Cash) {
        if (e.to.kind == AccountKind::Player) {
            *cash = e.amount;
            return e.to.index;
        }
        if (e.from.kind == AccountKind::Player) {
            *cash = -e.amount;
            return e.from.index;
        }
        return -1;
    }
    return e.player;
}

std::string HtmlEscape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string Heading(const YearEndStatement& s) {
    if (s.preview) return fmt::format("Year {} end: preview (what the broker would pay if the year ended now)", s.year);
    return fmt::format("Year {} end: statement (entry {})", s.year, s.entry);
}

} // namespace

Money YearEndStatement::Total() const {
    Money total;
    for (const YearEndRow& r : rows) total += r.payouts;
    return total;
}

YearEndStatement MakeYearEndStatement(const Effects& effects, const GameState& before, bool preview) {
    YearEndStatement st;
    st.year = before.year;
    st.preview = preview;
    const int ender = before.year_ender.value_or(before.current);
    std::vector<int> row_of(before.players.size(), -1);
    for (int p : TurnOrderFrom(before, ender)) {
        row_of[static_cast<size_t>(p)] = static_cast<int>(st.rows.size());
        st.rows.push_back(YearEndRow{p, before.players[static_cast<size_t>(p)].name, {}, {}, {}});
    }
    const RenderContext context = RenderContext::Of(before);
    for (const Effect& e : effects) {
        Money cash;
        const int p = PlayerOf(e, &cash);
        YearEndLine line{e.rule, EffectText(e, context), cash, e.what, {}, false};
        line.short_text = EffectShort(e, context, &line.payout);
        if (IsPromotion(e)) {  // only a cover promotes at a year end (M-1)
            st.calls.push_back(std::move(line));
            continue;
        }
        if (p < 0 || p >= static_cast<int>(row_of.size())) {
            st.general.push_back(std::move(line));
            continue;
        }
        line.player = p;
        if (IsCoverPayment(e)) st.calls.push_back(line);
        YearEndRow& row = st.rows[static_cast<size_t>(row_of[static_cast<size_t>(p)])];
        if (IsPayout(e))
            row.payouts += cash;
        else
            row.other += cash;
        row.lines.push_back(std::move(line));
    }
    return st;
}

YearEndStatement PreviewStatement(const GameState& state) {
    return MakeYearEndStatement(YearEndPreview(state), state, true);
}

std::string CallsText(const YearEndStatement& s) {
    if (s.calls.empty()) return {};
    std::string out = "  Margin calls, in the order they are covered (S-6):\n";
    int n = 0;
    for (const YearEndLine& l : s.calls)
        out += l.player >= 0 ? fmt::format("    {}. [{}] {}\n", ++n, l.rule, l.text) : fmt::format("       [{}] {}\n", l.rule, l.text);
    return out;
}

std::string StatementText(const YearEndStatement& s) {
    std::string out = Heading(s) + "\n";
    if (!s.counts.empty()) {
        out += "  This year had counts (corrections to the table, X-3):\n";
        for (const std::string& c : s.counts) out += fmt::format("    {}\n", c);
    }
    for (const YearEndRow& r : s.rows) {
        out += fmt::format("  {:<10} payouts {:>10}  margin calls and covers {:>10}  net {:>10}\n", r.name,
                           FormatMoney(r.payouts), FormatMoney(r.other), FormatMoney(r.Net()));
        for (const YearEndLine& l : r.lines)
            out += fmt::format("      [{}] {}{}\n", l.rule, l.text,
                               l.cash == Money() ? "" : fmt::format("  ({}{})", l.cash > Money() ? "+" : "", FormatMoney(l.cash)));
    }
    out += CallsText(s);
    for (const YearEndLine& l : s.general) out += fmt::format("  [{}] {}\n", l.rule, l.text);
    out += fmt::format("  The broker pays out {} in all.\n", FormatMoney(s.Total()));
    if (!s.fingerprint.empty())
        out += fmt::format("  Fingerprint after entry {}: {} (note it: nobody can rewrite what came before without it "
                           "changing)\n", s.fingerprint_entry, s.fingerprint);
    return out;
}

std::string StatementCsv(const YearEndStatement& s) {
    std::string out = "year,kind,player,rule,item,cash\n";
    const char* kind = s.preview ? "preview" : "statement";
    // Text cells through CsvTextCell (a name may start with + or -: never a live formula); cash is
    // written by us as a plain number, and "-12.50" is a number to a spreadsheet, so it stays one.
    auto cents = [](Money m) { return fmt::format("{}{}.{:02}", m < Money() ? "-" : "", std::abs(m.cents()) / 100, std::abs(m.cents()) % 100); };
    for (const YearEndRow& r : s.rows)
        for (const YearEndLine& l : r.lines)
            out += fmt::format("{},{},{},{},{},{}\n", s.year, kind, CsvTextCell(r.name), CsvTextCell(l.rule), CsvTextCell(l.text), cents(l.cash));
    for (const YearEndLine& l : s.general)
        out += fmt::format("{},{},,{},{},{}\n", s.year, kind, CsvTextCell(l.rule), CsvTextCell(l.text), cents(l.cash));
    for (const std::string& c : s.counts) out += fmt::format("{},{},,X-3,{},0.00\n", s.year, kind, CsvTextCell(c));
    // The covers' promotions, in the order of the calls (the covers themselves are their players' lines).
    for (const YearEndLine& l : s.calls)
        if (l.player < 0)
            out += fmt::format("{},{},,{},{},{}\n", s.year, kind, CsvTextCell(l.rule), CsvTextCell(l.text), cents(l.cash));
    return out;
}

std::string StatementHtml(const YearEndStatement& s, const std::string& game_title) {
    std::string out;
    out += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
    out += fmt::format("<title>{}: {}</title>\n", HtmlEscape(game_title), HtmlEscape(Heading(s)));
    out += "<style>body{font-family:'DejaVu Sans',sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1.5em}"
           "td,th{border:1px solid #888;padding:4px 10px;text-align:left}td.m{text-align:right}"
           "h2{margin-top:1.5em}.rule{color:#555;font-size:90%}@media print{body{margin:0}}</style>\n</head><body>\n";
    out += fmt::format("<h1>{}</h1>\n<p>{}</p>\n", HtmlEscape(Heading(s)), HtmlEscape(game_title));
    if (!s.fingerprint.empty())
        out += fmt::format("<p>Fingerprint after entry {}: <b>{}</b> (note it: nobody can rewrite what came before "
                           "without it changing)</p>\n", s.fingerprint_entry, HtmlEscape(s.fingerprint));
    if (!s.counts.empty()) {
        out += "<h2>This year had counts (corrections to the table, X-3)</h2>\n<ul>\n";
        for (const std::string& c : s.counts) out += fmt::format("<li>{}</li>\n", HtmlEscape(c));
        out += "</ul>\n";
    }
    out += "<table><tr><th>Player</th><th>Payouts (Y-2)</th><th>Margin calls and covers</th><th>Net</th></tr>\n";
    for (const YearEndRow& r : s.rows)
        out += fmt::format("<tr><td>{}</td><td class=m>{}</td><td class=m>{}</td><td class=m>{}</td></tr>\n", HtmlEscape(r.name),
                           FormatMoney(r.payouts), FormatMoney(r.other), FormatMoney(r.Net()));
    out += fmt::format("<tr><th>Total paid out</th><th class=m>{}</th><th></th><th></th></tr></table>\n", FormatMoney(s.Total()));
    for (const YearEndRow& r : s.rows) {
        if (r.lines.empty()) continue;
        out += fmt::format("<h2>{}</h2>\n<table><tr><th>Rule</th><th>What and why</th><th>Cash</th></tr>\n", HtmlEscape(r.name));
        for (const YearEndLine& l : r.lines)
            out += fmt::format("<tr><td class=rule>{}</td><td>{}</td><td class=m>{}</td></tr>\n", HtmlEscape(l.rule), HtmlEscape(l.text),
                               l.cash == Money() ? "" : FormatMoney(l.cash));
        out += "</table>\n";
    }
    if (!s.calls.empty()) {
        out += "<h2>Margin calls, in the order they are covered (S-6)</h2>\n<table>\n";
        int n = 0;
        for (const YearEndLine& l : s.calls)
            out += fmt::format("<tr><td>{}</td><td class=rule>{}</td><td>{}</td></tr>\n", l.player >= 0 ? std::to_string(++n) : "",
                               HtmlEscape(l.rule), HtmlEscape(l.text));
        out += "</table>\n";
    }
    if (!s.general.empty()) {
        out += "<h2>For the table</h2>\n<table>\n";
        for (const YearEndLine& l : s.general)
            out += fmt::format("<tr><td class=rule>{}</td><td>{}</td></tr>\n", HtmlEscape(l.rule), HtmlEscape(l.text));
        out += "</table>\n";
    }
    out += "</body></html>\n";
    return out;
}

} // namespace rutland::bbr
