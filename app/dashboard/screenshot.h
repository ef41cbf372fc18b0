// --screenshot: the back buffer of the frame just rendered, as a PNG (stb_image_write).
#pragma once

#include <string>

namespace rutland::dash {

bool SaveScreenshot(const std::string& path, int width, int height, std::string* error);

} // namespace rutland::dash
