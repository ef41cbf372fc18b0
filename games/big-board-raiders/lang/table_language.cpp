// The table language (COMMANDS.md): one line in, one Command (or one reason) out, and back.
// ParseCommand is fed whatever a broker types and whatever a ledger file holds, so it never
// throws: every failure becomes a Rejection that quotes the word the broker got wrong.
#include "lang/command.h"
#include "lang/command_table.h"
#include "base/names.h"
#include "base/safe_text.h"
#include "base/text.h"
#include "kernel/game_word.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rutland::bbr {

namespace {

constexpr const char* kSpecRef = "COMMANDS.md";

// No amount at a Big Board Raiders table comes near this; the cap is what keeps the k suffix and
// Money's dollars-to-cents step far from int64 overflow.
constexpr int64_t kMaxAmount = 1'000'000'000'000;
// Dice, counts, ids and ring positions end up in an int.
constexpr int64_t kMaxSmall = 999'999'999;
// Long enough for any real name; short enough that a pasted paragraph is not taken for one.
constexpr size_t kMaxNameLength = 64;
// Rejection messages are one line on a dashboard: a runaway token is cut when quoted.
constexpr size_t kMaxQuoted = 40;

bool IsBlank(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\v' || ch == '\f';
}

bool IsDigit(char ch) { return ch >= '0' && ch <= '9'; }

bool IsAsciiAlnum(char ch) {
    return IsDigit(ch) || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

std::string_view Trim(std::string_view text) {
    while (!text.empty() && IsBlank(text.front())) text.remove_prefix(1);
    while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
    return text;
}


std::string Quote(std::string_view text) {
    if (text.size() <= kMaxQuoted) return "'" + std::string(text) + "'";
    size_t cut = kMaxQuoted - 3;
    // Never split a UTF-8 sequence: back up to the start of the character.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return "'" + std::string(text.substr(0, cut)) + "...'";
}

struct Token {
    std::string_view text;
    size_t end = 0;  // offset just past the token in the line it came from
};

// The words of a line, at most `max` of them. Room for 8 is made at once (a command has fewer; a
// header or a board fix may have more): growing the vector a word at a time was a third of the
// parser's time.
std::vector<Token> Tokenize(std::string_view line, size_t max = SIZE_MAX) {
    std::vector<Token> tokens;
    tokens.reserve(std::min<size_t>(max, 8));
    size_t i = 0;
    while (i < line.size() && tokens.size() < max) {
        while (i < line.size() && IsBlank(line[i])) ++i;
        const size_t start = i;
        while (i < line.size() && !IsBlank(line[i])) ++i;
        if (i > start) tokens.push_back({line.substr(start, i - start), i});
    }
    return tokens;
}

// `#` starts a comment, but `#3` is an option id.
std::string_view StripComment(std::string_view line) {
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '#' && (i + 1 >= line.size() || !IsDigit(line[i + 1]))) return line.substr(0, i);
    }
    return line;
}

// One word, none of the characters the language uses as punctuation around names.
bool IsValidName(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameLength) return false;
    for (char ch : name) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte <= 0x20 || byte == 0x7F) return false;
        if (ch == ',' || ch == ':' || ch == '=' || ch == '@' || ch == '#' || ch == '$') return false;
    }
    return true;
}

// Space and board names: the board file's spelling is lower-case letters, digits and '-'.
bool IsValidSpaceName(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameLength) return false;
    for (char ch : name) {
        if (!IsAsciiAlnum(ch) && ch != '-' && ch != '_' && ch != '.' && static_cast<unsigned char>(ch) < 0x80) {
            return false;
        }
    }
    return true;
}

const char* const kNameHint = " (a name is one word without , : = @ # $)";

enum class NumError : uint8_t { None, Malformed, Decimal, Negative, TooLarge };

struct Number {
    int64_t value = 0;
    NumError error = NumError::None;
};

// "10k", "10000", "10,000", and with allow_dollar "$7,750". Whole numbers only: a decimal is
// recognised so the message can say so instead of "not a number".
Number ParseNumber(std::string_view text, bool allow_dollar, bool allow_k, int64_t max) {
    Number result;
    bool negative = false;
    if (!text.empty() && text.front() == '-') {
        negative = true;
        text.remove_prefix(1);
    }
    if (allow_dollar && !text.empty() && text.front() == '$') text.remove_prefix(1);
    int64_t multiplier = 1;
    if (allow_k && !text.empty() && (text.back() == 'k' || text.back() == 'K')) {
        multiplier = 1000;
        text.remove_suffix(1);
    }
    int digits = 0, dots = 0;
    for (char ch : text) {
        if (IsDigit(ch)) {
            ++digits;
        } else if (ch == '.') {
            ++dots;
        } else if (ch != ',') {
            result.error = NumError::Malformed;
            return result;
        }
    }
    if (digits == 0 || dots > 1) {
        result.error = NumError::Malformed;
        return result;
    }
    if (dots == 1) {
        result.error = NumError::Decimal;
        return result;
    }
    // Thousands separators must sit where a reader expects them: "1,0000" is a typo, not 10000.
    if (text.find(',') != std::string_view::npos) {
        size_t group = 0;
        bool first = true;
        for (size_t i = 0; i <= text.size(); ++i) {
            if (i == text.size() || text[i] == ',') {
                if (first ? (group < 1 || group > 3) : group != 3) {
                    result.error = NumError::Malformed;
                    return result;
                }
                first = false;
                group = 0;
            } else {
                ++group;
            }
        }
    }
    if (negative) {
        result.error = NumError::Negative;
        return result;
    }
    int64_t value = 0;
    for (char ch : text) {
        if (ch == ',') continue;
        const int64_t digit = ch - '0';
        if (value > (max - digit) / 10) {
            result.error = NumError::TooLarge;
            return result;
        }
        value = value * 10 + digit;
    }
    if (value > max / multiplier) {
        result.error = NumError::TooLarge;
        return result;
    }
    result.value = value * multiplier;
    return result;
}

// What an amount argument is, for parsing and for the message when it is wrong.
struct AmountKind {
    const char* noun;     // "a share count"
    const char* example;  // "in lots like 10k"
    const char* whole;    // "whole shares only"
    bool dollars;         // accepts "$"
    bool allow_zero;
};

constexpr AmountKind kShares{"a share count", "in lots like 10k", "whole shares only", false, false};
constexpr AmountKind kBondFace{"a bond face amount", "in dollars like 20k", "whole dollars only", true, false};
constexpr AmountKind kPrice{"a price", "in whole dollars like 2000", "whole dollars only", true, false};
constexpr AmountKind kStrike{"a strike total", "in whole dollars like 7750", "whole dollars only", true, false};
constexpr AmountKind kCost{"a cost", "in whole dollars like 500", "whole dollars only", true, true};
constexpr AmountKind kTransferPrice{"a price", "in whole dollars like 1500", "whole dollars only", true, true};

// Walks the arguments of one command and words its complaints. Every reader returns false after
// setting `error`; the handlers stop at the first false.
class Args {
public:
    Args(std::string keyword, std::vector<Token> tokens)
        : m_keyword(std::move(keyword)), m_tokens(std::move(tokens)) {}

    std::string error;

    bool AtEnd() const { return m_next >= m_tokens.size(); }
    std::string_view Peek() const { return AtEnd() ? std::string_view() : m_tokens[m_next].text; }
    std::string_view Take() { return AtEnd() ? std::string_view() : m_tokens[m_next++].text; }

    // "'buy' needs <what>, e.g. buy B 10k" for a missing argument.
    bool Missing(std::string_view what) {
        return Fail(Kw() + " needs " + std::string(what) + ", e.g. " + Usage(m_keyword));
    }
    // "'buy' needs <what>, got 'X'" for a wrong one.
    bool Wrong(std::string_view what, std::string_view got, std::string_view suffix = {}) {
        return Fail(Kw() + " needs " + std::string(what) + ", got " + Quote(got) + std::string(suffix));
    }
    bool Fail(std::string message) {
        error = std::move(message);
        return false;
    }
    std::string Kw() const { return "'" + m_keyword + "'"; }

    bool Finish() {
        if (AtEnd()) return true;
        return Fail("unexpected " + Quote(Peek()) + " at the end of " + Kw() + " (e.g. " + Usage(m_keyword) + ")");
    }

    bool ReadCompany(Company* out) {
        constexpr std::string_view kWhat = "a company (Y, B, R or G)";
        if (AtEnd()) return Missing(kWhat);
        const std::string_view word = Take();
        const std::optional<Company> company = ParseCompany(word);
        if (!company) return Wrong(kWhat, word);
        *out = *company;
        return true;
    }

    bool ReadAmount(const AmountKind& kind, int64_t* out) {
        // The words for a refusal only: an accepted amount formats nothing.
        const auto what = [&kind] { return std::string(kind.noun) + " " + kind.example; };
        if (AtEnd()) return Missing(what());
        const std::string_view word = Take();
        const Number number = ParseNumber(word, kind.dollars, true, kMaxAmount);
        switch (number.error) {
        case NumError::None:
            break;
        case NumError::Malformed:
            return Wrong(what(), word);
        case NumError::Decimal:
            return Wrong(what(), word, std::string(" (") + kind.whole + ")");
        case NumError::Negative:
            return Wrong(std::string(kind.noun) + (kind.allow_zero ? " of 0 or more" : " above zero"), word);
        case NumError::TooLarge:
            return Fail(Kw() + " got " + Quote(word) + ", far too large for " + kind.noun);
        }
        if (number.value == 0 && !kind.allow_zero) {
            return Wrong(std::string(kind.noun) + " above zero", word);
        }
        *out = number.value;
        return true;
    }

    bool ReadMoney(const AmountKind& kind, Money* out) {
        int64_t dollars = 0;
        if (!ReadAmount(kind, &dollars)) return false;
        *out = Money::Dollars(dollars);
        return true;
    }

    // A count such as `dir B 2` or `undo 3`: optional, default 1.
    bool ReadOptionalCount(int* out) {
        if (AtEnd()) return true;
        const std::string_view word = Take();
        const Number number = ParseNumber(word, false, false, kMaxSmall);
        if (number.error == NumError::TooLarge) return Fail(Kw() + " got " + Quote(word) + ", far too large a count");
        if (number.error != NumError::None || number.value == 0) return Wrong("a whole number above zero", word);
        *out = static_cast<int>(number.value);
        return true;
    }

    // `#3` (the '#' may be left off).
    bool ReadOptionId(int* out) {
        constexpr std::string_view kWhat = "an option id like #3";
        if (AtEnd()) return Missing(kWhat);
        const std::string_view word = Take();
        std::string_view digits = word;
        if (!digits.empty() && digits.front() == '#') digits.remove_prefix(1);
        const Number number = ParseNumber(digits, false, false, kMaxSmall);
        if (number.error != NumError::None || number.value == 0 || digits.find(',') != std::string_view::npos) {
            return Wrong(kWhat, word);
        }
        *out = static_cast<int>(number.value);
        return true;
    }

    bool ReadName(std::string* out) {
        constexpr std::string_view kWhat = "a player name like Bob";
        if (AtEnd()) return Missing(kWhat);
        const std::string_view word = Take();
        if (!IsValidName(word)) return Wrong(kWhat, word, kNameHint);
        *out = std::string(word);
        return true;
    }

private:
    std::string m_keyword;
    std::vector<Token> m_tokens;
    size_t m_next = 0;
};

// `@fulwell` -> "fulwell". Space names are case-insensitive, so they are kept lower-case.
std::optional<std::string> SpaceFromToken(std::string_view word) {
    if (word.size() < 2 || word.front() != '@') return std::nullopt;
    const std::string_view name = word.substr(1);
    if (!IsValidSpaceName(name)) return std::nullopt;
    return Lower(name);
}

constexpr std::string_view kSpaceWhat = "a space like @fulwell";

// "T-04", "t-4", "T4", "4" -> "T-04".
std::optional<std::string> NormaliseCardId(std::string_view text) {
    if (!text.empty() && (text.front() == 't' || text.front() == 'T')) text.remove_prefix(1);
    if (!text.empty() && text.front() == '-') text.remove_prefix(1);
    if (text.empty() || text.size() > 2) return std::nullopt;
    int value = 0;
    for (char ch : text) {
        if (!IsDigit(ch)) return std::nullopt;
        value = value * 10 + (ch - '0');
    }
    if (value == 0) return std::nullopt;
    std::string id = "T-";
    id += static_cast<char>('0' + value / 10);
    id += static_cast<char>('0' + value % 10);
    return id;
}

// "BRG" (any order) or "-" for none.
std::optional<CompanySet> ParseCompanySet(std::string_view text) {
    CompanySet set;
    if (text == "-") return set;
    if (text.empty()) return std::nullopt;
    for (char ch : text) {
        const std::optional<Company> company = ParseCompany(std::string_view(&ch, 1));
        if (!company || set.Has(*company)) return std::nullopt;
        set.Add(*company);
    }
    return set;
}

std::optional<Trends> ParseTrends(std::string_view text) {
    if (text.size() != 4) return std::nullopt;
    Trends trends{};
    for (size_t i = 0; i < 4; ++i) {
        const char ch = text[i];
        if (ch == 'U' || ch == 'u') {
            trends[i] = Trend::Up;
        } else if (ch == 'D' || ch == 'd') {
            trends[i] = Trend::Down;
        } else {
            return std::nullopt;
        }
    }
    return trends;
}

std::optional<std::vector<std::string_view>> SplitList(std::string_view text) {
    std::vector<std::string_view> items;
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        const std::string_view item =
            text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        if (item.empty()) return std::nullopt;
        items.push_back(item);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return items;
}

// Splits `key=value`; the key is lower-cased, the value left alone.
bool SplitOption(std::string_view word, std::string* key, std::string_view* value) {
    const size_t eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0) return false;
    *key = Lower(word.substr(0, eq));
    *value = word.substr(eq + 1);
    return true;
}

std::optional<Action> ParseGame(Args& args) {
    GameHeader header;
    std::vector<std::string> seen;
    // The game word (kernel/game_word.h): a word without '=' right after `game` names the game.
    // This game's own name is taken and dropped (PrintCommand writes none, so nothing stored or
    // hashed changes: basic_store.h invariant 22); another game's is refused by name.
    // Anything else there (`game Ann,Bob`) is read as an option below, and refused as one.
    const auto is_game_word = [](std::string_view word) {
        return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        });
    };
    if (!args.AtEnd() && is_game_word(args.Peek())) {
        const std::string_view game = args.Peek();
        if (Lower(game) != kFirstGame) {
            args.Fail("this is Big Board Raiders' table language: " + Quote(game) + " would name another game after "
                      "'game' (this game's header is game players=Ann,Bob, or game " + std::string(kFirstGame) +
                      " players=Ann,Bob)");
            return std::nullopt;
        }
        args.Take();
    }
    while (!args.AtEnd()) {
        const std::string_view word = args.Take();
        std::string key;
        std::string_view value;
        if (!SplitOption(word, &key, &value)) {
            args.Wrong("options like players=Ann,Bob", word);
            return std::nullopt;
        }
        for (const std::string& earlier : seen) {
            if (earlier == key) {
                args.Fail("'game' has " + Quote(key + "=") + " twice");
                return std::nullopt;
            }
        }
        seen.push_back(key);
        if (value.empty()) {
            args.Fail("'game' option " + Quote(key + "=") + " needs a value");
            return std::nullopt;
        }
        const std::string option = "'game' option " + Quote(key + "=");
        if (key == "players") {
            const auto names = SplitList(value);
            if (!names) {
                args.Fail(option + " has an empty name in " + Quote(value));
                return std::nullopt;
            }
            for (std::string_view name : *names) {
                if (!IsValidName(name)) {
                    args.Fail(Quote(name) + " is not a player name" + kNameHint);
                    return std::nullopt;
                }
                for (const std::string& earlier : header.players) {
                    if (Lower(earlier) == Lower(name)) {
                        args.Fail(option + " names " + Quote(name) + " twice");
                        return std::nullopt;
                    }
                }
                header.players.emplace_back(name);
            }
        } else if (key == "cash") {
            const Number number = ParseNumber(value, true, true, kMaxAmount);
            if (number.error == NumError::Decimal) {
                args.Fail(option + " needs whole dollars like 100000, got " + Quote(value) + " (whole dollars only)");
                return std::nullopt;
            }
            if (number.error == NumError::TooLarge) {
                args.Fail(option + " got " + Quote(value) + ", far too large a cash amount");
                return std::nullopt;
            }
            if (number.error != NumError::None || number.value == 0) {
                args.Fail(option + " needs a cash amount above zero like 100000, got " + Quote(value));
                return std::nullopt;
            }
            header.cash = Money::Dollars(number.value);
        } else if (key == "broker" || key == "sec") {
            if (!IsValidName(value)) {
                args.Fail(Quote(value) + " is not a player name" + kNameHint);
                return std::nullopt;
            }
            (key == "broker" ? header.broker : header.sec) = std::string(value);
        } else if (key == "board") {
            if (!IsValidSpaceName(value)) {
                args.Fail(option + " needs a board name like standard, got " + Quote(value));
                return std::nullopt;
            }
            header.board = Lower(value);
        } else if (key == "year-cards") {
            const Number number = ParseNumber(value, false, false, kMaxSmall);
            if (number.error != NumError::None || number.value == 0) {
                args.Fail(option + " needs a whole number above zero, got " + Quote(value));
                return std::nullopt;
            }
            header.year_cards = static_cast<int>(number.value);
        } else if (key == "variants") {
            const auto items = SplitList(value);
            if (!items) {
                args.Fail(option + " has an empty variant in " + Quote(value));
                return std::nullopt;
            }
            for (std::string_view item : *items) header.variants.push_back(Lower(item));
        } else if (key == "start") {
            const auto items = SplitList(value);
            if (!items) {
                args.Fail(option + " has an empty space in " + Quote(value));
                return std::nullopt;
            }
            for (std::string_view item : *items) {
                // The '@' is optional inside the list: the option already says these are spaces.
                const std::string_view name = (!item.empty() && item.front() == '@') ? item.substr(1) : item;
                if (!IsValidSpaceName(name)) {
                    args.Fail(option + " needs spaces like @fulwell, got " + Quote(item));
                    return std::nullopt;
                }
                header.start.push_back(Lower(name));
            }
        } else {
            args.Fail("'game' has no option " + Quote(key + "=") +
                      " (options: players, cash, broker, sec, board, year-cards, variants, start)");
            return std::nullopt;
        }
    }
    if (header.players.empty()) {
        args.Missing("the players, like players=Ann,Bob");
        return std::nullopt;
    }
    return header;
}

std::optional<Action> ParseRoll(Args& args) {
    Roll roll;
    int* dice[3] = {&roll.d1, &roll.d2, &roll.volatility};
    for (int* die : dice) {
        if (args.AtEnd()) {
            args.Missing("three dice");
            return std::nullopt;
        }
        const std::string_view word = args.Take();
        const Number number = ParseNumber(word, false, false, kMaxSmall);
        if (number.error != NumError::None || word.find(',') != std::string_view::npos) {
            args.Fail("'roll' needs three dice as whole numbers, got " + Quote(word) + ", e.g. " + Usage("roll"));
            return std::nullopt;
        }
        *die = static_cast<int>(number.value);
    }
    if (!args.AtEnd()) {
        const std::string_view word = args.Take();
        roll.space = SpaceFromToken(word);
        if (!roll.space) {
            args.Wrong(kSpaceWhat, word);
            return std::nullopt;
        }
    }
    if (!args.Finish()) return std::nullopt;
    return roll;
}

std::optional<Action> ParseTime(Args& args) {
    TimeCard card;
    bool seen_card = false, seen_space = false, seen_delist = false, seen_vol = false;
    auto twice = [&](std::string_view what) {
        args.Fail("'time' has " + std::string(what) + " twice");
        return std::nullopt;
    };
    while (!args.AtEnd()) {
        const std::string_view word = args.Take();
        const std::string lower = Lower(word);
        std::string key;
        std::string_view value;
        if (lower == "high-vol" || lower == "high-volatility") {
            if (seen_vol) return twice("high-vol");
            seen_vol = true;
            card.high_volatility = true;
        } else if (!word.empty() && word.front() == '@') {
            if (seen_space) return twice("a space");
            seen_space = true;
            card.space = SpaceFromToken(word);
            if (!card.space) {
                args.Wrong(kSpaceWhat, word);
                return std::nullopt;
            }
        } else if (SplitOption(word, &key, &value) && key == "card") {
            if (seen_card) return twice("card=");
            seen_card = true;
            card.card = NormaliseCardId(value);
            if (!card.card) {
                args.Wrong("a card id like card=T-04", word);
                return std::nullopt;
            }
        } else if (key == "delist") {
            if (seen_delist) return twice("delist=");
            seen_delist = true;
            card.delist = ParseCompany(value);
            if (!card.delist) {
                args.Wrong("a company to delist like delist=R", word);
                return std::nullopt;
            }
        } else {
            args.Fail("'time' does not understand " + Quote(word) + " (e.g. " + Usage("time") + ")");
            return std::nullopt;
        }
    }
    return card;
}

std::optional<Action> ParseNoArguments(Args& args, Action action) {
    if (!args.Finish()) return std::nullopt;
    return action;
}

std::optional<Action> ParsePlayer(Args& args) {
    SetPlayer player;
    if (!args.ReadName(&player.name) || !args.Finish()) return std::nullopt;
    return player;
}

// The word between company and amount in buy/sell; common when absent.
std::optional<Security> SecurityWord(std::string_view lower) {
    if (lower == "common") return Security::Common;
    if (lower == "pref" || lower == "preferred") return Security::Preferred;
    if (lower == "bond" || lower == "bonds" || lower == "deb" || lower == "debs" || lower == "debenture" ||
        lower == "debentures") {
        return Security::Bond;
    }
    return std::nullopt;
}

template <class Trade>
std::optional<Action> ParseTrade(Args& args) {
    Trade trade;
    if (!args.ReadCompany(&trade.company)) return std::nullopt;
    if (const std::optional<Security> security = SecurityWord(Lower(args.Peek()))) {
        args.Take();
        trade.security = *security;
    }
    const AmountKind& kind = trade.security == Security::Bond ? kBondFace : kShares;
    if (!args.ReadAmount(kind, &trade.amount) || !args.Finish()) return std::nullopt;
    return trade;
}

template <class ShortOrCover>
std::optional<Action> ParseShortOrCover(Args& args) {
    ShortOrCover trade;
    if (!args.ReadCompany(&trade.company) || !args.ReadAmount(kShares, &trade.shares) || !args.Finish()) {
        return std::nullopt;
    }
    return trade;
}

std::optional<Action> ParseDirectorship(Args& args) {
    BuyDirectorship dir;
    if (!args.ReadCompany(&dir.company) || !args.ReadOptionalCount(&dir.count) || !args.Finish()) {
        return std::nullopt;
    }
    return dir;
}

std::optional<Action> ParseConvert(Args& args) {
    constexpr std::string_view kWhat = "what to convert into: pref, common or bond";
    Convert convert;
    if (!args.ReadCompany(&convert.company)) return std::nullopt;
    if (args.AtEnd()) {
        args.Missing(kWhat);
        return std::nullopt;
    }
    const std::string_view word = args.Take();
    const std::optional<Security> security = SecurityWord(Lower(word));
    if (!security) {
        args.Wrong(kWhat, word);
        return std::nullopt;
    }
    // The word names the target for shares (C-1, C-2) but the source for bonds (C-3).
    switch (*security) {
    case Security::Preferred: convert.from = Security::Common; break;
    case Security::Common: convert.from = Security::Preferred; break;
    case Security::Bond: convert.from = Security::Bond; break;
    }
    const AmountKind& kind = convert.from == Security::Bond ? kBondFace : kShares;
    if (!args.ReadAmount(kind, &convert.amount) || !args.Finish()) return std::nullopt;
    return convert;
}

std::optional<Action> ParseRights(Args& args) {
    Rights rights;
    if (!args.ReadCompany(&rights.company) || !args.ReadAmount(kShares, &rights.shares) ||
        !args.ReadMoney(kPrice, &rights.price) || !args.Finish()) {
        return std::nullopt;
    }
    return rights;
}

std::optional<Action> ParseOption(Args& args, OptionKind kind) {
    AcceptOption option;
    option.kind = kind;
    if (!args.ReadCompany(&option.company) || !args.ReadAmount(kShares, &option.shares) ||
        !args.ReadMoney(kStrike, &option.strike_total) || !args.ReadMoney(kCost, &option.cost) || !args.Finish()) {
        return std::nullopt;
    }
    return option;
}

constexpr std::array<std::pair<std::string_view, ExerciseMode>, 5> kExerciseModes = {{
    {"cash", ExerciseMode::Cash},
    {"buy", ExerciseMode::Buy},
    {"cover", ExerciseMode::Cover},
    {"sell", ExerciseMode::Sell},
    {"short", ExerciseMode::Short},
}};

std::optional<Action> ParseExercise(Args& args) {
    constexpr std::string_view kWhat = "how to exercise: cash, buy, cover, sell or short";
    Exercise exercise;
    if (!args.ReadOptionId(&exercise.option_id)) return std::nullopt;
    if (args.AtEnd()) {
        args.Missing(kWhat);
        return std::nullopt;
    }
    const std::string_view word = args.Take();
    const std::string lower = Lower(word);
    bool found = false;
    for (const auto& [name, mode] : kExerciseModes) {
        if (name == lower) {
            exercise.mode = mode;
            found = true;
        }
    }
    if (!found) {
        args.Wrong(kWhat, word);
        return std::nullopt;
    }
    if (!args.Finish()) return std::nullopt;
    return exercise;
}

std::optional<Action> ParseTransfer(Args& args) {
    Transfer transfer;
    if (!args.ReadOptionId(&transfer.option_id) || !args.ReadName(&transfer.to) ||
        !args.ReadMoney(kTransferPrice, &transfer.price) || !args.Finish()) {
        return std::nullopt;
    }
    return transfer;
}

std::optional<Action> ParseEscrow(Args& args) {
    constexpr std::string_view kWhat = "'switch C' or 'give-up'";
    EscrowChange change;
    if (args.AtEnd()) {
        args.Missing(kWhat);
        return std::nullopt;
    }
    const std::string_view word = args.Take();
    const std::string lower = Lower(word);
    if (lower == "switch") {
        Company company = Company::Yellow;
        if (!args.ReadCompany(&company)) return std::nullopt;
        change.switch_to = company;
    } else if (lower != "give-up" && lower != "giveup") {
        args.Wrong(kWhat, word);
        return std::nullopt;
    }
    if (!args.Finish()) return std::nullopt;
    return change;
}

template <class UndoOrRedo>
std::optional<Action> ParseUndoRedo(Args& args) {
    UndoOrRedo step;
    if (!args.ReadOptionalCount(&step.count) || !args.Finish()) return std::nullopt;
    return step;
}

std::optional<Action> ParseBoardFix(Args& args) {
    BoardFix fix;
    bool seen_space = false;
    std::vector<std::string> seen;
    while (!args.AtEnd()) {
        const std::string_view word = args.Take();
        if (!word.empty() && word.front() == '@') {
            if (seen_space) {
                args.Fail("'board' corrects one space at a time, got a second one " + Quote(word));
                return std::nullopt;
            }
            seen_space = true;
            const std::optional<std::string> space = SpaceFromToken(word);
            if (!space) {
                args.Wrong(kSpaceWhat, word);
                return std::nullopt;
            }
            fix.space = *space;
            continue;
        }
        std::string key;
        std::string_view value;
        if (!SplitOption(word, &key, &value)) {
            args.Fail("'board' does not understand " + Quote(word) + " (e.g. " + Usage("board") + ")");
            return std::nullopt;
        }
        for (const std::string& earlier : seen) {
            if (earlier == key) {
                args.Fail("'board' has " + Quote(key + "=") + " twice");
                return std::nullopt;
            }
        }
        seen.push_back(key);
        if (key == "trend") {
            fix.trend = ParseTrends(value);
            if (!fix.trend) {
                args.Wrong("a trend of four U/D arrows in Yellow, Blue, Red, Green order like trend=DUUD", word);
                return std::nullopt;
            }
        } else if (key == "ask" || key == "bid") {
            std::optional<CompanySet> set = ParseCompanySet(value);
            if (!set) {
                args.Wrong("company letters like " + key + "=BRG, or " + key + "=- for none", word);
                return std::nullopt;
            }
            (key == "ask" ? fix.ask : fix.bid) = set;
        } else if (key == "kind") {
            fix.kind = ParseSpaceKind(Lower(value));
            if (!fix.kind) {
                args.Wrong("a kind: subsidiary, preferred, rights, puts, calls, time or market", word);
                return std::nullopt;
            }
        } else if (key == "pos") {
            const Number number = ParseNumber(value, false, false, kMaxSmall);
            if (number.error != NumError::None || value.find(',') != std::string_view::npos) {
                args.Wrong("a ring position like pos=12", word);
                return std::nullopt;
            }
            fix.position = static_cast<int>(number.value);
        } else {
            args.Fail("'board' has no option " + Quote(key + "=") + " (options: trend, ask, bid, kind, pos)");
            return std::nullopt;
        }
    }
    if (!seen_space) {
        args.Missing(kSpaceWhat);
        return std::nullopt;
    }
    if (seen.empty()) {
        args.Missing("something to correct (trend=, ask=, bid=, kind= or pos=)");
        return std::nullopt;
    }
    return fix;
}

// [SECTION] The table's count (X-1)

// A per-share price as the table reads it off the Big Board: "2.35", "$0.85", "2". Whole cents
// (the rules check the ticks, X-2); nullopt when it is not such a price.
std::optional<Money> ParseSharePrice(std::string_view text) {
    if (!text.empty() && text.front() == '$') text.remove_prefix(1);
    const size_t dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    const std::string_view part = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    if (whole.empty() || whole.size() > 6 || (dot != std::string_view::npos && (part.empty() || part.size() > 2)))
        return std::nullopt;
    int64_t cents = 0;
    for (char ch : whole) {
        if (!IsDigit(ch)) return std::nullopt;
        cents = cents * 10 + (ch - '0');
    }
    cents *= 100;
    for (size_t i = 0; i < 2; ++i) {
        const char ch = i < part.size() ? part[i] : '0';
        if (!IsDigit(ch)) return std::nullopt;
        cents += (ch - '0') * (i == 0 ? 10 : 1);
    }
    return Money::Cents(cents);
}

// "2.35": dollars and two decimals, as the table language writes a per-share price.
std::string PrintSharePrice(Money price) {
    const int64_t cents = price.cents();
    const int64_t rest = cents % 100;
    return std::to_string(cents / 100) + (rest < 10 ? ".0" : ".") + std::to_string(rest);
}

// A count's numbers may be 0 (nothing held).
bool ReadCountNumber(Args& args, std::string_view word, std::string_view value, bool dollars, bool allow_k,
                     std::string_view what, int64_t* out) {
    const Number number = ParseNumber(value, dollars, allow_k, allow_k ? kMaxAmount : kMaxSmall);
    if (number.error == NumError::TooLarge) return args.Fail(args.Kw() + " got " + Quote(word) + ", far too large");
    if (number.error != NumError::None) return args.Wrong(what, word);
    *out = number.value;
    return true;
}

// A key seen twice in one count is a typo, never a correction of the first.
bool FirstTime(Args& args, std::vector<std::string>& seen, const std::string& key, std::string_view word) {
    for (const std::string& earlier : seen)
        if (earlier == key) return args.Fail(args.Kw() + " counts " + Quote(key) + " twice (" + Quote(word) + ")");
    seen.push_back(key);
    return true;
}

std::optional<Action> ParseCountMarket(Args& args) {
    CountMarket count;
    std::vector<std::string> seen;
    while (!args.AtEnd()) {
        const std::string_view word = args.Take();
        std::string key;
        std::string_view value;
        if (!SplitOption(word, &key, &value) || value.empty()) {
            args.Fail("'count market' does not understand " + Quote(word) + " (e.g. count market Y=2.35 year=2 cards=1)");
            return std::nullopt;
        }
        if (const std::optional<Company> company = ParseCompany(key)) {
            key = std::string(1, GetProspectus(*company).letter);
            if (!FirstTime(args, seen, key, word)) return std::nullopt;
            const std::optional<Money> price = ParseSharePrice(value);
            if (!price) {
                args.Wrong("a price per share like " + key + "=2.35", word);
                return std::nullopt;
            }
            count.price[static_cast<size_t>(Index(*company))] = price;
            continue;
        }
        if (!FirstTime(args, seen, key, word)) return std::nullopt;
        const std::string lower = Lower(value);
        if (key == "vol") {
            if (lower != "normal" && lower != "high") {
                args.Wrong("vol=normal or vol=high", word);
                return std::nullopt;
            }
            count.high_volatility = lower == "high";
        } else if (key == "delisted") {
            CompanySet set;
            if (lower != "none") {
                const auto items = SplitList(value);
                if (!items) {
                    args.Wrong("companies like delisted=R,G, or delisted=none", word);
                    return std::nullopt;
                }
                for (std::string_view item : *items) {
                    const std::optional<Company> c = ParseCompany(item);
                    if (!c || set.Has(*c)) {
                        args.Wrong("companies like delisted=R,G, or delisted=none", word);
                        return std::nullopt;
                    }
                    set.Add(*c);
                }
            }
            count.delisted = set;
        } else if (key == "year" || key == "cards") {
            int64_t n = 0;
            if (!ReadCountNumber(args, word, value, false, false, "a whole number like " + key + "=2", &n)) return std::nullopt;
            (key == "year" ? count.year : count.cards) = static_cast<int>(n);
        } else if (key == "turn") {
            if (!IsValidName(value)) {
                args.Wrong("a player name like turn=Bob", word, kNameHint);
                return std::nullopt;
            }
            count.turn = std::string(value);
        } else {
            args.Fail("'count market' has no key " + Quote(key + "=") +
                      " (keys: Y= B= R= G= vol= delisted= year= cards= turn=)");
            return std::nullopt;
        }
    }
    if (seen.empty()) {
        args.Missing("what the table shows, like Y=2.35 or year=2");
        return std::nullopt;
    }
    return count;
}

bool ReadProxyList(Args& args, std::string_view word, std::string_view value, std::vector<std::string>* out) {
    out->clear();
    if (Lower(value) == "none") return true;
    const auto items = SplitList(value);
    if (!items) return args.Wrong("subsidiary spaces like proxies=fulwell,derwent, or proxies=none", word);
    for (std::string_view item : *items) {
        const std::string_view name = (!item.empty() && item.front() == '@') ? item.substr(1) : item;
        if (!IsValidSpaceName(name)) return args.Wrong("subsidiary spaces like proxies=fulwell,derwent", word);
        out->push_back(Lower(name));
    }
    return true;
}

std::optional<Action> ParseCountPlayer(Args& args, std::string_view name) {
    CountPlayer count;
    count.player = std::string(name);
    CountedHoldings held;
    std::vector<std::string> seen;
    while (!args.AtEnd()) {
        const std::string_view word = args.Take();
        std::string key;
        std::string_view value;
        if (!SplitOption(word, &key, &value) || value.empty()) {
            args.Fail("'count' does not understand " + Quote(word) + " (e.g. " + Usage("count") + ")");
            return std::nullopt;
        }
        if (key == "cash") {
            if (!FirstTime(args, seen, key, word)) return std::nullopt;
            int64_t dollars = 0;
            if (!ReadCountNumber(args, word, value, true, true, "whole dollars like cash=54000", &dollars)) return std::nullopt;
            held.cash = Money::Dollars(dollars);
            continue;
        }
        if (key == "escrow") {
            if (!FirstTime(args, seen, key, word)) return std::nullopt;
            if (Lower(value) == "none") {
                held.escrow = std::optional<Company>();
                continue;
            }
            const std::optional<Company> c = ParseCompany(value);
            if (!c) {
                args.Wrong("a company like escrow=G, or escrow=none", word);
                return std::nullopt;
            }
            held.escrow = c;
            continue;
        }
        if (key == "proxies" || key == "+proxies") {
            if (!FirstTime(args, seen, "proxies", word)) return std::nullopt;
            std::vector<std::string> list;
            if (!ReadProxyList(args, word, value, &list)) return std::nullopt;
            held.add_proxies = key == "+proxies";
            if (held.add_proxies && list.empty()) {
                args.Wrong("subsidiary spaces to add like +proxies=fulwell", word);
                return std::nullopt;
            }
            held.proxies = std::move(list);
            continue;
        }
        // Y=, Y-pref=, Y-bond= (or -deb=), Y-short=, Y-dir=
        const size_t dash = key.find('-');
        const std::optional<Company> company = ParseCompany(key.substr(0, dash));
        const std::string suffix = dash == std::string::npos ? "" : key.substr(dash + 1);
        if (!company) {
            args.Fail("'count' has no key " + Quote(key + "=") +
                      " (keys: cash= Y= Y-pref= Y-bond= R-deb= G-short= B-dir= escrow= proxies= +proxies=)");
            return std::nullopt;
        }
        const size_t k = static_cast<size_t>(Index(*company));
        const std::string letter(1, GetProspectus(*company).letter);
        if (suffix.empty()) {
            if (!FirstTime(args, seen, letter, word)) return std::nullopt;
            int64_t shares = 0;
            if (!ReadCountNumber(args, word, value, false, true, "a share count like " + letter + "=20k", &shares)) return std::nullopt;
            held.common[k] = shares;
        } else if (suffix == "pref") {
            if (!FirstTime(args, seen, letter + "-pref", word)) return std::nullopt;
            int64_t shares = 0;
            if (!ReadCountNumber(args, word, value, false, true, "a share count like " + letter + "-pref=10k", &shares)) return std::nullopt;
            held.preferred[k] = shares;
        } else if (suffix == "bond" || suffix == "deb") {
            if (!FirstTime(args, seen, letter + "-bond", word)) return std::nullopt;
            int64_t face = 0;
            if (!ReadCountNumber(args, word, value, true, true, "a face amount like " + letter + "-" + suffix + "=20k", &face))
                return std::nullopt;
            held.bonds[k] = face;
        } else if (suffix == "dir") {
            if (!FirstTime(args, seen, letter + "-dir", word)) return std::nullopt;
            int64_t n = 0;
            if (!ReadCountNumber(args, word, value, false, false, "a number of directorships like " + letter + "-dir=2", &n))
                return std::nullopt;
            held.directorships[k] = static_cast<int>(n);
        } else if (suffix == "short") {
            if (!FirstTime(args, seen, letter + "-short", word)) return std::nullopt;
            const std::string what = "a short like " + letter + "-short=10k@0.85 (shares @ the price sold at), or " + letter + "-short=0";
            const size_t at = value.find('@');
            int64_t shares = 0;
            if (!ReadCountNumber(args, word, value.substr(0, at), false, true, what, &shares)) return std::nullopt;
            CountedShort counted{shares, Money()};
            if (at == std::string_view::npos) {
                if (shares != 0) {
                    args.Wrong(what, word);
                    return std::nullopt;
                }
            } else {
                const std::optional<Money> price = ParseSharePrice(value.substr(at + 1));
                if (!price || shares == 0) {
                    args.Wrong(what, word);
                    return std::nullopt;
                }
                counted.price = *price;
            }
            held.shorts[k] = counted;
        } else {
            args.Fail("'count' has no key " + Quote(key + "=") + " (after a company: -pref, -bond, -deb, -short, -dir)");
            return std::nullopt;
        }
    }
    if (seen.empty()) {
        args.Missing("what the table shows, like cash=54000 or Y=20k");
        return std::nullopt;
    }
    count.counted = std::move(held);
    return count;
}

std::optional<Action> ParseCount(Args& args) {
    if (args.AtEnd()) {
        args.Missing("market or a player's name");
        return std::nullopt;
    }
    const std::string_view who = args.Take();
    if (Lower(who) == "market") return ParseCountMarket(args);
    if (!IsValidName(who)) {
        args.Wrong("market or a player name like Ann", who, kNameHint);
        return std::nullopt;
    }
    return ParseCountPlayer(args, who);
}

std::optional<Action> Dispatch(std::string_view keyword, Args& args) {  // a view: each == below is inlined
    if (keyword == "game") return ParseGame(args);
    if (keyword == "roll") return ParseRoll(args);
    if (keyword == "time") return ParseTime(args);
    if (keyword == "end") return ParseNoArguments(args, EndTurn{});
    if (keyword == "year-end") return ParseNoArguments(args, YearEnd{});
    if (keyword == "player") return ParsePlayer(args);
    if (keyword == "buy") return ParseTrade<Buy>(args);
    if (keyword == "sell") return ParseTrade<Sell>(args);
    if (keyword == "short") return ParseShortOrCover<ShortSale>(args);
    if (keyword == "cover") return ParseShortOrCover<Cover>(args);
    if (keyword == "dir") return ParseDirectorship(args);
    if (keyword == "convert") return ParseConvert(args);
    if (keyword == "rights") return ParseRights(args);
    if (keyword == "call") return ParseOption(args, OptionKind::Call);
    if (keyword == "put") return ParseOption(args, OptionKind::Put);
    if (keyword == "exercise") return ParseExercise(args);
    if (keyword == "transfer") return ParseTransfer(args);
    if (keyword == "escrow") return ParseEscrow(args);
    if (keyword == "declare") return ParseNoArguments(args, Declare{});
    if (keyword == "undo") return ParseUndoRedo<Undo>(args);
    if (keyword == "redo") return ParseUndoRedo<Redo>(args);
    if (keyword == "board") return ParseBoardFix(args);
    if (keyword == "count") return ParseCount(args);
    return std::nullopt;
}

ParseResult Reject(std::string message) {
    ParseResult result;
    result.error = Rejection{std::move(message), kSpecRef};
    return result;
}

// Whole dollars as the language writes them; cents only appear for a Money no parse produced.
std::string PlainDollars(Money money) {
    const int64_t cents = money.cents();
    if (cents % 100 == 0) return std::to_string(cents / 100);
    const int64_t abs_cents = cents < 0 ? -cents : cents;
    const int64_t rest = abs_cents % 100;
    return (cents < 0 ? "-" : "") + std::to_string(abs_cents / 100) + (rest < 10 ? ".0" : ".") + std::to_string(rest);
}

char CompanyLetter(Company company) { return GetProspectus(company).letter; }

std::string PrintSet(CompanySet set) {
    std::string out;
    for (Company company : kCompanies) {
        if (set.Has(company)) out += CompanyLetter(company);
    }
    return out.empty() ? "-" : out;
}

std::string Join(const std::vector<std::string>& items, std::string_view prefix) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += ',';
        out += prefix;
        out += items[i];
    }
    return out;
}

std::string SecuritySuffix(Security security) {
    switch (security) {
    case Security::Common: return "";
    case Security::Preferred: return " pref";
    case Security::Bond: return " bond";
    }
    return "";
}

std::string CountSuffix(int count) { return count == 1 ? "" : " " + std::to_string(count); }

struct Printer {
    std::string operator()(const GameHeader& h) const {
        std::string out = "game players=" + Join(h.players, "") + " cash=" + PlainDollars(h.cash);
        if (h.broker) out += " broker=" + *h.broker;
        if (h.sec) out += " sec=" + *h.sec;
        out += " board=" + h.board;
        if (h.year_cards) out += " year-cards=" + std::to_string(*h.year_cards);
        if (!h.variants.empty()) out += " variants=" + Join(h.variants, "");
        if (!h.start.empty()) out += " start=" + Join(h.start, "@");
        return out;
    }
    std::string operator()(const Roll& r) const {
        std::string out = "roll " + std::to_string(r.d1) + " " + std::to_string(r.d2) + " " +
                          std::to_string(r.volatility);
        if (r.space) out += " @" + *r.space;
        return out;
    }
    std::string operator()(const TimeCard& t) const {
        std::string out = "time";
        if (t.card) out += " card=" + *t.card;
        if (t.high_volatility) out += " high-vol";
        if (t.space) out += " @" + *t.space;
        if (t.delist) out += std::string(" delist=") + CompanyLetter(*t.delist);
        return out;
    }
    std::string operator()(const EndTurn&) const { return "end"; }
    std::string operator()(const YearEnd&) const { return "year-end"; }
    std::string operator()(const SetPlayer& p) const { return "player " + p.name; }
    std::string operator()(const Buy& b) const {
        return std::string("buy ") + CompanyLetter(b.company) + SecuritySuffix(b.security) + " " + PrintCount(b.amount);
    }
    std::string operator()(const Sell& s) const {
        return std::string("sell ") + CompanyLetter(s.company) + SecuritySuffix(s.security) + " " + PrintCount(s.amount);
    }
    std::string operator()(const ShortSale& s) const {
        return std::string("short ") + CompanyLetter(s.company) + " " + PrintCount(s.shares);
    }
    std::string operator()(const Cover& c) const {
        return std::string("cover ") + CompanyLetter(c.company) + " " + PrintCount(c.shares);
    }
    std::string operator()(const BuyDirectorship& d) const {
        return std::string("dir ") + CompanyLetter(d.company) + CountSuffix(d.count);
    }
    std::string operator()(const Convert& c) const {
        // The inverse of ParseConvert: shares are named by their target, bonds by their source.
        const char* word = c.from == Security::Common ? "pref" : c.from == Security::Preferred ? "common" : "bond";
        return std::string("convert ") + CompanyLetter(c.company) + " " + word + " " + PrintCount(c.amount);
    }
    std::string operator()(const Rights& r) const {
        return std::string("rights ") + CompanyLetter(r.company) + " " + PrintCount(r.shares) + " " +
               PlainDollars(r.price);
    }
    std::string operator()(const AcceptOption& o) const {
        return std::string(o.kind == OptionKind::Call ? "call " : "put ") + CompanyLetter(o.company) + " " +
               PrintCount(o.shares) + " " + PlainDollars(o.strike_total) + " " + PlainDollars(o.cost);
    }
    std::string operator()(const Exercise& e) const {
        std::string_view mode = "cash";
        for (const auto& [name, value] : kExerciseModes) {
            if (value == e.mode) mode = name;
        }
        return "exercise #" + std::to_string(e.option_id) + " " + std::string(mode);
    }
    std::string operator()(const Transfer& t) const {
        return "transfer #" + std::to_string(t.option_id) + " " + t.to + " " + PlainDollars(t.price);
    }
    std::string operator()(const EscrowChange& e) const {
        if (e.switch_to) return std::string("escrow switch ") + CompanyLetter(*e.switch_to);
        return "escrow give-up";
    }
    std::string operator()(const Declare&) const { return "declare"; }
    std::string operator()(const Undo& u) const { return "undo" + CountSuffix(u.count); }
    std::string operator()(const Redo& r) const { return "redo" + CountSuffix(r.count); }
    std::string operator()(const Note& n) const { return "note " + n.text; }
    std::string operator()(const BoardFix& b) const {
        std::string out = "board @" + b.space;
        if (b.trend) {
            out += " trend=";
            for (Trend t : *b.trend) out += t == Trend::Up ? 'U' : 'D';
        }
        if (b.ask) out += " ask=" + PrintSet(*b.ask);
        if (b.bid) out += " bid=" + PrintSet(*b.bid);
        if (b.kind) out += " kind=" + std::string(SpaceKindName(*b.kind));
        if (b.position) out += " pos=" + std::to_string(*b.position);
        return out;
    }
    std::string operator()(const CountMarket& c) const {
        std::string out = "count market";
        for (Company company : kCompanies)
            if (const auto& price = c.price[static_cast<size_t>(Index(company))])
                out += std::string(" ") + CompanyLetter(company) + "=" + PrintSharePrice(*price);
        if (c.high_volatility) out += *c.high_volatility ? " vol=high" : " vol=normal";
        if (c.delisted) {
            std::string list;
            for (Company company : kCompanies)
                if (c.delisted->Has(company)) list += (list.empty() ? "" : ",") + std::string(1, CompanyLetter(company));
            out += " delisted=" + (list.empty() ? std::string("none") : list);
        }
        if (c.year) out += " year=" + std::to_string(*c.year);
        if (c.cards) out += " cards=" + std::to_string(*c.cards);
        if (c.turn) out += " turn=" + *c.turn;
        return out;
    }
    std::string operator()(const CountPlayer& count) const {
        const CountedHoldings& c = *count.counted;
        std::string out = "count " + count.player;
        if (c.cash) out += " cash=" + PlainDollars(*c.cash);
        for (Company company : kCompanies) {
            const size_t k = static_cast<size_t>(Index(company));
            const std::string letter(1, CompanyLetter(company));
            if (c.common[k]) out += " " + letter + "=" + PrintCount(*c.common[k]);
            if (c.preferred[k]) out += " " + letter + "-pref=" + PrintCount(*c.preferred[k]);
            if (c.bonds[k]) out += " " + letter + (GetProspectus(company).bonds_convertible ? "-bond=" : "-deb=") + PrintCount(*c.bonds[k]);
            if (c.shorts[k]) {
                out += " " + letter + "-short=" + PrintCount(c.shorts[k]->shares);
                if (c.shorts[k]->shares != 0) out += "@" + PrintSharePrice(c.shorts[k]->price);
            }
            if (c.directorships[k]) out += " " + letter + "-dir=" + std::to_string(*c.directorships[k]);
        }
        if (c.escrow) out += std::string(" escrow=") + (*c.escrow ? std::string(1, CompanyLetter(**c.escrow)) : "none");
        if (c.proxies) out += std::string(c.add_proxies ? " +proxies=" : " proxies=") + (c.proxies->empty() ? "none" : Join(*c.proxies, ""));
        return out;
    }
};

} // namespace

namespace {

// Characters (code points) of valid UTF-8.
size_t CountChars(std::string_view text) {
    size_t n = 0;
    for (char ch : text)
        if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++n;
    return n;
}

// A name as typed now (names.h rule 2), then in NFC; false and *error when it may not be a name.
bool CheckNewName(std::string& name, std::string* error) {
    if (const std::optional<std::string> problem = TypedNameProblem(name)) {
        *error = Quote(ShowName(name)) + " cannot be a player name: it holds " + *problem;
        return false;
    }
    // NFC can lengthen a name (U+0958 has no composed form: it becomes two characters).
    std::string nfc = NormalizeName(name);
    if (nfc.size() > kMaxNameLength) {
        *error = Quote(name) + " is too long for a player name (64 bytes at most)";
        return false;
    }
    name = std::move(nfc);
    return true;
}

// The limits on what is typed now (ParseMode::NewInput); normalizes the command's names.
std::optional<Rejection> CheckNewInput(Command& command) {
    std::string error;
    if (command.actor && !CheckNewName(*command.actor, &error)) return Rejection{error, kSpecRef};
    if (auto* header = std::get_if<GameHeader>(&command.action)) {
        for (std::string& name : header->players)
            if (!CheckNewName(name, &error)) return Rejection{error, kSpecRef};
        for (std::optional<std::string>* role : {&header->broker, &header->sec})
            if (*role && !CheckNewName(**role, &error)) return Rejection{error, kSpecRef};
        // names.h rule 1: "Éva" and "éva" (or "E" + U+0301 "va") would be one player.
        const std::optional<NameClash> clash = FirstNameClash(header->players);
        if (clash && clash->same)
            return Rejection{"two players are called " + Quote(header->players[clash->earlier]) + " and " +
                                 Quote(header->players[clash->later]) +
                                 ": names that differ only by case or by how an accent is typed (\"Éva\", "
                                 "\"éva\", \"E\" + U+0301 + \"va\") are one player, give another name",
                             "G-1"};
        // names.h rule 4: "Cy" and Cyrillic "Сy" would be two players no one can tell apart; nor may
        // the broker or the SEC look like a player without being one.
        if (clash)
            return Rejection{NameClashWords(header->players[clash->earlier], header->players[clash->later], false), "G-1"};
        for (const std::optional<std::string>* role : {&header->broker, &header->sec})
            if (*role)
                for (const std::string& player : header->players)
                    if (!SameName(**role, player) && NamesClash(**role, player))
                        return Rejection{NameClashWords(player, **role, false), "G-1"};
    } else if (auto* player = std::get_if<SetPlayer>(&command.action)) {
        if (!CheckNewName(player->name, &error)) return Rejection{error, kSpecRef};
    } else if (auto* transfer = std::get_if<Transfer>(&command.action)) {
        if (!CheckNewName(transfer->to, &error)) return Rejection{error, kSpecRef};
    } else if (auto* count = std::get_if<CountPlayer>(&command.action)) {
        if (!CheckNewName(count->player, &error)) return Rejection{error, kSpecRef};
    } else if (auto* market = std::get_if<CountMarket>(&command.action)) {
        if (market->turn && !CheckNewName(*market->turn, &error)) return Rejection{error, kSpecRef};
    } else if (const auto* note = std::get_if<Note>(&command.action)) {
        const size_t chars = CountChars(note->text);
        if (chars > kMaxNoteChars)
            return Rejection{"a note holds at most " + FormatCount(static_cast<int64_t>(kMaxNoteChars)) +
                                 " characters, this one has " + FormatCount(static_cast<int64_t>(chars)) +
                                 ": write it as several notes",
                             kSpecRef};
        // Like a name (names.h rule 2), a note typed now holds no control, line separator or bidi
        // character (the line itself refuses C0 controls): it would read differently from what it
        // holds on every screen, and an exported script could not carry it back byte for byte.
        std::string untabbed = note->text;
        untabbed.erase(std::remove(untabbed.begin(), untabbed.end(), '\t'), untabbed.end());
        if (PrintableText(untabbed) != untabbed)
            return Rejection{"a note may not hold a control or bidi character, which changes how it reads: " +
                                 Quote(PrintableText(note->text)),
                             kSpecRef};
    }
    return std::nullopt;
}

// The line as the table language reads it, before the limits on what is typed now.
ParseResult ParseLine(std::string_view raw_line) {
    const std::string_view line = Trim(raw_line);
    for (char ch : line) {
        const auto byte = static_cast<unsigned char>(ch);
        if (ch == '\n' || ch == '\r') return Reject("one command per line: this line has a line break in it");
        if ((byte < 0x20 && ch != '\t') || byte == 0x7F)
            return Reject(fmt::format("the line has a control character in it (U+{:04X})", static_cast<unsigned>(byte)));
    }
    // Lines end up in JSON (the ledger, --json) and nlohmann::json refuses to dump invalid UTF-8, so
    // such a line is turned away here rather than breaking a save later (safe_text.h).
    if (!IsValidUtf8(line)) return Reject("the line is not valid UTF-8 text");

    // The head (actor and keyword) is read before comments are stripped because a note keeps
    // its text verbatim, '#' included: a note is free text and must replay exactly.
    const std::vector<Token> head = Tokenize(line, 2);  // the actor and the keyword
    size_t keyword_index = 0;
    std::optional<std::string> actor;
    if (!head.empty() && head[0].text.size() > 1 && head[0].text.back() == ':' && head[0].text.front() != '#') {
        actor = std::string(head[0].text.substr(0, head[0].text.size() - 1));
        keyword_index = 1;
    }
    if (keyword_index < head.size() && Lower(head[keyword_index].text) == "note") {
        if (actor && !IsValidName(*actor)) return Reject(Quote(*actor + ":") + " is not a player name" + kNameHint);
        Note note;
        note.text = std::string(Trim(line.substr(head[keyword_index].end)));
        if (note.text.empty()) return Reject("'note' needs some text, e.g. " + Usage("note"));
        return ParseResult{Command{actor, note}, std::nullopt};
    }

    const std::string_view code = Trim(StripComment(line));
    if (code.empty()) return ParseResult{};
    std::vector<Token> tokens = Tokenize(code);
    actor.reset();
    size_t first = 0;
    if (tokens[0].text.back() == ':') {
        const std::string_view name = tokens[0].text.substr(0, tokens[0].text.size() - 1);
        if (!IsValidName(name)) return Reject(Quote(tokens[0].text) + " is not a player name" + kNameHint);
        actor = std::string(name);
        first = 1;
        if (tokens.size() == 1) return Reject(Quote(tokens[0].text) + " needs a command after it, e.g. Bob: sell R 10k");
    }
    const std::string keyword = Lower(tokens[first].text);
    if (keyword == "note") return Reject("'note' needs some text, e.g. " + Usage("note"));
    if (!IsKnownKeyword(keyword)) return Reject("unknown command " + Quote(tokens[first].text));

    tokens.erase(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(first) + 1);  // the arguments, in place
    Args args(keyword, std::move(tokens));
    std::optional<Action> action = Dispatch(keyword, args);
    if (!action) return Reject(args.error.empty() ? "could not read " + Quote(code) : args.error);
    return ParseResult{Command{std::move(actor), std::move(*action)}, std::nullopt};
}

} // namespace

ParseResult ParseCommand(std::string_view raw_line, ParseMode mode) {
    if (mode == ParseMode::NewInput && raw_line.size() > kMaxLineBytes)
        return Reject("the line is " + FormatCount(static_cast<int64_t>(raw_line.size())) +
                      " bytes long, over the line length limit of " + FormatCount(static_cast<int64_t>(kMaxLineBytes)) +
                      " bytes (kMaxLineBytes): nothing of it was read; write it as several lines");
    ParseResult result = ParseLine(raw_line);
    if (mode == ParseMode::NewInput && result.command) {
        if (std::optional<Rejection> why = CheckNewInput(*result.command)) {
            result.command.reset();
            result.error = std::move(why);
        }
    }
    // A new header's `start=` with one space starts every player there (COMMANDS.md, the game
    // header; as the new-game form's Start spaces): the line is kept with the space once a player,
    // so the rules and every file, older ones included (one space for the first player alone), read
    // a stored header exactly as it was written.
    if (mode == ParseMode::NewInput && result.command) {
        if (auto* header = std::get_if<GameHeader>(&result.command->action);
            header && header->start.size() == 1 && header->players.size() > 1)
            header->start.assign(header->players.size(), header->start.front());
    }
    return result;
}

std::string PrintCommand(const Command& command) {
    if (!command.actor) return std::visit(Printer{}, command.action);  // no second copy of the line
    return *command.actor + ": " + std::visit(Printer{}, command.action);
}

std::string PrintCount(int64_t n) {
    if (n != 0 && n % 1000 == 0) return std::to_string(n / 1000) + "k";
    return std::to_string(n);
}

} // namespace rutland::bbr
