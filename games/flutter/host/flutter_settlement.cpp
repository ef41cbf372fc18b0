#include "host/flutter_settlement.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>

#include "lang/effect_text.h"
#include "lang/table_language.h"
#include "report/table_view.h"

namespace rutland::flutter {

namespace {

// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string CsvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

std::string HtmlEscape(const std::string& text) {
    std::string out;
    for (char ch : text) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += ch;
        }
    }
    return out;
}

// One effect of the settlement: whose it is, its rule, its words, and what the broker pays the
// player by it (RE-2's dividend, BN-3's bonus in cash), in pounds.
struct Item {
    std::string player, rule, text;
    int64_t cash = 0;
};

int64_t CashPaid(const Effect& e) {
    switch (e.kind) {
        case EffectKind::Dividend: return e.player >= 0 ? e.n[2] : 0;  // n = {per certificate, certificates, amount}
        case EffectKind::BonusCash: return e.n[1];                     // n = {certificates held, amount}
        default: return 0;
    }
}

} // namespace

bool WriteRoundEnd(const host::OpenGame& game, const Ledger& ledger, int seq, bool last, host::SettlementFormat format,
                   const std::string& file, std::ostream& out, std::string* error) {
    // The settlement's own effects, from its RoundEnded to its NewRound (those two are its heading),
    // and the state whose names they are said with.
    int round = 0;
    std::string heading;
    Effects effects;
    GameState names;
    if (last) {
        const std::optional<LastSettlement> settled = LastSettlementOf(ledger, seq);
        if (!settled) {
            *error = fmt::format("no round has ended by entry {} (RE-1: a round ends when a traveller reaches TOP)", seq);
            return false;
        }
        round = settled->settlement.round;
        const Effects& fx = ledger.At(settled->seq).effects;
        effects.assign(std::find_if(fx.begin(), fx.end(), [](const Effect& e) { return e.kind == EffectKind::RoundEnded; }),
                       fx.end());
        names = ledger.StateAt(settled->seq);
        heading = fmt::format("Round {} end: settled by entry {} ({})", round, settled->seq, ledger.At(settled->seq).line);
        seq = settled->seq;
    } else {
        const GameState state = ledger.StateAt(seq);
        const std::optional<RoundEndNow> now = IfRoundEndedNow(state);
        if (!now) {
            *error = fmt::format("no round end can be previewed after entry {}: no throw can be made then (a Market News card "
                                 "pending, N-1; a re-throw due; or every company bankrupt) (RE-1)", seq);
            return false;
        }
        round = now->settlement.round;
        effects = now->effects;
        names = now->after;
        heading = fmt::format("Round {} end: preview (what the broker would pay if the round ended now: {}'s traveller, the "
                              "nearest, reaching TOP; RE-1..RE-6)", round,
                              state.board->lanes.at(static_cast<size_t>(now->company)).colour);
    }
    std::vector<Item> items;
    for (const Effect& e : effects) {
        if (e.kind == EffectKind::RoundEnded || e.kind == EffectKind::NewRound) continue;
        const bool seated = e.player >= 0 && static_cast<size_t>(e.player) < names.players.size();
        // EffectLine's words ("[RE-2] Ann is paid ..."), the rule in a column of its own.
        std::string text = EffectLine(e, names);
        const std::string cited = "[" + e.rule + "] ";
        if (text.rfind(cited, 0) == 0) text.erase(0, cited.size());
        items.push_back({seated ? names.players[static_cast<size_t>(e.player)].name : std::string(), e.rule, std::move(text),
                         CashPaid(e)});
    }
    const std::string fingerprint = game.FingerprintAt(seq);
    const std::string kind = last ? "settled" : "preview";
    int64_t total = 0;
    for (const Item& item : items) total += item.cash;
    switch (format) {
        case host::SettlementFormat::Text:
            out << heading << "\n";
            for (const Item& item : items) out << "  [" << item.rule << "] " << item.text << "\n";
            if (items.empty()) out << "  nothing is paid or moved\n";
            out << fmt::format("  The broker pays out {} in all.\n", FormatPounds(Pounds(total)));
            if (!fingerprint.empty())
                out << fmt::format("  Fingerprint after entry {}: {} (note it: nobody can rewrite what came before without it "
                                   "changing)\n", seq, fingerprint);
            break;
        case host::SettlementFormat::Csv:
            out << "round,kind,player,rule,item,cash\n";
            for (const Item& item : items)
                out << fmt::format("{},{},{},{},{},{}\n", round, kind, CsvField(item.player), CsvField(item.rule),
                                   CsvField(item.text), item.cash);
            break;
        case host::SettlementFormat::Html:
            out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                << fmt::format("<title>{}: {}</title>\n", HtmlEscape(file), HtmlEscape(heading))
                << "<style>body{font-family:'DejaVu Sans',sans-serif;margin:2em}table{border-collapse:collapse}"
                   "td,th{border:1px solid #888;padding:4px 10px;text-align:left}.rule{color:#555;font-size:90%}"
                   "@media print{body{margin:0}}</style>\n</head><body>\n"
                << fmt::format("<h1>{}</h1>\n<p>{}</p>\n", HtmlEscape(heading), HtmlEscape(file));
            if (!fingerprint.empty())
                out << fmt::format("<p>Fingerprint after entry {}: <b>{}</b> (note it: nobody can rewrite what came before "
                                   "without it changing)</p>\n", seq, HtmlEscape(fingerprint));
            out << "<table><tr><th>Player</th><th>Rule</th><th>What and why</th><th>Cash</th></tr>\n";
            for (const Item& item : items)
                out << fmt::format("<tr><td>{}</td><td class=rule>{}</td><td>{}</td><td>{}</td></tr>\n", HtmlEscape(item.player),
                                   HtmlEscape(item.rule), HtmlEscape(item.text),
                                   item.cash ? HtmlEscape(FormatPounds(Pounds(item.cash))) : std::string());
            out << fmt::format("<tr><th>Total paid out</th><th></th><th></th><th>{}</th></tr></table>\n</body></html>\n",
                               HtmlEscape(FormatPounds(Pounds(total))));
            break;
    }
    return true;
}

} // namespace rutland::flutter
