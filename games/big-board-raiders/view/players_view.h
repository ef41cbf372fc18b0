// What the Players panel shows, without a window: per player in turn order their cash, holdings by
// company and class at market, shorts and the margin behind them, directorships and the escrow
// directorship, the 6x4 proxy grid, options held, net worth and how far each is from a voting
// majority (W-1). The panel (games/big-board-raiders/panels/panel_players.cpp) only draws this.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "model/state.h"

namespace rutland::bbr {

// W-1 for one player and one company: escrow + N common directorships + M voting shares.
struct MajorityProgress {
    Company company = Company::Yellow;
    bool escrow = false;                  // holds this company's escrow directorship
    std::optional<int> escrow_holder;     // who holds it, when someone does
    int proxies = 0;                      // of this company's six (E-2: all six elect the escrow)
    int directorships = 0;
    int need_directorships = 0;           // Prospectus::majority_directorships
    int64_t shares = 0;                   // common + preferred (both vote)
    int64_t need_shares = 0;              // Prospectus::majority_shares

    bool Holds() const { return escrow && directorships >= need_directorships && shares >= need_shares; }
    // How close, in thousandths (0..1000): a third each for the escrow (or the proxies towards it),
    // the directorships and the shares. Only for ranking who is nearest; the panel shows the counts.
    int Permille() const;
    // What is still missing, in words: "the Blue escrow, 1 common directorship and 5,000 shares";
    // "" when the majority holds.
    std::string Lacks() const;
    // For a tooltip: "Blue majority (W-1): escrow no (5 of 6 proxies), common directorships 2 of 3,
    // shares 115,000 of 120,000".
    std::string Summary() const;
};

MajorityProgress Majority(const GameState& state, int player, Company c);

struct ProxyCell {
    std::string label;  // "Brada"
    int space = -1;     // board index, -1 when the board has no such space
    bool earned = false;
};

struct CompanyHoldings {
    Company company = Company::Yellow;
    int64_t common = 0;
    int64_t preferred = 0;
    int64_t bonds = 0;           // face, whole dollars (debentures for Red and Green)
    Money value;                 // common + preferred at market, bonds at face
    int directorships = 0;
    bool escrow = false;
    int ex_directorships = 0;    // B-5: bought after the year-ending draw (no dividend this year end)
    int64_t ex_preferred = 0;    // B-5, likewise
    int64_t ex_bonds = 0;        // B-5, face
    int64_t short_shares = 0;
    Money short_held;            // the proceeds held in the margin account for this player's notes
    Money cover_cost;            // short_shares at the current price
    std::array<ProxyCell, 6> proxies;
    MajorityProgress majority;

    bool Empty() const { return common == 0 && preferred == 0 && bonds == 0 && directorships == 0 && !escrow && short_shares == 0; }
    // "35,000 + 10,000 pref + $20,000 bonds", "" when none; short: "35k + 10k pref + $20,000 bonds"
    // (share counts may be short; money is always in full, one format everywhere: FormatMoney).
    std::string HoldingText(bool short_form = false) const;
    // "ex (B-5): 1 dir, $20,000 bonds" (ex-dividend / ex-interest), "" when nothing is.
    std::string ExDividendText() const;
};

struct OptionHeld {
    int id = 0;
    std::string text;       // "#2 call 10,000 Yellow at $20,000 ($2.00)"
    std::string short_text; // "#2 call 10k Y $20,000"
    Money value_now;        // what cash settlement would pay at today's price (O-4a / O-5a), >= 0
    bool exercisable = false;  // drawn on an earlier turn (O-2)
};

struct PlayerView {
    int index = 0;
    std::string name;
    bool current = false;        // whose turn it is
    Money cash;
    Money net_worth;             // GameState::NetWorth
    Money long_value;            // holdings at market, bonds at face
    Money owed;                  // pending obligations (already subtracted from net worth)
    std::array<CompanyHoldings, 4> companies;
    int proxy_count = 0;
    std::optional<Company> escrow;
    std::optional<Company> could_declare;  // CouldDeclare (W-1)
    std::vector<OptionHeld> options;
    MajorityProgress nearest;    // the company this player is nearest a majority in
};

struct PlayersView {
    std::vector<PlayerView> players;  // turn order as seated (G-2), the current one flagged
    std::array<int, 4> price{};       // ticks, for the column headings
    std::array<bool, 4> listed{};
};

PlayersView MakePlayersView(const GameState& state);

// The players' strip (layout_model.h invariant 5): every player's cash always in view, one line
// a player: "> Ann  $123,000  net $456,000", the one whose turn it is marked.
struct StripCell {
    std::string name;      // cut to kStripNameChars
    std::string cash;      // FormatMoney
    std::string net_worth; // "net $456,000"
    std::string owes;      // "owes $13,750" when a call is pending, else ""
    bool current = false;
};
inline constexpr size_t kStripNameChars = 14;
std::vector<StripCell> MakePlayersStrip(const PlayersView& view);
// The cell as one line of text (its width is the strip's cell width).
std::string StripCellText(const StripCell& cell);

// 115,000 -> "115k", 2,500 -> "2,500".
std::string ShortCount(int64_t n);

} // namespace rutland::bbr
