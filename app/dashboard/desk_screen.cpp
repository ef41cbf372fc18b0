// The desk as the open game's screen (desk_screen.h): the keys every game's screen has (F12, Ctrl
// +/-, Ctrl+W), the desk's panels and the share window, then the desk's outbox after the frame.
#include "desk_screen.h"

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID

namespace rutland::dash {

namespace {

bool DeskScreenKey(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }

} // namespace

DeskScreen::DeskScreen(std::unique_ptr<host::OpenGame> game, ScreenShell& shell)
    : m_shell(shell), m_host(std::move(game)), m_desk(std::make_unique<view::HostDesk>(*m_host, m_shell.now)) {
    // Any ID the open game's rule book has (OpenGame::RuleText), wherever the shell wraps words.
    const host::OpenGame* open = m_host.get();
    m_ui.rules.find = [open](std::string_view words) {
        return view::FindRuleIds(words, [open](std::string_view id) { return !open->RuleText(id).empty(); });
    };
}

void DeskScreen::Draw(const std::string& panel) {
    const auto now = std::chrono::steady_clock::now();
    if (now - m_followed >= std::chrono::milliseconds(500)) {  // about twice a second, as Big Board Raiders' screen follows
        m_followed = now;
        if (m_desk->Follow() > 0) m_ui.scroll_to_end = true;
    }
    const ImGuiIO& io = ImGui::GetIO();
    DeskView v{*m_desk, m_shell.fonts};
    m_out = DeskOutbox{};
    m_share_asked.reset();
    if (DeskScreenKey(GLFW_KEY_F12)) {  // beside the game file, as for Big Board Raiders
        const std::filesystem::path game(m_host->Path());
        m_shell.screenshot_request =
            (game.parent_path() / fmt::format("{}.entry-{}-{}.png", game.stem().string(), m_host->Size() - 1, ++m_shell.screenshots)).string();
    }
    const float size = m_shell.fonts.size;
    if (io.KeyCtrl && (DeskScreenKey(GLFW_KEY_EQUAL) || DeskScreenKey(GLFW_KEY_KP_ADD))) m_shell.font_request = std::min(48.0f, size + 2.0f);
    if (io.KeyCtrl && (DeskScreenKey(GLFW_KEY_MINUS) || DeskScreenKey(GLFW_KEY_KP_SUBTRACT))) m_shell.font_request = std::max(10.0f, size - 2.0f);
    if (io.KeyCtrl && DeskScreenKey(GLFW_KEY_0)) m_shell.font_request = 18.0f;
    if (io.KeyCtrl && DeskScreenKey(GLFW_KEY_W)) m_shell.close_request = true;
    DeskKeys(v, m_ui, m_out);
    DrawDesk(v, m_ui, m_out, panel);
    if (panel.empty()) {
        // Share on the network: the same window as every game's (panel_share.cpp draws it from
        // ShareUi alone); its switch is applied by the app after the frame.
        ImGui::SetCursorPos(ImVec2(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize("Shared on this computer only").x - 40.0f,
                                   ImGui::GetWindowContentRegionMax().y - ImGui::GetTextLineHeight()));
        const char* label = !m_share.on ? "Share" : m_share.lan ? "Shared on the network" : "Shared on this computer only";
        if (ImGui::SmallButton(label)) m_share.open = !m_share.open;
    }
    if (m_share.open && panel.empty()) {
        ImGui::SetNextWindowSize(ImVec2(600, 720), ImGuiCond_FirstUseEver);
        if (ImGui::Begin("Share on the network", &m_share.open)) DrawSharing(!m_host->Path().empty(), m_host->Fingerprint(), m_share, &m_share_asked);
        ImGui::End();
    }
}

void DeskScreen::Apply() {
    const bool clear = m_ui.clear_entry;
    DeskApply(*m_desk, m_ui, m_out);
    if (clear) ImGui::ClearActiveID();  // the field's new id takes the keyboard back next frame (input_queue.h rule 3)
    if (m_share_asked) m_shell.share_request = *m_share_asked;
}

void DeskScreen::DrawPlayers(const Fonts& fonts) {
    DeskView dv{*m_desk, fonts};
    DrawDeskPlayers(dv);
}

bool DeskScreen::ScriptLine(const std::string& line, std::string* error) {
    // Through the desk's entry line, as typed (host_desk.h); a header matching the open game's is skipped.
    const host::ReadLine read = m_host->Definition().read(line, false);
    if (read.kind == host::ReadLine::Kind::Blank) return true;
    if (read.kind == host::ReadLine::Kind::Header) {
        std::string why;
        const std::optional<std::string> header = m_host->HeaderLine(read, &why);
        if (header && *header == m_host->Line(0)) return true;
        *error = "this script is for another game (its header differs)";
        return false;
    }
    const int before = m_host->Size();
    m_desk->Enter(line);
    if (m_desk->Question().Open()) {
        *error = "stopped at a question: " + m_desk->Question().title;
        return false;
    }
    if (m_host->Size() == before) {
        *error = "rejected: " + m_desk->Status();
        return false;
    }
    return true;
}

void DeskScreen::Type(const std::string& text) {
    const size_t n = std::min(text.size(), m_ui.buffer.size() - 1);
    std::memcpy(m_ui.buffer.data(), text.data(), n);
    m_ui.buffer[n] = '\0';
    ++m_ui.generation;
}

bool DeskScreen::TakesText(const std::string& panel) const {
    return m_host->ReadOnlyReason().empty() && (panel.empty() || panel == "entry");  // the desk's entry line
}

} // namespace rutland::dash
