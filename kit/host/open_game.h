// The one interface between the shell (app/: the dashboard, rutland-cli, the shared page's server)
// and an open game of any game. Each game implements it once, over its own ruleset, session and
// store (Big Board Raiders: games/big-board-raiders/host/; the toy: games/toy/host/); the shell
// reaches a game only through this file and the registry (app/host/registry.h). How a game comes
// to be hosted: docs/adding-a-game.md.
//
// Invariants:
//  1. Virtual calls happen only here, at the shell's boundary: per line typed, per frame, per row
//     shown. Apply, replay and verify run inside the game's own templates (core/kernel/), which
//     never see this interface, so a game's rules cost what they cost without it.
//  2. Words are made by the game, from its typed effects, at the moment the shell asks; nothing the
//     shell stores or hashes is a sentence from here, and the shell never parses one back.
//  3. Every answer is of the game as the file holds it now (after Follow()), or of the entry being
//     viewed while time travelling (ShowEntry()); nothing here changes the game except Submit,
//     Confirm and SubmitRead, which return only once the entry is durable (basic_session.h
//     invariant 1).
//  4. Rule IDs come with the words (`rule` fields) so the shell can show the rule's text
//     (RuleText) without knowing any game's rules.
//  5. What rutland-cli prints of a game (the [SECTION]s "The file as a terminal reads it" and "A
//     script played in") is the game's own text, whole: a subcommand makes one call and the game
//     walks its entries inside its own templates (invariant 1), so a long game costs one virtual call
//     per subcommand or per script line, not one per entry read (`play --db` alone, placing a
//     script against the file before anything is played, reads each entry's command id through
//     CommandId: once a run). Big Board Raiders' is what rutland-cli printed before games had a
//     registry, byte for byte (tests/cli/).
//  6. A line is parsed once: GameDefinition::read parses it (with no game open, so a script is read
//     whole before anything is played), and SubmitRead submits that parsed command, never the text.
//  7. Everything here is the shell's vocabulary: no type of any game appears in this file, and a
//     game's host part (games/<name>/host/) includes this file and, for the part of its adapter
//     every game shares, basic_open_game.h, and no other of app/ (tests/check_layers.cmake rule 5).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rutland::host {

struct GameDefinition;

// The longest line any game's language reads as new input, in bytes: the shell refuses a longer
// one before the game reads any of it (rutland-cli play: "the line is 70,000 bytes long, over the
// line length limit of 65,536 bytes (kMaxLineBytes)...", citing the game's language_rule), so no
// line makes an entry, a --json or the shared page's view megabytes long, whatever the game. Big
// Board Raiders' own bound is the same (games/big-board-raiders/lang/command.h kMaxLineBytes).
inline constexpr size_t kMaxLineBytes = 65536;

// A game's parsed command, held by the shell without its type (ReadLine::command): only the game
// that read it looks inside (As<T>, which refuses another type). A command of up to kInlineBytes
// (every game's today: Big Board Raiders' is 248 bytes) is held in place, so reading a line
// allocates nothing for its command; a larger one is held on the heap. (It was a std::any, which
// put every line's command on the heap: 4% of a 10,000-line `rutland-cli play` with what the
// heap then cost the ledger's own allocations.)
class CommandBox {
public:
    static constexpr size_t kInlineBytes = 256;

    CommandBox() = default;
    template <class T, class = std::enable_if_t<!std::is_same_v<std::decay_t<T>, CommandBox>>>
    explicit CommandBox(T&& command) {
        Emplace(std::forward<T>(command));
    }
    CommandBox(CommandBox&& other) noexcept { TakeFrom(other); }
    CommandBox(const CommandBox& other) {
        if (other.m_ops) other.m_ops->copy(other.m_buffer, m_buffer), m_ops = other.m_ops;
    }
    CommandBox& operator=(CommandBox&& other) noexcept {
        if (this != &other) Reset(), TakeFrom(other);
        return *this;
    }
    CommandBox& operator=(const CommandBox& other) {
        if (this != &other) *this = CommandBox(other);
        return *this;
    }
    ~CommandBox() { Reset(); }

    template <class T>
    void Emplace(T&& command) {
        using U = std::decay_t<T>;
        Reset();
        if constexpr (Inline<U>())
            ::new (static_cast<void*>(m_buffer)) U(std::forward<T>(command));
        else
            ::new (static_cast<void*>(m_buffer)) U*(new U(std::forward<T>(command)));
        m_ops = &kOps<U>;
    }
    bool HasValue() const { return m_ops != nullptr; }
    // The command as the game that read it made it; throws std::logic_error for any other type.
    template <class T>
    const T& As() const {
        if (m_ops != &kOps<T>) throw std::logic_error("a line's command read as another game's (open_game.h CommandBox)");
        if constexpr (Inline<T>())
            return *std::launder(reinterpret_cast<const T*>(m_buffer));
        else
            return **std::launder(reinterpret_cast<T* const*>(m_buffer));
    }
    void Reset() noexcept {
        if (m_ops) m_ops->destroy(m_buffer), m_ops = nullptr;
    }

private:
    struct Ops {
        void (*move)(void* from, void* to) noexcept;  // constructs at `to`, leaves `from` destroyed
        void (*copy)(const void* from, void* to);
        void (*destroy)(void* at) noexcept;
    };
    template <class T>
    static constexpr bool Inline() {
        return sizeof(T) <= kInlineBytes && alignof(T) <= alignof(std::max_align_t) &&
               std::is_nothrow_move_constructible_v<T>;
    }
    template <class T>
    static constexpr Ops MakeOps() {
        if constexpr (Inline<T>()) {
            return {[](void* from, void* to) noexcept {
                        T* source = std::launder(static_cast<T*>(from));
                        ::new (to) T(std::move(*source));
                        source->~T();
                    },
                    [](const void* from, void* to) { ::new (to) T(*std::launder(static_cast<const T*>(from))); },
                    [](void* at) noexcept { std::launder(static_cast<T*>(at))->~T(); }};
        } else {
            return {[](void* from, void* to) noexcept { ::new (to) T*(*std::launder(static_cast<T**>(from))); },
                    [](const void* from, void* to) { ::new (to) T*(new T(**std::launder(static_cast<T* const*>(from)))); },
                    [](void* at) noexcept { delete *std::launder(static_cast<T**>(at)); }};
        }
    }
    template <class T>
    static constexpr Ops kOps = MakeOps<T>();

    void TakeFrom(CommandBox& other) noexcept {
        if (!other.m_ops) return;
        other.m_ops->move(other.m_buffer, m_buffer);
        m_ops = std::exchange(other.m_ops, nullptr);
    }

    const Ops* m_ops = nullptr;  // nullptr: empty
    alignas(std::max_align_t) unsigned char m_buffer[kInlineBytes];
};

// A line of a game's language read with no game open (GameDefinition::read): a script's lines
// are read whole before the first is played (invariant 6).
struct ReadLine {
    enum class Kind { Blank, Command, Header, Error } kind = Kind::Blank;  // Blank: blank or a comment
    std::string error;    // Error: why it is no line of the language, citing the rule ("... (TOY.md)")
    std::string printed;  // Command, Header: the command as the game records it (when asked for: with_printed)
    std::string who;      // Header: who enters the lines when nobody says (Big Board Raiders: its broker)
    CommandBox command;   // Command, Header: the game's parsed command; only the game that read it looks inside
};

// An entry's stamp as text (core/kernel/basic_store.h Stamp and invariant 14, which the store checks).
struct StampText {
    std::string time, who, command_id;
};

// What opening a file found (core/kernel/basic_store.h invariant 5), each finding in words.
struct FileCheck {
    bool clean = true;
    int entries = 0;                         // the records in the file
    std::vector<std::string> notes;          // said, never a problem (a migration made, a backup kept)
    std::vector<std::string> problems;       // what does not check out, first first
    std::vector<std::string> rules_changes;  // entries the rules of this build replay otherwise
};

// `rutland-cli log`'s filters; "" keeps every entry. A game without companies refuses `company`.
struct LogFilter {
    std::string player, company, rule;
};

// `rutland-cli export`'s formats: one row an entry; every entry with its effects, hashes and the
// final state; the script that replays the game (with each entry's stamp on a "#=" line before it).
enum class ExportFormat { Csv, Json, Script };

// `rutland-cli year-end`'s formats (OpenGame::WriteSettlement).
enum class SettlementFormat { Text, Csv, Html };

// How a file is opened (GameDefinition::open): to record lines (the game's session over its store,
// written by this program, read-only with the reason when it cannot be), or only read, holding
// every entry or streaming them (basic_store.h invariant 20: a command that reads the game through
// once holds no more than the entry it is at). Append records lines as Play does, its store
// streamed (rutland-cli play --db: memory that does not grow with the game; every entry is still
// answered, read back from the file, basic_ledger.h invariant 10).
enum class Access { Play, Read, Stream, Append };

// A warning shown in amber before Enter, and what a rejection or a question cites.
struct Note {
    std::string text;
    std::string rule;  // "" when no rule is cited
};

// What the line typed would do if Enter were pressed now; nothing is changed.
struct LinePreview {
    enum class Kind { Empty, Accepted, Rejected } kind = Kind::Empty;
    std::string typed;     // the text as typed
    std::string expanded;  // after the game's quick forms
    std::string text;      // what it would do, in the table's words; or why it is rejected
    std::string rule;      // the rejection's rule
    bool provisional = false;          // it would use a fact of the board the table has not verified
    std::string did_you_mean;          // the line with a misspelt name corrected, or ""
    std::vector<Note> warnings;        // amber
    std::vector<std::string> hand_over;  // what the table hands over, one line each
    int entries = -1;  // the number of entries it was computed on: Enter records only onto those
};

// What the start screen's recent games list says of a game (app/view/start_view.h ReadRecentGame).
struct GameSummary {
    std::vector<std::string> players;  // in turn order
    int period = 0;                    // the year (Big Board Raiders) or round (Flutter) it is in; 0: none
};

// What became of a line submitted (basic_session.h SubmitOutcome, in words).
struct SubmitReply {
    enum class Status { Accepted, Duplicate, Rejected, Blank, Refused } status = Status::Blank;
    int seq = -1;           // the new entry when Accepted or Duplicate
    std::string text;       // the entry's effects in words when Accepted; the rejection or refusal otherwise
    std::string rule;       // the rejection's rule
    bool moved = false;     // Refused because another program appended meanwhile (basic_session.h invariant 6)
};

// A question the table must answer before a line is recorded (Big Board Raiders: a board fact the
// table has not verified, the first time a throw uses it; Flutter: what a Market News card says).
// The answer is a line of the game's language, submitted before the line asked about.
struct Question {
    std::string title;                 // "Is this space right?"
    std::string text;                  // what is asked, in words
    std::string rule;
    std::vector<std::string> answers;  // lines that answer it (the first is the default), e.g. "board ok 12"
    std::string field;                 // a line of the game's language to edit as a correction, or ""
};

// One entry of the ledger as the shell shows it (the ledger panel, `rutland-cli log`, the page).
struct Row {
    int seq = 0;
    std::string line;     // the canonical line
    std::string time, who;
    std::string summary;  // the effects in one short sentence
    std::vector<Note> effects;  // each effect in words, with its rule
    bool undone = false;        // taken back by a later undo (and not redone)
};

// One player as the desk's players' strip shows him: every player's money in view at all times,
// questions included (the strip is never covered). Words made by the game, for its shown entry.
struct StripPlayer {
    std::string name;
    std::string money;   // what he holds in hand, in the game's unit ("£120", "5")
    std::string worth;   // what he is worth in all, "" when the game has no such figure ("capital £340")
    bool current = false;  // the player to act now
    bool out = false;      // out of the game (bankrupt, resigned)
};

class OpenGame {
public:
    virtual ~OpenGame() = default;
    virtual const GameDefinition& Definition() const = 0;

    // [SECTION] The file
    virtual std::string Path() const = 0;            // "" for a game in memory
    virtual std::string ReadOnlyReason() const = 0;  // "" when lines may be recorded
    virtual int Follow(std::string* problem) = 0;    // takes in other programs' entries; how many
    virtual uint64_t Version() const = 0;            // changes whenever anything shown may change
    virtual int Size() const = 0;                    // entries, the header included
    virtual std::string Fingerprint() const = 0;     // of the file as it is ("" in memory)

    // [SECTION] Lines
    virtual LinePreview Preview(std::string_view typed) const = 0;
    // `preview`: of this very text, so what Enter records is what the preview showed.
    virtual SubmitReply Submit(std::string_view typed, const LinePreview* preview, const std::string& time,
                               const std::string& who) = 0;
    virtual LinePreview ConfirmPreview(bool redo) const = 0;  // what undo / redo would do
    virtual SubmitReply Confirm(bool redo, const std::string& time, const std::string& who) = 0;
    virtual std::optional<Question> AskFirst(std::string_view typed) const = 0;
    virtual std::vector<std::string> Complete(std::string_view typed) const = 0;
    virtual std::vector<std::string> LegalLines() const = 0;
    virtual std::string DefaultWho() const = 0;  // who enters lines when nobody says (a script's stamps too)

    // [SECTION] Time travel: an entry viewed (nullopt: now); nothing is recorded meanwhile
    virtual void ShowEntry(std::optional<int> seq) = 0;
    virtual std::optional<int> ShownEntry() const = 0;

    // [SECTION] Words and data
    virtual std::vector<Row> Rows(int first, int last) const = 0;  // [first, last], clamped
    virtual std::string Explain(int seq) const = 0;               // what the table does after entry seq
    virtual std::string StateText() const = 0;                    // the state for a terminal
    virtual std::string StateJson() const = 0;                    // the game's JSON state, one object
    virtual std::string Settlement() const = 0;  // "if the year / round ended now", in words ("" when none)
    virtual std::string RuleText(std::string_view id) const = 0;  // the rule's words, "" when no such rule
    // The state as the players' window shows it (F11), at the entry shown: what the rule book lets
    // the whole table see (a game that hides the players' cash leaves it out); the game's StateText
    // when it hides nothing.
    virtual std::string PlayersText() const { return StateText(); }
    // The players' strip, in seating order, at the entry shown; empty: the game has no players' money.
    virtual std::vector<StripPlayer> PlayersStrip() const { return {}; }

    // [SECTION] The file as a terminal reads it (rutland-cli; invariant 5). `file` is the name as
    // the table typed it, for the messages.
    virtual FileCheck Check() const = 0;                          // what the open found
    virtual std::string FingerprintAt(int seq) const = 0;         // of the game after entry seq ("" in memory)
    virtual std::string FileSummary() const = 0;                  // what `verify` adds after the chain ("" when nothing)
    virtual GameSummary Summary() const = 0;                      // the players and the year or round, as it stands
    virtual bool Backup(const std::string& dest, std::string* error) const = 0;  // SQLite's backup API; the copy unverified
    // `state`: after entry seq, for a terminal or as JSON (with "entry" and "fingerprint"); false and *error when
    // that state cannot be had.
    virtual bool StateAt(int seq, bool json, std::string* out, std::string* error) const = 0;
    // `log`: one line an entry the filter keeps, written as read; false and *error (the whole message) when the
    // filter names what this game has not, or the file cannot be read.
    virtual bool WriteLog(const LogFilter& filter, const std::string& file, std::ostream& out,
                          std::string* error) const = 0;
    virtual std::vector<std::string> ExplainEntry(int seq) const = 0;           // `explain`: the entry in full
    virtual std::vector<std::string> DiffEntries(int from, int to) const = 0;   // `diff`: the states' changes, the entries between
    // `export`: the whole game as written; false and *error where the file could not be read (what was written stays).
    virtual bool WriteExport(ExportFormat format, const std::string& file, std::ostream& out,
                             std::string* error) const = 0;
    // `year-end`: the game's settlement of its year or round (Big Board Raiders' year end, RULES.md
    // section 9; Flutter's round end, its RULES.md section 9) if it ended after entry seq, or with `last` the last
    // one settled by then, for a terminal, as CSV or as a printable HTML page (titled with `file`);
    // false and *error (the whole message, citing the rule) when the game has none to show: no
    // settlement in its rules (the toy), none settled by then, none possible after that entry.
    virtual bool WriteSettlement(int seq, bool last, SettlementFormat format, const std::string& file,
                                 std::ostream& out, std::string* error) const = 0;

    // [SECTION] A script played in (rutland-cli play; invariants 5, 6): one call a line.
    // The entry 0 this header would make in this game (Big Board Raiders: on the board the game carries), to compare
    // with Line(0); nullopt and *rejection when the header is refused.
    virtual std::optional<std::string> HeaderLine(const ReadLine& header, std::string* rejection) const = 0;
    // Records a line GameDefinition::read made (Command only), stamped in a file (`stamp` may be null in memory).
    // Rejected: `text` is the rejection with its rule; Refused: why nothing could be written; Duplicate: its
    // command id is entry `seq` already (basic_store.h invariant 3).
    virtual SubmitReply SubmitRead(const ReadLine& line, const StampText* stamp) = 0;
    virtual std::string Line(int seq) const = 0;       // entry seq's canonical line
    virtual std::string CommandId(int seq) const = 0;  // entry seq's command id ("" in memory)
    virtual std::optional<int> FindCommandId(std::string_view id) const = 0;  // the entry with that command id
    // What `play` prints of an accepted entry: "seq: line", then with `effects` each effect in words with its rule,
    // with `explain` what the table does ("  > ...").
    virtual std::string AcceptedText(int seq, bool effects, bool explain) const = 0;
    // What `play` prints last: the state for a terminal, or as JSON (with "entries" and "fingerprint" in a file).
    virtual std::string PlayedState(bool json) const = 0;
};

// [SECTION] The shared page (app/serve/game_server.h)

// A game file as the shared page serves it: opened read-only and streamed (core/kernel/basic_store.h
// invariants 18, 20 and 21: what it holds does not grow with the game), followed as other programs
// append, and said as JSON text for the page's shell (assets/web/page.js) and the game's own section
// module (games/NAME/web/NAME.js). GameDefinition::serve opens one.
//
// Invariants (the server's, game_server.h, rest on them):
//  S1. One virtual call per request, per poll of the file or per event: the entries are read,
//      checked and handed to what the page keeps inside the game's own templates (invariant 1).
//  S2. Read-only: nothing here can change the game file.
//  S3. PageJson's "game" object has what the shell reads of every game: "file", "headline",
//      "detail", "fingerprint", "entry", "turn" (or "last_line" and "last_words"), "alerts"
//      ([{"kind": "good"|"warn", "text", "detail"?}]) and "problem" (the argument, as given);
//      "ledger" is the newest entries, each {"seq", "line", "who", "time", "undone", "words":
//      [{"rule", "text"}]}. Every other key is the game's module's. Every word, with every rule ID
//      it cites, is the game's: the page's scripts hold none.
//  S4. EventJson answers for the last kEventEntries entries taken in at least, and for every entry
//      from KeepEventsFrom's on until the next call, however many came at once.
//  S5. The same file gives the same JSON (no clock, no randomness).
class ServedGame {
public:
    static constexpr int kEventEntries = 4096;

    virtual ~ServedGame() = default;

    // [SECTION] The file
    virtual int Size() const = 0;                  // entries taken in, the header included
    virtual std::string Fingerprint() const = 0;   // of the game at its last entry
    virtual bool Clean() const = 0;                // the open verified clean (else: up to the first problem)
    // The hash entry seq's fingerprint is of, as written (basic_store.h EntryRecord::WrittenHash),
    // held or read back: "" when it cannot be read.
    virtual std::string WrittenHash(int seq) const = 0;
    // Takes in what other programs appended (basic_store.h invariant 18): how many entries; -1 and
    // *why when what it finds does not carry the game on.
    virtual int Follow(std::string* why) = 0;
    // nullopt when the file, read by a connection of its own, still holds the last entry taken in
    // (basic_store.h BasicStore::ChangedUnder); else what differs: the file was written over in place.
    virtual std::optional<std::string> ChangedInPlace() const = 0;

    // [SECTION] The page, as JSON text
    // The page (invariant S3); throws std::exception when what it must read back from the file is
    // no longer there (the file changed under it).
    virtual std::string PageJson(const std::string& problem) = 0;
    virtual std::string StateJson() const = 0;  // /state.json: the game's state JSON with "entry" and "fingerprint"
    virtual std::string RulesJson() const = 0;  // /rules.json: {"rules": {ID: {"heading", "where", "text"}}}
    // The live events (invariant S4): {"seq", "line", "who", "fingerprint"} of entry seq, no words.
    virtual int FirstEvent() const = 0;         // the first entry EventJson answers for
    virtual std::string EventJson(int seq) const = 0;
    virtual void KeepEventsFrom(int seq) = 0;
};

// [SECTION] A game's boards as files (rutland-cli board --game NAME)

// The boards of a game whose boards are its own data (Flutter's; Big Board Raiders' keep their older
// way, BoardCommands below): the built-in ones, and the user's, kept as NAME.json in the user's board
// folder (kit/view/board_folder.h) under a subfolder of the game's name, so no game reads another's. Every
// board is the game's JSON text; every word about one is the game's.
struct BoardKit {
    std::vector<std::string> (*builtin)() = nullptr;                    // the built-in boards' names
    std::optional<std::string> (*builtin_json)(std::string_view name) = nullptr;  // nullopt: no such built-in board
    // A board file's text checked in full (its format and the game's rules for a board): the board as
    // the game writes it, and its name; nullopt and *why (citing the rule) when refused.
    std::optional<std::string> (*check)(std::string_view text, std::string* name, std::string* why) = nullptr;
    std::string (*summary)(std::string_view json) = nullptr;  // one line: its name and how much of it is verified
    std::string (*show)(std::string_view json) = nullptr;     // for a terminal, each unverified fact marked '?'
    std::string (*renamed)(std::string_view json, std::string_view name) = nullptr;
    // The board a game file ended with, every correction of it applied; nullopt and *why (the file
    // does not open or does not verify clean).
    std::optional<std::string> (*of_file)(const std::string& path, std::string* why) = nullptr;
    // Hands the user's boards (their JSON, each checked) to the game's rules, so a header may name
    // one for a new game (`board=NAME`); the program does it at start and after saving one.
    void (*install)(const std::vector<std::string>& boards) = nullptr;
};

// `rutland-cli board` of a game whose user boards are kept in the board folder itself, in the
// format and words they had before games had a registry (Big Board Raiders': its boards are in
// rutland::bbr's catalog, games/big-board-raiders/view/board_files.h). Each writes what rutland-cli
// prints to `out` and `err`, and returns rutland-cli's exit code (0 done, 1 refused, 2 unusable input).
struct BoardCommands {
    void (*install)() = nullptr;  // the user's boards handed to the game's rules (`board=NAME`), at start
    int (*list)(std::ostream& out, std::ostream& err) = nullptr;
    int (*show)(const std::string& name, std::ostream& out, std::ostream& err) = nullptr;
    int (*import)(const std::string& file, bool replace, std::ostream& out, std::ostream& err) = nullptr;
    int (*export_)(const std::string& name, const std::string& file, std::ostream& out, std::ostream& err) = nullptr;
    // The board a game file ended with (every correction applied) kept as the user board `name`.
    int (*save)(const std::string& game_file, const std::string& name, bool replace, std::ostream& out,
                std::ostream& err) = nullptr;
};

// One option of a game's header line (`key=value`), as the start screen's new-game form offers it
// (app/view/new_game_form.h): blank leaves it out, so the game's default holds.
struct HeaderOption {
    std::string_view key;    // "cash": written `cash=VALUE`
    std::string_view label;  // "Starting cash (£)"
    std::string_view hint;   // shown while blank: "blank: 300 (G-2)"
};

// One game this build hosts (registry.h finds them; each game's host part defines its constant).
struct GameDefinition {
    std::string_view name;   // the header's game word: "big-board-raiders" (whose header has none), "toy"
    std::string_view title;  // "Big Board Raiders"
    int rules_version = 0;
    bool listed = true;      // offered on the start screen (the toy, a test game, is not)
    std::string_view example_header;  // a header line, for the message that asks for one
    std::string_view language_rule;   // what a line the language refuses cites (kernel/ruleset.h kLanguageRule)

    // Reads one line of the game's language (invariant 6); `with_printed`: fill ReadLine::printed.
    ReadLine (*read)(std::string_view line, bool with_printed) = nullptr;
    // A game file of this game (nullptr and *error, the whole message, when it cannot be opened).
    std::unique_ptr<OpenGame> (*open)(const std::string& path, Access access, const std::string& id_prefix,
                                      std::string* error) = nullptr;
    // A new game file from a header `read` made, its entry 0 stamped `stamp`.
    std::unique_ptr<OpenGame> (*create)(const std::string& path, const ReadLine& header, const StampText& stamp,
                                        const std::string& id_prefix, std::string* error) = nullptr;
    // A game in memory only (a script played without --db); nullptr and *rejection (with its rule) when the
    // header is refused.
    std::unique_ptr<OpenGame> (*in_memory)(const ReadLine& header, std::string* rejection) = nullptr;
    // A game file of this game opened for the shared page (ServedGame); nullptr and *error (the
    // whole message) when it cannot be. nullptr: this game has no shared page.
    std::unique_ptr<ServedGame> (*serve)(const std::string& path, std::string* error) = nullptr;
    // The game's rules with no game open (`rutland-cli rule --game NAME`; rule IDs repeat across
    // games, BD-1 is in two): a rule's words ("" for no such rule), and every rule ID in its
    // reference's order. nullptr: the shell has the game's rule book otherwise (Big Board Raiders').
    std::string (*rule_text)(std::string_view id) = nullptr;
    std::vector<std::string> (*rule_ids)() = nullptr;
    // How `rutland-cli rule` words a reference that has more than IDs and words (Big Board Raiders':
    // each rule's title and RULES.md section, games/big-board-raiders/report/rule_book.h); each
    // nullptr gives the plain form. What is printed above a rule's words ("S-6  title\nRULES.md
    // section 8\n"; plain: "ID  (Title's RULES.md)\n"); the listing of `rule` alone (plain: each ID
    // with its first words); the IDs nearest a mistyped one, for "Did you mean" (plain: none).
    std::string (*rule_heading)(std::string_view id) = nullptr;
    std::string (*rule_listing)() = nullptr;
    std::vector<std::string> (*rule_nearest)(std::string_view id) = nullptr;
    // Its boards as files (Flutter's); nullptr: the game has no board files, or keeps them its own
    // older way (board_commands).
    const BoardKit* boards = nullptr;
    // `rutland-cli board` for a game whose boards are kept as they were before games had a registry
    // (Big Board Raiders': in the board folder itself, games/big-board-raiders/view/board_files.h).
    const BoardCommands* board_commands = nullptr;
    // The header's options after `players=`, for the start screen's new-game form
    // (app/view/new_game_form.h); empty: players alone.
    std::span<const HeaderOption> header_options = {};
    // The game's words for the input guards every game has (core/base: names.h, safe_text.h,
    // text.h LineKeys, json_guard.h), tested on every registered game by
    // tests/view/test_input_guards.cpp: lines of its language that hold free text, "{}" where the
    // text goes (`note {}`, `board W name="{}"`): a text with a control, line-separator or bidi
    // character is refused there, a plain one read; and lines that give one key twice (`count Ann
    // cash=5 cash=10`), each refused. Empty: the language has none.
    std::span<const std::string_view> free_text_lines = {};
    std::span<const std::string_view> key_twice_lines = {};
    // The header takes `broker=NAME` (Flutter's, its RULES.md G-1): the form's broker is written
    // into the header as well as into the entries' stamps.
    bool header_broker = false;
};

} // namespace rutland::host
