#include "view/table_display_view.h"

#include <fmt/format.h>

#include "view/entry_model.h"
#include "view/entry_window.h"

namespace rutland::bbr {

namespace {

const std::string& DisplayPlayerName(const GameState& s, int player) { return s.players[static_cast<size_t>(player)].name; }

template <class L>
TableDisplay BuildTableDisplay(const GameState& s, const L& ledger, std::optional<int> viewing) {
    TableDisplay t;
    if (s.winner) {
        t.won = true;
        t.headline = fmt::format("{} wins!", DisplayPlayerName(s, *s.winner));
        t.winner = fmt::format("{} has won the game (W-1)", DisplayPlayerName(s, *s.winner));
    } else {
        t.headline = fmt::format("Year {}: {}'s turn", s.year, DisplayPlayerName(s, s.current));
    }

    std::string detail = fmt::format("Time cards {} of {} this year", s.time_cards_drawn, s.year_cards);
    if (!s.winner) {
        const PlayerState& p = s.players[static_cast<size_t>(s.current)];
        if (!s.rolled) {
            detail += " \u00b7 not rolled yet";
        } else {
            if (s.turn_space) detail += " \u00b7 on " + s.board->At(s.time_space.value_or(*s.turn_space)).label;
            if (s.doubles) detail += fmt::format(" \u00b7 doubles: {} plays again", p.name);
        }
    }
    t.detail = std::move(detail);

    t.last_entry = viewing ? *viewing : ledger.Size() - 1;
    const Entry& last = ledger.At(t.last_entry);
    if (last.kind == EntryKind::Header) {
        std::string names;
        for (const PlayerState& p : s.players) names += (names.empty() ? "" : ", ") + p.name;
        t.last_line = "new game";
        t.last_words = fmt::format("{} start with {} each; every price at Issue", names, FormatMoney(s.header->cash));
    } else {
        t.last_line = last.line;
        // The gist: a year end's dozen payouts would push the rest off the screen.
        t.last_words = SummarizeEffects(last.effects, RenderContext::Of(s), 5);
        // Back to the entry after the previous `end` (an `end` closes the turn it is shown with).
        int first = t.last_entry;
        while (first > 1 && t.last_entry - first + 1 < static_cast<int>(kTurnEntriesShown)) {
            const Entry& before = ledger.At(first - 1);
            if (before.kind == EntryKind::Header) break;
            if (before.kind == EntryKind::Command && std::holds_alternative<EndTurn>(before.command.action)) break;
            --first;
        }
        for (int seq = first; seq <= t.last_entry; ++seq) {
            const Entry& e = ledger.At(seq);
            t.this_turn.push_back({seq, e.line, SummarizeEffects(e.effects, RenderContext::Of(s), 3)});
        }
    }

    for (const Obligation& o : s.pending)
        t.pending.push_back({fmt::format("{} owes the bank {} ({})", DisplayPlayerName(s, o.player), FormatMoney(o.amount), o.rule),
                             fmt::format("for {}; {} sells assets to pay, no Bid needed (S-6)", o.reason, DisplayPlayerName(s, o.player))});
    if (s.declaring) t.declaring = fmt::format("{}'s claim to win waits for a margin call to be paid (W-1)", DisplayPlayerName(s, *s.declaring));
    if (s.year_end_due && !s.winner) t.year_end = "The year ends at the end of this turn (Y-1)";
    if (s.volatility == Volatility::High) t.volatility = "High volatility: the red die, 1 to 6 (D-5)";
    if (viewing) t.viewing = fmt::format("Showing the table as it stood after entry {} (time travel)", *viewing);
    return t;
}

} // namespace

TableDisplay MakeTableDisplay(const GameState& s, const Ledger& ledger, std::optional<int> viewing) {
    return BuildTableDisplay(s, ledger, viewing);
}

TableDisplay MakeTableDisplay(const GameState& s, const EntryWindow& window, std::optional<int> viewing) {
    return BuildTableDisplay(s, window, viewing);
}

} // namespace rutland::bbr
