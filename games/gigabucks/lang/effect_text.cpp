// Effects in words (lang/effect_text.h).
#include "lang/effect_text.h"

#include <fmt/format.h>

namespace rutland::gigabucks {

namespace {

std::string Who(const GameState& s, int p) {
    if (p == -1) return "the remainders waiting";
    if (p < 0 || p >= static_cast<int>(s.players.size())) return "?";
    return s.players[static_cast<size_t>(p)].name;
}

const char* AuctionName(int64_t kind) {
    switch (static_cast<AuctionKind>(kind)) {
        case AuctionKind::Charter: return "charter auction";
        case AuctionKind::Reactivation: return "reactivation auction";
        case AuctionKind::Diversify: return "diversification auction";
        case AuctionKind::Voluntary: return "voluntary liquidation auction";
        case AuctionKind::Involuntary: return "involuntary liquidation auction";
    }
    return "auction";
}

} // namespace

std::string EffectText(const Effect& e, const GameState& s) {
    const std::string p = Who(s, e.player), o = Who(s, e.other);
    switch (e.kind) {
        case EffectKind::Started: return fmt::format("{} players, {} G each, a ring of {} spaces", e.n[0], e.n[1], e.n[2]);
        case EffectKind::Placed: return fmt::format("{} places his token on {}", p, e.space);
        case EffectKind::Moved:
            if (e.n[1] != e.space) return fmt::format("{} rolls {}: his token stands on {} (the desk would have put it on {})", p, e.n[0], e.space, e.n[1]);
            return fmt::format("{} rolls {}: his token moves to {}", p, e.n[0], e.space);
        case EffectKind::AuctionDue: return fmt::format("the {} for {} is due", AuctionName(e.n[0]), e.space);
        case EffectKind::RoyaltyFigured: return fmt::format("{} owes {} a royalty of {} for landing on {}", p, o, e.n[0], e.space);
        case EffectKind::RoyaltyDue: return fmt::format("{} is {} short of the {} he owes {}: involuntary liquidation auctions are due", p, e.n[1], e.n[0], o);
        case EffectKind::Paid:
            if (e.player == -1) return fmt::format("the remainders waiting pay {} to {}", e.n[0], o);
            return fmt::format("{} pays {} to {}", p, e.n[0], o);
        case EffectKind::Chartered: return fmt::format("{} wins the charter of {} at {}", p, e.space, e.n[0]);
        case EffectKind::NobodyBid: return e.space >= 0 ? fmt::format("nobody bid in the {} for {}", AuctionName(e.n[0]), e.space)
                                                        : fmt::format("no sale in the {}", AuctionName(e.n[0]));
        case EffectKind::LinesAdded: return fmt::format("{} adds {} line{} to {}", p, e.n[0], e.n[0] == 1 ? "" : "s", e.space);
        case EffectKind::CorporationSold: return fmt::format("{} gets {} from {}", p, e.space, o);
        case EffectKind::Bankrupt: return fmt::format("{} retires bankrupt", p);
        case EffectKind::Resigned: return fmt::format("{} resigns", p);
        case EffectKind::ResignationHeld: return fmt::format("{} resigns when {}'s turn ends", p, o);
        case EffectKind::MadeInactive: return fmt::format("{} goes inactive with its {} line{}", e.space, e.n[0], e.n[0] == 1 ? "" : "s");
        case EffectKind::RemainderWaits: return fmt::format("a remainder of {} waits", e.n[0]);
        case EffectKind::TokenLeft: return fmt::format("{}'s token leaves {}", p, e.space);
        case EffectKind::TurnEnded: return fmt::format("{}'s turn ends", p);
        case EffectKind::TurnPassed: return fmt::format("{} holds the current player token", p);
        case EffectKind::GameWon: return fmt::format("{} wins the game", p);
        case EffectKind::SpaceFixed:
            return fmt::format("{}: {}, {} line{}", e.space, e.other >= 0 ? "owned by " + o : e.other == -1 ? std::string("unchartered") : std::string("inactive"),
                               e.n[0], e.n[0] == 1 ? "" : "s");
        case EffectKind::TokenFixed: return fmt::format("{}'s token stands on {}, {} turns begun", p, e.space, e.n[0]);
        case EffectKind::CashFixed: return fmt::format("{}'s cash counted: {} (was {})", p, e.n[1], e.n[0]);
        case EffectKind::PoolFixed: return fmt::format("the remainders waiting counted: {} (was {})", e.n[1], e.n[0]);
        case EffectKind::TotalFixed: return fmt::format("the money total is now {} (was {})", e.n[1], e.n[0]);
        case EffectKind::BoardResized: return fmt::format("the ring has {} spaces (was {})", e.n[1], e.n[0]);
        case EffectKind::Noted: return "note: " + e.text;
        case EffectKind::Undone: return "undone: " + e.text;
        case EffectKind::Redone: return "redone: " + e.text;
    }
    return "?";
}

std::string EffectLine(const Effect& e, const GameState& s) { return "[" + e.rule + "] " + EffectText(e, s); }

} // namespace rutland::gigabucks
