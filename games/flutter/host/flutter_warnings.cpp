// Flutter's amber warnings before Enter (flutter_desk.h PreviewWarnings) and its "if the round
// ended now" (SettlementIfEndedNow): what a line accepted on a copy of the ledger would do that the
// table must not miss, each citing its rule; the figures are the rules engine's (rules/rules.h),
// never recomputed here.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "host/flutter_desk.h"
#include "lang/effect_text.h"
#include "lang/table_language.h"
#include "report/table_view.h"
#include "rules/rules.h"

namespace rutland::flutter {

namespace {

const std::string& Colour(const GameState& s, int company) { return s.board->lanes.at(static_cast<size_t>(company)).colour; }

} // namespace

std::vector<host::Note> PreviewWarnings(const GameState& before, const GameState& after, const Effects& effects) {
    std::vector<host::Note> out;
    std::map<int, int64_t> bonus_cash;  // company -> the cash paid instead of bonus shares (BN-3)
    for (const Effect& e : effects) {
        switch (e.kind) {
            case EffectKind::RoundEnded:
                out.push_back({fmt::format("This ends round {}: {}'s traveller reaches TOP and every company is settled "
                                           "with it (the settlement is in the preview)",
                                           e.n[0], Colour(after, e.company)),
                               "RE-1"});
                break;
            case EffectKind::SlumpDrop:
                out.push_back({fmt::format("Into SLUMP: {}'s traveller drops back from level {} to level {}{}", Colour(after, e.company),
                                           e.n[0], e.n[1], e.n[2] ? " (stopped on its parent)" : ""),
                               e.rule});
                break;
            case EffectKind::SlumpHeld:
                out.push_back({fmt::format("Into SLUMP: {} holds the anti-slump card, its traveller stays at level {}",
                                           Colour(after, e.company), e.n[0]),
                               "SL-3"});
                break;
            case EffectKind::CardDue:
                out.push_back({fmt::format("A Market News card is drawn for {}: nothing else is taken until its `news` line "
                                           "is typed",
                                           Colour(after, e.company)),
                               "N-1"});
                break;
            case EffectKind::Bought: {
                const Company& was = before.companies.at(static_cast<size_t>(e.company));
                const Company& now = after.companies.at(static_cast<size_t>(e.company));
                if (was.stock > 0 && now.stock == 0)
                    out.push_back({fmt::format("This empties the broker's {} stock: nobody can buy {} until someone sells",
                                               Colour(after, e.company), Colour(after, e.company)),
                                   "TR-4"});
                break;
            }
            case EffectKind::BonusCash: bonus_cash[e.company] += e.n[1]; break;
            case EffectKind::Bankrupt:
                out.push_back({fmt::format("{} goes bankrupt: its certificates are lost and it ceases trading, its price £0",
                                           Colour(after, e.company)),
                               "BK-1"});
                break;
            default: break;
        }
    }
    for (const auto& [company, paid] : bonus_cash)
        out.push_back({fmt::format("{}'s reserve is short for the bonus issue: no certificate is issued, the broker pays "
                                   "its holders £100 a certificate in cash ({} in all)",
                                   Colour(after, company), FormatPounds(Pounds(paid))),
                       "BN-3"});
    return out;
}

std::string SettlementIfEndedNow(const GameState& state) {
    // The round end's data is report/table_view.h's (the desk's round-end panel reads the same).
    const std::optional<RoundEndNow> now = IfRoundEndedNow(state);
    if (!now) return "";
    std::string out = fmt::format("If the round ended now ({}'s traveller, the nearest, reaching TOP; RE-1..RE-6):",
                                  Colour(state, now->company));
    for (const Effect& e : now->effects) {
        if (e.kind == EffectKind::RoundEnded || e.kind == EffectKind::NewRound) continue;
        out += "\n  " + EffectLine(e, now->after);
    }
    return out;
}

} // namespace rutland::flutter
