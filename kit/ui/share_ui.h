// "Share on the network" for any game (panel_share.cpp): the switch as the broker set it, and what
// the app says about the sharing it runs (App::Share fills these when it starts or stops it). The
// open game's screen keeps one (game_screen.h GameScreen::Share): the token lasts while the game
// is open.
#pragma once

#include <optional>
#include <string>

#include "qr_code.h"

namespace rutland::dash {

struct ShareUi {
    bool open = false;              // the panel is shown (the top bar's Share button)
    bool lan = false;               // the choice: the local network, not only this computer
    bool on = false;                // the app is sharing now
    std::string address;            // the page's address with its token, while on
    // The page's access token: kept while the game is open, so turning sharing off and on (or to
    // the LAN) keeps every phone's page; a new one only when the broker asks (the old revoked).
    std::string token;
    view::QrCode qr;                // of `address`
    std::string error;              // why it could not start
};

// Start or stop sharing the game (panel_share.cpp); `new_token`: a new address, the old one revoked.
struct ShareGame { bool on = false; bool lan = false; bool new_token = false; };

// A QR code only for an address a phone can reach: shared on the local network (panel_share.cpp).
inline bool SharedWithPhones(const ShareUi& s) { return s.on && s.lan; }

// The panel for any game: `in_file` (else the game is in memory: nothing to share), its file's
// fingerprint; the switch, when used, is put in *asked (applied by the app after the frame).
void DrawSharing(bool in_file, const std::string& fingerprint, ShareUi& s, std::optional<ShareGame>* asked);

} // namespace rutland::dash
