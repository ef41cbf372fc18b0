#include "view/players_window_view.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "view/players_view.h"
#include "view/turn_view.h"

namespace rutland::bbr {

namespace {

const std::string& Name(const GameState& s, int player) { return s.players[static_cast<size_t>(player)].name; }

LandedSpace Landed(const GameState& s, int index, bool first) {
    const Space& sp = s.board->At(index);
    LandedSpace l;
    l.heading = first ? "Landed on " + sp.label : "The Time card moved the pawn to " + sp.label;
    l.kind = std::string(SpaceKindName(sp.kind.value));
    for (Company c : kCompanies) l.up[static_cast<size_t>(Index(c))] = sp.trend.value[static_cast<size_t>(Index(c))] == Trend::Up;
    l.asks = sp.kind.value == SpaceKind::Subsidiary;
    const CompanySet set = l.asks ? sp.ask.value : sp.bid.value;
    for (Company c : kCompanies) l.market[static_cast<size_t>(Index(c))] = set.Has(c);
    l.provisional = LandingProvisional(sp) || !sp.trend.verified || !(l.asks ? sp.ask.verified : sp.bid.verified);
    return l;
}

// "2 dir, escrow", "escrow", "short 10k", "" for nothing: the second line of a company's cell.
std::string Directorships(const CompanyHoldings& h) {
    std::vector<std::string> parts;
    if (h.directorships > 0) parts.push_back(fmt::format("{} dir", h.directorships));
    if (h.escrow) parts.emplace_back("escrow");
    if (h.short_shares > 0) parts.push_back("short " + ShortCount(h.short_shares));
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

// "escrow \u2713, 2/3 dir" (or "proxies 5/6, ..."): the counts, short enough for a cell.
std::string MajorityCounts(const MajorityProgress& m) {
    const std::string escrow = m.escrow ? "escrow \u2713" : m.escrow_holder ? "escrow taken" : fmt::format("proxies {}/6", m.proxies);
    return fmt::format("{}, {}/{} dir", escrow, m.directorships, m.need_directorships);
}

} // namespace

PlayersWindowView MakePlayersWindow(const GameState& s, const Ledger& ledger, std::optional<int> viewing) {
    PlayersWindowView v;
    v.words = MakeTableDisplay(s, ledger, viewing);
    const TurnView turn = MakeTurnView(s, LegalNow{}, false);
    v.turn = s.winner ? v.words.headline : fmt::format("{}'s turn", Name(s, s.current));
    v.next = turn.next;
    v.time_cards = fmt::format("Time cards {} of {}", s.time_cards_drawn, s.year_cards);
    for (size_t i = 0; i < turn.spaces.size(); ++i) v.spaces.push_back(Landed(s, turn.spaces[i], i == 0));
    v.pawn = turn.pawn;
    v.margin_calls = turn.pending;

    const PlayersView players = MakePlayersView(s);
    const int n = static_cast<int>(s.players.size());
    const int next = s.rolled && s.doubles ? s.current : (s.current + 1) % std::max(1, n);
    for (const PlayerView& p : players.players) {
        Standing st;
        st.name = p.name;
        st.current = !s.winner && p.current;
        st.next = !s.winner && p.index == next && !p.current;
        st.cash = FormatMoney(p.cash);
        st.net_worth = FormatMoney(p.net_worth);
        for (const CompanyHoldings& h : p.companies) {
            const size_t c = static_cast<size_t>(Index(h.company));
            st.holdings[c] = h.HoldingText(true);
            st.directorships[c] = Directorships(h);
        }
        st.majority = fmt::format("{} {}%", GetProspectus(p.nearest.company).name, p.nearest.Permille() / 10);
        st.majority_shares = fmt::format("{}/{}", ShortCount(p.nearest.shares), ShortCount(p.nearest.need_shares));
        st.majority_counts = MajorityCounts(p.nearest);
        st.holds_majority = p.nearest.Holds();
        if (p.owed > Money()) st.owed = "owes " + FormatMoney(p.owed);
        v.standings.push_back(std::move(st));
    }
    return v;
}

PlayersWindowLayout LayOutPlayersWindow(float width, float height, int players, bool with_address) {
    PlayersWindowLayout l;
    const float pad = std::round(height * 0.015f);
    const float inner_w = width - 2 * pad, inner_h = height - 3 * pad;
    l.wide = width / height >= 1.55f;
    // Invariant 2: a header and two lines per player (six at most), each line 1.5 text heights
    // (DejaVu's line is 1.16 of its size, plus ImGui's item spacing of 0.3, fonts.cpp ApplyStyle),
    // in at most 60% of the height; else the text's size follows the height (2.8%: 30 px at 1080).
    const float lines = 1.0f + 2.0f * static_cast<float>(std::clamp(players, 1, 6));
    const float standings_em = lines * 1.5f + 1.0f;  // and the table's padding, about one line
    l.text_px = std::floor(std::min(height * 0.028f, inner_h * 0.6f / standings_em));
    const float standings_h = std::ceil(standings_em * l.text_px);
    const float top_h = inner_h - standings_h;

    if (l.wide) {
        // Invariant 3: the board down the whole left side, the rest to its right.
        l.board = {pad, pad, std::round(width * 0.30f), height - 2 * pad};
        const float x0 = l.board.x + l.board.w + pad;
        const float rest = width - pad - x0;
        l.standings = {x0, pad + top_h + pad, rest, standings_h};
        l.turn = {x0, pad, std::round(rest * 0.45f), top_h};
    } else {
        // The board top left, as tall as the top row; the standings across the whole bottom.
        l.board = {pad, pad, std::round(std::min(inner_w * 0.38f, top_h * 1.1f)), top_h};
        const float x0 = l.board.x + l.board.w + pad;
        l.standings = {pad, pad + top_h + pad, inner_w, standings_h};
        l.turn = {x0, pad, std::round((width - pad - x0 - pad) * 0.5f), top_h};
    }
    const float last_x = l.turn.x + l.turn.w + pad;
    float last_w = width - pad - last_x;
    if (with_address) {
        // Invariant 4: a square at the top right, as big as a phone's camera needs from across
        // the table and no bigger than a quarter of what the last command had.
        const float side = std::floor(std::min(top_h, last_w * 0.45f));
        l.address = {width - pad - side, pad, side, side};
        last_w -= side + pad;
    }
    l.last = {last_x, pad, last_w, top_h};
    return l;
}

} // namespace rutland::bbr
