// libFuzzer target: bytes -> Flutter's table-language lines (games/flutter/docs/RULES.md section 15)
// -> the parser, the printer and the rules, through a Ledger. Big Board Raiders' is
// fuzz_table_language.cpp; this file includes Flutter's headers only (they share relative names).
//
// The input is split into lines. The first line is the game header if it starts a Flutter game;
// otherwise a fixed three-player game, so most inputs reach Apply. Every line must keep these
// invariants, or the target aborts (which the fuzzer reports with the input):
//  1. ParseCommand never throws or crashes, whatever the bytes.
//  2. A command that parses prints to a line that parses back to the same command, and printing
//     that again gives the same line (lang/table_language.h: Parse(Print(c)) == c).
//  3. The rules never crash on a parsed command. A rejected line cites a rule, leaves the state
//     unchanged and adds no entry (rules.h invariant 1).
//  4. After an accepted line conservation holds (model/state.h invariants 1-3) and the entry's
//     canonical line parses back to the command the ledger applied.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/ledger.h"
#include "rules/rules.h"
#include "rules/state_json.h"

namespace {

namespace fl = rutland::flutter;

constexpr size_t kMaxLines = 40;  // bounds the time of one input: executions per second are what find bugs
constexpr const char* kDefaultHeader = "game flutter players=Ann,Bob,Cy";

[[noreturn]] void Fail(const std::string& what, std::string_view line) {
    std::fprintf(stderr, "fuzz_flutter_table_language: %s\n  line: %.*s\n", what.c_str(), static_cast<int>(line.size()),
                 line.data());
    std::abort();
}

void CheckRoundTrip(const fl::Command& command, std::string_view line) {
    const std::string printed = fl::PrintCommand(command);
    const fl::ParseResult again = fl::ParseCommand(printed);
    if (!again.command) Fail("the printed line '" + printed + "' does not parse", line);
    if (!(*again.command == command)) Fail("the printed line '" + printed + "' parses to another command", line);
    if (fl::PrintCommand(*again.command) != printed) Fail("printing is not stable for '" + printed + "'", line);
}

std::optional<fl::Ledger> StartFrom(std::string_view first_line) {
    const fl::ParseResult parsed = fl::ParseCommand(first_line);
    if (parsed.command) {
        if (const auto* header = std::get_if<fl::Header>(&parsed.command->action)) {
            CheckRoundTrip(*parsed.command, first_line);
            rutland::Rejection why;
            if (auto ledger = fl::Ledger::Start(*header, &why)) return ledger;
            if (why.rule.empty()) Fail("a refused header without a rule", first_line);
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
    std::optional<fl::Ledger> ledger = lines.empty() ? std::nullopt : StartFrom(lines[0]);
    size_t first = 1;
    if (!ledger) {
        rutland::Rejection why;
        ledger = fl::Ledger::Start(std::get<fl::Header>(fl::ParseCommand(kDefaultHeader).command->action), &why);
        first = 0;
    }
    for (size_t i = first; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        const fl::ParseResult parsed = fl::ParseCommand(line);  // invariant 1
        if (parsed.command) CheckRoundTrip(*parsed.command, line);  // invariant 2
        if (!parsed.command && parsed.error && parsed.error->rule.empty()) Fail("a parse error without a rule", line);
        // Equal states give equal JSON (rules/state_json.h), so comparing states keeps the fuzzer fast.
        const fl::GameState before = ledger->State();
        const int size_before = ledger->Size();
        const rutland::SubmitResult r = ledger->SubmitLine(line);  // invariant 3
        if (!r.accepted) {
            const bool blank = !parsed.command && !parsed.error;
            if (blank != (r.status == rutland::SubmitStatus::Blank)) Fail("a blank status for a line that is not blank, or not for one that is", line);
            if (!blank && r.rejection.rule.empty()) Fail("a rejection without a rule", line);
            if (ledger->Size() != size_before) Fail("a rejected line added an entry", line);
            if (!(ledger->State() == before)) Fail("a rejected line changed the state", line);
            continue;
        }
        if (auto wrong = fl::CheckConservation(ledger->State())) Fail("conservation fails: " + *wrong, line);  // invariant 4
        const fl::Entry& entry = ledger->At(r.seq);
        const fl::ParseResult canonical = fl::ParseCommand(entry.line);
        if (!canonical.command) Fail("the ledger's line '" + entry.line + "' does not parse", line);
        if (entry.kind == rutland::EntryKind::Command && !(*canonical.command == entry.command))
            Fail("the ledger's line '" + entry.line + "' parses to another command", line);
    }
    (void)fl::ToJson(ledger->State()).dump();
    return 0;
}
