#include "model/state.h"

#include "base/names.h"
#include "base/text.h"

#include <algorithm>
#include <cctype>

namespace rutland::bbr {

bool GameState::operator==(const GameState& o) const {
    const bool same_board = board == o.board || (board && o.board && board->Name() == o.board->Name() && board->Spaces() == o.board->Spaces());
    return same_board && header == o.header && variants == o.variants && year_cards == o.year_cards &&
           players == o.players && price == o.price && listed == o.listed && tray == o.tray && margin == o.margin &&
           bank == o.bank && volatility == o.volatility && year == o.year && time_cards_drawn == o.time_cards_drawn &&
           current == o.current && rolled == o.rolled && doubles == o.doubles && turn_space == o.turn_space &&
           pending == o.pending && winner == o.winner && turn == o.turn && time_drawn == o.time_drawn &&
           time_space == o.time_space && rights_taken == o.rights_taken && option_taken == o.option_taken &&
           year_end_due == o.year_end_due && year_ender == o.year_ender && declaring == o.declaring &&
           options == o.options && next_option_id == o.next_option_id &&
           expired_options == o.expired_options && card_list == o.card_list;
}

// names.h rule 1: the same player after NFC and case folding. The header's exact spelling wins
// first: an older game whose players differ only by accents' case ("Éva", "éva", accepted before
// names.h folded them) names each by its exact spelling in every stored line, so it replays as it was
// written; a folded match that fits two players is nobody.
std::optional<int> GameState::FindPlayer(std::string_view name) const {
    for (size_t i = 0; i < players.size(); ++i)
        if (players[i].name == name) return static_cast<int>(i);
    std::optional<int> found;
    for (size_t i = 0; i < players.size(); ++i) {
        if (!SameName(players[i].name, name)) continue;
        if (found) return std::nullopt;
        found = static_cast<int>(i);
    }
    return found;
}

Money GameState::MarginHeld(Company c) const {
    Money total;
    for (const ShortNote& n : margin[c]) total += n.proceeds;
    return total;
}

int64_t GameState::ShortShares(int player, Company c) const {
    int64_t total = 0;
    for (const ShortNote& n : margin[c])
        if (n.player == player) total += n.shares;
    return total;
}

Money GameState::ShortProceeds(int player, Company c) const {
    Money total;
    for (const ShortNote& n : margin[c])
        if (n.player == player) total += n.proceeds;
    return total;
}

Money GameState::MarginAssets(int player) const {
    const PlayerState& p = players[static_cast<size_t>(player)];
    Money assets = p.cash;
    for (Company c : kCompanies) {
        assets += ValueAt(p.common[c] + p.preferred[c], price[c]);
        assets += Money::Dollars(p.bonds[c]);
    }
    return assets;
}

Money GameState::ShortExposure(int player) const {
    Money total;
    for (Company c : kCompanies) total += ValueAt(ShortShares(player, c), price[c]);
    return total;
}

// What the player would have if everything were settled at today's prices: cash, longs at market,
// bonds at face, and for each short the proceeds held less the cost of covering now.
Money GameState::NetWorth(int player) const {
    Money worth = MarginAssets(player);
    for (Company c : kCompanies) worth += ShortProceeds(player, c) - ValueAt(ShortShares(player, c), price[c]);
    for (const Obligation& o : pending)
        if (o.player == player) worth -= o.amount;
    return worth;
}

} // namespace rutland::bbr
