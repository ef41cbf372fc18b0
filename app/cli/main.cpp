// rutland-cli: Rutland without a screen. `play` replays a game written in the table language.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>

#include "instructions.h"
#include "ledger.h"
#include "report.h"
#include "rules.h"
#include "state_json.h"

namespace {

constexpr int kExitAccepted = 0;
constexpr int kExitRejected = 1;
constexpr int kExitUnusable = 2;

struct PlayOptions {
    std::string script;
    bool json = false;
    bool keep_going = false;
    bool effects = false;
    bool explain = false;
};

// What the table must do for an accepted entry: "  > Ann pays the broker $42,000: 4 x $10,000 + ...".
void PrintInstructions(const rutland::Ledger& ledger, int seq) {
    const rutland::GameState after = ledger.StateAt(seq);
    for (const std::string& step : rutland::BrokerInstructions(ledger.At(seq).effects, after))
        std::cout << "  > " << step << "\n";
}

int Play(const PlayOptions& options) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (options.script != "-") {
        file.open(options.script);
        if (!file) {
            std::cerr << options.script << ": cannot open the script\n";
            return kExitUnusable;
        }
        in = &file;
    }
    const std::string& name = options.script;
    std::optional<rutland::Ledger> ledger;
    bool any_rejected = false;
    std::string line;
    int line_no = 0;
    while (std::getline(*in, line)) {
        ++line_no;
        if (!ledger) {
            rutland::ParseResult parsed = rutland::ParseCommand(line);
            if (!parsed.error && !parsed.command) continue;  // blank or comment before the header
            const auto* header = parsed.command ? std::get_if<rutland::GameHeader>(&parsed.command->action) : nullptr;
            if (parsed.error || !header) {
                std::cerr << name << ":" << line_no << ": the first line must be the game header, e.g. "
                          << "game players=Ann,Bob,Cy,Dee"
                          << (parsed.error ? " (" + parsed.error->ToString() + ")" : std::string()) << "\n";
                return kExitUnusable;
            }
            rutland::Rejection why;
            ledger = rutland::Ledger::Start(*header, &why);
            if (!ledger) {
                std::cerr << name << ":" << line_no << ": rejected: " << why.ToString() << "\n";
                return kExitUnusable;
            }
            if (options.effects || options.explain) std::cout << "0: " << ledger->At(0).line << "\n";
            if (options.effects) std::cout << rutland::DescribeEffects(ledger->At(0).effects);
            if (options.explain) PrintInstructions(*ledger, 0);
            continue;
        }
        rutland::SubmitResult r = ledger->SubmitLine(line);
        if (r.accepted) {
            const rutland::Entry& e = ledger->At(r.seq);
            if (options.effects || options.explain) std::cout << r.seq << ": " << e.line << "\n";
            if (options.effects) std::cout << rutland::DescribeEffects(e.effects);
            if (options.explain) PrintInstructions(*ledger, r.seq);
            continue;
        }
        if (r.rejection.rule.empty()) continue;  // blank or comment line
        std::cerr << name << ":" << line_no << ": rejected: " << r.rejection.ToString() << "\n";
        any_rejected = true;
        if (!options.keep_going) break;
    }
    if (!ledger) {
        std::cerr << name << ": no game header (game players=...)\n";
        return kExitUnusable;
    }
    if (options.json) {
        std::cout << rutland::StateToJson(ledger->State()).dump(2) << "\n";
    } else {
        if (options.effects || options.explain) std::cout << "\n";
        std::cout << rutland::BrokerSummary(ledger->State());
    }
    return any_rejected ? kExitRejected : kExitAccepted;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"rutland-cli: the broker's desk for Big Board Raiders, without a screen"};
    app.require_subcommand(1);
    PlayOptions play;
    CLI::App* play_cmd = app.add_subcommand("play", "play a game script written in the table language");
    play_cmd->add_option("script", play.script, "the script file, or - for standard input")->required();
    play_cmd->add_flag("--json", play.json, "print the final state as JSON (COMMANDS.md)");
    play_cmd->add_flag("--keep-going", play.keep_going, "go on after a rejected line");
    play_cmd->add_flag("--effects", play.effects, "print every accepted line with its effects and rules");
    play_cmd->add_flag("--explain", play.explain,
                       "print after every accepted line what the table must do: bills, certificates, markers, rings, "
                       "notes");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitUnusable;
    }
    try {
        if (*play_cmd) return Play(play);
    } catch (const std::exception& e) {
        std::cerr << "rutland-cli: internal error: " << e.what() << "\n";
        return 3;
    }
    return kExitUnusable;
}
