// A Flutter game at the table for the tests: the header line and then lines typed, through the
// kernel's ledger (ledger/ledger.h), so every test plays the game as the app does. Every accepted
// line is followed by the conservation check (rules.h invariant 3).
#pragma once

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "ledger/ledger.h"
#include "lang/effect_text.h"
#include "rules/state_json.h"

namespace flutter_test {

using namespace rutland::flutter;

struct Table {
    std::optional<Ledger> ledger;

    explicit Table(std::string_view header_line = "game flutter players=Ann,Bob,Cy") {
        const ParseResult parsed = ParseCommand(header_line);
        REQUIRE_MESSAGE(parsed.command, (parsed.error ? parsed.error->ToString() : "blank"));
        rutland::Rejection why;
        ledger = Ledger::Start(std::get<Header>(parsed.command->action), &why);
        REQUIRE_MESSAGE(ledger, why.ToString());
    }
    const GameState& S() const { return ledger->State(); }
    const Company& Co(char letter) const { return S().companies[static_cast<size_t>(S().board->CompanyOf(std::string(1, letter)))]; }
    const Player& P(const std::string& name) const { return S().players[static_cast<size_t>(S().PlayerNamed(name))]; }
    int64_t Certs(const std::string& name, char letter) const {
        return P(name).certificates[static_cast<size_t>(S().board->CompanyOf(std::string(1, letter)))];
    }
    // Types an accepted line (REQUIREd) and returns its effects.
    const Effects& Do(std::string_view line) {
        const rutland::SubmitResult r = ledger->SubmitLine(line);
        REQUIRE_MESSAGE(r.accepted, (std::string(line) + ": " + r.rejection.ToString()));
        const auto problem = CheckConservation(S());
        REQUIRE_MESSAGE(!problem, (std::string(line) + ": " + problem.value_or("")));
        return ledger->At(r.seq).effects;
    }
    // Types a line that must be rejected; returns the rule it cites. The state must not change.
    std::string Refused(std::string_view line) {
        const GameState before = S();
        const rutland::SubmitResult r = ledger->SubmitLine(line);
        CHECK_MESSAGE(!r.accepted, (std::string(line) + " was accepted"));
        CHECK(S() == before);
        return r.rejection.rule;
    }
    nlohmann::ordered_json Json() const { return ToJson(S()); }
};

// How many effects of a kind (and rule, when given) a list holds.
inline int CountOf(const Effects& effects, EffectKind kind, std::string_view rule = {}) {
    int n = 0;
    for (const Effect& e : effects) n += e.kind == kind && (rule.empty() || e.rule == rule);
    return n;
}

} // namespace flutter_test
