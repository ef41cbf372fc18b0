// The part of ServedGame (open_game.h) that is the same for every game over the kernel's game file:
// a template over the game's store (core/kernel/basic_store.h), as basic_open_game.h is for
// OpenGame. It opens the file read-only and streamed, follows it, keeps the page's newest entries
// and the live events' lines; a game's page (games/<name>/host/ or web/) derives from it and writes
// only its JSON: PageJson, StateJson and RulesJson, and the words of an entry (Words).
//
// Invariants:
//  1. Memory that does not grow with the game: the store is opened streamed (basic_store.h
//     invariant 20); of the entries it hands over as it reads and follows (invariant 21) this keeps
//     the page's newest kPageEntries whole and the line and author of the last
//     ServedGame::kEventEntries (the live events'), and of every one from KeepEventsFrom's on until
//     the next call. A file that does not stream (one with a problem) is held whole by its store,
//     and what the page keeps is taken from its ledger instead.
//  2. Nothing here is a word of any game: an entry's words are the game's (Words), and its header
//     is "new game" on every game's page (ServedGame invariant S3).
#pragma once

#include <algorithm>
#include <deque>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/open_game.h"
#include "kernel/basic_store.h"

namespace rutland::host {

// Entry seq's hash as written in the file, from a store opened streamed (invariant 1): the last
// entry's is held; an older one is read again from the file ("" when it cannot be).
template <class S>
std::string StreamedWrittenHash(const S& store, int seq) {
    if (seq == store.Size() - 1 || !store.Streamed()) return store.Record(seq).WrittenHash();
    std::string hash, error;
    if (!store.ForEachEntry(seq, seq, [&](const typename S::Entry&, const EntryRecord& r) { hash = r.WrittenHash(); }, &error))
        return "";
    return hash;
}

template <class S>
class BasicServedGame : public ServedGame {
public:
    using Store = S;
    using Entry = typename S::Entry;
    static constexpr int kPageEntries = 60;  // the ledger's newest entries on the page

    bool Open(const std::string& path, std::string* error) {
        StoreOptions stream;
        stream.stream_entries = true;
        m_store = Store::Open(path, Store::Mode::ReadOnly, error, stream,
                              [this](const Entry& e, const EntryRecord& r) { Take(e, r); });
        if (!m_store) return false;
        if (!m_store->Streamed()) TakeFromLedger(0);  // invariant 1: held whole; nothing was handed over
        return true;
    }

    int Size() const override { return m_store->Size(); }
    std::string Fingerprint() const override { return m_store->Fingerprint(); }
    bool Clean() const override { return m_store->Report().Clean(); }

    std::string WrittenHash(int seq) const override { return StreamedWrittenHash(*m_store, seq); }

    int Follow(std::string* why) override {
        if (m_store->Streamed())
            return m_store->Follow(why, [this](const Entry& e, const EntryRecord& r) { Take(e, r); });
        const int before = m_store->Size();
        const int n = m_store->Follow(why);
        if (n > 0) TakeFromLedger(before);
        return n;
    }

    std::optional<std::string> ChangedInPlace() const override { return m_store->ChangedUnder(); }

    int FirstEvent() const override { return m_taken - static_cast<int>(m_heads.size()); }
    std::string EventJson(int seq) const override {
        const Head& h = m_heads.at(static_cast<size_t>(seq - FirstEvent()));
        return nlohmann::json{{"seq", seq}, {"line", h.line}, {"who", h.who}, {"fingerprint", m_store->FingerprintAt(seq)}}
            .dump();
    }
    void KeepEventsFrom(int seq) override {
        m_keep_from = seq;
        TrimHeads();
    }

protected:
    struct Held {
        Entry entry;
        std::string who, time;
    };

    // The entry's words on the page: [{"rule", "text"}], the game's (invariant 2).
    virtual nlohmann::json Words(const Entry& e) const = 0;

    // The line as the page shows it: "new game" for the header.
    static std::string ShownLine(const Entry& e) {
        return e.kind == EntryKind::Header ? std::string("new game") : ValidUtf8(e.line);
    }
    // The page's "ledger" (ServedGame invariant S3), the newest first; and "turn", the newest entry's
    // line and words in one sentence.
    nlohmann::json LedgerJson() const {
        const std::vector<int>& in_effect = m_store->GetLedger().InEffect();
        nlohmann::json ledger = nlohmann::json::array();
        for (auto it = m_page.rbegin(); it != m_page.rend(); ++it) {
            const bool undone = it->entry.kind == EntryKind::Command &&
                                !std::binary_search(in_effect.begin(), in_effect.end(), it->entry.seq);
            ledger.push_back({{"seq", it->entry.seq},
                              {"line", ShownLine(it->entry)},
                              {"who", it->who},
                              {"time", it->time},
                              {"undone", undone},
                              {"words", Words(it->entry)}});
        }
        return ledger;
    }
    static nlohmann::json TurnJson(const nlohmann::json& ledger) {
        nlohmann::json turn = nlohmann::json::array();
        if (ledger.empty()) return turn;
        std::string words;
        for (const nlohmann::json& w : ledger.front()["words"]) words += (words.empty() ? "" : "; ") + w["text"].get<std::string>();
        turn.push_back({{"seq", ledger.front()["seq"]}, {"line", ledger.front()["line"]}, {"words", words}});
        return turn;
    }
    const Store& GetStore() const { return *m_store; }

private:
    struct Head {
        std::string line, who;
    };

    // Invariant 1: an entry the store read or followed.
    void Take(const Entry& e, const EntryRecord& r) {
        m_page.push_back({e, ValidUtf8(r.stamp.who), r.stamp.time});
        while (m_page.size() > static_cast<size_t>(kPageEntries)) m_page.pop_front();
        m_heads.push_back({ShownLine(e), ValidUtf8(r.stamp.who)});
        m_taken = e.seq + 1;
        TrimHeads();
    }
    // A store that holds every entry: what it has from `from` on.
    void TakeFromLedger(int from) {
        const auto& entries = m_store->GetLedger().Entries();
        for (int seq = std::max(from, m_store->Size() - ServedGame::kEventEntries); seq < m_store->Size(); ++seq)
            Take(entries[static_cast<size_t>(seq)], m_store->Record(seq));
    }
    // Invariant 1: the last kEventEntries, and every one from m_keep_from on.
    void TrimHeads() {
        const int first_kept = std::min(m_keep_from, m_taken - kEventEntries);
        while (!m_heads.empty() && FirstEvent() < first_kept) m_heads.pop_front();
    }

    std::unique_ptr<Store> m_store;
    std::deque<Held> m_page;   // the newest kPageEntries
    std::deque<Head> m_heads;  // invariant 1: the live events' lines, the newest last
    int m_keep_from = std::numeric_limits<int>::max();
    int m_taken = 0;  // entries taken in: the next one's seq
};

} // namespace rutland::host
