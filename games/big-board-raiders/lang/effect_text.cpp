// The table's words for every effect (effect_text.h). Each case below is one EffectWhat; its
// words are exactly those the rules wrote before effects became data (invariant 1), so keep them
// byte for byte until the game file stores data instead of words.
//
// Index:
// [SECTION] Context and small helpers
// [SECTION] Reasons
// [SECTION] The sentences
// [SECTION] The brief form
#include "lang/effect_text.h"

#include <array>

#include <fmt/format.h>

#include "model/state.h"

namespace rutland::bbr {

// [SECTION] Context and small helpers

RenderContext RenderContext::Of(const GameState& state) {
    RenderContext c;
    c.players = &state.players;
    c.board = state.board.get();
    return c;
}

std::string_view RenderContext::Player(int index) const {
    if (!players || index < 0 || static_cast<size_t>(index) >= players->size()) return "?";
    return (*players)[static_cast<size_t>(index)].name;
}

std::string_view RenderContext::SpaceLabel(int index) const {
    if (!board || index < 0 || index >= board->SpaceCount()) return "?";
    return board->At(index).label;
}

namespace {

std::array<std::string, static_cast<size_t>(EffectWhat::kCount)>& TestWordings() {
    static std::array<std::string, static_cast<size_t>(EffectWhat::kCount)> words;  // test hook only
    return words;
}

std::string_view Name(Company c) { return GetProspectus(c).name; }
Company CompanyAt(int64_t index) { return kCompanies[static_cast<size_t>(index) % kCompanyCount]; }
std::string Shares(int64_t n) { return FormatCount(n); }
std::string Cents(int64_t cents) { return FormatMoney(Money::Cents(cents)); }
int Ticks(int64_t t) { return static_cast<int>(t); }

Security SecurityAt(int64_t index) {
    return index == 1 ? Security::Preferred : index == 2 ? Security::Bond : Security::Common;
}

std::string SecurityWords(Company c, Security s) {
    switch (s) {
        case Security::Common: return std::string(Name(c));
        case Security::Preferred: return fmt::format("{} preferred", Name(c));
        case Security::Bond: return fmt::format("{} {}", Name(c), GetProspectus(c).debt_name);
    }
    return {};
}

// "Fulwell", or "Time 2 or Fulwell" after a Time card moved the pawn (the trade spaces).
std::string SpacesText(const RenderContext& x, int64_t a, int64_t b) {
    std::string out;
    for (int64_t sp : {a, b})
        if (sp >= 0) out += (out.empty() ? "" : " or ") + std::string(x.SpaceLabel(static_cast<int>(sp)));
    return out;
}

// A Time card's effect (rules_cards.cpp TimeCode): "high volatility, move to Fulwell, delist Blue".
std::string TimeCodeWords(const RenderContext& x, int64_t code) {
    std::string out;
    auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    if (code & 1) add("high volatility");
    if (const int64_t space = code >> 8; space > 0) add(fmt::format("move to {}", x.SpaceLabel(static_cast<int>(space - 1))));
    if (const int64_t c = (code >> 1) & 7; c > 0) add(fmt::format("delist {}", Name(CompanyAt(c - 1))));
    return out.empty() ? "no effect" : out;
}

// "#3 (call 10,000 Blue, strike $30,000 = $3.00 a share)": an option effect's card (OptionEffect).
std::string OptionWords(const Effect& e) {
    const Money strike = Money::Cents(e.n[1]);
    return fmt::format("#{} ({} {} {}, strike {} = {} a share)", e.option_id, e.n[0] ? "put" : "call", Shares(e.quantity),
                       Name(e.company), FormatMoney(strike),
                       FormatMoney(Money::Cents(e.quantity ? strike.cents() / e.quantity : 0)));
}

// "Blue escrow yes, common directorships 3 of 4, shares 120,000 of 100,000" (a W-1 effect's majority).
std::string MajorityWords(const Effect& e) {
    const Company c = CompanyAt(e.n[0] - 1);
    const Prospectus& pr = GetProspectus(c);
    return fmt::format("{} escrow {}, common directorships {} of {}, shares {} of {}", Name(c), e.n[1] ? "yes" : "no",
                       e.n[2], pr.majority_directorships, Shares(e.n[3]), Shares(pr.majority_shares));
}

// What a Y-2 payout pays for: "for 2 Blue directorships (2 x $5,000)".
std::string PayoutFor(const Effect& e) {
    const Company c = CompanyAt(e.n[0]);
    const Prospectus& pr = GetProspectus(c);
    switch (e.what) {
        case EffectWhat::PayoutDirectorships: {
            const int64_t d = e.n[1];
            return fmt::format("for {} {} directorship{}{} ({} x {})", d, Name(c), d == 1 ? "" : "s",
                               e.n[2] ? " (escrow included)" : "", d, FormatMoney(pr.dividend_per_directorship));
        }
        case EffectWhat::PayoutPreferred:
            return fmt::format("of {} preferred dividend ({} x $1,000 per 5,000)", Name(c), e.n[1]);
        case EffectWhat::PayoutInterest:
            return fmt::format("interest on {} of {} {} ({}% of face)", FormatMoney(Money::Dollars(e.n[1])), Name(c),
                               pr.debt_name, pr.debt_rate_percent);
        default: return {};
    }
}

std::string BoardCorrectedText(const Effect& e, const RenderContext& x) {
    const auto& n = e.n;
    auto letters = [](int64_t bits) {
        std::string out;
        for (Company c : kCompanies)
            if ((bits >> Index(c)) & 1) out += GetProspectus(c).letter;
        return out.empty() ? std::string("none") : out;
    };
    auto arrows = [](int64_t bits) {
        std::string out;
        for (int k = 0; k < kCompanyCount; ++k) out += (bits >> k) & 1 ? 'U' : 'D';
        return out;
    };
    auto kind = [](int64_t k) { return std::string(SpaceKindName(static_cast<SpaceKind>(k))); };
    std::string facts;
    auto fact = [&](const std::string& what, const std::string& was, const std::string& now) {
        facts += fmt::format("{}{} {}{}", facts.empty() ? "" : ", ", what, now, was == now ? " (as provisional)" : fmt::format(" (was {})", was));
    };
    if (n[0] & 1) fact("kind", kind(n[1] & 0xFF), kind((n[1] >> 8) & 0xFF));
    if (n[0] & 2) fact("position", std::to_string(n[2] & 0xFFFF), std::to_string((n[2] >> 16) & 0xFFFF));
    if (n[0] & 4) fact("arrows", arrows(n[3] & 0xF), arrows((n[3] >> 4) & 0xF));
    if (n[0] & 8) fact("Ask", letters((n[3] >> 8) & 0xF), letters((n[3] >> 12) & 0xF));
    if (n[0] & 16) fact("Bids", letters((n[3] >> 16) & 0xF), letters((n[3] >> 20) & 0xF));
    const std::string changes =
        n[4] > 0 ? fmt::format(" {} moves to position {} (still unverified);", x.SpaceLabel(Ticks(n[4] - 1)), n[5]) : "";
    return fmt::format("board corrected from the physical board at {}: {} now verified{}{}", x.SpaceLabel(e.space), facts,
                       changes.empty() ? "" : ";", changes);
}

std::string_view CoverWhyText(CoverWhy why, int option_id, std::string& scratch) {
    switch (why) {
        case CoverWhy::SplitCall: return "Split margin call";
        case CoverWhy::RollBackCall: return "Roll Back margin call";
        case CoverWhy::BankruptcyZero: return "Bankruptcy: covered at $0";
        case CoverWhy::DelistMarket: return "delisting, delist-cover=market";
        case CoverWhy::OptionRest: scratch = "the rest of the short after option #" + std::to_string(option_id); return scratch;
        case CoverWhy::WinDeclaration: return "win declaration";
        case CoverWhy::DelistedIssue: return "delisted: covered at Issue";
        case CoverWhy::YearEndCall: return "year-end margin call";
    }
    return "?";
}

} // namespace

void SetTestWording(EffectWhat what, std::string words) { TestWordings()[static_cast<size_t>(what)] = std::move(words); }

// [SECTION] Reasons

std::string ChargeReasonText(const ChargeReason& r, bool brief) {
    std::string scratch;
    switch (r.what) {
        case ChargeFor::FixedCover:
            if (brief) return fmt::format("covering {} {} at {}", Shares(r.shares), Name(r.company), FormatPrice(r.ticks));
            return fmt::format("covering {} {} at {} ({}: {} x {} = {})", Shares(r.shares), Name(r.company),
                               FormatPrice(r.ticks), CoverWhyText(r.why, r.option_id, scratch), Shares(r.shares),
                               FormatPrice(r.ticks), FormatMoney(ValueAt(r.shares, r.ticks)));
        case ChargeFor::MarketCover:
            if (brief) return fmt::format("covering {} {} at market", Shares(r.shares), Name(r.company));
            return fmt::format("covering {} {} at market ({}: {} x {} = {})", Shares(r.shares), Name(r.company),
                               CoverWhyText(r.why, r.option_id, scratch), Shares(r.shares), FormatPrice(r.ticks),
                               FormatMoney(ValueAt(r.shares, r.ticks)));
        case ChargeFor::RollBackOddLot:
            if (brief) return "the Roll Back odd lot";
            return fmt::format("the Roll Back odd lot (2,500 {} x {} = {})", Name(r.company), FormatPrice(r.ticks),
                               FormatMoney(ValueAt(r.shares, r.ticks)));
    }
    return "?";
}

// [SECTION] The sentences

namespace {

// The sentence; `brief`: for a glance (EffectBrief), without the arithmetic in brackets and with
// "pays" for "pays the bank".
// The proxy sheet of a count (CountProxies): "Fulwell, Derwent", or "none".
std::string ProxySheet(const RenderContext& x, int64_t bits) {
    std::string out;
    for (int sp = 0; sp < 64; ++sp)
        if ((static_cast<uint64_t>(bits) >> sp) & 1u) out += (out.empty() ? "" : ", ") + std::string(x.SpaceLabel(sp));
    return out.empty() ? "none" : out;
}

// A holding in its own unit: shares, or bond face in dollars.
std::string HoldingWords(Security s, int64_t q) { return s == Security::Bond ? FormatMoney(Money::Dollars(q)) : Shares(q); }

std::string CountText(const Effect& e, const RenderContext& x) {
    const auto& n = e.n;
    switch (e.what) {
        case EffectWhat::CountOpens: {
            const std::string what = n[0] < 0 ? std::string("the Big Board and the calendar")
                                               : fmt::format("{}'s holdings", x.Player(Ticks(n[0])));
            return fmt::format("the table's count of {}: a correction (X-3); only what was counted changes: no "
                               "promotion, market event, forfeit or margin check{}",
                               what, n[1] ? "; the ledger already agreed, nothing changes" : "");
        }
        case EffectWhat::CountCash:
            return fmt::format("count: {}'s cash {} -> {} (the {} difference {} the bank)", x.Player(Ticks(n[0])),
                               Cents(n[1]), Cents(n[2]), FormatMoney(e.amount),
                               e.from.kind == AccountKind::Bank ? "comes from" : "goes back to");
        case EffectWhat::CountHolding:
            return fmt::format("count: {}'s {} {} -> {} ({} {} the tray)", x.Player(e.player), SecurityWords(e.company, e.security),
                               HoldingWords(e.security, n[0]), HoldingWords(e.security, n[1]),
                               HoldingWords(e.security, e.quantity), e.to_player ? "from" : "back to");
        case EffectWhat::CountNotesReleased:
            return fmt::format("count: {}'s notes for {} {} come off the {} margin account; the {} clipped to them goes to the bank",
                               x.Player(Ticks(n[0])), Shares(n[2]), Name(CompanyAt(n[1])), Name(CompanyAt(n[1])),
                               FormatMoney(e.amount));
        case EffectWhat::CountNoteWritten:
            return fmt::format("count: one note '{}, {} {}' sold at {} goes into the {} margin account with {} from the bank "
                               "({} x {})",
                               x.Player(Ticks(n[0])), Shares(n[2]), Name(CompanyAt(n[1])), Cents(n[3]), Name(CompanyAt(n[1])),
                               FormatMoney(e.amount), Shares(n[2]), Cents(n[3]));
        case EffectWhat::CountShort:
            return n[1] == 0 ? fmt::format("count: {}'s {} short {} -> none", x.Player(e.player), Name(e.company), Shares(n[0]))
                             : fmt::format("count: {}'s {} short {} -> {}, on one note at {}", x.Player(e.player),
                                           Name(e.company), Shares(n[0]), Shares(n[1]), Cents(n[2]));
        case EffectWhat::CountDirectorships:
            return fmt::format("count: {}'s {} common directorships {} -> {} ({} the broker; no legal fee, no forfeit)",
                               x.Player(e.player), Name(e.company), n[0], n[1], e.quantity > 0 ? "rings from" : "rings back to");
        case EffectWhat::CountEscrow:
            return e.quantity > 0 ? fmt::format("count: {} holds the {} escrow directorship", x.Player(e.player), Name(e.company))
                                  : fmt::format("count: {} no longer holds the {} escrow directorship", x.Player(e.player),
                                                Name(e.company));
        case EffectWhat::CountProxies:
            return fmt::format("count: {}'s proxy sheet {} -> {}", x.Player(e.player), ProxySheet(x, n[0]), ProxySheet(x, n[1]));
        case EffectWhat::CountPrice:
            return fmt::format("count: the {} marker {} -> {} (no promotion, no market event)", Name(e.company),
                               FormatPrice(e.from_ticks), FormatPrice(e.to_ticks));
        case EffectWhat::CountVolatility:
            return fmt::format("count: volatility {} -> {}", n[0] ? "high" : "normal", n[1] ? "high" : "normal");
        case EffectWhat::CountListing:
            return fmt::format("count: {} {} -> {}", Name(e.company), n[0] ? "listed" : "delisted", n[1] ? "listed" : "delisted");
        case EffectWhat::CountYear: return fmt::format("count: the year {} -> {}", n[0], n[1]);
        case EffectWhat::CountCards:
            return fmt::format("count: Time cards drawn this year {} -> {} (of {})", n[0], n[1], n[2]);
        case EffectWhat::CountTurn:
            return fmt::format("count: whose turn {} -> {}{}", x.Player(Ticks(n[0])), x.Player(Ticks(n[1])),
                               n[2] ? fmt::format(" ({}'s turn in progress is set aside)", x.Player(Ticks(n[0]))) : "");
        default: return e.quote;
    }
}

std::string Render(const Effect& e, const RenderContext& x, bool brief) {
    const std::string_view pays = brief ? "pays" : "pays the bank";
    if (e.what < EffectWhat::kCount) {
        const std::string& alt = TestWordings()[static_cast<size_t>(e.what)];
        if (!alt.empty()) return alt;
    }
    const auto& n = e.n;
    switch (e.what) {
        case EffectWhat::StoredText:
        case EffectWhat::kCount: return e.quote;

        // rules/detail/accounting.h: accounting
        case EffectWhat::NoteWritten:
            return fmt::format("the broker puts {} in the {} margin account with {}'s note for {} shares",
                               FormatMoney(e.amount), Name(CompanyAt(n[1])), x.Player(static_cast<int>(n[0])), Shares(n[2]));
        case EffectWhat::ShortTotal:
            return fmt::format("{} is short {} {} in all", x.Player(e.player), Shares(n[0]), Name(e.company));
        case EffectWhat::NoteTakenBack:
            return fmt::format("{} takes back the note for {} {} and {} from the margin account", x.Player(e.to.index),
                               Shares(n[2]), Name(CompanyAt(n[1])), FormatMoney(e.amount));
        case EffectWhat::ShortLeft:
            return n[0] == 0 ? fmt::format("{}'s {} short is closed", x.Player(e.player), Name(e.company))
                             : fmt::format("{} is still short {} {}", x.Player(e.player), Shares(n[0]), Name(e.company));
        case EffectWhat::ChargePaid:
            return fmt::format("{} {} {} for {}", x.Player(e.from.index), pays, FormatMoney(e.amount),
                               ChargeReasonText(DecodeReason(e), brief));
        case EffectWhat::ObligationMade:
            return fmt::format("{} is short of cash and still owes the bank {} for {}: {} chooses assets for the "
                               "broker to sell (no Bid needed)",
                               x.Player(e.player), FormatMoney(e.amount), ChargeReasonText(DecodeReason(e)),
                               x.Player(e.player));
        case EffectWhat::DebtPaid:
            return fmt::format("{} {} {} of what is owed for {}{}", x.Player(e.from.index), pays, FormatMoney(e.amount),
                               e.quote, n[0] == 0 ? " (paid in full)" : fmt::format(" ({} still owed)", Cents(n[0])));
        case EffectWhat::DebtWrittenOff:
            return fmt::format("{} has nothing left to sell: the bank writes off the {} still owed for {}",
                               x.Player(static_cast<int>(n[0])), Cents(n[1]), e.quote);

        // rules/detail/market_events.h: prices and market events
        case EffectWhat::PriceMove: {
            const int delta = Ticks(n[0]);
            std::string why;
            if (static_cast<PriceWhy>(n[1]) == PriceWhy::Promotion) {
                const int ticks = delta < 0 ? -delta : delta;
                why = fmt::format("promotion {} {} tick{}:", delta > 0 ? "up" : "down", ticks, ticks == 1 ? "" : "s");
            } else {
                why = fmt::format("Market Open {} {}:", delta > 0 ? "up" : "down", delta < 0 ? -delta : delta);
            }
            const Prospectus& pr = GetProspectus(e.company);
            const bool clipped = (e.to_ticks >= pr.split_ticks || e.to_ticks <= pr.floor_ticks) &&
                                 e.to_ticks - e.from_ticks != delta;
            return fmt::format("{} {} {} -> {}{}", Name(e.company), why, FormatPrice(e.from_ticks), FormatPrice(e.to_ticks),
                               clipped ? " (the rest of the move is dropped, D-8)" : "");
        }
        case EffectWhat::MarkerToIssue:
            return fmt::format("{} marker back to Issue: {} -> {}", Name(e.company), FormatPrice(e.from_ticks),
                               FormatPrice(e.to_ticks));
        case EffectWhat::SplitEvent:
            return fmt::format("{} reaches its Split level {}: Split", Name(e.company),
                               FormatPrice(GetProspectus(e.company).split_ticks));
        case EffectWhat::RollBackEvent:
            return fmt::format("{} falls to its Roll Back level {}: Roll Back", Name(e.company),
                               FormatPrice(GetProspectus(e.company).floor_ticks));
        case EffectWhat::BankruptcyEvent: return fmt::format("{} falls to $0.00: Bankruptcy", Name(e.company));
        case EffectWhat::SplitPayout:
            return fmt::format("the broker pays {} $1 a share on {} {} shares: {}", x.Player(e.to.index), Shares(n[0]),
                               Name(CompanyAt(n[1])), FormatMoney(e.amount));
        case EffectWhat::RollBackReturn:
            return fmt::format("{} returns {} of {} {} common to the tray, keeping {}", x.Player(e.player),
                               Shares(e.quantity), Shares(n[0]), Name(e.company), Shares(n[1]));
        case EffectWhat::BankruptcyReturnCommon:
            return fmt::format("{} returns {} {} common to the broker, unpaid", x.Player(e.player), Shares(e.quantity),
                               Name(e.company));
        case EffectWhat::BankruptcyReturnBonds:
            return fmt::format("{} returns {} of {} {} to the broker, unpaid", x.Player(e.player),
                               FormatMoney(Money::Dollars(e.quantity)), Name(e.company), GetProspectus(e.company).debt_name);

        // rules/detail/market_events.h: directorships, proxies, escrow
        case EffectWhat::ForfeitBankruptcy:
        case EffectWhat::ForfeitShares: {
            const int64_t count = -e.quantity;
            const std::string why = e.what == EffectWhat::ForfeitBankruptcy
                                        ? std::string("the Bankruptcy")
                                        : fmt::format("{} {} shares back only {}", Shares(n[0]), Name(e.company), n[1]);
            return fmt::format("{} forfeits {} {} common directorship{} ({}); no refund", x.Player(e.player), count,
                               Name(e.company), count == 1 ? "" : "s", why);
        }
        case EffectWhat::ProxiesClosed: return "all four escrow directorships are taken: proxies are no longer recorded";
        case EffectWhat::ProxyEarned:
            return fmt::format("{} earns the {} proxy ({} proxies: {} of 6)", x.Player(e.player), x.SpaceLabel(e.space),
                               Name(e.company), n[0]);
        case EffectWhat::AlreadyEscrow:
            return fmt::format("{} holds all six {} proxies but is already the {} escrow director (one escrow "
                               "directorship at a time)",
                               x.Player(static_cast<int>(n[0])), Name(CompanyAt(n[1])), Name(CompanyAt(n[2])));
        case EffectWhat::EscrowSeated: {
            std::string_view how = "is elected";
            if (static_cast<EscrowHow>(n[0]) == EscrowHow::Switches) how = "switches: becomes the";
            if (static_cast<EscrowHow>(n[0]) == EscrowHow::NextInTurn) how = "is next in turn order: becomes the";
            return fmt::format("{} holds all six {} proxies and {} {} escrow director: takes the {} pawn",
                               x.Player(e.player), Name(e.company), how, Name(e.company), Name(e.company));
        }
        case EffectWhat::MarketOpen: {
            std::string arrows;
            for (int k = 0; k < kCompanyCount; ++k) arrows += (n[1] >> k) & 1 ? 'U' : 'D';
            return fmt::format("Market Open at {}: arrows {} ({}), {} tick{}", x.SpaceLabel(Ticks(n[0])), arrows,
                               n[2] ? "verified" : "provisional, not verified", n[3], n[3] == 1 ? "" : "s");
        }
        case EffectWhat::Note: return "note: " + e.quote;
        case EffectWhat::Undoes: return fmt::format("undoes entry {}: {}", n[0], e.quote);
        case EffectWhat::Redoes: return fmt::format("redoes entry {}: {}", n[0], e.quote);
        case EffectWhat::UndoesMany:
        case EffectWhat::RedoesMany: {
            const size_t cut = e.quote.find('\n');
            const std::string_view first = std::string_view(e.quote).substr(0, cut);
            const std::string_view last = cut == std::string::npos ? std::string_view() : std::string_view(e.quote).substr(cut + 1);
            if (e.what == EffectWhat::UndoesMany)
                return fmt::format("undoes {} commands, from entry {} ({}) back to entry {} ({})", n[0], n[1], first, n[2], last);
            return fmt::format("redoes {} commands, from entry {} ({}) to entry {} ({}): their effects are those of these "
                               "entries", n[0], n[1], first, n[2], last);
        }
        case EffectWhat::YearEndStarts:
            return fmt::format("End of the Year {}: the broker pays out, player by player from {}", n[0],
                               x.Player(Ticks(n[1])));
        case EffectWhat::YearBegins:
            return fmt::format("year {} begins{}", n[0], n[1] ? "; the yellow volatility die is back (normal volatility)" : "");
        case EffectWhat::PawnRolled:
            return fmt::format("{} rolls {}+{} (volatility {}) and lands on {}{}", x.Player(e.player), n[0], n[1], n[2],
                               x.SpaceLabel(e.space), n[3] ? " (doubles)" : "");
        case EffectWhat::BoardOrderDisagrees:
            return fmt::format("by the board order {}'s {} lands on {}; the table says {}: the table wins",
                               x.Player(Ticks(n[0])), n[1], x.SpaceLabel(Ticks(n[2])), x.SpaceLabel(Ticks(n[3])));
        case EffectWhat::StartCash:
            return fmt::format("the broker gives {} {} to start", x.Player(e.to.index), FormatMoney(e.amount));
        case EffectWhat::TurnDoubles: return fmt::format("{} rolled doubles and takes another turn", x.Player(Ticks(n[0])));
        case EffectWhat::TurnEnds: return fmt::format("{} ends the turn; {} is next", x.Player(Ticks(n[0])), x.Player(e.player));
        case EffectWhat::CurrentPlayerSet:
            return fmt::format("the broker makes {} the current player{}", x.Player(Ticks(n[0])),
                               n[1] ? " (the turn in progress is closed)" : "");
        case EffectWhat::BondBuyPaid: {
            const Company c = CompanyAt(n[0]);
            return fmt::format("{} {} {} for {} of {} {} at face", x.Player(e.from.index), pays, FormatMoney(e.amount),
                               FormatMoney(e.amount), Name(c), GetProspectus(c).debt_name);
        }
        case EffectWhat::BondTaken:
            return fmt::format("{} takes {} of {} {} from the tray (no promotion)", x.Player(e.player),
                               FormatMoney(Money::Dollars(e.quantity)), Name(e.company), GetProspectus(e.company).debt_name);
        case EffectWhat::ExBonds:
            return fmt::format("bought after the year-ending draw: these {} earn no interest this year end (still "
                               "convertible this turn)",
                               GetProspectus(CompanyAt(n[0])).debt_name);
        case EffectWhat::OffPreferredSpace:
            return fmt::format("after the year-ending draw {} buys {} preferred at {}, off the PREFERRED spaces "
                               "(the manual's one exception)",
                               x.Player(Ticks(n[0])), Name(CompanyAt(n[1])), SpacesText(x, n[2], n[3]));
        case EffectWhat::BuyPaid: {
            const Company c = CompanyAt(n[0]);
            const Money cost = ValueAt(n[2], Ticks(n[3]));
            const std::string said = fmt::format("{} {} {} for {} {} at {}", x.Player(e.from.index), pays,
                                                 FormatMoney(e.amount), Shares(n[2]), SecurityWords(c, SecurityAt(n[1])),
                                                 FormatPrice(Ticks(n[3])));
            if (brief) return said;
            return fmt::format("{} ({} x {} = {})", said, Shares(n[2]), FormatPrice(Ticks(n[3])), FormatMoney(cost));
        }
        case EffectWhat::SharesTaken:
            return fmt::format("{} takes {} {} from the tray", x.Player(e.player), Shares(e.quantity),
                               SecurityWords(e.company, e.security));
        case EffectWhat::ExPreferred: return "bought after the year-ending draw: this preferred earns no dividend this year end";
        case EffectWhat::BondHanded:
            return fmt::format("{} hands {} of {} {} to the broker (no promotion)", x.Player(e.player),
                               FormatMoney(Money::Dollars(e.quantity)), Name(e.company), GetProspectus(e.company).debt_name);
        case EffectWhat::BondProceeds: {
            const Company c = CompanyAt(n[0]);
            return fmt::format("the bank pays {} {} for {} of {} {} at face", x.Player(e.to.index), FormatMoney(e.amount),
                               FormatMoney(e.amount), Name(c), GetProspectus(c).debt_name);
        }
        case EffectWhat::ForcedSale:
            return fmt::format("forced sale for {}: no Bid needed, promotion applies", x.Player(Ticks(n[0])));
        case EffectWhat::SharesHanded:
            return fmt::format("{} hands {} {} to the broker", x.Player(e.player), Shares(e.quantity),
                               SecurityWords(e.company, e.security));
        case EffectWhat::SaleProceeds: {
            const Company c = CompanyAt(n[0]);
            const int ticks = Ticks(n[3]);
            const std::string said = fmt::format("the bank pays {} {} for {} {} at {}", x.Player(e.to.index),
                                                 FormatMoney(e.amount), Shares(n[2]), SecurityWords(c, SecurityAt(n[1])),
                                                 FormatPrice(ticks));
            if (brief) return said;
            return fmt::format("{} ({} x {} = {})", said, Shares(n[2]), FormatPrice(ticks), FormatMoney(ValueAt(n[2], ticks)));
        }
        case EffectWhat::ShortSold: {
            const int ticks = Ticks(n[3]);
            return fmt::format("{} sells {} {} short at {}: {} x {} = {}; margin: assets {} >= twice the shorts {}",
                               x.Player(Ticks(n[0])), Shares(n[2]), Name(CompanyAt(n[1])), FormatPrice(ticks), Shares(n[2]),
                               FormatPrice(ticks), FormatMoney(ValueAt(n[2], ticks)), Cents(n[4]), Cents(n[5]));
        }
        case EffectWhat::CoverPaid: {
            const int ticks = Ticks(n[2]);
            const std::string said = fmt::format("{} {} {} to cover {} {} at {}", x.Player(e.from.index), pays,
                                                 FormatMoney(e.amount), Shares(n[1]), Name(CompanyAt(n[0])), FormatPrice(ticks));
            if (brief) return said;
            return fmt::format("{} ({} x {} = {})", said, Shares(n[1]), FormatPrice(ticks), FormatMoney(ValueAt(n[1], ticks)));
        }
        case EffectWhat::NoAskYearEnd:
            return fmt::format("no Ask for {} at {}: after the year-ending draw a common directorship needs none "
                               "(the manual's one exception)",
                               Name(CompanyAt(n[0])), SpacesText(x, n[1], n[2]));
        case EffectWhat::LegalFees:
            return fmt::format("{} {} {} in legal fees ({} x $500)", x.Player(e.from.index), pays, FormatMoney(e.amount),
                               n[0]);
        case EffectWhat::RingsOn:
            return fmt::format("{} puts {} {} ring{} on the pawn: {} {} common directorship{} (no promotion)",
                               x.Player(e.player), e.quantity, Name(e.company), e.quantity == 1 ? "" : "s", n[0],
                               Name(e.company), n[0] == 1 ? "" : "s");
        case EffectWhat::ExDirectorship: return "bought after the year-ending draw: no directorship dividend for it this year end";
        case EffectWhat::Delisted:
            return fmt::format("{} is delisted: its price is frozen at {} and nobody may buy, sell, short, cover, "
                               "exercise options or buy directorships of it until the new year",
                               Name(e.company), FormatPrice(Ticks(n[0])));
        case EffectWhat::CoverAtIssueLater: {
            const Company c = CompanyAt(n[1]);
            return fmt::format("{}'s short of {} {} is covered at Issue ({}) at the start of the new year",
                               x.Player(Ticks(n[0])), Shares(n[2]), Name(c), FormatPrice(GetProspectus(c).issue_ticks));
        }
        case EffectWhat::TimeCardDrawn:
            return fmt::format("{} draws {} ({} of {} this year): {}{}", x.Player(e.player),
                               n[3] ? "Time card " + e.quote : std::string("a Time card"), e.quantity, n[0],
                               TimeCodeWords(x, n[1]), n[2] ? " (from the game's card list)" : "");
        case EffectWhat::CardSaved:
            return fmt::format("card list: {} saved as {}; next time 'time card={}' is enough", e.quote, TimeCodeWords(x, n[0]),
                               e.quote);
        case EffectWhat::CardChanged:
            return fmt::format("card list: {} was {}, now {} (the table wins)", e.quote, TimeCodeWords(x, n[0]),
                               TimeCodeWords(x, n[1]));
        case EffectWhat::VolatilityHigh:
            return n[0] ? "volatility is already high: the red die stays until the year end"
                        : "high volatility: the red die (1 to 6) replaces the yellow one until the year end";
        case EffectWhat::TimeMove:
            return fmt::format("{} moves to {}: no second Market Open; its Asks, Bids and offers may be used this turn (T-6)",
                               x.Player(e.player), x.SpaceLabel(e.space));
        case EffectWhat::LastTimeCard:
            return fmt::format("that is the year's last Time card: the End of the Year card follows. {} finishes the "
                               "turn (what {} buys now is ex-dividend, B-5), then year {} ends",
                               x.Player(e.player), x.Player(e.player), n[0]);
        case EffectWhat::RightsPaid:
            return fmt::format("{} {} {} for the rights offering of {} {} (all or nothing, no Ask needed)",
                               x.Player(e.from.index), pays, FormatMoney(e.amount), Shares(n[0]), Name(CompanyAt(n[1])));
        case EffectWhat::RightsTaken:
            return fmt::format("{} takes {} {} common from the tray (no promotion, M-2)", x.Player(e.player),
                               Shares(e.quantity), Name(e.company));
        case EffectWhat::OptionCardPaid:
            return fmt::format("{} {} {} for the {} card", x.Player(e.from.index), pays, FormatMoney(e.amount),
                               n[0] ? "put" : "call");
        case EffectWhat::OptionKept:
            return fmt::format("{} keeps option {}: exercise on a later turn, before the year end (O-2)", x.Player(e.player),
                               OptionWords(e));
        case EffectWhat::OptionExercised:
            return fmt::format("{} exercises option {} (no promotion, D-20)", x.Player(e.player), OptionWords(e));
        case EffectWhat::OptionHanded:
            return fmt::format("{} hands option {} to {}", x.Player(Ticks(n[2])), OptionWords(e), x.Player(e.player));
        case EffectWhat::OptionCashValue:
        case EffectWhat::OptionWorthless: {
            const Money market = ValueAt(n[2], Ticks(n[3]));
            const Money strike = Money::Cents(n[4]);
            const std::string market_words =
                fmt::format("{} x {} = {}", Shares(n[2]), FormatPrice(Ticks(n[3])), FormatMoney(market));
            const std::string arithmetic =
                n[1] == 0 ? fmt::format("{} - strike {} = {}", market_words, FormatMoney(strike), FormatMoney(market - strike))
                          : fmt::format("strike {} - {} = {}", FormatMoney(strike), market_words, FormatMoney(strike - market));
            if (e.what == EffectWhat::OptionCashValue)
                return fmt::format("the broker pays {} the cash value of option #{}: {}", x.Player(e.to.index), n[0],
                                   arithmetic);
            return fmt::format("option #{} is worth nothing in cash ({}): nothing is paid", n[0], arithmetic);
        }
        case EffectWhat::StrikePaidBuy:
            return fmt::format("{} {} the strike {} for {} {}", x.Player(e.from.index), pays, FormatMoney(e.amount),
                               Shares(n[0]), Name(CompanyAt(n[1])));
        case EffectWhat::StrikeSharesTaken:
            return fmt::format("{} takes {} {} common from the tray", x.Player(e.player), Shares(e.quantity), Name(e.company));
        case EffectWhat::StrikePaidCover:
            return fmt::format("{} {} the strike {} to cover {} {} with option #{}", x.Player(e.from.index), pays,
                               FormatMoney(e.amount), Shares(n[0]), Name(CompanyAt(n[1])), n[2]);
        case EffectWhat::PutDelivered:
            return fmt::format("{} delivers {} {} common to the broker", x.Player(e.player), Shares(e.quantity),
                               Name(e.company));
        case EffectWhat::PutStrikePaid:
            return fmt::format("the broker pays {} the strike {} for them", x.Player(e.to.index), FormatMoney(e.amount));
        case EffectWhat::PutShort:
            return fmt::format("{} sells {} {} short at the strike {}: a normal short from now on", x.Player(Ticks(n[0])),
                               Shares(n[1]), Name(CompanyAt(n[2])), Cents(n[3]));
        case EffectWhat::OptionSold:
            return fmt::format("{} pays {} {} for option #{} (the one deal between players)", x.Player(e.from.index),
                               x.Player(e.to.index), FormatMoney(e.amount), n[0]);
        case EffectWhat::BondsConverted:
            return fmt::format("{} hands {} of {} bonds to the broker", x.Player(e.player), FormatMoney(Money::Dollars(e.quantity)),
                               Name(e.company));
        case EffectWhat::BondSharesTaken:
            return fmt::format("{} takes {} {} common from the tray ({} x 5,000 per $10,000 bond; no Ask or Bid, "
                               "no promotion)",
                               x.Player(e.player), Shares(e.quantity), Name(e.company), n[0]);
        case EffectWhat::ConvertedTaken:
            return fmt::format("{} takes {} {} from the tray (the price does not move; directorships unchanged, C-4)",
                               x.Player(e.player), Shares(e.quantity), SecurityWords(e.company, e.security));
        case EffectWhat::ConvertedExPreferred:
            return "converted after the year-ending draw: this preferred earns no dividend this year end";
        case EffectWhat::ConversionGain:
            return fmt::format("the broker pays {} the conversion gain: {} lots x $500 = {}", x.Player(e.to.index), n[0],
                               FormatMoney(e.amount));
        case EffectWhat::EscrowWaits: {
            const std::string_view c = Name(CompanyAt(n[0]));
            return fmt::format("nobody else holds all six {} proxies: the {} escrow directorship goes to the next player "
                               "to complete them",
                               c, c);
        }
        case EffectWhat::EscrowGivenUp:
            return fmt::format("{} gives up the {} escrow directorship{} and returns the {} pawn", x.Player(e.player),
                               Name(e.company), n[0] ? fmt::format(" to switch to {}", Name(CompanyAt(n[0] - 1))) : "",
                               Name(e.company));
        case EffectWhat::ClaimWon:
            return fmt::format("{} holds the {} majority with every short covered ({}): {} wins the game", x.Player(e.player),
                               Name(CompanyAt(n[0] - 1)), MajorityWords(e), x.Player(e.player));
        case EffectWhat::ClaimFails:
            return fmt::format("{}'s claim fails: after the margin call the majority no longer holds ({}); the covers "
                               "stand and the game goes on",
                               x.Player(e.player), n[0] ? MajorityWords(e) : std::string("no escrow directorship"));
        case EffectWhat::WinDeclared:
            return fmt::format("{} declares a win with the {} majority ({}); every short of {} is margin-called at market "
                               "first",
                               x.Player(Ticks(n[4])), Name(CompanyAt(n[0] - 1)), MajorityWords(e), x.Player(Ticks(n[4])));
        case EffectWhat::ClaimWaits:
            return fmt::format("the claim is decided once {} has paid the margin call", x.Player(Ticks(n[0])));
        case EffectWhat::PayoutDirectorships:
        case EffectWhat::PayoutPreferred:
        case EffectWhat::PayoutInterest:
            return fmt::format("the broker pays {} {} {}", x.Player(e.to.index), FormatMoney(e.amount), PayoutFor(e));
        case EffectWhat::NotPaidExDividend:
            return fmt::format("{} bought {} after the year-ending draw: not paid this time", x.Player(Ticks(n[0])),
                               Name(CompanyAt(n[1])));
        case EffectWhat::OptionExpired:
            return fmt::format("{}'s option #{} ({} {} {}) expires worthless: the card goes under its pile",
                               x.Player(e.player), e.option_id, n[0] ? "put" : "call", Shares(e.quantity), Name(e.company));
        case EffectWhat::ListedAgain: return fmt::format("{} is listed again for the new year, at Issue", Name(e.company));
        case EffectWhat::ShortsCarryOver: return "shorts carry over into the new year (variant shorts-carry-over)";
        case EffectWhat::YearEndCalls:
            return fmt::format("year-end margin calls at market, in turn order from {}, who rolls next", x.Player(Ticks(n[0])));
        case EffectWhat::YearEndNow:
            return fmt::format("the broker settles the year end now ({} of {} Time cards counted this year)", n[0], n[1]);
        case EffectWhat::BoardCorrected: return BoardCorrectedText(e, x);
        case EffectWhat::UnverifiedUsed:
            return fmt::format("used the provisional {} for {} at {} (not verified on the physical board)",
                               n[0] ? "Ask" : "Bid", Name(CompanyAt(n[1])), x.SpaceLabel(static_cast<int>(n[2])));
        case EffectWhat::CountOpens:
        case EffectWhat::CountCash:
        case EffectWhat::CountHolding:
        case EffectWhat::CountNotesReleased:
        case EffectWhat::CountNoteWritten:
        case EffectWhat::CountShort:
        case EffectWhat::CountDirectorships:
        case EffectWhat::CountEscrow:
        case EffectWhat::CountProxies:
        case EffectWhat::CountPrice:
        case EffectWhat::CountVolatility:
        case EffectWhat::CountListing:
        case EffectWhat::CountYear:
        case EffectWhat::CountCards:
        case EffectWhat::CountTurn: return CountText(e, x);
    }
    return e.quote;
}

} // namespace

std::string EffectText(const Effect& e, const RenderContext& x) { return Render(e, x, false); }

// [SECTION] The brief form

std::string EffectBrief(const Effect& e, const RenderContext& x) {
    if (e.kind != EffectKind::Cash) return Render(e, x, false);
    if (e.what != EffectWhat::StoredText) return Render(e, x, true);
    // Words read back from a file: only the words are known (never shown as a preview today).
    std::string part = e.quote;
    if (const size_t at = part.rfind(" ("); at != std::string::npos && part.find('=', at) != std::string::npos)
        part.resize(at);
    if (const size_t at = part.find(" pays the bank "); at != std::string::npos) part.replace(at, 15, " pays ");
    return part;
}

std::string EffectShort(const Effect& e, const RenderContext& x, bool* payout) {
    *payout = IsPayout(e);
    std::string text = *payout ? PayoutFor(e) : EffectText(e, x);
    if (const size_t at = text.find(" ("); at != std::string::npos) text.resize(at);
    return text;
}

} // namespace rutland::bbr
