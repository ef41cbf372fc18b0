// The entries the shared page reads (games/big-board-raiders/web/page_model.h) of a game whose store streams
// (basic_store.h invariant 20: it holds no entry but the last), so that `rutland-cli serve` of a long
// game holds what its page shows, not every entry (a 200,000-entry game took 398 MB held whole).
// It answers what the page's views ask of a ledger (Size, State, InEffect, InEffectAt, At,
// StateAt), so the views (big_board_view.h, sec_view.h, table_display_view.h, year_end_view.h,
// games/big-board-raiders/report/year_end_report.h) run the same code on it as on the dashboard's Ledger.
//
// Invariants:
//  1. The same answers as the store's ledger: At(seq) is the entry the ledger had (held here, or
//     read back from the file and checked by the store: ForEachEntry, basic_store.h invariant 20);
//     StateAt is the store's. So a page built from a window is byte for byte the page built from a
//     store holding every entry (tests/view/test_page_model.cpp compares both on every game it has).
//  2. Bounded: it holds the last kKeptEntries entries taken in (the page's newest entries and a
//     turn's worth more), and beyond them only those the last build read (Trim): a year's entries
//     in effect at most, in a game as played. What it keeps of every entry is one count (invariant 3).
//  3. The one thing the page shows that reads every command in effect, how many times an
//     unverified board fact was used (SEC panel, D-2), is folded as entries are taken in: a count
//     of such effects per entry (UnverifiedUseCount), summed over the commands in effect now.
//  4. Take() is given every entry of the game in order, from entry 0 (the store's streamed open
//     and Follow hand them over, basic_store.h invariant 21); a window of a store that holds every
//     entry (not streamed) is given none and reads the ledger itself.
//  5. InEffectAt(seq) answers for the last entry and for an entry in effect now only (all the views
//     ask): the commands in effect right after such an entry are those in effect now up to it,
//     since an undone command comes back only by a redo of everything undone after it, and a new
//     command ends every redo (basic_ledger.h invariant 2).
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ledger/ledger.h"
#include "store/store.h"

namespace rutland::bbr {

// The D-2 uses among an entry's effects (what the SEC panel counts, sec_view.h).
int UnverifiedUseCount(const Effects& effects);

class EntryWindow {
public:
    // Entries always kept: the page's newest (kPageLedgerEntries) and what a turn reads back.
    static constexpr int kKeptEntries = 256;
    // How many commands in effect one read back from the file brings in at once.
    static constexpr int kReadBackCommands = 512;
    // Entries whose line as the ledger shows it and whose author are kept (the live events').
    static constexpr int kHeadEntries = 4096;

    explicit EntryWindow(const Store& store) : m_store(&store) {}
    // A window given entries while its store opens (basic_store.h invariant 21), then Attach()ed.
    EntryWindow() = default;
    void Attach(const Store& store) { m_store = &store; }

    // Invariant 4: the next entry the store took in (seq == what it was given so far).
    void Take(const Entry& entry, const EntryRecord& record);
    // Forgets everything taken (a streamed open that opened the game whole instead).
    void Reset();

    int Size() const { return m_store->Size(); }
    const GameState& State() const { return Ledger().State(); }
    const std::vector<int>& InEffect() const { return Ledger().InEffect(); }
    std::vector<int> InEffectAt(int seq) const;  // invariant 5
    // Invariant 1: held or read back; throws std::runtime_error when the file no longer holds it.
    const Entry& At(int seq) const;
    // The stamp's who and time of a held entry (every entry the page lists is held: invariant 2).
    const Stamp& StampOf(int seq) const;
    // The line as the ledger shows it (ledger_view.h CorrectionMark; "new game" for the header) and
    // who typed it, of the last kHeadEntries entries, and of every entry from KeepHeadsFrom's on.
    std::string ShownLine(int seq) const;
    std::string Who(int seq) const;
    // The first entry ShownLine and Who answer for.
    int FirstHead() const;
    // The live events' (game_server.h invariant 6): the line and author of every entry from `seq`
    // on are kept until the next call, however many come at once; older ones only as the last
    // kHeadEntries.
    void KeepHeadsFrom(int seq);
    GameState StateAt(int seq) const;
    // Invariant 3: the D-2 uses in the commands in effect now.
    int UnverifiedUses() const;

    // Invariant 2: after a build, lets go of what it did not read (the newest kKeptEntries stay).
    void Trim();
    // How many entries it holds now (invariant 2).
    int HeldCount() const { return static_cast<int>(m_held.size()); }
    // How many times it read entries back from the file.
    int ReadBacks() const { return m_read_backs; }

private:
    struct Held {
        Entry entry;
        Stamp stamp;
        bool read = false;  // read by the build since the last Trim
        bool kept = false;  // read by the build before it: kept until the next Trim
    };
    const bbr::Ledger& Ledger() const { return m_store->GetLedger(); }
    void ReadBack(int seq) const;
    struct Head;
    const Head& HeadOf(int seq) const;  // brings seq (and the commands in effect before it) in from the file

    const Store* m_store = nullptr;
    mutable std::map<int, Held> m_held;
    struct Head {
        std::string line;  // as ShownLine
        std::string who;
    };
    std::deque<Head> m_heads;  // the last kHeadEntries taken in and all from m_heads_wanted, the newest last
    int m_heads_wanted = std::numeric_limits<int>::max();
    std::vector<uint16_t> m_uses;  // invariant 3: [seq] = UnverifiedUseCount of entry seq's effects
    mutable std::optional<std::pair<int, GameState>> m_state_at;
    mutable int m_read_backs = 0;  // the last StateAt read back
};

} // namespace rutland::bbr
