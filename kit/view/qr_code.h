// A QR code for an address (the shared game's page), as a square of modules, for any
// screen to draw: the dashboard's sharing panel, the players' window. libqrencode makes it; no
// window here (dashboard/qr_draw.h draws it with ImGui).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rutland::view {

struct QrCode {
    int size = 0;                 // modules a side (21 for version 1 ... 177 for version 40); 0: none
    std::vector<char> dark;       // size * size, row by row: 1 for a dark module
    bool Dark(int x, int y) const { return dark[static_cast<size_t>(y * size + x)] != 0; }
    bool Empty() const { return size == 0; }
};

// The code for `text` (an address such as "http://192.168.1.20:8080/?token=..."), error
// correction level M (a phone reads it from a screen across a table even with glare on a part),
// 8-bit mode so the token's case survives. Empty when libqrencode cannot encode it (too long:
// over ~2,300 bytes at level M).
QrCode MakeQrCode(std::string_view text);

} // namespace rutland::view
