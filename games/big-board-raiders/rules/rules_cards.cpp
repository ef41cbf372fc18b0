// The rules engine, part two: what the cards bring to the table. Time cards (T-4, D-19) with
// high volatility, moves and delisting (M-7, D-10); rights offerings; option cards (O-1..O-5).
// Same two phases as rules.cpp: every check first, then the mutation through the Engine.
//
// Index:
// [SECTION] Time cards (T-4, D-19, M-7)
// [SECTION] Rights offerings
// [SECTION] Options (O-1..O-5)

#include <algorithm>

#include <fmt/format.h>

#include "rules/detail/checks.h"

namespace rutland::bbr::detail {

namespace {

std::optional<TimeEffect> SavedCard(const GameState& s, const std::string& id) {
    for (const auto& [card, effect] : *s.card_list)
        if (card == id) return effect;
    return std::nullopt;
}

// A Time card's effect as one number for its words (TimeCodeWords): bit 0 high volatility, bits
// 1..3 the delisted company + 1, bits 8.. the space index + 1. Every space a card names was found
// on the board when it was typed (DoTime), and a board never loses a space.
int64_t TimeCode(const GameState& s, const TimeEffect& t) {
    int64_t code = t.high_volatility ? 1 : 0;
    if (t.delist) code |= static_cast<int64_t>(Index(*t.delist) + 1) << 1;
    if (t.space) {
        std::string error;
        const auto idx = s.board->Find(*t.space, &error);
        if (idx) code |= static_cast<int64_t>(*idx + 1) << 8;
    }
    return code;
}

// M-7: a delisting freezes the price and stops all trading in the company until the new year.
void Delist(Engine& e, Company c) {
    GameState& s = e.S();
    s.listed[c] = false;
    Effect listing;
    listing.kind = EffectKind::Listing;
    listing.rule = "M-7";
    listing.company = c;
    listing.quantity = -1;
    listing.what = EffectWhat::Delisted;
    listing.n = {s.price[c]};
    e.Emit(std::move(listing));
    if (s.variants.delist_cover_market) {
        e.MarketCallAll(c, "D-10", CoverWhy::DelistMarket);
    } else {
        for (int p = 0; p < static_cast<int>(s.players.size()); ++p)
            if (s.ShortShares(p, c) > 0)
                e.Info("D-10", Say(EffectWhat::CoverAtIssueLater, {p, Index(c), s.ShortShares(p, c)}));
    }
}

} // namespace

// [SECTION] Time cards (T-4, D-19, M-7)

ApplyResult DoTime(Ctx& x, const TimeCard& card) {
    GameState& s = x.s;
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (x.actor != s.current)
        return Rejected(fmt::format("only the player on the TIME space draws a Time card; it is {}'s turn",
                                    s.players[static_cast<size_t>(s.current)].name),
                        "T-4");
    if (!s.rolled || !s.turn_space) return Rejected(fmt::format("{} has not rolled yet this turn", me.name), "T-4");
    const Space& landed = SpaceOf(s, *s.turn_space);
    if (landed.kind.value != SpaceKind::Time)
        return Rejected(fmt::format("{} landed on {}, not on a TIME space{}", me.name, landed.label,
                                    landed.kind.verified ? ""
                                                         : fmt::format(" (if the physical board shows TIME there, correct "
                                                                       "it first: board @{} kind=time)",
                                                                       landed.name)),
                        "T-4");
    if (s.time_drawn) return Rejected(fmt::format("{} has already drawn a Time card this turn", me.name), "T-4");

    TimeEffect typed{card.high_volatility, std::nullopt, card.delist};
    std::optional<int> target;
    if (card.space) {
        std::string error;
        target = s.board->Find(*card.space, &error);
        if (!target) return Rejected(error, "D-19");
        typed.space = s.board->At(*target).name;
    }
    const std::optional<TimeEffect> saved = card.card ? SavedCard(s, *card.card) : std::nullopt;
    const bool from_list = saved && typed.None();
    const TimeEffect effect = from_list ? *saved : typed;
    if (from_list && effect.space) {
        std::string error;
        target = s.board->Find(*effect.space, &error);
        if (!target) return Rejected(fmt::format("the card list's {} moves to a space the board lacks: {}", *card.card, error), "D-19");
    }
    if (effect.delist && !s.listed[*effect.delist])
        return Rejected(fmt::format("{} is already delisted until the new year", Name(*effect.delist)), "M-7");

    // Mutation from here on.
    Effects fx;
    Engine e(s, fx);
    s.time_drawn = true;
    ++s.time_cards_drawn;
    {
        Effect drawn;
        drawn.kind = EffectKind::Year;
        drawn.rule = "T-4";
        drawn.player = x.actor;
        drawn.quantity = s.time_cards_drawn;
        Say say(EffectWhat::TimeCardDrawn, {s.year_cards, TimeCode(s, effect), from_list ? 1 : 0, card.card ? 1 : 0},
                card.card.value_or(""));
        std::move(say).Into(drawn);
        e.Emit(std::move(drawn));
    }
    if (card.card) {
        if (!saved) {
            s.card_list.Mut().emplace_back(*card.card, effect);
            e.Info("D-19", Say(EffectWhat::CardSaved, {TimeCode(s, effect)}, *card.card));
        } else if (!from_list && !(typed == *saved)) {
            for (auto& [id, saved_effect] : s.card_list.Mut())
                if (id == *card.card) saved_effect = typed;
            e.Info("D-19", Say(EffectWhat::CardChanged, {TimeCode(s, *saved), TimeCode(s, typed)}, *card.card));
        }
    }
    if (effect.high_volatility) {
        const bool was_high = s.volatility == Volatility::High;
        s.volatility = Volatility::High;
        Effect vol;
        vol.kind = EffectKind::Year;
        vol.rule = "T-2";
        vol.what = EffectWhat::VolatilityHigh;
        vol.n = {was_high ? 1 : 0};
        e.Emit(std::move(vol));
    }
    if (target) {
        PlayerState& p = e.P(x.actor);
        p.space = *target;
        s.time_space = *target;
        Effect pawn;
        pawn.kind = EffectKind::Pawn;
        pawn.rule = "T-4";
        pawn.player = x.actor;
        pawn.space = *target;
        pawn.what = EffectWhat::TimeMove;
        e.Emit(std::move(pawn));
        e.EarnProxy(x.actor, *target);  // D-22
    }
    if (effect.delist) Delist(e, *effect.delist);
    if (s.time_cards_drawn >= s.year_cards && !s.year_end_due) {
        s.year_end_due = true;
        s.year_ender = x.actor;
        Effect due;
        due.kind = EffectKind::Year;
        due.rule = "Y-1";
        due.player = x.actor;
        due.what = EffectWhat::LastTimeCard;
        due.n = {s.year};
        e.Emit(std::move(due));
    }
    Command canonical = Canon(x);
    TimeCard canon_card = card;
    canon_card.space = typed.space;
    canonical.action = canon_card;
    return Accept(std::move(fx), std::move(canonical));
}

// [SECTION] Rights offerings

ApplyResult DoRights(Ctx& x, const Rights& r) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (!TradeSpaceOfKind(s, SpaceKind::Rights))
        return Rejected(fmt::format("a rights offering is drawn on a RIGHTS OFFERING space; {} is at {}", me.name,
                                    TradeSpacesText(s)),
                        "R-1");
    if (s.rights_taken) return Rejected(fmt::format("{} has already taken this turn's rights offering", me.name), "R-1");
    RUTLAND_TRY(CheckListed(s, r.company));
    if (r.shares < kBoardLot || r.shares % kBoardLot != 0)
        return Rejected(fmt::format("a rights offering is for shares in lots of 5,000, got {}", Shares(r.shares)), "R-1");
    if (r.price <= Money())
        return Rejected(fmt::format("a rights offering has a price, got {}", FormatMoney(r.price)), "R-1");
    if (s.tray[r.company].common < r.shares)
        return Rejected(fmt::format("the tray has only {} {} common left", Shares(s.tray[r.company].common), Name(r.company)),
                        "R-1");
    RUTLAND_TRY(NeedCash(me, r.price, [&] { return fmt::format("the offering of {} {}", Shares(r.shares), Name(r.company)); }, "R-1"));
    Effects fx;
    Engine e(s, fx);
    s.rights_taken = true;
    e.Pay(Account::Player(x.actor), Account::Bank(), r.price, "R-1", Say(EffectWhat::RightsPaid, {r.shares, Index(r.company)}));
    e.MoveCertificates(x.actor, r.company, Security::Common, r.shares, true, "R-1", Say(EffectWhat::RightsTaken));
    return Accept(std::move(fx), Canon(x));
}

// [SECTION] Options (O-1..O-5)

namespace {

OptionCard* FindOption(GameState& s, int id) {
    for (OptionCard& o : s.options)
        if (o.id == id) return &o;
    return nullptr;
}

std::string HeldOptions(const GameState& s) {
    std::string out;
    for (const OptionCard& o : s.options)
        out += fmt::format("{}#{} {}", out.empty() ? "" : ", ", o.id, s.players[static_cast<size_t>(o.holder)].name);
    return out.empty() ? "none are held" : "held: " + out;
}

// Y-3: an option that expired at a year end is gone for good; one that never existed (or was
// exercised) is simply unknown (O-1, O-3).
ApplyResult NoSuchOption(const GameState& s, int id, const std::string& rule) {
    if (std::find(s.expired_options.begin(), s.expired_options.end(), id) != s.expired_options.end())
        return Rejected(fmt::format("option #{} expired at the year end, as every option does ({})", id, HeldOptions(s)),
                        "Y-3");
    return Rejected(fmt::format("there is no option #{} ({})", id, HeldOptions(s)), rule);
}

// An option effect: the card's numbers for its words (n0 call 0 / put 1, n1 strike total in cents),
// n2 = the other player (OptionHanded: the seller).
Effect OptionEffect(const OptionCard& o, std::string rule, EffectWhat what, int other = -1) {
    Effect e;
    e.kind = EffectKind::Option;
    e.rule = std::move(rule);
    e.what = what;
    e.n = {o.kind == OptionKind::Call ? 0 : 1, o.strike_total.cents(), other};
    e.player = o.holder;
    e.company = o.company;
    e.quantity = o.shares;
    e.option_id = o.id;
    return e;
}

} // namespace

ApplyResult DoAcceptOption(Ctx& x, const AcceptOption& o) {
    GameState& s = x.s;
    RUTLAND_TRY(CheckTurn(x));
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    const bool call = o.kind == OptionKind::Call;
    const char* kind = call ? "call" : "put";
    if (!TradeSpaceOfKind(s, call ? SpaceKind::Calls : SpaceKind::Puts))
        return Rejected(fmt::format("a {} option card is drawn on the {} space; {} is at {}", kind, call ? "CALLS" : "PUTS",
                                    me.name, TradeSpacesText(s)),
                        "O-1");
    if (s.option_taken) return Rejected(fmt::format("{} has already accepted an option card this turn", me.name), "O-1");
    RUTLAND_TRY(CheckListed(s, o.company));
    if (o.shares < kBoardLot || o.shares % kBoardLot != 0)
        return Rejected(fmt::format("an option card is for shares in lots of 5,000, got {}", Shares(o.shares)), "O-1");
    if (o.shares > GetProspectus(o.company).common_shares)
        return Rejected(fmt::format("{} issued only {} common shares", Name(o.company),
                                    Shares(GetProspectus(o.company).common_shares)),
                        "O-1");
    if (o.strike_total <= Money())
        return Rejected(fmt::format("an option card has a strike total, got {}", FormatMoney(o.strike_total)), "O-1");
    RUTLAND_TRY(NeedCash(me, o.cost, [&] { return fmt::format("the {} card", kind); }, "O-1"));
    Effects fx;
    Engine e(s, fx);
    s.option_taken = true;
    OptionCard card{s.next_option_id++, x.actor, o.kind, o.company, o.shares, o.strike_total, o.cost, s.turn};
    e.Pay(Account::Player(x.actor), Account::Bank(), o.cost, "O-1", Say(EffectWhat::OptionCardPaid, {call ? 0 : 1}));
    e.Emit(OptionEffect(card, "O-1", EffectWhat::OptionKept));
    s.options.push_back(card);
    return Accept(std::move(fx), Canon(x));
}

ApplyResult DoExercise(Ctx& x, const Exercise& ex) {
    GameState& s = x.s;
    OptionCard* found = FindOption(s, ex.option_id);
    if (!found) return NoSuchOption(s, ex.option_id, "O-1");
    const OptionCard card = *found;
    const bool call = card.kind == OptionKind::Call;
    const std::string rule = call ? "O-4" : "O-5";
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (card.holder != x.actor)
        return Rejected(fmt::format("option #{} is {}'s, not {}'s", card.id, s.players[static_cast<size_t>(card.holder)].name,
                                    me.name),
                        "O-3");
    RUTLAND_TRY(CheckTurn(x));
    if (card.drawn_turn == s.turn)
        return Rejected(fmt::format("option #{} was drawn this turn: it is exercised on a later turn", card.id), "O-2");
    RUTLAND_TRY(CheckListed(s, card.company));
    const bool mode_ok = call ? (ex.mode == ExerciseMode::Cash || ex.mode == ExerciseMode::Buy || ex.mode == ExerciseMode::Cover)
                              : (ex.mode == ExerciseMode::Cash || ex.mode == ExerciseMode::Sell || ex.mode == ExerciseMode::Short);
    if (!mode_ok)
        return Rejected(fmt::format("option #{} is a {}: it is exercised by {}", card.id, call ? "call" : "put",
                                    call ? "cash, buy or cover" : "cash, sell or short"),
                        rule);
    // D-16: the manual's put section asks for "a blue market Ask" for cash settlement, then for "a
    // blue market Bid"; the default reads the Bid, the variant put-cash-needs-ask the Ask.
    const bool put_cash_on_ask = !call && ex.mode == ExerciseMode::Cash && s.variants.put_cash_needs_ask;
    if (call || put_cash_on_ask) RUTLAND_TRY(NeedAsk(s, card.company, call ? "O-4" : "D-16"));
    else RUTLAND_TRY(NeedBid(s, card.company, "D-16"));
    const int ticks = s.price[card.company];
    const Money market = ValueAt(card.shares, ticks);
    Money proceeds_back;
    switch (ex.mode) {
        case ExerciseMode::Buy:
            if (s.tray[card.company].common < card.shares)
                return Rejected(fmt::format("the tray has only {} {} common left", Shares(s.tray[card.company].common),
                                            Name(card.company)),
                                "O-4");
            RUTLAND_TRY(NeedCash(me, card.strike_total, [&] { return fmt::format("the strike of option #{}", card.id); }, "O-4"));
            break;
        case ExerciseMode::Cover: {
            const int64_t short_shares = s.ShortShares(x.actor, card.company);
            if (short_shares < card.shares)
                return Rejected(fmt::format("{} is short {} {}; covering with option #{} needs a short of {} (or "
                                            "'exercise #{} buy')",
                                            me.name, Shares(short_shares), Name(card.company), card.id,
                                            Shares(card.shares), card.id),
                                "O-4");
            proceeds_back = OldestNotes(s.margin[card.company], x.actor, card.shares, nullptr);
            if (me.cash + proceeds_back < card.strike_total)
                return Rejected(fmt::format("{} needs {} for the strike, has {} in cash and {} on the notes", me.name,
                                            FormatMoney(card.strike_total), FormatMoney(me.cash),
                                            FormatMoney(proceeds_back)),
                                "O-4");
            break;
        }
        case ExerciseMode::Sell:
            if (me.common[card.company] < card.shares)
                return Rejected(fmt::format("{} holds {} {} common; option #{} delivers {}", me.name,
                                            Shares(me.common[card.company]), Name(card.company), card.id,
                                            Shares(card.shares)),
                                "O-5");
            break;
        case ExerciseMode::Short: {
            const Money need = (s.ShortExposure(x.actor) + market) * 2;  // S-4, D-12
            const Money have = s.MarginAssets(x.actor);
            if (have < need)
                return Rejected(fmt::format("{} needs {} of assets for this short, has {}", me.name, FormatMoney(need),
                                            FormatMoney(have)),
                                "S-4");
            break;
        }
        case ExerciseMode::Cash: break;
    }

    // Mutation from here on: the card goes back under its pile.
    Effects fx;
    Engine e(s, fx);
    s.options.erase(std::find(s.options.begin(), s.options.end(), card));
    e.Emit(OptionEffect(card, rule, EffectWhat::OptionExercised));
    NoteUnverified(e, s, call || put_cash_on_ask, card.company);
    switch (ex.mode) {
        case ExerciseMode::Cash: {
            const Money gain = call ? std::max(Money(), market - card.strike_total) : std::max(Money(), card.strike_total - market);
            const std::array<int64_t, 6> numbers = {card.id, call ? 0 : 1, card.shares, ticks, card.strike_total.cents()};
            if (gain > Money())
                e.Pay(Account::Bank(), Account::Player(x.actor), gain, rule, Say(EffectWhat::OptionCashValue, numbers));
            else
                e.Info(rule, Say(EffectWhat::OptionWorthless, numbers));
            break;
        }
        case ExerciseMode::Buy:
            e.Pay(Account::Player(x.actor), Account::Bank(), card.strike_total, "O-4",
                  Say(EffectWhat::StrikePaidBuy, {card.shares, Index(card.company)}));
            e.MoveCertificates(x.actor, card.company, Security::Common, card.shares, true, "O-4", Say(EffectWhat::StrikeSharesTaken));
            break;
        case ExerciseMode::Cover:
            e.TakeBackNotes(x.actor, card.company, card.shares, "O-4");
            e.Pay(Account::Player(x.actor), Account::Bank(), card.strike_total, "O-4",
                  Say(EffectWhat::StrikePaidCover, {card.shares, Index(card.company), card.id}));
            if (s.ShortShares(x.actor, card.company) > 0)
                e.MarketCall(x.actor, card.company, "O-4", CoverWhy::OptionRest, card.id);
            break;
        case ExerciseMode::Sell:
            e.MoveCertificates(x.actor, card.company, Security::Common, card.shares, false, "O-5", Say(EffectWhat::PutDelivered));
            e.Pay(Account::Bank(), Account::Player(x.actor), card.strike_total, "O-5", Say(EffectWhat::PutStrikePaid));
            e.Forfeits(x.actor, card.company);
            break;
        case ExerciseMode::Short:
            e.Info("O-5", Say(EffectWhat::PutShort, {x.actor, card.shares, Index(card.company), card.strike_total.cents()}));
            e.WriteNote(x.actor, card.company, card.shares, card.strike_total, "O-5");
            break;
    }
    return Accept(std::move(fx), Canon(x));
}

ApplyResult DoTransfer(Ctx& x, const Transfer& t) {
    GameState& s = x.s;
    OptionCard* found = FindOption(s, t.option_id);
    if (!found) return NoSuchOption(s, t.option_id, "O-3");
    const OptionCard card = *found;
    const PlayerState& me = s.players[static_cast<size_t>(x.actor)];
    if (card.holder != x.actor) {
        const std::string& holder = s.players[static_cast<size_t>(card.holder)].name;
        return Rejected(fmt::format("option #{} is {}'s: only the holder sells it ('{}: transfer #{} ...')", card.id, holder,
                                    holder, card.id),
                        "O-3");
    }
    auto to = s.FindPlayer(t.to);
    if (!to) return Rejected(fmt::format("no player called {}", t.to), "O-3");
    if (*to == x.actor) return Rejected(fmt::format("{} already holds option #{}", me.name, card.id), "O-3");
    RUTLAND_TRY(CheckListed(s, card.company));
    const PlayerState& buyer = s.players[static_cast<size_t>(*to)];
    if (buyer.cash < t.price)
        return Rejected(fmt::format("{} has {}, cannot pay {} for option #{}", buyer.name, FormatMoney(buyer.cash),
                                    FormatMoney(t.price), card.id),
                        "O-3");
    Effects fx;
    Engine e(s, fx);
    e.Pay(Account::Player(*to), Account::Player(x.actor), t.price, "O-3", Say(EffectWhat::OptionSold, {card.id}));
    OptionCard* moved = FindOption(s, card.id);
    moved->holder = *to;
    e.Emit(OptionEffect(*moved, "O-3", EffectWhat::OptionHanded, x.actor));
    Command canonical = Canon(x);
    if (x.actor != s.current) canonical.actor = me.name;  // anyone may sell an option, any time (O-3)
    Transfer canon_t = t;
    canon_t.to = buyer.name;
    canonical.action = canon_t;
    return Accept(std::move(fx), std::move(canonical));
}

} // namespace rutland::bbr::detail
