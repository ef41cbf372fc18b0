// libFuzzer target: bytes -> table-language lines -> the parser and Apply, through a Ledger.
//
// The input is split into lines. The first line is the game header if it starts a game; otherwise a
// fixed three-player game with known pawns is used, so most inputs reach Apply. Every line must
// keep these invariants, or the target aborts (which the fuzzer reports with the input):
//  1. ParseCommand never throws or crashes, whatever the bytes.
//  2. A command that parses prints to a line that parses back to the same command, and printing
//     that again gives the same line (command.h).
//  3. A rejected line cites a rule, leaves the state byte-identical (StateToJson) and adds no entry
//     (ledger.h invariant 5).
//  4. After an accepted line conservation holds (rules.h) and the entry's canonical line parses back
//     to the command the ledger applied (ledger.h invariant 3).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "ledger/ledger.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "games.h"

namespace {

constexpr size_t kMaxLines = 40;  // bounds the time of one input: executions per second are what find bugs
constexpr const char* kDefaultHeader = "game players=Ann,Bob,Cy start=@market-1,@market-1,@market-1";

[[noreturn]] void Fail(const std::string& what, std::string_view line) {
    std::fprintf(stderr, "fuzz_table_language: %s\n  line: %.*s\n", what.c_str(), static_cast<int>(line.size()),
                 line.data());
    std::abort();
}

void CheckRoundTrip(const rutland::Command& command, std::string_view line) {
    const std::string printed = rutland::PrintCommand(command);
    const rutland::ParseResult again = rutland::ParseCommand(printed);
    if (!again.command) Fail("the printed line '" + printed + "' does not parse", line);
    if (!(*again.command == command)) Fail("the printed line '" + printed + "' parses to another command", line);
    if (rutland::PrintCommand(*again.command) != printed) Fail("printing is not stable for '" + printed + "'", line);
}

std::optional<rutland::Ledger> StartFrom(std::string_view first_line) {
    rutland::Rejection why;
    const rutland::ParseResult parsed = rutland::ParseCommand(first_line);
    if (parsed.command) {
        if (const auto* header = std::get_if<rutland::GameHeader>(&parsed.command->action)) {
            CheckRoundTrip(*parsed.command, first_line);
            if (auto ledger = rutland::Ledger::Start(*header, &why)) return ledger;
        }
    }
    return std::nullopt;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string_view> lines;
    for (size_t start = 0; start <= input.size() && lines.size() < kMaxLines;) {
        size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        lines.push_back(input.substr(start, end - start));
        start = end + 1;
    }
    std::optional<rutland::Ledger> ledger = lines.empty() ? std::nullopt : StartFrom(lines[0]);
    size_t first = 1;
    if (!ledger) {
        rutland::Rejection why;
        ledger = rutland::Ledger::Start(std::get<rutland::GameHeader>(rutland::ParseCommand(kDefaultHeader).command->action), &why);
        first = 0;
    }
    for (size_t i = first; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        const rutland::ParseResult parsed = rutland::ParseCommand(line);  // invariant 1
        if (parsed.command) CheckRoundTrip(*parsed.command, line);           // invariant 2
        // StateToJson is a function of the state, so an equal state is byte-identical JSON; comparing
        // states keeps the fuzzer fast (the JSON itself is dumped once per input, below).
        const rutland::GameState before = ledger->State();
        const int size_before = ledger->Size();
        const rutland::SubmitResult r = ledger->SubmitLine(line);
        if (!r.accepted) {  // invariant 3 (a blank or comment line is neither accepted nor rejected)
            const bool blank = !parsed.command && !parsed.error;
            if (blank != (r.status == rutland::SubmitStatus::Blank)) Fail("a blank status for a line that is not blank, or not for one that is", line);
            if (!blank && r.rejection.rule.empty()) Fail("a rejection without a rule", line);
            if (ledger->Size() != size_before) Fail("a rejected line added an entry", line);
            if (!(ledger->State() == before)) Fail("a rejected line changed the state", line);
            continue;
        }
        if (auto wrong = rutland::CheckConservation(ledger->State())) Fail("conservation fails: " + *wrong, line);  // invariant 4
        const rutland::Entry& entry = ledger->At(r.seq);
        const rutland::ParseResult canonical = rutland::ParseCommand(entry.line);
        if (!canonical.command) Fail("the ledger's line '" + entry.line + "' does not parse", line);
        if (entry.kind == rutland::EntryKind::Command && !(*canonical.command == entry.command))
            Fail("the ledger's line '" + entry.line + "' parses to another command", line);
    }
    (void)rutland::StateToJson(ledger->State()).dump();
    return 0;
}
