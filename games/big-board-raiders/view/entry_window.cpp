#include "view/entry_window.h"

#include "view/ledger_view.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace rutland::bbr {

namespace {

std::string LineShown(const Entry& e) {
    return std::string(CorrectionMark(e)) + (e.kind == EntryKind::Header ? std::string("new game") : e.line);
}

} // namespace

int UnverifiedUseCount(const Effects& effects) {
    // What UnverifiedFactOf (sec_view.h) answers for, given a board: a D-2 reminder.
    return static_cast<int>(std::count_if(effects.begin(), effects.end(), [](const Effect& fx) {
        return fx.kind == EffectKind::Info && fx.rule == "D-2";
    }));
}

void EntryWindow::Take(const Entry& entry, const EntryRecord& record) {
    if (entry.seq != static_cast<int>(m_uses.size()))
        throw std::logic_error("entry window: entry " + std::to_string(entry.seq) + " taken out of order");
    m_uses.push_back(static_cast<uint16_t>(std::min(UnverifiedUseCount(entry.effects),
                                                    static_cast<int>(std::numeric_limits<uint16_t>::max()))));
    m_held[entry.seq] = Held{entry, record.stamp, false, false};
    m_heads.push_back(Head{LineShown(entry), record.stamp.who});
    while (m_heads.size() > static_cast<size_t>(kHeadEntries) && entry.seq + 1 - static_cast<int>(m_heads.size()) < m_heads_wanted)
        m_heads.pop_front();
    // Invariant 2: what is neither among the newest nor read by the last build goes (a streamed
    // open hands over every entry: only the newest stay).
    while (!m_held.empty() && m_held.begin()->first <= entry.seq - kKeptEntries && !m_held.begin()->second.read &&
           !m_held.begin()->second.kept)
        m_held.erase(m_held.begin());
}

void EntryWindow::Reset() {
    m_held.clear();
    m_uses.clear();
    m_heads.clear();
    m_heads_wanted = std::numeric_limits<int>::max();
    m_state_at.reset();
}

std::vector<int> EntryWindow::InEffectAt(int seq) const {
    const std::vector<int>& now = InEffect();
    if (seq >= Size() - 1) return now;
    if (!m_store->Streamed()) return Ledger().InEffectAt(seq);
    const auto end = std::upper_bound(now.begin(), now.end(), seq);
    if (end == now.begin() || *(end - 1) != seq)
        throw std::logic_error("entry window: the commands in effect at entry " + std::to_string(seq) +
                               ", which is not in effect now (entry_window.h invariant 5)");
    return std::vector<int>(now.begin(), end);
}

const Entry& EntryWindow::At(int seq) const {
    if (!m_store->Streamed()) return Ledger().At(seq);
    auto it = m_held.find(seq);
    if (it == m_held.end()) {
        ReadBack(seq);
        it = m_held.find(seq);
        if (it == m_held.end()) throw std::runtime_error("entry " + std::to_string(seq) + " could not be read back");
    }
    it->second.read = true;
    return it->second.entry;
}

const Stamp& EntryWindow::StampOf(int seq) const {
    if (!m_store->Streamed()) return m_store->Record(seq).stamp;
    At(seq);
    return m_held.at(seq).stamp;
}

std::string EntryWindow::ShownLine(int seq) const {
    if (!m_store->Streamed()) return LineShown(Ledger().At(seq));
    return HeadOf(seq).line;
}

std::string EntryWindow::Who(int seq) const {
    if (!m_store->Streamed()) return m_store->Record(seq).stamp.who;
    return HeadOf(seq).who;
}

int EntryWindow::FirstHead() const {
    return m_store->Streamed() ? Size() - static_cast<int>(m_heads.size()) : 0;
}

void EntryWindow::KeepHeadsFrom(int seq) {
    m_heads_wanted = seq;
    while (m_heads.size() > static_cast<size_t>(kHeadEntries) && FirstHead() < m_heads_wanted) m_heads.pop_front();
}

auto EntryWindow::HeadOf(int seq) const -> const Head& {
    const int first = Size() - static_cast<int>(m_heads.size());
    if (seq < first || seq >= Size()) throw std::out_of_range("entry window: no line kept for entry " + std::to_string(seq));
    return m_heads[static_cast<size_t>(seq - first)];
}

void EntryWindow::ReadBack(int seq) const {
    // The commands in effect up to seq, kReadBackCommands of them, come in one read: a view that
    // walks back from the newest (the Big Board's last moves, the year's counts) asks for them next.
    const std::vector<int>& now = InEffect();
    const auto end = std::upper_bound(now.begin(), now.end(), seq);
    const auto begin = end - std::min<std::ptrdiff_t>(end - now.begin(), kReadBackCommands);
    int from = seq;
    if (begin != end) from = std::min(from, *begin);
    std::string error;
    ++m_read_backs;
    const bool ok = m_store->ForEachEntry(from, seq, [&](const Entry& entry, const EntryRecord& record) {
        const bool in_effect = std::binary_search(begin, end, entry.seq);
        if ((entry.seq == seq || in_effect) && !m_held.count(entry.seq))
            m_held.emplace(entry.seq, Held{entry, record.stamp, true, false});
    }, &error);
    if (!ok) throw std::runtime_error(error);
}

GameState EntryWindow::StateAt(int seq) const {
    if (seq >= Size() - 1) return State();
    if (!m_store->Streamed()) return Ledger().StateAt(seq);
    if (m_state_at && m_state_at->first == seq) return m_state_at->second;
    std::string error;
    std::optional<GameState> state = m_store->StateAt(seq, &error);
    if (!state) throw std::runtime_error(error);
    m_state_at.emplace(seq, *state);
    return std::move(*state);
}

int EntryWindow::UnverifiedUses() const {
    if (!State().board) return 0;  // as UnverifiedFactOf: no board, no fact
    int uses = 0;
    if (!m_store->Streamed()) {
        for (int q : InEffect()) uses += UnverifiedUseCount(Ledger().At(q).effects);
        return uses;
    }
    for (int q : InEffect()) uses += m_uses.at(static_cast<size_t>(q));
    return uses;
}

void EntryWindow::Trim() {
    const int newest = Size() - 1;
    for (auto it = m_held.begin(); it != m_held.end();) {
        if (it->first > newest - kKeptEntries || it->second.read) {
            it->second.kept = it->second.read;
            it->second.read = false;
            ++it;
        } else {
            it = m_held.erase(it);
        }
    }
}

} // namespace rutland::bbr
