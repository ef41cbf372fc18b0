// The table language of RULES.md section 15: Parse and Print.
#include "lang/table_language.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

#include "base/names.h"
#include "base/safe_text.h"
#include "base/text.h"

namespace rutland::flutter {

namespace {

constexpr std::string_view kPound = "\xC2\xA3";  // £

// ASCII letters only, whatever the program's locale (std::tolower follows it): the language's
// words are ASCII, a name's other bytes stay as typed, and the core reads no environment.
std::string LowerLineWord(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}
std::string Upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

Rejection L1(const std::string& why) { return Rejection{why, "L-1"}; }

// Whitespace-separated tokens; a double-quoted run (name="Captivating Cosmetics Ltd.") stays in one.
std::optional<std::vector<std::string>> LineTokens(std::string_view line) {
    // A token is a run of the line as typed (its quotation marks kept), so each is cut out whole.
    std::vector<std::string> out;
    out.reserve(6);
    bool quoted = false;
    size_t start = std::string_view::npos;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') quoted = !quoted;
        if (!quoted && c != '"' && std::isspace(static_cast<unsigned char>(c))) {
            if (start != std::string_view::npos) out.emplace_back(line.substr(start, i - start)), start = std::string_view::npos;
        } else if (start == std::string_view::npos) {
            start = i;
        }
    }
    if (quoted) return std::nullopt;
    if (start != std::string_view::npos) out.emplace_back(line.substr(start));
    return out;
}

// A whole number (no sign), or nullopt.
std::optional<int64_t> Number(std::string_view s) {
    if (s.empty() || s.size() > 15) return std::nullopt;
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || v < 0) return std::nullopt;
    return v;
}

// Whole pounds: 250 or £250.
// The most any amount typed may be: far beyond any table, and small enough that no sum of them
// the rules make can overflow.
constexpr int64_t kMostPounds = 1000000000;
constexpr int64_t kMostHoles = 1000;

// Whole pounds, at most kMostPounds: 250 or £250 (a count's cash may be typed negative, for X-2 to
// refuse with its reason).
std::optional<Pounds> Money(std::string_view s, bool signed_ok = false) {
    const bool negative = signed_ok && !s.empty() && s[0] == '-';
    if (negative) s.remove_prefix(1);
    if (s.substr(0, kPound.size()) == kPound) s.remove_prefix(kPound.size());
    if (auto v = Number(s); v && *v <= kMostPounds) return Pounds(negative ? -*v : *v);
    return std::nullopt;
}
const std::string kMoneyWords = "whole pounds, at most \xC2\xA3" "1,000,000,000";

std::vector<std::string> SplitCommas(std::string_view s) {
    std::vector<std::string> out{""};
    for (char c : s) c == ',' ? void(out.emplace_back()) : void(out.back() += c);
    return out;
}

bool IsCompanyWord(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isalpha(static_cast<unsigned char>(c))) return false;
    return true;
}

std::optional<int> LevelWord(std::string_view s) {  // L14
    if (s.size() < 2 || (s[0] != 'L' && s[0] != 'l')) return std::nullopt;
    if (auto v = Number(s.substr(1)); v && *v <= 1000) return static_cast<int>(*v);
    return std::nullopt;
}

// A place without its @ (T-8): news, slump, 5, 5%, 10, 10%, top, 20%, M, L14, parent (peg only), or
// an unambiguous prefix of a word.
std::optional<Place> PlaceWord(std::string_view s, bool allow_parent) {
    using K = Place::Kind;
    if (auto level = LevelWord(s)) return Place{K::Level, *level};
    const std::string w = LowerLineWord(s);
    if (w == "m") return Place{K::M, 0};
    if (w == "5" || w == "5%") return Place{K::Five, 0};
    if (w == "10" || w == "10%") return Place{K::Ten, 0};
    if (w == "20%") return Place{K::Top, 0};
    struct Word { std::string_view word; K kind; };
    const Word words[] = {{"news", K::News}, {"slump", K::Slump}, {"top", K::Top}, {"parent", K::Parent}};
    std::optional<Place> found;
    for (const Word& word : words) {
        if (word.kind == K::Parent && !allow_parent) continue;
        if (!w.empty() && word.word.substr(0, w.size()) == w) {
            if (found) return std::nullopt;  // ambiguous
            found = Place{word.kind, 0};
        }
    }
    return found;
}

std::optional<Place> AtPlace(std::string_view token) {
    if (token.empty() || token[0] != '@') return std::nullopt;
    return PlaceWord(token.substr(1), false);
}

// Whether the line is typed now (ParseCommand) or read from a game file (ParseStoredCommand): the
// limits newer than a file apply to the first only (base/names.h rule 3).
enum class Reading : uint8_t { Typed, Stored };

std::optional<Rejection> CheckName(std::string_view name, Reading reading) {
    if (name.empty()) return L1("a player's name is empty");
    if (auto problem = reading == Reading::Typed ? TypedNameProblem(name) : NameProblem(name))
        return L1("a name may not hold " + *problem + ": '" + ShowName(name) + "'");
    for (char c : name)
        if (c == ',' || c == ':' || c == '=' || c == '"' || c == '@' || c == '#')
            return L1("a name may not hold '" + std::string(1, c) + "'");
    return std::nullopt;
}

ParseResult Fail(Rejection r) { return ParseResult{std::nullopt, std::move(r)}; }
ParseResult Ok(Action a) { return ParseResult{Command{std::move(a)}, std::nullopt}; }

// Free text the game keeps and shows (a note, a lane's name, colour or letter), typed now: no control,
// line-separator or bidi character (safe_text.h FreeTextProblem), as Big Board Raiders' notes.
std::optional<Rejection> CheckFreeText(std::string_view what, std::string_view text, Reading reading, bool tab_ok) {
    if (reading == Reading::Stored) return std::nullopt;
    if (auto problem = FreeTextProblem(text, tab_ok))
        return L1(std::string(what) + " may not hold a control or bidi character, which changes how it reads: it holds " +
                  *problem + " ('" + ShortText(text) + "')");
    return std::nullopt;
}

ParseResult ParseHeader(const std::vector<std::string>& t, Reading reading) {
    if (t.size() >= 2 && LowerLineWord(t[1]) != "flutter" && t[1].find('=') == std::string::npos)
        return Fail(L1("`game " + t[1] + "` is another game's header: a Flutter game starts `game flutter players=...` (F-D1)"));
    if (t.size() < 2 || LowerLineWord(t[1]) != "flutter")
        return Fail(L1("a Flutter game starts `game flutter players=...`; `game players=...` is Big Board Raiders' (F-D1)"));
    Header h;
    bool players = false;
    std::vector<std::string> seen;  // a setting given twice is a slip, never "the last one wins"
    for (size_t i = 2; i < t.size(); ++i) {
        const size_t eq = t[i].find('=');
        if (eq == std::string::npos) return Fail(L1("unknown word in the game header: " + t[i]));
        const std::string key = LowerLineWord(t[i].substr(0, eq));
        const std::string value = t[i].substr(eq + 1);
        if (std::find(seen.begin(), seen.end(), key) != seen.end())
            return Fail(L1(key + "= is given twice in the game header"));
        seen.push_back(key);
        if (key == "players") {
            h.players.clear();
            for (const std::string& name : SplitCommas(value)) {
                if (auto problem = CheckName(name, reading)) return Fail(*problem);
                h.players.push_back(name);
            }
            // Two players whose names look alike (names.h rule 4); one name twice is the rules' G-1 as before.
            if (reading == Reading::Typed)
                if (const std::optional<NameClash> clash = FirstNameClash(h.players); clash && !clash->same)
                    return Fail(Rejection{NameClashWords(h.players[clash->earlier], h.players[clash->later], false), "G-1"});
            players = true;
        } else if (key == "cash" || key == "target") {
            auto money = Money(value);
            if (!money) return Fail(L1(key + "= must be " + kMoneyWords));
            (key == "cash" ? h.cash : h.target) = *money;
        } else if (key == "board") {
            if (value.empty()) return Fail(L1("board= needs a name"));
            h.board = LowerLineWord(value);
        } else if (key == "box") {
            auto n = Number(value);
            if (!n || *n > 1000) return Fail(L1("box= must be a number of certificates"));
            h.box = static_cast<int>(*n);
        } else if (key == "broker") {
            if (auto problem = CheckName(value, reading)) return Fail(*problem);
            h.broker = value;
        } else if (key == "variants") {
            for (const std::string& v : SplitCommas(LowerLineWord(value))) {
                if (v == "rethrow-bankrupt") h.rethrow_bankrupt = true;
                else if (v == "bonus-from-stock") h.bonus_from_stock = true;
                else return Fail(L1("unknown variant: " + v + " (rethrow-bankrupt, bonus-from-stock)"));
            }
        } else {
            return Fail(L1("unknown setting in the game header: " + key));
        }
    }
    if (!players) return Fail(L1("the game header needs players=..."));
    return Ok(h);
}

std::optional<CardEffect> CardQuick(std::string_view token) {
    using K = CardEffect::Kind;
    const std::string w = LowerLineWord(token);
    auto with_number = [&](std::string_view prefix, K kind) -> std::optional<CardEffect> {
        if (w.substr(0, prefix.size()) != prefix) return std::nullopt;
        std::string_view rest = std::string_view(w).substr(prefix.size());
        if (kind == K::Dividend && rest.substr(0, kPound.size()) == kPound) rest.remove_prefix(kPound.size());
        if (auto n = Number(rest); n && *n <= (kind == K::Dividend ? kMostPounds : kMostHoles) && (kind == K::Dividend || *n >= 1))
            return CardEffect{kind, *n};
        return std::nullopt;
    };
    if (w == "as" || w == "anti-slump") return CardEffect{K::AntiSlump, 0};
    if (w == "none" || w == "nothing") return CardEffect{K::Nothing, 0};
    for (auto [prefix, kind] : {std::pair{std::string_view("pu"), K::ParentUp}, std::pair{std::string_view("pd"), K::ParentDown},
                                std::pair{std::string_view("div"), K::Dividend}, std::pair{std::string_view("u"), K::Up},
                                std::pair{std::string_view("d"), K::Down}})
        if (auto e = with_number(prefix, kind)) return e;
    return std::nullopt;
}

// The card's effects: long (`up 2, parent down 1, dividend 10`) or quick (`u2 pd1 div10`) forms.
std::optional<std::vector<CardEffect>> CardEffects(const std::vector<std::string>& words, std::string* bad) {
    using K = CardEffect::Kind;
    std::vector<std::string> t;
    for (const std::string& w : words)
        for (const std::string& part : SplitCommas(w))
            if (!part.empty()) t.push_back(part);
    std::vector<CardEffect> out;
    for (size_t i = 0; i < t.size(); ++i) {
        const std::string w = LowerLineWord(t[i]);
        auto number_after = [&](size_t at, bool money) -> std::optional<int64_t> {
            if (at >= t.size()) return std::nullopt;
            if (money) {
                if (auto m = Money(t[at])) return m->value;
                return std::nullopt;
            }
            // A move is of at least one hole or level (N-2): `up 0` would "end" where the
            // traveller stands and act there (an M hole, MARKET NEWS) after no move at all.
            if (auto n = Number(t[at]); n && *n >= 1 && *n <= kMostHoles) return n;
            return std::nullopt;
        };
        if (w == "up" || w == "down" || w == "dividend") {
            auto n = number_after(i + 1, w == "dividend");
            if (!n) return *bad = t[i], std::nullopt;
            out.push_back({w == "up" ? K::Up : w == "down" ? K::Down : K::Dividend, *n});
            ++i;
        } else if (w == "parent") {
            if (i + 1 >= t.size()) return *bad = t[i], std::nullopt;
            const std::string dir = LowerLineWord(t[i + 1]);
            auto n = number_after(i + 2, false);
            if ((dir != "up" && dir != "down") || !n) return *bad = t[i], std::nullopt;
            out.push_back({dir == "up" ? K::ParentUp : K::ParentDown, *n});
            i += 2;
        } else if (auto e = CardQuick(w)) {
            out.push_back(*e);
        } else {
            return *bad = t[i], std::nullopt;
        }
    }
    return out;
}

ParseResult ParseNews(const std::vector<std::string>& t) {
    News n;
    size_t i = 1;
    std::vector<std::string> rest(t.begin() + 1, t.end());
    if (!rest.empty() && AtPlace(rest.back())) {
        n.place = AtPlace(rest.back());
        rest.pop_back();
    } else if (!rest.empty() && rest.back()[0] == '@') {
        return Fail(L1("unknown place: " + rest.back()));
    }
    (void)i;
    // A company first, when the word is no effect (`news W u2`, `news white up 2`).
    if (!rest.empty() && IsCompanyWord(rest[0]) && !CardQuick(rest[0])) {
        const std::string w = LowerLineWord(rest[0]);
        if (w != "up" && w != "down" && w != "dividend" && w != "parent") {
            n.company = Upper(rest[0]);
            rest.erase(rest.begin());
        }
    }
    std::string bad;
    auto effects = CardEffects(rest, &bad);
    if (!effects)
        return Fail(L1("not a Market News effect: " + bad +
                       " (up N, down N, parent up N, parent down N with N from 1 to 1000; dividend X, " + kMoneyWords +
                       "; anti-slump; nothing)"));
    if (effects->empty()) return Fail(L1("a Market News card needs its effects (N-2)"));
    n.effects = std::move(*effects);
    return Ok(n);
}

// `buy W 2`, `sell R`, with the count's problems cited as TR-3.
template <class Trade>
ParseResult ParseTrade(std::optional<std::string> who, const std::vector<std::string>& t, size_t at) {
    Trade trade;
    trade.who = std::move(who);
    if (at >= t.size() || !IsCompanyWord(t[at])) return Fail(L1(std::string(t[0]) + " needs a company"));
    trade.company = Upper(t[at]);
    if (at + 1 < t.size()) {
        auto n = Number(t[at + 1]);
        if (!n) return Fail(Rejection{"certificates are traded whole: " + t[at + 1] + " is not a count", "TR-3"});
        if (*n > 1000000) return Fail(Rejection{"too many certificates", "TR-3"});
        trade.count = *n;
    }
    if (at + 2 < t.size()) return Fail(L1("unexpected: " + t[at + 2]));
    return Ok(trade);
}

ParseResult ParseThrow(std::optional<std::string> who, std::string company, std::string_view number,
                       const std::vector<std::string>& t, size_t place_at) {
    Throw th;
    th.who = std::move(who);
    th.company = Upper(company);
    auto n = Number(number);
    if (!n || *n > 1000) return Fail(Rejection{"the numbered die shows 1 to 6", "T-1"});
    th.number = static_cast<int>(*n);
    if (place_at < t.size()) {
        th.place = AtPlace(t[place_at]);
        if (!th.place) return Fail(L1("unknown place: " + t[place_at]));
        if (place_at + 1 < t.size()) return Fail(L1("unexpected: " + t[place_at + 1]));
    }
    return Ok(th);
}

ParseResult ParseBoard(const std::vector<std::string>& t, Reading reading) {
    using T = BoardChange::Target;
    BoardLine line;
    std::vector<LineKeys> keys;  // one a change: `board W name="a" R name="b"` names two lanes, `W name="a" name="b"` one twice
    for (size_t i = 1; i < t.size(); ++i) {
        const std::string& tok = t[i];
        const size_t eq = tok.find('=');
        if (eq == std::string::npos) {
            if (LowerLineWord(tok) == "ok") {
                if (line.changes.empty() || line.changes.back().target == T::Whole)
                    return Fail(L1("`ok` confirms a lane or a level: name it first"));
                line.changes.back().ok = true;
            } else if (auto level = LevelWord(tok)) {
                BoardChange c;
                c.target = T::Level;
                c.level = *level;
                line.changes.push_back(c);
            } else if (IsCompanyWord(tok)) {
                BoardChange c;
                c.target = T::Lane;
                c.company = Upper(tok);
                line.changes.push_back(c);
            } else {
                return Fail(L1("not a lane or a level: " + tok));
            }
            continue;
        }
        const std::string key = LowerLineWord(tok.substr(0, eq));
        std::string value = tok.substr(eq + 1);
        keys.resize(line.changes.size() + 1);
        if (reading == Reading::Typed && key != "levels" && keys[line.changes.size()].Twice(key == "color" ? "colour" : key))
            return Fail(L1(key + "= is given twice for one lane or level: give each setting once"));
        auto need = [&](T target) -> BoardChange* {
            if (line.changes.empty() || line.changes.back().target != target) return nullptr;
            return &line.changes.back();
        };
        if (key == "levels") {
            auto n = Number(value);
            if (!n || *n > 1000) return Fail(L1("levels= needs a number"));
            BoardChange c;
            c.levels = static_cast<int>(*n);
            line.changes.push_back(c);
        } else if (key == "m") {
            std::vector<int> holes;
            if (LowerLineWord(value) != "none")
                for (const std::string& part : SplitCommas(value)) {
                    auto n = Number(part);
                    if (!n || *n > 1000) return Fail(L1("m= takes levels (m=5,14) or none"));
                    holes.push_back(static_cast<int>(*n));
                }
            if (BoardChange* lane = need(T::Lane)) {
                lane->m = holes;
            } else if (holes.empty()) {
                BoardChange c;
                c.m = holes;
                line.changes.push_back(c);
            } else {
                return Fail(L1("m= with levels belongs to a lane (board W m=5,14)"));
            }
        } else if (key == "name" || key == "colour" || key == "color" || key == "letter") {
            BoardChange* lane = need(T::Lane);
            if (!lane) return Fail(L1(key + "= belongs to a lane (board W " + key + "=...)"));
            if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
            if (value.empty() || value.find('"') != std::string::npos) return Fail(L1(key + "= needs a value"));
            if (auto problem = CheckFreeText("a lane's " + key + "=", value, reading, false)) return Fail(*problem);
            if (key == "name") lane->name = value;
            else if (key == "letter") lane->letter = Upper(value);
            else lane->colour = value;
        } else if (key == "price" || key == "label") {
            BoardChange* level = need(T::Level);
            if (!level) return Fail(L1(key + "= belongs to a level (board L12 " + key + "=...)"));
            if (key == "price") {
                auto money = Money(value);
                if (!money) return Fail(L1("price= must be " + kMoneyWords));
                level->price = *money;
            } else {
                auto label = LabelFromWord(value);
                if (!label) return Fail(L1("label= is news, slump, 5%, 10%, top or none"));
                level->label = *label;
            }
        } else {
            return Fail(L1("unknown board setting: " + key));
        }
    }
    if (line.changes.empty()) return Fail(L1("board needs a lane or a level (BD-7)"));
    return Ok(line);
}

ParseResult ParsePeg(const std::vector<std::string>& t, Reading reading) {
    if (t.size() < 2 || !IsCompanyWord(t[1])) return Fail(L1("peg needs a company"));
    Peg peg;
    peg.company = Upper(t[1]);
    LineKeys keys;
    for (size_t i = 2; i < t.size(); ++i) {
        const size_t eq = t[i].find('=');
        const std::string key = LowerLineWord(t[i].substr(0, eq));
        if (reading == Reading::Typed && keys.Twice(key)) return Fail(L1(key + "= is given twice in one line: give each setting once"));
        const std::string value = eq == std::string::npos ? "" : t[i].substr(eq + 1);
        if (key == "price") {
            auto money = Money(value);
            if (!money) return Fail(L1("price= must be " + kMoneyWords));
            peg.price = *money;
        } else if (key == "traveller") {
            auto place = PlaceWord(value, true);
            if (!place || place->kind == Place::Kind::M) return Fail(L1("traveller= is parent, news, slump, 5, 10 or L14"));
            peg.traveller = *place;
        } else if (key == "anti-slump") {
            const std::string v = LowerLineWord(value);
            if (v != "yes" && v != "no") return Fail(L1("anti-slump= is yes or no"));
            peg.anti_slump = v == "yes";
        } else {
            return Fail(L1("unknown peg setting: " + t[i]));
        }
    }
    return Ok(peg);
}

ParseResult ParseCount(const std::vector<std::string>& t, Reading reading) {
    if (t.size() < 2 || t[1].find('=') != std::string::npos) return Fail(L1("count needs a player"));
    Count count;
    count.name = t[1];
    LineKeys keys;
    for (size_t i = 2; i < t.size(); ++i) {
        const size_t eq = t[i].find('=');
        if (eq == std::string::npos) return Fail(L1("count takes cash=N and COMPANY=N: " + t[i]));
        const std::string key = t[i].substr(0, eq);
        if (reading == Reading::Typed && keys.Twice(key))
            return Fail(L1(LowerLineWord(key) + "= is given twice in one count: give each setting once"));
        const std::string value = t[i].substr(eq + 1);
        if (LowerLineWord(key) == "cash") {
            auto money = Money(value, true);
            if (!money) return Fail(L1("cash= must be " + kMoneyWords));
            count.cash = *money;
        } else if (IsCompanyWord(key)) {
            const bool negative = !value.empty() && value[0] == '-';
            auto n = Number(negative ? value.substr(1) : value);
            if (!n || *n > 1000000) return Fail(L1("a company's count is a number of certificates, at most 1,000,000"));
            count.certificates.emplace_back(Upper(key), negative ? -*n : *n);
        } else {
            return Fail(L1("unknown count setting: " + key));
        }
    }
    return Ok(count);
}

ParseResult ParseLine(std::string_view line, Reading reading) {
    // Lines end up in JSON (the state's names, the ledger, --json, the game file's snapshot) and
    // nlohmann::json refuses to dump invalid UTF-8, so such a line is turned away here (L-1) rather
    // than breaking a save or a print later, as Big Board Raiders' parser does (base/safe_text.h).
    if (!IsValidUtf8(line)) return Fail(L1("the line is not valid UTF-8 text"));
    const size_t hash = line.find('#');
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    // A note is free text (a quotation mark in it is the table's), read before the words are split.
    {
        const size_t start = line.find_first_not_of(" \t");
        if (start != std::string_view::npos && LowerLineWord(line.substr(start, 4)) == "note" &&
            (line.size() == start + 4 || std::isspace(static_cast<unsigned char>(line[start + 4])))) {
            std::string text(line.substr(start + 4));
            while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(text.begin());
            while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
            if (text.empty()) return Fail(L1("note needs its text"));
            if (auto problem = CheckFreeText("a note", text, reading, true)) return Fail(*problem);
            return Ok(Note{text});
        }
    }
    auto tokens = LineTokens(line);
    if (!tokens) return Fail(L1("a quotation mark is not closed"));
    std::vector<std::string> t = std::move(*tokens);
    if (t.empty()) return {};

    // `NAME: command`, on buy, sell, throw and claim only.
    std::optional<std::string> who;
    if (t[0].size() > 1 && t[0].back() == ':') {
        who = t[0].substr(0, t[0].size() - 1);
        if (auto problem = CheckName(*who, reading)) return Fail(*problem);
        t.erase(t.begin());
        if (t.empty()) return Fail(L1("`NAME:` needs a command"));
    }
    const std::string word = LowerLineWord(t[0]);

    if (word == "claim") {
        if (t.size() > 2) return Fail(L1("unexpected: " + t[2]));
        if (t.size() == 2 && who) return Fail(L1("claim names one player"));
        Claim c;
        if (t.size() == 2) c.name = t[1];
        else c.name = who;
        return Ok(c);
    }
    if (word == "buy" || word == "sell")
        return word == "buy" ? ParseTrade<Buy>(who, t, 1) : ParseTrade<Sell>(who, t, 1);
    if (word == "throw") {
        if (t.size() < 3 || !IsCompanyWord(t[1])) return Fail(L1("throw needs a company and a number (throw W 4)"));
        return ParseThrow(who, t[1], t[2], t, 3);
    }
    // Quick forms: +w2, -r, w4; the count may stand apart, as in the long form (`+w 2`).
    if ((t[0][0] == '+' || t[0][0] == '-') && t[0].size() >= 2) {
        size_t end = 1;
        while (end < t[0].size() && std::isalpha(static_cast<unsigned char>(t[0][end]))) ++end;
        if (end > 1 && (t.size() == 1 || (t.size() == 2 && end == t[0].size()))) {
            std::vector<std::string> long_form{t[0][0] == '+' ? "buy" : "sell", t[0].substr(1, end - 1)};
            if (end < t[0].size()) long_form.push_back(t[0].substr(end));
            if (t.size() == 2) long_form.push_back(t[1]);
            return t[0][0] == '+' ? ParseTrade<Buy>(who, long_form, 1) : ParseTrade<Sell>(who, long_form, 1);
        }
    }
    if (t[0].size() >= 2 && std::isalpha(static_cast<unsigned char>(t[0][0])) &&
        std::isdigit(static_cast<unsigned char>(t[0][1])) && Number(t[0].substr(1)))
        return ParseThrow(who, t[0].substr(0, 1), t[0].substr(1), t, 1);
    if (who) return Fail(L1("`NAME:` goes before buy, sell, throw or claim"));

    if (word == "game") return ParseHeader(t, reading);
    if (word == "news" || word == "n") return ParseNews(t);
    if (word == "undo" || word == "redo") {
        int count = 1;
        if (t.size() > 2) return Fail(L1("unexpected: " + t[2]));
        if (t.size() == 2) {
            auto n = Number(t[1]);
            if (!n || *n < 1 || *n > 1000000) return Fail(Rejection{word + " takes a count of at least 1", "L-2"});
            count = static_cast<int>(*n);
        }
        if (word == "undo") return Ok(Undo{count});
        return Ok(Redo{count});
    }
    if (word == "board") return ParseBoard(t, reading);
    if (word == "peg") return ParsePeg(t, reading);
    if (word == "count") return ParseCount(t, reading);
    if (word == "player") {
        if (t.size() != 2) return Fail(L1("player names one player"));
        return Ok(PlayerTurn{t[1]});
    }
    return Fail(L1("not a Flutter command: " + ShortText(t[0])));
}

} // namespace

ParseResult ParseCommand(std::string_view line) { return ParseLine(line, Reading::Typed); }
ParseResult ParseStoredCommand(std::string_view line) { return ParseLine(line, Reading::Stored); }

std::string FormatPounds(Pounds amount) {
    const bool negative = amount.value < 0;
    const std::string digits = std::to_string(negative ? -amount.value : amount.value);
    std::string out = negative ? "-" : "";
    out.append(kPound);
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string PrintPlace(const Place& place) {
    switch (place.kind) {
        case Place::Kind::Parent: return "parent";
        case Place::Kind::News: return "news";
        case Place::Kind::Slump: return "slump";
        case Place::Kind::Five: return "5%";
        case Place::Kind::Ten: return "10%";
        case Place::Kind::Top: return "top";
        case Place::Kind::M: return "M";
        case Place::Kind::Level: return "L" + std::to_string(place.level);
    }
    return "";
}

namespace {

std::string Who(const std::optional<std::string>& who) { return who ? *who + ": " : ""; }

struct Printer {
    std::string operator()(const Header& h) const {
        std::string out = "game flutter players=";
        for (size_t i = 0; i < h.players.size(); ++i) out += (i ? "," : "") + h.players[i];
        out += " cash=" + std::to_string(h.cash.value) + " target=" + std::to_string(h.target.value) +
               " board=" + h.board + " box=" + std::to_string(h.box);
        if (h.broker) out += " broker=" + *h.broker;  // only when given: older headers print as they did
        if (h.rethrow_bankrupt || h.bonus_from_stock) {
            out += " variants=";
            if (h.rethrow_bankrupt) out += "rethrow-bankrupt";
            if (h.bonus_from_stock) out += std::string(h.rethrow_bankrupt ? "," : "") + "bonus-from-stock";
        }
        return out;
    }
    std::string operator()(const Throw& t) const {
        return Who(t.who) + "throw " + t.company + " " + std::to_string(t.number) + (t.place ? " @" + PrintPlace(*t.place) : "");
    }
    std::string operator()(const News& n) const {
        std::string out = "news";
        if (n.company) out += " " + *n.company;
        for (size_t i = 0; i < n.effects.size(); ++i) {
            const CardEffect& e = n.effects[i];
            out += i ? ", " : " ";
            const std::string num = std::to_string(e.n);
            switch (e.kind) {
                case CardEffect::Kind::Up: out += "up " + num; break;
                case CardEffect::Kind::Down: out += "down " + num; break;
                case CardEffect::Kind::ParentUp: out += "parent up " + num; break;
                case CardEffect::Kind::ParentDown: out += "parent down " + num; break;
                case CardEffect::Kind::Dividend: out += "dividend " + num; break;
                case CardEffect::Kind::AntiSlump: out += "anti-slump"; break;
                case CardEffect::Kind::Nothing: out += "nothing"; break;
            }
        }
        if (n.place) out += " @" + PrintPlace(*n.place);
        return out;
    }
    std::string operator()(const Buy& b) const { return Who(b.who) + "buy " + b.company + " " + std::to_string(b.count); }
    std::string operator()(const Sell& s) const { return Who(s.who) + "sell " + s.company + " " + std::to_string(s.count); }
    std::string operator()(const Claim& c) const { return c.name ? "claim " + *c.name : "claim"; }
    std::string operator()(const Undo& u) const { return "undo " + std::to_string(u.count); }
    std::string operator()(const Redo& r) const { return "redo " + std::to_string(r.count); }
    std::string operator()(const Note& n) const { return "note " + n.text; }
    std::string operator()(const BoardLine& b) const {
        std::string out = "board";
        for (const BoardChange& c : b.changes) {
            if (c.target == BoardChange::Target::Lane) out += " " + c.company;
            if (c.target == BoardChange::Target::Level) out += " L" + std::to_string(c.level);
            if (c.name) out += " name=\"" + *c.name + "\"";
            if (c.colour) out += " colour=" + *c.colour;
            if (c.letter) out += " letter=" + *c.letter;
            if (c.m) {
                std::string holes;
                for (int m : *c.m) {
                    if (!holes.empty()) holes += ',';
                    holes += std::to_string(m);
                }
                out.append(" m=").append(holes.empty() ? std::string("none") : holes);
            }
            if (c.price) out += " price=" + std::to_string(c.price->value);
            if (c.label) out += " label=" + std::string(LabelWord(*c.label));
            if (c.levels) out += " levels=" + std::to_string(*c.levels);
            if (c.ok) out += " ok";
        }
        return out;
    }
    std::string operator()(const Peg& p) const {
        std::string out = "peg " + p.company;
        if (p.price) out += " price=" + std::to_string(p.price->value);
        if (p.traveller) out += " traveller=" + PrintPlace(*p.traveller);
        if (p.anti_slump) out += std::string(" anti-slump=") + (*p.anti_slump ? "yes" : "no");
        return out;
    }
    std::string operator()(const Count& c) const {
        std::string out = "count " + c.name;
        if (c.cash) out += " cash=" + std::to_string(c.cash->value);
        for (const auto& [company, n] : c.certificates) out += " " + company + "=" + std::to_string(n);
        return out;
    }
    std::string operator()(const PlayerTurn& p) const { return "player " + p.name; }
};

} // namespace

std::string PrintCommand(const Command& command) { return std::visit(Printer{}, command.action); }

} // namespace rutland::flutter
