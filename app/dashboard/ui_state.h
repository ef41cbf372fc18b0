// Every panel's own UI state (text being typed, selections, caches), kept by the app between
// frames and handed to the panel by reference: no function-local statics anywhere.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "entry_model.h"
#include "players_view.h"
#include "sec_view.h"
#include "year_end_report.h"
#include "year_end_view.h"

namespace rutland::dash {

struct EntryUi {
    std::array<char, 512> buffer{};
    view::History history;
    bool history_loaded = false;
    std::string rejection;          // the last rejection, shown until the text changes
    std::string rejection_rule;
    std::string rejected_text;
    std::vector<std::string> completions;  // for the text in `completions_for`
    std::string completions_for;
    int completion_index = -1;      // Tab cycles through them
    std::string cycled;             // the completion Tab last put in the line
    view::Preview preview;          // for `preview_for` at `preview_version`
    std::string preview_for;
    uint64_t preview_version = 0;
    bool focus = true;              // give the entry line the keyboard on the next frame
    std::string accepted;           // what the last accepted line did, in words
};

struct InstructionsUi {
    int seq = -1;                     // the entry the steps are for
    uint64_t version = 0;
    std::string line;
    std::vector<std::string> steps;
    std::vector<char> done;           // ticked off by the broker (checkable)
};

struct LedgerUi {
    std::array<char, 32> player{};
    std::array<char, 32> company{};
    std::array<char, 32> rule{};
    int selected = -1;
    std::vector<int> rows;          // entry numbers passing the filters, for `rows_key`
    std::string rows_key;
    uint64_t rows_version = 0;
    bool scroll_to_end = true;
    std::vector<std::string> explanation;  // for `explained`
    int explained = -1;
    std::vector<std::pair<std::string, std::string>> diff;  // path, "before -> now"
    int diffed = -1;
    uint64_t diff_version = 0;
};

struct BoardUi {
    int editing = -1;               // space index being corrected
    std::array<char, 8> trend{};
    std::array<char, 8> ask{};
    std::array<char, 8> bid{};
    int kind = -1;
    bool only_unverified = false;
};

struct YearEndUi {
    std::string message;            // where the last export went
    std::optional<YearEndStatement> preview;
    std::optional<YearEndStatement> last;
    uint64_t version = 0;           // the session version `preview` and `last` are for
    view::YearEndMode mode = view::YearEndMode::Auto;
    int expand = 0;                 // 1: open every player's lines on the next frame, -1: close them
};

struct PriceHistoryUi {
    struct Point { int entry; int ticks; };
    struct Mark { int entry; std::string rule; std::string text; };
    std::array<std::vector<Point>, 4> series;
    std::array<std::vector<Mark>, 4> marks;
    uint64_t version = 0;
    int hovered_company = -1;
};

struct PlayersUi {
    int expanded = -1;
    view::PlayersView view;         // for `version`
    uint64_t version = 0;
};

struct SecUi {
    view::SecView view;             // for `version`
    uint64_t version = 0;
    bool all_facts = false;         // list every unverified fact used, not just the most used
};

struct UiState {
    EntryUi entry;
    InstructionsUi instructions;
    LedgerUi ledger;
    BoardUi board;
    YearEndUi year_end;
    PriceHistoryUi prices;
    PlayersUi players;
    SecUi sec;
    std::string bottom_tab = "players";  // which tab of the lower row is in front
    std::string front_request;           // a ShowPanel asked for this tab on the next frame
    std::optional<bool> confirm;         // undo (false) or redo (true) waiting for Enter
    bool table_display = false;          // F11: the players' view, full window
    std::string status;                  // one line at the bottom: what just happened
};

} // namespace rutland::dash
