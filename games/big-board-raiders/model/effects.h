// What an accepted command did, item by item. Every cash movement is a transfer between two
// accounts (the bank, a player, a company's margin account), every certificate movement goes
// between a player and the broker's tray, and each item carries the rule that caused it. This
// list is what explains any ledger entry later ("why did Bob pay $5,000?").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/vocabulary.h"
#include "model/company.h"
#include "model/money.h"

namespace rutland::bbr {

enum class AccountKind : uint8_t { Bank, Player, Margin };

struct Account {
    AccountKind kind = AccountKind::Bank;
    int index = 0;  // player index, or company index for a margin account
    static Account Bank() { return {AccountKind::Bank, 0}; }
    static Account Player(int p) { return {AccountKind::Player, p}; }
    static Account Margin(Company c) { return {AccountKind::Margin, Index(c)}; }
    bool operator==(const Account&) const = default;
};

enum class EffectKind : uint8_t {
    Cash,          // amount moved from -> to
    Certificates,  // quantity of company/security moved between player and tray
    ShortNote,     // a short note written (quantity > 0) or taken back (quantity < 0)
    Price,         // company's marker moved from_ticks -> to_ticks
    MarketEvent,   // Split, Roll Back, Bankruptcy (`what` says which)
    Pawn,          // player's pawn moved to space
    Proxy,         // player earned a subsidiary's proxy (space)
    Escrow,        // player gains (quantity 1) or gives up (quantity -1) the escrow directorship of company
    Option,        // option card option_id: taken (quantity = shares), exercised, transferred, expired
    Listing,       // company delisted (M-7) or listed again (D-9)
    Year,          // the year end and the new year (Y-1..Y-5), the Time count, volatility
    Directorship,  // quantity common directorships of company bought (> 0) or forfeited (< 0)
    Turn,          // whose turn it is changed, doubles, etc.
    Board,         // a board correction
    Obligation,    // something is still owed (listed under "pending")
    Info,          // anything else worth telling the table (unverified facts used, notes)
};

// Which sentence an effect is: one value per distinct shape of the table's words. The rules fill
// in the numbers and ids; effect_text.cpp alone turns them into words (EffectText). Nothing here
// is formatted while a command is applied, so a wording change touches no rule and no state.
// The game file stores these values by number (store/effects_data.h, basic_store.h invariant 15): add a
// new kind at the end, never in the middle.
//
// n[] holds the numbers a sentence needs beyond the effect's own fields, as each value below
// says; "a reason" is n0..n5 as ChargeReason (EncodeReason). Money in n[] is in cents, prices in ticks.
enum class EffectWhat : uint16_t {
    StoredText,  // read back from a game file (EffectFromJson): only the stored words are known, in `quote`

    // rules/detail/accounting.h: accounting
    NoteWritten,     // Cash bank -> margin with the player's note: n0 = player, n1 = company, n2 = shares
    ShortTotal,      // ShortNote written: n0 = the player's short shares in the company after it
    NoteTakenBack,   // Cash margin -> player: n1 = company, n2 = shares taken back
    ShortLeft,       // ShortNote taken back: n0 = the player's short shares left (0: closed)
    ChargePaid,      // Cash player -> bank for a reason
    ObligationMade,  // Obligation: still owes `amount` for a reason
    DebtPaid,        // Cash player -> bank of a debt: `quote` the obligation's reason, n0 = still owed (cents)
    DebtWrittenOff,  // Info S-6: nothing left to sell: `quote` the obligation's reason, n0 = player, n1 = owed (cents)

    // rules/detail/market_events.h: prices and market events
    PriceMove,        // Price: n0 = the ticks asked (signed), n1 = PriceWhy
    MarketOpen,       // Info T-2 (D-2 when provisional): n0 = space, n1 = arrows (bit k: company k up),
                      // n2 = 1 verified, n3 = volatility
    MarkerToIssue,    // Price: the marker goes back to Issue
    SplitEvent,       // MarketEvent M-4
    RollBackEvent,    // MarketEvent M-5
    BankruptcyEvent,  // MarketEvent M-6
    SplitPayout,      // Cash M-4: $1 a share on n0 shares
    RollBackReturn,   // Certificates M-5: returns `quantity` of n0 held, keeping n1
    BankruptcyReturnCommon,  // Certificates M-6: common returned unpaid
    BankruptcyReturnBonds,   // Certificates M-6: bonds returned unpaid

    // rules/detail/market_events.h: directorships, proxies, escrow
    ForfeitBankruptcy,  // Directorship: -quantity forfeited in the Bankruptcy
    ForfeitShares,      // Directorship S-3: n0 = voting shares, n1 = directorships they back
    ProxiesClosed,      // Info E-1: all four escrows taken
    ProxyEarned,        // Proxy: n0 = the player's proxies of the company after it
    AlreadyEscrow,      // Info E-2: n0 = player, n1 = company, n2 = the company of the escrow held
    EscrowSeated,       // Escrow +1: n0 = EscrowHow
    UnverifiedUsed,  // Info D-2: a provisional board fact used: n0 = 1 Ask / 0 Bid, n1 = company, n2 = space
    // rules.cpp, ledger.cpp, rules_year.cpp
    Note,           // Info "note": `quote` the note's text
    Undoes,         // Info "undo": n0 = the entry undone, `quote` its line
    Redoes,         // Info "redo": n0 = the entry redone, `quote` its line
    UndoesMany,     // Info "undo" of more than kListedUndoRedo commands (ledger.h invariant 7): n0 = how many,
                    // n1 = the first entry undone, n2 = the last; `quote` their two lines, a newline between
    RedoesMany,     // Info "redo" of more than kListedUndoRedo: as UndoesMany
    YearEndStarts,  // Year Y-1: n0 = the year, n1 = the player the payouts start from
    YearBegins,     // Year Y-5: n0 = the new year, n1 = 1 when high volatility ends
    // rules_cards.cpp. "a Time code" = TimeCode (rules_cards.cpp); option effects: n0 0 call / 1 put,
    // n1 the strike total (cents)
    Delisted,           // Listing M-7: n0 = the frozen price
    CoverAtIssueLater,  // Info D-10: n0 = player, n1 = company, n2 = shares
    TimeCardDrawn,      // Year T-4: `quantity` drawn this year, n0 = of how many, n1 = Time code, n2 = 1 from the
                        // card list, n3 = 1 when the card is named (`quote` its name)
    CardSaved,          // Info D-19: `quote` the card, n0 = Time code
    CardChanged,        // Info D-19: `quote` the card, n0 = the saved Time code, n1 = the new one
    VolatilityHigh,     // Year T-2: n0 = 1 when it already was
    TimeMove,           // Pawn T-4
    LastTimeCard,       // Year Y-1: n0 = the year
    RightsPaid,         // Cash R-1: n0 = shares, n1 = company
    RightsTaken,        // Certificates R-1
    OptionCardPaid,     // Cash O-1: n0 0 call / 1 put
    OptionKept,         // Option O-1
    OptionExercised,    // Option O-4/O-5
    OptionHanded,       // Option O-3: n2 = the seller (`player` the buyer)
    OptionCashValue,    // Cash O-4/O-5: n0 = option id, n1 0 call / 1 put, n2 = shares, n3 = price, n4 = strike (cents)
    OptionWorthless,    // Info O-4/O-5: as OptionCashValue
    StrikePaidBuy,      // Cash O-4: n0 = shares, n1 = company
    StrikeSharesTaken,  // Certificates O-4
    StrikePaidCover,    // Cash O-4: n0 = shares, n1 = company, n2 = option id
    PutDelivered,       // Certificates O-5
    PutStrikePaid,      // Cash O-5
    PutShort,           // Info O-5: n0 = player, n1 = shares, n2 = company, n3 = strike (cents)
    OptionSold,         // Cash O-3: n0 = option id
    // rules_year.cpp. "a majority" = n0 company + 1 (0: none), n1 escrow held, n2 common
    // directorships, n3 voting shares
    BondsConverted,        // Certificates C-3
    BondSharesTaken,       // Certificates C-3: n0 = bonds converted
    ConvertedTaken,        // Certificates C-1/C-2
    ConvertedExPreferred,  // Info B-5
    ConversionGain,        // Cash D-15: n0 = lots
    EscrowWaits,           // Info D-17: n0 = company
    EscrowGivenUp,         // Escrow -1 E-2: n0 = the company switched to + 1 (0: none)
    ClaimWon,              // Turn W-1: a majority
    ClaimFails,            // Turn W-1: a majority
    WinDeclared,           // Info W-1: a majority, n4 = player
    ClaimWaits,            // Info W-1: n0 = player
    PayoutDirectorships,   // Cash Y-2: n0 = company, n1 = directorships, n2 = 1 escrow included
    PayoutPreferred,       // Cash Y-2: n0 = company, n1 = lots of 5,000
    PayoutInterest,        // Cash Y-2: n0 = company, n1 = face (dollars)
    NotPaidExDividend,     // Info B-5: n0 = player, n1 = company
    OptionExpired,         // Option Y-3: n0 0 call / 1 put
    ListedAgain,           // Listing D-9
    ShortsCarryOver,       // Info D-13
    YearEndCalls,          // Info S-6: n0 = the player the calls start from
    YearEndNow,            // Info Y-1: n0 = Time cards drawn, n1 = of how many
    // rules.cpp: a board correction (D-2)
    BoardCorrected,  // Board at `space`: n0 = facts given (bit 0 kind, 1 position, 2 arrows, 3 Ask, 4 Bids),
                     // n1 = kind was | now << 8, n2 = position was | now << 16, n3 = arrows was | now << 4 |
                     // Ask was << 8 | now << 12 | Bids was << 16 | now << 20 (company bits), n4 = the space
                     // that moved to make room + 1 (0: none), n5 = its new position
    // rules.cpp: the start, the turn, the trades. "spaces" = the trade spaces, two ids (-1: none).
    StartCash,          // Cash G-1: the starting cash
    TurnDoubles,        // Turn T-5: n0 = the player who rolled doubles
    TurnEnds,           // Turn G-2: n0 = the player whose turn ends (`player` is next)
    CurrentPlayerSet,   // Info G-2: n0 = the player, n1 = 1 when a turn in progress was closed
    BondBuyPaid,        // Cash B-3: n0 = company
    BondTaken,          // Certificates B-3
    ExBonds,            // Info B-5: n0 = company
    OffPreferredSpace,  // Info D-24: n0 = player, n1 = company, n2, n3 = spaces
    BuyPaid,            // Cash B-1/B-2: n0 = company, n1 = security, n2 = shares, n3 = price
    SharesTaken,        // Certificates B-1/B-2
    ExPreferred,        // Info B-5
    BondHanded,         // Certificates S-2
    BondProceeds,       // Cash S-2: n0 = company
    ForcedSale,         // Info S-6: n0 = player
    SharesHanded,       // Certificates S-1
    SaleProceeds,       // Cash S-1: n0 = company, n1 = security, n2 = shares, n3 = price
    ShortSold,          // Info S-4: n0 = player, n1 = company, n2 = shares, n3 = price, n4 = assets, n5 = needed (cents)
    CoverPaid,          // Cash S-5: n0 = company, n1 = shares, n2 = price
    NoAskYearEnd,       // Info D-24: n0 = company, n1, n2 = spaces
    LegalFees,          // Cash B-4: n0 = count
    RingsOn,            // Directorship B-4: n0 = the player's directorships of the company after it
    ExDirectorship,     // Info B-5
    PawnRolled,           // Pawn T-1: n0, n1 = the dice, n2 = volatility, n3 = 1 doubles
    BoardOrderDisagrees,  // Info D-2: n0 = player, n1 = the dice's sum, n2 = the board order's space, n3 = the table's space
    // rules_count.cpp: the table's count. "was" and "now": the quantity before and after.
    CountOpens,          // Info X-1: n0 = the player counted (-1: the market), n1 = 1 when the ledger already agreed
    CountCash,           // Cash X-1 between the bank and the player: n0 = player, n1 = was, n2 = now (cents)
    CountHolding,        // Certificates X-1: n0 = was, n1 = now
    CountNotesReleased,  // Cash X-1 margin -> bank: n0 = player, n1 = company, n2 = shares on the notes taken off
    CountNoteWritten,    // Cash X-1 bank -> margin: n0 = player, n1 = company, n2 = shares, n3 = price (cents)
    CountShort,          // ShortNote X-1: quantity = now - was; n0 = was, n1 = now (shares), n2 = price (cents)
    CountDirectorships,  // Directorship X-1: quantity = now - was; n0 = was, n1 = now
    CountEscrow,         // Escrow X-1: +1 now held / -1 no longer held
    CountProxies,        // Proxy X-1: n0 = was, n1 = now (bit per board space)
    CountPrice,          // Price X-1
    CountVolatility,     // Year X-1: n0 = was, n1 = now (1 high)
    CountListing,        // Listing X-1: n0 = was, n1 = now (1 listed)
    CountYear,           // Year X-1: n0 = was, n1 = now
    CountCards,          // Year X-1: n0 = was, n1 = now, n2 = of how many (D-4)
    CountTurn,           // Turn X-1: n0 = was, n1 = now (`player`), n2 = 1 when a turn in progress was set aside

    kCount
};

// Why a player pays (ChargePaid, ObligationMade). The state's Obligation keeps the reason's words
// (the state JSON shows them).
enum class ChargeFor : uint8_t { FixedCover, MarketCover, RollBackOddLot };
// The why of a cover (the margin calls of M-4, D-7, M-6, D-10, O-4, W-1, D-13).
enum class CoverWhy : uint8_t {
    SplitCall, RollBackCall, BankruptcyZero, DelistMarket, OptionRest, WinDeclaration, DelistedIssue, YearEndCall
};
struct ChargeReason {
    ChargeFor what = ChargeFor::FixedCover;
    Company company = Company::Yellow;
    int64_t shares = 0;
    int ticks = 0;
    CoverWhy why = CoverWhy::SplitCall;
    int option_id = 0;  // OptionRest
};

// A price move's why (PriceMove).
enum class PriceWhy : uint8_t { Promotion, MarketOpen };

enum class EscrowHow : uint8_t { Elected, Switches, NextInTurn };

struct Effect {
    EffectKind kind = EffectKind::Info;
    EffectWhat what = EffectWhat::StoredText;
    std::string rule;  // RULES.md ID, e.g. "B-1"

    // Cash
    Account from, to;
    Money amount;
    // Certificates / ShortNote / Directorship
    int player = -1;
    Company company = Company::Yellow;
    Security security = Security::Common;
    int64_t quantity = 0;  // shares; bond face in whole dollars; directorship count
    bool to_player = false;  // Certificates: tray -> player (true) or player -> tray (false)
    // Price
    int from_ticks = 0, to_ticks = 0;
    // Pawn / Proxy
    int space = -1;
    // Option
    int option_id = 0;

    // The sentence's other numbers (see EffectWhat): fixed, so an effect costs no allocation.
    std::array<int64_t, 6> n{};
    // Text the table typed that the sentence quotes (a note, a Time card's name, an undone line, an
    // obligation's reason as the state keeps it); for StoredText the whole stored sentence. Empty for
    // most effects (no allocation).
    std::string quote;
};

using Effects = std::vector<Effect>;

// A Y-2 payout at the year end (directorships, preferred dividends, interest).
inline bool IsPayout(const Effect& e) {
    return e.what == EffectWhat::PayoutDirectorships || e.what == EffectWhat::PayoutPreferred ||
           e.what == EffectWhat::PayoutInterest;
}

// An effect of the table's count: what the table already shows, set in the ledger. By its
// rule, so an effect read back from a game file as words (StoredText) is known too.
inline bool IsCountEffect(const Effect& e) {
    return (e.what >= EffectWhat::CountOpens && e.what <= EffectWhat::CountTurn) || e.rule == "X-1";
}

// A trade or Market Open relied on a board fact nobody has verified (D-2).
inline bool UsesUnverifiedFact(const Effect& e) {
    return e.what == EffectWhat::UnverifiedUsed || (e.what == EffectWhat::MarketOpen && e.n[2] == 0);
}

inline void EncodeReason(Effect& e, const ChargeReason& r) {
    e.n = {static_cast<int64_t>(r.what), Index(r.company), r.shares, r.ticks, static_cast<int64_t>(r.why), r.option_id};
}
inline ChargeReason DecodeReason(const Effect& e) {
    ChargeReason r;
    r.what = static_cast<ChargeFor>(e.n[0]);
    r.company = kCompanies[static_cast<size_t>(e.n[1]) % kCompanyCount];
    r.shares = e.n[2];
    r.ticks = static_cast<int>(e.n[3]);
    r.why = static_cast<CoverWhy>(e.n[4]);
    r.option_id = static_cast<int>(e.n[5]);
    return r;
}

} // namespace rutland::bbr
