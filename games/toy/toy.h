// The toy game: a test game that proves the kernel and the shell know no particular game. Players
// have counters; `add A 3` adds to one, `give A B 2` moves some; no counter may go below zero (rule
// T-1). Its rules are games/toy/docs/RULES.md. Header `game toy players=A,B` (the game word `toy`,
// kernel/game_word.h); `undo N` / `redo N` are the ledger's. It includes the kernel only; what the
// game file needs of it (BasicStore<Toy>) is its last part.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/names.h"
#include "kernel/ruleset.h"

namespace rutland::toy {

// Outside Toy: clang 14 takes a nested struct with default member initialisers for not default
// constructible while the enclosing class is being defined, and remembers it.
struct ToyState {
    std::map<std::string, int64_t> counters;
    int64_t added = 0;  // what `add` put in: the counters always sum to it (Check)
    bool operator==(const ToyState&) const = default;
};
struct ToyCommand {
    std::string op;  // game, add, give, undo, redo
    std::string a, b;
    int64_t n = 0;
    bool operator==(const ToyCommand&) const = default;
};
struct ToyEffect { std::string rule, who; int64_t delta = 0; };

struct Toy {
    using State = ToyState;
    using Command = ToyCommand;
    using Effect = ToyEffect;
    struct Header { std::vector<std::string> players; };
    using Effects = std::vector<Effect>;
    struct Started { std::optional<State> state; std::optional<rutland::Rejection> rejection; Effects effects; Command canonical; };
    struct Applied { bool accepted = false; rutland::Rejection rejection; Effects effects; Command canonical; };
    struct Parsed { std::optional<Command> command; std::optional<rutland::Rejection> error; };

    static Started Start(const Header& h) {
        if (h.players.empty()) return {std::nullopt, rutland::Rejection{"a game needs a player", "T-0"}, {}, {}};
        State s;
        std::string names;
        for (const std::string& p : h.players) s.counters[p] = 0, names += (names.empty() ? "" : ",") + p;
        return {s, std::nullopt, {}, Command{"game", names, "", 0}};  // a: the players, comma-separated
    }
    static Applied Apply(State& s, const Command& c) {
        Applied r;
        if (!s.counters.count(c.a) || (c.op == "give" && !s.counters.count(c.b)))
            return r.rejection = {"no such player", "T-2"}, r;
        if (s.counters[c.a] - (c.op == "give" ? c.n : -c.n) < 0 || (c.op == "give" && c.n < 0))
            return r.rejection = {"a counter cannot go below zero", "T-1"}, r;
        if (c.op == "add") s.counters[c.a] += c.n, s.added += c.n, r.effects.push_back({"T-3", c.a, c.n});
        if (c.op == "give") s.counters[c.a] -= c.n, s.counters[c.b] += c.n, r.effects = {{"T-4", c.a, -c.n}, {"T-4", c.b, c.n}};
        r.accepted = true;
        r.canonical = c;
        return r;
    }
    static Parsed Parse(std::string_view line) {
        std::istringstream in{std::string(line)};
        Command c;
        if (!(in >> c.op) || c.op[0] == '#') return {};
        const bool ok = c.op == "add" ? bool(in >> c.a >> c.n) : c.op == "give" ? bool(in >> c.a >> c.b >> c.n)
                        : c.op == "game" ? ParsePlayers(in, &c.a)
                        : (c.op == "undo" || c.op == "redo") ? bool(in >> c.n) : false;
        std::string extra;
        if (ok && c.op == "game" && in >> extra && extra.rfind("players=", 0) == 0)
            return {std::nullopt, rutland::Rejection{"players= is given twice in the header", "TOY.md"}};
        if (!ok || !extra.empty() || in >> extra) return {std::nullopt, rutland::Rejection{"not a toy command", "TOY.md"}};
        if (c.op == "game")
            if (std::optional<std::string> why = PlayersProblem(c.a)) return {std::nullopt, rutland::Rejection{*why, "T-0"}};
        return {c, std::nullopt};
    }
    // The header's players as every game's are (core/base/names.h rules 1, 2 and 4): no control,
    // bidi or invisible character, no name twice and no two that look alike. (The toy's RULES.md has
    // no rule of names: T-0, the header's, is cited.)
    static std::optional<std::string> PlayersProblem(const std::string& players) {
        std::vector<std::string> names{""};
        for (char ch : players) ch == ',' ? void(names.emplace_back()) : void(names.back() += ch);
        for (const std::string& name : names)
            if (std::optional<std::string> problem = rutland::TypedNameProblem(name))
                return "a player's name may not hold " + *problem + ": '" + rutland::ShowName(name) + "'";
        if (const std::optional<rutland::NameClash> clash = rutland::FirstNameClash(names))
            return rutland::NameClashWords(names[clash->earlier], names[clash->later], clash->same);
        return std::nullopt;
    }
    // `toy players=A,B` after `game`: the players, comma-separated, into *players.
    static bool ParsePlayers(std::istream& in, std::string* players) {
        std::string word, option;
        if (!(in >> word >> option) || word != kGameName || option.rfind("players=", 0) != 0) return false;
        *players = option.substr(8);
        return !players->empty();
    }
    static std::string Print(const Command& c) {
        if (c.op == "game") return "game " + std::string(kGameName) + " players=" + c.a;
        if (c.op == "give") return "give " + c.a + " " + c.b + " " + std::to_string(c.n);
        return c.op + (c.op == "add" ? " " + c.a : "") + " " + std::to_string(c.n);
    }
    static std::optional<std::string> Check(const State& s) {
        int64_t sum = 0;
        for (const auto& [who, n] : s.counters) sum += n;
        if (sum != s.added) return "the counters sum to " + std::to_string(sum) + ", not " + std::to_string(s.added);
        return std::nullopt;
    }
    static std::optional<rutland::LedgerOp> LedgerOpOf(const Command& c) {
        if (c.op != "undo" && c.op != "redo") return std::nullopt;
        return rutland::LedgerOp{c.op == "undo" ? rutland::LedgerOpKind::Undo : rutland::LedgerOpKind::Redo, int(c.n)};
    }
    static Command LedgerCommand(rutland::LedgerOp op) {
        return {op.kind == rutland::LedgerOpKind::Undo ? "undo" : "redo", "", "", op.count};
    }
    static Effect LedgerEffect(const rutland::LedgerNote& n) {
        return {n.kind == rutland::LedgerOpKind::Undo ? "undo" : "redo",
                n.summed ? std::to_string(n.first) + ".." + std::to_string(n.last) : std::string(n.first_line), n.count};
    }
    // The game file's part (kernel/ruleset.h DurableRuleset): effects as NUL-separated fields, the
    // header back from a parsed `game toy players=A,B`, the state as text; rules version 1.
    static std::string Encode(const Effects& effects) {
        std::string out;
        for (const Effect& e : effects) out += e.rule + '\0' + e.who + '\0' + std::to_string(e.delta) + '\0';
        return out;
    }
    static std::optional<Effects> Decode(std::string_view bytes, std::string* error) {
        std::vector<std::string> f{""};
        for (char ch : bytes) ch ? void(f.back() += ch) : void(f.emplace_back());
        if (f.size() % 3 != 1 || !f.back().empty()) return *error = "not toy effects", std::nullopt;
        Effects out;
        for (size_t i = 0; i + 3 < f.size(); i += 3) out.push_back({f[i], f[i + 1], std::stoll(f[i + 2])});
        return out;
    }
    static Parsed ParseStored(std::string_view line) { return Parse(line); }
    static std::optional<Header> HeaderOf(const Command& c) {
        if (c.op != "game") return std::nullopt;
        Header h{{""}};
        for (char ch : c.a) ch == ',' ? void(h.players.emplace_back()) : void(h.players.back() += ch);
        return h;
    }
    static std::string Snapshot(const State& s) {
        std::string out = "added=" + std::to_string(s.added);
        for (const auto& [who, n] : s.counters) out += " " + who + "=" + std::to_string(n);
        return out;
    }
    static constexpr int kRulesVersion = 1;
    // What a line the toy's language refuses cites (games/toy/docs/RULES.md, "The language").
    static constexpr std::string_view kLanguageRule = "TOY.md";
    // The game word of its header and the game its files record (kernel/game_word.h).
    static constexpr std::string_view kGameName = "toy";
};

static_assert(rutland::Ruleset<Toy> && rutland::DurableRuleset<Toy>);

} // namespace rutland::toy
