// The table language (lang/table_language.h; RULES.md section 17).
#include "lang/table_language.h"

#include "base/names.h"
#include "base/safe_text.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

namespace rutland::gigabucks {

namespace {

std::string Lower(std::string_view s) {
    std::string out(s);
    for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

std::vector<std::string> Words(std::string_view line) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at < line.size()) {
        while (at < line.size() && std::isspace(static_cast<unsigned char>(line[at]))) ++at;
        size_t end = at;
        while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
        if (end > at) out.emplace_back(line.substr(at, end - at));
        at = end;
    }
    return out;
}

// Splits on commas (lists of spaces may be comma- or space-separated: section 17).
std::vector<std::string> SplitCommas(const std::vector<std::string>& words) {
    std::vector<std::string> out;
    for (const std::string& w : words) {
        size_t at = 0;
        while (at <= w.size()) {
            size_t end = w.find(',', at);
            if (end == std::string::npos) end = w.size();
            if (end > at) out.push_back(w.substr(at, end - at));
            at = end + 1;
        }
    }
    return out;
}

// A number: digits only, at most 9 of them (no sign, no `g`).
std::optional<int64_t> Number(std::string_view s) {
    if (s.empty() || s.size() > 9) return std::nullopt;
    int64_t v = 0;
    for (char ch : s) {
        if (ch < '0' || ch > '9') return std::nullopt;
        v = v * 10 + (ch - '0');
    }
    return v;
}

// An amount: whole G, `5` or `5g` (section 17).
std::optional<int64_t> Amount(std::string_view s) {
    if (!s.empty() && (s.back() == 'g' || s.back() == 'G')) s.remove_suffix(1);
    return Number(s);
}

std::optional<std::vector<int64_t>> Amounts(std::string_view s) {
    std::vector<int64_t> out;
    size_t at = 0;
    while (at <= s.size()) {
        size_t end = s.find(',', at);
        if (end == std::string_view::npos) end = s.size();
        const auto v = Amount(s.substr(at, end - at));
        if (!v) return std::nullopt;
        out.push_back(*v);
        at = end + 1;
    }
    return out;
}

std::optional<int> Space(std::string_view s) {
    const auto v = Number(s);
    if (!v || *v > 100000) return std::nullopt;
    return static_cast<int>(*v);
}

// A letter then letters or digits (G-1); a byte above ASCII is part of a letter, which the kernel's
// name guards (base/names.h) have checked in the header.
bool IsName(std::string_view s) {
    const auto letter = [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0 || static_cast<unsigned char>(ch) >= 0x80; };
    if (s.empty() || !letter(s[0])) return false;
    return std::all_of(s.begin(), s.end(), [&](char ch) { return letter(ch) || std::isdigit(static_cast<unsigned char>(ch)) != 0; });
}

ParseResult Error(const std::string& message) { return {std::nullopt, Rejection{message, "L-1"}}; }
ParseResult Ok(Command c) { return {std::move(c), std::nullopt}; }

// `key=value` split; nullopt when the word has no '='.
std::optional<std::pair<std::string, std::string>> KeyValue(const std::string& word) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return std::make_pair(Lower(word.substr(0, eq)), word.substr(eq + 1));
}

ParseResult ParseHeader(const std::vector<std::string>& w) {
    if (w.size() < 2 || Lower(w[1]) != "gigabucks") return Error("not a Corporate Gigabucks header: `game gigabucks players=...`");
    Header h;
    std::set<std::string> seen;
    bool players = false;
    for (size_t i = 2; i < w.size(); ++i) {
        const auto kv = KeyValue(w[i]);
        if (!kv) return Error("not a header key: " + w[i]);
        const auto& [key, value] = *kv;
        if (!seen.insert(key).second) return Error("the key " + key + " twice");
        if (key == "players") {
            players = true;
            h.players.clear();
            size_t at = 0;
            while (at <= value.size()) {
                size_t end = value.find(',', at);
                if (end == std::string::npos) end = value.size();
                h.players.push_back(value.substr(at, end - at));
                at = end + 1;
            }
            if (value.empty()) h.players.clear();
        } else if (key == "cash" || key == "unit" || key == "bid-step" || key == "liq-step") {
            const auto v = Amount(value);
            if (!v) return Error("not an amount: " + w[i]);
            (key == "cash" ? h.cash : key == "unit" ? h.unit : key == "bid-step" ? h.bid_step : h.liq_step) = *v;
        } else if (key == "spaces" || key == "flexible") {
            const auto v = Number(value);
            if (!v) return Error("not a number: " + w[i]);
            (key == "spaces" ? h.spaces : h.flexible) = static_cast<int>(*v);
        } else if (key == "dice") {
            const std::string d = Lower(value);
            const size_t at = d.find('d');
            const auto n = at == std::string::npos ? std::nullopt : Number(d.substr(0, at));
            const auto m = at == std::string::npos ? std::nullopt : Number(d.substr(at + 1));
            if (!n || !m) return Error("not dice (NdM): " + w[i]);
            h.dice_count = static_cast<int>(*n);
            h.dice_sides = static_cast<int>(*m);
        } else if (key == "royalty") {
            const std::string r = Lower(value);
            if (r == "minimum") h.royalty = RoyaltyRule::Minimum;
            else if (r == "simple") h.royalty = RoyaltyRule::Simple;
            else if (r == "product") h.royalty = RoyaltyRule::Product;
            else return Error("unknown royalty rule: " + value + " (minimum, simple, product)");
        } else if (key == "variants") {
            size_t at = 0;
            const std::string v = Lower(value);
            while (!v.empty() && at <= v.size()) {
                size_t end = v.find(',', at);
                if (end == std::string::npos) end = v.size();
                const std::string one = v.substr(at, end - at);
                if (one == "reoffer") h.reoffer = true;
                else if (one == "keep-funds") h.keep_funds = true;
                else if (one == "combine-remainders") h.combine_remainders = true;
                else if (one == "open-money") h.open_money = true;
                else return Error("unknown variant: " + one + " (reoffer, keep-funds, combine-remainders, open-money)");
                at = end + 1;
            }
        } else {
            return Error("unknown header key: " + key);
        }
    }
    if (!players) return Error("a header needs players=");
    // G-1 after every key is read (L-1 first): a name with a control, bidi or invisible character,
    // or two names that look alike (the kernel's guards, base/names.h rules 1-4).
    for (const std::string& name : h.players)
        if (auto problem = TypedNameProblem(name))
            return {std::nullopt, Rejection{"a name may not hold " + *problem + ": '" + ShowName(name) + "'", "G-1"}};
    if (const std::optional<NameClash> clash = FirstNameClash(h.players); clash && !clash->same)
        return {std::nullopt, Rejection{NameClashWords(h.players[clash->earlier], h.players[clash->later], false), "G-1"}};
    return Ok(Command{h});
}

// `place 12`, `p12`, `p 12`.
ParseResult ParsePlace(std::optional<std::string> who, const std::vector<std::string>& args) {
    if (args.size() != 1) return Error("place names one space: `place 12`");
    const auto s = Space(args[0]);
    if (!s) return Error("not a space: " + args[0]);
    return Ok(Command{Place{std::move(who), *s}});
}

ParseResult ParseRoll(std::optional<std::string> who, const std::vector<std::string>& args) {
    if (args.empty() || args.size() > 2) return Error("roll takes the dice total and an optional @space: `roll 7 @28`");
    const auto t = Number(args[0]);
    if (!t) return Error("not a dice total: " + args[0]);
    Roll r{std::move(who), static_cast<int>(*t), std::nullopt};
    if (args.size() == 2) {
        if (args[1].size() < 2 || args[1][0] != '@') return Error("not a space: " + args[1] + " (`@28`)");
        const auto s = Space(std::string_view(args[1]).substr(1));
        if (!s) return Error("not a space: " + args[1]);
        r.at = *s;
    }
    return Ok(Command{r});
}

ParseResult ParseCharter(bool reactivate, const std::vector<std::string>& args) {
    const char* word = reactivate ? "reactivate" : "charter";
    if (args.size() == 1 && args[0] == "-") return Ok(Command{Charter{reactivate, std::nullopt, 0}});
    if (args.size() != 2 || !IsName(args[0])) return Error(std::string(word) + " takes the winner and his bid, or -: `" + word + " Bob 4`");
    const auto bid = Amount(args[1]);
    if (!bid) return Error("not a bid: " + args[1]);
    return Ok(Command{Charter{reactivate, args[0], *bid}});
}

ParseResult ParseDiversify(const std::vector<std::string>& args) {
    if (args.size() == 1 && args[0] == "-") return Ok(Command{Diversify{}});
    if (args.size() < 2 || !IsName(args[0])) return Error("diversify takes the winner, his bid and the spaces: `diversify Bob 5 9 10x2`");
    const auto bid = Amount(args[1]);
    if (!bid) return Error("not a bid: " + args[1]);
    std::map<int, int> lines;
    for (const std::string& s : SplitCommas({args.begin() + 2, args.end()})) {
        const std::string l = Lower(s);
        const size_t x = l.find('x');
        const auto space = Space(l.substr(0, x));
        const auto k = x == std::string::npos ? std::optional<int64_t>(1) : Number(l.substr(x + 1));
        if (!space || !k || *k > 1000) return Error("not a space with its lines (`10` or `10x2`): " + s);
        lines[*space] += static_cast<int>(*k);
    }
    Diversify d{args[0], *bid, {}};
    for (const auto& [space, k] : lines) d.lines.emplace_back(space, k);
    return Ok(Command{d});
}

ParseResult ParseVoluntary(const std::vector<std::string>& args) {
    if (args.empty()) return Error("voluntary takes the buyer, his price and the spaces, or -");
    Voluntary v;
    std::vector<std::string> rest;
    size_t first = 1;
    if (args[0] == "-") {
        first = 1;
    } else {
        if (args.size() < 2 || !IsName(args[0])) return Error("voluntary takes the buyer, his price and the spaces: `voluntary Bob 35 2 14`");
        v.winner = args[0];
        const auto price = Amount(args[1]);
        if (!price) return Error("not a price: " + args[1]);
        v.price = *price;
        first = 2;
    }
    for (size_t i = first; i < args.size(); ++i) {
        const std::string l = Lower(args[i]);
        if (l == "anyway") {
            if (!v.winner || v.anyway) return Error("`anyway` is said once, after a sale's price (VO-2)");
            v.anyway = true;
        } else if (l.rfind("min=", 0) == 0) {
            if (v.min) return Error("the key min twice");
            const auto m = Amount(l.substr(4));
            if (!m) return Error("not an amount: " + args[i]);
            v.min = *m;
        } else {
            if (!v.winner) return Error("voluntary - names no space");
            if (v.min) return Error("the spaces come before min=");
            rest.push_back(args[i]);
        }
    }
    for (const std::string& s : SplitCommas(rest)) {
        const auto space = Space(s);
        if (!space) return Error("not a space: " + s);
        v.spaces.push_back(*space);
    }
    return Ok(Command{v});
}

ParseResult ParseInvoluntary(const std::vector<std::string>& args) {
    if (args.size() == 1 && args[0] == "-") return Ok(Command{Involuntary{}});
    if (args.size() != 3 || !IsName(args[0])) return Error("involuntary takes the buyer, his price and exactly one space: `involuntary Cy 12 14`");
    const auto price = Amount(args[1]);
    const auto space = Space(args[2]);
    if (!price) return Error("not a price: " + args[1]);
    if (!space) return Error("not a space: " + args[2]);
    return Ok(Command{Involuntary{args[0], *price, *space}});
}

ParseResult ParseSpace(const std::vector<std::string>& args) {
    if (args.size() < 2) return Error("space takes a space or range and at least one key: `space 24-31 owner=Bob lines=4`");
    SpaceFix f;
    const size_t dash = args[0].find('-');
    const auto a = Space(args[0].substr(0, dash));
    const auto b = dash == std::string::npos ? a : Space(args[0].substr(dash + 1));
    if (!a || !b) return Error("not a space or range: " + args[0]);
    if (*b < *a) return Error("a range runs upward, no wrap: " + args[0]);
    f.first = *a;
    f.last = *b;
    std::set<std::string> seen;
    for (size_t i = 1; i < args.size(); ++i) {
        const auto kv = KeyValue(args[i]);
        if (!kv) return Error("not a key: " + args[i]);
        const auto& [key, value] = *kv;
        if (!seen.insert(key).second) return Error("the key " + key + " twice");
        if (key == "owner") {
            const std::string l = Lower(value);
            if (l == "none") f.owner = SpaceFix::Owner::None;
            else if (l == "inactive") f.owner = SpaceFix::Owner::Inactive;
            else if (IsName(value)) f.owner = SpaceFix::Owner::Player, f.owner_name = value;
            else return Error("not an owner: " + value);
        } else if (key == "lines") {
            const auto v = Amounts(value);
            if (!v || std::any_of(v->begin(), v->end(), [](int64_t k) { return k > 1000; })) return Error("not lines: " + value);
            for (int64_t k : *v) f.lines.push_back(static_cast<int>(k));
            if (f.lines.size() != 1 && static_cast<int>(f.lines.size()) != f.last - f.first + 1)
                return Error("lines= takes one value or one per space");
        } else {
            return Error("unknown key: " + key + " (owner, lines)");
        }
    }
    return Ok(Command{f});
}

ParseResult ParseAt(const std::vector<std::string>& args) {
    if (args.size() < 2 || args.size() > 3 || !IsName(args[0])) return Error("at takes a player and a space: `at Ann 21 [turns=1]`");
    const auto s = Space(args[1]);
    if (!s) return Error("not a space: " + args[1]);
    At a{args[0], *s, std::nullopt};
    if (args.size() == 3) {
        const auto kv = KeyValue(args[2]);
        const auto t = kv && kv->first == "turns" ? Number(kv->second) : std::nullopt;
        if (!t) return Error("not turns=K: " + args[2]);
        a.turns = static_cast<int>(*t);
    }
    return Ok(Command{a});
}

ParseResult ParseCount(const std::vector<std::string>& args) {
    if (args.empty()) return Error("count takes at least one key: `count Ann=245 Bob=305`");
    Count c;
    std::set<std::string> seen;
    for (const std::string& w : args) {
        const auto kv = KeyValue(w);
        if (!kv) return Error("not NAME=CASH: " + w);
        const auto& [key, value] = *kv;
        if (!seen.insert(key).second) return Error("the key " + key + " twice");
        if (key == "pool") {
            const auto v = Amounts(value);
            if (!v) return Error("not remainders: " + value);
            c.pool = *v;
        } else if (key == "total") {
            const auto v = Amount(value);
            if (!v) return Error("not an amount: " + value);
            c.total = *v;
        } else {
            const std::string name = w.substr(0, w.find('='));
            const auto v = Amount(value);
            if (!IsName(name) || !v) return Error("not NAME=CASH: " + w);
            c.cash.emplace_back(name, *v);
        }
    }
    return Ok(Command{c});
}

ParseResult ParseCount1(const std::vector<std::string>& args, bool undo) {
    if (args.size() > 1) return Error(std::string(undo ? "undo" : "redo") + " takes one count");
    int n = 1;
    if (args.size() == 1) {
        const auto v = Number(args[0]);
        if (!v) return Error("not a count: " + args[0]);
        n = static_cast<int>(*v);
    }
    return undo ? Ok(Command{Undo{n}}) : Ok(Command{Redo{n}});
}

std::string Join(const std::vector<int>& v, char sep) {
    std::string out;
    for (int x : v) {
        if (!out.empty()) out += sep;
        out += std::to_string(x);
    }
    return out;
}

std::string WhoPrefix(const std::optional<std::string>& who) { return who ? *who + ": " : ""; }

} // namespace

std::string_view RoyaltyWord(RoyaltyRule rule) {
    switch (rule) {
        case RoyaltyRule::Minimum: return "minimum";
        case RoyaltyRule::Simple: return "simple";
        case RoyaltyRule::Product: return "product";
    }
    return "minimum";
}

std::string DiceWord(const Header& h) { return std::to_string(h.dice_count) + "d" + std::to_string(h.dice_sides); }

ParseResult ParseCommand(std::string_view line) {
    std::string_view text = line;
    {
        // `note` keeps its text whole; elsewhere `#` starts a comment.
        const std::vector<std::string> probe = Words(line);
        const bool note = !probe.empty() && Lower(probe[0]) == "note";
        if (!note) text = text.substr(0, text.find('#'));
    }
    std::vector<std::string> w = Words(text);
    if (w.empty()) return {};
    std::optional<std::string> who;
    if (w[0].size() > 1 && w[0].back() == ':') {
        who = w[0].substr(0, w[0].size() - 1);
        if (!IsName(*who)) return Error("not a player: " + *who);
        w.erase(w.begin());
        if (w.empty()) return Error("NAME: before nothing");
    }
    std::string verb = Lower(w[0]);
    std::vector<std::string> args(w.begin() + 1, w.end());
    // The quick forms `p12` and `r7`.
    if (verb.size() > 1 && (verb[0] == 'p' || verb[0] == 'r') && Number(verb.substr(1))) {
        args.insert(args.begin(), verb.substr(1));
        verb = verb.substr(0, 1);
    }
    const bool takes_who = verb == "place" || verb == "p" || verb == "roll" || verb == "r" || verb == "end" || verb == "e";
    if (who && !takes_who) return Error("NAME: is taken only on place, roll and end");
    if (verb == "game") {
        return ParseHeader(w);
    }
    if (verb == "place" || verb == "p") return ParsePlace(who, args);
    if (verb == "roll" || verb == "r") return ParseRoll(who, args);
    if (verb == "charter" || verb == "ch") return ParseCharter(false, args);
    if (verb == "reactivate" || verb == "re") return ParseCharter(true, args);
    if (verb == "diversify" || verb == "di") return ParseDiversify(args);
    if (verb == "voluntary" || verb == "vo") return ParseVoluntary(args);
    if (verb == "involuntary" || verb == "in") return ParseInvoluntary(args);
    if (verb == "end" || verb == "e") {
        if (!args.empty()) return Error("end takes nothing");
        return Ok(Command{End{who}});
    }
    if (verb == "resign" || verb == "player") {
        if (args.size() != 1 || !IsName(args[0])) return Error(verb + " names one player");
        if (verb == "resign") return Ok(Command{Resign{args[0]}});
        return Ok(Command{GivePlayer{args[0]}});
    }
    if (verb == "space") return ParseSpace(args);
    if (verb == "at") return ParseAt(args);
    if (verb == "count") return ParseCount(args);
    if (verb == "board") {
        const auto kv = args.size() == 1 ? KeyValue(args[0]) : std::nullopt;
        const auto n = kv && kv->first == "spaces" ? Number(kv->second) : std::nullopt;
        if (!n) return Error("board takes spaces=N");
        return Ok(Command{BoardSize{static_cast<int>(*n)}});
    }
    if (verb == "undo" || verb == "redo") return ParseCount1(args, verb == "undo");
    if (verb == "note") {
        std::string_view rest = line.substr(line.find_first_not_of(" \t"));
        rest.remove_prefix(4);
        const size_t first = rest.find_first_not_of(" \t");
        std::string t = first == std::string_view::npos ? "" : std::string(rest.substr(first));
        while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
        if (auto problem = FreeTextProblem(t))
            return Error("a note may not hold a control or bidi character, which changes how it reads: it holds " + *problem);
        return Ok(Command{Note{t}});
    }
    return Error("not a Corporate Gigabucks command: " + w[0]);
}

std::string PrintCommand(const Command& command) {
    struct Printer {
        std::string operator()(const Header& h) const {
            std::string out = "game gigabucks players=";
            for (size_t i = 0; i < h.players.size(); ++i) { if (i) out += ","; out += h.players[i]; }
            if (h.cash != 300) out += " cash=" + std::to_string(h.cash);
            out += " spaces=" + std::to_string(h.spaces);  // the ring's size, always (BD-1)
            if (h.flexible != 1) out += " flexible=" + std::to_string(h.flexible);
            if (h.dice_count != 2 || h.dice_sides != 6) out += " dice=" + DiceWord(h);
            if (h.royalty != RoyaltyRule::Minimum) out += " royalty=" + std::string(RoyaltyWord(h.royalty));
            if (h.unit != 1) out += " unit=" + std::to_string(h.unit);
            if (h.bid_step != 1) out += " bid-step=" + std::to_string(h.bid_step);
            if (h.liq_step != 1) out += " liq-step=" + std::to_string(h.liq_step);
            std::vector<std::string> v;
            if (h.combine_remainders) v.push_back("combine-remainders");
            if (h.keep_funds) v.push_back("keep-funds");
            if (h.open_money) v.push_back("open-money");
            if (h.reoffer) v.push_back("reoffer");
            if (!v.empty()) {
                out += " variants=";
                for (size_t i = 0; i < v.size(); ++i) { if (i) out += ","; out += v[i]; }
            }
            return out;
        }
        std::string operator()(const Place& p) const { return WhoPrefix(p.who) + "place " + std::to_string(p.space); }
        std::string operator()(const Roll& r) const {
            return WhoPrefix(r.who) + "roll " + std::to_string(r.total) + (r.at ? " @" + std::to_string(*r.at) : "");
        }
        std::string operator()(const Charter& c) const {
            const std::string word = c.reactivate ? "reactivate " : "charter ";
            return word + (c.winner ? *c.winner + " " + std::to_string(c.bid) : "-");
        }
        std::string operator()(const Diversify& d) const {
            if (!d.winner) return "diversify -";
            std::string out = "diversify " + *d.winner + " " + std::to_string(d.bid);
            for (const auto& [space, k] : d.lines) {
                out += ' ';
                out += std::to_string(space);
                if (k != 1) out.append("x").append(std::to_string(k));
            }
            return out;
        }
        std::string operator()(const Voluntary& v) const {
            std::string out = "voluntary " + (v.winner ? *v.winner + " " + std::to_string(v.price) : "-");
            for (int s : v.spaces) out.append(" ").append(std::to_string(s));
            if (v.min) out += " min=" + std::to_string(*v.min);
            if (v.anyway) out += " anyway";
            return out;
        }
        std::string operator()(const Involuntary& i) const {
            return "involuntary " + (i.winner ? *i.winner + " " + std::to_string(i.price) + " " + std::to_string(i.space) : "-");
        }
        std::string operator()(const End& e) const { return WhoPrefix(e.who) + "end"; }
        std::string operator()(const Resign& r) const { return "resign " + r.who; }
        std::string operator()(const GivePlayer& p) const { return "player " + p.who; }
        std::string operator()(const SpaceFix& f) const {
            std::string out = "space " + std::to_string(f.first) + (f.last != f.first ? "-" + std::to_string(f.last) : "");
            if (f.owner == SpaceFix::Owner::Player) out += " owner=" + f.owner_name;
            if (f.owner == SpaceFix::Owner::None) out += " owner=none";
            if (f.owner == SpaceFix::Owner::Inactive) out += " owner=inactive";
            if (!f.lines.empty()) out += " lines=" + Join(f.lines, ',');
            return out;
        }
        std::string operator()(const At& a) const {
            return "at " + a.who + " " + std::to_string(a.space) + (a.turns ? " turns=" + std::to_string(*a.turns) : "");
        }
        std::string operator()(const Count& c) const {
            std::string out = "count";
            for (const auto& [name, cash] : c.cash) out += " " + name + "=" + std::to_string(cash);
            if (c.pool) {
                out += " pool=";
                for (size_t i = 0; i < c.pool->size(); ++i) { if (i) out += ","; out += std::to_string((*c.pool)[i]); }
            }
            if (c.total) out += " total=" + std::to_string(*c.total);
            return out;
        }
        std::string operator()(const BoardSize& b) const { return "board spaces=" + std::to_string(b.spaces); }
        std::string operator()(const Undo& u) const { return "undo " + std::to_string(u.count); }
        std::string operator()(const Redo& r) const { return "redo " + std::to_string(r.count); }
        std::string operator()(const Note& n) const { return n.text.empty() ? "note" : "note " + n.text; }
    };
    return std::visit(Printer{}, command.action);
}

} // namespace rutland::gigabucks
