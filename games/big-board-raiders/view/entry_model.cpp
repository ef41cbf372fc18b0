#include "view/entry_model.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "base/edit_distance.h"
#include "lang/command_table.h"
#include "report/instructions.h"
#include "rules/rules.h"

namespace rutland::bbr {

namespace {

std::string Lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool StartsWithNoCase(std::string_view text, std::string_view prefix) {
    if (prefix.size() > text.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) return false;
    return true;
}

std::string_view Trim(std::string_view s) {
    const size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string_view::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

std::vector<std::string> Words(std::string_view s) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        size_t j = i;
        while (j < s.size() && s[j] != ' ') ++j;
        if (j > i) out.emplace_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool AllDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '1' && c <= '6'; });
}

// "+b10", "-r5", "+y pref 10": a trade in thousands of shares.
std::optional<std::string> QuickTrade(std::string_view t) {
    if (t.size() < 3 || (t[0] != '+' && t[0] != '-')) return std::nullopt;
    const char* verb = t[0] == '+' ? "buy" : "sell";
    std::string_view rest = Trim(t.substr(1));
    if (rest.empty()) return std::nullopt;
    const auto company = ParseCompany(rest.substr(0, 1));
    if (!company) return std::nullopt;
    rest = Trim(rest.substr(1));
    std::string security;
    for (std::string_view word : {std::string_view("pref"), std::string_view("bond")})
        if (rest.starts_with(word)) {
            security = " " + std::string(word);
            rest = Trim(rest.substr(word.size()));
        }
    if (rest.empty() || !std::all_of(rest.begin(), rest.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::nullopt;
    return fmt::format("{} {}{} {}k", verb, GetProspectus(*company).letter, security, rest);
}

bool EqualsNoCase(std::string_view a, std::string_view b) { return a.size() == b.size() && StartsWithNoCase(a, b); }

// "342 ti", "3 4 2 @ti": a quick roll whose space is being typed. The dice part as typed, and the
// partial space name (after an optional '@').
std::optional<std::pair<std::string, std::string>> QuickRollSpacePart(std::string_view t) {
    int dice = 0;
    size_t i = 0;
    while (i < t.size() && dice < 3) {
        if (t[i] == ' ') {
            ++i;
            continue;
        }
        if (t[i] < '1' || t[i] > '6') return std::nullopt;
        ++dice;
        ++i;
    }
    if (dice < 3 || i >= t.size() || (t[i] != ' ' && t[i] != '@')) return std::nullopt;
    while (i < t.size() && t[i] == ' ') ++i;
    std::string prefix(t.substr(0, i));
    if (i < t.size() && t[i] == '@') prefix += t[i++];
    const std::string_view partial = t.substr(i);
    if (partial.find(' ') != std::string_view::npos) return std::nullopt;
    return std::make_pair(prefix, std::string(partial));
}

void AddUnique(std::vector<std::string>& out, std::string line) {
    if (std::find(out.begin(), out.end(), line) == out.end()) out.push_back(std::move(line));
}

// "sr5" / "s r5" short, "cr5" / "c r5" cover: thousands of shares, like the trades.
std::optional<std::string> QuickShortOrCover(std::string_view t) {
    if (t.size() < 3 || (t[0] != 's' && t[0] != 'c')) return std::nullopt;
    std::string_view rest = Trim(t.substr(1));
    if (rest.size() < 2) return std::nullopt;
    const auto company = ParseCompany(rest.substr(0, 1));
    rest = Trim(rest.substr(1));
    if (!company || rest.empty() || !std::all_of(rest.begin(), rest.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::nullopt;
    return fmt::format("{} {} {}k", t[0] == 's' ? "short" : "cover", GetProspectus(*company).letter, rest);
}

} // namespace

std::string ExpandQuickForm(std::string_view text) {
    const std::string_view t = Trim(text);
    if (t == "e") return "end";
    if (auto trade = QuickTrade(t)) return *trade;
    if (auto short_cover = QuickShortOrCover(t)) return *short_cover;
    // "#3 cash": exercise option #3 (O-4, O-5).
    if (t.size() >= 2 && t[0] == '#' && std::isdigit(static_cast<unsigned char>(t[1]))) return "exercise " + std::string(t);
    // Dice: "342", "3 4 2", optionally followed by a space name ("342 fulw", "342@fulw").
    std::string dice;
    size_t i = 0;
    while (i < t.size() && dice.size() < 3) {
        if (t[i] == ' ') {
            ++i;
            continue;
        }
        if (t[i] < '1' || t[i] > '6') break;
        dice += t[i++];
    }
    if (dice.size() == 3 && (i == t.size() || t[i] == ' ' || t[i] == '@')) {
        std::string_view rest = Trim(t.substr(i));
        if (!rest.empty() && rest[0] == '@') rest = Trim(rest.substr(1));
        if (rest.empty()) return fmt::format("roll {} {} {}", dice[0], dice[1], dice[2]);
        if (rest.find(' ') == std::string_view::npos && !AllDigits(rest))
            return fmt::format("roll {} {} {} @{}", dice[0], dice[1], dice[2], rest);
    }
    return std::string(text);
}

std::vector<std::string> Complete(std::string_view text_in, const GameState& state, const LegalNow& legal, const Ledger* ledger) {
    std::vector<std::string> out;
    const std::string text(text_in);
    // Inside a quick form: "342 ti" completes the space and stays a quick form ("342 time-1 ").
    if (auto quick = QuickRollSpacePart(text)) {
        for (const Space& sp : state.board->Spaces())
            if (StartsWithNoCase(sp.name, quick->second) && sp.name != quick->second) AddUnique(out, quick->first + sp.name + " ");
        return out;
    }
    // "#3 c": the exercise quick form completes its mode from the command table.
    if (text.size() >= 3 && text[0] == '#' && std::isdigit(static_cast<unsigned char>(text[1]))) {
        const size_t space = text.find(' ');
        const CommandInfo* exercise = FindCommand("exercise");
        if (space != std::string::npos && exercise && text.find(' ', space + 1) == std::string::npos) {
            const std::string_view partial = std::string_view(text).substr(space + 1);
            for (std::string_view mode : exercise->args[1].words)
                if (!mode.empty() && StartsWithNoCase(mode, partial) && mode != partial)
                    AddUnique(out, text.substr(0, space + 1) + std::string(mode) + " ");
        }
        return out;
    }
    // Commands legal now that continue what was typed, whole.
    std::vector<Command> now = legal.trades;
    now.insert(now.end(), legal.other.begin(), legal.other.end());
    if (legal.end) now.push_back(Command{std::nullopt, EndTurn{}});
    for (const Command& c : now) {
        std::string line = PrintCommand(c);
        if (StartsWithNoCase(line, Trim(text)) && line != Trim(text)) AddUnique(out, std::move(line));
    }
    // The word at the cursor.
    const bool at_new_word = text.empty() || text.back() == ' ';
    std::vector<std::string> words = Words(text);
    const std::string partial = at_new_word || words.empty() ? std::string() : words.back();
    if (!at_new_word && !words.empty()) words.pop_back();
    const std::string head = text.substr(0, text.size() - partial.size());
    size_t k = 0;  // the command keyword's index (after an actor "Bob:")
    if (!words.empty() && words[0].back() == ':') k = 1;
    std::vector<std::string> choices;
    auto players = [&](std::string suffix) {
        for (const PlayerState& p : state.players) choices.push_back(p.name + suffix);
    };
    auto companies = [&] {
        for (Company c : kCompanies) choices.push_back(std::string(1, GetProspectus(c).letter));
    };
    auto spaces = [&] {
        for (const Space& s : state.board->Spaces()) choices.push_back("@" + s.name);
    };
    auto options = [&] {
        for (const OptionCard& o : state.options) choices.push_back(fmt::format("#{}", o.id));
    };
    const size_t position = words.size() - std::min(words.size(), k);  // words typed after the keyword
    if (words.size() <= k) {
        for (const CommandInfo& c : Commands())
            if (!c.header) choices.emplace_back(c.keyword);
        if (k == 0) players(":");
    } else if (const CommandInfo* command = FindCommand(Lower(words[k]))) {
        // What the argument being typed can be: the command table's words and sources (lang/command_table.h).
        const size_t arg = position - 1;
        if (const ArgSpec* spec = ArgumentAt(*command, arg);
            spec && (spec->when_first.empty() || (words.size() > k + 1 && Lower(words[k + 1]) == spec->when_first))) {
            for (std::string_view w : spec->words)
                if (!w.empty()) choices.emplace_back(w);
            if (Has(spec->from, ArgSource::Companies)) companies();
            if (Has(spec->from, ArgSource::Spaces)) spaces();
            if (Has(spec->from, ArgSource::Players)) players("");
            if (Has(spec->from, ArgSource::Options)) options();
            if (Has(spec->from, ArgSource::UndoCount) && ledger) {
                const int n = command->keyword == "undo" ? ledger->UndoableCount() : ledger->RedoableCount();
                for (int i = 1; i <= std::min(n, 5); ++i) choices.push_back(std::to_string(i));
            }
            if (Has(spec->from, ArgSource::CountKeys) && words.size() > k + 1) {  // X-1: what the table shows
                if (Lower(words[k + 1]) == "market") {
                    for (const char* key : {"Y=", "B=", "R=", "G=", "vol=", "delisted=", "year=", "cards=", "turn="}) choices.emplace_back(key);
                } else {
                    for (const char* key : {"cash=", "escrow=", "proxies=", "+proxies="}) choices.emplace_back(key);
                    for (Company c : kCompanies) {
                        const std::string letter(1, GetProspectus(c).letter);
                        for (const char* key : {"=", "-short=", "-dir="}) choices.push_back(letter + key);
                        choices.push_back(letter + (GetProspectus(c).bonds_convertible ? "-bond=" : "-deb="));
                        if (GetProspectus(c).preferred_shares > 0) choices.push_back(letter + "-pref=");
                    }
                }
            }
        }
    }
    for (const std::string& c : choices) {
        if (!StartsWithNoCase(c, partial) || c == partial) continue;
        const bool open_ended = c.back() == '=' || c.back() == ':' || c.ends_with("T-");
        AddUnique(out, head + c + (open_ended ? "" : " "));
    }
    return out;
}

std::string SummarizeEffects(const Effects& effects, const RenderContext& context, size_t max_items) {
    std::vector<std::string> parts;
    size_t hidden = 0;
    const Effect* previous = nullptr;
    for (const Effect& e : effects) {
        std::string part;
        switch (e.kind) {
            case EffectKind::Cash: part = EffectBrief(e, context); break;
            case EffectKind::Certificates:
                // "Ann takes 20,000 Yellow from the tray" only repeats the payment before it.
                if (previous && previous->kind == EffectKind::Cash && previous->rule == e.rule) break;
                part = EffectText(e, context);
                break;
            case EffectKind::Price:
                part = fmt::format("{} -> {}", GetProspectus(e.company).name, FormatPrice(e.to_ticks));
                break;
            case EffectKind::Info:
                if (e.rule == "D-2" || e.rule == "note") break;  // flagged separately; a note says itself
                part = EffectText(e, context);
                break;
            default:
                part = EffectText(e, context);
        }
        previous = &e;
        if (part.empty()) continue;
        if (parts.size() < max_items)
            parts.push_back(std::move(part));
        else
            ++hidden;
    }
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
    if (hidden) out += fmt::format("; and {} more", hidden);
    return out;
}

Preview PreviewLine(std::string_view text, const GameState& state, const Ledger* ledger) {
    Preview p;
    p.typed = std::string(text);
    if (ledger) p.entries = ledger->Size();
    p.expanded = ExpandQuickForm(text);
    if (Trim(p.expanded).empty()) return p;
    p.parsed = ParseCommand(p.expanded);
    const ParseResult& parsed = p.parsed;
    auto near_miss = [&] {
        if (auto miss = DidYouMean(p.expanded, state)) {
            p.did_you_mean = miss->line;
            p.misspelt = miss->word;
            p.nearest = miss->name;
        }
    };
    if (parsed.error) {
        p.kind = Preview::Kind::Rejected;
        p.text = parsed.error->message;
        p.rule = parsed.error->rule;
        near_miss();
        return p;
    }
    if (!parsed.command) return p;  // a comment
    const Command& command = *parsed.command;
    auto undo_redo = [&](int count, bool undo) {
        const int available = undo ? ledger->UndoableCount() : ledger->RedoableCount();
        if (count < 1 || count > available) {
            p.kind = Preview::Kind::Rejected;
            p.text = fmt::format("only {} command{} to {}", available, available == 1 ? "" : "s", undo ? "undo" : "redo");
            p.rule = "COMMANDS.md";
            return;
        }
        p.kind = Preview::Kind::Accepted;
        std::vector<std::string> lines;
        if (undo) {
            const std::vector<int>& active = ledger->InEffect();
            for (int i = 0; i < count; ++i) {
                const int seq = active[active.size() - 1 - static_cast<size_t>(i)];
                lines.push_back(fmt::format("entry {}: {}", seq, ledger->At(seq).line));
            }
        } else {
            lines.push_back(fmt::format("entry {}: {}", ledger->NextRedo(), ledger->At(ledger->NextRedo()).line));
            if (count > 1) lines.push_back(fmt::format("and {} more", count - 1));
        }
        p.text = (undo ? "undoes " : "redoes ");
        for (size_t i = 0; i < lines.size(); ++i) p.text += (i ? "; " : "") + lines[i];
        if (undo) {
            // What is taken back: the warnings its commands gave, said as undone.
            const std::vector<int>& active = ledger->InEffect();
            for (int i = 0; i < count; ++i) {
                const size_t at = active.size() - 1 - static_cast<size_t>(i);
                const GameState before = ledger->StateAt(at == 0 ? 0 : active[at - 1]);
                for (Warning w : WarningsFor(before, ledger->At(active[at]).effects)) {
                    w.text = fmt::format("takes back entry {}: {}", active[at], w.text);
                    p.warnings.push_back(std::move(w));
                }
            }
            p.steps = UndoInstructions(*ledger, count);
        } else {
            // Redo applies the next undone command again, to the state it was first applied to.
            p.warnings = WarningsFor(state, ledger->At(ledger->NextRedo()).effects);
            // What the table does again: that command's instructions, as they were first given
            // (a redo of several: the next one's; the confirm says how many more).
            p.steps = BrokerInstructions(ledger->At(ledger->NextRedo()).effects, ledger->StateAt(ledger->NextRedo()));
        }
    };
    if (const auto* u = std::get_if<Undo>(&command.action); u && ledger) {
        undo_redo(u->count, true);
        return p;
    }
    if (const auto* r = std::get_if<Redo>(&command.action); r && ledger) {
        undo_redo(r->count, false);
        return p;
    }
    GameState copy = state;
    // A roll typed while the current player's turn is still open (T-1) is the next roll: Enter
    // ends the turn first (T-5: after doubles the same player rolls again) and then rolls. The
    // preview says so; the ledger gets the two entries, `end` and the roll.
    std::string ended;
    if (std::holds_alternative<Roll>(command.action) && state.rolled && !command.actor) {
        GameState after_end = state;
        const ApplyResult end = Apply(after_end, Command{std::nullopt, EndTurn{}});
        GameState trial = after_end;
        const ApplyResult next = end.accepted ? Apply(trial, command) : ApplyResult{};
        if (end.accepted && !next.accepted) {  // the next roll's own problem, not "enter 'end' first"
            p.kind = Preview::Kind::Rejected;
            p.text = fmt::format("after {}'s turn ends: {}", state.players[static_cast<size_t>(state.current)].name, next.rejection.message);
            p.rule = next.rejection.rule;
            near_miss();
            return p;
        }
        if (end.accepted) {
            const std::string& me = state.players[static_cast<size_t>(state.current)].name;
            ended = state.doubles && after_end.current == state.current
                        ? fmt::format("ends {}'s turn; doubles (T-5): {} rolls again", me, me)
                        : fmt::format("ends {}'s turn", me);
            const std::string year_end = SummarizeEffects(end.effects, RenderContext::Of(state), 2);
            if (after_end.year != state.year && !year_end.empty()) ended += " after the year end: " + year_end;
            copy = std::move(after_end);
            p.ends_turn_first = true;
        }
    }
    ApplyResult r = Apply(copy, command);
    if (!r.accepted) {
        p.kind = Preview::Kind::Rejected;
        p.text = r.rejection.message;
        p.rule = r.rejection.rule;
        near_miss();
        return p;
    }
    p.kind = Preview::Kind::Accepted;
    p.warnings = WarningsFor(state, r.effects);
    for (const Effect& e : r.effects)
        if (UsesUnverifiedFact(e)) p.provisional = true;
    p.text = SummarizeEffects(r.effects, RenderContext::Of(copy));
    if (p.ends_turn_first) p.text = ended + ", then: " + p.text;
    if (p.text.empty()) p.text = PrintCommand(r.canonical);
    return p;
}

std::optional<NearMiss> DidYouMean(std::string_view expanded, const GameState& state) {
    std::vector<std::string> words = Words(expanded);
    size_t k = 0;  // the keyword's index (after an actor "Bob:")
    if (!words.empty() && words[0].back() == ':') k = 1;
    if (words.size() <= k) return std::nullopt;
    const CommandInfo* command = FindCommand(Lower(words[k]));
    if (!command) return std::nullopt;
    for (size_t i = k + 1; i < words.size(); ++i) {
        const ArgSpec* spec = ArgumentAt(*command, i - k - 1);
        if (!spec) break;
        const std::string& word = words[i];
        const bool at = word.starts_with('@');
        const std::string_view bare = std::string_view(word).substr(at ? 1 : 0);
        if (bare.empty() || bare.find('=') != std::string_view::npos) continue;
        std::vector<std::string> names;  // as they are written in a line
        if (Has(spec->from, ArgSource::Spaces) && (at || command->keyword != "time"))
            for (const Space& sp : state.board->Spaces()) names.push_back(sp.name);
        if (Has(spec->from, ArgSource::Players))
            for (const PlayerState& p : state.players) names.push_back(p.name);
        if (Has(spec->from, ArgSource::Companies))
            for (Company c : kCompanies) names.emplace_back(GetProspectus(c).name);
        if (names.empty()) continue;
        if (Has(spec->from, ArgSource::Companies) && ParseCompany(bare)) continue;
        if (std::any_of(names.begin(), names.end(), [&](const std::string& n) { return EqualsNoCase(n, bare); })) continue;
        const size_t allowed = std::max<size_t>(1, std::min<size_t>(2, bare.size() / 5 + 1));
        size_t best = allowed + 1;
        int count = 0;
        std::string nearest;
        for (const std::string& n : names) {
            const size_t d = EditDistanceIgnoringCase(bare, n);
            if (d < best) {
                best = d;
                count = 1;
                nearest = n;
            } else if (d == best && !EqualsNoCase(n, nearest)) {
                ++count;
            }
        }
        if (best > allowed || count != 1) continue;
        words[i] = (at ? "@" : "") + nearest;
        std::string line;
        for (const std::string& w : words) line += (line.empty() ? "" : " ") + w;
        return NearMiss{line, word, (at ? "@" : "") + nearest};
    }
    return std::nullopt;
}

Command ConfirmCommand(bool redo) {
    Command c;
    if (redo) c.action = Redo{1};
    else c.action = Undo{1};
    return c;
}

Preview ConfirmPreview(bool redo, const GameState& state, const Ledger& ledger) {
    return PreviewLine(redo ? "redo" : "undo", state, &ledger);
}

SubmitOutcome SubmitEntry(Session& session, std::string_view typed, const Preview* preview, const std::string& time,
                          const std::string& who) {
    if (!preview || preview->typed != typed) return session.Submit(ExpandQuickForm(typed), time, who);
    SubmitOutcome out;
    if (preview->parsed.error) {
        out.status = SubmitStatus::Rejected;
        out.rejection = *preview->parsed.error;
        return out;
    }
    if (!preview->parsed.command) return out;  // Blank
    std::optional<int> expected;
    if (preview->entries >= 0) expected = preview->entries;
    if (preview->ends_turn_first) {  // the roll of the next turn: `end` first (PreviewLine)
        SubmitOutcome end = session.Submit(Command{std::nullopt, EndTurn{}}, time, who, expected);
        if (!end.accepted) return end;
        if (expected) expected = end.seq + 1;
    }
    return session.Submit(*preview->parsed.command, time, who, expected);
}

} // namespace rutland::bbr
