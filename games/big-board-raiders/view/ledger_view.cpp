#include "view/ledger_view.h"

#include "lang/effect_text.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/explain.h"
#include "base/safe_text.h"
#include "base/text.h"

namespace rutland::bbr {

// [SECTION] Filters

std::optional<LedgerFilter> ParseLedgerFilter(const GameState& names, std::string_view player, std::string_view company,
                                              std::string_view rule, std::string* error) {
    LedgerFilter f;
    if (!player.empty() && !(f.player = names.FindPlayer(player))) {
        *error = fmt::format("no player {}", player);
        return std::nullopt;
    }
    if (!company.empty() && !(f.company = ParseCompany(company))) {
        *error = fmt::format("no company {} (Y, B, R, G)", company);
        return std::nullopt;
    }
    f.rule = std::string(rule);
    return f;
}

bool EntryMatches(const Entry& entry, const LedgerFilter& filter, const GameState& names) {
    if (filter.Empty()) return true;
    // The player the rules took the actor for (names.h: "éVA: note" is Éva's).
    if (filter.player && entry.command.actor && names.FindPlayer(*entry.command.actor) == filter.player) return true;
    for (const Effect& fx : entry.effects) {
        if ((!filter.player || EffectInvolvesPlayer(fx, *filter.player)) &&
            (!filter.company || EffectInvolvesCompany(fx, *filter.company)) &&
            (filter.rule.empty() || SameIgnoringCase(fx.rule, filter.rule)))
            return true;
    }
    return false;
}

std::vector<int> FilterEntries(const Ledger& ledger, const LedgerFilter& filter) {
    std::vector<int> rows;
    rows.reserve(static_cast<size_t>(ledger.Size()));
    const GameState& names = ledger.State();
    for (int seq = 0; seq < ledger.Size(); ++seq)
        if (EntryMatches(ledger.At(seq), filter, names)) rows.push_back(seq);
    return rows;
}

// [SECTION] Rows

std::string ShortEffects(const Entry& entry, const GameState& names) {
    std::string out;
    for (const Effect& fx : entry.effects) {
        if (fx.kind == EffectKind::Info && fx.rule == "D-2") continue;
        out += (out.empty() ? "" : "; ") + ShortEffect(fx, names);
    }
    return out;
}

std::string_view CorrectionMark(const Entry& entry) {
    return entry.kind == EntryKind::Command && IsCount(entry.command.action) ? "[correction X-3] " : "";
}

std::string LogLine(const Store& store, int seq) {
    return LogLine(store.GetLedger().At(seq), store.Record(seq), store.GetLedger().State());
}

std::string LogLine(const Entry& e, const EntryRecord& r, const GameState& names) {
    const std::string effects = ShortEffects(e, names);
    // One line per entry whatever the file holds: a stamp an older Rutland let through (a newline
    // in who, bytes that are not UTF-8; basic_store.h invariant 14) is escaped, never printed raw.
    return PrintableText(fmt::format("{:>4}  {}  {:<8}  {}{}{}{}", e.seq, r.stamp.time, r.stamp.who, CorrectionMark(e),
                                     e.line, effects.empty() ? "" : "  | ", effects));
}

std::vector<char> UndoneEntries(const Ledger& ledger) {
    std::vector<char> undone(static_cast<size_t>(ledger.Size()), 0);
    for (int seq = 0; seq < ledger.Size(); ++seq)
        if (ledger.At(seq).kind == EntryKind::Command) undone[static_cast<size_t>(seq)] = 1;
    for (int seq : ledger.InEffect()) undone[static_cast<size_t>(seq)] = 0;
    return undone;
}

int UndoneBy(const Ledger& ledger, int seq) {
    if (ledger.At(seq).kind != EntryKind::Command) return -1;
    const std::vector<int>& active = ledger.InEffect();
    if (std::find(active.begin(), active.end(), seq) != active.end()) return -1;
    // The latest undo naming it: an undo, redo, undo again is undone by the last one.
    for (int u = ledger.Size() - 1; u > seq; --u) {
        const Entry& e = ledger.At(u);
        if (e.kind == EntryKind::Undo && std::find(e.targets.begin(), e.targets.end(), seq) != e.targets.end()) return u;
    }
    return -1;
}

std::string ClockTime(std::string_view t) {
    // ISO 8601 UTC as the app writes it: 2026-11-22T10:04:31Z
    const size_t tee = t.find('T');
    if (tee == std::string_view::npos || t.size() < tee + 9) return std::string(t);
    return std::string(t.substr(tee + 1, 8));
}

std::string UndoRedoLabel(const Ledger& ledger, bool redo) {
    const int target = redo ? ledger.NextRedo() : ledger.NextUndo();
    if (target < 0) return redo ? "Nothing to redo" : "Nothing to undo";
    return fmt::format("{} {}: {}", redo ? "Redo" : "Undo", target, ledger.At(target).line);
}

// [SECTION] Explanation and diff

std::vector<ExplainLine> ExplainEntry(const Store& store, int seq) {
    using Kind = ExplainLine::Kind;
    const Ledger& ledger = store.GetLedger();
    const Entry& e = ledger.At(seq);
    const EntryRecord& r = store.Record(seq);
    std::vector<ExplainLine> lines;
    // What happened first; who entered it, the command id and the hash last.
    lines.push_back({Kind::Title, fmt::format("Entry {}: {}", seq, e.line)});
    if (!CorrectionMark(e).empty())
        lines.push_back({Kind::About, "  a correction (X-3): the table's count, each quantity before -> after and what moved (X-1)"});
    if (!e.targets.empty()) {
        std::string line = fmt::format("  {} entr{}", e.kind == EntryKind::Undo ? "undoes" : "redoes", e.targets.size() == 1 ? "y" : "ies");
        for (int t : e.targets) line += fmt::format(" {}", t);
        lines.push_back({Kind::About, std::move(line)});
    }
    if (e.effects.empty()) lines.push_back({Kind::About, "  (no effects)"});
    // Entry 0 has no state before it (its effects make the first state): no arithmetic there.
    const std::vector<std::string> arithmetic =
        seq == 0 ? std::vector<std::string>(e.effects.size()) : EffectArithmetic(e.effects, ledger.StateAt(seq - 1));
    const RenderContext context = RenderContext::Of(ledger.State());
    for (size_t i = 0; i < e.effects.size(); ++i) {
        lines.push_back({Kind::Effect, fmt::format("  [{}] {}", e.effects[i].rule, EffectText(e.effects[i], context))});
        // Under the effect's text, past its "[rule] ".
        if (!arithmetic[i].empty())
            lines.push_back({Kind::Arithmetic, fmt::format("  {:{}}   {}", "", e.effects[i].rule.size(), arithmetic[i])});
    }
    lines.push_back({Kind::About, fmt::format("  entered {} by {} (command id {}), rules version {}", PrintableText(r.stamp.time),
                                              PrintableText(r.stamp.who), PrintableText(r.stamp.command_id), r.rules_version)});
    lines.push_back({Kind::About, fmt::format("  hash {} (fingerprint here {})", r.WrittenHash(), store.FingerprintAt(seq))});
    return lines;
}

std::vector<StateChange> DiffBetween(const Ledger& ledger, int from, int to) {
    return DiffStates(ledger.StateAt(from), ledger.StateAt(to));
}

std::vector<std::string> DiffEntries(const Store& store, int from, int to) {
    const Ledger& ledger = store.GetLedger();
    std::vector<std::string> lines;
    lines.push_back(fmt::format("From entry {} (fingerprint {}) to entry {} (fingerprint {})", from, store.FingerprintAt(from), to,
                                store.FingerprintAt(to)));
    for (int seq = std::min(from, to) + 1; seq <= std::max(from, to); ++seq)
        lines.push_back(fmt::format("  {:>4}: {}", seq, ledger.At(seq).line));
    lines.push_back("Changes:");
    const std::vector<StateChange> changes = DiffBetween(ledger, from, to);
    for (const StateChange& c : changes) lines.push_back(fmt::format("  {}: {} -> {}", c.path, c.before, c.after));
    if (changes.empty()) lines.push_back("  (none)");
    return lines;
}

} // namespace rutland::bbr
