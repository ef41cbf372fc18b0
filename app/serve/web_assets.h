// The page's own files, compiled in like the boards (games/big-board-raiders/embed_boards.cmake):
// the shell (assets/web/) and every game's section module (games/NAME/web/NAME.js and NAME.css).
// Nothing is read from disk or downloaded at run time, and nothing but these can be served
// (game_server.h invariant 4).
#pragma once

#include <optional>
#include <string_view>

namespace rutland::serve {

struct WebAsset {
    std::string_view name;          // "page.js": served at "/page.js"; "index.html" at "/"; a game's "toy.js"
    std::string_view content_type;  // "text/javascript; charset=utf-8"
    std::string_view text;
};

// The asset of that name, or nullopt: the only lookup there is (no path, no directory).
std::optional<WebAsset> FindWebAsset(std::string_view name);

} // namespace rutland::serve
