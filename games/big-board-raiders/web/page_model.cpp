#include "web/page_model.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "view/big_board_view.h"
#include "view/ledger_view.h"
#include "view/rule_mentions.h"
#include "view/players_view.h"
#include "view/sec_view.h"
#include "view/table_display_view.h"
#include "view/year_end_view.h"

#include "lang/effect_text.h"
#include "report/rule_book.h"
#include "rules/state_json.h"

namespace rutland::bbr::web {

using nlohmann::json;

namespace {

// [SECTION] Standings (players_view.h)

json Standings(const GameState& s) {
    const PlayersView pv = MakePlayersView(s);
    json players = json::array();
    for (const PlayerView& p : pv.players) {
        json holdings = json::array();
        for (const CompanyHoldings& h : p.companies) {
            if (h.Empty()) continue;
            const Prospectus& pr = GetProspectus(h.company);
            json j = {{"company", pr.name},
                      {"letter", std::string(1, pr.letter)},
                      {"holding", h.HoldingText()},
                      {"value", FormatMoney(h.value)},
                      {"directorships", h.directorships},
                      {"escrow", h.escrow}};
            if (h.short_shares > 0)
                j["short"] = fmt::format("short {} (cover now {})", ShortCount(h.short_shares), FormatMoney(h.cover_cost));
            holdings.push_back(std::move(j));
        }
        json options = json::array();
        for (const OptionHeld& o : p.options) options.push_back(o.text);
        players.push_back({{"name", p.name},
                           {"current", p.current},
                           {"cash", FormatMoney(p.cash)},
                           {"net_worth", FormatMoney(p.net_worth)},
                           {"owed", p.owed.cents() > 0 ? FormatMoney(p.owed) : ""},
                           {"holdings", std::move(holdings)},
                           {"options", std::move(options)},
                           {"escrow", p.escrow ? std::string(GetProspectus(*p.escrow).name) : ""},
                           {"could_declare", p.could_declare ? std::string(GetProspectus(*p.could_declare).name) : ""},
                           {"declare_note", p.could_declare ? fmt::format("may declare: holds the {} majority (W-1)",
                                                                          GetProspectus(*p.could_declare).name)
                                                            : ""},
                           {"majority", p.nearest.Summary()},
                           {"lacks", p.nearest.Lacks()}});
    }
    return players;
}

// [SECTION] The Big Board (big_board_view.h)

json Board(const GameState& s, const EntryWindow& window) {
    const BigBoard b = MakeBigBoard(s, window, std::nullopt);
    json ladders = json::array();
    for (const Ladder& l : b.ladders)
        ladders.push_back({{"company", l.name},
                           {"letter", std::string(1, GetProspectus(l.company).letter)},
                           {"price", l.price},
                           {"lot_value", l.lot_value},
                           {"step", l.Step()},
                           {"listed", l.listed},
                           {"move", l.last.text},
                           {"brief", l.last.brief},
                           {"status", l.status}});
    json rows = json::array();
    for (const LadderRung& r : b.rows)
        rows.push_back({{"step", r.step},
                        {"left_price", r.left_price},
                        {"right_price", r.right_price},
                        {"left_mark", r.left_mark},
                        {"right_mark", r.right_mark}});
    return {{"ladders", std::move(ladders)}, {"rows", std::move(rows)}, {"volatility", b.volatility},
            {"high_volatility", b.high_volatility}};
}

// [SECTION] The SEC guy (sec_view.h)

json Sec(const EntryWindow& window, const GameState& s) {
    const SecView v = MakeSecView(window, s, window.Size() - 1);
    json pending = json::array();
    for (const PendingLine& p : v.pending) {
        json can_sell = json::array();
        for (const std::string& c : p.can_sell) can_sell.push_back(c);
        pending.push_back({{"name", p.name},
                           {"amount", FormatMoney(p.amount)},
                           {"rule", p.rule},
                           {"reason", p.reason},
                           {"can_sell", std::move(can_sell)},
                           {"can_sell_note", p.can_sell.empty() ? std::string()
                                                                : fmt::format("may sell (S-6, no Bid needed): {} \u2014 {} in all",
                                                                              fmt::join(p.can_sell, ", "), FormatMoney(p.sellable))},
                           {"sellable", FormatMoney(p.sellable)},
                           {"example", p.example}});
    }
    json events = json::array();
    for (const ForcedEvent& e : v.events)
        events.push_back({{"seq", e.seq}, {"line", e.line}, {"rule", e.rule}, {"text", e.text}});
    json counts = json::array();
    for (const CountMade& c : v.counts) counts.push_back({{"seq", c.seq}, {"line", c.line}, {"changes", c.changes}});
    json nearest = json::array();
    for (const NearMajority& n : v.nearest) nearest.push_back({{"name", n.name}, {"summary", n.progress.Summary()}});
    json could = json::array();
    for (const std::string& c : v.could_declare) could.push_back(c);
    const std::string winner = v.winner ? s.players[static_cast<size_t>(*v.winner)].name : "";
    return {{"year", v.year},
            {"pending", std::move(pending)},
            {"declaring", v.declaring.value_or("")},
            {"forced", std::move(events)},
            {"counts", std::move(counts)},
            {"could_declare", std::move(could)},
            {"nearest", std::move(nearest)},
            {"winner", winner},
            {"winner_note", winner.empty() ? winner : winner + " has won (W-1)"},
            {"could_declare_heading", "Who could declare (W-1)"},
            {"counts_heading", "Counts this year (X-3)"},
            {"unverified_uses", v.uses},
            {"unverified_facts", v.unverified_facts},
            {"unverified_note", fmt::format("Unverified board facts used: {} times; {} facts of the board still unverified (D-2).",
                                            v.uses, v.unverified_facts)}};
}

// [SECTION] The year end (year_end_view.h, games/big-board-raiders/report/year_end_report.h)

json Line(const YearEndViewLine& l) {
    return {{"rule", l.rule}, {"text", l.text}, {"cash", l.cash}, {"negative", l.negative}};
}

json YearEnd(const EntryWindow& window, const GameState& s, PageCache* cache) {
    const int seq = window.Size() - 1;
    YearEndStatements st =
        ComputeYearEnd(window, s, seq, cache && cache->last_year_end ? &cache->last_year_end : nullptr);
    if (cache) cache->last_year_end = st.last;
    // The page shows what is coming: the preview, or the last statement once the game is won.
    const YearEndView v = MakeYearEndView(s, st, st.preview ? YearEndMode::Preview : YearEndMode::Auto);
    json rows = json::array();
    for (const YearEndViewRow& r : v.rows) {
        json lines = json::array();
        for (const YearEndViewLine& l : r.lines) lines.push_back(Line(l));
        rows.push_back({{"name", r.name},
                        {"payouts", r.payouts},
                        {"other", r.other},
                        {"net", r.net},
                        {"net_negative", r.net_negative},
                        {"summary", r.summary},
                        {"lines", std::move(lines)}});
    }
    json warnings = json::array();
    for (const Warning& w : v.warnings) warnings.push_back({{"rule", w.rule}, {"text", w.text}});
    json general = json::array();
    for (const YearEndViewLine& l : v.general) general.push_back(Line(l));
    json calls = json::array();
    for (const YearEndView::Call& c : v.calls) {
        json j = Line(c.line);
        j["number"] = c.number;
        calls.push_back(std::move(j));
    }
    return {{"heading", v.heading},   {"context", v.context}, {"due", v.due},
            {"due_note", v.due_note}, {"empty", v.empty_note}, {"rows", std::move(rows)},
            {"warnings", std::move(warnings)}, {"general", std::move(general)}, {"calls", std::move(calls)},
            {"calls_heading", "Margin calls, in order (S-6)"}, {"total", v.total}};
}

} // namespace

// [SECTION] The page

namespace {

// The line as the ledger shows it: the correction mark, and "new game" for the header.
std::string EntryLine(const Entry& e) {
    return std::string(CorrectionMark(e)) + (e.kind == EntryKind::Header ? std::string("new game") : e.line);
}

} // namespace

json EntryJson(const Store& store, int seq) {
    const EntryWindow window(store);
    return EntryJson(window, seq);
}

json EntryJson(const EntryWindow& window, int seq) {
    const Entry& e = window.At(seq);
    const Stamp& stamp = window.StampOf(seq);
    const RenderContext context = RenderContext::Of(window.State());
    json words = json::array();
    for (const Effect& fx : e.effects) {
        // As in the log (ledger_view.h ShortEffects): the reminder that a provisional board fact
        // was used comes with every roll and would crowd out what happened.
        if (fx.kind == EffectKind::Info && fx.rule == "D-2") continue;
        words.push_back({{"rule", fx.rule}, {"text", EffectText(fx, context)}});
    }
    return {{"seq", seq}, {"line", EntryLine(e)}, {"who", stamp.who}, {"time", stamp.time}, {"words", std::move(words)}};
}

json EntryEventJson(const Store& store, int seq) {
    const EntryWindow window(store);
    return EntryEventJson(store, window, seq);
}

json EntryEventJson(const Store& store, const EntryWindow& window, int seq) {
    return {{"seq", seq}, {"line", window.ShownLine(seq)}, {"who", window.Who(seq)}, {"fingerprint", store.FingerprintAt(seq)}};
}

json RulesJson() {
    json rules = json::object();
    for (const RuleText& r : AllRules())
        rules[r.id] = {{"heading", RuleHeading(r)}, {"where", RuleWhere(r)}, {"text", r.text}};
    return {{"rules", std::move(rules)}};
}

json StateJson(const Store& store) {
    const int seq = store.Size() - 1;
    json j = StateToJson(store.GetLedger().State());
    j["entry"] = seq;
    j["fingerprint"] = store.FingerprintAt(seq);
    return j;
}

json PageJson(const Store& store, PageCache* cache, EntryWindow* window) {
    std::optional<EntryWindow> own;
    if (!window) window = &own.emplace(store);
    const GameState& s = window->State();
    const int last = window->Size() - 1;
    const TableDisplay t = MakeTableDisplay(s, *window, std::nullopt);

    json pending = json::array();
    for (const TableDisplay::Owed& o : t.pending) pending.push_back({{"headline", o.headline}, {"detail", o.detail}});
    json turn = json::array();
    for (const TableDisplay::TurnEntry& e : t.this_turn) turn.push_back({{"seq", e.seq}, {"line", e.line}, {"words", e.words}});
    // What the page's shell lists under "Now" (assets/web/page.js), in this order: the keys above
    // in words, each "good" or "warn", a margin call with its detail.
    json alerts = json::array();
    if (!t.winner.empty()) alerts.push_back({{"kind", "good"}, {"text", t.winner}});
    for (const TableDisplay::Owed& o : t.pending) alerts.push_back({{"kind", "warn"}, {"text", o.headline}, {"detail", o.detail}});
    for (const std::string* w : {&t.declaring, &t.year_end, &t.volatility})
        if (!w->empty()) alerts.push_back({{"kind", "warn"}, {"text", *w}});
    json game = {{"file", std::filesystem::path(store.Path()).filename().string()},
                 {"fingerprint", store.Fingerprint()},
                 {"entry", last},
                 {"year", s.year},
                 {"headline", t.headline},
                 {"detail", t.detail},
                 {"winner", t.winner},
                 {"last_line", t.last_line},
                 {"last_words", t.last_words},
                 {"turn", std::move(turn)},
                 {"pending", std::move(pending)},
                 {"declaring", t.declaring},
                 {"year_end", t.year_end},
                 {"volatility", t.volatility},
                 {"alerts", std::move(alerts)}};

    // Undone: a command not in effect now (ledger_view.h UndoneEntries), for the entries listed
    // only; the commands in effect are in ledger order (basic_ledger.h invariant 2).
    const std::vector<int>& in_effect = window->InEffect();
    json entries = json::array();
    for (int seq = last; seq >= 0 && seq > last - kPageLedgerEntries; --seq) {
        json e = EntryJson(*window, seq);
        e["undone"] = window->At(seq).kind == EntryKind::Command && !std::binary_search(in_effect.begin(), in_effect.end(), seq);
        entries.push_back(std::move(e));
    }
    json page = {{"game", std::move(game)},
                 {"standings", Standings(s)},
                 {"board", Board(s, *window)},
                 {"ledger", std::move(entries)},
                 {"sec", Sec(*window, s)},
                 {"year_end", YearEnd(*window, s, cache)}};
    window->Trim();  // invariant 5: what this build read stays, for the next
    return page;
}

} // namespace rutland::bbr::web
