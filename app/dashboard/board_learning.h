// The table's own board in the dashboard (issue 17 points 3, 4, 5), apart from app.cpp:
//  - the board a new game is played on, picked on the start screen with how many facts are verified;
//  - board setup: the 40 spaces in ring order, one short line each, saved as a named board;
//  - the first landing on a space with unverified facts: Enter confirms them from the physical
//    board, or the broker types the correction; either is a `board @space ...` entry (D-2);
//  - saving the board a game has learnt (Ctrl+B, and offered once the game is won).
// The logic is app/view/board_check.h and board_files.h; this file draws and keeps the UI state.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "app_view.h"
#include "board_check.h"
#include "settings.h"

namespace rutland::dash {

struct BoardLearnUi {
    // The start screen's pick (point 5): names and what each has verified, read once per visit.
    std::vector<std::string> boards, summaries;
    std::vector<std::string> problems;  // board files left out, and why
    int picked = -1;
    // Board setup (point 3).
    std::optional<view::BoardSetup> setup;
    std::array<char, 64> line{};
    std::array<char, 48> name{};
    std::string error, saved;
    std::string saved_name;            // the board setup just saved: the start screen picks it
    int keys = 0;                      // Enters of this setup (the README's count adds the characters)
    bool focus = false;
    // The first landing (point 4): the roll waiting for the check, and the check.
    std::string roll;
    std::optional<view::LandingCheck> landing;
    std::array<char, 64> correction{};
    std::string landing_error;
    bool pass_roll = false;            // the check is done: the roll it held goes through unasked
    // Saving the game's board.
    bool save_open = false, save_offered = false;
    bool seen_unwon = false;           // a frame of this game had no winner yet
    std::array<char, 48> save_name{};
    std::string save_message;
};

// [SECTION] The start screen
// The board combo and "Set up the table's board": returns the board the new game is played on.
std::string DrawStartBoardPick(BoardLearnUi& ui, view::Settings& settings);
bool SetupActive(const BoardLearnUi& ui);
// The setup screen in place of the start screen; `fonts` for the heading.
void DrawBoardSetup(BoardLearnUi& ui, const Fonts& fonts);

// [SECTION] In a game
// Called when the entry line submits `text`: true when it is a roll landing on a space with an
// unverified fact, and learning is on: the check opens and the roll waits for it.
bool OfferLandingCheck(BoardLearnUi& ui, const view::Settings& settings, const GameState& live, const std::string& text,
                       const view::Preview& preview);
// What the check box decided this frame: the lines to submit (the `board` line, then the roll),
// in order; empty while it is open.
std::vector<std::string> DrawLandingCheck(BoardLearnUi& ui, const Fonts& fonts, const GameState& live);
// Ctrl+B, or a game just won whose board has facts checked in this game: the save box.
void DrawSaveBoard(BoardLearnUi& ui, const GameState& live, std::string* status);
// A box of this file has the keyboard (the app's own keys wait).
bool LearnHasKeys(const BoardLearnUi& ui);

} // namespace rutland::dash
