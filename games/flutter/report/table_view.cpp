// Flutter's desk panels' data (table_view.h): made from the state and the rules' effects only.
#include "report/table_view.h"

#include <algorithm>

#include "lang/table_language.h"
#include "rules/rules.h"

namespace rutland::flutter {

// [SECTION] Tokens

Pounds Tokens::Total() const {
    int64_t total = 0;
    for (size_t i = 0; i < kTokenValues.size(); ++i) total += count[i] * kTokenValues[i];
    return Pounds(total);
}

Tokens TokensOf(Pounds amount) {
    Tokens out;
    int64_t left = std::max<int64_t>(0, amount.value);
    for (size_t i = 0; i < kTokenValues.size(); ++i) {
        out.count[i] = left / kTokenValues[i];
        left -= out.count[i] * kTokenValues[i];
    }
    return out;
}

// [SECTION] Players and the broker

TableLines TableOf(const GameState& state) {
    TableLines out;
    for (int c = 0; c < kCompanies; ++c) {
        const Company& co = state.companies[static_cast<size_t>(c)];
        out.companies[static_cast<size_t>(c)] = CompanyLine{state.Price(c), co.stock, co.reserve, co.bankrupt, co.anti_slump};
    }
    for (size_t p = 0; p < state.players.size(); ++p) {
        const Player& player = state.players[p];
        PlayerLine line;
        line.seat = static_cast<int>(p);
        line.cash = player.cash;
        for (int c = 0; c < kCompanies; ++c) {
            Holding& h = line.holdings[static_cast<size_t>(c)];
            h.certificates = player.certificates[static_cast<size_t>(c)];
            h.value = state.Price(c) * h.certificates;
            line.shares += h.value;
        }
        line.capital = state.Capital(line.seat);  // W-1, the rules' own
        line.current = line.seat == state.current;
        out.players.push_back(line);
    }
    out.pending = state.pending;
    return out;
}

// [SECTION] Round end

Pounds SettlementPlayer::Cash() const {
    Pounds total;
    for (int c = 0; c < kCompanies; ++c) total += dividends[static_cast<size_t>(c)] + bonus_cash[static_cast<size_t>(c)];
    return total;
}

std::optional<Settlement> SettlementOf(const Effects& effects, int players) {
    const auto first = std::find_if(effects.begin(), effects.end(), [](const Effect& e) { return e.kind == EffectKind::RoundEnded; });
    if (first == effects.end()) return std::nullopt;
    Settlement out;
    out.round = static_cast<int>(first->n[0]);
    out.ended_by = first->player;
    out.company_at_top = first->company;
    for (int p = 0; p < players; ++p) {
        SettlementPlayer sp;
        sp.seat = p;
        out.players.push_back(sp);
    }
    const auto player = [&](int seat) -> SettlementPlayer* {
        return seat >= 0 && seat < players ? &out.players[static_cast<size_t>(seat)] : nullptr;
    };
    SettlementCompany* company = nullptr;  // the one being settled (RE-2: one after the other)
    for (auto it = first + 1; it != effects.end(); ++it) {
        const Effect& e = *it;
        if (e.kind == EffectKind::NewRound) break;
        const size_t c = static_cast<size_t>(std::clamp(e.company, 0, kCompanies - 1));
        switch (e.kind) {
            case EffectKind::Settled: {
                SettlementCompany sc;
                sc.company = e.company;
                sc.at = static_cast<Position>(e.n[0]);
                sc.dividend = e.n[1];
                sc.move = static_cast<int>(e.n[2]);
                sc.parent_from = sc.parent_to = -1;  // FillUnmoved: a parent that stays has no ParentMoved
                sc.provisional = e.provisional;
                out.companies.push_back(sc);
                company = &out.companies.back();
                break;
            }
            case EffectKind::Dividend:
                if (SettlementPlayer* p = player(e.player)) p->dividends[c] += Pounds(e.n[2]);
                if (company) company->provisional = company->provisional || e.provisional;
                break;
            case EffectKind::ParentMoved:
                if (company && company->company == e.company) {
                    // A bonus moves it twice (to £200, then BN-1 to PAR 100): the first from, the last to.
                    if (company->parent_from < 0)
                        company->parent_from = static_cast<int>(e.n[0]), company->price_from = Pounds(e.n[2]);
                    company->parent_to = static_cast<int>(e.n[1]);
                    company->price_to = Pounds(e.n[3]);
                }
                break;
            case EffectKind::BonusToPar:
                if (company && company->company == e.company) company->parent_to = static_cast<int>(e.n[1]);
                break;
            case EffectKind::BonusShares:
                if (company) company->bonus = SettledCompany::Bonus::Shares;
                if (SettlementPlayer* p = player(e.player)) p->bonus_shares[c] += e.n[0];
                break;
            case EffectKind::BonusCash:
                if (company) company->bonus = SettledCompany::Bonus::Cash;
                if (SettlementPlayer* p = player(e.player)) p->bonus_cash[c] += Pounds(e.n[1]);
                break;
            case EffectKind::Bankrupt:
                if (company && company->company == e.company) company->bankrupt = true, company->price_to = Pounds();
                break;
            case EffectKind::CertificatesLost:
                if (e.n[1] == 0)
                    if (SettlementPlayer* p = player(e.player)) p->lost[c] += e.n[0];
                break;
            default: break;
        }
    }
    return out;
}

namespace {

// What the effects leave out, from a state of the game on either side of the settlement: a parent
// that did not move (opposite MARKET NEWS) has no ParentMoved effect, its level and price are the
// state's; a bonus's PAR 100 (BN-1) is said by level alone (BonusToPar), its price is the board's.
void FillUnmoved(Settlement& s, const GameState& state) {
    for (SettlementCompany& sc : s.companies) {
        if (sc.parent_from < 0) {
            const Company& co = state.companies[static_cast<size_t>(sc.company)];
            sc.parent_from = sc.parent_to = co.parent;
            sc.price_from = sc.price_to = state.Price(sc.company);
        }
        if (sc.bonus != SettledCompany::Bonus::None) sc.price_to = state.board->PriceAt(sc.parent_to);
    }
}

} // namespace

std::optional<RoundEndNow> IfRoundEndedNow(const GameState& state) {
    if (state.pending.kind != Pending::Kind::None) return std::nullopt;
    int nearest = -1;
    for (int c = 0; c < kCompanies; ++c) {
        const Company& co = state.companies[static_cast<size_t>(c)];
        if (co.bankrupt) continue;
        if (nearest < 0 || co.traveller > state.companies[static_cast<size_t>(nearest)].traveller) nearest = c;
    }
    if (nearest < 0) return std::nullopt;
    RoundEndNow out;
    out.company = nearest;
    out.after = state;  // invariant 1
    out.after.companies[static_cast<size_t>(nearest)].traveller = out.after.board->Top() - 1;
    const ParseResult parsed = ParseCommand("throw " + out.after.board->lanes[static_cast<size_t>(nearest)].letter + " 1");
    if (!parsed.command) return std::nullopt;
    const ApplyResult r = Apply(out.after, *parsed.command);
    if (!r.accepted) return std::nullopt;
    const auto first = std::find_if(r.effects.begin(), r.effects.end(), [](const Effect& e) { return e.kind == EffectKind::RoundEnded; });
    out.effects.assign(first, r.effects.end());
    std::optional<Settlement> s = SettlementOf(out.effects, static_cast<int>(state.players.size()));
    if (!s) return std::nullopt;
    FillUnmoved(*s, state);
    out.settlement = std::move(*s);
    return out;
}

std::optional<LastSettlement> LastSettlementOf(const Ledger& ledger, int upto) {
    upto = std::clamp(upto, 0, ledger.Size() - 1);
    const GameState state = upto == ledger.Size() - 1 ? ledger.State() : ledger.StateAt(upto);
    if (!state.last_round) return std::nullopt;
    const std::vector<int> active = upto == ledger.Size() - 1 ? ledger.InEffect() : ledger.InEffectAt(upto);
    for (auto it = active.rbegin(); it != active.rend(); ++it) {
        const Entry& e = ledger.At(*it);
        std::optional<Settlement> s = SettlementOf(e.effects, static_cast<int>(state.players.size()));
        if (!s) continue;
        // Unmoved companies kept their level through the settlement: the state after it has it.
        const GameState after = ledger.StateAt(*it);
        FillUnmoved(*s, after);
        return LastSettlement{*it, std::move(*s)};
    }
    return std::nullopt;
}

// [SECTION] The broker's instructions

namespace {

std::optional<Step> StepOf(const Effect& e) {
    Step s;
    s.player = e.player;
    s.company = e.company;
    s.rule = e.rule;
    switch (e.kind) {
        case EffectKind::Bought:
            s.kind = Step::Kind::Buy, s.certificates = e.n[0], s.money = Pounds(e.n[2]), s.to_player = false;
            break;
        case EffectKind::Sold: s.kind = Step::Kind::Sell, s.certificates = e.n[0], s.money = Pounds(e.n[2]); break;
        case EffectKind::Dividend: s.kind = Step::Kind::Dividend, s.money = Pounds(e.n[2]); break;
        case EffectKind::BonusCash: s.kind = Step::Kind::BonusCash, s.money = Pounds(e.n[1]); break;
        case EffectKind::BonusShares: s.kind = Step::Kind::BonusShares, s.certificates = e.n[0]; break;
        case EffectKind::CertificatesLost:
            s.kind = e.n[1] == 0 ? Step::Kind::Lost : Step::Kind::StockLost, s.certificates = e.n[0];
            if (s.kind == Step::Kind::StockLost) s.player = -1;
            break;
        default: return std::nullopt;
    }
    s.tokens = TokensOf(s.money);
    return s;
}

void Add(std::vector<CompanySteps>& groups, Step step) {
    const int company = step.company >= 0 && step.company < kCompanies ? step.company : -1;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const CompanySteps& g) { return g.company == company; });
    if (it == groups.end()) {
        groups.push_back(CompanySteps{company, {}});
        it = groups.end() - 1;
    }
    it->steps.push_back(std::move(step));
}

void Order(std::vector<CompanySteps>& groups) {
    // Lane order, the steps of no company last (invariant 3); within a company, as the rules did them.
    std::stable_sort(groups.begin(), groups.end(), [](const CompanySteps& a, const CompanySteps& b) {
        const int ka = a.company < 0 ? kCompanies : a.company, kb = b.company < 0 ? kCompanies : b.company;
        return ka < kb;
    });
}

} // namespace

std::vector<CompanySteps> StepsOf(const Effects& effects) {
    std::vector<CompanySteps> out;
    for (const Effect& e : effects)
        if (std::optional<Step> s = StepOf(e)) Add(out, std::move(*s));
    Order(out);
    return out;
}

std::vector<CompanySteps> StepsOf(const Ledger& ledger, int seq) {
    if (seq < 0 || seq >= ledger.Size()) return {};
    const Entry& entry = ledger.At(seq);
    if (entry.kind != EntryKind::Undo) return StepsOf(entry.effects);
    std::vector<CompanySteps> out;
    // Copied: a streamed ledger's entries are recalled into a cache of the last kRecalledEntries
    // (basic_ledger.h invariant 10), and `entry` may be one of them.
    const std::vector<int> targets = entry.targets;
    // The last undone first: the table reverses the newest first.
    for (auto it = targets.rbegin(); it != targets.rend(); ++it) {
        if (*it < 0 || *it >= ledger.Size()) continue;
        for (const Effect& e : ledger.At(*it).effects) {
            std::optional<Step> s = StepOf(e);
            if (!s) continue;
            s->reversed = true;
            s->to_player = !s->to_player;
            Add(out, std::move(*s));
        }
    }
    Order(out);
    return out;
}

// [SECTION] Claims

Claims ClaimsOf(const GameState& state) {
    Claims out;
    out.target = state.header->target;
    out.stoppage = state.stoppage;
    out.over = state.Over();
    out.pending = state.pending.kind != Pending::Kind::None;
    for (size_t p = 0; p < state.players.size(); ++p) {
        ClaimLine line;
        line.seat = static_cast<int>(p);
        line.capital = state.Capital(line.seat);
        line.short_by = line.capital < out.target ? out.target - line.capital : Pounds();
        line.claimed = std::any_of(state.claims.begin(), state.claims.end(), [&](const ClaimRecord& r) { return r.player == line.seat; });
        line.may_claim = out.stoppage && !out.pending && !line.claimed && line.capital >= out.target;  // W-2, W-4, W-3
        line.line = "claim " + state.players[p].name;
        out.players.push_back(std::move(line));
    }
    // W-4: the most capital among the valid claims wins; equal capital shares it (F-D17).
    Pounds best;
    for (const ClaimRecord& r : state.claims) best = std::max(best, r.capital);
    for (const ClaimRecord& r : state.claims)
        if (r.capital == best) out.winners.push_back(r.player);
    return out;
}

} // namespace rutland::flutter
