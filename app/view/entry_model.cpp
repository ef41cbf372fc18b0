#include "entry_model.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "report/instructions.h"
#include "rules/rules.h"

namespace rutland::view {

namespace {

constexpr std::string_view kCommands[] = {"roll",     "time",   "end",     "buy",      "sell",     "short", "cover",
                                          "dir",      "convert", "rights", "call",     "put",      "exercise",
                                          "transfer", "escrow", "declare", "year-end", "player",   "undo",  "redo",
                                          "note",     "board"};

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

void AddUnique(std::vector<std::string>& out, std::string line) {
    if (std::find(out.begin(), out.end(), line) == out.end()) out.push_back(std::move(line));
}

} // namespace

std::string ExpandQuickForm(std::string_view text) {
    const std::string_view t = Trim(text);
    if (t == "e") return "end";
    if (auto trade = QuickTrade(t)) return *trade;
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

std::string CommonPrefix(const std::vector<std::string>& lines) {
    if (lines.empty()) return {};
    std::string prefix = lines.front();
    for (const std::string& l : lines) {
        size_t n = 0;
        while (n < prefix.size() && n < l.size() && prefix[n] == l[n]) ++n;
        prefix.resize(n);
    }
    return prefix;
}

std::vector<std::string> Complete(std::string_view text_in, const GameState& state, const LegalNow& legal, const Ledger* ledger) {
    std::vector<std::string> out;
    const std::string text(text_in);
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
        for (std::string_view c : kCommands) choices.emplace_back(c);
        if (k == 0) players(":");
    } else {
        const std::string cmd = Lower(words[k]);
        const size_t arg = position - 1;  // index of the argument being typed
        if (cmd == "roll") {
            if (arg >= 3) spaces();
        } else if (cmd == "buy" || cmd == "sell") {
            if (arg == 0) companies();
            else if (arg == 1) choices = {"pref", "bond", "5k", "10k", "15k", "20k"};
            else if (arg == 2) choices = {"5k", "10k", "15k", "20k"};
        } else if (cmd == "short" || cmd == "cover" || cmd == "rights" || cmd == "call" || cmd == "put") {
            if (arg == 0) companies();
            else if (arg == 1) choices = {"5k", "10k", "15k", "20k"};
        } else if (cmd == "dir") {
            if (arg == 0) companies();
        } else if (cmd == "convert") {
            if (arg == 0) companies();
            else if (arg == 1) choices = {"pref", "common", "bond"};
            else if (arg == 2) choices = {"5k", "10k", "20k"};
        } else if (cmd == "exercise") {
            if (arg == 0) options();
            else if (arg == 1) choices = {"cash", "buy", "cover", "sell", "short"};
        } else if (cmd == "transfer") {
            if (arg == 0) options();
            else if (arg == 1) players("");
        } else if (cmd == "escrow") {
            if (arg == 0) choices = {"switch", "give-up"};
            else if (arg == 1 && Lower(words[k + 1]) == "switch") companies();
        } else if (cmd == "player") {
            if (arg == 0) players("");
        } else if (cmd == "time") {
            choices = {"high-vol", "card=T-", "delist="};
            spaces();
        } else if (cmd == "board") {
            if (arg == 0) spaces();
            else choices = {"trend=", "ask=", "bid=", "kind=", "pos="};
        } else if ((cmd == "undo" || cmd == "redo") && arg == 0 && ledger) {
            const int n = cmd == "undo" ? ledger->UndoableCount() : ledger->RedoableCount();
            for (int i = 1; i <= std::min(n, 5); ++i) choices.push_back(std::to_string(i));
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
    p.expanded = ExpandQuickForm(text);
    if (Trim(p.expanded).empty()) return p;
    p.parsed = ParseCommand(p.expanded);
    const ParseResult& parsed = p.parsed;
    if (parsed.error) {
        p.kind = Preview::Kind::Rejected;
        p.text = parsed.error->message;
        p.rule = parsed.error->rule;
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
    ApplyResult r = Apply(copy, command);
    if (!r.accepted) {
        p.kind = Preview::Kind::Rejected;
        p.text = r.rejection.message;
        p.rule = r.rejection.rule;
        return p;
    }
    p.kind = Preview::Kind::Accepted;
    p.warnings = WarningsFor(state, r.effects);
    for (const Effect& e : r.effects)
        if (UsesUnverifiedFact(e)) p.provisional = true;
    p.text = SummarizeEffects(r.effects, RenderContext::Of(state));
    if (p.text.empty()) p.text = PrintCommand(r.canonical);
    return p;
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
    return session.Submit(*preview->parsed.command, time, who);
}

void History::Add(std::string line) {
    if (line.empty()) return;
    if (m_lines.empty() || m_lines.back() != line) m_lines.push_back(std::move(line));
    ResetPosition();
}

std::string History::Step(int direction) {
    const int n = static_cast<int>(m_lines.size());
    m_pos = std::clamp(m_pos + (direction < 0 ? -1 : 1), 0, n);
    return m_pos == n ? std::string() : m_lines[static_cast<size_t>(m_pos)];
}

} // namespace rutland::view
