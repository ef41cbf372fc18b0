#include "ledger/ledger.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace rutland {

std::string PrintHeader(const GameHeader& header) { return PrintCommand(Command{std::nullopt, header}); }

namespace {

// One undone or redone command, listed (invariant 7): its entry and line.
Effect ListedUndoRedo(EffectWhat what, const char* rule, int seq, const std::string& line) {
    Effect e;
    e.kind = EffectKind::Info;
    e.rule = rule;
    e.what = what;
    e.n = {seq};
    e.quote = line;
    return e;
}

// More than kListedUndoRedo commands in one undo or redo (invariant 7): how many, the first and the
// last, and their lines in `quote` (a table-language line never holds a newline, so one separates them).
Effect SummedUndoRedo(EffectWhat what, const char* rule, const std::vector<int>& targets, const std::string& first_line,
                      const std::string& last_line) {
    Effect e;
    e.kind = EffectKind::Info;
    e.rule = rule;
    e.what = what;
    e.n = {static_cast<int64_t>(targets.size()), targets.front(), targets.back()};
    e.quote = first_line + "\n" + last_line;
    return e;
}

} // namespace

std::optional<Ledger> Ledger::Start(const GameHeader& header, Rejection* rejection) {
    StartResult start = StartGame(header);
    if (!start.state) {
        if (rejection) *rejection = *start.rejection;
        return std::nullopt;
    }
    Ledger ledger;
    ledger.m_start = *start.state;
    ledger.m_state = *start.state;
    Entry entry;
    entry.seq = 0;
    entry.kind = EntryKind::Header;
    entry.command = Command{std::nullopt, start.canonical};
    entry.line = PrintCommand(entry.command);
    entry.effects = std::move(start.effects);
    ledger.m_entries.push_back(std::move(entry));
    return ledger;
}

void Ledger::Append(Entry entry) {
    entry.seq = Size();
    m_entries.push_back(std::move(entry));
}

// Invariant 2: a command that was accepted is accepted again on the same state; if not, the
// ledger and the rules disagree and nothing built on either can be trusted.
Effects Ledger::Reapply(GameState& state, int seq) const {
    ApplyResult r = Apply(state, At(seq).command);
    if (!r.accepted)
        throw std::logic_error(fmt::format("ledger entry {} no longer replays: {}", seq, r.rejection.ToString()));
    return std::move(r.effects);
}

GameState& Ledger::Spare() {
    if (m_ring.size() == kRecentStates + 1) return Recent(m_recent);
    // Still filling (the head is 0): the slot after the recent states, made when first needed.
    if (m_recent < m_ring.size()) return m_ring[m_recent];
    if (m_ring.empty()) m_ring.reserve(kRecentStates + 1);  // slots never move once made
    return m_ring.emplace_back();
}

void Ledger::PutInEffect(int seq) {
    m_active.push_back(seq);
    if (m_active.size() % kCheckpointEvery == 0) m_checkpoints.push_back(m_state);
    if (m_recent < kRecentStates)
        ++m_recent;
    else
        m_ring_head = (m_ring_head + 1) % m_ring.size();  // the oldest recent state becomes the spare
}

// Undoing the last `count` commands in effect: the state before the first of them when it is
// still among the recent states (a swap), else a replay from the last checkpoint (Rebuild).
void Ledger::TakeOutOfEffect(int count) {
    const auto n = static_cast<size_t>(count);
    m_active.resize(m_active.size() - n);
    if (n <= m_recent) {
        std::swap(m_state, Recent(m_recent - n));  // a swap: the slot keeps buffers for reuse
        m_recent -= n;
        const size_t usable = m_active.size() / kCheckpointEvery;
        if (m_checkpoints.size() > usable) m_checkpoints.resize(usable);
        return;
    }
    m_recent = 0;
    Rebuild();
}

GameState Ledger::Replay(const std::vector<int>& commands) const {
    GameState state = m_start;
    for (int seq : commands) Reapply(state, seq);
    return state;
}

void Ledger::Rebuild() {
    const size_t usable = m_active.size() / kCheckpointEvery;
    if (m_checkpoints.size() > usable) m_checkpoints.resize(usable);
    size_t done = m_checkpoints.size() * kCheckpointEvery;
    GameState state = m_checkpoints.empty() ? m_start : m_checkpoints.back();
    for (; done < m_active.size(); ++done) {
        Reapply(state, m_active[done]);
        if ((done + 1) % kCheckpointEvery == 0) m_checkpoints.push_back(state);
    }
    m_state = std::move(state);
}

SubmitResult Ledger::Submit(const Command& command) {
    SubmitResult result;
    auto reject = [&](std::string message, std::string rule) {
        result.rejection = Rejection{std::move(message), std::move(rule)};
        return result;
    };
    if (const auto* undo = std::get_if<Undo>(&command.action)) {
        if (undo->count < 1) return reject("undo needs a count of 1 or more", "COMMANDS.md");
        if (undo->count > UndoableCount())
            return reject(fmt::format("only {} command{} to undo", UndoableCount(), UndoableCount() == 1 ? "" : "s"),
                          "COMMANDS.md");
        Entry entry;
        entry.kind = EntryKind::Undo;
        entry.command.action = *undo;
        entry.line = PrintCommand(entry.command);
        const bool listed = undo->count <= kListedUndoRedo;  // invariant 7
        for (int k = 0; k < undo->count; ++k) {
            const int seq = m_active[m_active.size() - 1 - static_cast<size_t>(k)];
            m_redo.push_back(seq);
            entry.targets.push_back(seq);
            if (listed) entry.effects.push_back(ListedUndoRedo(EffectWhat::Undoes, "undo", seq, At(seq).line));
        }
        if (!listed)
            entry.effects.push_back(SummedUndoRedo(EffectWhat::UndoesMany, "undo", entry.targets, At(entry.targets.front()).line,
                                                   At(entry.targets.back()).line));
        TakeOutOfEffect(undo->count);
        Append(std::move(entry));
        m_can_take_back = true;
        result.status = SubmitStatus::Accepted;
        result.accepted = true;
        result.seq = Size() - 1;
        return result;
    }
    if (const auto* redo = std::get_if<Redo>(&command.action)) {
        if (redo->count < 1) return reject("redo needs a count of 1 or more", "COMMANDS.md");
        if (redo->count > RedoableCount())
            return reject(fmt::format("only {} command{} to redo", RedoableCount(), RedoableCount() == 1 ? "" : "s"),
                          "COMMANDS.md");
        Entry entry;
        entry.kind = EntryKind::Redo;
        entry.command.action = *redo;
        entry.line = PrintCommand(entry.command);
        const bool listed = redo->count <= kListedUndoRedo;  // invariant 7
        for (int k = 0; k < redo->count; ++k) {
            const int seq = m_redo.back();
            m_redo.pop_back();
            Spare() = m_state;
            Effects redone = Reapply(m_state, seq);
            PutInEffect(seq);
            entry.targets.push_back(seq);
            if (!listed) continue;
            entry.effects.push_back(ListedUndoRedo(EffectWhat::Redoes, "redo", seq, At(seq).line));
            for (Effect& fx : redone) entry.effects.push_back(std::move(fx));
        }
        if (!listed)
            entry.effects.push_back(SummedUndoRedo(EffectWhat::RedoesMany, "redo", entry.targets, At(entry.targets.front()).line,
                                                   At(entry.targets.back()).line));
        Append(std::move(entry));
        m_can_take_back = true;
        result.status = SubmitStatus::Accepted;
        result.accepted = true;
        result.seq = Size() - 1;
        return result;
    }

    GameState& before = Spare();
    before = m_state;
    ApplyResult r;
    try {
        r = Apply(m_state, command);
    } catch (...) {
        std::swap(m_state, before);  // invariant 5 holds even when the rules throw
        throw;
    }
    if (!r.accepted) {
        std::swap(m_state, before);  // invariant 5: as if nothing was tried
        result.rejection = r.rejection;
        return result;
    }
    Entry entry;
    entry.kind = EntryKind::Command;
    entry.command = std::move(r.canonical);
    entry.line = PrintCommand(entry.command);
    entry.effects = std::move(r.effects);
    entry.effects.shrink_to_fit();  // the Engine reserved room for 16: a kept entry holds only its own
    Append(std::move(entry));
    PutInEffect(Size() - 1);
    m_redo_before.swap(m_redo);  // kept for TakeBackLast()
    m_redo.clear();  // a new command ends what could be redone
    m_can_take_back = true;
    result.status = SubmitStatus::Accepted;
    result.accepted = true;
    result.seq = Size() - 1;
    return result;
}

bool Ledger::TakeBackLast() {
    if (!m_can_take_back || m_entries.size() < 2) return false;
    m_can_take_back = false;
    const Entry& last = m_entries.back();
    const int count = static_cast<int>(last.targets.size());
    switch (last.kind) {
        case EntryKind::Header: return false;
        case EntryKind::Command:  // its state before it is the newest recent state: a swap
            TakeOutOfEffect(1);
            m_redo.swap(m_redo_before);
            break;
        case EntryKind::Undo:  // the undone commands in effect again, the earliest first, as a redo does it
            for (auto it = last.targets.rbegin(); it != last.targets.rend(); ++it) {
                m_redo.pop_back();
                Spare() = m_state;
                Reapply(m_state, *it);
                PutInEffect(*it);
            }
            break;
        case EntryKind::Redo:  // as an undo of them, and redoable again in the same order
            TakeOutOfEffect(count);
            for (auto it = last.targets.rbegin(); it != last.targets.rend(); ++it) m_redo.push_back(*it);
            break;
    }
    m_entries.pop_back();
    return true;
}

SubmitResult Ledger::SubmitLine(std::string_view line) {
    ParseResult parsed = ParseCommand(line);
    SubmitResult result;
    if (parsed.error) {
        result.rejection = *parsed.error;
        return result;
    }
    if (!parsed.command) {
        result.status = SubmitStatus::Blank;
        return result;
    }
    return Submit(*parsed.command);
}

GameState Ledger::StateAt(int seq) const {
    const std::vector<int> active = InEffectAt(seq);
    if (active == m_active) return m_state;
    // The checkpoints hold states after prefixes of m_active: those `active` shares are usable.
    size_t common = 0;
    while (common < active.size() && common < m_active.size() && active[common] == m_active[common]) ++common;
    const size_t usable = std::min(common / kCheckpointEvery, m_checkpoints.size());
    if (usable == 0) return Replay(active);
    GameState state = m_checkpoints[usable - 1];
    for (size_t i = usable * kCheckpointEvery; i < active.size(); ++i) Reapply(state, active[i]);
    return state;
}

std::vector<int> Ledger::InEffectAt(int seq) const {
    if (seq >= Size() - 1) return m_active;  // now: no walk needed
    std::vector<int> active;
    std::vector<int> redo;
    for (int i = 1; i <= seq && i < Size(); ++i) {
        const Entry& e = At(i);
        switch (e.kind) {
            case EntryKind::Header: break;
            case EntryKind::Command:
                active.push_back(i);
                redo.clear();
                break;
            case EntryKind::Undo:
                for (int t : e.targets) {
                    active.pop_back();
                    redo.push_back(t);
                }
                break;
            case EntryKind::Redo:
                for (int t : e.targets) {
                    redo.pop_back();
                    active.push_back(t);
                }
                break;
        }
    }
    return active;
}

} // namespace rutland
