// The desk every game gets (desk.h) as the open game's screen (game_screen.h): any game of the
// registry without a screen of its own (desk_games.h) is played here, with its own panels, if it
// brings any, in their slots (desk_games.h).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "desk.h"
#include "game_screen.h"
#include "host/open_game.h"

namespace rutland::dash {

class DeskScreen final : public GameScreen {
public:
    DeskScreen(std::unique_ptr<host::OpenGame> game, ScreenShell& shell);
    view::HostDesk& Desk() { return *m_desk; }

    void Draw(const std::string& panel) override;
    void Apply() override;
    void DrawPlayers(const Fonts& fonts) override;
    int SeatedPlayers() const override { return 4; }
    bool ScriptLine(const std::string& line, std::string* error) override;
    void Type(const std::string& text) override;
    bool TakesText(const std::string& panel) const override;
    bool TakeRedrawRequest() override { return false; }
    ShareUi& Share() override { return m_share; }
    std::string SharedFile() const override { return m_host->Path(); }
    std::string& Status() override { return m_desk->Status(); }
    void ViewAt(int seq) override { m_desk->View(seq); }
    void Select(int seq) override { m_desk->Select(seq); }
    void ShowTab(const std::string& tab) override { m_ui.tab_request = tab; }
    void AskRuleWords() override { m_ui.rule_request = true; }
    RuleHook* Rules() override { return &m_ui.rules; }

private:
    ScreenShell& m_shell;
    std::unique_ptr<host::OpenGame> m_host;
    std::unique_ptr<view::HostDesk> m_desk;
    DeskUi m_ui;
    ShareUi m_share;
    DeskOutbox m_out;                          // this frame's, applied by Apply
    std::optional<ShareGame> m_share_asked;    // the share window's switch this frame
    std::chrono::steady_clock::time_point m_followed{};  // the last Follow
};

} // namespace rutland::dash
