#include "host/toy_page.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <limits>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "kernel/basic_store_impl.h"
#include "host/toy_words.h"
#include "toy.h"

namespace rutland::toy {

namespace {

using ToyStore = BasicStore<Toy>;
using ToyEntry = BasicEntry<Toy>;
using nlohmann::json;

// The line as the page shows it: "new game" for the header (as Big Board Raiders' page does).
std::string ShownLine(const ToyEntry& e) { return e.kind == EntryKind::Header ? std::string("new game") : ValidUtf8(e.line); }

// A rule's heading: its first words, up to a colon, a bracket or a full stop (at most about 60
// characters, cut at a word).
std::string Heading(const std::string& words) {
    std::string head = words.substr(0, words.find_first_of(":.("));
    while (!head.empty() && head.back() == ' ') head.pop_back();
    if (head.size() > 60) head = head.substr(0, head.rfind(' ', 60)) + "\u2026";
    return head;
}

class ServedToy final : public host::ServedGame {
public:
    bool Open(const std::string& path, std::string* error) {
        StoreOptions stream;
        stream.stream_entries = true;
        m_store = ToyStore::Open(path, ToyStore::Mode::ReadOnly, error, stream,
                                 [this](const ToyEntry& e, const EntryRecord& r) { Take(e, r); });
        if (!m_store) return false;
        if (!m_store->Streamed()) TakeFromLedger(0);  // invariant 1: held whole; nothing was handed over
        return true;
    }

    int Size() const override { return m_store->Size(); }
    std::string Fingerprint() const override { return m_store->Fingerprint(); }
    bool Clean() const override { return m_store->Report().Clean(); }

    std::string WrittenHash(int seq) const override {
        if (seq == m_store->Size() - 1 || !m_store->Streamed()) return m_store->Record(seq).WrittenHash();
        std::string hash, error;
        if (!m_store->ForEachEntry(seq, seq, [&](const ToyEntry&, const EntryRecord& r) { hash = r.WrittenHash(); }, &error))
            return "";
        return hash;
    }

    int Follow(std::string* why) override {
        if (m_store->Streamed())
            return m_store->Follow(why, [this](const ToyEntry& e, const EntryRecord& r) { Take(e, r); });
        const int before = m_store->Size();
        const int n = m_store->Follow(why);
        if (n > 0) TakeFromLedger(before);
        return n;
    }

    std::string PageJson(const std::string& problem) override {
        const ToyState& s = m_store->GetLedger().State();
        const int last = m_store->Size() - 1;
        std::string names;
        json counters = json::array();
        for (const auto& c : s.counters) {
            names += (names.empty() ? "" : ", ") + ValidUtf8(c.first);
            counters.push_back({{"name", ValidUtf8(c.first)}, {"count", c.second}});
        }
        const std::vector<int>& in_effect = m_store->GetLedger().InEffect();
        json ledger = json::array();
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
        json turn = json::array();
        if (!m_page.empty()) {
            std::string words;
            for (const json& w : ledger.front()["words"]) words += (words.empty() ? "" : "; ") + w["text"].get<std::string>();
            turn.push_back({{"seq", last}, {"line", ledger.front()["line"]}, {"words", words}});
        }
        json game = {{"file", std::filesystem::path(m_store->Path()).filename().string()},
                     {"fingerprint", m_store->Fingerprint()},
                     {"entry", last},
                     {"headline", fmt::format("The toy game: {}", names)},
                     {"detail", fmt::format("{} entries; {} added in all", last + 1, s.added)},
                     {"turn", std::move(turn)},
                     {"alerts", json::array()},
                     {"problem", problem}};
        return json{{"game", std::move(game)},
                    {"counters", std::move(counters)},
                    {"added", s.added},
                    {"counters_note", "The counters always sum to what was added (T-3); a give moves counters (T-4), "
                                      "and none goes below zero (T-1)."},
                    {"ledger", std::move(ledger)}}
            .dump();
    }

    // As `rutland-cli state --json` prints it (the toy's host/toy_game.cpp).
    std::string StateJson() const override {
        const ToyState& s = m_store->GetLedger().State();
        const int last = m_store->Size() - 1;
        json counters = json::object();
        for (const auto& c : s.counters) counters[c.first] = c.second;
        return json{{"added", s.added}, {"counters", std::move(counters)}, {"entry", last}, {"fingerprint", m_store->FingerprintAt(last)}}
            .dump();
    }

    // Every rule RULES.md has ("- **T-1** ..." items) and the language's (TOY.md), with its words.
    std::string RulesJson() const override {
        json rules = json::object();
        const std::string_view text = RulesText();
        std::vector<std::string> ids;
        for (size_t at = 0; (at = text.find("- **", at)) != std::string_view::npos;) {
            at += 4;
            const size_t end = text.find("**", at);
            if (end == std::string_view::npos) break;
            ids.emplace_back(text.substr(at, end - at));
        }
        ids.emplace_back(Toy::kLanguageRule);
        for (const std::string& id : ids) {
            const std::string words = RuleWords(id);
            if (words.empty()) continue;
            rules[id] = {{"heading", id + "  " + (id == Toy::kLanguageRule ? std::string("The language") : Heading(words))},
                         {"where", id == Toy::kLanguageRule ? "RULES.md, the language" : "RULES.md, the toy game's rules"},
                         {"text", words}};
        }
        return json{{"rules", std::move(rules)}}.dump();
    }

    int FirstEvent() const override { return m_taken - static_cast<int>(m_heads.size()); }
    std::string EventJson(int seq) const override {
        const Head& h = m_heads.at(static_cast<size_t>(seq - FirstEvent()));
        return json{{"seq", seq}, {"line", h.line}, {"who", h.who}, {"fingerprint", m_store->FingerprintAt(seq)}}.dump();
    }
    void KeepEventsFrom(int seq) override {
        m_keep_from = seq;
        TrimHeads();
    }

private:
    struct Held {
        ToyEntry entry;
        std::string who, time;
    };
    struct Head {
        std::string line, who;
    };

    static json Words(const ToyEntry& e) {
        json words = json::array();
        for (const ToyEffect& fx : e.effects) {
            const bool ledger_op = fx.rule == "undo" || fx.rule == "redo";
            words.push_back({{"rule", ledger_op ? std::string() : fx.rule}, {"text", ValidUtf8(EffectText(fx))}});
        }
        return words;
    }

    // Invariant 1: an entry the store read or followed.
    void Take(const ToyEntry& e, const EntryRecord& r) {
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

    std::unique_ptr<ToyStore> m_store;
    std::deque<Held> m_page;   // the newest kPageEntries
    std::deque<Head> m_heads;  // invariant 1: the live events' lines, the newest last
    int m_keep_from = std::numeric_limits<int>::max();
    int m_taken = 0;  // entries taken in: the next one's seq
};

} // namespace

std::unique_ptr<host::ServedGame> ServeToyFile(const std::string& path, std::string* error) {
    auto served = std::make_unique<ServedToy>();
    if (!served->Open(path, error)) return nullptr;
    return served;
}

} // namespace rutland::toy
