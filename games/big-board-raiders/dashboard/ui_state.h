// Every panel's own UI state (text being typed, selections, caches), kept by the app between
// frames and handed to the panel by reference: no function-local statics anywhere.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "view/big_board_view.h"
#include "view/board_view.h"
#include "view/count_view.h"
#include "view/diff_words.h"
#include "view/entry_model.h"
#include "view/instructions_view.h"
#include "view/layout_model.h"
#include "view/ledger_view.h"
#include "view/players_view.h"
#include "qr_code.h"
#include "share_ui.h"
#include "view/price_history.h"
#include "view/sec_view.h"
#include "view/players_window_view.h"
#include "view/tray_view.h"
#include "view/turn_view.h"
#include "report/year_end_report.h"
#include "bbr_dash.h"
#include "view/year_end_view.h"
#include "game_screen.h"

namespace rutland::bbr::dash {

// The entry line's bytes: kEntryBytes (game_screen.h), as the desk's.

struct EntryUi {
    std::array<char, kEntryBytes> buffer{};
    view::History history;
    bool history_loaded = false;
    std::string rejection;          // the last rejection, shown until the text changes
    std::string rejection_rule;
    bool refused = false;           // the file refused it (session.h SubmitOutcome), not a rule
    std::string rejected_text;
    std::vector<std::string> completions;  // for the text in `completions_for`
    std::string completions_for;
    int completion_index = -1;      // Tab cycles through them
    std::string cycled;             // the completion Tab last put in the line
    view::Preview preview;          // for `preview_for` at `preview_version`
    std::string preview_for;
    uint64_t preview_version = 0;
    // Part of the field's ImGui id: bumped whenever the app empties or replaces the line (Enter,
    // Esc), so ImGui's own copy of an edited text can never be written back into the line.
    int generation = 0;
    bool just_activated = false;    // the field was not active before this frame's InputText (caret to the end)
    bool focus = false;             // a panel put a line in the buffer (panel_turn's legal commands): re-read it
    std::string accepted;           // what the last accepted line did, in words
    // What the lines under the field took when last drawn (ImGui's measure), at the panel's width:
    // the layout gives the panel at least that (layout_model.h MiddleContent::entry_measured).
    float measured_height = 0;
    float measured_width = 0;
    bool relayout = false;          // they did not fit the panel: draw the next frame at once
};

struct InstructionsUi {
    int seq = -1;                     // the entry the steps are for
    uint64_t version = 0;
    std::string line;
    view::InstructionsView view;      // the steps to hand over, then the notes (folded)
    std::vector<char> done;           // the steps ticked off by the broker (checkable)
};

struct TrayUi {
    std::vector<view::TrayRow> rows;  // for `version`
    uint64_t version = 0;
    bool valid = false;
};

struct TurnUi {
    view::TurnView view;              // for `version`
    uint64_t version = 0;
    bool valid = false;
};

struct LedgerUi {
    std::array<char, 32> player{};  // the filters as typed (ledger_view.h ParseLedgerFilter)
    std::array<char, 32> company{};
    std::array<char, 32> rule{};
    int selected = -1;              // entry number
    std::vector<int> rows;          // entry numbers passing the filters, for `rows_key` at `rows_version`
    std::string rows_key;
    uint64_t rows_version = 0;
    std::string filter_error;       // a filter that does not resolve ("no player Zed")
    std::vector<char> undone;       // by entry number, with `rows`
    std::vector<char> bonus;        // by entry number: entered in a bonus turn of doubles (T-5)
    bool scroll_to_end = true;      // the app sets it on each accepted line
    int scrolled_to = -1;           // the selection the table last brought into view
    std::optional<int> viewed;      // the time travel last seen: a new one selects its entry
    std::vector<view::ExplainLine> explanation;  // of `explained` at `explained_version`
    int explained = -1;
    int undone_by = -1;             // the undo that took `explained` out of effect
    uint64_t explained_version = 0;
    std::vector<view::ChangeInWords> diff;  // from `diffed` to now, in words, at `diff_version`
    int diffed = -1;
    uint64_t diff_version = 0;
};

struct BoardUi {
    int selected = -1;              // the space (board index) being read off the physical board
    int scrolled_to = -1;           // the selection the table last brought into view
    view::BoardEdit edit;           // what the broker has entered for it (edit.space != selected: start afresh)
    view::BoardFacts facts;         // for `facts_version`, `facts_only_unverified`
    uint64_t facts_version = 0;
    bool facts_only_unverified = false;
    bool only_unverified = false;
    view::Preview preview;          // of `preview_for` at `preview_version`
    std::string preview_for;
    uint64_t preview_version = 0;
};

struct YearEndUi {
    std::string message;            // where the last export went
    std::optional<YearEndStatement> preview;
    std::optional<YearEndStatement> last;
    std::vector<view::Warning> warnings;  // the preview's (year_end_view.h)
    uint64_t version = 0;           // the session version `preview` and `last` are for
    view::YearEndMode mode = view::YearEndMode::Auto;
    int expand = 0;                 // 1: open every player's lines on the next frame, -1: close them
};

struct PriceHistoryUi {
    view::PriceHistory history;     // for `version`
    uint64_t version = 0;
    // The series decimated to the chart's width (`drawn_columns`), for `version`.
    std::array<std::vector<view::PricePoint>, 4> drawn;
    int drawn_columns = 0;
    uint64_t drawn_version = 0;
};

struct BigBoardUi {
    std::optional<view::BigBoard> board;  // for `version`
    uint64_t version = 0;
};

struct PlayersWindowUi {
    std::optional<view::PlayersWindowView> view;  // for `version`
    uint64_t version = 0;
    // The standings' text scale: below 1 when a busy moment (long holdings wrapping to more lines
    // than the layout allows, players_window_view.h invariant 2) would overflow their region.
    // Each frame scales it by how much room the last frame's table lacked or left, never below 0.7.
    float standings_scale = 1.0f;
};

struct PlayersUi {
    int expanded = -1;
    view::PlayersView view;         // for `version`
    uint64_t version = 0;
    bool valid = false;
};

struct SecUi {
    view::SecView view;             // for `version`
    uint64_t version = 0;
    bool all_facts = false;         // list every unverified fact used, not just the most used
};

// The Count tab: a form for the market and one per player, kept as the broker edits them.
struct CountPreviewUi {
    view::Preview preview;          // of `preview_for` at `preview_version`
    std::string preview_for;
    uint64_t preview_version = 0;
};
struct CountUi {
    bool whole_table = false;       // "start from the table": the market and every player
    int player = -1;                // the player counted from the Players tab (-1: none chosen)
    std::optional<view::MarketCount> market;        // started from the ledger when first shown
    std::vector<std::optional<view::PlayerCount>> players;  // by player index, likewise
    // What each form started from: a form whose ledger moved since starts again (LedgerMoved).
    std::optional<view::MarketCount> market_base;
    std::vector<std::optional<view::PlayerCount>> player_bases;
    std::string restarted;          // "Ann's form started again: the ledger changed under it"
    CountPreviewUi market_preview;
    std::vector<CountPreviewUi> player_previews;
};

// The rule window (rule_window.h): the ID whose words are open ("" none), and F1 asked for by
// the screenshot's --f1 instead of the key.
struct RuleTextUi {
    std::string open;
    bool request = false;
};

// Where this frame put what the broker must read, in screen pixels, next to what the panel holding
// it shows (its clip rectangle): main.cpp --layout-log writes it, so a test of the live window
// checks nothing needed is cut (tests/dashboard/live_layout.sh).
struct LayoutProbe {
    int entry_lines = 0;                 // the feedback lines under the entry field
    float entry_bottom = 0, entry_right = 0;           // the last one's bottom, the widest one's right
    float entry_clip_bottom = 0, entry_clip_right = 0; // the entry panel's visible part
    int strip_cells = 0;                 // the players' strip's cells drawn
    float strip_bottom = 0, strip_right = 0;
    float lower_clip_bottom = 0, lower_clip_right = 0;  // the lower row's visible part
};

struct UiState {
    EntryUi entry;
    InstructionsUi instructions;
    TurnUi turn;
    TrayUi tray;
    view::DashboardLayout layout;        // this frame's (layout_model.h)
    LedgerUi ledger;
    BoardUi board;
    YearEndUi year_end;
    PriceHistoryUi prices;
    BigBoardUi big_board;           // the Big Board panel and the table display share it
    PlayersWindowUi players_window;
    PlayersUi players;
    SecUi sec;
    CountUi count;
    ShareUi share;
    std::string bottom_tab = "players";  // which tab of the lower row is in front
    std::string front_request;           // a ShowPanel asked for this tab on the next frame
    std::optional<bool> confirm;         // undo (false) or redo (true) waiting for Enter
    bool learn_modal = false;            // the save box of board_learning.h has the keys: the entry line waits
    // The question open (question.h), in one line: what the entry line's Enter answers and what the
    // players' window shows; empty when none is. `waiting`: the lines typed behind it, in words.
    std::string question;
    std::string question_enter;          // what Enter does with a line typed now ("it waits behind the question")
    std::string waiting;
    // A line whose game moved under it (basic_session.h invariant 6): held, with its preview on the
    // game as it is now (for `moved_version`), until Enter records it or Esc drops it.
    std::optional<std::string> moved_line;
    std::string moved_why;
    view::Preview moved_preview;
    uint64_t moved_version = 0;
    view::Preview confirm_preview;       // its warnings and steps, for `confirm_preview_for`
    std::string confirm_preview_for;
    std::string status;                  // one line at the bottom: what just happened
    RuleTextUi rule;                     // F1's window of a rule's words
    LayoutProbe probe;                   // this frame's (main.cpp --layout-log)
};

} // namespace rutland::bbr::dash
