// The table's own board in the dashboard, apart from its screen (bbr_screen.cpp):
//  - the board a new game is played on, picked on the start screen with how many facts are verified;
//  - board setup: the 40 spaces in ring order, one short line each, saved as a named board;
//  - the first landing on a space with unverified facts: a question (question.h) that Enter on the
//    entry line answers, confirming them from the physical board, or the correction typed there;
//    either is a `board @space ...` entry (D-2). Lines typed meanwhile wait behind it (App);
//  - saving the board a game has learnt (Ctrl+B, and offered once the game is won).
// The logic is games/big-board-raiders/view/board_check.h and board_files.h; this file draws and keeps the UI state.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "app_view.h"
#include "view/board_check.h"
#include "bbr_dash.h"
#include "key_focus.h"
#include "settings.h"

namespace rutland::bbr::dash {

struct BoardLearnUi {
    // The start screen's pick: names and what each has verified, read once per visit.
    std::vector<std::string> boards, summaries;
    std::vector<std::string> problems;  // board files left out, and why
    int picked = -1;
    // Board setup.
    std::optional<view::BoardSetup> setup;
    std::array<char, 64> line{};
    std::array<char, 48> name{};
    std::string error, saved;
    std::string saved_name;            // the board setup just saved: the start screen picks it
    int keys = 0;                      // Enters of this setup (the README's count adds the characters)
    bool focus = false;
    // The first landing: the roll waiting for the check, and the check.
    std::string roll;
    int roll_entries = -1;             // the game's entries when the check opened (basic_session.h invariant 6)
    std::optional<view::LandingCheck> landing;
    std::string landing_error;         // the last correction refused (question.h rule 3)
    // Saving the game's board.
    bool save_open = false, save_offered = false;
    bool seen_unwon = false;           // a frame of this game had no winner yet
    std::array<char, 48> save_name{};
    std::string save_message;
};

// [SECTION] The start screen
// The board combo and "Set up the table's board": returns the board the new game is played on.
// Its combo, button and check box are stops of the start screen's keyboard focus (key_focus.h).
std::string DrawStartBoardPick(BoardLearnUi& ui, view::Settings& settings, KeyFocus& keys);
bool SetupActive(const BoardLearnUi& ui);
// The setup screen in place of the start screen; `fonts` for the heading.
void DrawBoardSetup(BoardLearnUi& ui, const Fonts& fonts);

// [SECTION] In a game
// Called when the entry line submits `text` (or a line waiting behind a question comes out): true
// when it is a roll landing on a space with an unverified fact, and learning is on: the check
// opens and the roll waits for it. `preview` is used when it is of `text` on `live`.
bool OfferLandingCheck(BoardLearnUi& ui, const view::Settings& settings, const GameState& live, const std::string& text,
                       const view::Preview& preview);
// The check's box (no field of its own: the entry line answers it, question.h rule 1), with the
// lines waiting behind it (`waiting`, may be empty). A click on its buttons: yes or no.
std::optional<bool> DrawLandingCheck(const BoardLearnUi& ui, const Fonts& fonts, const std::string& waiting);
// The check answered: yes (the board shows this), a reading (the correction) or no (roll without
// checking): the lines to submit, the `board` line first, then the roll. The check closes.
std::vector<std::string> AnswerLanding(BoardLearnUi& ui, const GameState& live, bool yes,
                                       const std::optional<view::SpaceReading>& reading);
// The check in one line, for the players' window: "Checking Brada on the physical board".
std::string LandingWords(const BoardLearnUi& ui);
// Ctrl+B, or a game just won whose board has facts checked in this game: the save box.
void DrawSaveBoard(BoardLearnUi& ui, const GameState& live, std::string* status);
// A box of this file has a field with the keyboard (the save box; the app's own keys wait).
bool LearnHasKeys(const BoardLearnUi& ui);

} // namespace rutland::bbr::dash
