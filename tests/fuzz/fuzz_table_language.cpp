// libFuzzer target: bytes -> table-language lines -> the parser and Apply, through a Ledger.
//
// The checks are fuzz_lines.h's, every game's (conservation: rules.h). Without a header of its own,
// an input is played in a three-player game with known pawns.
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_lines.h"
#include "ledger/ledger.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "bbr_names.h"

namespace {

struct BbrLines {
    using Ledger = rutland::Ledger;
    using Command = rutland::Command;
    using Header = rutland::GameHeader;
    using ParseResult = rutland::ParseResult;
    using Entry = rutland::Entry;
    static constexpr bool kEveryRefusalCitesRule = false;
    static ParseResult Parse(std::string_view line) { return rutland::ParseCommand(line); }
    static std::string Print(const Command& c) { return rutland::PrintCommand(c); }
    static std::optional<std::string> Conservation(const rutland::GameState& s) { return rutland::CheckConservation(s); }
    static std::string Json(const rutland::GameState& s) { return rutland::StateToJson(s).dump(); }
};

const rutland::testing::FuzzLines<BbrLines> kFuzz("fuzz_table_language",
                                                  "game players=Ann,Bob,Cy start=@market-1,@market-1,@market-1");

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return kFuzz.Run(data, size); }
