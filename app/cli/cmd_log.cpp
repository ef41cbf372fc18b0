// rutland-cli log FILE [--player P] [--company C] [--rule R]: one line per entry.
#include <iostream>

#include <fmt/format.h>

#include "cli.h"
#include "explain.h"
#include "text.h"

namespace rutland::cli {

int ShowLog(const LogOptions& options) {
    std::unique_ptr<Store> store = OpenForReading(options.file);
    if (!store) return kExitUnusable;
    const Ledger& ledger = store->GetLedger();
    const GameState& names = ledger.State();
    std::optional<int> player;
    std::optional<Company> company;
    if (!options.player.empty() && !(player = names.FindPlayer(options.player))) {
        std::cerr << "rutland-cli: no player " << options.player << " in " << options.file << "\n";
        return kExitUnusable;
    }
    if (!options.company.empty() && !(company = ParseCompany(options.company))) {
        std::cerr << "rutland-cli: no company " << options.company << " (Y, B, R, G)\n";
        return kExitUnusable;
    }
    for (int seq = 0; seq < store->Size(); ++seq) {
        const Entry& e = ledger.At(seq);
        const EntryRecord& r = store->Record(seq);
        bool shown = !player && !company && options.rule.empty();
        if (player && e.command.actor && SameIgnoringCase(*e.command.actor, names.players[static_cast<size_t>(*player)].name))
            shown = true;
        std::string effects;
        for (const Effect& fx : e.effects) {
            const bool match = (!player || EffectInvolvesPlayer(fx, *player)) &&
                               (!company || EffectInvolvesCompany(fx, *company)) &&
                               (options.rule.empty() || SameIgnoringCase(fx.rule, options.rule));
            shown = shown || match;
            if (fx.kind == EffectKind::Info && fx.rule == "D-2") continue;  // the provisional-board reminders
            effects += (effects.empty() ? "" : "; ") + ShortEffect(fx, names);
        }
        if (!shown) continue;
        std::cout << fmt::format("{:>4}  {}  {:<8}  {}{}{}\n", seq, r.stamp.time, r.stamp.who, e.line,
                                 effects.empty() ? "" : "  | ", effects);
    }
    return kExitAccepted;
}

} // namespace rutland::cli
