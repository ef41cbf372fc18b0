#include "session.h"

#include <fmt/format.h>

namespace rutland::view {

std::unique_ptr<Session> Session::Create(const std::string& path, const GameHeader& header, const std::string& time,
                                         const std::string& who, const std::string& id_prefix, std::string* error) {
    return Create(path, header, Stamp{time, who, id_prefix + ":header"}, id_prefix, error);
}

std::unique_ptr<Session> Session::Create(const std::string& path, const GameHeader& header, const Stamp& stamp,
                                         const std::string& id_prefix, std::string* error) {
    std::unique_ptr<Store> store = Store::Create(path, header, stamp, error);
    if (!store) return nullptr;
    std::unique_ptr<Session> s(new Session());
    s->m_path = store->Path();
    s->m_store = std::move(store);
    s->m_id_prefix = id_prefix;
    return s;
}

std::unique_ptr<Session> Session::InMemory(Ledger ledger) {
    std::unique_ptr<Session> s(new Session());
    s->m_memory.emplace(std::move(ledger));
    return s;
}

std::unique_ptr<Session> Session::Open(const std::string& path, const std::string& id_prefix, std::string* error) {
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadWrite, error);
    if (!store) return nullptr;
    std::unique_ptr<Session> s(new Session());
    s->m_path = store->Path();
    s->m_store = std::move(store);
    s->m_id_prefix = id_prefix;
    return s;
}

std::string Session::DefaultWho() const {
    const auto& broker = GetLedger().State().header->broker;
    return broker ? *broker : "broker";
}

std::string Session::ReadOnlyWhy() const {
    if (!ReadOnly()) return {};
    const VerifyReport& r = m_store->Report();
    if (!r.problems.empty()) return r.problems.front().ToString();
    if (!r.rules_changes.empty()) return r.rules_changes.front().ToString();
    return m_store->ReadOnlyReason();
}

SubmitOutcome Session::Submit(std::string_view line, const std::string& time, const std::string& who) {
    ++m_lines_parsed;
    ParseResult parsed = ParseCommand(line);
    SubmitOutcome out;
    if (parsed.error) {
        out.status = SubmitStatus::Rejected;
        out.rejection = std::move(*parsed.error);
        return out;
    }
    if (!parsed.command) return out;  // Blank
    return Submit(*parsed.command, time, who);
}

SubmitOutcome Session::Submit(const Command& command, const std::string& time, const std::string& who) {
    if (!m_store) return Submit(command, Stamp{});
    // Each command submitted is a new one: the id is this run's prefix and a counter, never reused.
    return Submit(command, Stamp{time, who, fmt::format("{}:{}", m_id_prefix, ++m_counter)});
}

SubmitOutcome Session::Submit(const Command& command, const Stamp& stamp) {
    SubmitOutcome out;
    auto refuse = [&](std::string why) {
        out.status = SubmitStatus::Refused;
        out.refusal = std::move(why);
        return out;
    };
    if (m_view)
        return refuse(fmt::format("you are looking at entry {} (read-only): press Esc to return to now", *m_view));
    if (ReadOnly())
        return refuse(fmt::format("this game file is open read-only ({}): nothing can be added", m_store->ReadOnlyReason()));
    if (!m_store) {  // in memory (invariant 5)
        SubmitResult r = m_memory->Submit(command);
        out.status = r.status;
        out.rejection = std::move(r.rejection);
        if (!r.accepted) return out;
        out.accepted = true;
        out.seq = m_last = r.seq;
        ++m_version;
        return out;
    }
    const int size_before = m_store->Size();
    StoreReceipt r = m_store->Submit(command, stamp);
    // Another program's entries, taken in before the command (store.h invariant 10): the panels'
    // caches are stale even when the command itself is not accepted.
    if (m_store->Size() != size_before) ++m_version;
    out.status = r.status;
    out.rejection = std::move(r.rejection);
    out.refusal = std::move(r.refusal);
    if (!r.accepted) return out;
    out.accepted = true;
    out.seq = r.seq;
    m_last = r.seq;
    ++m_version;
    return out;
}

void Session::ViewAt(std::optional<int> seq) {
    if (seq && (*seq < 0 || *seq >= GetLedger().Size() - 1)) seq.reset();  // the last entry is now
    if (seq == m_view) return;
    m_view = seq;
    if (m_view) m_view_state = GetLedger().StateAt(*m_view);
    ++m_version;
}

const LegalNow& Session::LegalCommands() const {
    if (m_legal_version != m_version) {
        m_legal = Legal(Shown());
        m_legal_version = m_version;
    }
    return m_legal;
}

} // namespace rutland::view
