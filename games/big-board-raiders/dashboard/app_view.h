// What every panel receives: a const view of the game (AppView), its own UI state (UiState) and an
// outbox for what it wants done (Outbox). Panels never change the game: the app applies the
// outbox after the frame (bbr_screen.cpp), through the session's one submit path (session.h).
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "view/entry_model.h"
#include "fonts.h"
#include "share_ui.h"
#include "view/session.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

struct AppView {
    const view::Session& session;
    const GameState& state;        // the state shown: now, or the entry being viewed (time travel)
    const Ledger& ledger;
    const LegalNow& legal;         // what may be entered now (empty meaning while time travelling)
    std::optional<int> viewing;    // time travel: the entry whose state is shown
    bool read_only = false;        // nothing can be added: Store::ReadOnlyReason() says why
    const Fonts& fonts;
    uint64_t version = 0;          // changes whenever the ledger or the view changes: cache on it
};

// [SECTION] What panels may ask for

struct SubmitLine {
    std::string text;
    bool from_entry_line = false;  // a rejection goes back to the entry line, keeping the text
};
// A command already parsed (the undo/redo confirm): submitted as it is, no line parsed again.
struct SubmitCommand { Command command; };
struct ViewAt { std::optional<int> seq; };               // time travel to an entry, or back to now
struct AskUndo { bool redo = false; };                    // show what undo/redo would do, then confirm
struct ExportYearEnd { bool html = false; bool preview = false; };
struct ShowPanel { std::string name; };                   // bring a tab to the front
struct AnswerQuestion { bool yes = true; };              // Enter on an empty entry line, or a question's button (question.h)
using UiAction = std::variant<SubmitLine, SubmitCommand, ViewAt, AskUndo, ExportYearEnd, ShowPanel, ShareGame, AnswerQuestion>;

struct Outbox {
    std::vector<UiAction> actions;
    // Constructed in place: moving a temporary variant of these trips GCC 12's
    // -Wmaybe-uninitialized on the strings of the alternatives not held.
    template <class T>
    void Push(T action) { actions.emplace_back(std::in_place_type<T>, std::move(action)); }
    void Submit(std::string text, bool from_entry_line = false) { Push(SubmitLine{std::move(text), from_entry_line}); }
    void Submit(Command command) { Push(SubmitCommand{std::move(command)}); }
    void View(std::optional<int> seq) { Push(ViewAt{seq}); }
};

} // namespace rutland::bbr::dash
