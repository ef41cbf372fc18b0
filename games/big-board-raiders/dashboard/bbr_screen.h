// Big Board Raiders' screen (game_screen.h): the game's own panels (panels.h, laid out by
// layout.cpp) over its Session (session.h), with the questions of question.h (the board check of
// board_learning.h, the undo/redo confirm, a line the game moved under), time travel, the rule
// window and the players' window's table display. its registration (bbr_desk_game.cpp) names it for the dashboard.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "app_view.h"
#include "board_learning.h"
#include "game_screen.h"
#include "rule_window.h"
#include "view/question.h"
#include "ui_state.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

class BbrScreen final : public GameScreen {
public:
    BbrScreen(std::unique_ptr<view::Session> session, ScreenShell& shell);
    view::Session& GetSession() { return *m_session; }
    UiState& Ui() { return m_ui; }
    // "Start from the table": the Count tab in front, with a form for the market and each player.
    void StartFromTable();
    // One line through the entry line's path (session.h invariant 2); used by --script.
    view::SubmitOutcome SubmitFromEntry(const std::string& text);

    void Draw(const std::string& panel) override;
    void Apply() override;
    void DrawPlayers(const Fonts& fonts) override;
    void DrawPlayersOver(const Fonts& fonts) override;
    int SeatedPlayers() const override;
    float PlayersTextPx(float width, float height, bool with_address) const override;
    RuleHook* Rules() override { return &m_rules; }
    bool ScriptLine(const std::string& line, std::string* error) override;
    void Type(const std::string& text) override;
    bool TakesText(const std::string& panel) const override;
    bool TakeRedrawRequest() override;
    ShareUi& Share() override { return m_ui.share; }
    std::string SharedFile() const override;
    std::string& Status() override { return m_ui.status; }
    void ViewAt(int seq) override { m_session->ViewAt(seq); }
    void Select(int seq) override;
    void ShowTab(const std::string& tab) override { m_ui.front_request = tab; }
    void AskRuleWords() override { m_ui.rule.request = true; }
    std::optional<std::string> LayoutLog() const override;

private:
    void DrawDashboard(const AppView& v, Outbox& out);
    void DrawTopBar(const AppView& v, Outbox& out);
    void DrawConfirm(const AppView& v, Outbox& out);
    void DrawMoved(const AppView& v, Outbox& out);
    void DrawBoardLearning(Outbox& out);
    // The questions (question.h): the board check, the undo/redo confirm, a line the game moved under.
    bool QuestionOpen() const;
    void DescribeQuestion();                      // m_ui.question, question_enter, waiting; m_players_question
    void SubmitTyped(const std::string& text, bool from_field);  // a line typed, or one that waited
    void AtQuestion(const std::string& text);    // a line typed while a question is open (question.h rule 1)
    void Answer(bool yes, const std::optional<view::SpaceReading>& reading = std::nullopt);
    void DrainWaiting();                          // the lines that waited, once no question is open
    void FollowFile();                            // another program's appends (basic_session.h invariant 6)
    // `preview`: of `text` (the entry line's), or null to parse it afresh; `from_field`: the text is
    // the entry line's, which is emptied once it is recorded or rejected.
    view::SubmitOutcome SubmitFromEntry(const std::string& text, const view::Preview* preview, bool from_field);
    void EmptyEntryLine();
    void HandleKeys(const AppView& v, Outbox& out);
    void ClearEntry();
    void ApplyOutbox(Outbox& out);
    void AfterAccepted(const view::SubmitOutcome& r);
    void ShowNotAccepted(const view::SubmitOutcome& r);  // the status line for a rejected or refused submit

    ScreenShell& m_shell;
    std::unique_ptr<view::Session> m_session;
    UiState m_ui;
    RuleHook m_rules = BbrRuleHook();             // its rule IDs in the shell's words (rule_window.h)
    BoardLearnUi m_learn;                // the table's own board (board_learning.h)
    Outbox m_out;                        // this frame's, applied by Apply
    view::WaitingLines m_waiting;        // lines typed behind a question (question.h rule 2)
    std::string m_players_question;      // the question, as the players' window says it
    std::chrono::steady_clock::time_point m_followed{};  // the last FollowFile
    std::string m_follow_problem;        // what the last failed follow said (said once)
    bool m_clear_entry = false;          // Esc: the entry line is emptied after the frame (ImGui's revert first)
    std::string m_panel;                 // the panel of the last frame (--panel), or "" for the dashboard
};

// The screen maker of its registration (bbr_desk_game.cpp): its file opened, a new file from a script's header
// line, --panel's names (panels.h).
std::unique_ptr<GameScreen> OpenBbrScreen(const std::string& path, ScreenShell& shell, std::string* error);
std::unique_ptr<GameScreen> CreateBbrScreen(const std::string& path, const std::string& header_line, ScreenShell& shell,
                                            std::string* error);
bool BbrScreenHasPanel(std::string_view name);
// Before any game opens: the table's own boards handed to the core as data (view/board_files.h).
void PrepareBbrScreen();
// A new game from the start screen's form (its header as checked there).
std::unique_ptr<BbrScreen> StartBbrScreen(const std::string& path, const GameHeader& header, ScreenShell& shell, std::string* error);

} // namespace rutland::bbr::dash
