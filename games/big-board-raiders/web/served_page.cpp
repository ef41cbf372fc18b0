#include "web/served_page.h"

#include <utility>

#include <nlohmann/json.hpp>

#include "host/basic_served_game.h"
#include "view/entry_window.h"

#include "store/store.h"
#include "web/page_model.h"

namespace rutland::bbr::web {

static_assert(EntryWindow::kHeadEntries >= host::ServedGame::kEventEntries,
              "the live events are answered from the lines the window keeps (invariant 2)");

namespace {

class ServedBigBoardRaiders final : public host::ServedGame {
public:
    // Invariant 1: opened streamed, every entry handed to the window as it is read.
    bool Open(const std::string& path, std::string* error) {
        StoreOptions stream;
        stream.stream_entries = true;
        EntryWindow& into = *m_window;
        m_store = Store::Open(path, Store::Mode::ReadOnly, error, stream,
                              [&into](const Entry& e, const EntryRecord& r) { into.Take(e, r); });
        if (!m_store) return false;
        if (!m_store->Streamed()) m_window->Reset();
        m_window->Attach(*m_store);
        return true;
    }

    int Size() const override { return m_store->Size(); }
    std::string Fingerprint() const override { return m_store->Fingerprint(); }
    bool Clean() const override { return m_store->Report().Clean(); }

    std::string WrittenHash(int seq) const override { return host::StreamedWrittenHash(*m_store, seq); }

    int Follow(std::string* why) override {
        if (!m_store->Streamed()) return m_store->Follow(why);
        return m_store->Follow(why, [this](const Entry& e, const EntryRecord& r) {
            m_window->Take(e, r);  // basic_store.h invariant 21
        });
    }

    std::optional<std::string> ChangedInPlace() const override { return m_store->ChangedUnder(); }

    std::string PageJson(const std::string& problem) override {
        nlohmann::json page = web::PageJson(*m_store, &m_cache, m_window.get());
        page["game"]["problem"] = problem;
        return page.dump();
    }
    std::string StateJson() const override { return web::StateJson(*m_store).dump(); }
    std::string RulesJson() const override { return web::RulesJson().dump(); }

    int FirstEvent() const override { return m_window->FirstHead(); }
    std::string EventJson(int seq) const override { return EntryEventJson(*m_store, *m_window, seq).dump(); }
    void KeepEventsFrom(int seq) override { m_window->KeepHeadsFrom(seq); }

private:
    std::unique_ptr<EntryWindow> m_window = std::make_unique<EntryWindow>();
    std::unique_ptr<Store> m_store;  // the window reads it (Attach)
    PageCache m_cache;               // the last year end's statement, from build to build
};

} // namespace

std::unique_ptr<host::ServedGame> ServeGameFile(const std::string& path, std::string* error) {
    auto served = std::make_unique<ServedBigBoardRaiders>();
    if (!served->Open(path, error)) return nullptr;
    return served;
}

} // namespace rutland::bbr::web
