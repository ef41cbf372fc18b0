// A table for tests: plays table-language lines through the ledger exactly as a broker would,
// and after every line checks the invariants every test relies on:
//  - an accepted line keeps conservation (cash, certificates, margin notes; rules.h);
//  - a rejected line names the expected rule and leaves the state byte-identical (as JSON).
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "ledger/ledger.h"
#include "report/report.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "bbr_names.h"
#include "text_checks.h"

namespace rutland::testing {

class Table {
public:
    explicit Table(std::string_view header) {
        ParseResult parsed = ParseCommand(header);
        REQUIRE_MESSAGE(parsed.command.has_value(), "header does not parse: ", std::string(header));
        const auto* h = std::get_if<GameHeader>(&parsed.command->action);
        REQUIRE(h != nullptr);
        Rejection why;
        auto ledger = Ledger::Start(*h, &why);
        REQUIRE_MESSAGE(ledger.has_value(), why.ToString());
        m_ledger.emplace(std::move(*ledger));
        CheckConserved("header");
    }

    // Plays one or more lines (separated by newlines); each must be accepted.
    void Play(std::string_view lines) {
        size_t start = 0;
        while (start <= lines.size()) {
            size_t end = lines.find('\n', start);
            if (end == std::string_view::npos) end = lines.size();
            const std::string line(lines.substr(start, end - start));
            start = end + 1;
            SubmitResult r = m_ledger->SubmitLine(line);
            if (r.status == SubmitStatus::Blank) continue;  // a blank or comment line
            REQUIRE_MESSAGE(r.accepted, "'", line, "' was rejected: ", r.rejection.ToString());
            CheckConserved(line);
        }
    }

    // The line must be rejected citing `rule`; returns the message for further checks.
    std::string Reject(std::string_view line, std::string_view rule) {
        const std::string before = StateToJson(State()).dump();
        const int size_before = m_ledger->Size();
        SubmitResult r = m_ledger->SubmitLine(line);
        REQUIRE_MESSAGE(!r.accepted, "'", std::string(line), "' was accepted but should cite ", std::string(rule));
        CHECK_MESSAGE(r.rejection.rule == rule, "'", std::string(line), "': ", r.rejection.ToString());
        CHECK(StateToJson(State()).dump() == before);
        CHECK(m_ledger->Size() == size_before);
        return r.rejection.ToString();
    }

    const GameState& State() const { return m_ledger->State(); }
    const rutland::Ledger& Log() const { return *m_ledger; }
    const Effects& LastEffects() const { return m_ledger->At(m_ledger->Size() - 1).effects; }

    // Everything the last accepted line did, one effect a line (for CHECKs on wording).
    std::string LastText() const { return DescribeEffects(LastEffects(), State()); }
    bool LastSaid(std::string_view text) const { return LastText().find(text) != std::string::npos; }

    int P(std::string_view name) const {
        auto p = State().FindPlayer(name);
        REQUIRE(p.has_value());
        return *p;
    }
    const PlayerState& Player(std::string_view name) const { return State().players[static_cast<size_t>(P(name))]; }
    int64_t Cash(std::string_view name) const { return Player(name).cash.cents() / 100; }  // whole dollars
    int Price(Company c) const { return State().price[c] * 5; }                           // cents

private:
    void CheckConserved(std::string_view after) {
        auto problem = CheckConservation(State());
        CHECK_MESSAGE(!problem.has_value(), "after '", std::string(after), "': ", problem.value_or(""));
    }

    std::optional<rutland::Ledger> m_ledger;
};

// The table's state as JSON (rules/state_json.h): what a test compares before and after a line.
inline nlohmann::json Json(const Table& t) { return StateToJson(t.State()); }

// How many of `fx` are of `kind`.
inline int CountKind(const Effects& fx, EffectKind kind) {
    int n = 0;
    for (const Effect& e : fx) n += e.kind == kind;
    return n;
}

} // namespace rutland::testing
