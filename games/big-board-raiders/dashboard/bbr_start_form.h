// Big Board Raiders' new-game form on the start screen (game_screen.h NewGameForm; bbr_desk_game.cpp
// names it): the players, the starting cash, the broker and the SEC guy, the time cards, the start
// spaces, the board (board_learning.h: the table's own boards and their setup), the variants of
// RULES.md section 14, and "start from the table".
#pragma once

#include <array>
#include <memory>
#include <string>

#include "board_learning.h"
#include "game_screen.h"
#include "view/new_game_check.h"
#include "start_view.h"
#include "bbr_dash.h"

namespace rutland::bbr::dash {

class BbrStartForm final : public dash::NewGameForm {
public:
    explicit BbrStartForm(ScreenShell& shell);
    std::unique_ptr<GameScreen> Draw(KeyFocus& keys, bool enter, std::string* error) override;
    bool FirstFieldTyped() const override;
    bool Fullscreen() const override;
    void DrawFullscreen() override;
    void Reset() override { m_learn = BoardLearnUi{}; }

private:
    ScreenShell& m_shell;
    std::array<char, 256> m_players{};   // "Ann, Bob, Cy, Dee" in turn order
    std::array<char, 32> m_cash{};       // dollars
    view::RolePick m_broker_pick, m_sec_pick;   // from the players, or someone who does not play
    std::array<char, 64> m_broker{};     // the name of a broker who does not play
    std::array<char, 64> m_sec{};
    std::array<char, 8> m_year_cards{};
    std::array<bool, 7> m_variants{};    // in the order of kVariantNames (bbr_start_form.cpp)
    bool m_from_table = false;           // a game in progress: open the Count tab on the whole table
    std::array<char, 256> m_start_spaces{};  // blank, one for all, or one per player (start=)
    BoardLearnUi m_learn;                // the board pick and its setup (board_learning.h)
};

// Its registration's entries for the start screen (bbr_desk_game.cpp): the form, and a recent game's line.
std::unique_ptr<dash::NewGameForm> MakeBbrStartForm(ScreenShell& shell);
view::RecentGame ReadBbrRecentGame(const std::string& path);

} // namespace rutland::bbr::dash
