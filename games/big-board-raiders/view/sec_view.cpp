#include "view/sec_view.h"

#include <algorithm>
#include <array>
#include <map>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>

#include "view/entry_window.h"
#include "lang/effect_text.h"
#include "rules/rules.h"

namespace rutland::bbr {

namespace {

// The rules whose effects the SEC guy watches (IsForcedEvent): market events and delisting, the
// Roll Back odd lot and covers, delisted and year-end covers, claims, forfeits, what is owed.
constexpr std::array<std::string_view, 12> kForcedRules = {"M-4", "M-5", "M-6", "M-7", "D-6", "D-7",
                                                           "D-9", "D-10", "D-13", "W-1", "S-3", "S-6"};

// What a forced sale could raise for `player` (S-6): every holding of a listed company at today's
// price, bonds at face (M-7: nothing of a delisted company may be sold).
void Sellable(const GameState& s, int player, PendingLine& line) {
    const PlayerState& p = s.players[static_cast<size_t>(player)];
    for (Company c : kCompanies) {
        if (!s.listed[c]) continue;
        const Prospectus& pr = GetProspectus(c);
        if (line.example.empty()) {
            if (p.common[c] >= kBoardLot)
                line.example = fmt::format("{}: sell {} 5k", p.name, pr.letter);
            else if (p.preferred[c] >= kBoardLot)
                line.example = fmt::format("{}: sell {} pref 5k", p.name, pr.letter);
            else if (p.bonds[c] >= kBondCertificate)
                line.example = fmt::format("{}: sell {} bond 10k", p.name, pr.letter);
        }
        if (p.common[c] > 0) {
            const Money m = ValueAt(p.common[c], s.price[c]);
            line.can_sell.push_back(fmt::format("{} {} ({})", FormatCount(p.common[c]), pr.name, FormatMoney(m)));
            line.sellable += m;
        }
        if (p.preferred[c] > 0) {
            const Money m = ValueAt(p.preferred[c], s.price[c]);
            line.can_sell.push_back(fmt::format("{} {} pref ({})", FormatCount(p.preferred[c]), pr.name, FormatMoney(m)));
            line.sellable += m;
        }
        if (p.bonds[c] > 0) {
            const Money m = Money::Dollars(p.bonds[c]);
            line.can_sell.push_back(fmt::format("{} {} {}", FormatMoney(m), pr.name, pr.debt_name));
            line.sellable += m;
        }
    }
}

bool EndsTurn(const Entry& e) {
    return std::any_of(e.effects.begin(), e.effects.end(), [](const Effect& x) { return x.kind == EffectKind::Turn; });
}

} // namespace

bool IsForcedEvent(const Effect& e) {
    const bool forced_rule = std::find(kForcedRules.begin(), kForcedRules.end(), e.rule) != kForcedRules.end();
    switch (e.kind) {
        case EffectKind::MarketEvent:
        case EffectKind::Listing:
        case EffectKind::Obligation: return true;
        case EffectKind::Directorship: return e.quantity < 0;
        case EffectKind::Cash:
        case EffectKind::Info: return forced_rule;
        case EffectKind::Turn: return e.what == EffectWhat::ClaimWon || e.what == EffectWhat::ClaimFails;
        // The marker back to Issue after a market event or a relisting (M-4..M-6, D-9).
        case EffectKind::Price: return e.what == EffectWhat::MarkerToIssue;
        case EffectKind::Certificates:
            return e.what == EffectWhat::RollBackReturn || e.what == EffectWhat::BankruptcyReturnCommon ||
                   e.what == EffectWhat::BankruptcyReturnBonds;
        default: return false;
    }
}

std::optional<UnverifiedUse> UnverifiedFactOf(const Effect& e, const RenderContext& context) {
    if (e.kind != EffectKind::Info || e.rule != "D-2" || !context.board) return std::nullopt;
    const Board& board = *context.board;
    UnverifiedUse u;
    int space = -1;
    // Which of the space's facts was used, to tell whether it is verified now.
    enum class Fact { None, Arrows, Ask, Bid, Position } fact = Fact::None;
    switch (e.what) {
        case EffectWhat::MarketOpen:
            space = static_cast<int>(e.n[0]);
            u.fact = "arrows";
            fact = Fact::Arrows;
            break;
        case EffectWhat::UnverifiedUsed:
            space = static_cast<int>(e.n[2]);
            u.fact = fmt::format("{} for {}", e.n[0] ? "Ask" : "Bid",
                                 GetProspectus(kCompanies[static_cast<size_t>(e.n[1]) % kCompanyCount]).name);
            fact = e.n[0] ? Fact::Ask : Fact::Bid;
            break;
        case EffectWhat::BoardOrderDisagrees:
            space = static_cast<int>(e.n[3]);  // where the table says the pawn landed
            u.fact = "position (the board order disagreed)";
            fact = Fact::Position;
            break;
        default: u.fact = EffectText(e, context);
    }
    if (space >= 0 && space < board.SpaceCount()) {
        u.space = board.At(space).label;
        u.space_index = space;
        const Space& sp = board.At(space);
        switch (fact) {
            case Fact::Arrows: u.verified_now = sp.trend.verified; break;
            case Fact::Ask: u.verified_now = sp.ask.verified; break;
            case Fact::Bid: u.verified_now = sp.bid.verified; break;
            case Fact::Position: u.verified_now = sp.position.verified; break;
            case Fact::None: break;
        }
    }
    return u;
}

int UnverifiedFactCount(const Board& board, int* spaces) {
    int facts = 0, with = 0;
    for (const Space& sp : board.Spaces()) {
        const bool subsidiary = sp.kind.value == SpaceKind::Subsidiary;
        const int n = !sp.kind.verified + !sp.position.verified + !sp.trend.verified + !(subsidiary ? sp.ask.verified : sp.bid.verified);
        facts += n;
        with += n > 0;
    }
    if (spaces) *spaces = with;
    return facts;
}

namespace {

template <class L>
SecView BuildSecView(const L& ledger, const GameState& s, int seq) {
    SecView v;
    v.seq = seq;
    v.winner = s.winner;
    for (const Obligation& o : s.pending) {
        PendingLine line;
        line.player = o.player;
        line.name = s.players[static_cast<size_t>(o.player)].name;
        line.amount = o.amount;
        line.rule = o.rule;
        line.reason = o.reason;
        line.cash = s.players[static_cast<size_t>(o.player)].cash;
        Sellable(s, o.player, line);
        v.pending.push_back(std::move(line));
    }
    if (s.declaring)
        v.declaring = fmt::format("{}'s claim to win waits until the margin call is paid; then the majority is checked again (W-1)",
                                  s.players[static_cast<size_t>(*s.declaring)].name);

    // W-1: who could declare, and how far everyone else is.
    const std::vector<Claim> claims = CouldDeclare(s);
    for (const Claim& c : claims)
        v.could_declare.push_back(fmt::format("{} holds the {} escrow and its voting majority: may declare on their turn (W-1)",
                                              s.players[static_cast<size_t>(c.player)].name, GetProspectus(c.company).name));
    if (!s.winner) {
        for (int p = 0; p < static_cast<int>(s.players.size()); ++p) {
            if (std::any_of(claims.begin(), claims.end(), [p](const Claim& c) { return c.player == p; })) continue;
            NearMajority near{p, s.players[static_cast<size_t>(p)].name, Majority(s, p, Company::Yellow)};
            for (Company c : kCompanies) {
                MajorityProgress m = Majority(s, p, c);
                if (m.Permille() > near.progress.Permille()) near.progress = m;
            }
            v.nearest.push_back(std::move(near));
        }
        std::stable_sort(v.nearest.begin(), v.nearest.end(),
                         [](const NearMajority& a, const NearMajority& b) { return a.progress.Permille() > b.progress.Permille(); });
    }

    // The entries in effect at `seq`: this turn's, back to the entry that ended the turn before
    // (a year end's margin calls ride on it). The first entry may itself end a turn.
    const std::vector<int> in_effect = ledger.InEffectAt(seq);
    for (size_t k = in_effect.size(); k-- > 0;) {
        const Entry& e = ledger.At(in_effect[k]);
        v.events_from = e.seq;
        std::vector<ForcedEvent> here;
        for (const Effect& fx : e.effects)
            if (IsForcedEvent(fx)) here.push_back(ForcedEvent{e.seq, e.line, fx.rule, EffectText(fx, RenderContext::Of(s))});
        v.events.insert(v.events.begin(), here.begin(), here.end());
        if (k + 1 < in_effect.size() && EndsTurn(e)) break;
        if (in_effect.size() - k >= 40) break;  // a turn is never that long; keep the scan bounded
    }

    // the counts of this year, back to the entry that settled the last year end.
    v.year = s.year;
    for (size_t k = in_effect.size(); k-- > 0;) {
        const Entry& e = ledger.At(in_effect[k]);
        if (std::any_of(e.effects.begin(), e.effects.end(), [](const Effect& fx) { return fx.what == EffectWhat::YearEndStarts; }))
            break;
        if (!IsCount(e.command.action)) continue;
        const int changes = static_cast<int>(std::count_if(e.effects.begin(), e.effects.end(), [](const Effect& fx) {
            return IsCountEffect(fx) && fx.what != EffectWhat::CountOpens && fx.what != EffectWhat::CountNotesReleased &&
                   fx.what != EffectWhat::CountNoteWritten;
        }));
        v.counts.insert(v.counts.begin(), CountMade{e.seq, e.line, changes});
    }

    v.unverified_facts = UnverifiedFactCount(*s.board, &v.unverified_spaces);
    if constexpr (std::is_same_v<L, EntryWindow>) {
        v.uses = ledger.UnverifiedUses();  // entry_window.h invariant 3
        return v;
    }
    // D-2: every unverified fact the rules read, in the entries in effect.
    const RenderContext context = RenderContext::Of(s);
    std::map<std::pair<std::string, std::string>, size_t> index;
    for (int q : in_effect)
        for (const Effect& fx : ledger.At(q).effects) {
            std::optional<UnverifiedUse> u = UnverifiedFactOf(fx, context);
            if (!u) continue;
            ++v.uses;
            auto [it, fresh] = index.try_emplace({u->space, u->fact}, v.used.size());
            if (fresh) v.used.push_back(*u);
            UnverifiedUse& use = v.used[it->second];
            ++use.times;
            use.last_seq = q;
        }
    std::stable_sort(v.used.begin(), v.used.end(), [](const UnverifiedUse& a, const UnverifiedUse& b) {
        if (a.verified_now != b.verified_now) return !a.verified_now;  // what still needs checking first
        return a.times > b.times;
    });
    return v;
}

} // namespace

SecView MakeSecView(const Ledger& ledger, const GameState& s, int seq) { return BuildSecView(ledger, s, seq); }

SecView MakeSecView(const EntryWindow& window, const GameState& s, int seq) { return BuildSecView(window, s, seq); }

} // namespace rutland::bbr
