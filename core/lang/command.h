// The table language (COMMANDS.md) as plain data: one struct per table event, in a variant.
// ParseCommand and PrintCommand are inverse: PrintCommand gives one canonical line that parses
// back to an equal Command.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "base/shared_value.h"
#include "model/board.h"
#include "model/company.h"
#include "model/money.h"
#include "model/vocabulary.h"

namespace rutland {

// roll D1 D2 V [@space]
struct Roll {
    int d1 = 0, d2 = 0, volatility = 0;
    std::optional<std::string> space;  // without '@', as typed (may be a prefix)
    bool operator==(const Roll&) const = default;
};

// time [card=T-04] [high-vol] [@space] [delist=R]
struct TimeCard {
    std::optional<std::string> card;  // "T-04" (upper-cased)
    bool high_volatility = false;
    std::optional<std::string> space;
    std::optional<Company> delist;
    bool operator==(const TimeCard&) const = default;
};

struct EndTurn { bool operator==(const EndTurn&) const = default; };
struct YearEnd { bool operator==(const YearEnd&) const = default; };
struct SetPlayer { std::string name; bool operator==(const SetPlayer&) const = default; };

// buy B 10k | buy Y pref 10k | buy B bond 20k
struct Buy {
    Company company = Company::Yellow;
    Security security = Security::Common;
    int64_t amount = 0;  // shares, or for bonds the face value in whole dollars
    bool operator==(const Buy&) const = default;
};
// sell B 10k | sell Y pref 10k | sell R bond 40k
struct Sell {
    Company company = Company::Yellow;
    Security security = Security::Common;
    int64_t amount = 0;
    bool operator==(const Sell&) const = default;
};
struct ShortSale { Company company = Company::Yellow; int64_t shares = 0; bool operator==(const ShortSale&) const = default; };
struct Cover { Company company = Company::Yellow; int64_t shares = 0; bool operator==(const Cover&) const = default; };
// dir B [n]
struct BuyDirectorship { Company company = Company::Yellow; int count = 1; bool operator==(const BuyDirectorship&) const = default; };

// convert Y pref 10k (C-1) | convert Y common 10k (C-2) | convert B bond 20k (C-3)
struct Convert {
    Company company = Company::Yellow;
    Security from = Security::Common;  // pref -> from Common; common -> from Preferred; bond -> from Bond
    int64_t amount = 0;                // shares, or bond face in whole dollars
    bool operator==(const Convert&) const = default;
};

// rights R 5k 2000
struct Rights { Company company = Company::Yellow; int64_t shares = 0; Money price; bool operator==(const Rights&) const = default; };

// call B 5k 7750 500 | put B 5k 11750 500
struct AcceptOption {
    OptionKind kind = OptionKind::Call;
    Company company = Company::Yellow;
    int64_t shares = 0;
    Money strike_total;
    Money cost;
    bool operator==(const AcceptOption&) const = default;
};
enum class ExerciseMode : uint8_t { Cash, Buy, Cover, Sell, Short };
// exercise #3 cash|buy|cover|sell|short
struct Exercise { int option_id = 0; ExerciseMode mode = ExerciseMode::Cash; bool operator==(const Exercise&) const = default; };
// transfer #3 Cy 1500
struct Transfer { int option_id = 0; std::string to; Money price; bool operator==(const Transfer&) const = default; };

// escrow switch G | escrow give-up
struct EscrowChange { std::optional<Company> switch_to; /* nullopt = give up */ bool operator==(const EscrowChange&) const = default; };
struct Declare { bool operator==(const Declare&) const = default; };

struct Undo { int count = 1; bool operator==(const Undo&) const = default; };
struct Redo { int count = 1; bool operator==(const Redo&) const = default; };
// note <text> (the text as typed, trimmed)
struct Note { std::string text; bool operator==(const Note&) const = default; };
// board @space [trend=DUUD] [ask=BRG] [bid=YG] [kind=time] [pos=12]
struct BoardFix {
    std::string space;  // without '@', as typed
    std::optional<Trends> trend;
    std::optional<CompanySet> ask;
    std::optional<CompanySet> bid;
    std::optional<SpaceKind> kind;
    std::optional<int> position;
    bool operator==(const BoardFix&) const = default;
};

// The table's count (RULES.md section 15, X-1..X-3): what the table shows, set in the ledger. Only
// the keys given change (nullopt: not counted). The rules check X-2, so a value here may still be
// illegal (a price off the ticks, shares off the lots): the parser reads what was typed.
// count market [Y=2.35] [B=1.80] [R=0.75] [G=1.20] [vol=normal|high] [delisted=R,G|none] [year=2]
//              [cards=1] [turn=Bob]
struct CountMarket {
    std::array<std::optional<Money>, kCompanyCount> price;  // per share, whole cents as typed
    std::optional<bool> high_volatility;
    std::optional<CompanySet> delisted;  // the companies delisted; empty set = none
    std::optional<int> year;
    std::optional<int> cards;  // Time cards drawn this year
    std::optional<std::string> turn;
    bool operator==(const CountMarket&) const = default;
};
// G-short=10k@0.85: the short position and the price it was sold at (0 shares: no short).
struct CountedShort {
    int64_t shares = 0;
    Money price;  // per share
    bool operator==(const CountedShort&) const = default;
};
// What one player's count says (only the keys given: nullopt = not counted).
struct CountedHoldings {
    std::optional<Money> cash;
    std::array<std::optional<int64_t>, kCompanyCount> common, preferred, bonds;  // shares; bond face in dollars
    std::array<std::optional<CountedShort>, kCompanyCount> shorts;
    std::array<std::optional<int>, kCompanyCount> directorships;  // common directorships
    std::optional<std::optional<Company>> escrow;  // escrow=none: a counted nullopt
    std::optional<std::vector<std::string>> proxies;  // space names without '@', as typed
    bool add_proxies = false;  // +proxies=: added to the sheet instead of replacing it
    bool operator==(const CountedHoldings&) const = default;
};
// count Ann [cash=54000] [Y=20k] [Y-pref=10k] [B-bond=20k] [R-deb=10k] [G-short=10k@0.85] [B-dir=2]
//           [escrow=G|none] [proxies=fulwell,derwent|none] [+proxies=...]
// The counted holdings are kept apart (shared, copied on change): they are 380 bytes, and every
// entry of the ledger keeps an Action, whose size is its largest alternative's. Inline, they made
// each entry ~220 bytes bigger and a replay's copies slower, for a command a game has a few of.
struct CountPlayer {
    std::string player;
    SharedValue<CountedHoldings> counted;
    bool operator==(const CountPlayer&) const = default;
};

using Action = std::variant<GameHeader, Roll, TimeCard, EndTurn, YearEnd, SetPlayer, Buy, Sell, ShortSale,
                            Cover, BuyDirectorship, Convert, Rights, AcceptOption, Exercise, Transfer,
                            EscrowChange, Declare, Undo, Redo, Note, BoardFix, CountMarket, CountPlayer>;

// A table's count: a correction, shown as one.
inline bool IsCount(const Action& action) {
    return std::holds_alternative<CountMarket>(action) || std::holds_alternative<CountPlayer>(action);
}

struct Command {
    std::optional<std::string> actor;  // "Bob: ..." acts for Bob; nullopt = the current player
    Action action;
    bool operator==(const Command&) const = default;
};

struct ParseResult {
    std::optional<Command> command;   // nullopt with no error: blank or comment-only line
    std::optional<Rejection> error;
};

// How a line is read. NewInput: what is typed or played now; a note holds at most kMaxNoteChars
// characters, names follow names.h (rules 1-2) and are stored in NFC. Stored: a line a game file
// already holds, read as it was written (store.cpp), so a game from before these limits still opens.
enum class ParseMode : uint8_t { NewInput, Stored };
// A note is who said what: a few sentences. 32,000 characters once aborted the dashboard (issue 14).
inline constexpr size_t kMaxNoteChars = 1000;

// The longest line the table language reads as new input, in bytes, whatever its command (a `count`
// too): far above any real line (a 1,000-character note of four-byte characters is about 4,000
// bytes; a `count` naming every holding and proxy of a player a few hundred; a note typed 32 times
// too long still gets the note's own message), and low enough that no line makes an entry, a --json
// or the shared page's view megabytes long. Checked before anything of the line is read. Stored
// lines are read as they were written (ParseMode::Stored): the hash chain covers them.
inline constexpr size_t kMaxLineBytes = 65536;

ParseResult ParseCommand(std::string_view line, ParseMode mode = ParseMode::NewInput);
std::string PrintCommand(const Command& command);

// "10k" for multiples of 1,000, else the plain number.
std::string PrintCount(int64_t n);

} // namespace rutland
