// Plays a table-language script (a recorded game) into an in-memory ledger for the view tests.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <optional>
#include <string>

#include "ledger.h"

namespace rutland::testing {

// The ledger after the script's lines up to entry `last_seq` (-1: the whole script). Every line
// must be accepted.
inline Ledger PlayScript(const std::string& relative_path, int last_seq = -1) {
    std::ifstream in(std::string(RUTLAND_SOURCE_DIR) + "/" + relative_path);
    REQUIRE_MESSAGE(in, "cannot open ", relative_path);
    std::optional<Ledger> ledger;
    for (std::string line; std::getline(in, line);) {
        ParseResult parsed = ParseCommand(line);
        if (!parsed.command && !parsed.error) continue;
        if (!ledger) {
            REQUIRE(parsed.command);
            const auto* header = std::get_if<GameHeader>(&parsed.command->action);
            REQUIRE(header);
            Rejection rejection;
            ledger = Ledger::Start(*header, &rejection);
            REQUIRE_MESSAGE(ledger, rejection.message);
            continue;
        }
        if (last_seq >= 0 && ledger->Size() > last_seq) break;
        SubmitResult r = ledger->SubmitLine(line);
        REQUIRE_MESSAGE(r.accepted, line, ": ", r.rejection.message);
    }
    REQUIRE(ledger);
    return std::move(*ledger);
}

} // namespace rutland::testing
