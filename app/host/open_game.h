// The one interface between the shell (app/: the dashboard, rutland-cli, the shared page's server)
// and an open game of any game. Each game implements it once, over its own ruleset, session and
// store (Big Board Raiders: games/big-board-raiders/host/; the toy: games/toy/); the shell reaches
// a game only through this file and the registry (app/host/registry.h).
//
// Invariants:
//  1. Virtual calls happen only here, at the shell's boundary: per line typed, per frame, per row
//     shown. Apply, replay and verify run inside the game's own templates (core/kernel/), which
//     never see this interface, so a game's rules cost what they cost without it.
//  2. Words are made by the game, from its typed effects, at the moment the shell asks; nothing the
//     shell stores or hashes is a sentence from here, and the shell never parses one back.
//  3. Every answer is of the game as the file holds it now (after Follow()), or of the entry being
//     viewed while time travelling (ShowEntry()); nothing here changes the game except Submit and
//     Confirm, which return only once the entry is durable (basic_session.h invariant 1).
//  4. Rule IDs come with the words (`rule` fields) so the shell can show the rule's text
//     (RuleText) without knowing any game's rules.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rutland::host {

struct GameDefinition;

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
    virtual std::string DefaultWho() const = 0;

    // [SECTION] Time travel: an entry viewed (nullopt: now); nothing is recorded meanwhile
    virtual void ShowEntry(std::optional<int> seq) = 0;
    virtual std::optional<int> ShownEntry() const = 0;

    // [SECTION] Words and data
    virtual std::vector<Row> Rows(int first, int last) const = 0;  // [first, last], clamped
    virtual std::string Explain(int seq) const = 0;               // what the table does after entry seq
    virtual std::string StateText() const = 0;                    // the state for a terminal
    virtual std::string StateJson() const = 0;                    // the game's JSON state, one object
    virtual std::string Settlement() const = 0;  // "if the year / round ended now", in words ("" when none)
    virtual std::string PageJson() const = 0;    // the shared page's section of this game (JSON)
    virtual std::string RuleText(std::string_view id) const = 0;  // the rule's words, "" when no such rule
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

} // namespace rutland::host
