#include "rules/legal.h"

#include "rules/rules.h"

namespace rutland::bbr {

bool IsLegal(const GameState& state, const Command& command) {
    GameState copy = state;
    return Apply(copy, command).accepted;
}

namespace {

std::vector<Action> Candidates() {
    std::vector<Action> out;
    for (Company c : kCompanies) {
        const bool preferred = GetProspectus(c).preferred_shares > 0;
        for (int64_t lots = 1; lots <= 4; ++lots) {
            const int64_t n = lots * kBoardLot;
            out.push_back(Buy{c, Security::Common, n});
            out.push_back(Sell{c, Security::Common, n});
            if (preferred) {
                out.push_back(Buy{c, Security::Preferred, n});
                out.push_back(Sell{c, Security::Preferred, n});
            }
            out.push_back(ShortSale{c, n});
            out.push_back(Cover{c, n});
        }
        out.push_back(Buy{c, Security::Bond, kBondCertificate});
        out.push_back(Sell{c, Security::Bond, kBondCertificate});
        out.push_back(BuyDirectorship{c, 1});
    }
    return out;
}

std::vector<Action> OtherCandidates(const GameState& state) {
    std::vector<Action> out;
    out.push_back(TimeCard{});
    for (Company c : kCompanies) {
        out.push_back(Convert{c, Security::Common, kBoardLot});
        out.push_back(Convert{c, Security::Preferred, kBoardLot});
        out.push_back(Convert{c, Security::Bond, kBondCertificate});
        out.push_back(EscrowChange{c});
    }
    for (const OptionCard& o : state.options)
        for (ExerciseMode mode : {ExerciseMode::Cash, ExerciseMode::Buy, ExerciseMode::Cover, ExerciseMode::Sell,
                                  ExerciseMode::Short})
            out.push_back(Exercise{o.id, mode});
    out.push_back(EscrowChange{std::nullopt});
    out.push_back(Declare{});
    out.push_back(YearEnd{});
    return out;
}

} // namespace

LegalNow Legal(const GameState& state) {
    LegalNow legal;
    // A roll is legal when it is the turn's first event; where the pawn is unknown the broker
    // names the space, so judge by the turn, not by this sample roll's landing.
    legal.roll = state.pending.empty() && !state.winner && !state.rolled;
    legal.end = IsLegal(state, Command{std::nullopt, EndTurn{}});
    CountMarket same_year;
    same_year.year = state.year;
    legal.count = IsLegal(state, Command{std::nullopt, same_year});
    std::vector<std::optional<std::string>> actors = {std::nullopt};
    for (const Obligation& o : state.pending) actors.push_back(state.players[static_cast<size_t>(o.player)].name);
    for (const auto& actor : actors)
        for (const Action& a : Candidates()) {
            Command c{actor, a};
            if (IsLegal(state, c)) legal.trades.push_back(std::move(c));
        }
    for (const Action& a : OtherCandidates(state)) {
        Command c{std::nullopt, a};
        if (IsLegal(state, c)) legal.other.push_back(std::move(c));
    }
    return legal;
}

} // namespace rutland::bbr
