// A Corporate Gigabucks game at the table for the tests: the header line and then lines typed,
// through the kernel's ledger (ledger/ledger.h), so every test plays the game as the app does.
// Every accepted line is followed by the conservation check (rules/rules.h item 3).
#pragma once

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "ledger/ledger.h"
#include "rules/state_json.h"

namespace gigabucks_test {

using namespace rutland::gigabucks;

struct Table {
    std::optional<Ledger> ledger;

    explicit Table(std::string_view header_line = "game gigabucks players=Ann,Bob,Cy,Dee") {
        const ParseResult parsed = ParseCommand(header_line);
        REQUIRE_MESSAGE(parsed.command, (parsed.error ? parsed.error->ToString() : "blank"));
        rutland::Rejection why;
        ledger = Ledger::Start(std::get<Header>(parsed.command->action), &why);
        REQUIRE_MESSAGE(ledger, why.ToString());
    }
    const GameState& S() const { return ledger->State(); }
    const Player& P(std::string_view name) const {
        for (const Player& p : S().players)
            if (p.name == name) return p;
        FAIL("no player " << name);
        return S().players[0];
    }
    const Corporation& C(int space) const { return S().corporations[static_cast<size_t>(space)]; }
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
    // Unordered: compared with hand-written JSON, key order aside (section 18 fixes keys, not order).
    nlohmann::json Json() const { return nlohmann::json::parse(ToJson(S()).dump()); }
};

inline int CountOf(const Effects& effects, EffectKind kind, std::string_view rule = {}) {
    int n = 0;
    for (const Effect& e : effects) n += e.kind == kind && (rule.empty() || e.rule == rule);
    return n;
}

// The header's rejection: the rule Start (or the language, L-1) cites.
inline std::string HeaderRefused(std::string_view line) {
    const ParseResult parsed = ParseCommand(line);
    if (parsed.error) return parsed.error->rule;
    REQUIRE(parsed.command);
    const StartResult r = StartGame(std::get<Header>(parsed.command->action));
    CHECK(!r.state);
    return r.rejection ? r.rejection->rule : "";
}

// §7's table (RY-3): Dee owns 24 to 31 with these lines; Ann stands 7 short of 28.
inline void SetUpRoyaltyExample(Table& t) {
    t.Do("space 24-31 owner=Dee lines=4,0,2,3,4,5,1,6");
    t.Do("at Ann 21 turns=1");
}

} // namespace gigabucks_test
