// rutland-cli play: replays a script in the table language, in memory or into a game file (--db).
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "instructions.h"
#include "report.h"
#include "rules.h"
#include "sha256.h"
#include "state_json.h"

namespace rutland::cli {

namespace {

// The game being played: in memory, or in a game file (--db).
struct Game {
    std::optional<Ledger> memory;
    std::unique_ptr<Store> store;
    bool Started() const { return memory.has_value() || store != nullptr; }
    const Ledger& GetLedger() const { return store ? store->GetLedger() : *memory; }
};

// Prints what an accepted line did. The one place `play` reports an accepted line: with --db it
// is also the acknowledgement that the line is safely in the file (it prints after the commit).
void ReportAccepted(const Game& game, int seq, const PlayOptions& options) {
    if (!options.effects && !options.explain) return;
    const Ledger& ledger = game.GetLedger();
    const Entry& e = ledger.At(seq);
    std::cout << seq << ": " << e.line << "\n";
    if (options.effects) std::cout << DescribeEffects(e.effects);
    if (options.explain) {  // "  > Ann pays the broker $42,000: 4 x $10,000 + 2 x $1,000"
        // Usually seq was just appended and the ledger's state is the state after it; only a
        // retried line already in the file needs a replay.
        std::optional<GameState> replayed;
        if (seq + 1 != ledger.Size()) replayed = ledger.StateAt(seq);
        const GameState& after = replayed ? *replayed : ledger.State();
        for (const std::string& step : BrokerInstructions(e.effects, after)) std::cout << "  > " << step << "\n";
    }
    if (game.store) std::cout << std::flush;  // an acknowledgement must not wait in a buffer
}

// A script line's command id (store.h invariant 3): the session, the line's number among the
// script's command lines (comments and blank lines do not count, so editing them changes no id)
// and a hash of the command as printed (a trailing comment is no part of it). Playing the same
// script again into the same file applies nothing twice, and a script that has grown applies only
// its new lines.
std::string ScriptCommandId(const std::string& session, int ordinal, std::string_view line) {
    return fmt::format("{}:{}:{}", session, ordinal, ToHex(Sha256(line)).substr(0, 12));
}

// A "#= {...}" comment line gives the next command's time, who and command id (export --script
// writes them, so that playing an export rebuilds the same hash chain). nullopt: not such a line.
std::optional<nlohmann::json> StampComment(std::string_view line) {
    const size_t at = line.find_first_not_of(" \t");
    if (at == std::string_view::npos || line.substr(at, 2) != "#=") return std::nullopt;
    auto j = nlohmann::json::parse(line.substr(at + 2), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return nlohmann::json::object();
    return j;
}

std::string_view Trimmed(std::string_view s) {
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string_view::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

} // namespace

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
    const std::string session = !options.session.empty() ? options.session
                                : options.script == "-"  ? "stdin"
                                                         : std::filesystem::path(options.script).filename().string();
    Game game;
    std::error_code ec;
    if (!options.db.empty() && std::filesystem::exists(options.db, ec)) {
        std::string error;
        game.store = Store::Open(options.db, Store::Mode::ReadWrite, &error);
        if (!game.store) {
            std::cerr << "rutland-cli: " << error << "\n";
            return kExitUnusable;
        }
        for (const std::string& note : game.store->Report().notes) std::cerr << options.db << ": " << note << "\n";
        if (game.store->ReadOnly() && game.store->Report().Clean()) {  // a read-only place (store.h invariant 13)
            std::cerr << options.db << ": cannot be written: " << game.store->ReadOnlyReason() << "; nothing was added\n";
            return kExitUnusable;
        }
        if (game.store->ReadOnly()) {
            std::cerr << options.db << ": does not verify clean; nothing was added:\n";
            for (const Finding& f : game.store->Report().problems) std::cerr << "  " << f.ToString() << "\n";
            for (const Finding& f : game.store->Report().rules_changes) std::cerr << "  " << f.ToString() << "\n";
            return kExitUnusable;
        }
    }
    auto default_who = [&](const GameHeader& h) -> std::string {
        if (!options.who.empty()) return options.who;
        return h.broker ? *h.broker : "broker";
    };

    bool any_rejected = false;
    bool added = false;  // this run has added an entry to the file
    int skipped = 0, first_skipped = -1, last_skipped = -1;  // lines already in the file (a retry)
    std::optional<nlohmann::json> next_stamp;
    std::string line;
    int line_no = 0;
    int ordinal = 0;
    while (std::getline(*in, line)) {
        ++line_no;
        if (auto stamp = StampComment(line)) {
            next_stamp = std::move(stamp);
            continue;
        }
        ParseResult parsed = ParseCommand(line);
        if (!parsed.error && !parsed.command) continue;  // blank or comment
        ++ordinal;
        const nlohmann::json given = next_stamp.value_or(nlohmann::json::object());
        next_stamp.reset();
        auto stamp = [&](const GameHeader& h) {
            return Stamp{given.value("time", NowUtc()), given.value("who", default_who(h)),
                         given.value("id", ScriptCommandId(session, ordinal, parsed.command ? PrintCommand(*parsed.command)
                                                                                            : std::string(Trimmed(line))))};
        };
        const auto* header = parsed.command ? std::get_if<GameHeader>(&parsed.command->action) : nullptr;
        if (!game.Started() || (game.store && header)) {
            if (parsed.error || !header) {
                std::cerr << name << ":" << line_no << ": the first line must be the game header, e.g. "
                          << "game players=Ann,Bob,Cy,Dee"
                          << (parsed.error ? " (" + parsed.error->ToString() + ")" : std::string()) << "\n";
                return kExitUnusable;
            }
            Rejection why;
            std::optional<Ledger> ledger = Ledger::Start(*header, &why);
            if (!ledger) {
                std::cerr << name << ":" << line_no << ": rejected: " << why.ToString() << "\n";
                return kExitUnusable;
            }
            if (game.store) {  // playing into an existing game: the script must be that game
                if (ledger->At(0).line != game.store->GetLedger().At(0).line) {
                    std::cerr << name << ":" << line_no << ": this script's game header is not the one in " << options.db
                              << ":\n  " << game.store->GetLedger().At(0).line << "\n";
                    return kExitUnusable;
                }
                continue;
            }
            if (options.db.empty()) {
                game.memory = std::move(ledger);
            } else {
                std::string error;
                game.store = Store::Create(options.db, *header, stamp(*header), &error);
                if (!game.store) {
                    std::cerr << "rutland-cli: " << error << "\n";
                    return kExitUnusable;
                }
                added = true;
            }
            ReportAccepted(game, 0, options);
            continue;
        }
        if (parsed.error) {
            std::cerr << name << ":" << line_no << ": rejected: " << parsed.error->ToString() << "\n";
            any_rejected = true;
            if (!options.keep_going) break;
            continue;
        }
        int seq = -1;
        Rejection rejection;
        if (game.store) {
            StoreReceipt r = game.store->Submit(*parsed.command, stamp(game.GetLedger().State().header));
            if (r.duplicate && added) {
                // An earlier line of this run was new, yet this one is already in the file: the
                // script does not continue this game in order.
                std::cerr << name << ":" << line_no << ": this line is already entry " << r.seq << " of " << options.db
                          << ", but earlier lines of the script were not: the script does not continue that game "
                          << "(another --session makes its lines new commands)\n";
                return kExitUnusable;
            }
            if (r.accepted && !r.duplicate) added = true;
            if (r.duplicate) {
                if (!skipped++) first_skipped = r.seq;
                last_skipped = r.seq;
            }
            if (r.accepted) seq = r.seq;
            else rejection = r.rejection;
            if (rejection.rule == "store") {
                std::cerr << name << ":" << line_no << ": " << rejection.message << "\n";
                return kExitUnusable;
            }
        } else {
            SubmitResult r = game.memory->Submit(*parsed.command);
            if (r.accepted) seq = r.seq;
            else rejection = r.rejection;
        }
        if (seq >= 0) {
            ReportAccepted(game, seq, options);
            continue;
        }
        std::cerr << name << ":" << line_no << ": rejected: " << rejection.ToString() << "\n";
        any_rejected = true;
        if (!options.keep_going) break;
    }
    if (!game.Started()) {
        std::cerr << name << ": no game header (game players=...)\n";
        return kExitUnusable;
    }
    if (skipped)  // said, never silent: a new session with the same text needs --session
        std::cerr << fmt::format("{}: {} line{} already in {} (entries {}-{}, same command ids) not applied again\n", name,
                                 skipped, skipped == 1 ? " was" : "s were", options.db, first_skipped, last_skipped);
    const GameState& state = game.GetLedger().State();
    if (options.json) {
        nlohmann::json j = StateToJson(state);
        if (game.store) {
            j["entries"] = game.store->Size();
            j["fingerprint"] = game.store->Fingerprint();
        }
        std::cout << j.dump(2) << "\n";
    } else {
        if (options.effects || options.explain) std::cout << "\n";
        std::cout << BrokerSummary(state);
        if (game.store)
            std::cout << fmt::format("\n{}: {} entries, fingerprint {}\n", options.db, game.store->Size(),
                                     game.store->Fingerprint());
    }
    return any_rejected ? kExitRejected : kExitAccepted;
}

} // namespace rutland::cli
