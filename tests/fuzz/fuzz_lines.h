// What every game's table-language fuzz target checks (fuzz_table_language.cpp: Big Board
// Raiders'; fuzz_flutter_table_language.cpp: Flutter's), over a game's ledger and language named
// by a traits struct G:
//   G::Ledger, G::Command, G::Header, G::ParseResult, G::Entry; G::Parse(line), G::Print(command),
//   G::Conservation(state) (nullopt when it holds), G::Json(state) (dumped once per input), and
//   G::kEveryRefusalCitesRule (a parse error or a refused header cites a rule too).
//
// The input is split into lines. The first line is the game header if it starts a game of G;
// otherwise `default_header`, so most inputs reach Apply. Every line must keep these invariants,
// or the target aborts (which the fuzzer reports with the input):
//  1. Parsing never throws or crashes, whatever the bytes.
//  2. A command that parses prints to a line that parses back to the same command, and printing
//     that again gives the same line (each language's Parse(Print(c)) == c).
//  3. A rejected line cites a rule, leaves the state unchanged and adds no entry
//     (kernel/basic_ledger.h invariant 5).
//  4. After an accepted line conservation holds and the entry's canonical line parses back to the
//     command the ledger applied (kernel/basic_ledger.h invariant 3).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "kernel/basic_ledger.h"

namespace rutland::testing {

constexpr size_t kFuzzMaxLines = 40;  // bounds the time of one input: executions per second are what find bugs

template <class G>
class FuzzLines {
public:
    FuzzLines(const char* name, std::string_view default_header) : m_name(name), m_default_header(default_header) {}

    int Run(const uint8_t* data, size_t size) const {
        const std::string_view input(reinterpret_cast<const char*>(data), size);
        std::vector<std::string_view> lines;
        for (size_t start = 0; start <= input.size() && lines.size() < kFuzzMaxLines;) {
            size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            lines.push_back(input.substr(start, end - start));
            start = end + 1;
        }
        std::optional<typename G::Ledger> ledger = lines.empty() ? std::nullopt : StartFrom(lines[0]);
        size_t first = 1;
        if (!ledger) {
            Rejection why;
            ledger = G::Ledger::Start(std::get<typename G::Header>(G::Parse(m_default_header).command->action), &why);
            first = 0;
        }
        for (size_t i = first; i < lines.size(); ++i) {
            const std::string_view line = lines[i];
            const typename G::ParseResult parsed = G::Parse(line);  // invariant 1
            if (parsed.command) CheckRoundTrip(*parsed.command, line);  // invariant 2
            if (G::kEveryRefusalCitesRule && !parsed.command && parsed.error && parsed.error->rule.empty())
                Fail("a parse error without a rule", line);
            // Equal states give equal JSON (each game's state JSON is a function of the state), so
            // comparing states keeps the fuzzer fast; the JSON itself is dumped once per input, below.
            const auto before = ledger->State();
            const int size_before = ledger->Size();
            const SubmitResult r = ledger->SubmitLine(line);
            if (!r.accepted) {  // invariant 3 (a blank or comment line is neither accepted nor rejected)
                const bool blank = !parsed.command && !parsed.error;
                if (blank != (r.status == SubmitStatus::Blank)) Fail("a blank status for a line that is not blank, or not for one that is", line);
                if (!blank && r.rejection.rule.empty()) Fail("a rejection without a rule", line);
                if (ledger->Size() != size_before) Fail("a rejected line added an entry", line);
                if (!(ledger->State() == before)) Fail("a rejected line changed the state", line);
                continue;
            }
            if (auto wrong = G::Conservation(ledger->State())) Fail("conservation fails: " + *wrong, line);  // invariant 4
            const typename G::Entry& entry = ledger->At(r.seq);
            const typename G::ParseResult canonical = G::Parse(entry.line);
            if (!canonical.command) Fail("the ledger's line '" + entry.line + "' does not parse", line);
            if (entry.kind == EntryKind::Command && !(*canonical.command == entry.command))
                Fail("the ledger's line '" + entry.line + "' parses to another command", line);
        }
        (void)G::Json(ledger->State());
        return 0;
    }

private:
    [[noreturn]] void Fail(const std::string& what, std::string_view line) const {
        std::fprintf(stderr, "%s: %s\n  line: %.*s\n", m_name, what.c_str(), static_cast<int>(line.size()), line.data());
        std::abort();
    }
    void CheckRoundTrip(const typename G::Command& command, std::string_view line) const {
        const std::string printed = G::Print(command);
        const typename G::ParseResult again = G::Parse(printed);
        if (!again.command) Fail("the printed line '" + printed + "' does not parse", line);
        if (!(*again.command == command)) Fail("the printed line '" + printed + "' parses to another command", line);
        if (G::Print(*again.command) != printed) Fail("printing is not stable for '" + printed + "'", line);
    }
    std::optional<typename G::Ledger> StartFrom(std::string_view first_line) const {
        const typename G::ParseResult parsed = G::Parse(first_line);
        if (parsed.command) {
            if (const auto* header = std::get_if<typename G::Header>(&parsed.command->action)) {
                CheckRoundTrip(*parsed.command, first_line);
                Rejection why;
                if (auto ledger = G::Ledger::Start(*header, &why)) return ledger;
                if (G::kEveryRefusalCitesRule && why.rule.empty()) Fail("a refused header without a rule", first_line);
            }
        }
        return std::nullopt;
    }

    const char* m_name;
    std::string_view m_default_header;
};

} // namespace rutland::testing
