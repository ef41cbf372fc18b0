#include "rules/legal.h"

#include <algorithm>

#include "rules/rules.h"

namespace rutland::flutter {

bool IsLegal(const GameState& state, const Command& command) {
    GameState copy = state;
    return Apply(copy, command).accepted;
}

LegalNow Legal(const GameState& s) {
    LegalNow out;
    auto offer = [&](Action a) {
        Command c{std::move(a)};
        if (IsLegal(s, c)) out.commands.push_back(std::move(c));
    };
    const bool card = s.pending.kind == Pending::Kind::News;
    out.news = card;
    out.corrections = !card && !s.Over();
    if (card) {
        using K = CardEffect::Kind;
        const std::vector<std::vector<CardEffect>> cards = {
            {{K::Nothing, 0}},  {{K::Up, 2}},         {{K::Up, 5}},  {{K::Down, 3}},      {{K::ParentUp, 1}},
            {{K::ParentDown, 1}}, {{K::Dividend, 10}}, {{K::AntiSlump, 0}}, {{K::Up, 1}, {K::Dividend, 5}}};
        for (const auto& effects : cards) offer(News{std::nullopt, effects, std::nullopt});
        return out;
    }
    for (int c = 0; c < kCompanies; ++c) {
        const std::string letter = s.board->lanes[static_cast<size_t>(c)].letter;
        for (int n = 1; n <= 6; ++n) offer(Throw{std::nullopt, letter, n, std::nullopt});
        if (s.players.empty()) continue;
        const Player& p = s.players[static_cast<size_t>(s.current)];
        const Pounds each = s.Price(c) + kFive;
        const int64_t afford = each.value > 0 ? p.cash.value / each.value : 0;
        const int64_t most = std::min(afford, s.companies[static_cast<size_t>(c)].stock);
        offer(Buy{std::nullopt, letter, 1});
        if (most > 1) offer(Buy{std::nullopt, letter, most});
        const int64_t held = p.certificates[static_cast<size_t>(c)];
        offer(Sell{std::nullopt, letter, 1});
        if (held > 1) offer(Sell{std::nullopt, letter, held});
    }
    for (const Player& p : s.players) offer(Claim{p.name});
    for (const Command& c : out.commands) {
        out.throws = out.throws || std::holds_alternative<Throw>(c.action);
        out.trade = out.trade || std::holds_alternative<Buy>(c.action) || std::holds_alternative<Sell>(c.action);
        out.claim = out.claim || std::holds_alternative<Claim>(c.action);
    }
    return out;
}

} // namespace rutland::flutter
