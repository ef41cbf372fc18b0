// Draws a QR code (view/qr_code.h) with ImGui, for any window: the sharing panel, the players'
// window. Dark modules on white with the quiet zone of 4 modules the standard asks for, so a
// phone reads it even on the dark theme.
#pragma once

#include "qr_code.h"

namespace rutland::dash {

// At the cursor, `side` pixels square (quiet zone included), each module a whole number of pixels
// when it fits (blurred edges slow a phone's reading); advances the cursor like an item.
void DrawQrCode(const view::QrCode& code, float side);

} // namespace rutland::dash
