#include "screenshot.h"

#include <algorithm>
#include <vector>

#include <GL/gl.h>
#include <stb_image_write.h>

namespace rutland::dash {

bool SaveScreenshot(const std::string& path, int width, int height, std::string* error) {
    std::vector<unsigned char> pixels(static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    // OpenGL's rows run bottom-up; a PNG's top-down.
    std::vector<unsigned char> flipped(pixels.size());
    const size_t row = static_cast<size_t>(width) * 4;
    for (int y = 0; y < height; ++y)
        std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(height - 1 - y) * row), row,
                    flipped.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(y) * row));
    if (!stbi_write_png(path.c_str(), width, height, 4, flipped.data(), static_cast<int>(row))) {
        *error = "cannot write " + path;
        return false;
    }
    return true;
}

} // namespace rutland::dash
