#include "qr_code.h"

#include <memory>

#include <qrencode.h>

namespace rutland::view {

QrCode MakeQrCode(std::string_view text) {
    QrCode code;
    const std::string data(text);  // QRcode_encodeString8bit needs a NUL-terminated string
    if (data.empty() || data.find('\0') != std::string::npos) return code;
    std::unique_ptr<QRcode, void (*)(QRcode*)> qr(QRcode_encodeString8bit(data.c_str(), 0, QR_ECLEVEL_M), QRcode_free);
    if (!qr || qr->width <= 0) return code;
    code.size = qr->width;
    code.dark.resize(static_cast<size_t>(code.size) * static_cast<size_t>(code.size));
    // libqrencode: one byte a module, bit 0 set for a dark one (the other bits say what it is part of).
    for (size_t i = 0; i < code.dark.size(); ++i) code.dark[i] = (qr->data[i] & 1) ? 1 : 0;
    return code;
}

} // namespace rutland::view
