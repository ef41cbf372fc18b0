// Share on the network: the game as a read-only live web page for the table's phones,
// run by the app (serve/game_server.h: its own read-only reader of the game file). Off until the
// broker turns it on; the LAN choice says in plain words what it exposes before it is made. While
// on: the address with its token, and, shared on the local network only, its QR code for phone
// cameras (qr_draw.h): a code of 127.0.0.1 would send a phone to itself. The token lasts while the
// game is open (off and on keeps the phones' pages); "New address" makes a new one.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "game_server.h"
#include "share_ui.h"
#include "qr_draw.h"
#include "text_wrap.h"
#include "theme.h"

namespace rutland::dash {

void DrawSharing(bool in_file, const std::string& fingerprint, ShareUi& s, std::optional<ShareGame>* asked) {
    if (!in_file) {
        TextWrappedWords("This game is in memory only: there is no game file to share.");
        return;
    }
    bool on = s.on;
    if (ImGui::Checkbox("Share on the network (read-only)", &on)) *asked = ShareGame{on, s.lan};
    ImGui::BeginDisabled(s.on);  // the choice is made before sharing starts: a new choice, a new address
    if (ImGui::RadioButton("Only this computer (127.0.0.1)", !s.lan)) s.lan = false;
    if (ImGui::RadioButton("The local network (phones at the table)", s.lan)) s.lan = true;
    ImGui::EndDisabled();
    const ImVec4 muted = Theme::Muted();
    const ImVec4 warn = Theme::Warn();
    if (s.lan) TextWrappedWords(serve::LanExposureText(), &warn);
    else TextWrappedWords("Only a browser on this computer can open the page.", &muted);
    if (!s.error.empty()) {
        const ImVec4 bad = Theme::Bad();
        TextWrappedWords(s.error, &bad);
    }
    if (!s.on) return;
    ImGui::Separator();
    const ImVec4 accent = Theme::Accent();
    TextWrappedWords(SharedWithPhones(s) ? "Open this address, or point a phone's camera at the code:"
                                         : "Open this address in a browser on this computer:");
    TextWrappedWords(s.address, &accent);
    if (ImGui::SmallButton("Copy the address")) ImGui::SetClipboardText(s.address.c_str());
    ImGui::SameLine();
    // The token stays while the game is open; a new one locks out every page opened so far.
    if (ImGui::SmallButton("New address (the old one stops working)")) *asked = ShareGame{true, s.lan, true};
    if (!SharedWithPhones(s)) {
        // 127.0.0.1 is this computer for any device: a phone that scanned it would find nothing.
        TextWrappedWords("Local only: phones cannot open this address. To share with phones, turn sharing off, choose "
                         "\"The local network\" and turn it on again (the address keeps its token).",
                         &warn);
        TextWrappedWords("The page shows the fingerprint " + fingerprint + ": the table can check it is this game.",
                         &muted);
        return;
    }
    // The fingerprint's line stays in view under the code.
    const ImVec2 room = ImGui::GetContentRegionAvail();
    const float side = std::clamp(std::min(room.x, room.y - 2.5f * ImGui::GetTextLineHeightWithSpacing()), 160.0f, 480.0f);
    DrawQrCode(s.qr, side);
    TextWrappedWords("The page shows the fingerprint " + fingerprint + ": the table can check it is this game.",
                     &muted);
}

} // namespace rutland::dash
