// The entry line's logic, without a window: quick forms, completion, the live preview and history.
// The panel (games/big-board-raiders/panels/panel_entry.cpp) only draws what these return.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/effect_text.h"
#include "ledger/ledger.h"
#include "rules/legal.h"
#include "view/session.h"
#include "model/state.h"
#include "entry_line.h"
#include "view/warnings.h"

namespace rutland::bbr {

// The entry line's game-free parts (kit/view/entry_line.h).
using view::CommonPrefix;
using view::History;

// Quick forms for the commonest entries, expanded to the table language before anything else
// reads the line (the ledger keeps the full form):
//   "342" or "3 4 2"       -> "roll 3 4 2"          (two dice and the volatility die)
//   "342 fulw", "342@fulw" -> "roll 3 4 2 @fulw"
//   "+b10" / "+y pref 10"  -> "buy B 10k" / "buy Y pref 10k"   (thousands of shares)
//   "-r5"                  -> "sell R 5k"
//   "sr5" / "s r5"         -> "short R 5k"
//   "cr5" / "c r5"         -> "cover R 5k"
//   "#3 cash"              -> "exercise #3 cash"
//   "e"                    -> "end"
// Anything else comes back unchanged.
std::string ExpandQuickForm(std::string_view text);

// Completions of the line as typed: whole lines, best first. Commands that are legal now and
// start with the text come first (from Legal()), then the words the language allows at the cursor
// (commands, companies, spaces, players, options, exercise modes, board keys).
std::vector<std::string> Complete(std::string_view text, const GameState& state, const LegalNow& legal,
                                  const Ledger* ledger = nullptr);

// "Did you mean": for each word of `expanded` in a place where the command table
// (lang/command_table.h) expects a space, a player or a company, the nearest name of the game when
// the word is none of them and exactly one name is the nearest, within two letters (or a fifth of
// the word). Returns the line with that word replaced, or "" when no word is a near miss.
struct NearMiss {
    std::string line, word, name;
};
std::optional<NearMiss> DidYouMean(std::string_view expanded, const GameState& state);

struct Preview {
    enum class Kind { Empty, Accepted, Rejected } kind = Kind::Empty;
    std::string typed;      // the text as typed, that this preview is of
    std::string expanded;   // the line after quick forms
    ParseResult parsed;     // `expanded` parsed: what Enter submits while the text is `typed` (SubmitEntry)
    std::string text;       // "Ann pays $21,000 for 10,000 Blue at $2.10; Blue -> $2.20"
    std::string rule;       // the rejection's rule
    bool provisional = false;  // the command would use an unverified board fact (D-2)
    bool ends_turn_first = false;  // a roll typed while the turn is open: Enter submits `end`, then the roll
    // A rejected line with one name a letter or two off a space, player or company of the game
    // ("roll 3 4 2 @fullwell"): the line as it would be with the nearest name ("... @fulwell"), the
    // word as typed and the name. Tab puts the line in the entry line.
    std::string did_you_mean;
    std::string misspelt, nearest;
    std::vector<Warning> warnings;   // amber, before Enter (warnings.h): for undo/redo, of what is undone or redone
    std::vector<std::string> steps;  // undo: what the table does to reverse it (instructions.h UndoInstructions); redo: what it does again
    // The entries of the game it was computed on (-1: no ledger given): Enter records it only onto
    // a game of that many entries (basic_session.h invariant 6).
    int entries = -1;
};

// What the line would do if Enter were pressed now: applied to a copy of the state (or, for undo
// and redo, read off the ledger); nothing is changed.
Preview PreviewLine(std::string_view text, const GameState& state, const Ledger* ledger);

// What Enter does with the text as typed. When `preview` is of this very text, the command it
// parsed is submitted (Session::Submit(const Command&)): what the preview showed is what is
// submitted, and the line is not parsed again; its parse error is the rejection, a blank or
// comment line is Blank. A preview that ends the turn first (a roll typed while the turn is open)
// submits `end` and then the roll: two entries. Otherwise (no preview, or one of other text) the text after quick forms is
// parsed once by Session::Submit(line). Either way the store applies the command to the game as it
// is in the file (basic_store.h invariant 10), not the preview's copy. A preview of this text computed
// with a ledger is submitted only onto a game of its `entries` (basic_session.h invariant 6): when
// another program appended meanwhile, nothing is written and the outcome says `moved`.
// What the undo/redo confirm (Ctrl+Z, Ctrl+Shift+Z) submits once the broker has seen what it
// does: one `undo` or `redo` as a command, not a line to parse.
Command ConfirmCommand(bool redo);

// What the undo/redo confirm shows: the preview of `undo` or `redo` (its text, its warnings and,
// for undo, the table's steps to reverse it).
Preview ConfirmPreview(bool redo, const GameState& state, const Ledger& ledger);

SubmitOutcome SubmitEntry(Session& session, std::string_view typed, const Preview* preview, const std::string& time,
                          const std::string& who);

// One short sentence for a list of effects: payments without their arithmetic, certificates that
// only repeat a payment left out, price moves as "Blue -> $2.20".
std::string SummarizeEffects(const Effects& effects, const RenderContext& context, size_t max_items = 6);

} // namespace rutland::bbr
