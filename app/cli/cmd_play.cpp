// rutland-cli play: replays a script in a game's language, in memory or into a game file (--db).
// Any game of the registry (app/host/registry.h): the script's header names it (GameOfHeader), or
// the file does (GameToOpen); the game reads each line once and records what it read
// (open_game.h invariant 6). Everything else here, the command ids, the stamps, the dedupe by
// content and every guard, is the same for every game.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "base/json_guard.h"
#include "base/safe_text.h"
#include "base/sha256.h"
#include "host/registry.h"

namespace rutland::cli {

namespace {

// The game being played, in memory or in a game file (--db): the game's own session behind the
// facade (kit/host/open_game.h), one submit path whatever the game.
using Game = std::unique_ptr<host::OpenGame>;
using host::ReadLine;
class Script;

// Prints what an accepted line did. The one place `play` reports an accepted line: with --db it
// is also the acknowledgement that the line is safely in the file (it prints after the commit).
void ReportAccepted(const host::OpenGame& game, int seq, const PlayOptions& options) {
    if (!options.effects && !options.explain) return;
    std::cout << game.AcceptedText(seq, options.effects, options.explain);
    if (!game.Path().empty()) std::cout << std::flush;  // an acknowledgement must not wait in a buffer
}

// A script line's command id (basic_store.h invariant 3): the session, the line's number among the
// script's command lines (comments and blank lines do not count, so editing them changes no id)
// and a hash of the command as printed (a trailing comment is no part of it). Playing the same
// script again into the same file applies nothing twice, and a script that has grown applies only
// its new lines; PlanReplay refuses a script whose played lines moved or changed.
std::string ScriptCommandId(const std::string& session, int ordinal, std::string_view line) {
    return fmt::format("{}:{}:{}", session, ordinal, ToHex(Sha256(line)).substr(0, 12));
}

// A command id as ScriptCommandId makes them, read back: "SESSION:ORDINAL:HASH12" (a session may
// hold ':' itself, so it is read from the right).
struct ScriptId {
    std::string_view session;
    int ordinal = 0;
    std::string_view hash;  // the first 12 hex digits of SHA-256 of the command as the script printed it
};

// nullopt for an id no script made (the dashboard's "PREFIX:N", the header's, a '#=' id of another shape).
std::optional<ScriptId> ReadScriptId(std::string_view id) {
    const size_t last = id.rfind(':');
    if (last == std::string_view::npos || last == 0 || id.size() - last - 1 != 12) return std::nullopt;
    const size_t middle = id.rfind(':', last - 1);
    if (middle == std::string_view::npos || middle == 0 || middle + 1 == last) return std::nullopt;
    ScriptId out;
    out.session = id.substr(0, middle);
    out.hash = id.substr(last + 1);
    for (char ch : out.hash)
        if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) return std::nullopt;
    const auto [end, ec] = std::from_chars(id.data() + middle + 1, id.data() + last, out.ordinal);
    if (ec != std::errc() || end != id.data() + last || out.ordinal < 1) return std::nullopt;
    return out;
}

// The ordinal of a command id ScriptCommandId made for `session`; nullopt for any other id (the
// dashboard's, another session's).
std::optional<int> OrdinalInSession(std::string_view id, std::string_view session) {
    const auto read = ReadScriptId(id);
    if (!read || read->session != session) return std::nullopt;
    return read->ordinal;
}

// A "#= {...}" line gives the next command's time, who and command id (export --script writes
// them, so that playing an export rebuilds the same hash chain). Each field is optional; given, it
// must be what the store accepts (basic_store.h invariant 14).
struct GivenStamp {
    int line_no = 0;
    std::optional<std::string> time, who, id;
};

// The longest '#=' line: its three fields at their longest (safe_text.h kMaxStampFieldBytes), with room
// for their keys and escapes.
constexpr size_t kMaxStampLineBytes = 4 * kMaxStampFieldBytes;

// nullopt and no *error: not a "#=" line. nullopt and *error: a "#=" line that is wrong, and why.
std::optional<GivenStamp> ReadStampLine(std::string_view line, int line_no, std::string* error) {
    const size_t at = line.find_first_not_of(" \t");
    if (at == std::string_view::npos || line.substr(at, 2) != "#=") return std::nullopt;
    auto fail = [&](const std::string& why) -> std::optional<GivenStamp> {
        *error = "this '#=' line " + why + " (a '#=' line stamps the next command with a JSON object of strings, e.g. "
                 "#= {\"time\":\"2026-11-22T01:15:14Z\",\"who\":\"Dee\",\"id\":\"g.txt:2:8f1d0c2e9a7b\"})";
        return std::nullopt;
    };
    // Bounded before it is parsed, as every JSON from outside (base/json_guard.h): three fields of at
    // most kMaxStampFieldBytes, one object of strings, each key once.
    const std::string_view json = line.substr(at + 2);
    // Depth 2: a value that is an array or an object is still told apart below ("gives who as a JSON array").
    static constexpr JsonBounds kStampBounds{kMaxStampLineBytes, 2, "the '#=' line", "a stamp line",
                                             "kMaxStampLineBytes", "a stamp is one object of strings"};
    if (std::optional<std::string> problem = JsonGuardProblem(json, kStampBounds)) return fail("is refused: " + *problem);
    const auto j = nlohmann::json::parse(json, nullptr, false);
    if (j.is_discarded()) return fail("is not valid JSON");
    if (!j.is_object()) return fail("is not a JSON object");
    GivenStamp given;
    given.line_no = line_no;
    for (const auto& [key, value] : j.items()) {
        std::optional<std::string>* field = key == "time" ? &given.time
                                            : key == "who"  ? &given.who
                                            : key == "id"   ? &given.id
                                                            : nullptr;
        if (!field) return fail(fmt::format("has '{}', which is not one of time, who, id", ShortText(key)));
        if (!value.is_string()) return fail(fmt::format("gives {} as a JSON {}, not a string", key, value.type_name()));
        const std::string& text = value.get_ref<const std::string&>();
        if (key == "time" && !IsUtcTime(text))
            return fail(fmt::format("gives the time '{}', not an ISO 8601 UTC time like 2026-11-22T01:15:14Z",
                                    ShortText(text)));
        if (auto why = StampTextProblem(text); why && key != "time")
            return fail(fmt::format("gives a {} that {}", key, *why));
        *field = text;
    }
    return given;
}

std::string_view Trimmed(std::string_view s) {
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string_view::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// A command line of the script, read (and its stamp line checked) before anything is played.
struct ScriptCommand {
    int line_no = 0;
    ReadLine parsed;     // a command, or the language's error (read by the script's game)
    int ordinal = 0;     // its number among the script's command lines, from 1
    std::optional<GivenStamp> given;
    std::string id;      // given->id, else ScriptCommandId (with --db only)
    std::string printed; // the command as the ledger would record it (the line itself when it does not parse; with --db only)
    bool header_word = false;  // its first word is `game` (any case): a header, valid or not
    bool IsHeader() const { return parsed.kind == ReadLine::Kind::Header; }
};

ReadLine TooLongLine(size_t bytes, std::string_view rule);

// A script's command lines in order. In memory each is kept read (ScriptCommand: its parsed
// command in place, reserved for every line of the script before any is read, since growing moved
// them all). With --db only where each line is in the script's text (kept whole, one copy) is
// kept, 28 bytes a line, and its ScriptCommand is read again from the text when it is needed
// (Expand): a script of a million lines played into a file once held ~700 bytes a line of parsed
// commands, stamps and ids (rutland-cli's memory then grew with the script: 2 GB).
class Script {
public:
    std::string text;  // the script, whole; never moved once lines point into it
    // Where a command line is in `text` (under kMaxScriptBytes): the line, and the "#=" line
    // before it (stamp_size 0: none). Its ordinal is its index + 1.
    struct Place {
        uint32_t at = 0, size = 0, stamp_at = 0, stamp_size = 0;
        int line_no = 0, stamp_line_no = 0;
        bool header = false;       // read as the game's header
        bool header_word = false;  // its first word is `game`
    };
    // With --db a script's lines are kept as 32-bit places (28 bytes a line): a longer script is
    // refused before anything is played (split it into scripts played one after the other).
    static constexpr size_t kMaxScriptBytes = 0xFFFFFFFFu;
    std::vector<ScriptCommand> held;  // in memory
    std::vector<Place> places;        // with --db
    bool with_db = false;
    const host::GameDefinition* definition = nullptr;
    std::string session;

    size_t size() const { return with_db ? places.size() : held.size(); }
    bool empty() const { return size() == 0; }
    int LineNo(size_t i) const { return with_db ? places[i].line_no : held[i].line_no; }
    bool IsHeader(size_t i) const { return with_db ? places[i].header : held[i].IsHeader(); }
    int LastOrdinal() const { return static_cast<int>(size()); }
    // With --db: Expand(i), kept until the next call (the line being played).
    [[gnu::noinline]] const ScriptCommand& Played(size_t i) {
        m_played = Expand(i);
        return m_played;
    }
    // Line i's command as read, with (--db) its stamp, printed line and command id.
    ScriptCommand Expand(size_t i) const {
        if (!with_db) return held[i];
        const Place& at = places[i];
        const std::string_view line(text.data() + at.at, at.size);
        ScriptCommand c;
        c.parsed = at.size > host::kMaxLineBytes ? TooLongLine(at.size, definition->language_rule)
                                                 : definition->read(line, true);
        c.line_no = at.line_no;
        c.header_word = at.header_word;
        c.ordinal = static_cast<int>(i) + 1;
        if (at.stamp_size > 0) {
            std::string error;  // checked when the script was read
            c.given = ReadStampLine(std::string_view(text.data() + at.stamp_at, at.stamp_size), at.stamp_line_no, &error);
        }
        if (c.parsed.kind == ReadLine::Kind::Error) c.printed = std::string(Trimmed(line));
        else c.printed = std::move(c.parsed.printed);
        c.id = c.given && c.given->id ? *c.given->id : ScriptCommandId(session, c.ordinal, c.printed);
        return c;
    }

private:
    ScriptCommand m_played;
};

// Where a command of the script stands in the game file it is played into (PlanReplay).
enum class Standing : uint8_t {
    New,     // not in the file: play it
    InFile,  // in the file, the same command (a retry): applied nothing again
    Gap,     // not in the file, yet later lines of the script are: it was rejected when the script
             // was played (or was put there since); it cannot go into the middle of the game
    Recorded,  // in the file under another session's id, the same command in the same order (the
               // same script under another name, or a copy of it): recognised, never applied again
};

// The command a script line would record, as a script session recorded it: entry `seq` was made
// by a script (its id is a ScriptId) and either the id's hash is this line's (the same text, the
// way ScriptCommandId hashed it) or the ledger's canonical line is this line as printed (an
// exported script, whose lines are the canonical ones).
bool SameScriptCommand(const host::OpenGame& game, int seq, const ScriptCommand& c) {
    const std::string command_id = game.CommandId(seq);  // the ScriptId's views point into it
    const auto id = ReadScriptId(command_id);
    if (!id) return false;
    return id->hash == ToHex(Sha256(c.printed)).substr(0, 12) || game.Line(seq) == c.printed;
}

// A script is never applied twice, whatever its name (basic_store.h invariant 3 matches ids, and a new
// name is a new session, so ids alone cannot see a copy). After the lines placed by their ids, the
// script's new lines are matched by content against what scripts of other sessions recorded after
// the last of them (entries the dashboard made are no script's and are passed over):
//  - the script's next lines are exactly those entries, in order: they are Recorded (the game is
//    continued after them, as resuming the same script continues after its own lines);
//  - the script's next line is such an entry but the script then departs from them: refused,
//    naming that line and the session that recorded it, and the first line that differs;
//  - the next line is not the first of them, yet the script starts with the game's header and a
//    later line is the line a session recorded at that place of its script (a copy whose earlier
//    lines were edited): refused, naming its first line that differs;
//  - otherwise the script's lines are new (another script played into the same game, e.g. a
//    second day's under --session).
// Returns false (and *error) when refused; nothing was applied.
bool MatchRecordedByContent(const host::OpenGame& game, const Script& script,
                            std::vector<Standing>& standing, const std::vector<int>& seqs, const std::string& name,
                            const std::string& db, std::string* error) {
    int after = 0;  // the entries of other sessions come after the last line placed by its id (and the header)
    size_t first_new = 0;
    for (size_t i = 0; i < script.size(); ++i)
        if (standing[i] == Standing::InFile) after = std::max(after, seqs[i]), first_new = i + 1;
    std::vector<int> recorded;  // entries after `after` that a script session made
    for (int seq = after + 1; seq < game.Size(); ++seq)
        if (ReadScriptId(game.CommandId(seq))) recorded.push_back(seq);
    std::vector<size_t> fresh;  // the script's lines about to be applied, in order
    for (size_t i = first_new; i < script.size(); ++i)
        if (standing[i] == Standing::New && !script.IsHeader(i)) fresh.push_back(i);
    if (recorded.empty() || fresh.empty()) return true;
    if (!SameScriptCommand(game, recorded[0], script.Expand(fresh[0]))) {
        // A copy of the game's script with its earlier lines changed: it starts with the game's own
        // header, none of its lines is in the game by id, and a later line is the very line another
        // session recorded at that place of its script (the same ordinal, the same command). Its
        // other lines would be applied again as new ones: refused, naming the first line that
        // differs, before anything is applied, --keep-going or not. A script of new lines (a
        // second day's, or the header and a note) has no such line and is new lines.
        std::string ignored;
        const bool game_header = after == 0 && !script.empty() && script.IsHeader(0) &&
                                 game.HeaderLine(script.Expand(0).parsed, &ignored) == std::optional(game.Line(0));
        if (!game_header) return true;
        size_t same = 0;  // the first later line that is the recorded one at its place
        for (size_t i = 1; !same && i < fresh.size() && i < recorded.size(); ++i) {
            const std::string recorded_id = game.CommandId(recorded[i]);  // the ScriptId's views point into it
            const auto id = ReadScriptId(recorded_id);
            if (id && id->ordinal == static_cast<int>(fresh[i]) + 1 &&
                SameScriptCommand(game, recorded[i], script.Expand(fresh[i])))
                same = i;
        }
        if (!same) return true;
        const ScriptCommand first = script.Expand(fresh[0]);
        const std::string same_id = game.CommandId(recorded[same]);
        const auto session = ReadScriptId(same_id)->session;
        *error = fmt::format("{}:{}: this script starts with the header of {} and its line {} is entry {} of the game, "
                             "as the script session '{}' recorded it, but its line {} is `{}`, where the game recorded "
                             "entry {}: `{}`: a copy of that script whose earlier lines differ; nothing was applied\n  to "
                             "continue a game, play the script it was played from (or give --session {}) and append "
                             "new lines at its end",
                             name, first.line_no, db, script.LineNo(fresh[same]), recorded[same],
                             PrintableText(session), first.line_no, PrintableText(first.printed), recorded[0],
                             PrintableText(game.Line(recorded[0])), PrintableText(session));
        return false;
    }
    size_t k = 0;
    while (k < recorded.size() && k < fresh.size() && SameScriptCommand(game, recorded[k], script.Expand(fresh[k]))) ++k;
    if (k == recorded.size()) {
        for (size_t m = 0; m < k; ++m) standing[fresh[m]] = Standing::Recorded;
        return true;
    }
    const ScriptCommand first = script.Expand(fresh[0]);
    const std::string first_id = game.CommandId(recorded[0]);
    const auto session = ReadScriptId(first_id)->session;
    std::string departs;
    if (k < fresh.size())
        departs = fmt::format("its line {} is `{}`, where the game recorded entry {}: `{}`", script.LineNo(fresh[k]),
                              PrintableText(script.Expand(fresh[k]).printed), recorded[k], PrintableText(game.Line(recorded[k])));
    else
        departs = fmt::format("it ends at line {}, and the game recorded more of it after: entry {}: `{}`",
                              script.LineNo(fresh[k - 1]), recorded[k], PrintableText(game.Line(recorded[k])));
    *error = fmt::format("{}:{}: this line is already entry {} of {} (`{}`), recorded by the script session '{}': this "
                         "script repeats that session's lines but does not continue the game after them ({}): nothing "
                         "was applied\n  to continue a game, play the script it was played from (or give --session "
                         "{}); a script's lines already in the game are never applied again under another name",
                         name, first.line_no, recorded[0], db, PrintableText(game.Line(recorded[0])),
                         PrintableText(session), departs, PrintableText(session));
    return false;
}

// Replaying a script into a game must never apply a command twice or out of its place. Before
// anything is played, each command of the script is placed against the file: by its command id,
// and (ids ScriptCommandId made) by its place among the session's commands. Refused, with why
// (the first script line that disagrees) in *error:
//  - a line whose place the game recorded with another command (a line inserted, removed,
//    moved or changed; or another script with the same name),
//  - a line whose given ("#=") id is an entry with another command,
//  - lines that are in the game in another order than the script's,
//  - a script shorter than what the game recorded for its session.
// A new line before the last line already in the game is a Gap: it is reported, never applied.
std::optional<std::vector<Standing>> PlanReplay(const host::OpenGame& game, const Script& script,
                                                const std::string& session, const std::string& name,
                                                const std::string& db, std::string* error) {
    std::map<int, int> ordinals;  // ordinal -> seq, for the ids this session's script made
    for (int seq = 0; seq < game.Size(); ++seq)
        if (auto ordinal = OrdinalInSession(game.CommandId(seq), session)) ordinals.emplace(*ordinal, seq);
    const std::string keep_hint =
        "\n  to continue a game, append new lines at the end of its script and leave the lines already played as they "
        "were (a rejected one too: it holds the later lines' places); another script with the same name needs "
        "--session NAME";
    auto recorded = [&](int seq) { return PrintableText(game.Line(seq)); };

    std::vector<Standing> standing(script.size(), Standing::New);
    std::vector<int> seqs(script.size(), -1);
    int last_in_file = -1;  // index of the last script command already in the game
    for (size_t i = 0; i < script.size(); ++i) {
        if (script.IsHeader(i)) continue;  // compared with entry 0 when it is played
        const ScriptCommand c = script.Expand(i);
        const std::string where = fmt::format("{}:{}: ", name, c.line_no);
        if (auto seq = game.FindCommandId(c.id)) {
            // An id ScriptCommandId made holds the session, the place and a hash of this very text,
            // so finding it is finding this line; the ledger records the command canonical (`@fulw`
            // -> `@fulwell`, `player bob` -> `player Bob`, from the board and the state), which the
            // script's text need not match. A '#=' id says nothing of the text: compare the line.
            const bool given_id = c.given && c.given->id;
            if (given_id && game.Line(*seq) != c.printed) {
                *error = where + fmt::format("this line's command id '{}' (from its '#=' line) is entry {} of {}, which "
                                             "is `{}`, not this line: nothing was applied", PrintableText(c.id), *seq, db,
                                             recorded(*seq)) +
                         "\n  a '#=' line stamps the command right after it; to continue a game, append new lines at "
                         "the end of its script";
                return std::nullopt;
            }
            standing[i] = Standing::InFile;
            seqs[i] = *seq;
            last_in_file = static_cast<int>(i);
        } else if (!(c.given && c.given->id) && ordinals.count(c.ordinal)) {
            *error = where + fmt::format("this script was played into {} before, and its line {} differs from what the "
                                         "game recorded for that place in the script (entry {}: `{}`): nothing was applied",
                                         db, c.line_no, ordinals[c.ordinal], recorded(ordinals[c.ordinal])) +
                     keep_hint;
            return std::nullopt;
        }
    }
    int previous = -1;
    for (size_t i = 0; i < script.size(); ++i) {
        if (standing[i] != Standing::InFile) continue;
        if (previous >= 0 && seqs[i] <= seqs[static_cast<size_t>(previous)]) {
            *error = fmt::format("{}:{}: this line is entry {} of {}, but line {} before it in the script is entry {}: "
                                 "the lines of a played script were moved; nothing was applied",
                                 name, script.LineNo(i), seqs[i], db, script.LineNo(static_cast<size_t>(previous)),
                                 seqs[static_cast<size_t>(previous)]) + keep_hint;
            return std::nullopt;
        }
        previous = static_cast<int>(i);
    }
    if (!ordinals.empty() && !script.empty() && ordinals.rbegin()->first > script.LastOrdinal()) {
        const auto [ordinal, seq] = *ordinals.upper_bound(script.LastOrdinal());
        *error = fmt::format("{}: {} holds more of a script named '{}' than this one has: its command {} is entry {} of "
                             "the game (`{}`), and this script has {} commands: nothing was applied\n  lines already "
                             "played stay in the script (to take one back, add `undo`); another script with the same "
                             "name needs --session NAME", name, db, PrintableText(session), ordinal, seq, recorded(seq),
                             script.LastOrdinal());
        return std::nullopt;
    }
    for (int i = 0; i < last_in_file; ++i)
        if (standing[static_cast<size_t>(i)] == Standing::New && !script.IsHeader(static_cast<size_t>(i)))
            standing[static_cast<size_t>(i)] = Standing::Gap;
    if (!MatchRecordedByContent(game, script, standing, seqs, name, db, error)) return std::nullopt;
    return standing;
}

// 70000 -> "70,000".
std::string Grouped(size_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// A line over the limit every game's language has (open_game.h kMaxLineBytes), refused unread.
std::string LineTooLong(size_t bytes, std::string_view rule) {
    return "the line is " + Grouped(bytes) + " bytes long, over the line length limit of " +
           Grouped(host::kMaxLineBytes) + " bytes (kMaxLineBytes): nothing of it was read; write it as several lines (" +
           std::string(rule) + ")";
}

// A line over the limit, as a line of the language that cannot be read.
ReadLine TooLongLine(size_t bytes, std::string_view rule) {
    ReadLine out;
    out.kind = ReadLine::Kind::Error;
    out.error = LineTooLong(bytes, rule);
    return out;
}

// True for a line no game's language reads as a command: blank, a comment, a "#=" stamp line (every
// game's comments start with '#'). The script's first other line is its header, which names its game.
bool BeforeHeader(std::string_view line) {
    const size_t at = line.find_first_not_of(" \t\r");
    return at == std::string_view::npos || line[at] == '#';
}

// True for a line whose first word is `game`, in any case: a header, whether or not it is a valid one.
bool HasHeaderWord(std::string_view line) {
    const size_t at = line.find_first_not_of(" \t\r");
    if (at == std::string_view::npos || line.size() - at < 4) return false;
    for (size_t i = 0; i < 4; ++i)
        if ((line[at + i] | 0x20) != "game"[i]) return false;
    return at + 4 == line.size() || line[at + 4] == ' ' || line[at + 4] == '\t' || line[at + 4] == '\r';
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
    // What goes into every stamp is checked before anything is played (basic_store.h invariant 14).
    if (!options.who.empty()) {
        if (auto why = StampTextProblem(options.who)) {
            std::cerr << "rutland-cli: --who '" << PrintableText(options.who) << "' " << *why << "; nothing was played\n";
            return kExitUnusable;
        }
    }
    if (auto why = StampTextProblem(session)) {
        std::cerr << "rutland-cli: the session '" << PrintableText(session) << "' (part of every command id"
                  << (options.session.empty() ? ": the script's file name" : "") << ") " << *why
                  << "; nothing was played" << (options.session.empty() ? " (give --session NAME)" : "") << "\n";
        return kExitUnusable;
    }

    // The game of the file played into, when it exists: a script without a header continues it,
    // whatever its game (a line without a game word is otherwise Big Board Raiders').
    std::error_code ec;
    const bool file_exists = !options.db.empty() && std::filesystem::exists(options.db, ec);
    const host::GameDefinition* file_game = nullptr;
    bool file_says_game = false;  // the file records its game (else its open says what is wrong with it)
    if (file_exists) {
        std::string error;
        file_game = host::GameToOpen(options.db, &error);
        if (!file_game) {
            std::cerr << "rutland-cli: " << error << "; nothing was played\n";
            return kExitUnusable;
        }
        file_says_game = host::GameOfFile(options.db, nullptr) != nullptr;
    }

    // The whole script is read first: its "#=" lines checked and every command's id formed, so
    // that a script that cannot be replayed is refused before it changes anything (PlanReplay).
    Script script;
    script.with_db = !options.db.empty();
    script.session = session;
    const host::GameDefinition*& definition = script.definition;  // the script's game, from its header line
    {
        std::optional<GivenStamp> pending;
        std::string_view pending_line;  // with --db: the "#=" line itself (Script::Place)
        // The script read whole, then cut into lines as std::getline cuts them (at each '\n'; no
        // line after a last '\n'): one copy of the text, and a count of its lines to reserve for.
        std::ostringstream read;
        read << in->rdbuf();
        script.text = std::move(read).str();
        script.text.shrink_to_fit();  // the stream's buffer grew by doubling: up to twice the script
        const std::string& text = script.text;
        if (script.with_db && text.size() > Script::kMaxScriptBytes) {
            std::cerr << name << ": the script is " << Grouped(text.size()) << " bytes long, over the "
                      << Grouped(Script::kMaxScriptBytes) << " bytes one `play --db` reads; split it into scripts "
                      << "played one after the other; nothing was played\n";
            return kExitUnusable;
        }
        const size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
        if (script.with_db) script.places.reserve(lines);
        else script.held.reserve(lines);
        int line_no = 0;
        for (size_t at = 0; at < text.size();) {
            const size_t end = std::min(text.find('\n', at), text.size());
            const std::string_view line(text.data() + at, end - at);
            at = end + 1;
            ++line_no;
            std::string error;
            if (auto given = ReadStampLine(line, line_no, &error)) {
                if (pending) {
                    std::cerr << name << ":" << line_no << ": a second '#=' line for the same command (the first is line "
                              << pending->line_no << "); nothing was played\n";
                    return kExitUnusable;
                }
                pending = std::move(given);
                pending_line = line;
                continue;
            }
            if (!error.empty()) {
                std::cerr << name << ":" << line_no << ": " << error << "; nothing was played\n";
                return kExitUnusable;
            }
            // The line limit is every game's (open_game.h kMaxLineBytes): nothing of a longer line is read.
            const bool too_long = line.size() > host::kMaxLineBytes;
            if (!definition && (too_long || !BeforeHeader(line))) {
                // A script whose first line is no header continues the game of the file it is played
                // into, whatever that game; otherwise a line without a game word is Big Board Raiders',
                // whose language says what is wrong with it.
                definition = file_game && (too_long || !HasHeaderWord(line)) ? file_game
                                                                             : host::GameOfHeader(line, &error);
                if (!definition) {
                    std::cerr << name << ":" << line_no << ": " << error << "; nothing was played\n";
                    return kExitUnusable;
                }
            }
            if (!definition) continue;  // blank or comment before the header
            ReadLine parsed = too_long ? TooLongLine(line.size(), definition->language_rule) : definition->read(line, false);
            if (parsed.kind == ReadLine::Kind::Blank) continue;  // blank or comment
            if (script.with_db) {  // where it is, to be read again when it is needed (Script::Expand)
                Script::Place& at = script.places.emplace_back();
                at.at = static_cast<uint32_t>(line.data() - text.data());
                at.size = static_cast<uint32_t>(line.size());
                at.line_no = line_no;
                at.header = parsed.kind == ReadLine::Kind::Header;
                at.header_word = HasHeaderWord(line);
                if (pending) {
                    at.stamp_at = static_cast<uint32_t>(pending_line.data() - text.data());
                    at.stamp_size = static_cast<uint32_t>(pending_line.size());
                    at.stamp_line_no = pending->line_no;
                }
                pending.reset();
                continue;
            }
            ScriptCommand& c = script.held.emplace_back();  // in place: the command is moved once, here
            c.parsed = std::move(parsed);
            c.line_no = line_no;
            c.header_word = HasHeaderWord(line);
            c.ordinal = static_cast<int>(script.held.size());
            c.given = std::move(pending);
            pending.reset();
            // The printed line and the command id matter only to a game file (PlanReplay, the
            // stamps): in memory neither is made (a tenth of a 10,000-line play's time).
        }
        if (pending) {
            std::cerr << name << ":" << pending->line_no << ": a '#=' line with no command after it; nothing was played\n";
            return kExitUnusable;
        }
    }

    Game game;
    if (file_exists) {
        std::string error;
        // A file that does not say its game (edited) is opened by the game GameToOpen found, whose
        // open or verify says what is wrong, never refused as a game of another name.
        if (definition && file_says_game && file_game != definition) {
            const int header_line = script.empty() ? 1 : script.LineNo(0);
            std::cerr << name << ":" << header_line << ": this script is a game of " << definition->name
                      << ", and " << options.db << " holds a game of " << file_game->name << "; nothing was played\n";
            return kExitUnusable;
        }
        // Streamed (basic_store.h invariant 20): memory that does not grow with the game.
        game = file_game->open(options.db, host::Access::Append, session, &error);
        if (!game) {
            std::cerr << "rutland-cli: " << error << "\n";
            return kExitUnusable;
        }
        const host::FileCheck check = game->Check();
        for (const std::string& note : check.notes) std::cerr << options.db << ": " << note << "\n";
        const bool read_only = !game->ReadOnlyReason().empty();
        if (read_only && check.clean) {  // a read-only place (basic_store.h invariant 13)
            std::cerr << options.db << ": cannot be written: " << game->ReadOnlyReason() << "; nothing was added\n";
            return kExitUnusable;
        }
        if (read_only) {
            std::cerr << options.db << ": does not verify clean; nothing was added:\n";
            for (const std::string& f : check.problems) std::cerr << "  " << f << "\n";
            for (const std::string& f : check.rules_changes) std::cerr << "  " << f << "\n";
            return kExitUnusable;
        }
    }
    std::vector<Standing> standing(script.size(), Standing::New);
    if (game) {
        std::string error;
        auto plan = PlanReplay(*game, script, session, name, options.db, &error);
        if (!plan) {
            std::cerr << error << "\n";
            return kExitUnusable;
        }
        standing = std::move(*plan);
    }
    // Who a line is stamped by when its "#=" line does not say: --who, else the game's (Big Board
    // Raiders: the header's broker).
    auto default_who = [&](const std::string& game_who) -> std::string {
        if (!options.who.empty()) return options.who;
        return game_who;
    };

    bool any_rejected = false;
    bool added = false;  // this run has added an entry to the file
    int skipped = 0, first_skipped = -1, last_skipped = -1;  // lines already in the file (a retry)
    int recognised = 0, first_recognised = 0, last_recognised = 0;  // script lines Recorded under another session
    bool in_file = game && !game->Path().empty();  // set again when the header makes the game
    bool header_refused = false;  // with --keep-going: a header was rejected and no game has begun
    for (size_t index = 0; index < script.size(); ++index) {
        // With --db read again from the script's text (Script::Expand), valid until the next line.
        const ScriptCommand& c = script.with_db ? script.Played(index) : script.held[index];
        const int line_no = c.line_no;
        const ReadLine& parsed = c.parsed;
        const bool parse_error = parsed.kind == ReadLine::Kind::Error;
        auto stamp = [&](const std::string& game_who) {
            const std::optional<GivenStamp>& g = c.given;
            return host::StampText{g && g->time ? *g->time : NowUtc(), g && g->who ? *g->who : default_who(game_who), c.id};
        };
        // With --keep-going, before any game has begun, a refused header is a rejected line like any
        // other: each later header is checked as a header until one is valid, and every other line is
        // refused citing the language's rule (games/flutter/docs/RULES.md section 15).
        if (!game && options.keep_going && (c.header_word || header_refused) && (parse_error || !c.IsHeader())) {
            std::cerr << name << ":" << line_no << ": rejected: "
                      << (parse_error ? parsed.error
                                      : "no game has begun: the header was rejected (" + std::string(definition->language_rule) + ")")
                      << "\n";
            any_rejected = true;
            header_refused = header_refused || c.header_word;
            continue;
        }
        if (!game || (in_file && c.IsHeader())) {
            if (parse_error || !c.IsHeader()) {
                std::cerr << name << ":" << line_no << ": the first line must be the game header, e.g. "
                          << definition->example_header
                          << (parse_error ? " (" + parsed.error + ")" : std::string()) << "\n";
                return kExitUnusable;
            }
            std::string why;
            if (game) {  // playing into an existing game: the script must be that game
                const std::optional<std::string> first = game->HeaderLine(parsed, &why);
                if (!first) {
                    std::cerr << name << ":" << line_no << ": rejected: " << why << "\n";
                    return kExitUnusable;
                }
                if (*first != game->Line(0)) {
                    std::cerr << name << ":" << line_no << ": this script's game header is not the one in " << options.db
                              << ":\n  " << game->Line(0) << "\n";
                    return kExitUnusable;
                }
                continue;
            }
            game = definition->in_memory(parsed, &why);
            if (!game) {
                std::cerr << name << ":" << line_no << ": rejected: " << why << "\n";
                if (!options.keep_going) return kExitUnusable;
                any_rejected = header_refused = true;
                continue;
            }
            if (!options.db.empty()) {
                std::string error;
                game = definition->create(options.db, parsed, stamp(parsed.who), session, &error);
                // Opened again streamed (basic_store.h invariant 20), as a file that existed is.
                if (game) game = definition->open(options.db, host::Access::Append, session, &error);
                if (!game) {
                    std::cerr << "rutland-cli: " << error << "\n";
                    return kExitUnusable;
                }
                added = true;
            }
            in_file = !game->Path().empty();
            ReportAccepted(*game, 0, options);
            continue;
        }
        if (standing[index] == Standing::Recorded) {  // in the game under another session (PlanReplay)
            if (!recognised++) first_recognised = line_no;
            last_recognised = line_no;
            continue;
        }
        if (standing[index] == Standing::Gap) {
            std::cerr << name << ":" << line_no << ": not applied: this line is not in " << options.db
                      << ", but later lines of this script are: it was rejected when the script was played (or was put "
                      << "there since), and a line cannot go into the middle of a game; to add it, append it at the end "
                      << "of the script\n";
            any_rejected = true;
            if (!options.keep_going) break;
            continue;
        }
        if (parse_error) {
            std::cerr << name << ":" << line_no << ": rejected: " << parsed.error << "\n";
            any_rejected = true;
            if (!options.keep_going) break;
            continue;
        }
        // In memory nothing is stamped: no clock is read for it.
        const host::StampText line_stamp = in_file ? stamp(game->DefaultWho()) : host::StampText{};
        const host::SubmitReply r = game->SubmitRead(parsed, in_file ? &line_stamp : nullptr);
        if (r.status == host::SubmitReply::Status::Duplicate && added) {
            // An earlier line of this run was new, yet this one is already in the file: the
            // script repeats a command id of its own (PlanReplay refuses any other case).
            std::cerr << name << ":" << line_no << ": this line is already entry " << r.seq << " of " << options.db
                      << ", but earlier lines of the script were not: the script does not continue that game "
                      << "(another --session makes its lines new commands)\n";
            return kExitUnusable;
        }
        if (r.status == host::SubmitReply::Status::Refused) {
            std::cerr << name << ":" << line_no << ": " << r.text << "\n";
            return kExitUnusable;
        }
        if (r.status == host::SubmitReply::Status::Accepted && in_file) added = true;
        if (r.status == host::SubmitReply::Status::Duplicate) {
            if (!skipped++) first_skipped = r.seq;
            last_skipped = r.seq;
        }
        const bool accepted =
            r.status == host::SubmitReply::Status::Accepted || r.status == host::SubmitReply::Status::Duplicate;
        if (accepted && r.seq >= 0) {
            ReportAccepted(*game, r.seq, options);
            continue;
        }
        std::cerr << name << ":" << line_no << ": rejected: " << r.text << "\n";
        any_rejected = true;
        if (!options.keep_going) break;
    }
    if (!game) {
        std::cerr << name << ": no game header (game players=...)\n";
        return kExitUnusable;
    }
    if (recognised)
        std::cerr << fmt::format("{}: line{} {}-{} ({} command{}) already in {}, recorded by another script session "
                                 "with the same commands in the same order, not applied again\n",
                                 name, recognised == 1 ? "" : "s", first_recognised, last_recognised, recognised,
                                 recognised == 1 ? "" : "s", options.db);
    if (skipped)  // said, never silent: a new session with the same text needs --session
        std::cerr << fmt::format("{}: {} line{} already in {} (entries {}-{}, same command ids) not applied again\n", name,
                                 skipped, skipped == 1 ? " was" : "s were", options.db, first_skipped, last_skipped);
    if (options.json) {
        std::cout << game->PlayedState(true);
    } else {
        if (options.effects || options.explain) std::cout << "\n";
        std::cout << game->PlayedState(false);
        if (!game->Path().empty())
            std::cout << fmt::format("\n{}: {} entries, fingerprint {}\n", options.db, game->Size(), game->Fingerprint());
    }
    return any_rejected ? kExitRejected : kExitAccepted;
}

} // namespace rutland::cli
