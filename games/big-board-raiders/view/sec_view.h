// What the SEC guy's panel shows, without a window: what is owed now (pending margin calls and
// obligations, a claim waiting for its margin call), the forced events of this turn (market
// events, forfeits, margin-call covers, forced sales, each with its rule), who could declare and
// how far the others are, and the unverified board facts (D-2) the game has relied on so far.
// The panel (games/big-board-raiders/panels/panel_sec.cpp) only draws this.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lang/effect_text.h"
#include "ledger/ledger.h"
#include "view/players_view.h"
#include "model/state.h"

namespace rutland::bbr {

class EntryWindow;  // entry_window.h

struct PendingLine {
    int player = 0;
    std::string name;
    Money amount;
    std::string rule;
    std::string reason;
    Money cash;                          // the debtor's cash now (normally $0: everything went already)
    std::vector<std::string> can_sell;   // "10,000 Yellow pref ($11,000)": what a forced sale could raise
    Money sellable;                      // their sum at today's prices (bonds at face)
    std::string example;                 // a forced sale to type: "Ann: sell Y pref 5k" ("" when nothing to sell)
};

struct ForcedEvent {
    int seq = 0;
    std::string line;   // the entry's command, for context
    std::string rule;
    std::string text;
};

struct NearMajority {
    int player = 0;
    std::string name;
    MajorityProgress progress;
};

// One board fact the rules read while it was still unverified (an Info effect with rule D-2).
struct UnverifiedUse {
    std::string space;      // the space's label: "Haszard"
    int space_index = -1;   // board index, -1 when the text names no space of the board
    std::string fact;       // "arrows", "Ask for Yellow", "Bid for Red", "position", or the effect's text
    int times = 0;
    int last_seq = 0;       // the last entry that used it
    bool verified_now = false;  // corrected on the board since (the use stays in the ledger)
};

// a count made this year (a correction to the table), listed on the SEC guy's panel.
struct CountMade {
    int seq = 0;
    std::string line;     // "count Ann cash=54000"
    int changes = 0;      // quantities it changed (0: the ledger already agreed)
};

struct SecView {
    int seq = 0;                                // the entry the view is for
    int year = 1;
    std::vector<CountMade> counts;              // the counts of this year, in ledger order
    std::vector<PendingLine> pending;
    std::optional<std::string> declaring;       // "Cy's claim waits for the margin call (W-1)"
    int events_from = -1;                       // the first entry scanned for forced events
    std::vector<ForcedEvent> events;
    std::vector<std::string> could_declare;     // "Cy holds Blue's escrow and majority: may declare (W-1)"
    std::vector<NearMajority> nearest;          // everyone else, nearest first
    std::optional<int> winner;
    std::vector<UnverifiedUse> used;            // most used first
    int uses = 0;                               // all D-2 uses in the entries in effect
    int unverified_facts = 0;                   // on the board now
    int unverified_spaces = 0;
};

// The view at entry `seq` of the ledger, whose state is `state` (the ledger's StateAt(seq), or its
// State() when seq is the last entry).
SecView MakeSecView(const Ledger& ledger, const GameState& state, int seq);
// The same from the shared page's window on a streamed store (entry_window.h), at its last entry:
// `uses` is the window's fold (its invariant 3); `used`, each fact with its count, is left empty
// (the page shows the count only: games/big-board-raiders/web/page_model.cpp).
SecView MakeSecView(const EntryWindow& window, const GameState& state, int seq);

// Which fact an Info effect with rule D-2 used, read off its data (effects.h): a provisional
// Market Open's arrows, a provisional Ask or Bid used in a trade, a landing where the board order
// disagreed with the table; any other D-2 note in its words. nullopt for other effects.
std::optional<UnverifiedUse> UnverifiedFactOf(const Effect& effect, const RenderContext& context);

// Whether an effect is one the SEC guy watches: a market event or delisting, a forfeited
// directorship, a margin-call cover or what is still owed, a forced sale, a claim (W-1).
bool IsForcedEvent(const Effect& effect);

// The unverified facts on a board that the rules read: kind, position, arrows, and the Ask of a
// subsidiary or the Bids of any other space.
int UnverifiedFactCount(const Board& board, int* spaces = nullptr);

} // namespace rutland::bbr
