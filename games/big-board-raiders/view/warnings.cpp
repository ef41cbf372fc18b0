#include "view/warnings.h"

#include <algorithm>

#include <fmt/format.h>

#include "lang/effect_text.h"

namespace rutland::bbr {

namespace {

std::string PlayerName(const GameState& s, int p) {
    if (p < 0 || p >= static_cast<int>(s.players.size())) return fmt::format("player #{}", p);
    return s.players[static_cast<size_t>(p)].name;
}

const OptionCard* FindOption(const GameState& s, int id) {
    for (const OptionCard& o : s.options)
        if (o.id == id) return &o;
    return nullptr;
}

} // namespace

Money OptionValueNow(const OptionCard& option, const GameState& state) {
    const Money market = ValueAt(option.shares, state.price[option.company]);
    const Money gain = option.kind == OptionKind::Call ? market - option.strike_total : option.strike_total - market;
    return std::max(Money(), gain);
}

std::vector<Warning> WarningsFor(const GameState& before, const Effects& effects) {
    std::vector<Warning> out;
    const RenderContext words = RenderContext::Of(before);
    auto add = [&](WarningKind kind, std::string rule, std::string text) {
        for (const Warning& w : out)
            if (w.text == text) return;
        out.push_back(Warning{kind, std::move(rule), std::move(text)});
    };
    for (const Effect& e : effects) {
        switch (e.what) {
            case EffectWhat::ForfeitShares:
            case EffectWhat::ForfeitBankruptcy:
                if (e.quantity < 0) add(WarningKind::DirectorshipForfeited, e.rule, EffectText(e, words));
                break;
            case EffectWhat::ChargePaid:
            case EffectWhat::ObligationMade: {
                // A charge is a margin call unless it is a Roll Back's odd lot (D-6).
                const ChargeReason why = DecodeReason(e);
                if (why.what != ChargeFor::RollBackOddLot)
                    add(WarningKind::MarginCall, e.rule,
                        fmt::format("margin call: {} is charged for {}", PlayerName(before, e.kind == EffectKind::Cash ? e.from.index : e.player),
                                    ChargeReasonText(why, true)));
                if (e.what == EffectWhat::ObligationMade)
                    add(WarningKind::ObligationLeft, "S-6",
                        fmt::format("{} will still owe the bank {}: only {}'s sales are accepted until it is paid",
                                    PlayerName(before, e.player), FormatMoney(e.amount), PlayerName(before, e.player)));
                break;
            }
            case EffectWhat::DebtPaid:
                if (e.n[0] > 0)
                    add(WarningKind::ObligationLeft, "S-6",
                        fmt::format("{} pays {} and will still owe the bank {}", PlayerName(before, e.from.index),
                                    FormatMoney(e.amount), FormatMoney(Money::Cents(e.n[0]))));
                break;
            case EffectWhat::ForcedSale:
                add(WarningKind::ForcedSale, e.rule, EffectText(e, words));
                break;
            case EffectWhat::SplitEvent:
            case EffectWhat::RollBackEvent:
            case EffectWhat::BankruptcyEvent:
                add(WarningKind::MarketEvent, e.rule, EffectText(e, words));
                break;
            case EffectWhat::BoardOrderDisagrees:
                add(WarningKind::BoardOrder, e.rule, EffectText(e, words));
                break;
            case EffectWhat::YearEndNow:
                if (e.n[0] < e.n[1])
                    add(WarningKind::EarlyYearEnd, "Y-1",
                        fmt::format("the year ends after only {} of {} Time cards: check the deck before settling it", e.n[0], e.n[1]));
                break;
            case EffectWhat::OptionExpired: {
                const OptionCard* o = FindOption(before, e.option_id);
                if (!o) break;
                const Money value = OptionValueNow(*o, before);
                if (value > Money())
                    add(WarningKind::OptionInTheMoney, "Y-3",
                        fmt::format("{}'s {} #{} on {} {} is in the money ({} if exercised for cash now) and expires worthless",
                                    PlayerName(before, o->holder), o->kind == OptionKind::Call ? "call" : "put", o->id,
                                    FormatCount(o->shares), GetProspectus(o->company).name, FormatMoney(value)));
                break;
            }
            default: break;
        }
    }
    return out;
}

} // namespace rutland::bbr
