// The shared page's address as a QR code (view/qr_code.h): the matrix a phone reads.
#include <doctest/doctest.h>

#include <string>

#include "qr_code.h"

using rutland::view::MakeQrCode;
using rutland::view::QrCode;

namespace {

// A finder pattern (ISO/IEC 18004 6.3.3): a 7x7 dark ring, a light ring, a 3x3 dark centre.
bool FinderAt(const QrCode& q, int x0, int y0) {
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 7; ++x) {
            const bool ring = x == 0 || y == 0 || x == 6 || y == 6;
            const bool centre = x >= 2 && x <= 4 && y >= 2 && y <= 4;
            if (q.Dark(x0 + x, y0 + y) != (ring || centre)) return false;
        }
    return true;
}

} // namespace

TEST_CASE("qr code: the address of a shared game is a QR code with its three finder patterns") {
    // 30 bytes of address and a 32-digit token: 62 bytes. At error correction level M, 8-bit
    // mode, version 4 holds exactly 62 bytes (the standard's capacity table), so the code is
    // version 4: 17 + 4 x 4 = 33 modules a side.
    const std::string address = "http://127.0.0.1:41234/?token=0123456789abcdef0123456789abcdef";
    REQUIRE(address.size() == 62);
    const QrCode q = MakeQrCode(address);
    REQUIRE(q.size == 33);
    REQUIRE(q.dark.size() == 33u * 33u);
    CHECK(FinderAt(q, 0, 0));
    CHECK(FinderAt(q, 26, 0));
    CHECK(FinderAt(q, 0, 26));
    CHECK_FALSE(FinderAt(q, 26, 26));  // no finder at the fourth corner
    // The timing pattern on row 6 and column 6 alternates, dark on even modules.
    for (int i = 8; i < 25; ++i) {
        CHECK(q.Dark(i, 6) == (i % 2 == 0));
        CHECK(q.Dark(6, i) == (i % 2 == 0));
    }
    // One byte more needs version 5 (84 bytes): 37 modules.
    CHECK(MakeQrCode(address + "0").size == 37);
    // The same address, the same code; another token, another code.
    CHECK(MakeQrCode(address).dark == q.dark);
    std::string other = address;
    other.back() = 'e';
    CHECK(MakeQrCode(other).dark != q.dark);
}

TEST_CASE("qr code: nothing to encode, or too much, gives no code") {
    CHECK(MakeQrCode("").Empty());
    CHECK(MakeQrCode(std::string(4000, 'a')).Empty());  // version 40 at M holds 2,331 bytes
}
