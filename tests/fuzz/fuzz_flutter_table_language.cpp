// libFuzzer target: bytes -> Flutter's table-language lines (games/flutter/docs/RULES.md section 15)
// -> the parser, the printer and the rules, through a Ledger. Big Board Raiders' is
// fuzz_table_language.cpp; this file includes Flutter's headers only (they share relative names).
//
// The checks are fuzz_lines.h's, every game's (conservation: model/state.h invariants 1-3); Flutter's
// parse errors and refused headers cite a rule too. Without a header of its own, an input is played
// in a three-player game.
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_lines.h"
#include "ledger/ledger.h"
#include "rules/rules.h"
#include "rules/state_json.h"

namespace {

namespace fl = rutland::flutter;

struct FlutterLines {
    using Ledger = fl::Ledger;
    using Command = fl::Command;
    using Header = fl::Header;
    using ParseResult = fl::ParseResult;
    using Entry = fl::Entry;
    static constexpr bool kEveryRefusalCitesRule = true;
    static ParseResult Parse(std::string_view line) { return fl::ParseCommand(line); }
    static std::string Print(const Command& c) { return fl::PrintCommand(c); }
    static std::optional<std::string> Conservation(const fl::GameState& s) { return fl::CheckConservation(s); }
    static std::string Json(const fl::GameState& s) { return fl::ToJson(s).dump(); }
};

const rutland::testing::FuzzLines<FlutterLines> kFuzz("fuzz_flutter_table_language", "game flutter players=Ann,Bob,Cy");

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return kFuzz.Run(data, size); }
