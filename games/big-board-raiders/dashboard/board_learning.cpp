// The table's own board in the dashboard: see board_learning.h.
#include "board_learning.h"

#include <algorithm>
#include <cstring>

#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID

#include "view/board_files.h"
#include "bbr_dash.h"
#include "question_draw.h"
#include "start_view.h"
#include "text_wrap.h"
#include "theme.h"

namespace rutland::bbr::dash {

namespace {

bool LearnKeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }

template <size_t N>
void LearnCopyTo(std::array<char, N>& buffer, const std::string& text) {
    const size_t n = std::min(text.size(), buffer.size() - 1);
    std::memcpy(buffer.data(), text.data(), n);
    buffer[n] = '\0';
}

// Reads the board files again and hands them to the core (board_files.h: the seam), then the pick.
void ReadBoards(BoardLearnUi& ui, const std::string& wanted) {
    ui.problems = view::InstallBoardFiles(view::BoardsDir());
    ui.boards = KnownBoardNames();
    ui.summaries.clear();
    ui.picked = 0;
    for (size_t i = 0; i < ui.boards.size(); ++i) {
        ui.summaries.push_back(view::VerifiedSummary(*FindBoard(ui.boards[i])));
        if (ui.boards[i] == wanted) ui.picked = static_cast<int>(i);
    }
}

// What a refused line said and why, shown once the field is cleared for the next try.
std::string Refused(const char* typed, const std::string& why) { return fmt::format("\"{}\" refused: {}", typed, why); }

// One line a field that keeps the keyboard: asked for whenever nothing else has it.
bool LineField(const char* id, char* buffer, size_t size, bool* focus) {
    if (*focus || !ImGui::IsAnyItemActive()) ImGui::SetKeyboardFocusHere();
    *focus = false;
    const bool enter = ImGui::InputText(id, buffer, size, ImGuiInputTextFlags_EnterReturnsTrue);
    if (enter) ImGui::SetKeyboardFocusHere(-1);  // Enter lets go of the field: take it back at once
    return enter;
}

} // namespace

// [SECTION] The start screen

std::string DrawStartBoardPick(BoardLearnUi& ui, view::Settings& settings, KeyFocus& keys) {
    if (ui.boards.empty()) {
        if (!ui.saved_name.empty()) settings.board = ui.saved_name;  // a board just set up is the next game's
        ui.saved_name.clear();
        ReadBoards(ui, settings.board);
    }
    const std::string& shown = ui.summaries[static_cast<size_t>(ui.picked)];
    ImGui::SetNextItemWidth(std::min(ImGui::CalcTextSize(shown.c_str()).x + ImGui::GetFontSize() * 3, ImGui::GetContentRegionAvail().x * 0.6f));
    if (ImGui::BeginCombo("Board", shown.c_str())) {
        for (size_t i = 0; i < ui.boards.size(); ++i)
            if (ImGui::Selectable(ui.summaries[i].c_str(), static_cast<int>(i) == ui.picked)) ui.picked = static_cast<int>(i);
        ImGui::EndCombo();
    }
    if (EndStop(keys, false) && keys.step != 0)
        ui.picked = view::NextStop(ui.picked, keys.step, static_cast<int>(ui.boards.size()));
    settings.board = ui.boards[static_cast<size_t>(ui.picked)];  // kept when the game starts (App::CreateGame)
    ImGui::SameLine();
    const bool setup_key = ImGui::GetIO().KeyCtrl && LearnKeyPressed(GLFW_KEY_B);
    const bool setup_clicked = ImGui::Button("Set up the table's board (Ctrl+B)");
    if ((EndStop(keys, false) && keys.press) || setup_clicked || setup_key) {
        ui.setup = view::StartBoardSetup(*FindBoard(settings.board));
        ui.line.fill('\0');
        ui.name.fill('\0');
        ui.error.clear();
        ui.saved.clear();
        ui.keys = 0;
        ui.focus = true;
        // The players' field lets go now: the keys typed next wait for the setup's line (input_queue.h
        // rule 3) instead of falling into a field that is no longer drawn.
        ImGui::ClearActiveID();
    }
    ImGui::Checkbox("Check each space on the physical board at its first landing", &settings.learn_board);
    if (EndStop(keys, false) && keys.press) settings.learn_board = !settings.learn_board;
    ImGui::SameLine();
    ImGui::TextDisabled("D-2: Enter confirms what Rutland has, or type the correction");
    if (!ui.saved.empty()) ImGui::TextColored(Theme::Good(), "%s", ui.saved.c_str());
    for (const std::string& p : ui.problems) ImGui::TextColored(Theme::Warn(), "Board file left out: %s", p.c_str());
    return settings.board;
}

bool SetupActive(const BoardLearnUi& ui) { return ui.setup.has_value(); }

void DrawBoardSetup(BoardLearnUi& ui, const Fonts& fonts) {
    view::BoardSetup& setup = *ui.setup;
    ImGui::PushFont(fonts.huge);
    ImGui::TextUnformatted("Board setup");
    ImGui::PopFont();
    ImGui::TextDisabled("Walk the physical board from GO; for each space type what it shows, then Enter.   Esc: leave (nothing saved)");
    const ImVec4 muted = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    TextWrappedWords("One short line: the arrows in Yellow Blue Red Green order (uudd), then the Ask of a subsidiary or the Bids of "
                     "any other space (ybr); 'time' or 'market' when the kind differs; the position when it differs. Enter alone: the "
                     "board shows what Rutland has.",
                     &muted);
    ImGui::Separator();
    if (LearnKeyPressed(GLFW_KEY_ESCAPE)) {
        ui.setup.reset();
        return;
    }
    const int total = static_cast<int>(setup.order.size());
    if (const Space* s = view::SetupSpace(setup)) {
        ImGui::PushFont(fonts.large);
        ImGui::Text("Space %d of %d: %s", setup.at + 1, total, s->label.c_str());
        ImGui::PopFont();
        ImGui::Text("position %d, %s%s", s->position.value, std::string(SpaceKindName(s->kind.value)).c_str(),
                    s->company ? fmt::format(" ({})", GetProspectus(*s->company).name).c_str() : "");
        const std::string facts = view::FactsText(*s);
        const std::string unverified = view::UnverifiedRead(*s);
        ImGui::Text("Rutland has: %s", facts.c_str());
        if (!unverified.empty()) ImGui::TextColored(Theme::Warn(), "not yet checked: %s", unverified.c_str());
        ImGui::PushFont(fonts.large);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
        if (LineField("##setup-line", ui.line.data(), ui.line.size(), &ui.focus)) {
            ++ui.keys;
            // Refused or not, the line leaves the field (as the entry line's does): a broker typing
            // on without looking must not have the next space's line glued to a refused one.
            if (view::EnterReading(setup, ui.line.data(), &ui.error)) ui.error.clear();
            else ui.error = Refused(ui.line.data(), ui.error);
            ui.line.fill('\0');
        }
        ImGui::PopFont();
        if (!ui.error.empty()) ImGui::TextColored(Theme::Bad(), "%s", ui.error.c_str());
    } else {
        ImGui::PushFont(fonts.large);
        ImGui::Text("All %d spaces read. Name this board, then Enter:", total);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
        if (LineField("##setup-name", ui.name.data(), ui.name.size(), &ui.focus)) {
            ++ui.keys;
            Board board = setup.board;
            board.SetName(ui.name.data());
            std::string why;
            if (view::WriteBoardFile(view::BoardsDir(), board, false, &why)) {
                ui.saved = fmt::format("Saved the board {}", view::VerifiedSummary(board));
                ui.setup.reset();
                ui.saved_name = board.Name();
                ui.boards.clear();  // read again, with the new board picked
                ui.summaries.clear();
                ImGui::PopFont();
                return;
            }
            ui.error = why;
        }
        ImGui::PopFont();
        if (!ui.error.empty()) ImGui::TextColored(Theme::Bad(), "%s", ui.error.c_str());
    }
    // The spaces read so far, the latest first: what was recorded, all verified.
    ImGui::Separator();
    if (setup.at > 0 && ImGui::BeginTable("##setup-done", 3, ImGuiTableFlags_SizingFixedFit)) {
        for (int i = std::min(setup.at, total) - 1; i >= 0 && i >= setup.at - 8; --i) {
            const Space& done = setup.board.At(setup.order[static_cast<size_t>(i)]);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%d", done.position.value);
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", done.label.c_str());
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", view::FactsText(done).c_str());
        }
        ImGui::EndTable();
    }
}

// [SECTION] In a game

bool OfferLandingCheck(BoardLearnUi& ui, const view::Settings& settings, const GameState& live, const std::string& text,
                       const view::Preview& preview) {
    if (!settings.learn_board) return false;
    std::optional<view::LandingCheck> check =
        view::CheckLanding(live, preview.typed == text ? preview : view::PreviewLine(text, live, nullptr));
    if (!check) return false;
    ui.roll = text;
    ui.landing = std::move(check);
    ui.landing_error.clear();
    return true;  // the entry line keeps the keyboard: it answers the check (question.h rule 1)
}

std::optional<bool> DrawLandingCheck(const BoardLearnUi& ui, const Fonts& fonts, const std::string& waiting) {
    if (!ui.landing) return std::nullopt;
    std::optional<bool> clicked;
    // Not modal: the entry line behind it keeps the keyboard (question.h rule 1).
    if (BeginQuestionWindow("Check the board")) {
        const view::LandingCheck& c = *ui.landing;
        ImGui::PushFont(fonts.large);
        ImGui::Text("%s: check it on the physical board", c.label.c_str());
        ImGui::PopFont();
        ImGui::Text("Rutland has: %s", c.facts.c_str());
        ImGui::TextColored(Theme::Warn(), "not yet checked (D-2): %s", c.unverified.c_str());
        ImGui::TextUnformatted("Enter: the board shows this.   Or type what it shows (e.g. dduu ybr), then Enter.");
        if (!ui.landing_error.empty()) ImGui::TextColored(Theme::Bad(), "%s", ui.landing_error.c_str());
        if (!waiting.empty()) ImGui::TextColored(Theme::Warn(), "%s (after the roll, in order)", waiting.c_str());
        ImGui::TextDisabled("Either way it is recorded as a board entry (undo takes it back), then the roll.");
        if (ImGui::Button("The board shows this (Enter)")) clicked = true;
        ImGui::SameLine();
        if (ImGui::Button("Roll without checking (Esc)")) clicked = false;
    }
    EndQuestionWindow();
    return clicked;
}

std::vector<std::string> AnswerLanding(BoardLearnUi& ui, const GameState& live, bool yes,
                                       const std::optional<view::SpaceReading>& reading) {
    if (!ui.landing) return {};
    std::vector<std::string> lines;
    if (reading) lines.push_back(view::ReadingLine(*live.board, ui.landing->space, *reading));
    else if (yes) lines.push_back(ui.landing->confirm_line);
    lines.push_back(ui.roll);
    ui.landing.reset();
    ui.landing_error.clear();
    return lines;
}

std::string LandingWords(const BoardLearnUi& ui) {
    return ui.landing ? fmt::format("The broker checks {} on the physical board", ui.landing->label) : std::string();
}

void DrawSaveBoard(BoardLearnUi& ui, const GameState& live, std::string* status) {
    // Offered by itself only for a win seen happen here, not for a game opened (or scripted) already won.
    const bool won = live.winner.has_value();
    if (!won) ui.seen_unwon = true;
    if ((ImGui::GetIO().KeyCtrl && LearnKeyPressed(GLFW_KEY_B)) || (won && ui.seen_unwon && !ui.save_offered)) {
        ui.save_open = true;
        ui.save_offered = ui.save_offered || won;
        ui.save_message.clear();
        LearnCopyTo(ui.save_name, UserBoardNameProblem(live.board->Name()) ? std::string("home") : live.board->Name());
        ui.focus = true;
        ImGui::ClearActiveID();
    }
    if (!ui.save_open) return;
    ImGui::OpenPopup("Save the board");
    ImGui::SetNextWindowBgAlpha(1.0f);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Save the board", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        const VerifiedCount count = CountVerified(*live.board);
        ImGui::Text("This game's board, with what it learnt: %d of %d facts verified.", count.verified, count.facts);
        ImGui::TextUnformatted("Save it as the board (then Enter; the same name as this game's board replaces it):");
        const bool enter = LineField("##save-board", ui.save_name.data(), ui.save_name.size(), &ui.focus);
        if (!ui.save_message.empty()) ImGui::TextColored(Theme::Bad(), "%s", ui.save_message.c_str());
        ImGui::TextDisabled("Esc: not now");
        bool close = LearnKeyPressed(GLFW_KEY_ESCAPE);
        if (enter) {
            Board board = *live.board;
            board.SetName(ui.save_name.data());
            std::string why;
            if (view::WriteBoardFile(view::BoardsDir(), board, board.Name() == live.board->Name(), &why)) {
                view::InstallBoardFiles(view::BoardsDir());
                *status = fmt::format("Saved the board {}", view::VerifiedSummary(board));
                close = true;
            } else {
                ui.save_message = why;
            }
        }
        if (close) {
            ui.save_open = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

bool LearnHasKeys(const BoardLearnUi& ui) { return ui.save_open; }

} // namespace rutland::bbr::dash
